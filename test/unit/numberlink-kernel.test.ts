/**
 * The Numberlink spec's compiled kernels (numberlink/kernel.ts, numberlink/wasm/numberlink.ts, and
 * numberlink/wasm/notouch.ts for notouch and the canonical family): the same states level by level,
 * the same reduced diagram and the same family as the spec's own `child` in the generic builder, on
 * random instances (with and without deduction's fixed edges and the lookahead), on Janko's puzzles
 * under fill and Janko's Arukone under notouch and canonical, and at the limits. The counts themselves are
 * checked against brute force in numberlink-brute.test.ts, whose breadth-first builds now run on
 * the kernel.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NumberlinkRule } from '../../server/src/numberlink/puzzle';
import { deduce } from '../../server/src/numberlink/deduce';
import { chooseSweep, makeInstance, sweepNeighbours, sweepOrder, type NumberlinkInstance, type Sweep } from '../../server/src/numberlink/instance';
import { NumberlinkSpec } from '../../server/src/numberlink/spec';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { buildZdd, type BuildResult } from '../../server/src/zdd/build';
import { StopError } from '../../server/src/zdd/control';
import { planFrontier } from '../../server/src/zdd/frontier';
import { kernelAvailable } from '../../server/src/zdd/kernel';
import { randomCells, rng, walkCells } from './numberlink-random';

const FILL = { fill: true, notouch: false }, NIKOLI = { fill: false, notouch: false };
const NOTOUCH = { fill: false, notouch: true }, FILL_NOTOUCH = { fill: true, notouch: true };

function specOf(inst: NumberlinkInstance, rule: NumberlinkRule, options: { deduce?: boolean; lookahead?: boolean; canonical?: boolean; sweep?: Sweep } = {}): NumberlinkSpec | null {
  let fixed: Int8Array | undefined;
  if (options.deduce !== false) {
    const d = deduce(inst, rule, {});
    if (d.contradiction) return null;
    fixed = d.fixed.slice();
  }
  const sweep = options.sweep ?? chooseSweep(inst.rows, inst.cols, inst.cells, fixed, inst.graph.edges, () => {});
  const plan = planFrontier(inst.graph, sweepOrder(inst.rows, inst.cols, sweep));
  return new NumberlinkSpec({
    cellCount: inst.rows * inst.cols, endpointKey: inst.endpointKey, labelCount: inst.labelCount, plan, rule, fixed,
    edgeEnds: options.lookahead === false ? undefined : inst.graph.edges,
    canonical: options.canonical ? sweepNeighbours(inst.rows, inst.cols, sweep) : undefined,
  });
}

/** Both builds of one spec, compared; the kernel's result. */
function expectSame(spec: NumberlinkSpec, what: string): BuildResult {
  const k = buildZdd(spec), js = buildZdd(spec, undefined, { kernel: false });
  expect(k.stats.nodesCreated, what).toBe(js.stats.nodesCreated);
  expect(k.stats.maxLevelWidth, what).toBe(js.stats.maxLevelWidth);
  expect(k.stats.reducedNodes, what).toBe(js.stats.reducedNodes);
  const n = js.zdd.count();
  expect(k.zdd.count(), what).toBe(n);
  if (n > 0n) {
    expect(k.zdd.difference(js.zdd).isEmpty(), what).toBe(true);
    expect(js.zdd.difference(k.zdd).isEmpty(), what).toBe(true);
    // Its sets decode to solutions as the spec's do.
    expect(spec.decode(k.zdd.first()), what).toEqual(spec.decode(js.zdd.first()));
  }
  return k;
}

