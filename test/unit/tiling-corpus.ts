// The Loopy tilings corpus (test/fixtures/slitherlink/loopy-tilings/loopy.json, copied from
// ../shared/corpus): 8 game IDs per tiling with Loopy's own loop, and helpers to read them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Lattice } from '../../server/src/model/lattice';

export interface Entry {
  id: string; grid: string; type: number; aperiodic: boolean; difficulty: string; faces: number; edges: number; dots: number;
  solution_loop: [[number, number], [number, number]][];
}
export const CORPUS: Entry[] = JSON.parse(readFileSync(join(__dirname, '../fixtures/slitherlink/loopy-tilings/loopy.json'), 'utf8'));
/** The tilings this project generates: every periodic one but squares (t0 is the plain .slk grid). */
export const SUPPORTED = CORPUS.filter((e) => !e.aperiodic && e.type !== 0);
/** The periodic ones with squares: the square lattice is numbered as Loopy numbers it too. */
export const PERIODIC = CORPUS.filter((e) => !e.aperiodic);

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

