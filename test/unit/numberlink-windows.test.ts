/**
 * A second solution by re-solving windows around a first (numberlink/windows.ts), compared with
 * the exact count (breadth-first build, no deduction) on random small instances: whatever it
 * returns is valid (checked by the test-side validator), differs from the first, equals it
 * outside one window, and comes only from puzzles the count says have two solutions or more; on
 * a unique puzzle it finds nothing.
 */
import { describe, expect, it } from 'vitest';
import { makeInstance } from '../../server/src/numberlink/instance';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';
import { edgesToPaths } from '../../server/src/numberlink/paths';
import { differentInWindows } from '../../server/src/numberlink/windows';
import type { NumberlinkRule } from '../../server/src/numberlink/puzzle';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { randomHamiltonianPath } from '../../server/src/numberlink/generate';
import { rng, solutionProblem, walkCells } from './numberlink-random';
import { numberlinkDraftText } from '../bench/drafts';

const RULES: NumberlinkRule[] = [
  { fill: true, notouch: false }, { fill: false, notouch: false }, { fill: true, notouch: true }, { fill: false, notouch: true },
];

/**
 * A small random instance with a solution under nikoli; under fill, the ends of the pieces of a
 * random path through every cell (the bench's 'paths' drafts), so that fill has solutions too.
 */
function instance(rand: () => number, rule: NumberlinkRule, minSide: number): { rows: number; cols: number; cells: Int32Array; pairs: number } {
  const rows = minSide + Math.floor(rand() * 3), cols = minSide + Math.floor(rand() * 3);
  if (!rule.fill) return { rows, cols, ...walkCells(rows, cols, rand, 2 + Math.floor(rand() * 8)) };
  if (!rule.notouch) {
    const text = numberlinkDraftText(rows, cols, 2 + Math.floor(rand() * (rows * cols / 4 - 1)), 'fill', Math.floor(rand() * 1e9), 'paths');
    const p = parseNumberlink(text).puzzle!;
    return { rows: p.rows, cols: p.cols, cells: p.cells, pairs: p.labels.length };
  }
  return { rows, cols, ...snakePieces(rows, cols, rand) };
}

/**
 * Under fill notouch: a random path through every cell (generate.ts) cut into
 * pieces that never run alongside themselves (a piece ends at random, and before it would), so
 * that the pieces' ends have a fill-notouch solution.
 */
function snakePieces(rows: number, cols: number, rand: () => number, stop = 0.1): { cells: Int32Array; pairs: number } {
  for (;;) {
    const order = randomHamiltonianPath(rows, cols, rand);
    const cells = new Int32Array(rows * cols).fill(-1);
    const adj = (a: number, b: number) => Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) + Math.abs((a % cols) - (b % cols)) === 1;
    let piece: number[] = [], pairs = 0, ok = true;
    const close = () => {
      if (piece.length < 2) { ok = false; return; }
      cells[piece[0]] = pairs;
      cells[piece[piece.length - 1]] = pairs;
      pairs++;
      piece = [];
    };
    for (const v of order) {
      const touches = piece.slice(0, -1).some((u) => adj(u, v));
      if (touches || (piece.length >= 2 && rand() < stop)) close();
      piece.push(v);
    }
    close();
    if (ok) return { cells, pairs };
  }
}

const key = (paths: number[][]) => paths.map((p) => (p[0] < p[p.length - 1] ? p : [...p].reverse()).join(',')).join(';');

/** The cells on which two solutions differ (a cell whose path neighbours changed). */
function changedCells(cols: number, a: number[][], b: number[][], n: number): number[] {
  const nbrs = (paths: number[][]) => {
    const out: string[] = new Array(n).fill('');
    for (const p of paths) for (let i = 0; i < p.length; i++) {
      out[p[i]] = [p[i - 1] ?? -1, p[i + 1] ?? -1].sort((x, y) => x - y).join(',');
    }
    return out;
  };
  const x = nbrs(a), y = nbrs(b);
  const changed: number[] = [];
  for (let v = 0; v < n; v++) if (x[v] !== y[v]) changed.push(v);
  void cols;
  return changed;
}

