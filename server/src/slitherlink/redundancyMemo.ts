/**
 * What earlier redundant-hint searches proved, kept to answer later ones on related puzzles of the
 * same grid (an editor's next keystroke, the steps of "Remove all redundant hints"). Two kinds of
 * fact, both exact on any puzzle they are applied to:
 * - Loops. A loop W proves hint x necessary in a puzzle Q with solution L when W != L and W meets
 *   every hint of Q but x: Q \ x then has two loops. W is checked against Q's hints each time, so
 *   any loop ever found (for whatever puzzle) may be kept. W and L differ in count only at the
 *   cells beside the edges where they differ (its `delta`), and L meets every hint of Q, so W
 *   breaks exactly the hints of Q in its delta whose value its count misses: when that is one
 *   hint, W proves that hint necessary.
 * - Unique hint sets. If the hints S have exactly one loop, so has every Q \ x that contains S
 *   (more hints, no more loops, and Q's solution is one of them). So x is redundant in Q when some
 *   kept S lies within Q \ x (each hint of S present in Q with the same value, x not in S).
 * Each kind is bounded (the least recently useful dropped first), so the memo stays small; sets
 * are bitsets per hint value, so that a lookup costs a few words per set.
 */
import { Grid } from '../model/grid';
import { meets } from './deduce';

const MAX_LOOPS = 256;
const MAX_UNIQUE = 256;

/** settle(): what the memo says of a hint. */
export const UNSETTLED = 0, NECESSARY = 1, REDUNDANT = 2;

interface KeptLoop {
  /** The loop's ON edges, ascending. */
  edges: Int32Array;
  /** Per cell, how many of its sides the loop uses. */
  counts: Int8Array;
  /** Against the cached solution: the cells whose count differs, and whether the loop is that solution. */
  delta: Int32Array | null;
  same: boolean;
}

/** A hint set as five bitsets (cells with hint 0, 1, ..., 4), `words` 32-bit words each. */
type Bits = Uint32Array;

export class RedundancyMemo {
  readonly rows: number;
  readonly cols: number;
  private readonly grid: Grid;
  private readonly words: number;
  private loops: KeptLoop[] = [];
  private unique: Bits[] = [];
  /** The solution the loops' deltas were computed against, and its counts. */
  private cacheFor: Uint8Array | null = null;
  private cacheCounts: Int8Array | null = null;
  /** Hints answered, for tests and the benchmark. */
  hits = 0;

  constructor(rows: number, cols: number) {
    this.rows = rows;
    this.cols = cols;
    this.grid = new Grid(rows, cols);
    this.words = (this.grid.cellCount + 31) >>> 5;
  }

  /** Whether this memo is for puzzles of this size. */
  fits(rows: number, cols: number): boolean {
    return rows === this.rows && cols === this.cols;
  }

  /** Keeps a simple loop (per grid edge 1 = on): it may witness a necessary hint later. */
  addLoop(on: ArrayLike<number>): void {
    const list: number[] = [];
    for (let e = 0; e < this.grid.edgeCount; e++) if (on[e]) list.push(e);
    const edges = Int32Array.from(list);
    for (const l of this.loops) if (sameInts(l.edges, edges)) return;
    const kept: KeptLoop = { edges, counts: this.countsOf(edges), delta: null, same: false };
    if (this.cacheFor) this.fillDelta(kept);
    this.loops.push(kept);
    if (this.loops.length > MAX_LOOPS) this.loops.shift();
  }

  /** Keeps a set of hints (per cell, -1 = none; values 0..4) known to have exactly one loop. */
  addUnique(hints: Int8Array): void {
    const s = this.bitsOf(hints);
    if (!s) return;
    // A set within another says more (fewer hints): skip s if one lies within it, drop those it lies within.
    for (const u of this.unique) if (within(u, s)) return;
    this.unique = this.unique.filter((u) => !within(s, u));
    this.unique.push(s);
    if (this.unique.length > MAX_UNIQUE) this.unique.shift();
  }

  /**
   * What the kept facts say of the hints of `hints` (values 0..4), whose only solution is
   * `solution` (per grid edge 1 = on): per cell NECESSARY, REDUNDANT or UNSETTLED. `only`: answer
   * for this one cell (the others stay UNSETTLED).
   */
  settle(hints: Int8Array, solution: Uint8Array, only = -1): Uint8Array {
    const N = this.grid.cellCount;
    const out = new Uint8Array(N);
    this.settleByLoops(hints, solution, only, out);
    const q = this.bitsOf(hints);
    if (q) this.settleByUnique(q, hints, only, out);
    for (let c = 0; c < N; c++) if (out[c]) this.hits++;
    return out;
  }

