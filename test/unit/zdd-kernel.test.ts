import { describe, expect, it } from 'vitest';
import { buildZdd, type BuildResult } from '../../server/src/zdd/build';
import { StopError, type RunControl } from '../../server/src/zdd/control';
import { gridEdgeOrder, gridGraph, greedyOrder, planFrontier, type Graph } from '../../server/src/zdd/frontier';
import { kernelAvailable } from '../../server/src/zdd/kernel';
import type { Spec } from '../../server/src/zdd/spec';
import { cycleSpec, pathSpec } from '../../server/src/zdd/specs/simpath';
import type { Zdd } from '../../server/src/zdd/zdd';
import { edgeSets, randomGraph, randomOrder, rng } from './simpath-brute';

function sameFamily(a: Zdd, b: Zdd): boolean {
  return a.count() === b.count() && a.difference(b).isEmpty() && b.difference(a).isEmpty();
}

/** The compiled kernel's build and the spec's (child) build of the same spec. */
function both(spec: Spec, control?: RunControl): { k: BuildResult; js: BuildResult } {
  return { k: buildZdd(spec, control), js: buildZdd(spec, control, { kernel: false }) };
}

function expectSame(spec: Spec): BuildResult {
  const { k, js } = both(spec);
  // The same states level by level (the kernel runs the spec's moves), the same reduced diagram.
  expect(k.stats.nodesCreated).toBe(js.stats.nodesCreated);
  expect(k.stats.maxLevelWidth).toBe(js.stats.maxLevelWidth);
  expect(k.stats.levels).toBe(js.stats.levels);
  expect(k.stats.reducedNodes).toBe(js.stats.reducedNodes);
  expect(k.zdd.count()).toBe(js.zdd.count());
  expect(sameFamily(k.zdd, js.zdd)).toBe(true);
  return k;
}

function stopOf(f: () => unknown): StopError {
  try {
    f();
  } catch (e) {
    if (e instanceof StopError) return e;
    throw e;
  }
  throw new Error('no stop');
}

