/**
 * The canonical solutions of the Nikoli rule, and why they decide it.
 *
 * A move replaces one path of a solution by another route between its ends through cells that no
 * other path uses, such that Φ = (total path length, then the set of used cells in colex order of
 * π) drops. π is the reverse of the sweep (the spec's order): freeing a cell met earlier in the
 * sweep, for one met later, lowers Φ. Every sequence of moves ends, at a *canonical* solution
 * (no move left). So:
 * - no canonical solution: no solution at all;
 * - two: two solutions;
 * - exactly one, X: every other solution would reach X by moves, the last of which replaced one
 *   path of some solution Z by X's route. Then that path of X has another route through the cells
 *   the other paths of X leave free (Z's). So X is the only solution if and only if every path of
 *   X is the only route between its ends in the grid minus the other paths (X is *rigid*).
 *
 * The spec (SpecInput.canonical) builds a family between the canonical solutions and all of them:
 * it leaves out solutions with a move it sees locally (a path touching itself; two cells of one
 * path facing each other across a straight run of empty cells, or meeting at an empty cell; a
 * path turning around an empty cell through a corner met earlier in the sweep). The argument above
 * holds for any such family F: none, multiple, or with exactly one member X, unique if and only
 * if X is rigid (`findReroute` finds the other route when it is not).
 */
import type { NumberlinkInstance } from './instance';

/**
 * A second solution made from `edges` (a solution, as graph edges) by giving one path another
 * route through cells that no other path uses; null when every path is the only route between its
 * ends there (the solution is rigid).
 */
export function findReroute(inst: NumberlinkInstance, edges: number[]): number[] | null {
  const n = inst.rows * inst.cols, E = inst.graph.edges;
  const { adjStart, adjEdge } = inst;
  const other = (v: number, q: number) => {
    const e = adjEdge[q];
    return E[2 * e] === v ? E[2 * e + 1] : E[2 * e];
  };
  // The path of each cell: owner[v] = label, -1 for an unused cell.
  const on = new Uint8Array(E.length >> 1);
  for (const e of edges) on[e] = 1;
  const owner = new Int32Array(n).fill(-1);
  const pathEdges: number[][] = [];
  for (let l = 0; l < inst.labelCount; l++) {
    const s = inst.ends[2 * l], t = inst.ends[2 * l + 1];
    const mine: number[] = [];
    if (s >= 0) {
      let v = s, prevEdge = -1;
      owner[v] = l;
      while (v !== t) {
        let next = -1;
        for (let q = adjStart[v]; q < adjStart[v + 1]; q++) {
          if (on[adjEdge[q]] && adjEdge[q] !== prevEdge) { next = q; break; }
        }
        if (next < 0) throw new Error('numberlink: a solution path breaks off');
        prevEdge = adjEdge[next];
        mine.push(prevEdge);
        v = other(v, next);
        owner[v] = l;
      }
    }
    pathEdges.push(mine);
  }
  const prev = new Int32Array(n), prevQ = new Int32Array(n), queue = new Int32Array(n);
  for (let l = 0; l < inst.labelCount; l++) {
    const s = inst.ends[2 * l], t = inst.ends[2 * l + 1];
    if (s < 0) continue;
    for (const cut of pathEdges[l]) {
      // A route from s to t through free cells and l's own, without the edge `cut`.
      prev.fill(-1);
      let head = 0, tail = 0;
      queue[tail++] = s;
      prev[s] = s;
      while (head < tail && prev[t] < 0) {
        const v = queue[head++];
        for (let q = adjStart[v]; q < adjStart[v + 1]; q++) {
          if (adjEdge[q] === cut) continue;
          const w = other(v, q);
          if (prev[w] >= 0 || (owner[w] !== -1 && owner[w] !== l) || (inst.cells[w] >= 0 && w !== t)) continue;
          prev[w] = v;
          prevQ[w] = adjEdge[q];
          queue[tail++] = w;
        }
      }
      if (prev[t] < 0) continue;
      const out = edges.filter((e) => !pathEdges[l].includes(e));
      for (let v = t; v !== s; v = prev[v]) out.push(prevQ[v]);
      return out;
    }
  }
  return null;
}
