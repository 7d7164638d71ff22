// Loopy's own puzzles on its tilings (test/fixtures/slitherlink/loopy-tilings/loopy.json, from
// ../shared/corpus): the face numbering must be Loopy's, so every game ID's clues sit on the faces
// around Loopy's own solution loop, and the ID survives export unchanged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeLattice, type Lattice } from '../../server/src/model/lattice';
import { isLoopyTilingId, loopyTilingId, parseLoopyTilingId } from '../../server/src/exchange/loopyTiling';

interface Entry {
  id: string; grid: string; type: number; aperiodic: boolean; faces: number; edges: number; dots: number;
  solution_loop: [[number, number], [number, number]][];
}
export const CORPUS: Entry[] = JSON.parse(readFileSync(join(__dirname, '../fixtures/slitherlink/loopy-tilings/loopy.json'), 'utf8'));
/** The tilings this project generates: every periodic one but squares (t0 is the plain .slk grid). */
export const SUPPORTED = CORPUS.filter((e) => !e.aperiodic && e.type !== 0);
/** The periodic ones with squares: the square lattice is numbered as Loopy numbers it too. */
const PERIODIC = CORPUS.filter((e) => !e.aperiodic);

/** The corpus loop as lattice edges (throws on a segment that is not an edge). */
export function loopEdgesOf(lattice: Lattice, loop: Entry['solution_loop']): number[] {
  return loop.map(([[x1, y1], [x2, y2]]) => {
    const a = lattice.vertexAt(x1, y1), b = lattice.vertexAt(x2, y2);
    const e = a >= 0 && b >= 0 ? lattice.edgeBetween(a, b) : -1;
    if (e < 0) throw new Error(`(${x1},${y1})-(${x2},${y2}) is not an edge of the lattice`);
    return e;
  });
}

/** Whether `edges` form one simple cycle. */
export function isOneCycle(lattice: Lattice, edges: number[]): boolean {
  const deg = new Map<number, number[]>();
  for (const e of edges) for (const v of [lattice.ends[2 * e], lattice.ends[2 * e + 1]]) deg.set(v, [...(deg.get(v) ?? []), e]);
  for (const es of deg.values()) if (es.length !== 2) return false;
  const seen = new Set<number>();
  let v = lattice.ends[2 * edges[0]], prev = -1;
  for (;;) {
    const e = deg.get(v)!.find((x) => x !== prev)!;
    if (seen.has(e)) break;
    seen.add(e);
    v = lattice.ends[2 * e] === v ? lattice.ends[2 * e + 1] : lattice.ends[2 * e];
    prev = e;
  }
  return seen.size === edges.length;
}

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
