// Loopy's own puzzles on its tilings (test/fixtures/slitherlink/loopy-tilings/loopy.json, from
// ../shared/corpus): the face numbering must be Loopy's, so every game ID's clues sit on the faces
// around Loopy's own solution loop, and the ID survives export unchanged.
import { describe, expect, it } from 'vitest';
import { makeLattice } from '../../server/src/model/lattice';
import { PERIODIC, SUPPORTED, isOneCycle, loopEdgesOf } from './tiling-corpus';
import { isLoopyTilingId, loopyTilingId, parseLoopyTilingId } from '../../server/src/slitherlink/exchange/loopyTiling';

describe('Loopy tilings corpus: numbering', () => {
  it('holds every periodic tiling but squares, 8 IDs each', () => {
    expect(new Set(SUPPORTED.map((e) => e.type)).size).toBe(13);
    expect(SUPPORTED.length).toBe(13 * 8);
  });

  for (const entry of PERIODIC) {
    it(`${entry.grid} ${entry.id.slice(0, 24)}...: faces, edges, dots, clues around Loopy's loop, export`, () => {
      expect(isLoopyTilingId(entry.id)).toBe(entry.type !== 0);
      const p = parseLoopyTilingId(entry.id);
      if ('error' in p) throw new Error(p.error);
      const lattice = makeLattice(p.tiling);
      expect([lattice.faceCount, lattice.edgeCount, lattice.vertexCount]).toEqual([entry.faces, entry.edges, entry.dots]);
      const loop = loopEdgesOf(lattice, entry.solution_loop);
      expect(isOneCycle(lattice, loop)).toBe(true);
      const on = new Uint8Array(lattice.edgeCount);
      for (const e of loop) on[e] = 1;
      let hinted = 0;
      for (let f = 0; f < lattice.faceCount; f++) {
        if (p.hints[f] < 0) continue;
        hinted++;
        let n = 0;
        for (const e of lattice.edgesOf(f)) n += on[e];
        expect(n, `face ${f}`).toBe(p.hints[f]);
      }
      expect(hinted).toBeGreaterThan(0);
      expect(loopyTilingId(p.tiling, p.hints, p.params)).toBe(entry.id);
    });
  }
});
