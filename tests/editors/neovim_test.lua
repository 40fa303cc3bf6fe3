-- Drives Neovim's built-in LSP client against `cgt lsp` (run by tests/editors/neovim.sh):
-- the buffer is tests/editors/homework.cgt, opened with editors/neovim on the runtimepath.
-- Checks (a) the inlay hint `= 1/8 · L` at the end of line 1, (b) the diagnostic of the
-- failing check on line 2 (its message contains -3/8), (c) the hover on `WBBW.BW` (its text
-- contains 1/8). Writes one line per check to $CGT_RESULT and exits 0 when all pass, 1 when not.
local timeout = tonumber(os.getenv('CGT_EDITOR_TIMEOUT') or '30') * 1000
local result_path = os.getenv('CGT_RESULT') or 'neovim-result.txt'
local lines = {}
local failed = false

local function record(ok, what, detail)
  local line = ('%s neovim: %s%s'):format(ok and 'PASS' or 'FAIL', what, detail and (' — ' .. detail) or '')
  table.insert(lines, line)
  if not ok then
    failed = true
  end
end

local function finish()
  local f = assert(io.open(result_path, 'w'))
  f:write(table.concat(lines, '\n') .. '\n')
  f:close()
  vim.cmd(failed and 'cquit 1' or 'qall!')
end

local ok, err = pcall(function()
  local buf = vim.api.nvim_get_current_buf()
  record(vim.bo[buf].filetype == 'cgt', 'filetype of a .cgt file is cgt', 'filetype=' .. vim.bo[buf].filetype)
  record(vim.b[buf].current_syntax == 'cgt', 'syntax/cgt.vim colours the buffer', 'current_syntax=' .. tostring(vim.b[buf].current_syntax))

  -- The client attaches (ftplugin/cgt.lua started it).
  local client
  vim.wait(timeout, function()
    client = vim.lsp.get_clients({ bufnr = buf, name = 'cgt' })[1]
    return client ~= nil and client.initialized
  end, 50)
  record(client ~= nil, 'the cgt client attached', client and ('server ' .. table.concat(client.config.cmd, ' ')) or 'no client within the timeout')
  if client == nil then
    return
  end

  -- (b) The diagnostic of the failing check.
  local diag
  vim.wait(timeout, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.message:find('-3/8', 1, true) then
        diag = d
        return true
      end
    end
    return false
  end, 50)
  record(
    diag ~= nil and diag.lnum == 1,
    'diagnostic on line 2 mentions -3/8',
    diag and (('line %d: %s'):format(diag.lnum + 1, diag.message:gsub('\n', ' '))) or 'none within the timeout'
  )

  -- (a) The value as an inlay hint (Neovim >= 0.10 draws these at the end of the line).
  if vim.lsp.inlay_hint ~= nil and vim.lsp.inlay_hint.get ~= nil then
    record(vim.lsp.inlay_hint.is_enabled({ bufnr = buf }), 'inlay hints enabled for the buffer')
    local label
    vim.wait(timeout, function()
      for _, h in ipairs(vim.lsp.inlay_hint.get({ bufnr = buf })) do
        local hint = h.inlay_hint
        local text = hint.label
        if type(text) == 'table' then
          local parts = {}
          for _, p in ipairs(text) do
            table.insert(parts, p.value)
          end
          text = table.concat(parts)
        end
        if hint.position.line == 0 and text:find('1/8', 1, true) then
          label = text
          return true
        end
      end
      return false
    end, 100)
    record(label ~= nil, 'inlay hint on line 1 shows 1/8', label or 'none within the timeout')
  else
    record(false, 'inlay hint on line 1 shows 1/8', 'this Neovim has no vim.lsp.inlay_hint (needs >= 0.10)')
  end

  -- (c) Hover on `WBBW.BW`, as K shows it: a floating window with the server's Markdown.
  vim.api.nvim_win_set_cursor(0, { 1, 2 })
  vim.lsp.buf.hover()
  local hover_text
  vim.wait(timeout, function()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= '' then
        hover_text = table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false), '\n')
        return true
      end
    end
    return false
  end, 50)
  record(
    hover_text ~= nil and hover_text:find('1/8', 1, true) ~= nil,
    'hover on WBBW.BW shows 1/8',
    hover_text and (hover_text:gsub('\n', ' '):sub(1, 120)) or 'no hover window within the timeout'
  )
end)
if not ok then
  record(false, 'the test script ran', tostring(err))
end
finish()
