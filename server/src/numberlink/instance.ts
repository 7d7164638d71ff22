/**
 * A Numberlink puzzle as a graph problem: the cell adjacency graph (cells are vertices, numbered
 * r * cols + c; orthogonal neighbours are edges, numbered as in `gridGraph`), the endpoint key of
 * every cell, and the edge order with the smallest frontier (a sweep along the shorter side).
 */
import { gridEdgeOrder, gridGraph, type Graph } from '../zdd/frontier';

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

export function makeInstance(rows: number, cols: number, cells: Int32Array, labelCount: number): NumberlinkInstance {
  const graph = gridGraph(rows, cols);
  const order = gridEdgeOrder(rows, cols);
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

/** The other end of edge e from cell v. */
export function otherEnd(graph: Graph, e: number, v: number): number {
  const a = graph.edges[2 * e];
  return a === v ? graph.edges[2 * e + 1] : a;
}
