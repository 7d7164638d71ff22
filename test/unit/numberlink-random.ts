/**
 * Random Numberlink instances for tests, and a solution validator that shares no code with the
 * solver (test-side, written from the rules' definitions).
 */

/** A small linear congruential generator: the same instances on every run. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Labels renumbered in reading order of their first cell, as the parser numbers them. */
function relabel(cells: Int32Array): Int32Array {
  const map = new Map<number, number>();
  for (const x of cells) if (x >= 0 && !map.has(x)) map.set(x, map.size);
  return cells.map((x) => (x >= 0 ? map.get(x)! : -1));
}

/** `pairs` labels with both cells anywhere (often no solution). */
export function randomCells(rows: number, cols: number, pairs: number, rand: () => number): Int32Array {
  const n = rows * cols, cells = new Int32Array(n).fill(-1);
  const free = Array.from({ length: n }, (_, i) => i);
  for (let l = 0; l < pairs; l++) {
    for (let k = 0; k < 2; k++) {
      const j = Math.floor(rand() * free.length);
      cells[free[j]] = l;
      free.splice(j, 1);
    }
  }
  return relabel(cells);
}

/**
 * The two ends of random self-avoiding walks of up to `maxLen` cells, grown until no free cell
 * has a free neighbour or `maxPairs` walks are made: a puzzle with at least one solution under
 * nikoli; few long walks make sparse puzzles with many routes.
 */
export function walkCells(rows: number, cols: number, rand: () => number, maxLen: number, maxPairs = Infinity): { cells: Int32Array; pairs: number } {
  const n = rows * cols, cells = new Int32Array(n).fill(-1), used = new Uint8Array(n);
  const freeNbrs = (v: number) => {
    const r = Math.floor(v / cols), c = v % cols, out: number[] = [];
    if (r > 0 && !used[v - cols]) out.push(v - cols);
    if (r + 1 < rows && !used[v + cols]) out.push(v + cols);
    if (c > 0 && !used[v - 1]) out.push(v - 1);
    if (c + 1 < cols && !used[v + 1]) out.push(v + 1);
    return out;
  };
  let pairs = 0;
  for (let t = 0; t < 4 * n && pairs < maxPairs; t++) {
    const starts = [];
    for (let v = 0; v < n; v++) if (!used[v] && freeNbrs(v).length > 0) starts.push(v);
    if (starts.length === 0) break;
    const s = starts[Math.floor(rand() * starts.length)];
    used[s] = 1;
    let cur = s;
    const len = 2 + Math.floor(rand() * (maxLen - 1));
    for (let k = 1; k < len; k++) {
      const nb = freeNbrs(cur);
      if (nb.length === 0) break;
      cur = nb[Math.floor(rand() * nb.length)];
      used[cur] = 1;
    }
    cells[s] = pairs;
    cells[cur] = pairs;
    pairs++;
  }
  return { cells: relabel(cells), pairs };
}

/**
 * Why `paths` (cells r * cols + c, one path per label in label order) is not a solution under the
 * rule, or null when it is one: each path joins its label's two cells in steps to orthogonal
 * neighbours through cells without a label, no cell is used twice, under fill every cell is used,
 * under notouch two cells of one path that are neighbours are consecutive on it.
 */
export function solutionProblem(
  rows: number, cols: number, cells: Int32Array, paths: number[][], rule: { fill: boolean; notouch: boolean },
): string | null {
  const n = rows * cols;
  const labels = Math.max(-1, ...cells) + 1;
  if (paths.length !== labels) return `${paths.length} paths for ${labels} labels`;
  const owner = new Int32Array(n).fill(-1), pos = new Int32Array(n);
  for (let l = 0; l < labels; l++) {
    const p = paths[l];
    const ends = [...cells.keys()].filter((v) => cells[v] === l);
    if (p.length < 2 || !((p[0] === ends[0] && p[p.length - 1] === ends[1]) || (p[0] === ends[1] && p[p.length - 1] === ends[0]))) {
      return `path ${l} does not join its two cells`;
    }
    for (let k = 0; k < p.length; k++) {
      const v = p[k];
      if (!(v >= 0 && v < n)) return `path ${l} leaves the grid`;
      if (owner[v] >= 0) return `cell ${v} used twice`;
      if (k > 0 && k < p.length - 1 && cells[v] >= 0) return `path ${l} passes a labelled cell`;
      if (k > 0) {
        const u = p[k - 1];
        if (Math.abs(Math.floor(u / cols) - Math.floor(v / cols)) + Math.abs((u % cols) - (v % cols)) !== 1) return `path ${l} jumps`;
      }
      owner[v] = l;
      pos[v] = k;
    }
  }
  for (let v = 0; v < n; v++) {
    if (owner[v] < 0) {
      if (rule.fill) return `cell ${v} unused`;
      continue;
    }
    if (!rule.notouch) continue;
    const r = Math.floor(v / cols), c = v % cols;
    for (const u of [c + 1 < cols ? v + 1 : -1, r + 1 < rows ? v + cols : -1]) {
      if (u >= 0 && owner[u] === owner[v] && Math.abs(pos[u] - pos[v]) !== 1) return `path ${owner[v]} touches itself at ${v}, ${u}`;
    }
  }
  return null;
}
