/**
 * Depth-first search with propagation for one loop of a deduced Slitherlink (a small DPLL):
 * assume an open edge, propagate with deduce's rules, go deeper; undo on a contradiction and try
 * the other value. It continues a deduction's kept state in place, writing through its undo log,
 * and leaves it exactly as it found it.
 *
 * Exact both ways: a full assignment without contradiction is checked to be one simple loop
 * meeting every hint before it is returned, and every branch is closed only by a contradiction
 * of sound rules, so an exhausted search proves that no loop agrees with the state.
 */
import { keptState, meets, ON, UNKNOWN, type Deducer, type Deduction } from './deduce';
import { StopError } from '../zdd/control';

export interface BranchOptions {
  /** Branch on the edges nearest this cell first. */
  focus: number;
  /** Per edge, the value tried first (e.g. the known solution); default ON first. */
  prefer?: Uint8Array;
  /** Most assumptions in all before giving up (null). */
  maxNodes: number;
  /** Date.now() past which the search throws StopError('time'). */
  deadline?: number;
  timeMs?: number;
  isCancelled?: () => boolean;
  /** Apply the connectivity rule after every assumption. */
  connectivity?: boolean;
  /**
   * Hints changed before the search (cell, value), each keeping every loop of the new hints a
   * loop of the state's (a hint put back, or one of the state's hints narrowed): the state is
   * then sound for the new puzzle. Undone with everything else.
   */
  hints?: readonly (readonly [number, number])[];
}

export interface BranchResult {
  /** The loop found (per edge 0/1), false when none exists, null past maxNodes. */
  loop: Uint8Array | false | null;
  nodes: number;
}

/** The open edges in order of distance from `cell` (its sides first), by a counting sort. */
function openByDistance(d: Deducer, cell: number): Int32Array {
  const C = d.C, W = C + 1, r0 = (cell / C) | 0, c0 = cell - r0 * C;
  const E = d.E, edges = d.edges;
  // Distance: twice the edge midpoint's coordinates against twice the cell centre (2 r0 + 1, 2 c0 + 1).
  const key = (e: number): number => {
    const u = d.edgeU[e]!, v = d.edgeV[e]!;
    const ur = (u / W) | 0, vr = (v / W) | 0;
    return Math.abs(ur + vr - 2 * r0 - 1) + Math.abs(u - ur * W + v - vr * W - 2 * c0 - 1);
  };
  const K = 2 * (d.R + C) + 2;
  const start = new Int32Array(K + 1);
  let n = 0;
  for (let e = 0; e < E; e++) if (edges[e] === UNKNOWN) { start[key(e) + 1]!++; n++; }
  for (let k = 0; k < K; k++) start[k + 1]! += start[k]!;
  const out = new Int32Array(n);
  for (let e = 0; e < E; e++) if (edges[e] === UNKNOWN) out[start[key(e)]!++] = e;
  return out;
}

/**
 * A loop agreeing with `base` (a deduction made with keepState and no contradiction), searched
 * depth first; see the module comment. Throws StopError on time or cancellation.
 */
