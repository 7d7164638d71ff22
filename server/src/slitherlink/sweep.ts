/**
 * An edge order for frontier-based search on a lattice: a sweep across it, so that the frontier
 * (vertices with edges on both sides of the sweep line) stays a cut across the tiling, as
 * `gridEdgeOrder` does on squares. Both axis directions are measured and the one whose frontier is
 * narrower is kept (not always the longer side: Cairo's pentagons give equal widths, and the
 * vertical sweep there builds a third of the nodes on Loopy's puzzles). Slanted sweeps were tried
 * too: narrower on a few tilings, but often far larger diagrams (octagonal at 75 degrees: 6 times).
 */
import type { Lattice } from '../model/lattice';

/**
 * The lattice's edges in the order of the sweep (along x, or along y) whose frontier is narrower:
 * widest frontier first, then its total over the order; a tie keeps the sweep along x.
 */
export function latticeEdgeOrder(lattice: Lattice): Int32Array {
  const alongX = sweepOrder(lattice, 0), alongY = sweepOrder(lattice, Math.PI / 2);
  const [wx, tx] = frontierCost(lattice, alongX), [wy, ty] = frontierCost(lattice, alongY);
  return wy < wx || (wy === wx && ty < tx) ? alongY : alongX;
}

/**
 * Vertices ranked by their position along direction `angle` (ties by the perpendicular one);
 * edges by their earlier end's rank, then their later end's: each vertex's edges to later
 * vertices come together, when the sweep reaches it.
 */
export function sweepOrder(lattice: Lattice, angle: number): Int32Array {
  const { xy, vertexCount, edgeCount, ends } = lattice;
  const c = Math.cos(angle), s = Math.sin(angle);
  const along = new Float64Array(vertexCount), across = new Float64Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    // Rounded so that points in one line along the sweep tie exactly.
    along[v] = Math.round((xy[2 * v] * c + xy[2 * v + 1] * s) * 1e6) / 1e6;
    across[v] = -xy[2 * v] * s + xy[2 * v + 1] * c;
  }
  const byPos = Array.from({ length: vertexCount }, (_, v) => v);
  byPos.sort((a, b) => along[a] - along[b] || across[a] - across[b]);
  const rank = new Int32Array(vertexCount);
  byPos.forEach((v, i) => { rank[v] = i; });
  const edges = Array.from({ length: edgeCount }, (_, e) => e);
  const lo = (e: number) => Math.min(rank[ends[2 * e]], rank[ends[2 * e + 1]]);
  const hi = (e: number) => Math.max(rank[ends[2 * e]], rank[ends[2 * e + 1]]);
  edges.sort((a, b) => lo(a) - lo(b) || hi(a) - hi(b));
  return Int32Array.from(edges);
}

/** [widest, total] frontier (vertices between their first and last edge) over `order`. */
export function frontierCost(lattice: Lattice, order: Int32Array): [number, number] {
  const { vertexCount, ends } = lattice;
  const P = order.length;
  const first = new Int32Array(vertexCount).fill(-1), last = new Int32Array(vertexCount);
  for (let p = 0; p < P; p++) {
    const e = order[p];
    for (let k = 0; k < 2; k++) {
      const v = ends[2 * e + k];
      if (first[v] < 0) first[v] = p;
      last[v] = p;
    }
  }
  const delta = new Int32Array(P + 1);
  for (let v = 0; v < vertexCount; v++) {
    if (first[v] < 0) continue;
    delta[first[v]]++;
    delta[last[v]]--; // a vertex leaves the frontier after its last edge
  }
  let width = 0, total = 0, now = 0;
  for (let p = 0; p < P; p++) {
    now += delta[p];
    if (now > width) width = now;
    total += now;
  }
  return [width, total];
}
