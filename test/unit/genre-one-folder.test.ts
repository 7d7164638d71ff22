/**
 * "A new genre is one folder and one registry line", shown by doing it: a copy of server/src gets
 * a toy genre (test/fixtures/genre-toy/paritygrid/: Parity Grid, `.pgd`, with a parse code, a
 * finding code and a result field of its own) as server/src/paritygrid/, and the registry
 * (genres/index.ts) its import and its name in GENRES; nothing else changes. The copy then
 * type-checks, keeps the layering (.dependency-cruiser.cjs), and its bundles check the toy's files
 * end to end: the CLI's table, JSON and solve, and the language server's diagnostics and hover.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../protocol/lspClient';

const root = resolve(__dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'linkpuzzle-genre-'));
const copy = (p: string) => join(tmp, p);

const IMPORT_LINE = "import { paritygrid } from '../paritygrid/genre';";

/** The registry with the toy registered: its import after the last genre's, its name last in GENRES. */
function register(registry: string): string {
  const lines = registry.split('\n');
  const genreImport = /^import \{ \w+ \} from '\.\.\/\w+\/genre';$/;
  const lastImport = lines.reduce((last, l, i) => (genreImport.test(l) ? i : last), -1);
  const list = lines.findIndex((l) => l.startsWith('export const GENRES'));
  expect(lastImport).toBeGreaterThan(0);
  expect(list).toBeGreaterThan(lastImport);
  lines[list] = lines[list]!.replace(/\];$/, ', paritygrid as unknown as Genre];');
  expect(lines[list]).toContain('paritygrid');
  lines.splice(lastImport + 1, 0, IMPORT_LINE);
  return lines.join('\n');
}

function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

const run = (cmd: string, args: string[], cwd = tmp) =>
  spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, HOME: tmp, XDG_CONFIG_HOME: tmp, XDG_CACHE_HOME: tmp } });
const cli = (...args: string[]) => run(process.execPath, [copy('dist/cli.js'), ...args]);