describe('the Numberlink kernel', () => {
  it('is built, and applies to every rule and the canonical family', () => {
    expect(kernelAvailable()).toBe(true);
    const inst = makeInstance(3, 3, Int32Array.from([0, -1, 1, -1, -1, -1, 0, -1, 1]), 2);
    const free = { deduce: false };
    expect(specOf(inst, FILL, free)?.kernel?.source).toBe('numberlink/wasm/numberlink.ts');
    expect(specOf(inst, NIKOLI, free)?.kernel?.source).toBe('numberlink/wasm/numberlink.ts');
    expect(specOf(inst, FILL_NOTOUCH, free)?.kernel?.source).toBe('numberlink/wasm/notouch.ts');
    expect(specOf(inst, NOTOUCH, free)?.kernel?.source).toBe('numberlink/wasm/notouch.ts');
    expect(specOf(inst, NOTOUCH, { ...free, canonical: true })?.kernel?.source).toBe('numberlink/wasm/notouch.ts');
    expect(kernelAvailable(specOf(inst, NOTOUCH, free)!.kernel)).toBe(true);
  });

  it('builds what the spec builds on random instances (fill and nikoli; deduction and lookahead on and off)', () => {
    const rand = rng(4242);
    let nonEmpty = 0, built = 0;
    for (let t = 0; t < 60; t++) {
      const rows = 2 + Math.floor(rand() * 4), cols = 2 + Math.floor(rand() * 4);
      const walk = t % 2 === 0;
      const { cells, pairs } = walk ? walkCells(rows, cols, rand, rows * cols) : (() => {
        const p = 1 + Math.floor(rand() * Math.min(4, (rows * cols) >> 1));
        return { cells: randomCells(rows, cols, p, rand), pairs: p };
      })();
      if (pairs === 0) continue;
      const inst = makeInstance(rows, cols, cells, pairs);
      for (const rule of [FILL, NIKOLI]) {
        for (const opts of [{}, { deduce: false }, { deduce: false, lookahead: false }]) {
          const spec = specOf(inst, rule, opts);
          if (!spec || !spec.kernel) continue;
          const k = expectSame(spec, `${rows}x${cols} ${Array.from(cells)} ${JSON.stringify(rule)} ${JSON.stringify(opts)}`);
          built++;
          if (k.zdd.count() > 0n) nonEmpty++;
        }
      }
    }
    expect(built).toBeGreaterThan(150);
    expect(nonEmpty).toBeGreaterThan(40);
  });

  it('builds what the spec builds under notouch and in the canonical family, on random instances', () => {
    const rand = rng(777);
    let nonEmpty = 0, built = 0, canon = 0;
    for (let t = 0; t < 90; t++) {
      const rows = 2 + Math.floor(rand() * 5), cols = 2 + Math.floor(rand() * 5);
      const walk = t % 2 === 0;
      const { cells, pairs } = walk ? walkCells(rows, cols, rand, rows * cols) : (() => {
        const p = 1 + Math.floor(rand() * Math.min(5, (rows * cols) >> 1));
        return { cells: randomCells(rows, cols, p, rand), pairs: p };
      })();
      if (pairs === 0) continue;
      const inst = makeInstance(rows, cols, cells, pairs);
      const cases: [NumberlinkRule, { deduce?: boolean; lookahead?: boolean; canonical?: boolean }][] = [];
      for (const rule of [NOTOUCH, FILL_NOTOUCH]) for (const opts of [{}, { deduce: false }, { deduce: false, lookahead: false }]) cases.push([rule, opts]);
      for (const opts of [{ canonical: true }, { canonical: true, deduce: false }, { canonical: true, deduce: false, lookahead: false }]) cases.push([NOTOUCH, opts]);
      for (const [rule, opts] of cases) {
        const spec = specOf(inst, rule, opts);
        if (!spec || spec.levels === 0) continue; // deduction decided every edge: nothing to build
        expect(spec.kernel, 'the notouch kernel applies').toBeDefined();
        const k = expectSame(spec, `${rows}x${cols} ${Array.from(cells)} ${JSON.stringify(rule)} ${JSON.stringify(opts)}`);
        built++;
        if (opts.canonical) canon++;
        if (k.zdd.count() > 0n) nonEmpty++;
      }
    }
    expect(built).toBeGreaterThan(500);
    expect(canon).toBeGreaterThan(150);
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('builds what the spec builds on frontiers of more than 16 slots (packed avoidance rows of 32 bits)', () => {
    // The kernel stores a state packed (wasm/notouch.ts `pack`), its avoidance rows in 16 bits up to
    // 16 slots and in 32 beyond: long lines swept along their length reach the wide layout.
    const rand = rng(1717);
    const along: Sweep = { transpose: false, reverseLines: false, reverseCells: false };
    let built = 0, nonEmpty = 0;
    for (let t = 0; t < 12; t++) {
      const rows = 2 + (t % 2), cols = 17 + Math.floor(rand() * 2);
      const { cells, pairs } = t % 4 < 2 ? walkCells(rows, cols, rand, rows * cols) : (() => {
        const p = 2 + Math.floor(rand() * 3);
        return { cells: randomCells(rows, cols, p, rand), pairs: p };
      })();
      if (pairs === 0) continue;
      const inst = makeInstance(rows, cols, cells, pairs);
      expect(planFrontier(inst.graph, sweepOrder(rows, cols, along)).width).toBeGreaterThan(16);
      for (const opts of [{ deduce: false }, { deduce: false, canonical: true }, { canonical: true }]) {
        const spec = specOf(inst, NOTOUCH, { ...opts, sweep: along });
        if (!spec || spec.levels === 0) continue;
        expect(spec.kernel, 'the notouch kernel applies').toBeDefined();
        const k = expectSame(spec, `${rows}x${cols} ${Array.from(cells)} ${JSON.stringify(opts)}`);
        built++;
        if (k.zdd.count() > 0n) nonEmpty++;
      }
    }
    expect(built).toBeGreaterThan(20);
    expect(nonEmpty).toBeGreaterThan(5);
  });

  it('builds what the spec builds on frontiers of every width from 8 to 20 slots (the vector paths)', () => {
    // The kernel scans, packs and unpacks slot words four or eight at a time from 8 slots on, a
    // section's last vector running into the next one (wasm/notouch.ts `pack`, `unpack`, `maskOf`,
    // `ghostMask`): every width, so that each remainder of 4 and 8 is met, with and without the
    // canonical family's ghosts.
    const rand = rng(2024);
    const along: Sweep = { transpose: false, reverseLines: false, reverseCells: false };
    const widths = new Set<number>();
    let built = 0, nonEmpty = 0;
    for (let cols = 7; cols <= 19; cols++) {
      for (let t = 0; t < 2; t++) {
        const rows = 2 + t;
        const { cells, pairs } = t === 0 ? walkCells(rows, cols, rand, rows * cols) : (() => {
          const p = 2 + Math.floor(rand() * 3);
          return { cells: randomCells(rows, cols, p, rand), pairs: p };
        })();
        if (pairs === 0) continue;
        const inst = makeInstance(rows, cols, cells, pairs);
        const width = planFrontier(inst.graph, sweepOrder(rows, cols, along)).width;
        for (const opts of [{ deduce: false }, { deduce: false, canonical: true }, { canonical: true }]) {
          const spec = specOf(inst, NOTOUCH, { ...opts, sweep: along });
          if (!spec || spec.levels === 0) continue;
          expect(spec.kernel, 'the notouch kernel applies').toBeDefined();
          const k = expectSame(spec, `${rows}x${cols} ${Array.from(cells)} ${JSON.stringify(opts)}`);
          widths.add(width);
          built++;
          if (k.zdd.count() > 0n) nonEmpty++;
        }
      }
    }
    for (let w = 8; w <= 20; w++) expect(widths.has(w), `a frontier of ${w} slots`).toBe(true);
    expect(built).toBeGreaterThan(50);
    expect(nonEmpty).toBeGreaterThan(10);
  });

  it("builds what the spec builds on Janko's Arukone under notouch and in the canonical family", () => {
    let built = 0;
    for (const name of ['03_8x8.nlk', '565_10x10.nlk', '160_12x12.nlk', '128_15x15.nlk']) {
      const p = parseNumberlink(readFileSync(join(__dirname, '..', 'fixtures', 'numberlink', 'arukone', name), 'utf8')).puzzle!;
      const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
      // All notouch solutions only where they are few (160 has 4.3M states, slow in JavaScript).
      const all = p.rows <= 10 ? [{}] : [];
      for (const opts of [...all, { canonical: true }, { deduce: false, canonical: true }]) {
        const spec = specOf(inst, NOTOUCH, opts)!;
        if (spec.levels === 0) continue; // deduction decided every edge
        expect(spec.kernel, name).toBeDefined();
        const k = expectSame(spec, `${name} ${JSON.stringify(opts)}`);
        expect(k.stats.nodesCreated, name).toBeGreaterThan(50);
        built++;
      }
    }
    expect(built).toBeGreaterThan(6);
  });

  it("builds what the spec builds on Janko's puzzles under fill", () => {
    for (const name of ['001_8x8.nlk', '003_8x8.nlk', '012_10x10.nlk', '063_10x10.nlk']) {
      const p = parseNumberlink(readFileSync(join(__dirname, '..', 'fixtures', 'numberlink', 'janko', name), 'utf8')).puzzle!;
      const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
      const k = expectSame(specOf(inst, FILL)!, name);
      expect(k.stats.nodesCreated, name).toBeGreaterThan(100);
    }
  });

  it('stops at the node limit and the byte budget as the generic builder does', () => {
    const p = parseNumberlink(readFileSync(join(__dirname, '..', 'fixtures', 'numberlink', 'janko', '012_10x10.nlk'), 'utf8')).puzzle!;
    const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
    const spec = specOf(inst, FILL)!;
    const stop = (maxNodes: number, maxBytes?: number): StopError => {
      try {
        buildZdd(spec, { limits: { timeMs: 60_000, maxNodes, ...(maxBytes ? { maxBytes } : {}) } });
      } catch (e) {
        if (e instanceof StopError) return e;
        throw e;
      }
      throw new Error('no stop');
    };
    expect(stop(5000).stopped.limit).toBe('nodes');
    expect(stop(10_000_000, 200_000).stopped.limit).toBe('memory');
  });
});
