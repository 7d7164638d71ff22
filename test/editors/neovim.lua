-- Headless Neovim 0.7 as the LSP client (run by neovim.test.ts):
--   nvim --headless -u NONE -i NONE -n -c 'luafile neovim.lua'
-- with LINKPUZZLE_SERVER (dist/server.js), LINKPUZZLE_FILE (a copy of a sample) and
-- LINKPUZZLE_OUT (where to write what happened, as JSON). Exits with `cquit 1` on failure.
local server = os.getenv('LINKPUZZLE_SERVER')
local file = os.getenv('LINKPUZZLE_FILE')
local out = os.getenv('LINKPUZZLE_OUT')
local report = { steps = {} }

local function finish(ok, why)
  report.ok = ok
  report.error = why
  vim.fn.writefile({ vim.fn.json_encode(report) }, out)
  if ok then vim.cmd('qall!') else vim.cmd('cquit 1') end
end

local function step(name) table.insert(report.steps, name) end

local ok, err = pcall(function()
  -- In 0.7 with -u NONE, vim.filetype.add is ignored: set the filetype with an autocmd.
  vim.cmd('autocmd BufRead,BufNewFile *.slk setfiletype slitherlink')
  vim.cmd('autocmd BufRead,BufNewFile *.nlk setfiletype numberlink')

  local client_id = vim.lsp.start_client({
    name = 'linkpuzzle',
    cmd = { 'node', server, '--stdio' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
  })
  if not client_id then error('start_client failed') end
  step('started')

  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  report.filetype = vim.bo[buf].filetype
  vim.lsp.buf_attach_client(buf, client_id)

  local function lsp_of(d) return (d.user_data or {}).lsp or {} end
  local function redundant()
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local l = lsp_of(d)
      if l.code == 'redundant-hint' then table.insert(found, d) end
    end
    return found
  end

  local t0 = vim.loop.hrtime()
  if not vim.wait(30000, function() return #redundant() > 0 end, 20) then error('no redundant-hint diagnostic') end
  report.first_diagnostics_ms = (vim.loop.hrtime() - t0) / 1e6
  local first = redundant()
  -- Neovim 0.7 keeps only code, data and tags of the LSP diagnostic: rebuild the rest for the request.
  local d1 = first[1]
  local target = vim.tbl_extend('force', lsp_of(d1), {
    range = { start = { line = d1.lnum, character = d1.col }, ['end'] = { line = d1.end_lnum, character = d1.end_col } },
    severity = d1.severity,
    message = d1.message,
    source = d1.source,
  })
  report.before = {}
  for _, d in ipairs(first) do
    local l = lsp_of(d)
    table.insert(report.before, { row = l.data.row, col = l.data.col, severity = d.severity, tags = l.tags, source = d.source, line = d.lnum, character = d.col })
  end
  step('diagnostics')

  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = target.range,
    context = { diagnostics = { target }, only = { 'quickfix' } },
  }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 10000)
  if not responses or not responses[client_id] or not responses[client_id].result then
    error('no code action response: ' .. vim.inspect(responses) .. ' for ' .. vim.inspect(params))
  end
  local action
  for _, a in ipairs(responses[client_id].result) do
    if a.kind == 'quickfix' and a.isPreferred then action = a end
  end
  if not action then error('no preferred quick fix') end
  report.action = action.title
  step('code action')

  vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
  report.removed = { row = target.data.row, col = target.data.col }
  step('applied')

  -- New diagnostics: computed for the new text (their content key differs), without the removed hint.
  local old_key = target.data.key
  local t1 = vim.loop.hrtime()
  local fresh = vim.wait(30000, function()
    local r = redundant()
    if #r == 0 then return false end
    for _, d in ipairs(r) do
      local data = lsp_of(d).data
      if data.key == old_key then return false end
      if data.row == target.data.row and data.col == target.data.col then return false end
    end
    return true
  end, 20)
  if not fresh then error('diagnostics did not change after the fix') end
  report.second_diagnostics_ms = (vim.loop.hrtime() - t1) / 1e6
  report.after = {}
  for _, d in ipairs(redundant()) do
    local l = lsp_of(d)
    table.insert(report.after, { row = l.data.row, col = l.data.col })
  end
  report.lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  step('fresh diagnostics')
  vim.lsp.stop_client(client_id)
end)

if ok then finish(true) else finish(false, tostring(err)) end
