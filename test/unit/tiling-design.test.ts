// Conflicting hints and hint suggestions on every tiling, against brute force on small patches:
// every cycle of the patch's graph (depth-first search, tiling-cycles.ts) is tried against the
// hints. A conflict set has no cycle meeting it and loses that when any one hint goes (when said
// minimal); a suggestion's count is the number of cycles meeting the hints with it added; the
// singles are exactly the (face, value) pairs that leave one cycle; repairs are exactly the
// one-hint changes that leave some cycle, each with its count.
import { describe, expect, it } from 'vitest';
import { generateLattice, type Lattice, type TilingName, type TilingRef } from '../../server/src/model/lattice';
import { allCycles, faceCounts, meets } from './tiling-cycles';
import { seededRandom } from '../../server/src/util/random';
import { cellValueCounts, suggestOn, type MakeUniqueOptions } from '../../server/src/slitherlink/design/makeUnique';
import { latticeBoard, type LoopDiagram } from '../../server/src/slitherlink/design/board';
import { findConflictingHints } from '../../server/src/genres/extras';
import { writeTilingSlitherlink } from '../../server/src/slitherlink/exchange/tilingText';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { hasTilingLoop } from '../../server/src/slitherlink/checkTiling';
import { SlitherlinkSpec } from '../../server/src/slitherlink/spec';
import { buildZdd } from '../../server/src/zdd/build';
import { checkText } from '../../server/src/genres/check';
import { renderSvg } from '../../server/src/genres/preview';
import { tilingPicture } from '../../server/src/model/latticePicture';
import { findSuggestions } from '../../server/src/slitherlink/design/suggestions';

// The one suggestion algorithm (makeUnique.ts) on a tiling's board.
const tilingLoops = (lattice: Lattice, hints: Int8Array, control: typeof CONTROL): LoopDiagram | null => latticeBoard(lattice).loops(hints, control);
const faceValueCounts = (lattice: Lattice, family: LoopDiagram, explicitMax: number): bigint[][] => cellValueCounts(latticeBoard(lattice).tables, family, explicitMax);
const suggestTilingHints = (lattice: Lattice, hints: Int8Array, options: MakeUniqueOptions) => suggestOn(latticeBoard(lattice), hints, options);

/** Loops meeting `hints` by a diagram over every edge (no deduction). */
function zddCount(lattice: Lattice, hints: Int8Array): bigint {
  return buildZdd(new SlitherlinkSpec(lattice, hints)).zdd.count();
}

const PATCHES: [TilingName, number, number, string?][] = [
  ['square', 3, 3], ['triangular', 3, 2, '0'], ['honeycomb', 3, 3], ['snubsquare', 3, 2], ['cairo', 3, 3],
  ['greathexagonal', 2, 2], ['octagonal', 3, 3], ['kites', 2, 1], ['floret', 2, 2], ['dodecagonal', 3, 2],
  ['greatdodecagonal', 2, 2], ['greatgreatdodecagonal', 2, 2], ['kagome', 3, 2], ['compassdodecagonal', 2, 2],
];

const CONTROL = { limits: { timeMs: 60_000, maxNodes: 5_000_000 } };

function puzzleOn(tiling: TilingRef, hints: Int8Array): SlitherlinkPuzzle {
  const parsed = parseSlitherlink(writeTilingSlitherlink(tiling, hints));
  expect(parsed.problems).toEqual([]);
  return parsed.puzzle!;
}

/** brute[f][v]: cycles meeting `hints` with v sides on face f. */
function bruteValueCounts(lattice: Lattice, cycles: number[][]): number[][] {
  const out = Array.from({ length: lattice.faceCount }, (_, f) => new Array<number>(lattice.faceSize(f) + 1).fill(0));
  for (const c of cycles) faceCounts(lattice, c).forEach((k, f) => out[f][k]++);
  return out;
}

