// The designer's loop-to-puzzle tools on tilings (design/fromLoop.ts, design/hintFamily.ts and the
// uniqueness test under them, on a lattice's board), against brute force on small patches: every
// cycle of the patch's graph (depth-first search, tiling-cycles.ts) is tried against the hints.
// A puzzle from a loop must be met by exactly one cycle, that loop, and lose that when any one
// hint goes; the family of a loop must be exactly the hint sets that only the loop meets.
import { describe, expect, it } from 'vitest';
import { generateLattice, type Lattice, type TilingName, type TilingRef } from '../../server/src/model/lattice';
import { latticeInsideOfEdges, latticeLoopEdges } from '../../server/src/model/latticeLoop';
import { seededRandom } from '../../server/src/util/random';
import { latticeBoard } from '../../server/src/slitherlink/design/board';
import { puzzleFromLoopOn } from '../../server/src/slitherlink/design/fromLoop';
import { hintFamilyOn } from '../../server/src/slitherlink/design/hintFamily';
import { hasOtherLoop } from '../../server/src/slitherlink/design/uniqueness';
import { allCycles, faceCounts } from './tiling-cycles';

type Patch = [TilingName, number, number, string?];

/** Patches a little larger than the suggestion tests' (thousands of cycles: room for real removals). */
const FROM_LOOP: Patch[] = [
  ['triangular', 3, 3, '0'], ['honeycomb', 4, 3], ['snubsquare', 3, 3], ['cairo', 4, 3], ['kites', 2, 2], ['floret', 2, 2],
  ['square', 3, 3], ['octagonal', 3, 3], ['greathexagonal', 2, 2], ['dodecagonal', 3, 2], ['kagome', 3, 2],
  ['greatdodecagonal', 2, 2], ['greatgreatdodecagonal', 2, 2], ['compassdodecagonal', 2, 2],
];

/** Patches small enough to enumerate every hint set (up to 2^14). */
const FAMILY: Patch[] = [
  ['triangular', 3, 2, '0'], ['honeycomb', 3, 3], ['snubsquare', 3, 2], ['cairo', 3, 3], ['kites', 2, 1], ['floret', 2, 2],
  ['octagonal', 3, 3], ['dodecagonal', 3, 2], ['compassdodecagonal', 2, 2],
];

const refOf = ([name, width, height, desc]: Patch): TilingRef => ({ name, width, height, ...(desc !== undefined ? { desc } : {}) });

/** Every cycle of the patch as its per-face counts, with the cycle's edges. */
function cyclesOf(lattice: Lattice): { edges: number[]; counts: Int32Array }[] {
  return allCycles(lattice).map((edges) => ({ edges, counts: faceCounts(lattice, edges) }));
}

/** How many cycles meet `hints` (per face, -1 = none). */
function bruteCount(cycles: { counts: Int32Array }[], hints: ArrayLike<number>): number {
  let n = 0;
  for (const c of cycles) {
    let ok = true;
    for (let f = 0; f < hints.length && ok; f++) if (hints[f] >= 0 && c.counts[f] !== hints[f]) ok = false;
    if (ok) n++;
  }
  return n;
}

/** Per edge: 1 on `loop`. */
function perEdge(lattice: Lattice, loop: number[]): Uint8Array {
  const on = new Uint8Array(lattice.edgeCount);
  for (const e of loop) on[e] = 1;
  return on;
}

/** `count` distinct cycles of the patch, of at least a few edges, chosen by `seed`. */
function someLoops(cycles: { edges: number[] }[], count: number, seed: number): number[][] {
  const random = seededRandom(seed);
  const long = cycles.filter((c) => c.edges.length >= 6);
  const pool = long.length >= count ? long : cycles;
  const out = new Set<number>();
  while (out.size < Math.min(count, pool.length)) out.add(Math.floor(random() * pool.length));
  return [...out].map((i) => pool[i]!.edges);
}

