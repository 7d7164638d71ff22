import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildZdd } from '../../server/src/zdd/build';
import {
  edgeLevels, gridEdgeOrder, gridGraph, greedyOrder, levelsToEdges, planFrontier, type FrontierPlan, type Graph,
} from '../../server/src/zdd/frontier';
import { cycleSpec, pathSpec } from '../../server/src/zdd/specs/simpath';
import { bruteCycles, brutePaths, edgeSets, randomGraph, randomOrder, rng } from './simpath-brute';

const seq = JSON.parse(readFileSync(join(__dirname, '../fixtures/sequences.json'), 'utf8'));
const term = (name: string, n: number): bigint => BigInt(seq[name].terms[n - seq[name].first_n]);

describe('frontier plans', () => {
  it('slots are consistent: fixed while in the frontier, distinct among live vertices, width = max live', () => {
    const r = rng(5);
    const graphs: Graph[] = [gridGraph(4, 6), gridGraph(6, 4), randomGraph(r, 9, 15), randomGraph(r, 12, 20)];
    for (const g of graphs) {
      const m = g.edges.length / 2;
      for (const order of [undefined, greedyOrder(g), randomOrder(r, m)]) {
        const p = planFrontier(g, order);
        const slotOf = new Map<number, number>();
        let maxLive = 0;
        for (let i = 0; i < m; i++) {
          for (let q = p.enterStart[i]; q < p.enterStart[i + 1]; q++) {
            expect(slotOf.has(p.enterVertex[q])).toBe(false);
            expect([...slotOf.values()]).not.toContain(p.enterSlot[q]);
            expect(p.enterSlot[q]).toBeLessThan(p.width);
            slotOf.set(p.enterVertex[q], p.enterSlot[q]);
          }
          maxLive = Math.max(maxLive, slotOf.size);
          const e = p.order[i];
          expect(p.slotU[i]).toBe(slotOf.get(g.edges[2 * e]));
          expect(p.slotV[i]).toBe(slotOf.get(g.edges[2 * e + 1]));
          for (let q = p.leaveStart[i]; q < p.leaveStart[i + 1]; q++) {
            const v = p.leaveVertex[q];
            expect(slotOf.get(v)).toBe(p.leaveSlot[q]);
            // It really was the vertex's last edge.
            for (let j = i + 1; j < m; j++) {
              const f = p.order[j];
              expect(g.edges[2 * f] === v || g.edges[2 * f + 1] === v).toBe(false);
            }
            slotOf.delete(v);
          }
        }
        expect(slotOf.size).toBe(0);
        expect(p.width).toBe(maxLive);
      }
    }
  });

  it('grid orders keep the frontier to the shorter side + 1; greedy is close on grids', () => {
    expect(planFrontier(gridGraph(10, 10), gridEdgeOrder(10, 10)).width).toBe(11);
    expect(planFrontier(gridGraph(30, 5), gridEdgeOrder(30, 5)).width).toBe(6);
    expect(planFrontier(gridGraph(5, 30), gridEdgeOrder(5, 30)).width).toBe(6);
    const g = gridGraph(8, 20);
    expect(planFrontier(g, greedyOrder(g)).width).toBeLessThanOrEqual(12);
  });

  it('edgeLevels and levelsToEdges invert each other', () => {
    const g = gridGraph(3, 5);
    const plan = planFrontier(g, greedyOrder(g));
    const lv = edgeLevels(plan);
    const m = plan.edgeCount;
    expect([...lv].sort((a, b) => a - b)).toEqual(Array.from({ length: m }, (_, i) => i + 1));
    for (let e = 0; e < m; e++) expect(levelsToEdges(plan, [lv[e]])).toEqual([e]);
    expect(levelsToEdges(plan, [m, 1])).toEqual([plan.order[0], plan.order[m - 1]].sort((a, b) => a - b));
  });

  it('rejects orders that are not permutations', () => {
    const g = gridGraph(2, 2);
    expect(() => planFrontier(g, Int32Array.from([0, 0, 1, 2]))).toThrow();
    expect(() => planFrontier(g, Int32Array.from([0, 1]))).toThrow();
  });
});