export function branchSearch(base: Deduction, options: BranchOptions): BranchResult {
  const d = keptState(base);
  if (!d || base.contradiction) return { loop: null, nodes: 0 };
  const E = d.E;
  const prefer = options.prefer;
  // The state's scalars, restored at the end (the arrays by the undo log).
  const saved = { logging: d.logging, probeLimit: d.probeLimit, onCount: d.onCount, fixed: d.fixed, pending: d.pending.slice(), top: d.logTop, work: d.probeWork };
  d.logging = true;
  d.probeLimit = Infinity;
  // Frames: edge, values tried, log mark, onCount, fixed, pending at entry.
  const fEdge: number[] = [], fTried: number[] = [], fMark: number[] = [], fOn: number[] = [], fFixed: number[] = [], fPending: (number[] | null)[] = [];
  let nodes = 0, steps = 0;
  let loop: Uint8Array | false | null = false;
  const oldHints: number[] = [];
  try {
    for (const [x, v] of options.hints ?? []) {
      oldHints.push(x, d.hints[x]!);
      d.hints[x] = v;
      // The hint of x is read by x's cell check and by the vertex checks at its corners.
      d.pushCell(x);
      d.pushCorners(x);
    }
    d.propagate();
    if (options.connectivity) while (!d.contra && d.connectivity());
    if (d.contra) return { loop: false, nodes: 0 };
    const order = openByDistance(d, options.focus);
    let descend = true;
    for (;;) {
      if (descend) {
        if (d.fixed === E) {
          const found = checkedLoop(d);
          if (found) { loop = found; break; }
          descend = false; // a full assignment that is no loop (a rule missed it): backtrack
        } else {
          const e = pick(d, order);
          fEdge.push(e); fTried.push(0); fMark.push(d.logTop); fOn.push(d.onCount); fFixed.push(d.fixed); fPending.push(d.pending.length > 0 ? d.pending.slice() : null);
        }
      }
      // Try the next value of the top frame, or pop it.
      const f = fEdge.length - 1;
      if (f < 0) { loop = false; break; }
      // Back to the frame's entry state.
      d.clearQueues();
      d.undo(fMark[f]!);
      d.contra = false;
      d.onCount = fOn[f]!; d.fixed = fFixed[f]!;
      const pending = fPending[f]!;
      if (pending) d.pending = pending.slice();
      else d.pending.length = 0;
      const t = fTried[f]!;
      if (t === 2) {
        fEdge.pop(); fTried.pop(); fMark.pop(); fOn.pop(); fFixed.pop(); fPending.pop();
        descend = false;
        continue;
      }
      fTried[f] = t + 1;
      if (++nodes > options.maxNodes) { loop = null; break; }
      if ((++steps & 63) === 0) checkStop(options);
      const e = fEdge[f]!;
      const first = prefer ? prefer[e]! : ON;
      d.setEdge(e, t === 0 ? first : 1 - first);
      d.propagate();
      if (options.connectivity) while (!d.contra && d.connectivity());
      descend = !d.contra;
    }
  } finally {
    for (let i = oldHints.length - 2; i >= 0; i -= 2) d.hints[oldHints[i]!] = oldHints[i + 1]!;
    d.clearQueues();
    d.undo(saved.top);
    d.contra = false;
    d.logging = saved.logging; d.probeLimit = saved.probeLimit;
    d.onCount = saved.onCount; d.fixed = saved.fixed; d.pending = saved.pending; d.probeWork = saved.work;
  }
  return { loop, nodes };
}

function checkStop(options: BranchOptions): void {
  if (options.isCancelled?.()) throw new StopError({ limit: 'cancelled', message: 'undecided: cancelled', nodes: 0, progress: 0 });
  if (options.deadline !== undefined && Date.now() > options.deadline) {
    throw new StopError({ limit: 'time', message: `undecided: stopped by the time limit (${options.timeMs} ms)`, nodes: 0, progress: 0 });
  }
}

/** The open edge to branch on: the nearest one at the end of a path, else the nearest one. */
function pick(d: Deducer, order: Int32Array): number {
  let any = -1;
  for (let i = 0; i < order.length; i++) {
    const e = order[i]!;
    if (d.edges[e] !== UNKNOWN) continue;
    if (d.pdeg[d.edgeU[e]!] === 1 || d.pdeg[d.edgeV[e]!] === 1) return e;
    if (any < 0) any = e;
  }
  return any;
}

/** The state's edges when they form one simple loop meeting every hint, else null. */
function checkedLoop(d: Deducer): Uint8Array | null {
  const E = d.E, V = d.V, edges = d.edges;
  const loop = new Uint8Array(E);
  const deg = new Uint8Array(V);
  let on = 0, start = -1;
  for (let e = 0; e < E; e++) {
    if (edges[e] !== ON) continue;
    loop[e] = 1; on++;
    deg[d.edgeU[e]!]++; deg[d.edgeV[e]!]++;
    start = e;
  }
  if (on === 0) return null;
  for (let v = 0; v < V; v++) if (deg[v] !== 0 && deg[v] !== 2) return null;
  for (let x = 0; x < d.N; x++) {
    const h = d.hints[x]!;
    if (h < 0) continue;
    let k = 0;
    for (let s = 0; s < 4; s++) k += loop[d.cellSides[4 * x + s]!]!;
    if (!meets(h, k)) return null;
  }
  // One cycle: walking from `start` visits every ON edge.
  let len = 0, prev = start, at = d.edgeV[start]!;
  const first = d.edgeU[start]!;
  for (;;) {
    len++;
    if (at === first) break;
    let next = -1;
    for (let k = 0; k < 4; k++) {
      const e = d.vertEdges[4 * at + k]!;
      if (e >= 0 && e !== prev && loop[e]) { next = e; break; }
    }
    if (next < 0) return null;
    at = d.edgeU[next] === at ? d.edgeV[next]! : d.edgeU[next]!;
    prev = next;
  }
  return len === on ? loop : null;
}
