// Slitherlink on every tiling against brute force on small patches: the ZDD's count of loops
// equals the number of cycles of the graph (found by depth-first search, tiling-cycles.ts) that
// meet the hints, with no hints and with random ones; redundant hints are those whose removal
// leaves one cycle; the square lattice agrees with the square grid's own solver.
import { describe, expect, it } from 'vitest';
import { generateLattice, type TilingName, type Lattice } from '../../server/src/model/lattice';
import { Grid } from '../../server/src/model/grid';
import { SlitherlinkSpec } from '../../server/src/slitherlink/spec';
import { buildLoops } from '../../server/src/slitherlink/solve';
import { breaksAlone, buildLatticeLoops, latticeLoopMeets, latticeRedundantHints } from '../../server/src/slitherlink/latticeSolve';
import { buildZdd } from '../../server/src/zdd/build';
import { allCycles, faceCounts, meets } from './tiling-cycles';
import { redundantTogether } from '../../server/src/slitherlink/checkTiling';
import { seededRandom } from '../../server/src/util/random';

/** A patch per tiling small enough for the search (a few thousand to a few hundred thousand cycles). */
const PATCHES: [TilingName, number, number, string?][] = [
  ['square', 3, 3], ['triangular', 3, 2, '0'], ['triangular', 3, 2], ['honeycomb', 3, 3], ['snubsquare', 3, 2], ['cairo', 3, 3],
  ['greathexagonal', 2, 2], ['octagonal', 3, 3], ['kites', 2, 1], ['floret', 2, 2], ['dodecagonal', 3, 2],
  ['greatdodecagonal', 2, 2], ['greatgreatdodecagonal', 2, 2], ['kagome', 3, 2], ['compassdodecagonal', 2, 2],
];


function zddCount(lattice: Lattice, hints: Int8Array): bigint {
  return buildZdd(new SlitherlinkSpec(lattice, hints)).zdd.count();
}

