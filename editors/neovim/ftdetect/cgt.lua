-- .cgt files are cgt source (combinatorial game positions).
vim.filetype.add({ extension = { cgt = 'cgt' } })
