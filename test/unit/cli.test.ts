// The `linkpuzzle` command as users run it: dist/cli.js (built by `npm test` before vitest).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const cli = join(root, 'dist', 'cli.js');
let tmp = '';

function run(args: string[], cwd = root) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, HOME: tmp, XDG_CONFIG_HOME: tmp, XDG_CACHE_HOME: tmp, NO_COLOR: '1' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function write(name: string, text: string): string {
  const path = join(tmp, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

function json(args: string[]) {
  const r = run(['check', '--json', ...args]);
  return { ...r, entries: JSON.parse(r.stdout) as Record<string, unknown>[] };
}

/**
 * Why `edges` (vertex pairs [r1, c1, r2, c2] on grid points) is not one loop meeting the hints
 * (rows of '0'-'3' and '.'), or null: every point used has degree 2, the edges are connected.
 */
function loopProblem(rowsText: string[], edges: number[][]): string | null {
  const rows = rowsText.length, cols = rowsText[0]!.length;
  const key = (r: number, c: number) => r * (cols + 1) + c;
  const deg = new Map<number, number>(), adj = new Map<number, number[]>(), used = new Set<string>();
  for (const [r1, c1, r2, c2] of edges) {
    if (Math.abs(r1! - r2!) + Math.abs(c1! - c2!) !== 1) return `not a unit edge: ${[r1, c1, r2, c2]}`;
    const a = key(r1!, c1!), b = key(r2!, c2!);
    used.add(`${Math.min(a, b)},${Math.max(a, b)}`);
    for (const [u, v] of [[a, b], [b, a]]) {
      deg.set(u!, (deg.get(u!) ?? 0) + 1);
      adj.set(u!, [...(adj.get(u!) ?? []), v!]);
    }
  }
  if (used.size !== edges.length) return 'an edge twice';
  for (const [v, d] of deg) if (d !== 2) return `point ${v} has degree ${d}`;
  const start = deg.keys().next().value as number;
  const seen = new Set([start]), todo = [start];
  while (todo.length) for (const w of adj.get(todo.pop()!)!) if (!seen.has(w)) { seen.add(w); todo.push(w); }
  if (seen.size !== deg.size) return 'more than one loop';
  const has = (a: number, b: number) => used.has(`${Math.min(a, b)},${Math.max(a, b)}`);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const h = rowsText[r]![c]!;
    if (h === '.') continue;
    const n = [has(key(r, c), key(r, c + 1)), has(key(r + 1, c), key(r + 1, c + 1)), has(key(r, c), key(r + 1, c)), has(key(r, c + 1), key(r + 1, c + 1))].filter(Boolean).length;
    if (n !== Number(h)) return `hint ${h} at (${r}, ${c}) has ${n} edges`;
  }
  return null;
}

/** FORMATS.md: the fields every entry of `check --json` has, with their types. */
function expectShape(e: Record<string, unknown>) {
  expect(typeof e.file).toBe('string');
  expect(['slitherlink', 'numberlink']).toContain(e.kind);
  expect(Number.isInteger(e.rows)).toBe(true);
  expect(Number.isInteger(e.cols)).toBe(true);
  expect(['invalid', 'none', 'unique', 'multiple', 'unknown']).toContain(e.verdict);
  expect(e.count === null || (typeof e.count === 'string' && /^\d+$/.test(e.count))).toBe(true);
  expect(e.redundant === null || Array.isArray(e.redundant)).toBe(true);
  expect(Array.isArray(e.errors)).toBe(true);
  expect(typeof e.ms).toBe('number');
  expect('solution' in e).toBe(true);
  for (const err of e.errors as Record<string, unknown>[]) {
    for (const k of ['line', 'col', 'endLine', 'endCol']) expect(Number.isInteger(err[k]) && (err[k] as number) >= 0).toBe(true);
    expect(typeof err.message).toBe('string');
  }
  if (e.verdict === 'invalid') expect((e.errors as unknown[]).length).toBeGreaterThan(0);
  else expect(e.errors).toEqual([]);
  if (e.verdict === 'unknown') {
    expect(e.count).toBeNull();
    expect(typeof e.stopped).toBe('string');
  }
  if (e.verdict === 'unique') expect(e.count).toBe('1');
  if (e.verdict === 'none') expect(e.count).toBe('0');
  if (e.verdict === 'multiple' && e.count !== null) expect(BigInt(e.count as string) >= 2n).toBe(true);
  if (e.verdict === 'unique' || e.verdict === 'multiple') expect(e.solution).not.toBeNull();
  if (e.kind === 'numberlink' && e.verdict !== 'invalid') expect(typeof e.rule).toBe('string');
}

/** Independent check of a Slitherlink solution: one closed loop through the edges that meets every hint. */
function isLoopSolution(rows: number, cols: number, hints: string[][], edges: number[][]): boolean {
  const deg = new Map<string, string[]>();
  const key = (r: number, c: number) => `${r},${c}`;
  const sides = new Map<string, number>();
  for (const [r1, c1, r2, c2] of edges) {
    if (Math.abs(r1 - r2) + Math.abs(c1 - c2) !== 1) return false;
    for (const [a, b] of [[key(r1, c1), key(r2, c2)], [key(r2, c2), key(r1, c1)]]) deg.set(a, [...(deg.get(a) ?? []), b]);
    // Cells on either side of the edge.
    const cells = r1 === r2 ? [[Math.min(r1, r2) - 1, Math.min(c1, c2)], [r1, Math.min(c1, c2)]] : [[Math.min(r1, r2), c1 - 1], [Math.min(r1, r2), c1]];
    for (const [r, c] of cells) if (r >= 0 && c >= 0 && r < rows && c < cols) sides.set(key(r, c), (sides.get(key(r, c)) ?? 0) + 1);
  }
  if (edges.length === 0 || [...deg.values()].some((n) => n.length !== 2)) return false;
  // Connected: walk the loop from one vertex.
  const start = [...deg.keys()][0];
  let prev = '', cur = start, steps = 0;
  do {
    const [a, b] = deg.get(cur)!;
    const next = a !== prev ? a : b;
    prev = cur;
    cur = next;
    steps++;
  } while (cur !== start && steps <= edges.length);
  if (steps !== edges.length) return false;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const h = hints[r][c];
    if (h !== '.' && Number(h) !== (sides.get(key(r, c)) ?? 0)) return false;
  }
  return true;
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'linkpuzzle-cli-'));
  if (!existsSync(cli)) {
    const b = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, encoding: 'utf8' });
    if (b.status !== 0) throw new Error(`build failed: ${b.stderr}`);
  }
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('linkpuzzle usage', () => {
  it('prints help and version with status 0', () => {
    const h = run(['--help']);
    expect(h.status).toBe(0);
    expect(h.stdout).toMatch(/Usage: linkpuzzle/);
    expect(h.stdout).toMatch(/check/);
    const v = run(['--version']);
    expect(v.status).toBe(0);
    expect(v.stdout.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  });

  it.each([
    [[]],
    [['frobnicate']],
    [['check']],
    [['check', '--bogus', 'x.slk']],
    [['check', '--time-limit', 'soon', 'x.slk']],
    [['check', '--node-limit', '-5', 'x.slk']],
    [['check', '--rule', 'fill,sideways', 'x.nlk']],
    [['solve']],
    [['solve', 'a.slk', 'b.slk']],
  ])('exits 2 on usage error %j', (args) => {
    const r = run(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^linkpuzzle: /);
    expect(r.stdout).toBe('');
  });

  it('names a missing file on stderr and exits 1, still checking the others', () => {
    const ok = write('one.slk', '4\n');
    const r = run(['check', '--json', join(tmp, 'nope.slk'), ok]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('nope.slk');
    expect(r.stderr).toMatch(/no such file/);
    const entries = JSON.parse(r.stdout);
    expect(entries.map((e: { file: string }) => e.file)).toEqual([ok]);
    expect(entries[0].verdict).toBe('unique');
  });

  it('refuses a file it cannot tell the kind of (2), unless --kind says', () => {
    const p = write('puzzle.txt', '4\n');
    expect(run(['check', p]).status).toBe(2);
    const r = json(['--kind', 'slitherlink', p]);
    expect(r.status).toBe(0);
    expect(r.entries[0].kind).toBe('slitherlink');
    expect(r.entries[0].verdict).toBe('unique');
  });
});

describe('linkpuzzle check --json', () => {
  it('counts exactly: cycles of a 3×3 vertex grid (A140517: 13), one square, 0 hints', () => {
    const empty = write('count/empty.slk', '. .\n. .\n');
    const four = write('count/four.slk', '4\n');
    // 1×3: of the 6 loops only the right square avoids every side of the 0 cell.
    const zero = write('count/zero.slk', '0 . .\n');
    // 1×2: every loop uses a side of either cell, and the 0 forbids all of the left cell's.
    const none = write('count/none.slk', '0 .\n');
    const { status, entries } = json([empty, four, zero, none]);
    expect(status).toBe(0);
    entries.forEach(expectShape);
    expect(entries.map((e) => [e.verdict, e.count])).toEqual([
      ['multiple', '13'],
      ['unique', '1'],
      ['unique', '1'],
      ['none', '0'],
    ]);
    expect(entries[3].solution).toBeNull();
    expect(entries[0]).toMatchObject({ rows: 2, cols: 2, kind: 'slitherlink' });
    // The 0 is needed: without it the 1×3 grid has 6 loops.
    expect(entries[2].redundant).toEqual([]);
    expect(isLoopSolution(1, 3, [['0', '.', '.']], (entries[2].solution as { edges: number[][] }).edges)).toBe(true);
    expect(isLoopSolution(2, 2, [['.', '.'], ['.', '.']], (entries[0].solution as { edges: number[][] }).edges)).toBe(true);
  });

  it('--usage adds the ambiguity map: on the empty 2×2, a border edge lies on 7 of the 13 loops, an inner one on 6', () => {
    // Of the 13 loops (4 squares, 4 dominoes, 4 L-trominoes, the whole): the top side of the
    // top-left cell borders every region holding that cell (1 + 2 + 3 + 1); the side between the
    // two top cells borders the regions holding exactly one of them (2 squares, 2 columns, 2 Ls).
    const empty = write('usage/empty.slk', '. .\n. .\n');
    const plain = json([empty]);
    expect(plain.entries[0].usage).toBeUndefined();
    const { status, entries } = json(['--usage', empty]);
    expect(status).toBe(0);
    const usage = entries[0].usage as { of: string; edges: { edge: number[]; count: string }[] };
    expect(usage.of).toBe('13');
    const count = (edge: number[]) => usage.edges.find((x) => x.edge.join() === edge.join())?.count;
    expect(count([0, 0, 0, 1])).toBe('7');
    expect(count([0, 1, 1, 1])).toBe('6');
    expect(usage.edges).toHaveLength(12);
    expect(run(['solve', '--usage', empty]).status).toBe(2);
  });

  it('--grade adds the difficulty grade of a unique Slitherlink, and where deduction stalls for needs search', () => {
    const fx = join(root, 'test', 'fixtures', 'slitherlink');
    const easy = join(fx, 'loopy-graded', 'sq10-e-01.slk'), tricky = join(fx, 'loopy-graded', 'sq10-t-01.slk');
    const probing = join(fx, '21_6x6.slk');
    const ambiguous = write('grade/empty.slk', '. .\n. .\n');
    const plain = json([easy]);
    expect(plain.entries[0].grade).toBeUndefined();
    const { status, entries } = json(['--grade', '--no-redundant', easy, tricky, probing, ambiguous]);
    expect(status).toBe(0);
    for (const e of entries) expectShape(e);
    expect(entries.map((e) => e.grade)).toEqual(['easy', 'tricky', 'needs search', undefined]);
    expect(entries[0].stuck).toBeUndefined();
    const stuck = entries[2].stuck as { edges: number[][]; cells: { row: number; col: number }[] };
    expect(stuck.edges.length).toBeGreaterThan(0);
    // Each open edge joins two neighbouring vertices; each cell listed lies beside one of them.
    for (const [r1, c1, r2, c2] of stuck.edges) expect(Math.abs(r1 - r2) + Math.abs(c1 - c2)).toBe(1);
    const beside = (c: { row: number; col: number }, [r1, c1, r2, c2]: number[]) =>
      r1 === r2 ? Math.min(c1, c2) === c.col && (r1 === c.row || r1 === c.row + 1) : Math.min(r1, r2) === c.row && (c1 === c.col || c1 === c.col + 1);
    for (const c of stuck.cells) expect(stuck.edges.some((e) => beside(c, e))).toBe(true);
    // The table: a grade column only when asked, the stall below the row.
    const table = run(['check', '--grade', '--no-redundant', easy, probing]);
    expect(table.status).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/\bgrade$/);
    expect(lines.find((l) => l.includes('sq10-e-01'))).toMatch(/easy$/);
    expect(lines.find((l) => l.includes('21_6x6'))).toMatch(/needs search$/);
    expect(table.stdout).toMatch(/needs search: deduction up to Hard leaves \d+ edges open, around cells/);
    expect(run(['check', '--no-redundant', easy]).stdout.split('\n')[0]).not.toMatch(/grade/);
    expect(run(['solve', '--grade', easy]).status).toBe(2);
  });

  it('--grade grades a unique Numberlink under its rule, with stuck links (between cells) for needs search', () => {
    const fx = join(root, 'test', 'fixtures', 'numberlink');
    const local = join(fx, 'flow', 'regular_5x5_01.nlk'), probing = join(fx, 'janko', '001_8x8.nlk');
    const stalls = join(fx, 'janko', '104_17x17.nlk'), ambiguous = join(fx, 'janko', '156_14x14.nlk');
    const { status, entries } = json(['--grade', local, probing, stalls, ambiguous]);
    expect(status).toBe(0);
    for (const e of entries) expectShape(e);
    expect(entries.map((e) => e.grade)).toEqual(['local', 'probing', 'needs search', undefined]);
    expect(entries.map((e) => e.rule)).toEqual(['fill notouch', 'fill notouch', 'fill notouch', 'fill notouch']);
    // The preview's per-level links are the language server's, not the JSON's.
    expect(entries[0].gradeSteps).toBeUndefined();
    const stuck = entries[2].stuck as { edges: number[][]; cells: { row: number; col: number }[] };
    // Links join neighbouring cells, inside the grid; the cells listed are their ends.
    for (const [r1, c1, r2, c2] of stuck.edges) {
      expect(Math.abs(r1 - r2) + Math.abs(c1 - c2)).toBe(1);
      expect(Math.max(r1, r2)).toBeLessThan(17);
      expect(Math.max(c1, c2)).toBeLessThan(17);
    }
    expect(new Set(stuck.cells.map((c) => `${c.row},${c.col}`))).toEqual(new Set(stuck.edges.flatMap(([a, b, c, d]) => [`${a},${b}`, `${c},${d}`])));
    const table = run(['check', '--grade', local, stalls]);
    expect(table.stdout.split('\n').find((l) => l.includes('regular_5x5_01'))).toMatch(/local$/);
    expect(table.stdout).toMatch(/needs search: deduction with probing leaves \d+ links open, around cells/);
  });

  it('lists redundant hints as 0-based cells and leaves them out with --no-redundant', () => {
    // 1×2 cells "3 3": of the three loops (left square, right square, the rectangle) only the
    // rectangle gives both cells 3 sides. Without either 3 the other still excludes both squares
    // (a square gives its cell 4 sides and the neighbour 1), so each hint alone is redundant.
    const p = write('red/pair.slk', '3 3\n');
    const e = json([p]).entries[0];
    expectShape(e);
    expect(e.verdict).toBe('unique');
    expect(e.redundant).toEqual([{ row: 0, col: 0 }, { row: 0, col: 1 }]);
    // But not both: without both 3s every loop of the 1×2 grid fits (3 of them). Remove all takes
    // the first and keeps the second.
    expect(e.redundantTogether).toEqual([{ row: 0, col: 0 }]);
    expect(e.redundantTogetherStopped).toBeUndefined();
    const without = json(['--no-redundant', p]).entries[0];
    expect(without.redundant).toBeNull();
    expect(without.redundantTogether).toBeNull();
    expect(without.verdict).toBe('unique');
    const table = run(['check', p]);
    expect(table.stdout).toContain('redundant hints (row,col): (1,1) (1,2)');
    expect(table.stdout).toMatch(/^file .* redundant  together +time$/m);
    expect(table.stdout).toMatch(/pair\.slk .* unique +1 +2 +1 +\S+ ms$/m);
    expect(table.stdout).toContain('redundant one at a time, not all together: Remove all redundant hints removes 1 of 2: (1,1) (1 stays needed)');
    // --together-limit 0 skips the pass; it is no option of solve.
    const skipped = json(['--together-limit', '0', p]).entries[0];
    expect(skipped.redundant).toEqual([{ row: 0, col: 0 }, { row: 0, col: 1 }]);
    expect(skipped.redundantTogether).toBeNull();
    expect(run(['solve', '--together-limit', '5', p]).status).toBe(2);
    expect(run(['check', '--together-limit', 'x', p]).stderr).toContain('--together-limit needs a whole number');
  });

  it('gives the together pass its own share of time: stopped by --together-limit, it says so and how to give it more', () => {
    // 18 hints redundant one at a time; the pass (about 10 ms here) cannot finish in 1 ms.
    const p = join(root, 'test/fixtures/slitherlink/515_10x10.slk');
    const e = json(['--together-limit', '1', p]).entries[0];
    expect(e.verdict).toBe('unique');
    expect((e.redundant as unknown[]).length).toBe(18);
    expect(e.redundantTogetherStopped).toMatch(/limit \(?1 ms/);
    expect((e.redundantTogether as unknown[]).length).toBeLessThan(10);
    const table = run(['check', '--together-limit', '1', p]);
    expect(table.stdout).toMatch(/515_10x10\.slk .* unique +1 +18 +≥\d+ /);
    expect(table.stdout).toContain('(--together-limit MS gives it more time)');
    const full = json([p]).entries[0];
    expect((full.redundantTogether as unknown[]).length).toBe(10);
    expect(full.redundantTogetherStopped).toBeUndefined();
  });

  it('reports Numberlink with its rule; --rule overrides the file', () => {
    // One pair in opposite corners of a 3×3 grid: 12 self-avoiding paths (A007764), 2 Hamiltonian ones.
    const p = write('nl/corner.nlk', '3 3\nA..\n...\n..A\n');
    const nikoli = json([p]).entries[0];
    expectShape(nikoli);
    expect(nikoli).toMatchObject({ kind: 'numberlink', rows: 3, cols: 3, verdict: 'multiple', count: '12', rule: 'nikoli' });
    const fill = json(['--rule', 'fill', p]).entries[0];
    expect(fill).toMatchObject({ verdict: 'multiple', count: '2', rule: 'fill' });
    const fileRule = json([write('nl/corner-fill.nlk', '# rule: fill\n3 3\nA..\n...\n..A\n')]).entries[0];
    expect(fileRule).toMatchObject({ count: '2', rule: 'fill' });
    const path = (nikoli.solution as { paths: number[][][] }).paths[0];
    expect(path[0]).toEqual([0, 0]);
    expect(path[path.length - 1]).toEqual([2, 2]);
    // `multiple` comes with a second solution: another corner-to-corner path (checked step by step).
    const second = (nikoli.secondSolution as { paths: number[][][] }).paths[0]!;
    expect(second).not.toEqual(path);
    expect(second[0]).toEqual([0, 0]);
    expect(second[second.length - 1]).toEqual([2, 2]);
    expect(new Set(second.map(([r, c]) => `${r},${c}`)).size).toBe(second.length);
    for (let k = 1; k < second.length; k++) {
      expect(Math.abs(second[k]![0]! - second[k - 1]![0]!) + Math.abs(second[k]![1]! - second[k - 1]![1]!)).toBe(1);
    }
    // The table does without it, and so does a unique puzzle's entry.
    expect(json([write('nl/line.nlk', '1 3\nA.A\n')]).entries[0]!.secondSolution).toBeUndefined();
  });

  it('reports a straight pair as unique and covering', () => {
    const e = json([write('nl/line.nlk', '3 1\nA.A\n')]).entries[0];
    expectShape(e);
    expect(e).toMatchObject({ verdict: 'unique', count: '1', covers: true, solution: { paths: [[[0, 0], [0, 1], [0, 2]]] } });
  });

  it('gives invalid files 0-based error ranges and exit 1; the table shows 1-based line:col', () => {
    const p = write('bad/broken.slk', '. 3 .\n3 x 3\n. 3 .\n');
    const { status, entries } = json([p]);
    expect(status).toBe(1);
    expectShape(entries[0]);
    expect(entries[0]).toMatchObject({ verdict: 'invalid', count: null, rows: 3, cols: 3 });
    const e = (entries[0].errors as { line: number; col: number }[])[0];
    expect([e.line, e.col]).toEqual([1, 2]);
    const table = run(['check', p]);
    expect(table.status).toBe(1);
    expect(table.stdout).toContain(`${p}:2:3:`);
    expect(table.stdout).toMatch(/invalid/);
  });

  it('walks directories recursively in sorted order, by extension, skipping hidden folders', () => {
    const d = join(tmp, 'tree');
    write('tree/b.slk', '4\n');
    write('tree/a/c.nlk', '2 1\nAA\n');
    write('tree/a/notes.txt', 'not a puzzle');
    write('tree/.hidden/x.slk', '4\n');
    write('tree/A.SLK', '4\n');
    const { status, entries } = json([d]);
    expect(status).toBe(0);
    expect(entries.map((e) => e.file)).toEqual([join(d, 'A.SLK'), join(d, 'a', 'c.nlk'), join(d, 'b.slk')]);
    expect(entries.map((e) => e.kind)).toEqual(['slitherlink', 'numberlink', 'slitherlink']);
  });

  it('stops on --node-limit and names the limit: undecided, or multiple when two loops were found', () => {
    // An empty 6×6 grid has 1,222,363 loops (A140517, n = 7): far more than 2 ZDD nodes, but two
    // of them prove it `multiple` all the same.
    const p = write('limit/empty.slk', Array(6).fill('......').join('\n') + '\n');
    const { status, entries } = json(['--node-limit', '2', p]);
    expect(status).toBe(0);
    expectShape(entries[0]);
    expect(entries[0].verdict).toBe('multiple');
    expect(entries[0].count).toBeNull();
    expect(entries[0].stopped).toMatch(/node/);
    // A Numberlink under fill with 590 solutions: with 2 nodes neither the count nor the search
    // for two solutions gets there, and the verdict says so.
    const n = write('limit/open.nlk', '# rule: fill\n6 6\nA.....\n......\n......\n......\n......\n....A.\n');
    const u = json(['--node-limit', '2', n]);
    expectShape(u.entries[0]);
    expect(u.entries[0].verdict).toBe('unknown');
    expect(u.entries[0].stopped).toMatch(/node/);
  });

  it('a 20×20 draft too open to count is multiple: two loops, a lower bound, and why the count is missing', () => {
    // 15 random hints (the case): the diagram of its loops passes 20 million nodes.
    const rows: string[] = [];
    let seed = 3;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const grid = Array.from({ length: 20 }, () => Array(20).fill('.'));
    for (let k = 0; k < 15;) {
      const r = Math.floor(rand() * 20), c = Math.floor(rand() * 20);
      if (grid[r][c] === '.') { grid[r][c] = String(Math.floor(rand() * 4)); k++; }
    }
    for (const row of grid) rows.push(row.join(''));
    const p = write('draft/draft20.slk', rows.join('\n') + '\n');
    const { status, entries } = json(['--node-limit', '100000', p]);
    expect(status).toBe(0);
    const e = entries[0];
    expectShape(e);
    expect(e.verdict).toBe('multiple');
    expect(e.count).toBeNull();
    expect(BigInt(e.countAtLeast as string) >= 2n).toBe(true);
    expect(e.stopped).toMatch(/^count stopped after \d+ nodes .*node limit 100000/);
    expect((e.solution as { edges: unknown[] }).edges.length).toBeGreaterThanOrEqual(4);
    // The two loops that prove it, both valid (an independent check: degrees, one loop, the hints) and different.
    const first = (e.solution as { edges: number[][] }).edges, second = (e.secondSolution as { edges: number[][] }).edges;
    expect(loopProblem(rows, first)).toBeNull();
    expect(loopProblem(rows, second)).toBeNull();
    const asSet = (x: number[][]) => new Set(x.map((q) => q.join(',')));
    expect(asSet(first)).not.toEqual(asSet(second));
    const table = run(['check', '--node-limit', '100000', p]);
    expect(table.stdout).toMatch(/multiple\s+≥\d+/);
    expect(table.stdout).toMatch(/at least \d+ solutions, too many to count within the limits: count stopped after/);
  });

  it('checks every sample with the JSON of FORMATS.md', () => {
    const dir = join(root, 'samples');
    const files: string[] = [];
    const walk = (d: string) => {
      for (const n of readdirSync(d).sort()) {
        const p = join(d, n);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(slk|nlk)$/i.test(n)) files.push(p);
      }
    };
    walk(dir);
    expect(files.length).toBeGreaterThan(0);
    const r = run(['check', '--json', 'samples']);
    const entries = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(entries.map((e) => join(root, e.file as string))).toEqual(files);
    entries.forEach(expectShape);
    expect(r.status).toBe(entries.some((e) => e.verdict === 'invalid') ? 1 : 0);
    expect(entries.some((e) => e.verdict === 'unique')).toBe(true);
  });
});

describe('linkpuzzle solve', () => {
  it('draws a Slitherlink loop on the grid points with the hints in the cells', () => {
    const r = run(['solve', write('draw/four.slk', '4\n')]);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n').slice(1, 4)).toEqual(['┌───┐', '│ 4 │', '└───┘']);
    const z = run(['solve', write('draw/zero.slk', '0 . .\n')]);
    expect(z.stdout.split('\n').slice(1, 4)).toEqual(['·   ·   ┌───┐', '  0     │   │', '·   ·   └───┘']);
  });

  it('draws Numberlink paths with the labels at their ends', () => {
    const r = run(['solve', write('draw/line.nlk', '3 1\nA.A\n')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/unique/);
    expect(r.stdout.split('\n')[1]).toBe('A─────A');
    // Two straight columns (the only solution: any detour would cross the other path).
    const two = run(['solve', write('draw/two.nlk', '2 3\nAB\n..\nAB\n')]);
    expect(two.status).toBe(0);
    expect(two.stdout.split('\n').slice(1, 4)).toEqual(['A  B', '│  │', 'A  B']);
  });

  it('says so when there is no solution, and fails on a broken file', () => {
    const none = run(['solve', write('draw/none.slk', '0 4\n')]);
    expect(none.status).toBe(0);
    expect(none.stdout).toMatch(/no solution/);
    expect(json([join(tmp, 'draw/none.slk')]).entries[0]).toMatchObject({ verdict: 'none', count: '0', solution: null });
    const bad = run(['solve', write('draw/bad.nlk', '2 1\nAB\n')]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/bad\.nlk:\d+:\d+: /);
    expect(run(['solve', join(tmp, 'missing.nlk')]).status).toBe(1);
  });
});

describe('linkpuzzle lsp', () => {
  it('answers initialize over stdio with the server capabilities', async () => {
    const { spawn } = await import('node:child_process');
    const p = spawn(process.execPath, [cli, 'lsp', '--stdio'], { env: { ...process.env, HOME: tmp } });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    p.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const reply = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no reply: ${out}`)), 20_000);
      p.stdout.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        const m = /Content-Length: (\d+)\r\n\r\n/.exec(out);
        if (m && Buffer.byteLength(out.slice(m.index + m[0].length)) >= Number(m[1])) {
          clearTimeout(timer);
          resolve(out.slice(m.index + m[0].length));
        }
      });
    });
    p.kill();
    const msg = JSON.parse(reply);
    expect(msg.id).toBe(1);
    expect(msg.result.capabilities).toBeTypeOf('object');
  });
});
