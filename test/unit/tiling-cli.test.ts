// `linkpuzzle` on tilings as users run it (dist/cli.js): import of a Loopy game ID, export back to
// the same ID, check (table and JSON), solve's SVG, suggest, and design (the minimal puzzle from the
// loop block, and --family).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopEdgesOf, SUPPORTED } from './tiling-corpus';
import { makeLattice } from '../../server/src/model/lattice';
import { latticeInsideOfEdges } from '../../server/src/model/latticeLoop';
import { parseLoopyTilingId, type LoopyTiling } from '../../server/src/slitherlink/exchange/loopyTiling';
import { writeTilingSlitherlink } from '../../server/src/slitherlink/exchange/tilingText';
import { writeFaceSolutionBlock } from '../../server/src/slitherlink/exchange/write';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { checkText } from '../../server/src/genres/check';
import type { LoopSolution } from '../../server/src/analysis/result';

const root = resolve(__dirname, '../..');
const cli = join(root, 'dist', 'cli.js');
let tmp = '';

/** Runs the CLI without blocking the test worker (some checks take seconds). */
function run(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: root, env: { ...process.env, HOME: tmp, XDG_CONFIG_HOME: tmp, XDG_CACHE_HOME: tmp, NO_COLOR: '1' },
    });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

beforeAll(() => { tmp = mkdtempSync(join(tmpdir(), 'lp-tiling-cli-')); });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** One ID per tiling (the first of each). */
const ONE_EACH = SUPPORTED.filter((e, i) => SUPPORTED.findIndex((x) => x.type === e.type) === i);

