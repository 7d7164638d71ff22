// Deduction on lattices (slitherlink/latticeDeduce.ts) against every cycle of small patches of each
// tiling: an edge it fixes has that value in every cycle meeting the constraints, and a
// contradiction means no cycle meets them; with "any count but k" on one face (the redundancy
// test) as well as plain hints. Then its strength where it matters: on Loopy's own puzzles it finds
// the whole loop; and the redundant hints it helps find equal a plain re-count per hint (every
// hint, or on Cairo and floret, where a plain count takes seconds, four of either kind).
import { describe, expect, it } from 'vitest';
import { generateLattice, makeLattice, type TilingName } from '../../server/src/model/lattice';
import { allowedCounts, deduceLattice, ON, UNKNOWN } from '../../server/src/slitherlink/latticeDeduce';
import { breaksAlone, buildLatticeLoops, latticeRedundantHints } from '../../server/src/slitherlink/latticeSolve';
import { redundantTogether } from '../../server/src/slitherlink/checkTiling';
import { parseLoopyTilingId } from '../../server/src/slitherlink/exchange/loopyTiling';
import { allCycles, faceCounts } from './tiling-cycles';
import { seededRandom } from '../../server/src/util/random';
import { loopEdgesOf, SUPPORTED } from './tiling-corpus';

const PATCHES: [TilingName, number, number, string?][] = [
  ['square', 3, 3], ['triangular', 3, 2, '0'], ['triangular', 3, 2], ['honeycomb', 3, 3], ['snubsquare', 3, 2], ['cairo', 3, 3],
  ['greathexagonal', 2, 2], ['octagonal', 3, 3], ['kites', 2, 1], ['floret', 2, 2], ['dodecagonal', 3, 2],
  ['greatdodecagonal', 2, 2], ['greatgreatdodecagonal', 2, 2], ['kagome', 3, 2], ['compassdodecagonal', 2, 2],
];

describe('lattice deduction against every cycle', () => {
  for (const [name, w, h, desc] of PATCHES) {
    it(`${name} ${w}x${h}${desc === undefined && name === 'triangular' ? ' (old)' : ''}: sound on random constraints`, () => {
      const lattice = generateLattice({ name, width: w, height: h, ...(desc !== undefined ? { desc } : {}) });
      const cycles = allCycles(lattice);
      const counts = cycles.map((c) => faceCounts(lattice, c));
      const random = seededRandom(lattice.faceCount * 31 + w * 7 + h);
      let fixedSome = 0, contradictions = 0;
      for (let trial = 0; trial < 40; trial++) {
        const base = counts[Math.floor(random() * cycles.length)];
        const hints = new Int8Array(lattice.faceCount).fill(-1);
        const share = 0.2 + 0.7 * random();
        for (let f = 0; f < lattice.faceCount; f++) if (random() < share) hints[f] = base[f];
        // A hint moved by one (often no cycle), or one face "any count but its hint".
        let not = -1;
        if (trial % 3 === 1) {
          const f = Math.floor(random() * lattice.faceCount);
          hints[f] = Math.min(lattice.faceSize(f), Math.max(0, base[f] + (random() < 0.5 ? -1 : 1)));
        } else if (trial % 3 === 2) {
          const hinted = [...hints.keys()].filter((f) => hints[f] >= 0);
          if (hinted.length) not = hinted[Math.floor(random() * hinted.length)];
        }
        const allowed = allowedCounts(hints, not);
        const meeting = cycles.filter((_, i) => hints.every((k, f) => k < 0 || (f === not ? counts[i][f] !== k : counts[i][f] === k)));
        for (const rounds of [0, 8]) {
          const d = deduceLattice(lattice, allowed, { maxRounds: rounds });
          if (d.contradiction) {
            expect(meeting, `trial ${trial}: contradiction with ${meeting.length} cycles`).toEqual([]);
            contradictions++;
            continue;
          }
          if (rounds === 8 && meeting.length === 0) continue;
          for (const c of meeting) {
            const on = new Set(c);
            for (let e = 0; e < lattice.edgeCount; e++) {
              if (d.edges[e] !== UNKNOWN) expect(d.edges[e], `trial ${trial}, edge ${e}`).toBe(on.has(e) ? 1 : 0);
            }
          }
          if (d.fixed > 0) fixedSome++;
        }
      }
      // Not vacuous: it fixes edges and finds contradictions.
      expect(fixedSome).toBeGreaterThan(5);
      expect(contradictions).toBeGreaterThan(0);
    });
  }
});

