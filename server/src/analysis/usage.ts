/**
 * The ambiguity map of a puzzle with several solutions: how many solutions use each edge.
 *
 * Slitherlink: one pass over the diagram of all loops (zdd/usage.ts), exact however many loops;
 * the edges deduction fixed are in all of them (on) or none (off).
 * Numberlink: the diagram's levels are not all edges (a cell's last edge follows from its other
 * ones, so it has no level of its own), so the solutions are walked one by one, up to
 * NUMBERLINK_WALK_MAX; that also gives each cell's labels.
 */
import type { Grid } from '../model/grid';
import type { NumberlinkPuzzle } from '../model/puzzle';
import type { Stopped } from '../zdd/control';
import { setsPerLevel } from '../zdd/usage';
import type { SlitherlinkSpec } from '../slitherlink/spec';
import type { Zdd } from '../zdd/zdd';
import type { Usage } from './result';

/** Most Numberlink solutions walked for the map. */
export const NUMBERLINK_WALK_MAX = 5000;

/**
 * Per grid edge of a Slitherlink: the number of loops of `zdd` (the loops of `spec`, its levels
 * raised by `shift` as the incremental session's diagrams have them) using it.
 */
export function loopUsage(grid: Grid, spec: SlitherlinkSpec, zdd: Zdd, shift = 0): bigint[] {
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

/**
 * The map of a Numberlink from its solutions (`solutionAt(i)`: paths as cells, one per label in
 * label order), or why it was not made: more than NUMBERLINK_WALK_MAX solutions.
 */
export function pathUsageMap(
  p: NumberlinkPuzzle, total: bigint, solutionAt: (i: number) => number[][],
): { usage: Usage } | { usageStopped: Stopped } {
  if (total > BigInt(NUMBERLINK_WALK_MAX)) {
    return {
      usageStopped: {
        limit: 'nodes', nodes: 0, progress: 0,
        message: `ambiguity map not made: ${total} solutions, more than the ${NUMBERLINK_WALK_MAX} it walks through`,
      },
    };
  }
  const { rows, cols } = p;
  const n = rows * cols;
  const links = new Map<number, number>(); // u * n + v (u < v) -> solutions
  const labelAt = new Int32Array(n * p.labels.length);
  for (let i = 0; i < Number(total); i++) {
    const paths = solutionAt(i);
    paths.forEach((path, label) => {
      for (let k = 0; k < path.length; k++) {
        labelAt[path[k] * p.labels.length + label]++;
        if (k === 0) continue;
        const a = Math.min(path[k - 1], path[k]), b = Math.max(path[k - 1], path[k]);
        links.set(a * n + b, (links.get(a * n + b) ?? 0) + 1);
      }
    });
  }
  const at = (v: number): [number, number] => [Math.floor(v / cols), v % cols];
  const edges: Usage['edges'] = [...links.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([key, count]) => ({ edge: [...at(Math.floor(key / n)), ...at(key % n)] as [number, number, number, number], count: String(count) }));
  const cells: NonNullable<Usage['cells']> = [];
  for (let v = 0; v < n; v++) {
    const labels: { label: string; count: string }[] = [];
    for (let l = 0; l < p.labels.length; l++) {
      const c = labelAt[v * p.labels.length + l];
      if (c > 0) labels.push({ label: p.labels[l], count: String(c) });
    }
    if (labels.length > 0) cells.push({ cell: at(v), labels });
  }
  return { usage: { of: total.toString(), edges, cells } };
}