describe('a second Numberlink solution from windows re-solved around the first', () => {
  for (const rule of RULES) {
    const name = `${rule.fill ? 'fill' : 'nikoli'}${rule.notouch ? ' notouch' : ''}`;
    it(`${name}: every solution found is valid, new, local, and the count says there are two or more`, () => {
      const rand = rng(rule.fill ? 71 : 72);
      let found = 0, unique = 0, multiple = 0;
      for (let t = 0; t < 120; t++) {
        const { rows, cols, cells, pairs } = instance(rand, rule, 3);
        const inst = makeInstance(rows, cols, cells, pairs);
        const nz = buildNumberlinkZdd(inst, rule, undefined, { search: 'breadth', deduce: false });
        const count = nz.zdd.count();
        if (count === 0n) continue;
        const first = edgesToPaths(inst, nz.edgesOf(nz.zdd.first())!)!;
        expect(solutionProblem(rows, cols, cells, first, rule)).toBeNull();
        const side = 3;
        const second = differentInWindows(inst, rule, first, { deadline: Date.now() + 60_000, sides: [side] });
        const what = `${rows}x${cols} [${Array.from(cells)}] count ${count}`;
        if (count === 1n) { unique++; expect(second, what).toBeNull(); continue; }
        multiple++;
        if (second === null) continue;
        found++;
        expect(solutionProblem(rows, cols, cells, second, rule), what).toBeNull();
        expect(key(second), what).not.toBe(key(first));
        // Equal to the first outside one window: the changed cells fit in a side x side square.
        const changed = changedCells(cols, first, second, rows * cols);
        const rs = changed.map((v) => Math.floor(v / cols)), cs = changed.map((v) => v % cols);
        expect(Math.max(...rs) - Math.min(...rs), what).toBeLessThan(side);
        expect(Math.max(...cs) - Math.min(...cs), what).toBeLessThan(side);
      }
      // Not vacuous: both kinds met, and the windows find most second solutions. (Small grids under
      // fill notouch nearly always have one solution: there only the unique side is met.)
      expect(unique).toBeGreaterThan(5);
      if (rule.fill && rule.notouch) return;
      expect(multiple).toBeGreaterThan(10);
      expect(found).toBeGreaterThan(multiple / 3);
    });
  }

  it('plain fill: a second solution next to a first found under fill notouch (which never runs alongside itself)', () => {
    const rand = rng(5);
    const FILL: NumberlinkRule = { fill: true, notouch: false }, FILL_NOTOUCH: NumberlinkRule = { fill: true, notouch: true };
    let tried = 0, found = 0, multiple = 0;
    for (let t = 0; t < 250; t++) {
      const { rows, cols, cells, pairs } = instance(rand, { fill: true, notouch: true }, 4);
      const inst = makeInstance(rows, cols, cells, pairs);
      const nt = buildNumberlinkZdd(inst, FILL_NOTOUCH, undefined, { search: 'breadth', deduce: false });
      if (nt.zdd.count() === 0n) continue;
      const first = edgesToPaths(inst, nt.edgesOf(nt.zdd.first())!)!;
      const count = buildNumberlinkZdd(inst, FILL, undefined, { search: 'breadth', deduce: false }).zdd.count();
      tried++;
      const second = differentInWindows(inst, FILL, first, { deadline: Date.now() + 60_000 });
      const what = `${rows}x${cols} [${Array.from(cells)}] count ${count}`;
      if (count >= 2n) multiple++;
      if (second === null) continue;
      found++;
      expect(count, what).toBeGreaterThanOrEqual(2n);
      expect(solutionProblem(rows, cols, cells, second, FILL), what).toBeNull();
      expect(key(second), what).not.toBe(key(first));
    }
    expect(tried).toBeGreaterThan(100);
    expect(multiple).toBeGreaterThan(5);
    expect(found).toBeGreaterThanOrEqual(multiple / 2);
  });
});
