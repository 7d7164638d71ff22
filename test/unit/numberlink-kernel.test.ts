/**
 * The Numberlink spec's compiled kernel (numberlink/kernel.ts, numberlink/wasm/numberlink.ts):
 * the same states level by level, the same reduced diagram and the same family as the spec's own
 * `child` in the generic builder, on random instances (with and without deduction's fixed edges
 * and the lookahead), on Janko's puzzles under fill, and at the limits. The counts themselves are
 * checked against brute force in numberlink-brute.test.ts, whose breadth-first builds now run on
 * the kernel.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NumberlinkRule } from '../../server/src/model/puzzle';
import { deduce } from '../../server/src/numberlink/deduce';
import { chooseSweep, makeInstance, sweepOrder, type NumberlinkInstance } from '../../server/src/numberlink/instance';
import { NumberlinkSpec } from '../../server/src/numberlink/spec';
import { parseNumberlink } from '../../server/src/parse/index';
import { buildZdd, type BuildResult } from '../../server/src/zdd/build';
import { StopError } from '../../server/src/zdd/control';
import { planFrontier } from '../../server/src/zdd/frontier';
import { kernelAvailable } from '../../server/src/zdd/kernel';
import { randomCells, rng, walkCells } from './numberlink-random';

const FILL = { fill: true, notouch: false }, NIKOLI = { fill: false, notouch: false };

function specOf(inst: NumberlinkInstance, rule: NumberlinkRule, options: { deduce?: boolean; lookahead?: boolean } = {}): NumberlinkSpec | null {
  let fixed: Int8Array | undefined;
  if (options.deduce !== false) {
    const d = deduce(inst, rule, {});
    if (d.contradiction) return null;
    fixed = d.fixed.slice();
  }
  const sweep = chooseSweep(inst.rows, inst.cols, inst.cells, fixed, inst.graph.edges, () => {});
  const plan = planFrontier(inst.graph, sweepOrder(inst.rows, inst.cols, sweep));
  return new NumberlinkSpec({
    cellCount: inst.rows * inst.cols, endpointKey: inst.endpointKey, labelCount: inst.labelCount, plan, rule, fixed,
    edgeEnds: options.lookahead === false ? undefined : inst.graph.edges,
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
  it('is built, and applies to the rules without notouch', () => {
    expect(kernelAvailable()).toBe(true);
    const inst = makeInstance(3, 3, Int32Array.from([0, -1, 1, -1, -1, -1, 0, -1, 1]), 2);
    const free = { deduce: false };
    expect(specOf(inst, FILL, free)?.kernel).toBeDefined();
    expect(specOf(inst, NIKOLI, free)?.kernel).toBeDefined();
    expect(specOf(inst, { fill: true, notouch: true }, free)?.kernel).toBeUndefined();
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