describe('Simpath against OEIS', () => {
  it('cycles on n x n vertex grids = A140517 (n = 2..10)', () => {
    for (let n = 2; n <= 10; n++) {
      const g = gridGraph(n, n);
      const z = buildZdd(cycleSpec(g, planFrontier(g, gridEdgeOrder(n, n)))).zdd;
      expect(z.count()).toBe(term('cycles_A140517', n));
    }
  });

  it('builds as few states as TdZdd (canonical states, edges that cannot be taken skipped), both builders', () => {
    // TdZdd's CycleZdd (ddpaths -t cycle) on the 8x8 grid in this edge order builds 22,360 states,
    // 20,504 after reduction; without the lookahead and the dead-vertex mark this spec built 42,512.
    const g = gridGraph(8, 8);
    const plan = planFrontier(g, gridEdgeOrder(8, 8));
    for (const kernel of [true, false]) {
      const r = buildZdd(cycleSpec(g, plan), undefined, { kernel });
      expect(r.stats.nodesCreated).toBe(22_360);
      expect(r.stats.reducedNodes).toBe(20_504);
      expect(r.zdd.count()).toBe(term('cycles_A140517', 8));
    }
  });

  it('BigInt-at-every-node count agrees with the residue count on a big family', () => {
    const g = gridGraph(9, 9);
    const z = buildZdd(cycleSpec(g, planFrontier(g, gridEdgeOrder(9, 9)))).zdd;
    expect(z.countBig()).toBe(z.count());
  });

  it('corner-to-corner paths = A007764 (n = 2..7), any order', () => {
    for (let n = 2; n <= 7; n++) {
      const g = gridGraph(n, n);
      const z = buildZdd(pathSpec(g, planFrontier(g, gridEdgeOrder(n, n)), 0, n * n - 1)).zdd;
      expect(z.count()).toBe(term('corner_to_corner_paths_A007764', n));
    }
    const g = gridGraph(5, 5);
    const z = buildZdd(pathSpec(g, planFrontier(g, greedyOrder(g)), 0, 24)).zdd;
    expect(z.count()).toBe(term('corner_to_corner_paths_A007764', 5));
  });

  it('Hamiltonian cycles on 2m x 2m grids = A003763; none on odd grids', () => {
    for (let mm = 1; mm <= 4; mm++) {
      const n = 2 * mm;
      const g = gridGraph(n, n);
      const z = buildZdd(cycleSpec(g, planFrontier(g, gridEdgeOrder(n, n)), { hamiltonian: true })).zdd;
      expect(z.count()).toBe(BigInt(seq.hamiltonian_cycles_A003763.terms[mm - 1]));
    }
    const g = gridGraph(5, 5);
    expect(buildZdd(cycleSpec(g, planFrontier(g, gridEdgeOrder(5, 5)), { hamiltonian: true })).zdd.isEmpty()).toBe(true);
  });

  it('corner-to-corner Hamiltonian paths (n = 3, 5, 7; 0 for even n)', () => {
    for (let n = 2; n <= 7; n++) {
      const g = gridGraph(n, n);
      const z = buildZdd(pathSpec(g, planFrontier(g, gridEdgeOrder(n, n)), 0, n * n - 1, { hamiltonian: true })).zdd;
      const want = seq.corner_to_corner_hamiltonian_paths.by_n[String(n)] ?? '0';
      expect(z.count()).toBe(BigInt(want));
    }
  });
});

