/**
 * The Nikoli verdict from the canonical family (numberlink/nikoliVerdict.ts) against the plain
 * Nikoli count: the breadth-first build without deduction on random instances, brute force on
 * tiny grids. A wrong `unique` is the worst answer this product can give.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeInstance, type NumberlinkInstance } from '../../server/src/numberlink/instance';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';
import { decideFromCanonical, decideNikoli, type NikoliVerdict } from '../../server/src/numberlink/nikoliVerdict';
import { findReroute } from '../../server/src/numberlink/canonical';
import { edgesToPaths } from '../../server/src/numberlink/paths';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { checkNumberlink } from '../../server/src/numberlink/check';
import { StopError } from '../../server/src/zdd/control';
import type { PathSolution } from '../../server/src/analysis/result';
import { bruteSolve } from './numberlink-brute';
import { randomCells, rng, solutionProblem, walkCells } from './numberlink-random';

const NIKOLI = { fill: false, notouch: false };

function verdictOf(count: bigint): string {
  return count === 0n ? 'none' : count === 1n ? 'unique' : 'multiple';
}

/** The solutions of a verdict, validated by the test's own checker; returns them as sorted edge keys. */
function checkSolutions(inst: NumberlinkInstance, v: NikoliVerdict, what: string): string[] {
  const keys: string[] = [];
  for (const edges of [v.first, v.second]) {
    if (edges === null) continue;
    const paths = edgesToPaths(inst, edges);
    expect(paths, what).not.toBeNull();
    expect(solutionProblem(inst.rows, inst.cols, inst.cells, paths!, NIKOLI), what).toBeNull();
    keys.push(edges.slice().sort((a, b) => a - b).join(','));
  }
  return keys;
}

function expectAgrees(inst: NumberlinkInstance, v: NikoliVerdict, count: bigint, what: string): void {
  expect(v.verdict, what).toBe(verdictOf(count));
  if (v.count !== null) expect(v.count, what).toBe(count);
  const keys = checkSolutions(inst, v, what);
  if (v.verdict === 'none') expect(keys, what).toEqual([]);
  if (v.verdict === 'unique') {
    expect(v.count, what).toBe(1n);
    expect(keys.length, what).toBe(1);
  }
  if (v.verdict === 'multiple') {
    expect(keys.length, what).toBe(2);
    expect(keys[0], what + ' (two different solutions)').not.toBe(keys[1]);
  }
}

describe('the Nikoli verdict from the canonical family', () => {
  it('agrees with the plain Nikoli count (breadth-first, no deduction) on random instances', () => {
    const rand = rng(1812);
    const seen: Record<string, number> = {};
    for (let t = 0; t < 700; t++) {
      const rows = 2 + Math.floor(rand() * 5), cols = 2 + Math.floor(rand() * 5);
      let cells: Int32Array, pairs: number;
      if (t % 3 === 0) {
        pairs = 1 + Math.floor(rand() * Math.min(5, Math.floor((rows * cols) / 2)));
        cells = randomCells(rows, cols, pairs, rand);
      } else {
        ({ cells, pairs } = walkCells(rows, cols, rand, 2 + Math.floor(rand() * 12), t % 3 === 2 ? 2 + Math.floor(rand() * 4) : Infinity));
      }
      if (pairs === 0) continue;
      const inst = makeInstance(rows, cols, cells, pairs);
      const what = `${rows}x${cols} ${Array.from(cells)}`;
      const count = buildNumberlinkZdd(inst, NIKOLI, undefined, { deduce: false, lookahead: false, search: 'breadth' }).zdd.count();
      // Both ways: the portfolio, and the canonical route on its own.
      expectAgrees(inst, decideNikoli(inst), count, what);
      const v = decideFromCanonical(inst);
      expectAgrees(inst, v, count, what + ' (canonical route)');
      // Which way the answer came: a reroute is the case the theorem adds to the family's count.
      const family = buildNumberlinkZdd(inst, { fill: false, notouch: true }, undefined, { canonical: true }).zdd.count();
      const way = `${v.verdict}${v.verdict === 'multiple' && family === 1n ? ' by a reroute' : ''}`;
      seen[way] = (seen[way] ?? 0) + 1;
    }
    // (seed 1812 with the canonical family: 18 multiple, 472 more multiple by a reroute, 90 unique, 120 none)
    expect(seen.none).toBeGreaterThan(50);
    expect(seen.unique).toBeGreaterThan(50);
    expect(seen.multiple).toBeGreaterThan(10);
    expect(seen['multiple by a reroute']).toBeGreaterThan(200);
  });

  it('agrees with brute force on tiny grids', () => {
    const rand = rng(77);
    let checked = 0;
    for (let t = 0; t < 300; t++) {
      const rows = 1 + Math.floor(rand() * 4), cols = 2 + Math.floor(rand() * 3);
      const pairs = 1 + Math.floor(rand() * Math.min(4, Math.floor((rows * cols) / 2)));
      const cells = t % 2 === 0 ? randomCells(rows, cols, pairs, rand) : walkCells(rows, cols, rand, 6).cells;
      const labels = Math.max(-1, ...cells) + 1;
      if (labels === 0) continue;
      const inst = makeInstance(rows, cols, cells, labels);
      const brute = bruteSolve(rows, cols, cells, labels, NIKOLI, 0);
      expectAgrees(inst, decideNikoli(inst), BigInt(brute.count), `${rows}x${cols} ${Array.from(cells)}`);
      expectAgrees(inst, decideFromCanonical(inst), BigInt(brute.count), `${rows}x${cols} ${Array.from(cells)} (canonical route)`);
      checked++;
    }
    expect(checked).toBeGreaterThan(250);
  });

  it('a reroute turns the one member of the canonical family into a second Nikoli solution', () => {
    // A's cells are neighbours: the only notouch path is the edge between them; under Nikoli A may
    // also go round through the empty row below (two ways).
    const inst = makeInstance(2, 3, Int32Array.from([0, 0, -1, -1, -1, -1]), 1);
    const v = decideFromCanonical(inst);
    expect(v.verdict).toBe('multiple');
    expect(v.count).toBe(3n);
    const second = edgesToPaths(inst, v.second!)!;
    expect(second[0].length).toBeGreaterThan(2);
    expect(solutionProblem(2, 3, inst.cells, second, NIKOLI)).toBeNull();
    // Fill the row below with another label: no free cell, no reroute.
    const full = makeInstance(2, 3, Int32Array.from([0, 0, -1, 1, -1, 1]), 2);
    expect(findReroute(full, decideFromCanonical(full).first!)).toBeNull();
    expect(decideFromCanonical(full).verdict).toBe('unique');
  });

  it('leaves the count unknown (at least 2) when the exact count does not fit in the limits', () => {
    // A's two cells are neighbours in an empty 7x7 grid: deduction leaves one notouch solution (the
    // edge between them, no state built), a reroute proves a second one, and the Nikoli count (all
    // the ways round through the grid) needs thousands of states: more than the limit.
    const rows = 7, cols = 7;
    const cells = new Int32Array(rows * cols).fill(-1);
    cells[0] = 0;
    cells[1] = 0;
    const inst = makeInstance(rows, cols, cells, 1);
    expect(buildNumberlinkZdd(inst, NIKOLI).stats.nodesCreated).toBeGreaterThan(5000);
    const limits = { maxNodes: 1000 };
    for (const v of [decideNikoli(inst, { limits }), decideFromCanonical(inst, { limits })]) {
      expect(v.verdict).toBe('multiple');
      expect(v.count).toBeNull();
      checkSolutions(inst, v, 'neighbour pair');
    }
    // Through the check: count null with a lower bound.
    const text = `7 7\nAA.....\n.......\n.......\n.......\n.......\n.......\n.......\n`;
    const r = checkNumberlink(parseNumberlink(text).puzzle!, { control: { limits } });
    expect(r.verdict).toBe('multiple');
    expect(r.count).toBeNull();
    expect(r.countAtLeast).toBe('2');
    expect((r.secondSolution as PathSolution).paths).not.toEqual((r.solution as PathSolution).paths);
  });
});

