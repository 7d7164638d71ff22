/**
 * Independent reference for the Slitherlink tests: every simple loop of a small grid by plain
 * depth-first search over vertices (no ZDD, no deduction, no frontier), keeping those that meet
 * the hints. Shares nothing with the solver but the Grid numbering.
 */
import { Grid } from '../../server/src/model/grid';

/** Every loop meeting `hints` (-1 = no hint), each as a sorted list of grid edges; at most `cap`. */
export function bruteLoops(rows: number, cols: number, hints: ArrayLike<number>, cap = Infinity): number[][] {
  const grid = new Grid(rows, cols);
  const W = cols + 1;
  const nv = (rows + 1) * W;
  // adjacency: neighbour vertex and edge id
  const adj: Array<Array<[number, number]>> = [];
  for (let v = 0; v < nv; v++) {
    const r = Math.floor(v / W), c = v % W;
    const list: Array<[number, number]> = [];
    if (c > 0) list.push([v - 1, grid.horizontalEdge(r, c - 1)]);
    if (c < cols) list.push([v + 1, grid.horizontalEdge(r, c)]);
    if (r > 0) list.push([v - W, grid.verticalEdge(r - 1, c)]);
    if (r < rows) list.push([v + W, grid.verticalEdge(r, c)]);
    adj.push(list);
  }
  const cellsOfEdge: number[][] = [];
  for (let e = 0; e < grid.edgeCount; e++) cellsOfEdge.push(grid.edgeCells(e).filter((x) => x >= 0));
  const onCount = new Int32Array(rows * cols);
  const visited = new Uint8Array(nv);
  const path: number[] = [];
  const out: number[][] = [];
  const hintOk = (): boolean => {
    for (let i = 0; i < rows * cols; i++) if (hints[i] >= 0 && onCount[i] !== hints[i]) return false;
    return true;
  };
  const use = (e: number, d: number): boolean => {
    let ok = true;
    for (const x of cellsOfEdge[e]) {
      onCount[x] += d;
      if (hints[x] >= 0 && onCount[x] > hints[x]) ok = false;
    }
    return ok;
  };
  let start = 0;
  let firstNext = -1;
  const dfs = (v: number): void => {
    if (out.length >= cap) return;
    for (const [w, e] of adj[v]) {
      if (w === start) {
        // close: path has >= 3 edges and a canonical direction (first step's vertex < last vertex)
        if (path.length >= 3 && firstNext < v) {
          const ok = use(e, 1);
          if (ok && hintOk()) out.push([...path, e].sort((a, b) => a - b));
          use(e, -1);
        }
        continue;
      }
      if (w < start || visited[w]) continue;
      const ok = use(e, 1);
      if (ok) {
        visited[w] = 1;
        path.push(e);
        if (path.length === 1) firstNext = w;
        dfs(w);
        path.pop();
        visited[w] = 0;
      }
      use(e, -1);
    }
  };
  for (start = 0; start < nv; start++) {
    visited[start] = 1;
    dfs(start);
    visited[start] = 0;
  }
  return out;
}

/** Whether `edges` (grid edges) form one simple loop meeting every hint. */
export function isValidLoop(rows: number, cols: number, hints: ArrayLike<number>, edges: number[]): boolean {
  const grid = new Grid(rows, cols);
  if (edges.length === 0 || new Set(edges).size !== edges.length) return false;
  const W = cols + 1;
  const deg = new Int32Array((rows + 1) * W);
  const nb: number[][] = Array.from({ length: deg.length }, () => []);
  const onCount = new Int32Array(rows * cols);
  for (const e of edges) {
    if (!(e >= 0 && e < grid.edgeCount)) return false;
    const [r1, c1, r2, c2] = grid.edgeEnds(e);
    const a = r1 * W + c1, b = r2 * W + c2;
    deg[a]++; deg[b]++;
    nb[a].push(b); nb[b].push(a);
    for (const x of grid.edgeCells(e)) if (x >= 0) onCount[x]++;
  }
  for (let i = 0; i < rows * cols; i++) if (hints[i] >= 0 && onCount[i] !== hints[i]) return false;
  let start = -1, used = 0;
  for (let v = 0; v < deg.length; v++) {
    if (deg[v] !== 0 && deg[v] !== 2) return false;
    if (deg[v] === 2) { used++; if (start < 0) start = v; }
  }
  // walk the loop from start: it must visit every used vertex
  let prev = -1, cur = start, steps = 0;
  do {
    const next = nb[cur][0] !== prev ? nb[cur][0] : nb[cur][1];
    prev = cur; cur = next; steps++;
  } while (cur !== start && steps <= used);
  return steps === used;
}