describe('puzzle from a loop on tilings: unique and minimal by brute force', () => {
  for (const patch of FROM_LOOP) {
    const ref = refOf(patch);
    it(`${ref.name} ${ref.width}x${ref.height}`, () => {
      const lattice = generateLattice(ref);
      const board = latticeBoard(lattice);
      const cycles = cyclesOf(lattice);
      let tried = 0;
      for (const [k, loop] of someLoops(cycles, 3, lattice.faceCount * 31 + ref.width).entries()) {
        const on = perEdge(lattice, loop);
        const inside = latticeInsideOfEdges(lattice, on);
        expect(Array.from(latticeLoopEdges(lattice, inside))).toEqual(Array.from(on));
        const r = puzzleFromLoopOn(board, inside, { seed: k + 1 });
        const target = faceCounts(lattice, loop);
        // With every face hinted, unique exactly when only the loop has those counts.
        expect(r.unique, `loop ${k}`).toBe(bruteCount(cycles, Int8Array.from(target)) === 1);
        if (!r.unique) continue;
        expect(r.minimal).toBe(true);
        expect(r.hints.length).toBe(lattice.faceCount);
        for (let f = 0; f < lattice.faceCount; f++) if (r.hints[f]! >= 0) expect(r.hints[f]).toBe(target[f]);
        // Exactly one cycle meets the hints, and it is the loop.
        const meeting = cycles.filter((c) => bruteCount([c], r.hints) === 1);
        expect(meeting.length, `loop ${k}: cycles meeting the puzzle`).toBe(1);
        expect([...meeting[0]!.edges].sort((a, b) => a - b)).toEqual([...loop].sort((a, b) => a - b));
        // Every hint is needed: without it more than one cycle meets the rest.
        for (let f = 0; f < lattice.faceCount; f++) {
          if (r.hints[f]! < 0) continue;
          const less = Int8Array.from(r.hints);
          less[f] = -1;
          expect(bruteCount(cycles, less), `loop ${k}: without face ${f}`).toBeGreaterThan(1);
          tried++;
        }
      }
      expect(tried).toBeGreaterThan(0);
    });
  }

  it('only where allowed (a mask): unique exactly when brute force says the allowed hints can make it so; preferred hints go last', () => {
    for (const patch of FROM_LOOP.slice(0, 6)) {
      const lattice = generateLattice(refOf(patch));
      const board = latticeBoard(lattice);
      const cycles = cyclesOf(lattice);
      const random = seededRandom(lattice.faceCount + 7);
      for (const loop of someLoops(cycles, 2, lattice.faceCount * 13)) {
        const on = perEdge(lattice, loop);
        const inside = latticeInsideOfEdges(lattice, on);
        const target = faceCounts(lattice, loop);
        const mask = Uint8Array.from({ length: lattice.faceCount }, () => (random() < 0.6 ? 1 : 0));
        const all = Int8Array.from(target, (v, f) => (mask[f] ? v : -1));
        const r = puzzleFromLoopOn(board, inside, { seed: 5, mask });
        expect(r.unique).toBe(bruteCount(cycles, all) === 1);
        expect(!!r.notUnique).toBe(bruteCount(cycles, all) > 1);
        if (!r.unique) continue;
        for (let f = 0; f < lattice.faceCount; f++) if (!mask[f]) expect(r.hints[f]).toBe(-1);
        expect(bruteCount(cycles, r.hints)).toBe(1);
        // preferKeep a minimal unique set: every other hint is tried first and goes, and the
        // set's own hints are all needed, so the result is that set.
        const prefer = Uint8Array.from(r.hints, (h) => (h >= 0 ? 1 : 0));
        const again = puzzleFromLoopOn(board, inside, { seed: 9, preferKeep: prefer });
        expect(bruteCount(cycles, again.hints)).toBe(1);
        expect(Array.from(again.hints)).toEqual(Array.from(r.hints));
      }
    }
  });

  it('the lattice test for another loop agrees with brute force', () => {
    for (const patch of FROM_LOOP) {
      const lattice = generateLattice(refOf(patch));
      const cycles = cyclesOf(lattice);
      const random = seededRandom(lattice.faceCount * 3 + 1);
      for (const loop of someLoops(cycles, 4, lattice.faceCount)) {
        const on = perEdge(lattice, loop);
        const target = faceCounts(lattice, loop);
        for (let trial = 0; trial < 6; trial++) {
          const hints = Int8Array.from(target, (v) => (random() < 0.15 + 0.12 * trial ? v : -1));
          expect(hasOtherLoop(lattice, hints, on), `${patch[0]} trial ${trial}`).toBe(bruteCount(cycles, hints) > 1);
        }
      }
    }
  });
});

