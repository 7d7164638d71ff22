/**
 * A Numberlink puzzle as a graph problem: the cell adjacency graph (cells are vertices, numbered
 * r * cols + c; orthogonal neighbours are edges, numbered as in `gridGraph`), the endpoint key of
 * every cell, and the edge order with the smallest frontier (a sweep along the shorter side).
 */
import { gridGraph, type Graph } from '../zdd/frontier';

export interface NumberlinkInstance {
  rows: number;
  cols: number;
  /** Label index per cell, or -1. */
  cells: Int32Array;
  labelCount: number;
  graph: Graph;
  /** Edge order (a permutation of the graph's edges) for the frontier sweep. */
  order: Int32Array;
  /** 1 + 2*label + half for an endpoint (half 0 for the label's first cell in reading order), else 0. */
  endpointKey: Int32Array;
  /** The two cells of each label, first in reading order first; -1 when the label has not two. */
  ends: Int32Array;
  /** Adjacency in CSR form: incident edges of each cell. */
  adjStart: Int32Array;
  adjEdge: Int32Array;
}

/**
 * The sweep of `gridGraph(rows, cols)` cell by cell along lines (rows, or columns when
 * `sweep.transpose`), each cell deciding its edge to the next cell of its line, then its edge to
 * the next line. `reverseLines` starts from the last line, `reverseCells` from the last cell of
 * each line. The frontier holds about one line, so lines should run along the shorter side.
 */
export interface Sweep {
  transpose: boolean;
  reverseLines: boolean;
  reverseCells: boolean;
}

export function sweepOrder(rows: number, cols: number, sweep: Sweep): Int32Array {
  const H = rows * (cols - 1);
  const order = new Int32Array(Math.max(0, H + (rows - 1) * cols));
  const hEdge = (r: number, c: number) => r * (cols - 1) + c;
  const vEdge = (r: number, c: number) => H + r * cols + c;
  const lines = sweep.transpose ? cols : rows, len = sweep.transpose ? rows : cols;
  let k = 0;
  for (let a = 0; a < lines; a++) {
    const line = sweep.reverseLines ? lines - 1 - a : a;
    const nextLine = sweep.reverseLines ? line - 1 : line + 1;
    const hasNextLine = nextLine >= 0 && nextLine < lines;
    for (let b = 0; b < len; b++) {
      const pos = sweep.reverseCells ? len - 1 - b : b;
      const nextPos = sweep.reverseCells ? pos - 1 : pos + 1;
      if (nextPos >= 0 && nextPos < len) {
        // Edge along the line between pos and nextPos.
        const lo = Math.min(pos, nextPos);
        order[k++] = sweep.transpose ? vEdge(lo, line) : hEdge(line, lo);
      }
      if (hasNextLine) {
        const lo = Math.min(line, nextLine);
        order[k++] = sweep.transpose ? hEdge(pos, lo) : vEdge(lo, pos);
      }
    }
  }
  return order;
}

/** The default sweep: lines along the shorter side, from the top-left corner. */
export function defaultSweep(rows: number, cols: number): Sweep {
  return { transpose: cols > rows, reverseLines: false, reverseCells: false };
}

/**
 * A sweep along the shorter side (either for a square) that meets many endpoints early: each
 * endpoint scores exp(-line / 2) by the index of its line in the sweep, the best total wins.
 * Fragments that reach an endpoint early carry a label, which lets the spec reject far more
 * states; on Janko's larger puzzles this heuristic cut the states built by about a quarter.
 * Only the order changes, never the answer.
 */
export function chooseSweep(rows: number, cols: number, cells: Int32Array): Sweep {
  let best = defaultSweep(rows, cols), bestScore = -1;
  for (let o = 0; o < 8; o++) {
    const sweep: Sweep = { transpose: (o & 4) !== 0, reverseLines: (o & 1) !== 0, reverseCells: (o & 2) !== 0 };
    if (rows !== cols && sweep.transpose !== cols > rows) continue;
    const lines = sweep.transpose ? cols : rows;
    let score = 0;
    for (let v = 0; v < rows * cols; v++) {
      if (cells[v] < 0) continue;
      let line = sweep.transpose ? v % cols : Math.floor(v / cols);
      if (sweep.reverseLines) line = lines - 1 - line;
      score += Math.exp(-line / 2);
    }
    // Ties (e.g. mirror images within a line) keep the earlier candidate.
    if (score > bestScore + 1e-9) { best = sweep; bestScore = score; }
  }
  return best;
}

export function makeInstance(
  rows: number, cols: number, cells: Int32Array, labelCount: number, sweep?: Sweep,
): NumberlinkInstance {
  const graph = gridGraph(rows, cols);
  const order = sweepOrder(rows, cols, sweep ?? chooseSweep(rows, cols, cells));
  const n = rows * cols;
  const endpointKey = new Int32Array(n);
  const ends = new Int32Array(2 * labelCount).fill(-1);
  const seen = new Int32Array(labelCount);
  for (let v = 0; v < n; v++) {
    const l = cells[v];
    if (l < 0) continue;
    const half = seen[l]++;
    if (half < 2) ends[2 * l + half] = v;
    endpointKey[v] = 1 + 2 * l + Math.min(half, 1);
  }
  for (let l = 0; l < labelCount; l++) {
    if (seen[l] !== 2) { ends[2 * l] = -1; ends[2 * l + 1] = -1; }
  }
  const m = graph.edges.length >> 1;
  const deg = new Int32Array(n);
  for (let e = 0; e < m; e++) { deg[graph.edges[2 * e]]++; deg[graph.edges[2 * e + 1]]++; }
  const adjStart = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) adjStart[v + 1] = adjStart[v] + deg[v];
  const adjEdge = new Int32Array(2 * m);
  const pos = adjStart.slice(0, n);
  for (let e = 0; e < m; e++) {
    adjEdge[pos[graph.edges[2 * e]]++] = e;
    adjEdge[pos[graph.edges[2 * e + 1]]++] = e;
  }
  return { rows, cols, cells, labelCount, graph, order, endpointKey, ends, adjStart, adjEdge };
}