describe('Slitherlink on tilings: ZDD against brute force', () => {
  for (const [name, w, h, desc] of PATCHES) {
    describe(`${name} ${w}x${h}${name === 'triangular' && desc === undefined ? ' (old)' : ''}`, () => {
      const lattice = generateLattice({ name, width: w, height: h, ...(desc !== undefined ? { desc } : {}) });
      const cycles = allCycles(lattice);

      it('empty: the count is the number of cycles of the graph', () => {
        expect(cycles.length).toBeGreaterThan(2);
        expect(zddCount(lattice, new Int8Array(lattice.faceCount).fill(-1))).toBe(BigInt(cycles.length));
      });

      it('random hints: the count is the number of cycles meeting them; solutions meet them', () => {
        const random = seededRandom(lattice.faceCount * 7919 + w * 31 + h);
        for (let trial = 0; trial < 12; trial++) {
          // Hints read off a random cycle (so that some loop exists), on a random share of the faces;
          // every third trial one hint is moved by one (often no loop at all).
          const base = faceCounts(lattice, cycles[Math.floor(random() * cycles.length)]);
          const hints = new Int8Array(lattice.faceCount).fill(-1);
          const share = 0.2 + 0.6 * random();
          for (let f = 0; f < lattice.faceCount; f++) if (random() < share) hints[f] = base[f];
          if (trial % 3 === 2) {
            const f = Math.floor(random() * lattice.faceCount);
            hints[f] = Math.min(lattice.faceSize(f), Math.max(0, base[f] + (random() < 0.5 ? -1 : 1)));
          }
          const brute = cycles.filter((c) => meets(lattice, c, hints));
          const family = buildLatticeLoops(lattice, hints);
          expect(family.zdd.count(), `trial ${trial}`).toBe(BigInt(brute.length));
          if (brute.length > 0) {
            const loop = family.spec.edgesOf(family.zdd.first());
            expect(meets(lattice, loop, hints)).toBe(true);
            const key = (c: number[]) => [...c].sort((a, b) => a - b).join(',');
            expect(brute.map(key)).toContain(key(loop));
          }
        }
      });

      it('redundant hints of unique puzzles: exactly those whose removal leaves one cycle', () => {
        const random = seededRandom(lattice.faceCount * 104729 + 5);
        let checked = 0;
        for (let trial = 0; trial < 200 && checked < 4; trial++) {
          const base = faceCounts(lattice, cycles[Math.floor(random() * cycles.length)]);
          const hints = new Int8Array(lattice.faceCount).fill(-1);
          for (let f = 0; f < lattice.faceCount; f++) if (random() < 0.7) hints[f] = base[f];
          if (cycles.filter((c) => meets(lattice, c, hints)).length !== 1) continue;
          checked++;
          const expected: number[] = [];
          for (let f = 0; f < lattice.faceCount; f++) {
            if (hints[f] < 0) continue;
            const without = Int8Array.from(hints);
            without[f] = -1;
            if (cycles.filter((c) => meets(lattice, c, without)).length === 1) expected.push(f);
          }
          expect(latticeRedundantHints(lattice, hints)).toEqual(expected);
          // Each hint alone (deduction, witnesses near the loop, searches): the same answer, or none.
          const loopOf = cycles.find((c) => meets(lattice, c, hints))!;
          const onLoop = new Uint8Array(lattice.edgeCount);
          for (const e of loopOf) onLoop[e] = 1;
          for (let f = 0; f < lattice.faceCount; f++) {
            if (hints[f] < 0) continue;
            const b = breaksAlone(lattice, hints, f, undefined, onLoop);
            if (b !== null) expect(b, `face ${f}`).toBe(!expected.includes(f));
          }
          // Together: removed one at a time in that order while one cycle stays.
          const now = Int8Array.from(hints);
          const together: number[] = [];
          for (const f of expected) {
            now[f] = -1;
            if (cycles.filter((c) => meets(lattice, c, now)).length === 1) together.push(f);
            else now[f] = hints[f];
          }
          expect(redundantTogether(lattice, hints, expected, {}).removed).toEqual(together);
          // Without deduction first (every hint to the diagrams): one diagram; split down to single hints (a tiny node budget per group) without the
          // searches and after them (the searches with the solution's edges first, small and large).
          const solution = cycles.find((c) => meets(lattice, c, hints))!;
          expect(latticeRedundantHints(lattice, hints, undefined, { deduce: false, witnessNodes: 0 })).toEqual(expected);
          expect(latticeRedundantHints(lattice, hints, undefined, { deduce: false, witnessNodes: 0, groupNodes: 20 })).toEqual(expected);
          expect(latticeRedundantHints(lattice, hints, undefined, { deduce: false, solution, groupNodes: 20 })).toEqual(expected);
          expect(latticeRedundantHints(lattice, hints, undefined, { deduce: false, solution, groupNodes: 20, witnessNodes: 1_000_000 })).toEqual(expected);
        }
        expect(checked).toBeGreaterThan(0);
      });
    });
  }

  it('latticeLoopMeets: a cycle meeting its hints, not two cycles, not a path, not a broken hint', () => {
    const lattice = generateLattice({ name: 'honeycomb', width: 3, height: 3 });
    const none = new Int8Array(lattice.faceCount).fill(-1);
    const cycles = allCycles(lattice);
    const a = cycles.find((c) => c.length === 6)!;
    const b = cycles.find((c) => c.length === 6 && c.every((e) => !a.some((x) => [lattice.ends[2 * x], lattice.ends[2 * x + 1]].some((v) => v === lattice.ends[2 * e] || v === lattice.ends[2 * e + 1]))))!;
    expect(latticeLoopMeets(lattice, none, a)).toBe(true);
    expect(latticeLoopMeets(lattice, none, [...a, ...b])).toBe(false);
    expect(latticeLoopMeets(lattice, none, a.slice(1))).toBe(false);
    const hints = Int8Array.from(faceCounts(lattice, a));
    expect(latticeLoopMeets(lattice, hints, a)).toBe(true);
    hints[0] = (hints[0] + 1) % 7;
    expect(latticeLoopMeets(lattice, hints, a)).toBe(false);
  });

  it('the square lattice counts as the square grid does (same hints, cell r*cols+c = face r*cols+c)', () => {
    const random = seededRandom(11);
    for (let trial = 0; trial < 20; trial++) {
      const rows = 3 + Math.floor(random() * 3), cols = 3 + Math.floor(random() * 3);
      const lattice = generateLattice({ name: 'square', width: cols, height: rows });
      const hints = new Int8Array(rows * cols).fill(-1);
      for (let i = 0; i < hints.length; i++) if (random() < 0.4) hints[i] = Math.floor(random() * 4);
      expect(buildLatticeLoops(lattice, hints).zdd.count()).toBe(buildLoops(new Grid(rows, cols), hints).zdd.count());
    }
  });
});