describe('the compiled builder (zdd/kernel.ts)', () => {
  it('is built and used for the Simpath specs', () => {
    // The test run compiles it (vitest.config.ts): without it every comparison below would
    // compare the generic builder with itself.
    expect(kernelAvailable()).toBe(true);
  });

  it('builds the same states and diagram as the spec on grids: cycles, Hamiltonian cycles, paths', () => {
    for (let n = 2; n <= 7; n++) {
      const g = gridGraph(n, n);
      for (const order of [gridEdgeOrder(n, n), greedyOrder(g)]) {
        const plan = planFrontier(g, order);
        expectSame(cycleSpec(g, plan));
        expectSame(cycleSpec(g, plan, { hamiltonian: true }));
        expectSame(pathSpec(g, plan, 0, n * n - 1));
        expectSame(pathSpec(g, plan, 0, n * n - 1, { hamiltonian: true }));
      }
    }
    // Rectangles, both ways round.
    for (const [r, c] of [[3, 9], [9, 3], [2, 12]]) {
      const g = gridGraph(r, c);
      expectSame(cycleSpec(g, planFrontier(g, gridEdgeOrder(r, c))));
    }
  });

  it('builds the same families as the spec on random graphs in random orders', () => {
    const r = rng(77);
    for (let i = 0; i < 40; i++) {
      const n = 5 + Math.floor(r() * 9);
      const m = Math.min((n * (n - 1)) / 2, n + Math.floor(r() * 14));
      const g = randomGraph(r, n, m);
      const plan = planFrontier(g, randomOrder(r, m));
      const hamiltonian = r() < 0.3;
      expectSame(cycleSpec(g, plan, { hamiltonian }));
      expectSame(pathSpec(g, plan, 0, n - 1, { hamiltonian }));
    }
  });

  it('children many levels down (15 or more: kept aside) are followed exactly', () => {
    // Two triangles with a star of 20 pendant edges between them in the order: no pendant edge
    // can be taken, so every state skips all of them at once.
    const edges = [0, 1, 1, 2, 2, 0];
    for (let k = 0; k < 20; k++) edges.push(3, 4 + k);
    edges.push(24, 25, 25, 26, 26, 24, 2, 3, 3, 24);
    const g: Graph = { vertexCount: 27, edges: Int32Array.from(edges) };
    const plan = planFrontier(g);
    const z = expectSame(cycleSpec(g, plan)).zdd;
    expect(edgeSets(z, plan)).toEqual(['0,1,2', '23,24,25']);
  });

  it('counts exactly past 2^53, with several primes (BigInt check)', () => {
    const g = gridGraph(10, 10);
    const z = buildZdd(cycleSpec(g, planFrontier(g, gridEdgeOrder(10, 10)))).zdd;
    // The count comes from the build (residues through the reduction); countBig counts the diagram.
    expect(z.count()).toBe(z.countBig());
    expect(z.count() > 2n ** 53n).toBe(true);
  });

  it('empty families: no cycle in a tree, no edge at all, a Hamiltonian cycle with an isolated vertex', () => {
    const tree: Graph = { vertexCount: 4, edges: Int32Array.from([0, 1, 1, 2, 1, 3]) };
    expect(expectSame(cycleSpec(tree, planFrontier(tree))).zdd.isEmpty()).toBe(true);
    const none: Graph = { vertexCount: 3, edges: new Int32Array(0) };
    expect(buildZdd(cycleSpec(none, planFrontier(none))).zdd.count()).toBe(0n);
    const iso: Graph = { vertexCount: 4, edges: Int32Array.from([0, 1, 1, 2, 2, 0]) };
    expect(buildZdd(cycleSpec(iso, planFrontier(iso), { hamiltonian: true })).zdd.count()).toBe(0n);
    expect(buildZdd(cycleSpec(iso, planFrontier(iso))).zdd.count()).toBe(1n);
  });

  it('stops at the node limit, the byte budget, cancellation and the time limit, as the generic builder does', () => {
    const g = gridGraph(9, 9);
    const plan = planFrontier(g, gridEdgeOrder(9, 9));
    const nodes = stopOf(() => buildZdd(cycleSpec(g, plan), { limits: { maxNodes: 5000 } })).stopped;
    expect(nodes.limit).toBe('nodes');
    expect(nodes.message).toMatch(/^undecided: stopped after \d+ nodes at level \d+ of 144 \(node limit 5000\)$/);
    expect(nodes.nodes).toBeGreaterThan(5000);

    const budget = 2 ** 20;
    const memory = stopOf(() => buildZdd(cycleSpec(g, plan), { limits: { maxNodes: 1e9, maxBytes: budget } })).stopped;
    expect(memory.limit).toBe('memory');
    expect(memory.message).toMatch(/^undecided: stopped at the memory limit \(1 MB for this diagram: it held \d+ MB and .* needed \d+ MB more\) after \d+ nodes at level \d+ of 144$/);
    expect(Number(/it held (\d+) MB/.exec(memory.message)![1])).toBeLessThanOrEqual(1);

    let calls = 0;
    const cancelled = stopOf(() => buildZdd(cycleSpec(g, plan), { isCancelled: () => ++calls > 30 })).stopped;
    expect(cancelled.limit).toBe('cancelled');
    expect(cancelled.message).toMatch(/^undecided: cancelled after \d+ nodes at level \d+ of 144$/);

    const time = stopOf(() => buildZdd(cycleSpec(g, plan), { limits: { timeMs: 1 }, deadline: Date.now() - 1 })).stopped;
    expect(time.limit).toBe('time');

    // Within its limits the same build finishes.
    expect(buildZdd(cycleSpec(g, plan), { limits: { maxNodes: 1e6, maxBytes: 64 * 2 ** 20 } }).zdd.count()).toBe(
      buildZdd(cycleSpec(g, plan), undefined, { kernel: false }).zdd.count(),
    );
  });

  it('reports progress per level, then the reduction', () => {
    const g = gridGraph(5, 5);
    const seen: string[] = [];
    buildZdd(cycleSpec(g, planFrontier(g, gridEdgeOrder(5, 5))), { onProgress: (p) => seen.push(`${p.phase}:${p.done}/${p.total}`) });
    expect(seen[0]).toBe('build:0/40');
    expect(seen[seen.length - 1]).toBe('reduce:40/40');
    expect(seen.length).toBeGreaterThan(20);
  });

  it('builds with events or checkpoints go to the generic builder (the kernel has neither)', () => {
    const g = gridGraph(5, 5);
    const plan = planFrontier(g, gridEdgeOrder(5, 5));
    const r = buildZdd(cycleSpec(g, plan), undefined, { checkpointEvery: 4 });
    expect(r.resume).toBeDefined();
    expect(r.zdd.count()).toBe(buildZdd(cycleSpec(g, plan)).zdd.count());
  });
});
