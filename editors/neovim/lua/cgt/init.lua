-- The cgt language server (`cgt lsp`, LSP over stdio) in Neovim's built-in client.
--
-- Nothing to call: opening a .cgt file starts the server (ftplugin/cgt.lua). Settings, all
-- optional, go in these globals before a .cgt file is opened:
--
--   vim.g.cgt_server_path = 'cgt'  -- the executable, started as `cgt lsp` (default: `cgt` on PATH)
--   vim.g.cgt_budget_ms = 2000     -- time budget for one statement, in milliseconds
--   vim.g.cgt_unicode = false      -- show values with ↑ ↓ ± instead of ^ v +-
--   vim.g.cgt_inlay_hints = true   -- show each statement's value at its end (Neovim >= 0.10)
--   vim.g.cgt_no_lsp = true        -- only the filetype and the colours, no server
--
-- Needs Neovim 0.8 or newer (vim.lsp.start); inlay hints need 0.10.
local M = {}

local function option(name, default)
  local v = vim.g[name]
  if v == nil then
    return default
  end
  return v
end

--- The command that starts the server: `{path, 'lsp'}`.
function M.cmd()
  return { vim.fn.expand(option('cgt_server_path', 'cgt')), 'lsp' }
end

local warned = false

--- Starts (or reuses) the cgt client for buffer `bufnr` (0: the current buffer).
--- Returns the client id, or nil when the server cannot be started.
function M.start(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if vim.lsp.start == nil then
    vim.notify('cgt: the language server needs Neovim 0.8 or newer', vim.log.levels.WARN)
    return nil
  end
  local cmd = M.cmd()
  if vim.fn.executable(cmd[1]) ~= 1 then
    if not warned then
      warned = true
      vim.notify(
        ('cgt: the language server `%s` was not found. Install it with '
          .. '`cargo install --path crates/cgt-cli` from a clone of cgt, or set '
          .. 'vim.g.cgt_server_path to the cgt executable.'):format(cmd[1]),
        vim.log.levels.ERROR
      )
    end
    return nil
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  local root = nil
  if vim.fs ~= nil and vim.fs.find ~= nil and name ~= '' then
    local found = vim.fs.find({ '.git', 'Cargo.toml' }, { upward = true, path = vim.fs.dirname(name) })[1]
    root = found and vim.fs.dirname(found) or nil
  end
  if root == nil then
    root = name ~= '' and vim.fn.fnamemodify(name, ':p:h') or vim.fn.getcwd()
  end
  return vim.lsp.start({
    name = 'cgt',
    cmd = cmd,
    root_dir = root,
    init_options = {
      budgetMs = option('cgt_budget_ms', 2000),
      unicode = option('cgt_unicode', false),
    },
  }, { bufnr = bufnr })
end

-- Inlay hints (each statement's value, `= 1/8 · L`) on for cgt buffers, where Neovim has them.
vim.api.nvim_create_autocmd('LspAttach', {
  group = vim.api.nvim_create_augroup('cgt_inlay_hints', { clear = true }),
  callback = function(args)
    local client = vim.lsp.get_client_by_id(args.data.client_id)
    if client == nil or client.name ~= 'cgt' or option('cgt_inlay_hints', true) == false then
      return
    end
    if vim.lsp.inlay_hint ~= nil and type(vim.lsp.inlay_hint.enable) == 'function' then
      -- Neovim 0.10 and newer: enable(true, { bufnr = ... }).
      pcall(vim.lsp.inlay_hint.enable, true, { bufnr = args.buf })
    end
  end,
})

return M
