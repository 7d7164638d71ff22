/**
 * The ambiguity map of a Slitherlink with several solutions: how many loops use each edge, in one
 * pass over the diagram of all loops (zdd/usage.ts), exact however many loops; the edges
 * deduction fixed are in all of them (on) or none (off).
 */
import type { Grid } from '../model/grid';
import type { Lattice } from '../model/lattice';
import type { Usage } from '../analysis/result';
import { setsPerLevel } from '../zdd/usage';
import type { Zdd } from '../zdd/zdd';
import type { SlitherlinkSpec } from './spec';

/**
 * Per grid edge of a Slitherlink: the number of loops of `zdd` (the loops of `spec`, its levels
 * raised by `shift` as the incremental session's diagrams have them) using it.
 */
export function loopUsage(grid: { edgeCount: number }, spec: SlitherlinkSpec, zdd: Zdd, shift = 0): bigint[] {
  const total = zdd.count();
  const perEdge: bigint[] = new Array(grid.edgeCount).fill(0n);
  for (const e of spec.fixedOnEdges) perEdge[e] = total;
  const perLevel = setsPerLevel(zdd);
  for (let L = 1; L <= spec.levels; L++) perEdge[spec.openEdges[spec.levels - L]] = perLevel[L + shift] ?? 0n;
  return perEdge;
}

/** The map of a Slitherlink with `total` loops from per-edge counts. */
export function loopUsageMap(grid: Grid, perEdge: readonly bigint[], total: bigint): Usage {
  const edges: Usage['edges'] = [];
  for (let e = 0; e < perEdge.length; e++) if (perEdge[e] > 0n) edges.push({ edge: grid.edgeEnds(e), count: perEdge[e].toString() });
  return { of: total.toString(), edges };
}

/** The map of a Slitherlink on a tiling: its edges in Loopy's coordinates [x1, y1, x2, y2], as its loops have them. */
export function latticeUsageMap(lattice: Lattice, perEdge: readonly bigint[], total: bigint): Usage {
  const edges: Usage['edges'] = [];
  for (let e = 0; e < perEdge.length; e++) if (perEdge[e] > 0n) edges.push({ edge: lattice.edgeCoords(e), count: perEdge[e].toString() });
  return { of: total.toString(), edges };
}
