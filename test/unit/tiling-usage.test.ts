/**
 * The ambiguity map on tilings: for a puzzle with several loops, how many use each edge, against
 * every cycle of the lattice's graph meeting the hints (found by plain depth-first search); and its
 * board in the preview, a third one after the two solutions, an edge line per edge some loop uses.
 */
import { describe, expect, it } from 'vitest';
import { makeLattice, type TilingName } from '../../server/src/model/lattice';
import { tilingPicture } from '../../server/src/model/latticePicture';
import { checkSlitherlink } from '../../server/src/slitherlink/check';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { renderSvg } from '../../server/src/genres/preview';
import { seededRandom } from '../../server/src/util/random';
import { allCycles, faceCounts, meets } from './tiling-cycles';

/** A file of the tiling with these hints, one line per row of faces. */
function fileOf(name: TilingName, w: number, h: number, hints: Int8Array): SlitherlinkPuzzle {
  const l = makeLattice({ name, width: w, height: h });
  const lines = [`# grid: ${name} ${w}x${h}`];
  for (let r = 0; r + 1 < l.rowOff.length; r++) {
    lines.push(Array.from(hints.subarray(l.rowOff[r], l.rowOff[r + 1]), (x) => (x < 0 ? '.' : String(x))).join(' '));
  }
  const { puzzle, problems } = parseSlitherlink(lines.join('\n') + '\n');
  expect(problems).toEqual([]);
  return puzzle!;
}

describe('the ambiguity map on tilings', () => {
  for (const [name, w, h] of [['honeycomb', 3, 3], ['octagonal', 3, 3], ['cairo', 3, 4]] as [TilingName, number, number][]) {
    it(`${name} ${w}x${h}: per edge, the number of loops meeting the hints that use it`, () => {
      const lattice = makeLattice({ name, width: w, height: h });
      const cycles = allCycles(lattice);
      const random = seededRandom(lattice.edgeCount * 13 + w);
      let checked = 0;
      for (let trial = 0; trial < 40 && checked < 3; trial++) {
        const base = faceCounts(lattice, cycles[Math.floor(random() * cycles.length)]);
        const hints = new Int8Array(lattice.faceCount).fill(-1);
        for (let f = 0; f < lattice.faceCount; f++) if (random() < 0.35) hints[f] = base[f];
        const meeting = cycles.filter((c) => meets(lattice, c, hints));
        if (meeting.length < 2 || meeting.length > 5000) continue;
        checked++;
        const p = fileOf(name, w, h, hints);
        const r = checkSlitherlink(p, { usage: true });
        expect(r.verdict).toBe('multiple');
        expect(r.count).toBe(String(meeting.length));
        const want = new Map<string, number>();
        for (const c of meeting) for (const e of c) {
          const k = lattice.edgeCoords(e).join(',');
          want.set(k, (want.get(k) ?? 0) + 1);
        }
        expect(r.usage!.of).toBe(String(meeting.length));
        expect(new Map(r.usage!.edges.map((x) => [x.edge.join(','), Number(x.count)]))).toEqual(want);

        // The preview: a third board, the map, with a line per edge used.
        const svg = renderSvg(p, r, { picture: tilingPicture(p.tiling!)! });
        const boards = svg.split('<g class="lp-board"').slice(1);
        expect(boards).toHaveLength(3);
        expect(boards[2]).toContain('data-name="ambiguity map"');
        expect(boards[2]!.match(/<line class="lp-usage/g)?.length).toBe(want.size);
        expect(boards[2]).toContain(`of ${meeting.length} solutions`);
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