describe('the canonical route on the compiled kernel first (SolveOptions.compiledFirst)', () => {
  const NOTOUCH = { fill: false, notouch: true };
  const load = (name: string): NumberlinkInstance => {
    const p = parseNumberlink(readFileSync(join(__dirname, '..', 'fixtures', 'numberlink', 'arukone', name), 'utf8')).puzzle!;
    return makeInstance(p.rows, p.cols, p.cells, p.labels.length);
  };

  it('builds the family the depth-first search builds, on the kernel', () => {
    for (const name of ['160_12x12.nlk', '128_15x15.nlk', '565_10x10.nlk']) {
      const inst = load(name);
      const route = buildNumberlinkZdd(inst, NOTOUCH, undefined, { canonical: true, searchGlobalRules: true });
      const first = buildNumberlinkZdd(inst, NOTOUCH, undefined, { canonical: true, searchGlobalRules: true, compiledFirst: 0.75 });
      expect(route.stats.compiled, name).toBeUndefined();
      expect(first.stats.compiled, name).toBe(true);
      expect(first.zdd.count(), name).toBe(route.zdd.count());
      expect(first.edgesOf(first.zdd.first()), name).toEqual(route.edgesOf(route.zdd.first()));
    }
  });

  it('falls back to the depth-first search when the kernel stops at a limit', () => {
    const inst = load('128_15x15.nlk');
    const route = buildNumberlinkZdd(inst, NOTOUCH, undefined, { canonical: true, searchGlobalRules: true });
    // The kernel needs some 17,600 states here, the search some 1,400.
    const control = { limits: { timeMs: 60_000, maxNodes: 5_000 } };
    // With any share, the whole time too (decideFromCanonical's): a stop at the node limit leaves time.
    for (const compiledFirst of [0.75, 1]) {
      const first = buildNumberlinkZdd(inst, NOTOUCH, control, { canonical: true, searchGlobalRules: true, compiledFirst });
      expect(first.stats.compiled).toBeUndefined();
      expect(first.zdd.count()).toBe(route.zdd.count());
    }
    expect(() => buildNumberlinkZdd(inst, NOTOUCH, control, { canonical: true, search: 'breadth' })).toThrow(/stopped/);
  });

  it('with the whole time for the canonical route (the second thread\'s share), a stop there is reported, not an empty Nikoli build', () => {
    // 350_15x15 takes the kernel some 2 million states from the chosen end: 300 ms stops it.
    const inst = load('350_15x15.nlk');
    let stop: StopError | undefined;
    try {
      decideNikoli(inst, { limits: { timeMs: 300 } }, { canonicalShare: 1 });
    } catch (e) {
      stop = e as StopError;
    }
    expect(stop).toBeInstanceOf(StopError);
    expect(stop!.stopped.limit).toBe('time');
    // The canonical build's level, not "during deduction" of a Nikoli build started past the deadline.
    expect(stop!.stopped.message).toMatch(/^undecided: stopped by the time limit \(300 ms\) after \d+ nodes at level \d+ of \d+$/);
  });

  it('decides the Arukone fixtures as before', () => {
    for (const name of ['160_12x12.nlk', '128_15x15.nlk']) {
      const v = decideFromCanonical(load(name));
      expect(v.verdict, name).toBe('unique');
    }
  });
});
