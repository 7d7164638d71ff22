/**
 * An independent Numberlink solver for tests: depth-first search, one label's path at a time
 * (self-avoiding walks from the first endpoint to the second through free cells), with the rules
 * checked on each complete candidate. Exponential; for grids up to about 5x5.
 */
export interface BruteRule { fill: boolean; notouch: boolean }

export interface BruteResult {
  count: number;
  /** Every solution as a canonical string (paths joined), for small cases. */
  solutions: string[];
}

export function bruteSolve(
  rows: number, cols: number, cells: Int32Array, labelCount: number, rule: BruteRule, keep = 1000,
): BruteResult {
  const n = rows * cols;
  const ends: number[][] = Array.from({ length: labelCount }, () => []);
  for (let v = 0; v < n; v++) if (cells[v] >= 0) ends[cells[v]].push(v);
  for (const e of ends) if (e.length !== 2) throw new Error('each label needs two cells');
  const owner = new Int32Array(n).fill(-1);
  const pos = new Int32Array(n);
  for (let v = 0; v < n; v++) if (cells[v] >= 0) owner[v] = cells[v];
  const nbrs: number[][] = [];
  for (let v = 0; v < n; v++) {
    const r = Math.floor(v / cols), c = v % cols, out: number[] = [];
    if (r > 0) out.push(v - cols);
    if (r + 1 < rows) out.push(v + cols);
    if (c > 0) out.push(v - 1);
    if (c + 1 < cols) out.push(v + 1);
    nbrs.push(out);
  }
  const paths: number[][] = [];
  const res: BruteResult = { count: 0, solutions: [] };
  const used = new Uint8Array(n);

  const accept = () => {
    if (rule.fill && used.some((x) => x === 0)) return;
    if (rule.notouch) {
      for (let v = 0; v < n; v++) {
        if (!used[v]) continue;
        for (const u of nbrs[v]) {
          if (u > v && used[u] && owner[u] === owner[v] && Math.abs(pos[u] - pos[v]) !== 1) return;
        }
      }
    }
    res.count++;
    if (res.solutions.length < keep) res.solutions.push(paths.map((p) => p.join(',')).join('|'));
  };

  const walk = (l: number, cur: number, path: number[]) => {
    const target = ends[l][1];
    for (const u of nbrs[cur]) {
      if (u === target) {
        path.push(u); pos[u] = path.length - 1; used[u] = 1;
        paths.push(path.slice());
        solveFrom(l + 1);
        paths.pop();
        used[u] = 0; path.pop();
      } else if (owner[u] === -1) {
        owner[u] = l; used[u] = 1; path.push(u); pos[u] = path.length - 1;
        walk(l, u, path);
        path.pop(); used[u] = 0; owner[u] = -1;
      }
    }
  };

  const solveFrom = (l: number) => {
    if (l === labelCount) { accept(); return; }
    const s = ends[l][0];
    used[s] = 1; pos[s] = 0;
    walk(l, s, [s]);
    used[s] = 0;
  };
  solveFrom(0);
  return res;
}