describe('Slitherlink design tools on tilings: against brute force', () => {
  for (const [name, w, h, desc] of PATCHES) {
    describe(`${name} ${w}x${h}`, () => {
      const tiling: TilingRef = { name, width: w, height: h, ...(desc !== undefined ? { desc } : {}) };
      const lattice = generateLattice(tiling);
      const cycles = allCycles(lattice);
      const random = seededRandom(lattice.faceCount * 104_729 + w * 17 + h);
      const randomHints = (share: number): Int8Array => {
        const base = faceCounts(lattice, cycles[Math.floor(random() * cycles.length)]);
        const hints = new Int8Array(lattice.faceCount).fill(-1);
        for (let f = 0; f < lattice.faceCount; f++) if (random() < share) hints[f] = base[f];
        return hints;
      };

      it('per-face value counts: the diagram pass and the explicit tally equal brute force', () => {
        for (let trial = 0; trial < 3; trial++) {
          const hints = randomHints(0.1 + 0.2 * trial);
          const meeting = cycles.filter((c) => meets(lattice, c, hints));
          const family = tilingLoops(lattice, hints, CONTROL)!;
          const brute = bruteValueCounts(lattice, meeting).map((row) => row.map(BigInt));
          expect(faceValueCounts(lattice, family, 0), `diagram pass, trial ${trial}`).toEqual(brute);
          expect(faceValueCounts(lattice, family, Number.MAX_SAFE_INTEGER), `explicit, trial ${trial}`).toEqual(brute);
        }
      });

      it('suggestions on a puzzle with several loops: count, singles, best single and pair are exact', () => {
        let several = 0;
        for (let trial = 0; trial < 8 && several < 3; trial++) {
          const hints = randomHints(0.15 + 0.1 * trial);
          const meeting = cycles.filter((c) => meets(lattice, c, hints));
          if (meeting.length < 2) continue;
          several++;
          const r = suggestTilingHints(lattice, hints, { control: CONTROL });
          expect(r.stopped).toBeUndefined();
          expect(r.count).toBe(BigInt(meeting.length));
          const brute = bruteValueCounts(lattice, meeting);
          const expected: string[] = [];
          let fewest = Infinity;
          brute.forEach((row, f) => {
            if (hints[f] >= 0) return;
            row.forEach((n, v) => {
              if (n === 1) expected.push(`${f}:${v}`);
              else if (n > 1 && n < meeting.length) fewest = Math.min(fewest, n);
            });
          });
          expect(r.singles.map((s) => `${s.face}:${s.value}`).sort()).toEqual(expected.sort());
          for (const s of r.singles) {
            expect(s.row).toBe(lattice.rowOf[s.face!]);
            expect(s.col).toBe(s.face! - lattice.rowOff[s.row]);
          }
          if (expected.length === 0 && fewest < Infinity) {
            expect(r.bestSingle?.count).toBe(BigInt(fewest));
            expect(brute[r.bestSingle!.face!][r.bestSingle!.value]).toBe(fewest);
            // The pair's count is the cycles meeting both added hints, and never more than the best single.
            const { first, second, count } = r.pair!;
            const both = Int8Array.from(hints);
            both[first.face!] = first.value;
            both[second.face!] = second.value;
            expect(count).toBe(BigInt(meeting.filter((c) => meets(lattice, c, both)).length));
            expect(count <= r.bestSingle!.count).toBe(true);
          }
        }
        expect(several).toBeGreaterThan(0);
      });

    });
  }
});

/**
 * Patches the .slk form takes (a tiling's smallest sizes): brute force where the cycles are few
 * enough to list, else the exact count of a diagram built without deduction (independent of the
 * deduction and search that the conflict search and the repairs use).
 */
const PUZZLE_PATCHES: [TilingName, number, number, string?][] = [
  ['triangular', 3, 3, '0'], ['honeycomb', 3, 3], ['snubsquare', 3, 3], ['cairo', 4, 3], ['greathexagonal', 3, 3],
  ['octagonal', 3, 3], ['kites', 3, 3], ['floret', 2, 2], ['dodecagonal', 3, 2], ['greatdodecagonal', 2, 2],
  ['greatgreatdodecagonal', 2, 2], ['kagome', 3, 3], ['compassdodecagonal', 2, 2],
];