/** Weight digit of a value on a face (hintFamily.ts's hardness): full, 0, one short, 1, the rest. */
const rank = (v: number, sides: number) => (v === sides ? 4 : v === 0 ? 3 : v === sides - 1 ? 2 : v === 1 ? 1 : 0);

describe('the hint family of a loop on tilings: every hint set that makes it unique, by brute force', () => {
  for (const patch of FAMILY) {
    const ref = refOf(patch);
    it(`${ref.name} ${ref.width}x${ref.height}`, () => {
      const lattice = generateLattice(ref);
      const board = latticeBoard(lattice);
      const cycles = cyclesOf(lattice);
      for (const loop of someLoops(cycles, 2, lattice.faceCount * 17 + 3)) {
        const on = perEdge(lattice, loop);
        const target = faceCounts(lattice, loop);
        // At most 14 faces may carry a hint (2^14 sets), the others none.
        const allowed = Array.from({ length: lattice.faceCount }, (_, f) => f).slice(0, 14);
        const mask = new Uint8Array(lattice.faceCount);
        for (const f of allowed) mask[f] = 1;
        const r = hintFamilyOn(board, latticeInsideOfEdges(lattice, on), { mask });
        if (!r.ok) throw new Error(r.stopped.message);
        // Brute force: a set is good when no other cycle agrees with the loop on all its faces.
        const agree: number[] = [];
        for (const c of cycles) {
          let m = 0, same = true;
          allowed.forEach((f, i) => { if (c.counts[f] === target[f]) m |= 1 << i; });
          for (let f = 0; f < lattice.faceCount; f++) if (c.counts[f] !== target[f]) same = false;
          if (!same) agree.push(m);
        }
        const n = allowed.length;
        const good = new Uint8Array(1 << n);
        let count = 0;
        for (let h = 0; h < 1 << n; h++) if (agree.every((m) => (h & ~m) !== 0)) { good[h] = 1; count++; }
        let minimalCount = 0, minimumSize = -1, hardest = '';
        const key = (h: number) => {
          const d = [0, 0, 0, 0, 0];
          allowed.forEach((f, i) => { if ((h >> i) & 1) d[rank(target[f]!, lattice.faceSize(f))]++; });
          return [d[4], d[3], d[2], d[1], d[0]].map((x) => String(x).padStart(3, '0')).join(',');
        };
        const minimal = (h: number) => good[h] === 1 && allowed.every((_, i) => !((h >> i) & 1) || !good[h & ~(1 << i)]);
        for (let h = 0; h < 1 << n; h++) {
          if (!minimal(h)) continue;
          minimalCount++;
          const size = allowed.filter((_, i) => (h >> i) & 1).length;
          if (minimumSize < 0 || size < minimumSize) minimumSize = size;
          if (hardest === '' || key(h) < hardest) hardest = key(h);
        }
        expect(r.count).toBe(BigInt(count));
        expect(r.minimalCount).toBe(BigInt(minimalCount));
        expect(r.minimumSize).toBe(minimumSize);
        expect(Array.from(r.loopHints)).toEqual(Array.from(target));
        if (count === 0) continue;
        const bits = (faces: number[]) => faces.reduce((a, f) => a | (1 << allowed.indexOf(f)), 0);
        expect(r.minimum!.length).toBe(minimumSize);
        expect(good[bits(r.minimum!)]).toBe(1);
        expect(minimal(bits(r.hardest!))).toBe(true);
        expect(key(bits(r.hardest!))).toBe(hardest);
      }
    });
  }
});
