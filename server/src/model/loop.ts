/**
 * A loop on the grid given as its inside cells, and the helpers every tool shares: the loop's
 * edges, its hint per cell, a validity check (one closed loop), the inside of an edge set.
 */
import { Grid } from './grid';

/** Per grid edge: 1 when the loop around `inside` uses it (the two sides differ; outside the grid is outside). */
export function loopEdgesOf(grid: Grid, inside: ArrayLike<number>): Uint8Array {
  const on = new Uint8Array(grid.edgeCount);
  for (let e = 0; e < grid.edgeCount; e++) {
    const [a, b] = grid.edgeCells(e);
    const ia = a >= 0 ? (inside[a] ? 1 : 0) : 0;
    const ib = b >= 0 ? (inside[b] ? 1 : 0) : 0;
    on[e] = ia ^ ib;
  }
  return on;
}

/** The hint every cell would carry for this loop (number of its sides on the loop). */
export function hintsOfEdges(grid: Grid, on: ArrayLike<number>): Int8Array {
  const hints = new Int8Array(grid.cellCount);
  for (let r = 0; r < grid.rows; r++)
    for (let c = 0; c < grid.cols; c++) {
      let k = 0;
      for (const e of grid.cellEdges(r, c)) k += on[e] ? 1 : 0;
      hints[grid.cell(r, c)] = k;
    }
  return hints;
}

/** Why `on` (per edge) is not one simple closed loop, or null when it is. */
export function loopProblem(grid: Grid, on: ArrayLike<number>): string | null {
  const W = grid.cols + 1;
  const deg = new Int32Array(grid.vertexCount);
  const nb: number[][] = Array.from({ length: grid.vertexCount }, () => []);
  let edges = 0;
  for (let e = 0; e < grid.edgeCount; e++) {
    if (!on[e]) continue;
    edges++;
    const [r1, c1, r2, c2] = grid.edgeEnds(e);
    const a = r1 * W + c1, b = r2 * W + c2;
    deg[a]++; deg[b]++;
    nb[a].push(b); nb[b].push(a);
  }
  if (edges === 0) return 'the loop is empty (mark at least one cell inside)';
  let start = -1, used = 0;
  for (let v = 0; v < deg.length; v++) {
    if (deg[v] === 4) return `the loop touches itself at grid point ${Math.floor(v / W)},${v % W} (two inside cells meet only at a corner)`;
    if (deg[v] !== 0 && deg[v] !== 2) return `grid point ${Math.floor(v / W)},${v % W} has ${deg[v]} loop edges`;
    if (deg[v] === 2) { used++; if (start < 0) start = v; }
  }
  let prev = -1, cur = start, steps = 0;
  do {
    const next = nb[cur][0] !== prev ? nb[cur][0] : nb[cur][1];
    prev = cur; cur = next; steps++;
  } while (cur !== start && steps <= used);
  if (steps !== used) return 'the inside cells give more than one loop (the inside must be one connected piece without holes)';
  return null;
}

/** Grid edges (ids, ascending) of a per-edge 0/1 map. */
export function edgeList(on: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let e = 0; e < on.length; e++) if (on[e]) out.push(e);
  return out;
}

/** The inside cells of a loop given by its edges (parity of crossings along each row). */
export function insideOfEdges(grid: Grid, on: ArrayLike<number>): Uint8Array {
  const inside = new Uint8Array(grid.cellCount);
  for (let r = 0; r < grid.rows; r++) {
    let inn = 0;
    for (let c = 0; c < grid.cols; c++) {
      if (on[grid.verticalEdge(r, c)]) inn ^= 1;
      inside[grid.cell(r, c)] = inn;
    }
  }
  return inside;
}
