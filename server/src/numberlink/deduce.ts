/**
 * Forced moves before building: edges that every solution uses (1) or avoids (0), found by local
 * rules applied to a fixpoint. Every rule is an implication that holds in every solution, so the
 * ZDD restricted to the result has exactly the same sets (the tests compare counts with and
 * without deduction, and against brute force).
 *
 * Rules (a "chain" is a connected set of cells joined by forced edges; it is a path):
 * - degree: an endpoint has degree 1, an empty cell 0 or 2 (exactly 2 under fill). An endpoint
 *   with one possible edge takes it; a cell that has its degree drops the rest; under fill a cell
 *   with exactly two possible edges takes both (one-cell-wide corridors); without fill an empty
 *   cell with one possible edge left drops it, and with one forced and one possible takes it.
 * - chains: an edge inside one chain would close a cycle, an edge between chains holding
 *   different labels would join them: both are dropped.
 * - notouch: two adjacent cells of one chain not linked by their edge touch: contradiction; two
 *   adjacent cells of chains with the same label will be on one path, so their edge is forced; a
 *   cell cannot join a chain when that would put it next to a cell of the same path that it
 *   cannot be linked to (see cannotJoin).
 * A contradiction means no solution at all.
 */
import type { NumberlinkRule } from '../model/puzzle';
import type { NumberlinkInstance } from './instance';

export interface Deduction {
  /** Per graph edge: -1 undecided, 0 in no solution, 1 in every solution. */
  fixed: Int8Array;
  /** True when the rules proved that there is no solution. */
  contradiction: boolean;
  /** Number of edges decided. */
  decided: number;
}

