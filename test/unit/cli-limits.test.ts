// `linkpuzzle check` at its limits (dist/cli.js, built by `npm test` before vitest): the time
// limit covers the whole check, a grid past the size limit is refused at once, and bytes that are
// not UTF-8 are reported where they are.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const cli = join(root, 'dist', 'cli.js');
let tmp = '';

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'linkpuzzle-cli-limits-'));
});
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

function run(args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, HOME: tmp, XDG_CONFIG_HOME: tmp, XDG_CACHE_HOME: tmp, NO_COLOR: '1' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function check(path: string, ...args: string[]) {
  const r = run(['check', '--json', ...args, path]);
  const [entry] = JSON.parse(r.stdout) as Record<string, any>[];
  return { ...r, entry };
}

function write(name: string, content: string | Uint8Array): string {
  const path = join(tmp, name);
  writeFileSync(path, content);
  return path;
}

/** A size x size Slitherlink of seeded random hints (the same text every run). */
function randomGrid(size: number): string {
  let seed = 7;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const rows: string[] = [];
  for (let r = 0; r < size; r++) {
    let row = '';
    for (let c = 0; c < size; c++) row += rand() < 0.3 ? String(Math.floor(rand() * 4)) : '.';
    rows.push(row);
  }
  return rows.join('\n') + '\n';
}

describe('linkpuzzle check at its limits', () => {
  it('the time limit covers the parse: a 1000x1000 grid with 1 ms stops, naming the limit, rather than answer late', () => {
    const path = write('big.slk', randomGrid(1000));
    // Without the limit it is answered (deduction finds the contradiction).
    expect(check(path).entry.verdict).toBe('none');
    const { status, entry } = check(path, '--time-limit', '1');
    expect(status).toBe(0);
    expect(entry.verdict).toBe('unknown');
    expect(entry.count).toBeNull();
    expect(entry.stopped).toMatch(/^undecided: stopped by the time limit \(1 ms\) (while reading the file|during deduction)$/);
  });

  it('a large Numberlink stops before its build when the limit runs out in deduction or planning', () => {
    // Two pairs that do not cross (crossing ones are refuted at once) and balance the colours.
    const n = 1000;
    const rows = Array.from({ length: n }, (_, r) => (r === 0 ? 'a' + '.'.repeat(n - 2) + 'b' : r === n - 1 ? '.a' + '.'.repeat(n - 4) + 'b.' : '.'.repeat(n)));
    const path = write('big.nlk', `# rule: fill\n${n} ${n}\n${rows.join('\n')}\n`);
    const { entry } = check(path, '--time-limit', '300');
    expect(entry.verdict).toBe('unknown');
    expect(entry.stopped).toMatch(/^undecided: stopped by the time limit \(300 ms\) (while reading the file|during deduction|while planning the search)$/);
  });

  it('a Numberlink wider than 64 on both sides gets a 512 MB diagram (no input takes the process past 1 GB)', () => {
    // Two pairs on an open 70x70 grid: the diagram outgrows any budget long before the time limit
    // (two solutions found on the way prove it `multiple`; the count is what stops). The count
    // races on two threads, each with half of the budget.
    const n = 70;
    const rows = Array.from({ length: n }, (_, r) => (r === 0 ? 'A' + '.'.repeat(n - 2) + 'B' : r === n - 1 ? 'A' + '.'.repeat(n - 2) + 'B' : '.'.repeat(n)));
    const { entry } = check(write('wide.nlk', `${n} ${n}\n${rows.join('\n')}\n`));
    expect(entry.verdict).toBe('multiple');
    expect(entry.count).toBeNull();
    expect(entry.stopped).toMatch(/^count stopped at the memory limit \(256 MB for this diagram/);
  });

  it('a grid past 1,048,576 cells is refused at once with one problem at its first row', () => {
    const path = write('huge.slk', '# too big\n' + ('.'.repeat(1100) + '\n').repeat(1000));
    const r = check(path);
    expect(r.status).toBe(1);
    expect(r.entry.verdict).toBe('invalid');
    expect(r.entry.errors).toEqual([{
      line: 1, col: 0, endLine: 1, endCol: 1100, code: 'grid-too-large',
      message: 'Grid too large to check: 1,000 rows of 1,100 cells (1,100,000 cells); the checker takes grids of at most 1,048,576 cells (e.g. 1024 × 1024)',
    }]);
    // The table names it too, 1-based.
    const table = run(['check', path]);
    expect(table.stdout).toContain(`${path}:2:1: Grid too large to check`);
    const solve = run(['solve', path]);
    expect(solve.status).toBe(1);
    expect(solve.stderr).toContain('Grid too large to check');
  });

  it('bytes that are not UTF-8 are reported at their place, never read as a label ("FF . FF")', () => {
    const path = write('bytes.nlk', Uint8Array.from([...Buffer.from('3 1\n'), 0xff, ...Buffer.from(' . '), 0xff, 0x0a]));
    const r = check(path);
    expect(r.status).toBe(1);
    expect(r.entry.verdict).toBe('invalid');
    const message = 'Invalid UTF-8: the byte 0xFF is not a UTF-8 character (it reads as U+FFFD); save the file as UTF-8 text';
    expect(r.entry.errors).toEqual([
      { line: 1, col: 0, endLine: 1, endCol: 1, code: 'invalid-utf8', message },
      { line: 1, col: 4, endLine: 1, endCol: 5, code: 'invalid-utf8', message },
    ]);
  });
});
