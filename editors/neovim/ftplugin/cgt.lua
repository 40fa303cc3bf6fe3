-- Buffer settings for cgt files, and the language server (`cgt lsp`) for each one.
vim.bo.commentstring = '# %s'
vim.bo.comments = ':#'
vim.b.undo_ftplugin = (vim.b.undo_ftplugin and (vim.b.undo_ftplugin .. ' | ') or '')
  .. 'setlocal commentstring< comments<'

if vim.g.cgt_no_lsp ~= true then
  require('cgt').start(0)
end
