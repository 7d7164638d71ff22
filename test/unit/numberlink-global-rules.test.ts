/**
 * The propagator's global rules (numberlink/reachability.ts, numberlink/planarity.ts): what they
 * catch that the local rules do not, and that they never lose a solution (the depth-first build,
 * which runs them at every state, against the breadth-first build without any deduction).
 */
import { describe, expect, it } from 'vitest';
import { makeInstance, type NumberlinkInstance } from '../../server/src/numberlink/instance';
import { buildNumberlinkZdd, type NumberlinkZdd } from '../../server/src/numberlink/solve';
import { deduce } from '../../server/src/numberlink/deduce';
import { bruteSolve } from './numberlink-brute';
import { grid } from './numberlink-grid';
import { randomCells, rng, walkCells } from './numberlink-random';

const RULES = [
  { fill: false, notouch: false },
  { fill: true, notouch: false },
  { fill: false, notouch: true },
  { fill: true, notouch: true },
];

/** Every solution as its sorted graph edges (for families small enough to list). */
function solutions(nz: NumberlinkZdd): string[] {
  const out: string[] = [];
  for (const set of nz.zdd.sets()) out.push(nz.edgesOf(set)!.slice().sort((a, b) => a - b).join(','));
  return out.sort();
}

describe('global rules find what the local rules cannot', () => {
  it('reachability: a label walled in by other labels', () => {
    // The top-left 2x2 block, with A's first cell, is closed off by B and C; A's other cell is
    // outside. (Under fill the local rules see a dead corner already.)
    const inst = grid(['A.B..', '..B..', 'CC...', '...A.']);
    for (const rule of RULES.filter((r) => !r.fill)) {
      const what = JSON.stringify(rule);
      expect(bruteSolve(inst.rows, inst.cols, inst.cells, inst.labelCount, rule).count, what).toBe(0);
      expect(deduce(inst, rule, { probe: false, globalRules: false }).contradiction, what).toBe(false);
      expect(deduce(inst, rule, { probe: false }).contradiction, what).toBe(true);
    }
  });

  it('planarity: a chord that separates two labels whose other ends sit around one hole', () => {
    // A must join its ends down the left side; B's left end is then enclosed with B's right end,
    // and C's ends lie on both sides of A's path: b and c are neighbours, so no path of A passes
    // between them. Reachability alone sees every label able to reach its other end.
    const inst = grid(['A....', '.....', 'B.BC.', '.....', 'A...C']);
    for (const rule of RULES) {
      const what = JSON.stringify(rule);
      expect(bruteSolve(5, 5, inst.cells, inst.labelCount, rule).count, what).toBe(0);
      expect(deduce(inst, rule, { probe: false, globalRules: false }).contradiction, what).toBe(false);
      expect(deduce(inst, rule, { probe: false }).contradiction, what).toBe(true);
    }
  });

  it('fewer states on a real-sized puzzle, the same diagram', () => {
    // Long routes around few labels: the local rules see nothing until the frontier meets a dead end.
    const rand = rng(99);
    let withRules = 0, without = 0;
    for (let t = 0; t < 6; t++) {
      const { cells, pairs } = walkCells(7, 7, rand, 20, 4);
      const inst = makeInstance(7, 7, cells, pairs);
      const a = buildNumberlinkZdd(inst, { fill: false, notouch: true }, undefined, { searchGlobalRules: true });
      const b = buildNumberlinkZdd(inst, { fill: false, notouch: true }, undefined, { globalRules: false });
      expect(a.zdd.count()).toBe(b.zdd.count());
      withRules += a.stats.nodesCreated;
      without += b.stats.nodesCreated;
    }
    expect(withRules).toBeLessThan(without);
  });
});

describe('global rules never lose a solution', () => {
  it('random instances, all four rules: the same solutions as the breadth-first build without deduction', () => {
    const rand = rng(4242);
    let checks = 0, nonzero = 0, listed = 0;
    for (let t = 0; t < 600; t++) {
      const rows = 2 + Math.floor(rand() * 5), cols = 2 + Math.floor(rand() * 5);
      // A third random endpoints (mostly no solution: contradictions), a third dense walks, a
      // third a few long walks (sparse: many routes, where planarity and reachability work most).
      const kind = t % 3;
      let cells: Int32Array, pairs: number;
      if (kind === 0) {
        pairs = 1 + Math.floor(rand() * Math.min(6, Math.floor((rows * cols) / 2)));
        cells = randomCells(rows, cols, pairs, rand);
      } else {
        ({ cells, pairs } = kind === 1
          ? walkCells(rows, cols, rand, 2 + Math.floor(rand() * 8))
          : walkCells(rows, cols, rand, 2 + Math.floor(rand() * 24), 2 + Math.floor(rand() * 5)));
      }
      if (pairs === 0) continue;
      const inst = makeInstance(rows, cols, cells, pairs);
      for (const rule of RULES) {
        const what = `${rows}x${cols} ${Array.from(cells)} ${JSON.stringify(rule)}`;
        const ref = buildNumberlinkZdd(inst, rule, undefined, { deduce: false, lookahead: false, search: 'breadth' });
        const got = buildNumberlinkZdd(inst, rule);
        const searched = buildNumberlinkZdd(inst, rule, undefined, { searchGlobalRules: true });
        const count = ref.zdd.count();
        expect(got.zdd.count(), what).toBe(count);
        expect(searched.zdd.count(), what).toBe(count);
        if (count > 0n && count <= 200n) {
          expect(solutions(got), what).toEqual(solutions(ref));
          expect(solutions(searched), what).toEqual(solutions(ref));
          listed++;
        }
        checks++;
        if (count > 0n) nonzero++;
      }
    }
    expect(checks).toBeGreaterThan(2000);
    expect(nonzero).toBeGreaterThan(900);
    expect(listed).toBeGreaterThan(600);
  });
});
