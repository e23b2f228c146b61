-- Headless Neovim's built-in client asks afterflow lsp for the definition under the cursor (LINE
-- and COL, 1-based and 0-based as nvim_win_set_cursor takes them) and prints each location's
-- path, one a line, then quits. AFTERFLOW_BIN, VAULT, FILE, LINE and COL come from the caller
-- (LspTests.neovimGoesToADefinition).
local file = os.getenv("FILE")
vim.cmd("edit " .. vim.fn.fnameescape(file))
local id = vim.lsp.start_client({ name = "afterflow", cmd = { os.getenv("AFTERFLOW_BIN"), "lsp" }, root_dir = os.getenv("VAULT") })
vim.lsp.buf_attach_client(0, id)
vim.wait(20000, function() local c = vim.lsp.get_client_by_id(id); return c ~= nil and c.initialized end, 50)
vim.api.nvim_win_set_cursor(0, { tonumber(os.getenv("LINE")), tonumber(os.getenv("COL")) })
local params = vim.lsp.util.make_position_params(0, "utf-16")
local answers = vim.lsp.buf_request_sync(0, "textDocument/definition", params, 20000) or {}
for _, answer in pairs(answers) do
  local result = answer.result or {}
  if result.uri then result = { result } end
  for _, location in ipairs(result) do io.stdout:write(vim.uri_to_fname(location.uri) .. "\n") end
end
vim.lsp.stop_client(id)
vim.cmd("qa!")
