/**
 * A Numberlink puzzle as a graph problem: the cell adjacency graph (cells are vertices, numbered
 * r * cols + c; orthogonal neighbours are edges, numbered as in `gridGraph`), the endpoint key of
 * every cell, and the sweeps (edge orders along the shorter side, so that the frontier is small).
 */
import { gridGraph, type Graph } from '../zdd/frontier';

export interface NumberlinkInstance {
  rows: number;
  cols: number;
  /** Label index per cell, or -1. */
  cells: Int32Array;
  labelCount: number;
  graph: Graph;
  /** The sweep the caller asked for; undefined: the solver picks one after deduction (chooseSweep). */
  sweep?: Sweep;
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

/**
 * Per cell, in the terms of `sweep`: the next cell along its line and the cell at the same place
 * in the next line (-1 when there is none).
 */
export function sweepNeighbours(rows: number, cols: number, sweep: Sweep): { right: Int32Array; down: Int32Array } {
  const n = rows * cols;
  const right = new Int32Array(n).fill(-1), down = new Int32Array(n).fill(-1);
  const lines = sweep.transpose ? cols : rows, len = sweep.transpose ? rows : cols;
  const cell = (a: number, b: number) => {
    const line = sweep.reverseLines ? lines - 1 - a : a;
    const pos = sweep.reverseCells ? len - 1 - b : b;
    return sweep.transpose ? pos * cols + line : line * cols + pos;
  };
  for (let a = 0; a < lines; a++) {
    for (let b = 0; b < len; b++) {
      const v = cell(a, b);
      if (b + 1 < len) right[v] = cell(a, b + 1);
      if (a + 1 < lines) down[v] = cell(a + 1, b);
    }
  }
  return { right, down };
}

/** The default sweep: lines along the shorter side, from the top-left corner. */
export function defaultSweep(rows: number, cols: number): Sweep {
  return { transpose: cols > rows, reverseLines: false, reverseCells: false };
}

/**
 * A sweep along the shorter side (either for a square). With deduced edges (`fixed`, per graph
 * edge, -1 undecided): the sweep that meets the fewest undecided edges early, each undecided edge
 * weighing exp(-line / 5) by the first line it touches. States multiply where choices are open,
 * and a mistake made early lives longest before it dies, so starting where deduction settled
 * the most keeps the frontier small for longest: on Janko's and Ahle's puzzles this cut the
 * states built by a third to a half against the endpoint rule below. Ties, and the case without
 * deduction, go to the sweep that meets many endpoints early (each scores exp(-line / 2)):
 * fragments that reach an endpoint early carry a label, which lets the spec reject far more
 * states. Only the order changes, never the answer. `poll` is called between candidates (it
 * throws to stop: the caller's deadline).
 */
export function chooseSweep(rows: number, cols: number, cells: Int32Array, fixed?: Int8Array, edges?: Int32Array, poll?: () => void): Sweep {
  const span = Math.max(rows, cols);
  const wOpen = new Float64Array(span), wEnd = new Float64Array(span);
  for (let k = 0; k < span; k++) { wOpen[k] = Math.exp(-k / 5); wEnd[k] = Math.exp(-k / 2); }
  // The score depends only on the line of each cell, not on the direction within a line, so
  // cells always run forward. Candidates in the order of the earlier rule (rows before columns, the
  // first line first); ties keep the earlier candidate.
  let best = defaultSweep(rows, cols), bestScore = -Infinity;
  for (let t = 0; t < 2; t++) {
    const across = (t === 1) !== cols > rows; // computed always (see deduce.ts on deoptimization)
    if (rows !== cols && across) continue;
    const lines = t === 1 ? cols : rows;
    for (let rev = 0; rev < 2; rev++) {
      const lineOf = (v: number) => {
        const line = t === 1 ? v % cols : (v / cols) | 0;
        return rev === 1 ? lines - 1 - line : line;
      };
      poll?.(); // between candidates: each reads the whole grid once
      let open = 0, ends = 0;
      if (fixed && edges) {
        for (let e = 0, m = edges.length >> 1; e < m; e++) {
          if (fixed[e] !== -1) continue;
          const a = lineOf(edges[2 * e]), b = lineOf(edges[2 * e + 1]);
          open += wOpen[a < b ? a : b];
        }
      }
      for (let v = 0; v < rows * cols; v++) if (cells[v] >= 0) ends += wEnd[lineOf(v)];
      const score = -open * 1e3 + ends;
      if (score > bestScore + 1e-9) {
        best = { transpose: t === 1, reverseLines: rev === 1, reverseCells: false };
        bestScore = score;
      }
    }
  }
  return best;
}

export function makeInstance(
  rows: number, cols: number, cells: Int32Array, labelCount: number, sweep?: Sweep,
): NumberlinkInstance {
  const graph = gridGraph(rows, cols);
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
  return { rows, cols, cells, labelCount, graph, sweep, endpointKey, ends, adjStart, adjEdge };
}