export function deduce(inst: NumberlinkInstance, rule: NumberlinkRule): Deduction {
  const n = inst.rows * inst.cols;
  const E = inst.graph.edges;
  const m = E.length >> 1;
  const fixed = new Int8Array(m).fill(-1);
  const { adjStart, adjEdge, cells } = inst;
  // Union-find over chains, with the chain's label (-1 none) and a circular list of its cells.
  const parent = new Int32Array(n);
  const size = new Int32Array(n).fill(1);
  const label = new Int32Array(n);
  const nextCell = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    parent[v] = v;
    label[v] = cells[v];
    nextCell[v] = v;
  }
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };
  const queue = new Int32Array(n);
  const queued = new Uint8Array(n);
  let qHead = 0, qLen = 0;
  const push = (v: number) => {
    if (queued[v]) return;
    queued[v] = 1;
    queue[(qHead + qLen++) % n] = v;
  };
  let contradiction = false;
  let decided = 0;

  const setEdge = (e: number, val: 0 | 1): void => {
    if (fixed[e] !== -1) {
      if (fixed[e] !== val) contradiction = true;
      return;
    }
    fixed[e] = val;
    decided++;
    const u = E[2 * e], v = E[2 * e + 1];
    push(u);
    push(v);
    if (val === 0) return;
    let ru = find(u), rv = find(v);
    if (ru === rv) { contradiction = true; return; }
    const lu = label[ru], lv = label[rv];
    if (lu >= 0 && lv >= 0 && lu !== lv) { contradiction = true; return; }
    if (size[ru] < size[rv]) { const t = ru; ru = rv; rv = t; }
    // Cells whose chain changed label (or the smaller chain) may enable chain rules: recheck them.
    const relabelled = lu < 0 && lv >= 0 ? ru : rv;
    let c = relabelled;
    do { push(c); c = nextCell[c]; } while (c !== relabelled);
    parent[rv] = ru;
    size[ru] += size[rv];
    label[ru] = lu >= 0 ? lu : lv;
    const t = nextCell[ru]; nextCell[ru] = nextCell[rv]; nextCell[rv] = t;
  };

  /**
   * notouch: linking v to u puts v on the path of u's chain (root r), so every other neighbour w
   * of v on that path must be linked to v. That fails when w is in the chain itself and not
   * linked to v (the link would close a cycle, or it is out), or when w's chain has the same
   * label and its edge to v is out.
   */
  const cannotJoin = (v: number, u: number, r: number): boolean => {
    const lr = label[r];
    for (let p = adjStart[v]; p < adjStart[v + 1]; p++) {
      const e = adjEdge[p];
      const w = E[2 * e] === v ? E[2 * e + 1] : E[2 * e];
      if (w === u) continue;
      const rw = find(w);
      if (rw === r && fixed[e] !== 1) return true;
      if (lr >= 0 && label[rw] === lr && fixed[e] === 0) return true;
    }
    return false;
  };

  const check = (v: number): void => {
    const isEnd = cells[v] >= 0;
    let ones = 0, unk = 0;
    for (let p = adjStart[v]; p < adjStart[v + 1]; p++) {
      const e = adjEdge[p];
      if (fixed[e] === 1) ones++;
      else if (fixed[e] === -1) unk++;
    }
    // Chain rules on the undecided edges.
    if (unk > 0) {
      const rv = find(v);
      for (let p = adjStart[v]; p < adjStart[v + 1]; p++) {
        const e = adjEdge[p];
        if (fixed[e] !== -1) continue;
        const u = E[2 * e] === v ? E[2 * e + 1] : E[2 * e];
        const ru = find(u);
        if (ru === rv) {
          // Both ends already on one path: the edge would close a cycle; without it they touch.
          if (rule.notouch) { contradiction = true; return; }
          setEdge(e, 0);
        } else if (label[ru] >= 0 && label[rv] >= 0) {
          if (label[ru] !== label[rv]) setEdge(e, 0);
          else if (rule.notouch) setEdge(e, 1);
        } else if (rule.notouch && cannotJoin(v, u, ru)) {
          setEdge(e, 0);
        }
        if (contradiction) return;
      }
      ones = 0; unk = 0;
      for (let p = adjStart[v]; p < adjStart[v + 1]; p++) {
        const e = adjEdge[p];
        if (fixed[e] === 1) ones++;
        else if (fixed[e] === -1) unk++;
      }
    }
    if (rule.notouch) {
      // Decided-out edges inside one chain make it touch itself.
      const rv = find(v);
      for (let p = adjStart[v]; p < adjStart[v + 1]; p++) {
        const e = adjEdge[p];
        if (fixed[e] !== 0) continue;
        const u = E[2 * e] === v ? E[2 * e + 1] : E[2 * e];
        const ru = find(u);
        if (ru === rv && (size[rv] > 1)) { contradiction = true; return; }
        // Chains with a label are used cells; the same label means the same path.
        if (label[ru] >= 0 && label[ru] === label[rv]) { contradiction = true; return; }
      }
    }
    const maxDeg = isEnd ? 1 : 2;
    if (ones > maxDeg) { contradiction = true; return; }
    if (unk === 0) {
      if (isEnd ? ones !== 1 : ones === 1 || (rule.fill && ones !== 2)) contradiction = true;
      return;
    }
    let force: -1 | 0 | 1 = -1;
    if (ones === maxDeg) force = 0;
    else if (isEnd) { if (unk === 1) force = 1; }
    else if (rule.fill) { if (ones + unk < 2) { contradiction = true; return; } if (ones + unk === 2) force = 1; }
    else if (ones === 1 && unk === 1) force = 1;
    else if (ones === 0 && unk === 1) force = 0;
    if (force < 0) return;
    for (let p = adjStart[v]; p < adjStart[v + 1]; p++) {
      const e = adjEdge[p];
      if (fixed[e] === -1) setEdge(e, force === 1 ? 1 : 0);
    }
  };

  for (let v = 0; v < n; v++) push(v);
  while (qLen > 0 && !contradiction) {
    const v = queue[qHead];
    qHead = (qHead + 1) % n;
    qLen--;
    queued[v] = 0;
    check(v);
  }
  return { fixed, contradiction, decided };
}
