/**
 * The ambiguity map of a Numberlink with several solutions: how many solutions use each link.
 * Up to NUMBERLINK_WALK_MAX solutions are walked one by one, which gives each cell's
 * labels too. Past that, the diagram is built again with every edge a level (in the solver's own
 * diagram a cell's last edge follows from its other ones and has no level), and one pass gives
 * the links; the cells' labels are left out.
 */
import type { NumberlinkPuzzle } from './puzzle';
import { setsPerLevel } from '../zdd/usage';
import type { NumberlinkZdd } from './solve';
import type { Usage } from '../analysis/result';

/** Per graph edge of a Numberlink: the number of solutions of `nz` (built with everyEdgeALevel) using it. */
export function linkUsage(edgeCount: number, nz: NumberlinkZdd): bigint[] {
  if (!nz.edgeOfLevel || !nz.fixedOn) throw new Error('linkUsage needs a diagram with every edge a level');
  const total = nz.zdd.count();
  const perEdge: bigint[] = new Array(edgeCount).fill(0n);
  for (const e of nz.fixedOn()) perEdge[e] = total;
  const perLevel = setsPerLevel(nz.zdd);
  for (let L = 1; L <= nz.zdd.levels; L++) perEdge[nz.edgeOfLevel(L)] = perLevel[L];
  return perEdge;
}

/** The map of a Numberlink from per-edge counts (links only: no cell labels). */
export function linkUsageMap(p: NumberlinkPuzzle, edgeEnds: Int32Array, perEdge: readonly bigint[], total: bigint): Usage {
  const at = (v: number): [number, number] => [Math.floor(v / p.cols), v % p.cols];
  const edges: Usage['edges'] = [];
  for (let e = 0; e < perEdge.length; e++) {
    if (perEdge[e] === 0n) continue;
    const a = Math.min(edgeEnds[2 * e], edgeEnds[2 * e + 1]), b = Math.max(edgeEnds[2 * e], edgeEnds[2 * e + 1]);
    edges.push({ edge: [...at(a), ...at(b)], count: perEdge[e].toString() });
  }
  edges.sort((x, y) => x.edge[0] - y.edge[0] || x.edge[1] - y.edge[1] || x.edge[2] - y.edge[2] || x.edge[3] - y.edge[3]);
  return { of: total.toString(), edges };
}

/** Most Numberlink solutions walked for the map. */
export const NUMBERLINK_WALK_MAX = 5000;

/**
 * The map of a Numberlink from its `total` solutions, walked one by one (`solutionAt(i)`: paths as
 * cells, one per label in label order); for at most NUMBERLINK_WALK_MAX of them.
 */
export function pathUsageMap(p: NumberlinkPuzzle, total: bigint, solutionAt: (i: number) => number[][]): Usage {
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
  return { of: total.toString(), edges, cells };
}