describe('Slitherlink conflicting hints and repairs on tilings: against brute force or the exact count', () => {
  for (const [name, w, h, desc] of PUZZLE_PATCHES) {
    describe(`${name} ${w}x${h}`, () => {
      const tiling: TilingRef = { name, width: w, height: h, ...(desc !== undefined ? { desc } : {}) };
      const lattice = generateLattice(tiling);
      const listed = zddCount(lattice, new Int8Array(lattice.faceCount).fill(-1)) <= 60_000n;
      const cycles = listed ? allCycles(lattice) : null;
      // Each cycle's sides per face, once (the tests try many hint sets against every cycle).
      const F = lattice.faceCount;
      const table = new Uint8Array((cycles?.length ?? 0) * F);
      cycles?.forEach((c, i) => table.set(faceCounts(lattice, c), i * F));
      const loops = (hints: Int8Array): number => {
        if (!cycles) return Number(zddCount(lattice, hints));
        const hinted = Array.from(hints.keys()).filter((f) => hints[f] >= 0);
        let n = 0;
        for (let i = 0; i < cycles.length; i++) if (hinted.every((f) => table[i * F + f] === hints[f])) n++;
        return n;
      };
      const random = seededRandom(lattice.faceCount * 7_727 + w * 13 + h);
      // Hints read off a loop: a random face's outline, or a random brute-force cycle.
      const randomHints = (share: number): Int8Array => {
        const loop = cycles ? cycles[Math.floor(random() * cycles.length)] : Array.from(lattice.edgesOf(Math.floor(random() * lattice.faceCount)));
        const base = faceCounts(lattice, loop);
        const hints = new Int8Array(lattice.faceCount).fill(-1);
        for (let f = 0; f < lattice.faceCount; f++) if (random() < share) hints[f] = base[f];
        return hints;
      };

      it('repairs and conflicting hints on a puzzle with no loop', () => {
        let none = 0;
        for (let trial = 0; trial < 30 && none < 2; trial++) {
          const hints = randomHints(0.5);
          const f0 = Math.floor(random() * lattice.faceCount);
          hints[f0] = Math.min(lattice.faceSize(f0), Math.max(0, (hints[f0] < 0 ? 1 : hints[f0]) + (random() < 0.5 ? -1 : 1)));
          if (loops(hints) > 0) continue;
          none++;
          // Repairs: every one-hint change (or removal) that some cycle meets, with its count.
          const r = suggestTilingHints(lattice, hints, { control: CONTROL });
          expect(r.count).toBe(0n);
          const expected: string[] = [];
          for (let f = 0; f < lattice.faceCount; f++) {
            if (hints[f] < 0) continue;
            for (let v = -1; v <= lattice.faceSize(f); v++) {
              if (v === hints[f]) continue;
              const changed = Int8Array.from(hints);
              changed[f] = v;
              const n = loops(changed);
              if (n > 0) expected.push(`${f}:${v < 0 ? 'x' : v}:${n}`);
            }
          }
          expect(r.repairs!.map((x) => `${x.face}:${x.value === null ? 'x' : x.value}:${x.count}`).sort()).toEqual(expected.sort());
          // Conflicts: the set alone has no cycle; without any one of its hints it has one.
          const p = puzzleOn(tiling, hints);
          const c = findConflictingHints(p, { control: CONTROL, perCheck: { timeMs: 10_000 } });
          expect(c.minimal).toBe(true);
          expect(c.cells.length).toBeGreaterThan(0);
          const only = new Int8Array(lattice.faceCount).fill(-1);
          for (const cell of c.cells) {
            expect(hints[cell.face!]).toBeGreaterThanOrEqual(0);
            expect(cell.row).toBe(lattice.rowOf[cell.face!]);
            only[cell.face!] = hints[cell.face!];
          }
          expect(loops(only) > 0).toBe(false);
          for (const cell of c.cells) {
            const less = Int8Array.from(only);
            less[cell.face!] = -1;
            expect(loops(less) > 0, `without face ${cell.face}`).toBe(true);
          }
        }
        expect(none).toBeGreaterThan(0);
      });

      it('hasTilingLoop agrees with brute force or the exact count', () => {
        for (let trial = 0; trial < 6; trial++) {
          const hints = randomHints(0.2 + 0.1 * trial);
          if (trial % 2) {
            const f = Math.floor(random() * lattice.faceCount);
            hints[f] = Math.min(lattice.faceSize(f), Math.max(0, (hints[f] < 0 ? 1 : hints[f]) + 1));
          }
          expect(hasTilingLoop(puzzleOn(tiling, hints), CONTROL)).toBe(loops(hints) > 0);
        }
      });
    });
  }
});

describe('the preview of a tiling with several loops marks the suggested hints on the ambiguity map', () => {
  it('one mark per suggested face, at that face, with its values and what they leave', () => {
    const text = '# grid: honeycomb 3x3\n. . .\n. 4 .\n. . 2\n';
    const puzzle = parseSlitherlink(text).puzzle!;
    const result = checkText(text, 'slitherlink', { usage: true });
    expect(result.verdict).toBe('multiple');
    const suggestions = findSuggestions(puzzle as SlitherlinkPuzzle, CONTROL);
    const marked = [...suggestions.singles, ...(suggestions.singles.length ? [] : [suggestions.bestSingle!, suggestions.pair?.first, suggestions.pair?.second])].filter((x) => x);
    expect(marked.length).toBeGreaterThan(0);
    const svg = renderSvg(puzzle, { ...result, picture: tilingPicture(puzzle.tiling!)!, suggestions } as typeof result);
    const marks = [...svg.matchAll(/<g class="lp-suggest" data-row="(\d+)" data-col="(\d+)" data-face="(\d+)" data-count="(\d+)">.*?<text class="lp-suggest-hint"[^>]*>([\d/]+)<\/text><title>([^<]*)<\/title><\/g>/g)];
    const faces = [...new Set(marked.map((h) => h!.face!))].sort((a, b) => a - b);
    expect(marks.map((m) => Number(m[3])).sort((a, b) => a - b)).toEqual(faces);
    for (const m of marks) {
      const here = marked.filter((h) => h!.face === Number(m[3]));
      expect([Number(m[1]), Number(m[2])]).toEqual([here[0]!.row, here[0]!.col]);
      expect(m[5]).toBe(here.map((h) => h!.value).join('/'));
      expect(m[6]).toContain(`a ${here[0]!.value} here: ${here[0]!.count} solution`);
    }
    // Only on the map (the third board), as on squares.
    expect(svg.split('lp-suggest"').length - 1).toBe(marks.length);
  });
});
