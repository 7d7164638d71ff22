/** Turning a set of chosen edges into Numberlink paths, and checking a solution independently. */
import type { NumberlinkRule } from './puzzle';
import type { NumberlinkInstance } from './instance';

/**
 * The path of every label from its first endpoint (reading order) to the other, as cell indices,
 * from a set of graph edges. Null when the edges do not form such paths.
 */
export function edgesToPaths(inst: NumberlinkInstance, edges: Iterable<number>): number[][] | null {
  const n = inst.rows * inst.cols;
  const deg = new Int32Array(n);
  const nb = new Int32Array(2 * n).fill(-1);
  for (const e of edges) {
    const a = inst.graph.edges[2 * e], b = inst.graph.edges[2 * e + 1];
    if (deg[a] >= 2 || deg[b] >= 2) return null;
    nb[2 * a + deg[a]++] = b;
    nb[2 * b + deg[b]++] = a;
  }
  const paths: number[][] = [];
  for (let l = 0; l < inst.labelCount; l++) {
    const start = inst.ends[2 * l];
    if (start < 0 || deg[start] !== 1) return null;
    const path = [start];
    let prev = -1, cur = start;
    for (;;) {
      const next = nb[2 * cur] !== prev ? nb[2 * cur] : nb[2 * cur + 1];
      if (next < 0 || path.length > n) return null;
      path.push(next);
      if (inst.cells[next] >= 0) break;
      prev = cur;
      cur = next;
    }
    if (path[path.length - 1] !== inst.ends[2 * l + 1]) return null;
    paths.push(path);
  }
  return paths;
}

/** Why `paths` is not a solution of the instance under `rule`, or null when it is one. */
export function pathsProblem(inst: NumberlinkInstance, rule: NumberlinkRule, paths: number[][]): string | null {
  const { rows, cols } = inst;
  const n = rows * cols;
  const owner = new Int32Array(n).fill(-1);
  const pos = new Int32Array(n);
  if (paths.length !== inst.labelCount) return 'wrong number of paths';
  for (let l = 0; l < paths.length; l++) {
    const p = paths[l];
    if (p.length < 2) return `path ${l} too short`;
    const a = p[0], b = p[p.length - 1];
    if (!(inst.cells[a] === l && inst.cells[b] === l && a !== b)) return `path ${l} does not join its label`;
    for (let k = 0; k < p.length; k++) {
      const v = p[k];
      if (owner[v] >= 0) return `cell ${v} used twice`;
      if (k > 0 && k < p.length - 1 && inst.cells[v] >= 0) return `path ${l} passes through an endpoint`;
      if (k > 0) {
        const u = p[k - 1];
        const dr = Math.abs(Math.floor(u / cols) - Math.floor(v / cols)), dc = Math.abs((u % cols) - (v % cols));
        if (dr + dc !== 1) return `path ${l} jumps`;
      }
      owner[v] = l;
      pos[v] = k;
    }
  }
  if (rule.fill) for (let v = 0; v < n; v++) if (owner[v] < 0) return `cell ${v} unused`;
  if (rule.notouch) {
    for (let v = 0; v < n; v++) {
      const r = Math.floor(v / cols), c = v % cols;
      const right = c + 1 < cols ? v + 1 : -1, down = r + 1 < rows ? v + cols : -1;
      for (const u of [right, down]) {
        if (u >= 0 && owner[u] >= 0 && owner[u] === owner[v] && Math.abs(pos[u] - pos[v]) !== 1) return `path ${owner[v]} touches itself`;
      }
    }
  }
  return null;
}
