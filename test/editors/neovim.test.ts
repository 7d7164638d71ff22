/**
 * A real editor nobody here wrote: headless Neovim 0.7 (Debian's `neovim`) starts the bundled
 * server over stdio, waits for the redundant-hint diagnostic, applies the quick fix through
 * textDocument/codeAction + apply_workspace_edit, and sees the new diagnostics.
 * Skipped only when nvim is missing outside CI (the run's last line says so); in CI it fails.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/genres/check';
import { missingMessage, skipSuite } from './tools';

const root = resolve(__dirname, '../..');
const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const hasNvim = nvim.status === 0;

const temp = mkdtempSync(join(tmpdir(), 'linkpuzzle-nvim-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe.skipIf(skipSuite('neovim'))('Neovim as the LSP client', () => {
  it('is installed (CI installs it)', () => {
    expect(hasNvim, missingMessage('neovim')).toBe(true);
    expect(nvim.stdout).toMatch(/NVIM v0\.\d+/);
  });

  it('shows the redundant hint, applies the quick fix, and gets new diagnostics', () => {
    const server = join(root, 'dist/server.js');
    expect(existsSync(server), 'run npm run build first').toBe(true);
    const file = join(temp, 'work', 'redundant.slk');
    for (const d of ['work', 'data', 'state', 'cache', 'config', 'home']) spawnSync('mkdir', ['-p', join(temp, d)]);
    copyFileSync(join(root, 'test/fixtures/lsp/redundant.slk'), file);
    const before = readFileSync(file, 'utf8');
    const out = join(temp, 'report.json');
    const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${join(__dirname, 'neovim.lua')}`], {
      encoding: 'utf8',
      timeout: 90_000,
      env: {
        ...process.env,
        HOME: join(temp, 'home'),
        XDG_DATA_HOME: join(temp, 'data'),
        XDG_STATE_HOME: join(temp, 'state'),
        XDG_CACHE_HOME: join(temp, 'cache'),
        XDG_CONFIG_HOME: join(temp, 'config'),
        LINKPUZZLE_SERVER: server,
        LINKPUZZLE_FILE: file,
        LINKPUZZLE_OUT: out,
      },
    });
    expect(existsSync(out), `nvim wrote no report (status ${run.status}): ${run.stderr}${run.stdout}`).toBe(true);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(report.error ?? null).toBeNull();
    expect(report.ok).toBe(true);
    expect(run.status).toBe(0);
    console.log(`neovim: first diagnostics ${report.first_diagnostics_ms.toFixed(0)} ms after opening; new ones ${report.second_diagnostics_ms.toFixed(0)} ms after the fix (${report.action})`);
    expect(report.filetype).toBe('slitherlink');

    // What Neovim showed matches the solver's answer for the file, as faded hints.
    const expected = checkText(before, 'slitherlink').redundant!;
    expect(report.before.map((d: any) => ({ row: d.row, col: d.col }))).toEqual(expected);
    for (const d of report.before) {
      expect(d.severity).toBe(4);
      expect(d.tags).toEqual([1]);
      expect(d.source).toBe('linkpuzzle');
    }

    // The buffer: exactly the removed hint became '.', everything else (comments included) kept.
    const text = report.lines.join('\n') + '\n';
    const lines = before.split('\n');
    const { row, col } = report.removed;
    const target = lines.findIndex((l) => !l.startsWith('#') && l.trim() !== '') + row;
    const cells = lines[target]!.split(' ');
    expect(cells[col]).toMatch(/^[0-4]$/);
    cells[col] = '.';
    lines[target] = cells.join(' ');
    expect(text).toBe(lines.join('\n'));

    // The new diagnostics are the solver's answer for the new text.
    const after = checkText(text, 'slitherlink').redundant!;
    expect(report.after).toEqual(after);
  });
});