beforeAll(async () => {
  // server/src as it is, with the engine's compiled kernels (built here when missing or stale, as `npm run build` does).
  const wasm = run(process.execPath, [join(root, 'scripts/build-wasm.mjs')], root);
  expect(wasm.status, wasm.stderr).toBe(0);
  cpSync(join(root, 'server/src'), copy('server/src'), { recursive: true });
  cpSync(join(root, 'test/fixtures/genre-toy/paritygrid'), copy('server/src/paritygrid'), { recursive: true });
  const registry = copy('server/src/genres/index.ts');
  writeFileSync(registry, register(readFileSync(registry, 'utf8')));
  symlinkSync(join(root, 'node_modules'), copy('node_modules'));
  for (const f of ['.dependency-cruiser.cjs', 'package.json']) cpSync(join(root, f), copy(f));
  const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
  writeFileSync(copy('tsconfig.json'), JSON.stringify({ compilerOptions, include: ['server/src'], exclude: ['server/src/*/wasm'] }));
  const bundle = (entry: string, out: string) => esbuild.build({
    absWorkingDir: tmp, entryPoints: [entry], outfile: copy(out), bundle: true, platform: 'node', format: 'cjs', target: 'node20',
    loader: { '.wasm': 'binary' }, logLevel: 'error',
  });
  await Promise.all([bundle('server/src/cli/main.ts', 'dist/cli.js'), bundle('server/src/lsp/main.ts', 'dist/server.js'), bundle('server/src/worker/main.ts', 'dist/worker.js')]);
  for (const [name, text] of Object.entries(PUZZLES)) writeFileSync(copy(name), text);
}, 120_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Toy puzzles: one solution; none; two (and a row without givens); a bad cell. */
const PUZZLES: Record<string, string> = {
  'unique.pgd': '# one filling\n1.\n.1\n',
  'none.pgd': '11\n10\n',
  'two.pgd': '1..\n...\n',
  'broken.pgd': '1x\n..\n',
};

describe('a new genre is one folder and one registry line', () => {
  it('the copy differs from server/src only by the folder and two lines of the registry (its import, its name in GENRES)', () => {
    const before = files(join(root, 'server/src'));
    const after = files(copy('server/src'));
    expect(after.filter((f) => !before.includes(f))).toEqual(files(copy('server/src/paritygrid')).map((f) => join('paritygrid', f)));
    expect(before.filter((f) => !after.includes(f))).toEqual([]);
    const changed = before.filter((f) => !readFileSync(join(root, 'server/src', f)).equals(readFileSync(copy(join('server/src', f)))));
    expect(changed).toEqual(['genres/index.ts']);
    const old = readFileSync(join(root, 'server/src/genres/index.ts'), 'utf8').split('\n');
    const now = readFileSync(copy('server/src/genres/index.ts'), 'utf8').split('\n');
    expect(now.filter((l) => !old.includes(l))).toEqual([IMPORT_LINE, expect.stringMatching(/^export const GENRES.*paritygrid/)]);
    expect(now.length).toBe(old.length + 1);
  });

  it('type-checks, and keeps the layering with the toy as a genre folder', () => {
    const tsc = run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit']);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    const dc = run(process.execPath, [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'server/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']);
    expect(dc.stdout + dc.stderr).toMatch(/no dependency violations found/);
    expect(dc.status).toBe(0);
    // The toy is a genre folder there (the layering finds them through the registry's imports).
    const cruise = run(process.execPath, ['-e', "const c = require('./.dependency-cruiser.cjs'); console.log(c.forbidden.map((r) => r.name).join(' '))"]);
    expect(cruise.stdout).toMatch(/\blayer-paritygrid\b/);
  }, 180_000);

  it('the CLI knows it: --help and the extension, the table with its column and finding, the JSON with its field, solve', () => {
    expect(cli('--help').stdout).toMatch(/\.pgd/);
    const table = cli('check', 'unique.pgd', 'none.pgd', 'two.pgd', 'broken.pgd');
    expect(table.status).toBe(1); // broken.pgd
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/^file\s+kind\s+size\s+rule\s+ones\s+verdict\s+count/);
    const row = (f: string) => lines.findIndex((l) => l.startsWith(f));
    expect(lines[row('unique.pgd')]).toMatch(/^unique\.pgd\s+paritygrid\s+2×2\s+4\s+unique\s+1\s/);
    expect(lines[row('none.pgd')]).toMatch(/^none\.pgd\s+paritygrid\s+2×2\s+none\s+0\s/);
    expect(lines[row('two.pgd')]).toMatch(/^two\.pgd\s+paritygrid\s+3×2\s+4\s+multiple\s+2\s/);
    // Its own finding, whose code it declares `listsCells`: the cells under the row.
    expect(lines[row('two.pgd') + 1]).toBe('    Row 2 has no givens. Cells (row,col): (2,1) (2,2) (2,3)');
    // Its parse code and a shared one, at their places.
    expect(table.stdout).toMatch(/broken\.pgd:1:2: "x" is not a cell/);

    const json = cli('check', '--json', 'unique.pgd', 'none.pgd');
    const entries = JSON.parse(json.stdout);
    expect(entries[0]).toMatchObject({ file: 'unique.pgd', kind: 'paritygrid', rows: 2, cols: 2, verdict: 'unique', count: '1', parityRows: ['11', '11'], redundant: null, solution: null });
    // The genre's field where FORMATS.md puts a genre's own: after the count.
    expect(Object.keys(entries[0]).slice(0, 8)).toEqual(['file', 'kind', 'rows', 'cols', 'verdict', 'count', 'parityRows', 'redundant']);
    expect(entries[1]).toMatchObject({ verdict: 'none', count: '0' });
    expect(entries[1].parityRows).toBeUndefined();

    const solve = cli('solve', 'unique.pgd');
    expect(solve.stdout).toBe('unique.pgd: unique solution\n11\n11\n');
  });

  it('the language server knows it: its diagnostics (shared, its own, its parse codes), the conflicting givens, hover', async () => {
    const client = await TestClient.start({ args: [copy('dist/server.js'), '--stdio'] });
    try {
      const uri = (name: string) => `file:///work/puzzles/${name}`;
      const ours = (name: string) => client.settled(uri(name), 1).then((d) => d.filter((x) => x.source === 'linkpuzzle'));
      for (const name of Object.keys(PUZZLES)) client.open(uri(name), 'paritygrid', PUZZLES[name]!);

      expect(await ours('unique.pgd')).toEqual([]);
      const result = await client.request('linkpuzzle/result', { uri: uri('unique.pgd') });
      expect(result).toMatchObject({ kind: 'paritygrid', verdict: 'unique', parityRows: ['11', '11'] });
      const hover = await client.request('textDocument/hover', { textDocument: { uri: uri('unique.pgd') }, position: { line: 2, character: 0 } });
      expect(JSON.stringify(hover)).toMatch(/Empty cell\..*Solution: \*\*1\*\*/);

      // No solution: the shared finding, with the smallest set of givens that has none (the shared search, the toy's units and check).
      const none = await ours('none.pgd');
      expect(none.map((d) => d.code)).toEqual(['no-solution']);
      // Row 2, `10`, is odd by itself: the two givens that already have none.
      expect(none[0]!.message).toMatch(/^No solution\. These 2 givens already have none: 1 at \(2, 1\), 0 at \(2, 2\)\./);
      expect(none[0]!.relatedInformation!.map((r) => r.location.range.start)).toEqual([{ line: 1, character: 0 }, { line: 1, character: 1 }]);

      const two = await ours('two.pgd');
      expect(two.map((d) => [d.code, d.severity])).toEqual([['multiple-solutions', 2], ['free-row', 3]]);
      expect(two[1]!.range).toEqual({ start: { line: 1, character: 0 }, end: { line: 1, character: 1 } });
      expect(two[0]!.message).toMatch(/^2 solutions: the puzzle is not unique\./);

      const broken = await client.diagnostics(uri('broken.pgd'), 1, (d) => d.length > 0);
      expect(broken.map((d) => [d.code, d.range])).toEqual([['bad-cell', { start: { line: 0, character: 1 }, end: { line: 0, character: 2 } }]]);
    } finally {
      await client.stop();
    }
  }, 60_000);
});