describe('linkpuzzle on tilings', () => {
  it('imports a game ID of every tiling as a file that exports back to the identical ID', async () => {
    for (const entry of ONE_EACH) {
      const imp = await run('import', entry.id);
      expect(imp.status, imp.stderr).toBe(0);
      expect(imp.stdout).toMatch(/^# grid: [a-z]+ \d+x\d+\n/);
      const path = join(tmp, `t${entry.type}.slk`);
      writeFileSync(path, imp.stdout);
      const exp = await run('export', '--loopy', path);
      expect(exp.stdout.trim()).toBe(entry.id);
      // Without the `# loopy:` line the difficulty letter is unknown: WxHtN and the same clues.
      writeFileSync(path, imp.stdout.replace(/^# loopy:.*\n/m, ''));
      expect((await run('export', '--loopy', path)).stdout.trim()).toBe(entry.id.replace(/d[a-z]:/, ':'));
    }
  }, 120_000);

  it('check --json: tiling, unique, the loop in Loopy coordinates, redundant hints as faces', async () => {
    const paths: string[] = [];
    for (const e of ONE_EACH) {
      const path = join(tmp, `c${e.type}.slk`);
      writeFileSync(path, (await run('import', e.id)).stdout);
      paths.push(path);
    }
    const r = await run('check', '--json', ...paths);
    expect(r.status, r.stderr).toBe(0);
    const entries = JSON.parse(r.stdout) as Record<string, any>[];
    expect(entries.length).toBe(ONE_EACH.length);
    entries.forEach((e, i) => {
      const corpus = ONE_EACH[i];
      expect(e.kind).toBe('slitherlink');
      expect(typeof e.tiling.name).toBe('string');
      expect(e.verdict).toBe('unique');
      expect(e.count).toBe('1');
      const both = (x: number[]) => [x.join(','), [x[2], x[3], x[0], x[1]].join(',')];
      const corpusKeys = new Set(corpus.solution_loop.flatMap(([[a, b], [c, d]]) => both([a, b, c, d])));
      expect(e.solution.edges.length).toBe(corpus.solution_loop.length);
      for (const edge of e.solution.edges) expect(corpusKeys.has(edge.join(','))).toBe(true);
      expect(e.solution.edgeIds.length).toBe(e.solution.edges.length);
      if (e.redundantStopped === undefined) {
        expect(Array.isArray(e.redundant)).toBe(true);
        for (const c of e.redundant) expect(Number.isInteger(c.face) && Number.isInteger(c.row) && Number.isInteger(c.col)).toBe(true);
      }
    });
  }, 240_000);

  it('check prints the tiling in the table; solve prints an SVG; export --url refuses', async () => {
    const entry = ONE_EACH.find((e) => e.grid === 'Honeycomb')!;
    const path = join(tmp, 'honey.slk');
    writeFileSync(path, (await run('import', entry.id)).stdout);
    const table = await run('check', path);
    expect(table.stdout).toMatch(/honeycomb 10×10 +unique +1 /);
    expect(table.stdout).toMatch(/redundant hints \(face numbers\): #\d+/);
    const solve = await run('solve', path);
    expect(solve.status).toBe(0);
    expect(solve.stdout).toMatch(/unique solution\n<svg [^]*<polygon [^]*<line [^]*<\/svg>/);
    expect(solve.stdout.match(/<polygon /g)!.length).toBe(entry.faces);
    expect(solve.stdout.match(/<line /g)!.length).toBe(entry.solution_loop.length);
    const url = await run('export', '--url', path);
    expect(url.status).toBe(2);
    expect(url.stderr).toContain('--loopy');
  }, 60_000);

  it('import refuses a bad tiling ID with a message (exit 1)', async () => {
    for (const bad of ['10x10t2:a5x', '10x10t2:5', '2x2t4:a', '10x10t11:a']) {
      const r = await run('import', bad);
      expect(r.status, bad).toBe(1);
      expect(r.stderr).toMatch(/linkpuzzle: /);
    }
  }, 60_000);
});

describe('linkpuzzle suggest on a tiling', () => {
  it('names each face by number, line and place; every "unique" line is unique when checked; no loop: the repairs', async () => {
    // A honeycomb 3x3 with two hints: several loops.
    const path = join(tmp, 'suggest-honeycomb.slk');
    writeFileSync(path, '# grid: honeycomb 3x3\n. . .\n. 4 .\n. . 2\n');
    const r = await run('suggest', path);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/: \d+ solutions$/);
    const adds = lines.slice(1).filter((l) => l.startsWith('add '));
    expect(adds.length).toBeGreaterThan(0);
    for (const line of adds) {
      const m = /^add (\d+) at face (\d+) \(line (\d+), place (\d+)\): unique$/.exec(line)!;
      expect(m, line).not.toBeNull();
      // The face's line and place as the file writes them: the hint goes there.
      const grid = ['. . .', '. 4 .', '. . 2'].map((l) => l.split(' '));
      expect(grid[Number(m[3]) - 1]![Number(m[4]) - 1]).toBe('.');
      grid[Number(m[3]) - 1]![Number(m[4]) - 1] = m[1]!;
      const with1 = join(tmp, 'suggest-honeycomb-1.slk');
      writeFileSync(with1, `# grid: honeycomb 3x3\n${grid.map((l) => l.join(' ')).join('\n')}\n`);
      const c = await run('check', '--json', '--no-redundant', with1);
      expect(JSON.parse(c.stdout)[0].verdict, line).toBe('unique');
    }
    // No loop: a 6 beside a 0.
    const none = join(tmp, 'suggest-none.slk');
    writeFileSync(none, '# grid: honeycomb 3x3\n. . .\n. 6 .\n. 0 .\n');
    const n = await run('suggest', none);
    expect(n.stdout).toMatch(/: no solution\n/);
    expect(n.stdout).toMatch(/\n(change to \d+|remove the hint) at face \d+ \(line \d+, place \d+\): (unique|\d+ solutions)/);
  });
});

describe('linkpuzzle design on a tiling', () => {
  /** A corpus puzzle's grid with its Loopy loop as the block, and the loop's lattice edges. */
  function withLoop(type: number): { text: string; puzzle: SlitherlinkPuzzle; loop: Set<number> } {
    const entry = SUPPORTED.find((e) => e.type === type)!;
    const t = parseLoopyTilingId(entry.id) as LoopyTiling;
    const lattice = makeLattice(t.tiling);
    const edges = loopEdgesOf(lattice, entry.solution_loop);
    const on = new Uint8Array(lattice.edgeCount);
    for (const e of edges) on[e] = 1;
    const text = writeTilingSlitherlink(t.tiling, t.hints) + writeFaceSolutionBlock(lattice.rowOff, latticeInsideOfEdges(lattice, on));
    return { text, puzzle: parseSlitherlink(text).puzzle!, loop: new Set(edges) };
  }

  for (const [type, name] of [[2, 'honeycomb'], [4, 'cairo']] as const) {
    it(`prints the ${name} file with only hint characters changed: unique, that loop, no redundant hint (as the check finds)`, async () => {
      const { text, puzzle, loop } = withLoop(type);
      const path = join(tmp, `design-${name}.slk`);
      writeFileSync(path, text);
      const r = await run('design', '--seed', '4', path);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^linkpuzzle: \d+ hints, minimal \(\d+ checks, \d+ ms\)/);
      const a = r.stdout.split('\n'), b = text.split('\n');
      expect(a.length).toBe(b.length);
      b.forEach((line, i) => {
        if (line.startsWith('#') || i >= b.indexOf('---')) return expect(a[i]).toBe(line);
        for (let k = 0; k < Math.max(line.length, a[i]!.length); k++) if (a[i]![k] !== line[k]) expect(`${line[k]}${a[i]![k]}`).toMatch(/^[.0-9][.0-9]$/);
      });
      // The file's hints make the loop unique, so the puzzle keeps only some of them.
      const p = parseSlitherlink(r.stdout).puzzle!;
      for (let f = 0; f < p.hints.length; f++) if (p.hints[f]! >= 0) expect(p.hints[f]).toBe(puzzle.hints[f]);
      // Which hints can go together is not asked: none can go alone.
      const check = checkText(r.stdout, 'slitherlink', { redundantTogether: false });
      expect(check.verdict).toBe('unique');
      expect(new Set((check.solution as LoopSolution).edgeIds)).toEqual(loop);
      expect(check.redundant).toEqual([]);
    }, 60_000);
  }

  it('a 12-gon on the loop by itself: its 12 is a letter in a compact line; --family on a tiling lists faces as [line, place, face]', async () => {
    const lattice = makeLattice({ name: 'dodecagonal', width: 3, height: 2 });
    const twelve = [...Array(lattice.faceCount).keys()].find((f) => lattice.faceSize(f) === 12)!;
    const inside = new Uint8Array(lattice.faceCount);
    inside[twelve] = 1;
    const lines = [...Array(lattice.rowCount).keys()].map((y) => '.'.repeat(lattice.rowOff[y + 1]! - lattice.rowOff[y]!));
    const path = join(tmp, 'design-dodecagonal.slk');
    writeFileSync(path, `# grid: dodecagonal 3x2\n${lines.join('\n')}\n${writeFaceSolutionBlock(lattice.rowOff, inside)}`);
    const r = await run('design', path);
    expect(r.status, r.stderr).toBe(0);
    const p = parseSlitherlink(r.stdout).puzzle!;
    expect(p.hints[twelve]).toBe(12);
    const y = lattice.rowOf[twelve]!;
    expect(r.stdout.split('\n')[1 + y]![twelve - lattice.rowOff[y]!]).toBe('C');
    expect(checkText(r.stdout, 'slitherlink').verdict).toBe('unique');
    const f = await run('design', '--family', '--json', path);
    expect(f.status, f.stderr).toBe(0);
    const fam = JSON.parse(f.stdout);
    expect(BigInt(fam.count)).toBeGreaterThan(0n);
    expect(fam.minimumSize).toBe(1);
    expect(fam.minimum).toEqual([[y, twelve - lattice.rowOff[y]!, twelve]]);
  });

  it('a hint that disagrees with the loop: named by face, line and place (exit 2)', async () => {
    const path = join(tmp, 'design-bad.slk');
    writeFileSync(path, '# grid: honeycomb 3x3\n. . .\n. 2 .\n. . .\n---\n. x .\nx x .\n. x .\n');
    const r = await run('design', path);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/the hint 2 at face 4 \(line 2, place 2\) disagrees with the loop \(\d\)/);
  });
});