  /** Memory held (approximate). */
  get bytes(): number {
    let b = this.unique.length * 20 * this.words;
    for (const l of this.loops) b += 4 * l.edges.length + l.counts.length + 4 * (l.delta?.length ?? 0);
    return b;
  }

  get size(): { loops: number; unique: number } {
    return { loops: this.loops.length, unique: this.unique.length };
  }

  private settleByLoops(hints: Int8Array, solution: Uint8Array, only: number, out: Uint8Array): void {
    if (this.loops.length === 0) return;
    if (this.cacheFor === null || !sameInts(this.cacheFor, solution)) {
      this.cacheFor = Uint8Array.from(solution);
      const on: number[] = [];
      for (let e = 0; e < solution.length; e++) if (solution[e]) on.push(e);
      this.cacheCounts = this.countsOf(on);
      for (const l of this.loops) this.fillDelta(l);
    }
    const useful: KeptLoop[] = [];
    for (const l of this.loops) {
      if (l.same) continue;
      // The one hint of Q the loop breaks, if it breaks exactly one (-2: more than one).
      let broken = -1;
      const delta = l.delta!;
      for (let j = 0; j < delta.length; j++) {
        const c = delta[j]!;
        if (hints[c]! < 0 || meets(hints[c]!, l.counts[c]!)) continue;
        if (broken >= 0 || (only >= 0 && c !== only)) { broken = -2; break; }
        broken = c;
      }
      if (broken >= 0 && !out[broken]) {
        out[broken] = NECESSARY;
        useful.push(l);
      }
    }
    // Useful loops are kept longest.
    if (useful.length > 0) this.loops = [...this.loops.filter((l) => !useful.includes(l)), ...useful];
  }

  private settleByUnique(q: Bits, hints: Int8Array, only: number, out: Uint8Array): void {
    const W = this.words;
    if (only >= 0) {
      if (out[only] || hints[only]! < 0) return;
      // q \ only: its bit cleared for the test.
      const at = hints[only]! * W + (only >>> 5), bit = 1 << (only & 31);
      q[at] = q[at]! & ~bit;
      for (let i = this.unique.length - 1; i >= 0; i--) {
        const s = this.unique[i]!;
        if (!within(s, q)) continue;
        out[only] = REDUNDANT;
        this.unique.splice(i, 1);
        this.unique.push(s);
        break;
      }
      return;
    }
    for (let i = this.unique.length - 1; i >= 0; i--) {
      const s = this.unique[i]!;
      if (!within(s, q)) continue;
      // Every hint of q outside s can go (alone).
      for (let c = 0; c < hints.length; c++) {
        const v = hints[c]!;
        if (v < 0 || out[c]) continue;
        if (((s[v * W + (c >>> 5)]! >>> (c & 31)) & 1) === 0) out[c] = REDUNDANT;
      }
    }
  }

  /** The bitsets of a hint set, or null when it has a value other than 0..4. */
  private bitsOf(hints: Int8Array): Bits | null {
    const W = this.words;
    const b = new Uint32Array(5 * W);
    for (let c = 0; c < this.grid.cellCount; c++) {
      const v = hints[c]!;
      if (v < 0) continue;
      if (v > 4) return null;
      b[v * W + (c >>> 5)] |= 1 << (c & 31);
    }
    return b;
  }

  private countsOf(edges: ArrayLike<number>): Int8Array {
    const counts = new Int8Array(this.grid.cellCount);
    for (let i = 0; i < edges.length; i++) {
      const [x, y] = this.grid.edgeCells(edges[i]!);
      if (x >= 0) counts[x]++;
      if (y >= 0) counts[y]++;
    }
    return counts;
  }

  /** The loop's delta and sameness against the cached solution. */
  private fillDelta(l: KeptLoop): void {
    const solution = this.cacheFor!, counts = this.cacheCounts!;
    let n = 0;
    for (let e = 0; e < solution.length; e++) if (solution[e]) n++;
    let same = n === l.edges.length;
    for (let i = 0; same && i < l.edges.length; i++) if (!solution[l.edges[i]!]) same = false;
    const delta: number[] = [];
    for (let c = 0; c < counts.length; c++) if (counts[c] !== l.counts[c]) delta.push(c);
    l.delta = Int32Array.from(delta);
    l.same = same;
  }
}

/** Whether every hint of a is in b with the same value. */
function within(a: Bits, b: Bits): boolean {
  for (let i = 0; i < a.length; i++) if ((a[i]! & ~b[i]!) !== 0) return false;
  return true;
}

function sameInts(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
