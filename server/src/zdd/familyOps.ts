/**
 * Family operations on node ids of one NodeStore, beyond Zdd's own: union and
 * difference (memoised per call), existential projection of levels, the minimal sets (via
 * "non-supersets"), and the power set of a list of levels. Recursion depth is at most the number
 * of levels (hundreds here: these run on designers' small grids).
 */
import { PairMemo, type NodeStore } from './zdd';
import { StopError } from './control';

/** Stops long family operations: node budget of the store and a deadline (`timeMs` after the work began, for the message). */
export class OpGuard {
  private ticks = 0;
  constructor(readonly store: NodeStore, readonly maxNodes: number, readonly deadline: number, readonly isCancelled?: () => boolean, readonly what = 'hint family', readonly timeMs?: number) {}
  tick(): void {
    if ((++this.ticks & 0xfff) !== 0) return;
    if (this.store.size > this.maxNodes) this.stop('nodes');
    if (Date.now() > this.deadline) this.stop('time');
    if (this.isCancelled?.()) this.stop('cancelled');
  }
  /** Messages in the engine's form (zdd/build.ts): "undecided: " and why; callers add the verdict. */
  stop(limit: 'nodes' | 'time' | 'cancelled'): never {
    const n = this.store.size;
    const message = limit === 'nodes' ? `undecided: the ${this.what} needs more than ${this.maxNodes} ZDD nodes (node limit)`
      : limit === 'time' ? `undecided: the ${this.what} was stopped by the time limit${this.timeMs !== undefined ? ` (${this.timeMs} ms)` : ''} after ${n} ZDD nodes`
      : `undecided: the ${this.what} was cancelled`;
    throw new StopError({ limit, message, nodes: n, progress: 0 });
  }
}

function lev(s: NodeStore, n: number): number {
  return n < 2 ? 0 : s.level[n];
}

export function union(s: NodeStore, a: number, b: number, g?: OpGuard, memo = new PairMemo()): number {
  const rec = (a: number, b: number): number => {
    if (a === 0) return b;
    if (b === 0 || a === b) return a;
    if (a > b) { const t = a; a = b; b = t; }
    const m = memo.get(a, b);
    if (m !== -1) return m;
    g?.tick();
    const la = lev(s, a), lb = lev(s, b);
    let r: number;
    if (la > lb) r = s.node(la, rec(s.lo[a], b), s.hi[a]);
    else if (lb > la) r = s.node(lb, rec(a, s.lo[b]), s.hi[b]);
    else r = s.node(la, rec(s.lo[a], s.lo[b]), rec(s.hi[a], s.hi[b]));
    memo.set(a, b, r);
    return r;
  };
  return rec(a, b);
}

export function difference(s: NodeStore, a: number, b: number, g?: OpGuard): number {
  const memo = new PairMemo();
  const rec = (a: number, b: number): number => {
    if (a === 0 || a === b) return 0;
    if (b === 0) return a;
    const m = memo.get(a, b);
    if (m !== -1) return m;
    g?.tick();
    const la = lev(s, a), lb = lev(s, b);
    let r: number;
    if (la > lb) r = s.node(la, rec(s.lo[a], b), s.hi[a]);
    else if (lb > la) r = rec(a, s.lo[b]);
    else r = s.node(la, rec(s.lo[a], s.lo[b]), rec(s.hi[a], s.hi[b]));
    memo.set(a, b, r);
    return r;
  };
  return rec(a, b);
}

/** { S \ E : S in F } where E = the levels with `eliminate[level]` set: existential projection. */
export function exists(s: NodeStore, root: number, eliminate: Uint8Array, g?: OpGuard): number {
  const memo = new Map<number, number>();
  const unionMemo = new PairMemo();
  const rec = (n: number): number => {
    if (n < 2) return n;
    const m = memo.get(n);
    if (m !== undefined) return m;
    g?.tick();
    const l = s.level[n];
    const lo = rec(s.lo[n]), hi = rec(s.hi[n]);
    const r = eliminate[l] ? union(s, lo, hi, g, unionMemo) : s.node(l, lo, hi);
    memo.set(n, r);
    return r;
  };
  return rec(root);
}

/** Whether the empty set belongs to the family at n. */
function hasEmpty(s: NodeStore, n: number): boolean {
  while (n >= 2) n = s.lo[n];
  return n === 1;
}

/** { f in F : no g in G with g ⊆ f }. */
export function nonSupersets(s: NodeStore, f: number, gg: number, g?: OpGuard, memo = new PairMemo()): number {
  const rec = (f: number, h: number): number => {
    if (h === 0 || f === 0) return f;
    if (f === h || hasEmpty(s, h)) return 0;
    if (f === 1) return 1; // {∅}; h has no empty set here
    const m = memo.get(f, h);
    if (m !== -1) return m;
    g?.tick();
    const lf = lev(s, f), lh = lev(s, h);
    let r: number;
    if (lh > lf) r = rec(f, s.lo[h]); // sets of h with the variable cannot be subsets
    else if (lf > lh) r = s.node(lf, rec(s.lo[f], h), rec(s.hi[f], h));
    else r = s.node(lf, rec(s.lo[f], s.lo[h]), rec(rec(s.hi[f], s.lo[h]), s.hi[h]));
    memo.set(f, h, r);
    return r;
  };
  return rec(f, gg);
}

/** The inclusion-minimal sets of F. */
export function minimalSets(s: NodeStore, root: number, g?: OpGuard): number {
  const memo = new Map<number, number>();
  const nsMemo = new PairMemo();
  const rec = (n: number): number => {
    if (n < 2) return n;
    const m = memo.get(n);
    if (m !== undefined) return m;
    g?.tick();
    const lo = rec(s.lo[n]);
    // A set with the variable is minimal iff minimal in hi and no set without it lies below.
    const hi = nonSupersets(s, rec(s.hi[n]), s.lo[n], g, nsMemo);
    const r = s.node(s.level[n], lo, hi);
    memo.set(n, r);
    return r;
  };
  return rec(root);
}

/** Every subset of `levels`. */
export function powerSet(s: NodeStore, levels: number[]): number {
  let n = 1;
  for (const l of [...levels].sort((a, b) => a - b)) n = s.node(l, n, n);
  return n;
}

/**
 * One set of the family minimising the sum of `weight[level]` over its elements (levels,
 * decreasing), and that minimum. Weights are non-negative.
 */
export function minWeightSet(s: NodeStore, root: number, weight: ArrayLike<number>): { set: number[]; weight: number } {
  if (root === 0) throw new Error('minWeightSet of the empty family');
  const best = new Float64Array(root + 1);
  best[0] = Infinity;
  best[1] = 0;
  for (let n = 2; n <= root; n++) {
    const a = best[s.lo[n]], b = best[s.hi[n]] + weight[s.level[n]];
    best[n] = Math.min(a, b);
  }
  const set: number[] = [];
  let n = root;
  while (n >= 2) {
    if (best[s.lo[n]] <= best[s.hi[n]] + weight[s.level[n]]) n = s.lo[n];
    else { set.push(s.level[n]); n = s.hi[n]; }
  }
  return { set, weight: best[root] };
}
