-- Headless Neovim's built-in client opens a session and prints the diagnostics it shows, one a
-- line (line:column: message), then quits. AFTERFLOW_BIN, VAULT and FILE come from the caller
-- (LspTests.neovimShowsTheDiagnostic).
local file = os.getenv("FILE")
vim.cmd("edit " .. vim.fn.fnameescape(file))
local id = vim.lsp.start_client({ name = "afterflow", cmd = { os.getenv("AFTERFLOW_BIN"), "lsp" }, root_dir = os.getenv("VAULT") })
vim.lsp.buf_attach_client(0, id)
vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(0)) do
  io.stdout:write(string.format("%d:%d: %s\n", d.lnum + 1, d.col + 1, d.message))
end
vim.lsp.stop_client(id)
vim.cmd("qa!")