describe('Simpath against brute force (exact families)', () => {
  const cases: Array<{ name: string; g: Graph; s?: number }> = [
    { name: '3x3 grid', g: gridGraph(3, 3) },
    { name: '2x4 grid', g: gridGraph(2, 4) },
    { name: '3x4 grid', g: gridGraph(3, 4) },
  ];
  const r = rng(2024);
  for (let i = 0; i < 8; i++) {
    const n = 4 + Math.floor(r() * 5);
    const m = Math.min(n * (n - 1) / 2, n + Math.floor(r() * 8));
    cases.push({ name: `random graph ${i} (${n} vertices, ${m} edges)`, g: randomGraph(r, n, m) });
  }
  cases.push({ name: 'graph with an isolated vertex', g: { vertexCount: 5, edges: Int32Array.from([0, 1, 1, 2, 2, 0, 2, 3]) } });

  // Parallel edges (a 2-cycle), a vertex with a single edge, a path end with no edge at all.
  cases.push({ name: 'multigraph with a pendant vertex', g: { vertexCount: 5, edges: Int32Array.from([0, 1, 1, 2, 0, 1, 2, 0, 2, 3, 1, 3, 3, 4]) } });
  cases.push({ name: 'path end without edges', g: { vertexCount: 5, edges: Int32Array.from([0, 1, 1, 2, 2, 0, 2, 3]) }, s: 4 });

  for (const { name, g, s: s0 } of cases) {
    it(name, () => {
      const m = g.edges.length / 2;
      const orders = [gridLike(g), greedyOrder(g), randomOrder(r, m)];
      const s = s0 ?? 0, t = s === 0 ? g.vertexCount - 1 : 0;
      const want = [false, true].map((h) => ({ cycles: bruteCycles(g, h), paths: brutePaths(g, s, t, h) }));
      for (const order of orders) {
        const plan = planFrontier(g, order);
        for (const hamiltonian of [false, true]) {
          // Both builders: the compiled kernel (buildZdd's choice for these specs) and the spec's child.
          for (const kernel of [true, false]) {
            const z = buildZdd(cycleSpec(g, plan, { hamiltonian }), undefined, { kernel }).zdd;
            expect(edgeSets(z, plan)).toEqual(want[+hamiltonian].cycles);
            expect(z.count()).toBe(BigInt(want[+hamiltonian].cycles.length));
            const zp = buildZdd(pathSpec(g, plan, s, t, { hamiltonian }), undefined, { kernel }).zdd;
            expect(edgeSets(zp, plan)).toEqual(want[+hamiltonian].paths);
            expect(zp.count()).toBe(BigInt(want[+hamiltonian].paths.length));
          }
        }
      }
    });
  }
});

describe('family operations on built diagrams', () => {
  it('onset/offset/intersect/difference on cycle and path families match brute force (3x4 grid)', () => {
    const g = gridGraph(3, 4);
    const plan = planFrontier(g, gridEdgeOrder(3, 4));
    const m = plan.edgeCount;
    const cycles = buildZdd(cycleSpec(g, plan)).zdd;
    const ham = buildZdd(cycleSpec(g, plan, { hamiltonian: true })).zdd;
    const brute = bruteCycles(g, false);
    for (let L = 1; L <= m; L++) {
      const e = String(plan.order[m - L]);
      const withE = brute.filter((x) => x.split(',').includes(e));
      expect(edgeSets(cycles.onset(L), plan)).toEqual(withE);
      expect(edgeSets(cycles.offset(L), plan)).toEqual(brute.filter((x) => !x.split(',').includes(e)));
    }
    expect(edgeSets(cycles.intersect(ham), plan)).toEqual(bruteCycles(g, true));
    expect(cycles.difference(ham).count()).toBe(BigInt(brute.length - bruteCycles(g, true).length));
    // Paths from corner to corner never equal a cycle: disjoint families.
    const paths = buildZdd(pathSpec(g, plan, 0, 11)).zdd;
    expect(paths.intersect(cycles).isEmpty()).toBe(true);
    expect(paths.union(cycles).count()).toBe(paths.count() + cycles.count());
    // kth enumerates the built family exactly.
    const all: string[] = [];
    for (let k = 0n; k < cycles.count(); k++) {
      all.push(cycles.kth(k).map((L) => plan.order[m - L]).sort((a, b) => a - b).join(','));
    }
    expect(all.sort()).toEqual(brute);
  });
});

function gridLike(g: Graph): Int32Array {
  return Int32Array.from({ length: g.edges.length / 2 }, (_, i) => i);
}
