/**
 * The propagation search (slitherlink/branch.ts) against the brute force loop enumerator: it
 * finds a loop exactly when one exists, the loop it returns is valid, hint changes applied in
 * place act as the changed puzzle, and the state it searched is left exactly as it was. (Its
 * exhaustive "no loop" answers, rare here where propagation refutes small grids at once, are
 * checked on real puzzles by redundant-resolve.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../server/src/model/grid';
import { deduce, keptState, NOT_HINT, type Deduction } from '../../server/src/slitherlink/deduce';
import { branchSearch } from '../../server/src/slitherlink/branch';
import { bruteLoops, isValidLoop } from './slitherlink-brute';
import { rng } from './numberlink-random';

/** A random simple loop on the grid: the border of a random 4-connected set of cells. */
function randomLoopHints(grid: Grid, rand: () => number, density: number): Int8Array {
  const { rows, cols } = grid;
  const inside = new Uint8Array(grid.cellCount);
  inside[Math.floor(rand() * grid.cellCount)] = 1;
  for (let tries = 0; tries < 4 * grid.cellCount; tries++) {
    const x = Math.floor(rand() * grid.cellCount);
    if (inside[x]) continue;
    const r = Math.floor(x / cols), c = x % cols;
    if (![[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].some(([a, b]) => a >= 0 && b >= 0 && a < rows && b < cols && inside[a * cols + b])) continue;
    inside[x] = 1;
    if (!isValidLoop(rows, cols, new Int8Array(grid.cellCount).fill(-1), border(grid, inside))) inside[x] = 0;
    if (rand() < 0.15) break;
  }
  const on = new Set(border(grid, inside));
  return Int8Array.from({ length: grid.cellCount }, (_, x) => {
    if (rand() >= density) return -1;
    const r = Math.floor(x / cols), c = x % cols;
    return grid.cellEdges(r, c).filter((e) => on.has(e)).length;
  });
}

function border(grid: Grid, inside: Uint8Array): number[] {
  const out: number[] = [];
  for (let e = 0; e < grid.edgeCount; e++) {
    const [a, b] = grid.edgeCells(e);
    if ((a >= 0 ? inside[a] : 0) !== (b >= 0 ? inside[b] : 0)) out.push(e);
  }
  return out;
}

/** Everything of a kept state the search may write. */
function snapshot(d: Deduction): string {
  const s = keptState(d)!;
  return JSON.stringify([
    Array.from(s.edges), Array.from(s.parent), Array.from(s.par), Array.from(s.size), Array.from(s.next),
    Array.from(s.mate), Array.from(s.clen), Array.from(s.pdeg), Array.from(s.hints),
    s.onCount, s.fixed, s.logTop, s.logging, s.pending, s.contra, s.edgeTop, s.cellTop, s.vertTop,
  ]);
}

describe('branchSearch', () => {
  it('finds a valid loop exactly when the brute force finds one, and leaves the state as it was', () => {
    const rand = rng(11);
    let yes = 0, no = 0, refuted = 0;
    for (let t = 0; t < 600; t++) {
      const [R, C] = [[3, 3], [3, 4], [4, 4], [2, 5], [4, 5]][t % 5]!;
      const grid = new Grid(R, C);
      const density = 0.2 + 0.4 * rand();
      const hints = t % 2 === 0
        ? Int8Array.from({ length: R * C }, () => (rand() < density ? Math.floor(rand() * 4) : -1))
        : randomLoopHints(grid, rand, 0.3 + 0.5 * rand());
      const exists = bruteLoops(R, C, hints, 1).length > 0;
      const d = deduce({ rows: R, cols: C, hints }, { keepState: true, maxRounds: 0 });
      if (d.contradiction) {
        expect(exists).toBe(false);
        refuted++;
        continue;
      }
      const before = snapshot(d);
      const prefer = t % 2 === 0 ? Uint8Array.from({ length: grid.edgeCount }, () => (rand() < 0.5 ? 1 : 0)) : undefined;
      const r = branchSearch(d, { focus: Math.floor(rand() * R * C), prefer, maxNodes: 1_000_000, connectivity: t % 4 === 1 });
      expect(snapshot(d)).toBe(before);
      expect(r.loop).not.toBeNull();
      expect(r.loop !== false, `t=${t}`).toBe(exists);
      if (r.loop) {
        const edges: number[] = [];
        r.loop.forEach((v, e) => { if (v) edges.push(e); });
        expect(isValidLoop(R, C, hints, edges)).toBe(true);
        yes++;
      } else no++;
    }
    expect(yes).toBeGreaterThan(100);
    expect(no + refuted).toBeGreaterThan(100);
  });

  it('hint changes in place: a NOT_HINT hint finds the loops of P \\ h other than the solution', () => {
    const rand = rng(12);
    let necessary = 0, redundant = 0;
    for (let t = 0; t < 200 && (necessary < 60 || redundant < 60); t++) {
      const [R, C] = [[4, 5], [5, 5], [5, 6]][t % 3]!;
      const grid = new Grid(R, C);
      const hints = randomLoopHints(grid, rand, 0.5 + 0.4 * rand());
      if (bruteLoops(R, C, hints, 2).length !== 1) continue;
      for (let h = 0; h < R * C; h++) {
        if (hints[h]! < 0) continue;
        const without = Int8Array.from(hints);
        without[h] = -1;
        const isNecessary = bruteLoops(R, C, without, 2).length > 1;
        // The state of P \ h, searched with h made "anything but k" in place.
        const d = deduce({ rows: R, cols: C, hints: without }, { keepState: true, maxRounds: 0 });
        expect(d.contradiction).toBe(false);
        const before = snapshot(d);
        const r = branchSearch(d, { focus: h, maxNodes: 1_000_000, hints: [[h, NOT_HINT + hints[h]!]] });
        expect(snapshot(d)).toBe(before);
        expect(r.loop !== false, `t=${t} h=${h}`).toBe(isNecessary);
        if (r.loop) {
          const edges: number[] = [];
          r.loop.forEach((v, e) => { if (v) edges.push(e); });
          expect(isValidLoop(R, C, without, edges)).toBe(true);
          expect(isValidLoop(R, C, hints, edges)).toBe(false);
          necessary++;
        } else redundant++;
      }
    }
    expect(necessary).toBeGreaterThan(30);
    expect(redundant).toBeGreaterThan(30);
  });

  it('gives up (null) past its budget', () => {
    // An empty 6x6 grid has thousands of loops; with every value tried first leading nowhere
    // quickly, one assumption is not enough to close any.
    const d = deduce({ rows: 6, cols: 6, hints: new Int8Array(36).fill(-1) }, { keepState: true, maxRounds: 0 });
    expect(branchSearch(d, { focus: 0, maxNodes: 1 }).loop).toBeNull();
    expect(branchSearch(d, { focus: 0, maxNodes: 100_000 }).loop).not.toBeNull();
  });
});
