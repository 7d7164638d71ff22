/**
 * An edge order for frontier-based search on a lattice: a sweep along the longer side of its
 * bounding box, so that the frontier (vertices with edges on both sides of the sweep line) runs
 * across the shorter side, as `gridEdgeOrder` does on squares.
 */
import type { Lattice } from '../model/lattice';

/**
 * Vertices ranked by their coordinate along the sweep (ties by the other coordinate); edges by
 * their earlier end's rank, then their later end's: each vertex's edges to later vertices come
 * together, when the sweep reaches it.
 */
export function latticeEdgeOrder(lattice: Lattice): Int32Array {
  const { xy, vertexCount, edgeCount, ends } = lattice;
  const [x0, y0, x1, y1] = lattice.bounds();
  const alongX = x1 - x0 >= y1 - y0;
  const byCoord = Array.from({ length: vertexCount }, (_, v) => v);
  const key = (v: number) => (alongX ? xy[2 * v] : xy[2 * v + 1]);
  const other = (v: number) => (alongX ? xy[2 * v + 1] : xy[2 * v]);
  byCoord.sort((a, b) => key(a) - key(b) || other(a) - other(b));
  const rank = new Int32Array(vertexCount);
  byCoord.forEach((v, i) => { rank[v] = i; });
  const edges = Array.from({ length: edgeCount }, (_, e) => e);
  const lo = (e: number) => Math.min(rank[ends[2 * e]], rank[ends[2 * e + 1]]);
  const hi = (e: number) => Math.max(rank[ends[2 * e]], rank[ends[2 * e + 1]]);
  edges.sort((a, b) => lo(a) - lo(b) || hi(a) - hi(b));
  return Int32Array.from(edges);
}
