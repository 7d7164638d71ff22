// Every simple cycle of a lattice's graph, by plain depth-first search (independent of the ZDD):
// each cycle is found from its lowest vertex s, in the orientation whose second vertex is lower
// than its last.
import type { Lattice } from '../../server/src/model/lattice';

export function allCycles(lattice: Lattice, max = 2_000_000): number[][] {
  const V = lattice.vertexCount;
  const adj: [number, number][][] = Array.from({ length: V }, () => []);
  for (let e = 0; e < lattice.edgeCount; e++) {
    const a = lattice.ends[2 * e], b = lattice.ends[2 * e + 1];
    adj[a].push([b, e]);
    adj[b].push([a, e]);
  }
  const out: number[][] = [];
  const onPath = new Uint8Array(V);
  const edges: number[] = [];
  const verts: number[] = [];
  const dfs = (s: number, v: number) => {
    for (const [u, e] of adj[v]) {
      if (u === s) {
        if (edges.length >= 2 && verts[1] < v) {
          out.push([...edges, e]);
          if (out.length > max) throw new Error(`more than ${max} cycles`);
        }
        continue;
      }
      if (u < s || onPath[u]) continue;
      onPath[u] = 1;
      edges.push(e);
      verts.push(u);
      dfs(s, u);
      onPath[u] = 0;
      edges.pop();
      verts.pop();
    }
  };
  for (let s = 0; s < V; s++) {
    onPath[s] = 1;
    verts.push(s);
    dfs(s, s);
    verts.pop();
    onPath[s] = 0;
  }
  return out;
}

/** How many edges of `cycle` each face has. */
export function faceCounts(lattice: Lattice, cycle: number[]): Int32Array {
  const n = new Int32Array(lattice.faceCount);
  for (const e of cycle) {
    const a = lattice.sides[2 * e], b = lattice.sides[2 * e + 1];
    if (a >= 0) n[a]++;
    if (b >= 0) n[b]++;
  }
  return n;
}

/** Whether the cycle meets every hint (per face, -1 = none). */
export function meets(lattice: Lattice, cycle: number[], hints: ArrayLike<number>): boolean {
  const n = faceCounts(lattice, cycle);
  for (let f = 0; f < lattice.faceCount; f++) if (hints[f] >= 0 && n[f] !== hints[f]) return false;
  return true;
}