function puzzleOf(id: string) {
  const p = parseLoopyTilingId(id);
  if ('error' in p) throw new Error(`${id}: ${p.error}`);
  return p;
}

describe('lattice deduction on Loopy\'s puzzles', () => {
  it('finds Loopy\'s loop on the Easy and Normal puzzles of every tiling, and edges only of it', () => {
    for (const entry of SUPPORTED.filter((e) => /t\d+d[en]:/.test(e.id))) {
      const p = puzzleOf(entry.id);
      const lattice = makeLattice(p.tiling);
      const loop = new Set(loopEdgesOf(lattice, entry.solution_loop));
      const d = deduceLattice(lattice, allowedCounts(p.hints));
      expect(d.contradiction, entry.id).toBe(false);
      for (let e = 0; e < lattice.edgeCount; e++) if (d.edges[e] !== UNKNOWN) expect(d.edges[e] === ON, `${entry.id} edge ${e}`).toBe(loop.has(e));
      expect(d.fixed, entry.id).toBe(lattice.edgeCount);
    }
  });

  // The plain method: a count of P \\ h's loops with no deduction (every edge a variable).
  const plainCount = (lattice: ReturnType<typeof makeLattice>, hints: Int8Array) => buildLatticeLoops(lattice, hints).zdd.count();

  const SLOW = ['Cairo', 'Floret'];
  const spread = (xs: number[], n: number) => (xs.length <= n ? xs : Array.from({ length: n }, (_, i) => xs[Math.floor((i * xs.length) / n)]));
  // One Hard puzzle of each tiling, one test each (a test that blocks for a minute upsets vitest's RPC).
  const hard = SUPPORTED.filter((e) => /t\d+dh:/.test(e.id)).filter((e, i, all) => all.findIndex((x) => x.type === e.type) === i);
  it('a Hard puzzle of each of the 13 tilings', () => expect(hard.length).toBe(13));
  for (const entry of hard) {
    it(`${entry.grid}: redundant hints and which go together equal a plain re-count per hint`, () => {
      const p = puzzleOf(entry.id);
      const lattice = makeLattice(p.tiling);
      const loop = loopEdgesOf(lattice, entry.solution_loop);
      const redundant = latticeRedundantHints(lattice, p.hints, undefined, { solution: loop });
      // Where a plain count takes a second or more (Cairo, floret), a spread of hints of either kind.
      const slow = SLOW.includes(entry.grid);
      const hinted = [...p.hints.keys()].filter((f) => p.hints[f] >= 0);
      const asked = slow ? [...spread(hinted.filter((f) => redundant.includes(f)), 4), ...spread(hinted.filter((f) => !redundant.includes(f)), 4)] : hinted;
      const wrong: string[] = [];
      const onLoop = new Uint8Array(lattice.edgeCount);
      for (const e of loop) onLoop[e] = 1;
      let decided = 0;
      for (const f of asked) {
        const without = Int8Array.from(p.hints);
        without[f] = -1;
        const isRedundant = plainCount(lattice, without) === 1n;
        if (isRedundant !== redundant.includes(f)) wrong.push(`face ${f}`);
        // Each hint tested alone (what the larger tilings use) answers the same, or not at all.
        const b = breaksAlone(lattice, p.hints, f, undefined, onLoop);
        if (b !== null) decided++;
        if (b !== null && b === isRedundant) wrong.push(`face ${f}: breaksAlone ${b}`);
      }
      expect(wrong, entry.id).toEqual([]);
      expect(decided, entry.id).toBeGreaterThan(asked.length / 2);
      expect(redundant.length, entry.id).toBeGreaterThan(0);
      expect(redundant.length, entry.id).toBeLessThan(hinted.length);
      const truth = redundant;
      // Together, in that order: each removed while one loop stays (the first few, plainly re-counted).
      const some = truth.slice(0, slow ? 3 : 6);
      const now = Int8Array.from(p.hints);
      const together: number[] = [];
      for (const f of some) {
        now[f] = -1;
        if (plainCount(lattice, now) === 1n) together.push(f);
        else now[f] = p.hints[f];
      }
      expect(redundantTogether(lattice, p.hints, some, {}, loop).removed, entry.id).toEqual(together);
      expect(redundantTogether(lattice, p.hints, some, {}).removed, entry.id).toEqual(together);
    }, 300_000);
  }
});
