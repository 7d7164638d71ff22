import { describe, expect, it } from 'vitest';
import { makeInstance } from '../../server/src/numberlink/instance';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';
import { edgesToPaths, pathsProblem } from '../../server/src/numberlink/paths';
import { bruteSolve } from './numberlink-brute';
import { NumberlinkSpec } from '../../server/src/numberlink/spec';
import { planFrontier } from '../../server/src/zdd/frontier';
import { buildZdd } from '../../server/src/zdd/build';
import { deduce } from '../../server/src/numberlink/deduce';
import { randomCells, rng, walkCells } from './numberlink-random';

const RULES = [
  { fill: false, notouch: false },
  { fill: true, notouch: false },
  { fill: false, notouch: true },
  { fill: true, notouch: true },
];

describe('numberlink spec vs brute force', () => {
  it('random small instances, all four rules', () => {
    const rand = rng(12345);
    let checked = 0, nonzero = 0;
    for (let t = 0; t < 300; t++) {
      const rows = 1 + Math.floor(rand() * 4), cols = 1 + Math.floor(rand() * 4);
      if (rows * cols < 2) continue;
      const maxPairs = Math.min(4, Math.floor((rows * cols) / 2));
      const pairs = 1 + Math.floor(rand() * maxPairs);
      const cells = randomCells(rows, cols, pairs, rand);
      const inst = makeInstance(rows, cols, cells, pairs);
      for (const rule of RULES) {
        const brute = bruteSolve(rows, cols, cells, pairs, rule);
        const what = `${rows}x${cols} ${Array.from(cells)} ${JSON.stringify(rule)}`;
        // Pruning must never change the count: compare with deduction and lookahead switched off.
        const plain = buildNumberlinkZdd(inst, rule, undefined, { deduce: false, lookahead: false });
        expect(plain.zdd.count(), what + ' (no pruning)').toBe(BigInt(brute.count));
        const nz = buildNumberlinkZdd(inst, rule);
        const count = nz.zdd.count();
        expect(count, what).toBe(BigInt(brute.count));
        if (brute.count > 0) {
          nonzero++;
          const sols = new Set<string>();
          for (const set of nz.zdd.sets()) {
            const edges = nz.edgesOf(set);
            expect(edges).not.toBeNull();
            const paths = edgesToPaths(inst, edges!);
            expect(paths).not.toBeNull();
            expect(pathsProblem(inst, rule, paths!)).toBeNull();
            sols.add(paths!.map((p) => p.join(',')).join('|'));
          }
          expect([...sols].sort()).toEqual([...brute.solutions].sort());
        }
        checked++;
      }
    }
    for (let t = 0; t < 80; t++) {
      const rows = 2 + Math.floor(rand() * 4), cols = 2 + Math.floor(rand() * 3);
      const { cells, pairs } = walkCells(rows, cols, rand, 6);
      if (pairs === 0) continue;
      const inst = makeInstance(rows, cols, cells, pairs);
      for (const rule of RULES) {
        const brute = bruteSolve(rows, cols, cells, pairs, rule, 0);
        const what = `walk ${rows}x${cols} ${Array.from(cells)} ${JSON.stringify(rule)}`;
        expect(buildNumberlinkZdd(inst, rule).zdd.count(), what).toBe(BigInt(brute.count));
        expect(buildNumberlinkZdd(inst, rule, undefined, { deduce: false, lookahead: false }).zdd.count(), what).toBe(BigInt(brute.count));
        if (brute.count > 0) nonzero++;
        checked++;
      }
    }
    // 5x5 grids (the brute force is exponential: walks of at most 7 cells give several pairs).
    for (let t = 0; t < 25; t++) {
      const { cells, pairs } = walkCells(5, 5, rand, 7);
      const inst = makeInstance(5, 5, cells, pairs);
      for (const rule of RULES) {
        const brute = bruteSolve(5, 5, cells, pairs, rule, 0);
        const what = `walk 5x5 ${Array.from(cells)} ${JSON.stringify(rule)}`;
        expect(buildNumberlinkZdd(inst, rule).zdd.count(), what).toBe(BigInt(brute.count));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(800);
    expect(nonzero).toBeGreaterThan(100);
  });
});

describe('numberlink pruning keeps every solution (larger grids, against the unpruned spec)', () => {
  it('random 5x5 to 7x7 instances, all four rules', () => {
    const rand = rng(777);
    let nonzero = 0;
    for (let t = 0; t < 60; t++) {
      const rows = 5 + Math.floor(rand() * 3), cols = 5 + Math.floor(rand() * 3);
      const { cells, pairs } = walkCells(rows, cols, rand, 12);
      const inst = makeInstance(rows, cols, cells, pairs);
      for (const rule of RULES) {
        const plain = buildNumberlinkZdd(inst, rule, undefined, { deduce: false, lookahead: false }).zdd.count();
        const what = `${rows}x${cols} ${Array.from(cells)} ${JSON.stringify(rule)}`;
        expect(buildNumberlinkZdd(inst, rule).zdd.count(), what + ' (default build)').toBe(plain);
        const depth = buildNumberlinkZdd(inst, rule, undefined, { search: 'depth' });
        expect(depth.zdd.count(), what).toBe(plain);
        // The depth-first build with the propagator following every path and the breadth-first
        // one on frontier states alone (the compiled kernel without notouch) build the same
        // reduced diagram.
        const breadth = buildNumberlinkZdd(inst, rule, undefined, { search: 'breadth' });
        expect(breadth.zdd.count(), what + ' (breadth-first)').toBe(plain);
        expect(depth.stats.reducedNodes, what + ' (same reduced diagram)').toBe(breadth.stats.reducedNodes);
        if (plain > 0n) expect(depth.zdd.first(), what + ' (same first set)').toEqual(breadth.zdd.first());
        if (rule.notouch) {
          // The code for frontiers wider than 32 cells (several words per avoidance row).
          const wide = buildNumberlinkZdd(inst, rule, undefined, { avoidWords: 2 }).zdd.count();
          expect(wide, what + ' (2 words)').toBe(plain);
        }
        if (plain > 0n) nonzero++;
      }
    }
    expect(nonzero).toBeGreaterThan(100);
  });
});

describe('numberlink spec with a frontier wider than 32 cells (several words per avoidance row)', () => {
  it('2 x 24 grids decided in an order that keeps every cell in the frontier, vs brute force', () => {
    const rand = rng(4242);
    const rows = 2, cols = 24;
    let nonzero = 0;
    for (let t = 0; t < 12; t++) {
      const { cells, pairs } = walkCells(rows, cols, rand, 6);
      const inst = makeInstance(rows, cols, cells, pairs);
      // All vertical edges first: every cell enters early and stays until its row edges are done.
      const m = inst.graph.edges.length >> 1;
      const vertical: number[] = [], horizontal: number[] = [];
      for (let e = 0; e < m; e++) {
        const a = inst.graph.edges[2 * e], b = inst.graph.edges[2 * e + 1];
        (b - a === cols ? vertical : horizontal).push(e);
      }
      // Right to left, so that the cells decided last (on the left) sit in slots 32 and up.
      vertical.reverse();
      horizontal.reverse();
      const plan = planFrontier(inst.graph, Int32Array.from([...vertical, ...horizontal]));
      expect(plan.width).toBeGreaterThan(32);
      for (const rule of RULES) {
        if (!rule.notouch) continue;
        const brute = bruteSolve(rows, cols, cells, pairs, rule, 0);
        const spec = new NumberlinkSpec({
          cellCount: rows * cols, endpointKey: inst.endpointKey, labelCount: pairs, plan, rule,
          edgeEnds: inst.graph.edges,
        });
        expect(buildZdd(spec).zdd.count(), `${Array.from(cells)} ${JSON.stringify(rule)}`).toBe(BigInt(brute.count));
        if (brute.count > 0) nonzero++;
      }
    }
    expect(nonzero).toBeGreaterThan(3);
  });
});

describe('deduction and probing never rule out a solution', () => {
  /** The graph edges of a brute-force solution string (paths of cells joined by ',' and '|'). */
  function solutionEdges(rows: number, cols: number, sol: string): Set<number> {
    const H = rows * (cols - 1);
    const out = new Set<number>();
    for (const path of sol.split('|')) {
      const cs = path.split(',').map(Number);
      for (let k = 0; k + 1 < cs.length; k++) {
        const a = Math.min(cs[k], cs[k + 1]), b = Math.max(cs[k], cs[k + 1]);
        out.add(b === a + 1 ? Math.floor(a / cols) * (cols - 1) + (a % cols) : H + a);
      }
    }
    return out;
  }

  it('every edge fixed agrees with every brute-force solution; a contradiction means none (all four rules)', () => {
    const rand = rng(2024);
    let compared = 0, probed = 0, contradictions = 0, withSolutions = 0;
    // Probing with the local rules alone as well: the global rules leave it little to do here.
    let probedLocal = 0, decidedLocal = 0, decidedGlobal = 0;
    for (let t = 0; t < 140; t++) {
      const rows = 3 + Math.floor(rand() * 3), cols = 3 + Math.floor(rand() * 2);
      // Mostly solvable instances (endpoints of random walks), some random endpoint placements.
      const { cells, pairs } = t % 4 === 3
        ? (() => { const p = 1 + Math.floor(rand() * 3); return { cells: randomCells(rows, cols, p, rand), pairs: p }; })()
        : walkCells(rows, cols, rand, 7);
      if (pairs === 0) continue;
      const inst = makeInstance(rows, cols, cells, pairs);
      const m = inst.graph.edges.length >> 1;
      for (const rule of RULES) {
        const brute = bruteSolve(rows, cols, cells, pairs, rule, 1_000_000);
        expect(brute.solutions.length).toBe(brute.count);
        const what = `${rows}x${cols} ${Array.from(cells)} ${JSON.stringify(rule)}`;
        const d = deduce(inst, rule);
        const local = deduce(inst, rule, { globalRules: false });
        for (const x of [d, local]) {
          if (x.contradiction) expect(brute.count, what + ' (contradiction)').toBe(0);
          else {
            for (const sol of brute.solutions) {
              const on = solutionEdges(rows, cols, sol);
              for (let e = 0; e < m; e++) {
                if (x.fixed[e] < 0) continue;
                expect(x.fixed[e], `${what} edge ${e} in ${sol}`).toBe(on.has(e) ? 1 : 0);
                compared++;
              }
            }
          }
        }
        if (!local.contradiction) {
          probedLocal += local.probed;
          decidedLocal += local.decided;
          decidedGlobal += d.contradiction ? m : d.decided;
        }
        if (d.contradiction) {
          contradictions++;
          continue;
        }
        probed += d.probed;
        if (brute.count > 0) withSolutions++;
        // The same count with probing off, and with no deduction at all.
        const count = buildNumberlinkZdd(inst, rule).zdd.count();
        expect(count, what).toBe(BigInt(brute.count));
        expect(buildNumberlinkZdd(inst, rule, undefined, { probe: false }).zdd.count(), what).toBe(count);
      }
    }
    // (seed 2024: 331 instances with solutions, 229 contradictions, 544 edges fixed by probing
    // with the local rules alone, 146 with the global ones)
    expect(withSolutions).toBeGreaterThan(250);
    expect(contradictions).toBeGreaterThan(100);
    expect(probedLocal).toBeGreaterThan(400);
    expect(probed).toBeGreaterThan(100);
    expect(decidedGlobal).toBeGreaterThan(decidedLocal);
    expect(compared).toBeGreaterThan(8000);
  });
});
