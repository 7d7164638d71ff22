/** Brute-force cycle and path families on small graphs, for the Simpath tests. */
import type { FrontierPlan, Graph } from '../../server/src/zdd/frontier';
import type { Zdd } from '../../server/src/zdd/zdd';

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Edge sets of a ZDD built on `plan` (level L = edge plan.order[m - L]), as sorted edge lists. */
export function edgeSets(z: Zdd, plan: FrontierPlan): string[] {
  const m = plan.edgeCount;
  return [...z.sets()].map((levels) => levels.map((L) => plan.order[m - L]).sort((a, b) => a - b).join(',')).sort();
}

/** Brute force: is the edge subset (bitmask) a single simple cycle / s-t path? */
export function classify(g: Graph, mask: number): { deg: Int32Array; comps: number; used: number } {
  const n = g.vertexCount;
  const deg = new Int32Array(n);
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  const m = g.edges.length / 2;
  for (let e = 0; e < m; e++) {
    if (!(mask & (1 << e))) continue;
    const u = g.edges[2 * e], v = g.edges[2 * e + 1];
    deg[u]++; deg[v]++;
    parent[find(u)] = find(v);
  }
  const roots = new Set<number>();
  let used = 0;
  for (let v = 0; v < n; v++) if (deg[v] > 0) { roots.add(find(v)); used++; }
  return { deg, comps: roots.size, used };
}

export function bruteCycles(g: Graph, hamiltonian: boolean): string[] {
  const m = g.edges.length / 2;
  const out: string[] = [];
  for (let mask = 1; mask < 1 << m; mask++) {
    const { deg, comps, used } = classify(g, mask);
    if (comps !== 1 || deg.some((d) => d !== 0 && d !== 2)) continue;
    if (hamiltonian && used !== g.vertexCount) continue;
    out.push(maskEdges(mask, m));
  }
  return out.sort();
}

export function brutePaths(g: Graph, s: number, t: number, hamiltonian: boolean): string[] {
  const m = g.edges.length / 2;
  const out: string[] = [];
  for (let mask = 1; mask < 1 << m; mask++) {
    const { deg, comps, used } = classify(g, mask);
    if (comps !== 1 || deg[s] !== 1 || deg[t] !== 1) continue;
    let ok = true;
    for (let v = 0; v < g.vertexCount; v++) if (v !== s && v !== t && deg[v] !== 0 && deg[v] !== 2) ok = false;
    if (!ok || (hamiltonian && used !== g.vertexCount)) continue;
    out.push(maskEdges(mask, m));
  }
  return out.sort();
}

export function maskEdges(mask: number, m: number): string {
  const es: number[] = [];
  for (let e = 0; e < m; e++) if (mask & (1 << e)) es.push(e);
  return es.join(',');
}

/** A random connected-ish simple graph. */
export function randomGraph(r: () => number, n: number, m: number): Graph {
  const seen = new Set<string>();
  const edges: number[] = [];
  // A random spanning path first keeps most graphs connected.
  for (let v = 1; v < n && edges.length / 2 < m; v++) {
    const u = Math.floor(r() * v);
    seen.add(`${u},${v}`);
    edges.push(u, v);
  }
  let guard = 0;
  while (edges.length / 2 < m && guard++ < 1000) {
    const u = Math.floor(r() * n), v = Math.floor(r() * n);
    if (u === v) continue;
    const k = u < v ? `${u},${v}` : `${v},${u}`;
    if (seen.has(k)) continue;
    seen.add(k);
    edges.push(u, v);
  }
  return { vertexCount: n, edges: Int32Array.from(edges) };
}

export function randomOrder(r: () => number, m: number): Int32Array {
  const o = Int32Array.from({ length: m }, (_, i) => i);
  for (let i = m - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [o[i], o[j]] = [o[j], o[i]];
  }
  return o;
}
