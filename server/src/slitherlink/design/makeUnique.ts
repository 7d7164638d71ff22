/**
 * "Make it unique" (Slitherlink): for a puzzle with several solutions, the single hints
 * (cell, value) that leave exactly one solution, counted exactly from the ZDD of all solutions;
 * when no single hint does, the one that cuts the count most and the best pair found by adding
 * a second hint to the best singles. For a puzzle with no solution: the single changes (another
 * value, or removal) of one hint that give it a solution again.
 *
 * Per cell and value, the number of solutions whose loop has that many sides on the cell: from
 * the explicit solutions when they are few, else by a DP over the ZDD nodes that tracks how many
 * of the cell's open edges a set takes (0..4).
 */
import { Grid } from '../../model/grid';
import { resolveLimits, StopError, type RunControl, type Stopped } from '../../zdd/control';
import { deduce } from '../deduce';
import { buildLoops, type LoopFamily } from '../solve';
import { countLoops } from './uniqueness';

export interface HintSuggestion {
  row: number;
  col: number;
  /** On a tiling: the face (row and col are then its line and place in the file). */
  face?: number;
  value: number;
  /** Solutions left with this hint added (or, for repairs, with this change). */
  count: bigint;
}

export interface RepairSuggestion {
  row: number;
  col: number;
  /** On a tiling: the face (row and col are then its line and place in the file). */
  face?: number;
  /** The new value, or null to remove the hint. */
  value: number | null;
  count: bigint;
}

export interface MakeUniqueResult {
  /** Solutions of the puzzle as given (null when unknown). */
  count: bigint | null;
  /** Single hints that make the puzzle unique (reading order, then value). */
  singles: HintSuggestion[];
  /** When no single hint suffices: the single hint that leaves the fewest solutions (at least 2). */
  bestSingle?: HintSuggestion;
  /** When no single hint suffices: the best pair found and what it leaves. */
  pair?: { first: HintSuggestion; second: HintSuggestion; count: bigint };
  /** No solution: single-hint changes that restore one (unique ones first). */
  repairs?: RepairSuggestion[];
  stopped?: Stopped;
  ms: number;
}

export interface MakeUniqueOptions {
  control?: RunControl;
  /** Best singles tried as the first hint of a pair (default 6). */
  pairCandidates?: number;
  /** Up to this many solutions are tallied one by one (default 20,000). */
  explicitMax?: number;
}

/** Nodes between two cancellation polls inside one cell's pass (a pass over a large ZDD takes long). */
const POLL_MASK = 0xffff;

function stoppedAt(progress: number): StopError {
  return new StopError({ limit: 'cancelled', message: 'make-unique: cancelled', nodes: 0, progress });
}

/** counts[cell * 5 + v] = solutions whose loop has v sides on `cell`. */
export function valueCounts(grid: Grid, family: LoopFamily, explicitMax = 20_000, isCancelled?: () => boolean, forceBigInt = false): bigint[] {
  const { zdd, spec } = family;
  const total = zdd.count();
  const C = grid.cellCount;
  const out: bigint[] = new Array(C * 5).fill(0n);
  if (total === 0n) return out;
  // cell sides: fixed-on count and open levels
  const fixedOn = new Int32Array(C);
  for (const e of spec.fixedOnEdges) for (const c of grid.edgeCells(e)) if (c >= 0) fixedOn[c]++;
  if (total <= BigInt(explicitMax)) {
    const tally = new Int32Array(C * 5);
    let seen = 0;
    for (const set of zdd.sets()) {
      if ((++seen & 1023) === 0 && isCancelled?.()) throw stoppedAt(0);
      const k = Int32Array.from(fixedOn);
      for (const l of set) for (const c of grid.edgeCells(spec.openEdges[spec.levels - l])) if (c >= 0) k[c]++;
      for (let c = 0; c < C; c++) tally[c * 5 + k[c]]++;
    }
    for (let i = 0; i < out.length; i++) out[i] = BigInt(tally[i]);
    return out;
  }
  const cellOfLevelA = new Int32Array(spec.levels + 1).fill(-1);
  const cellOfLevelB = new Int32Array(spec.levels + 1).fill(-1);
  const lowest = new Int32Array(C); // lowest open level of the cell's sides, 0 = none
  for (let l = 1; l <= spec.levels; l++) {
    const [a, b] = grid.edgeCells(spec.openEdges[spec.levels - l]);
    cellOfLevelA[l] = a;
    cellOfLevelB[l] = b;
    for (const c of [a, b]) if (c >= 0 && lowest[c] === 0) lowest[c] = l;
  }
  const { level, lo, hi } = zdd.store;
  const root = zdd.root;
  const exact = total < 2n ** 53n && !forceBigInt; // every node's count is at most the total
  // Count of every node (doubles when exact, else BigInt).
  if (exact) {
    const cnt = new Float64Array(root + 1);
    cnt[1] = 1;
    for (let n = 2; n <= root; n++) cnt[n] = cnt[lo[n]] + cnt[hi[n]];
    const vec = new Float64Array((root + 1) * 5);
    for (let c = 0; c < C; c++) {
      if (isCancelled?.()) throw stoppedAt(c / C);
      const low = lowest[c];
      const base = fixedOn[c];
      if (low === 0) { out[c * 5 + base] = total; continue; }
      vec.fill(0);
      vec[5] = 1;
      for (let n = 2; n <= root; n++) {
        if ((n & POLL_MASK) === 0 && isCancelled?.()) throw stoppedAt(c / C);
        const l = level[n];
        const o = n * 5;
        if (l < low) { vec[o] = cnt[n]; continue; }
        const a = lo[n] * 5, b = hi[n] * 5;
        const mine = cellOfLevelA[l] === c || cellOfLevelB[l] === c;
        for (let k = 0; k < 5; k++) vec[o + k] = vec[a + k] + (mine ? (k > 0 ? vec[b + k - 1] : 0) : vec[b + k]);
      }
      for (let k = 0; k + base < 5; k++) out[c * 5 + base + k] = BigInt(vec[root * 5 + k]);
    }
    return out;
  }
  const cnt: bigint[] = new Array(root + 1).fill(0n);
  cnt[1] = 1n;
  for (let n = 2; n <= root; n++) cnt[n] = cnt[lo[n]] + cnt[hi[n]];
  for (let c = 0; c < C; c++) {
    if (isCancelled?.()) throw stoppedAt(c / C);
    const low = lowest[c];
    const base = fixedOn[c];
    if (low === 0) { out[c * 5 + base] = total; continue; }
    const vec: bigint[] = new Array((root + 1) * 5).fill(0n);
    vec[5] = 1n;
    for (let n = 2; n <= root; n++) {
      if ((n & POLL_MASK) === 0 && isCancelled?.()) throw stoppedAt(c / C);
      const l = level[n];
      const o = n * 5;
      if (l < low) { vec[o] = cnt[n]; continue; }
      const a = lo[n] * 5, b = hi[n] * 5;
      const mine = cellOfLevelA[l] === c || cellOfLevelB[l] === c;
      for (let k = 0; k < 5; k++) vec[o + k] = vec[a + k] + (mine ? (k > 0 ? vec[b + k - 1] : 0n) : vec[b + k]);
    }
    for (let k = 0; k + base < 5; k++) out[c * 5 + base + k] = vec[root * 5 + k];
  }
  return out;
}

function loopsOf(grid: Grid, hints: Int8Array, control: RunControl): LoopFamily | null {
  const d = deduce({ rows: grid.rows, cols: grid.cols, hints }, { isCancelled: control.isCancelled });
  if (d.contradiction) return null;
  return buildLoops(grid, hints, d.edges, control);
}

export function suggestHints(rows: number, cols: number, hints: Int8Array, options: MakeUniqueOptions = {}): MakeUniqueResult {
  const t0 = performance.now();
  const grid = new Grid(rows, cols);
  const limits = resolveLimits(options.control);
  const deadline = Date.now() + limits.timeMs;
  const isCancelled = options.control?.isCancelled;
  const sub = (): RunControl => ({
    isCancelled,
    limits: { maxNodes: limits.maxNodes, timeMs: Math.max(1, deadline - Date.now()) },
  });
  // The per-cell counting has no time limit of its own: it stops like a cancel once time is up.
  const stopCounting = () => !!isCancelled?.() || Date.now() > deadline;
  const explicitMax = options.explicitMax ?? 20_000;
  const result: MakeUniqueResult = { count: null, singles: [], ms: 0 };
  const done = (): MakeUniqueResult => { result.ms = performance.now() - t0; return result; };
  const ref = (cell: number, value: number, count: bigint): HintSuggestion => ({ row: Math.floor(cell / cols), col: cell % cols, value, count });
  try {
    const family = loopsOf(grid, hints, sub());
    const count = family ? family.zdd.count() : 0n;
    result.count = count;
    if (count === 0n) {
      result.repairs = [];
      repairs(grid, hints, sub, deadline, result.repairs);
      return done();
    }
    if (count === 1n) return done();
    const counts = valueCounts(grid, family!, explicitMax, stopCounting);
    const ranked: HintSuggestion[] = [];
    for (let c = 0; c < grid.cellCount; c++) {
      if (hints[c] >= 0) continue;
      for (let v = 0; v <= 4; v++) {
        const n = counts[c * 5 + v];
        if (n === 1n) result.singles.push(ref(c, v, n));
        else if (n > 1n && n < count) ranked.push(ref(c, v, n));
      }
    }
    if (result.singles.length > 0) return done();
    ranked.sort((a, b) => (a.count < b.count ? -1 : a.count > b.count ? 1 : 0));
    if (ranked.length === 0) return done();
    result.bestSingle = ranked[0];
    const k = options.pairCandidates ?? 6;
    for (const first of ranked.slice(0, k)) {
      if (Date.now() > deadline) break;
      const h2 = Int8Array.from(hints);
      h2[first.row * cols + first.col] = first.value;
      const f2 = loopsOf(grid, h2, sub());
      if (!f2) continue;
      const c2 = valueCounts(grid, f2, explicitMax, stopCounting);
      for (let c = 0; c < grid.cellCount; c++) {
        if (h2[c] >= 0) continue;
        for (let v = 0; v <= 4; v++) {
          const n = c2[c * 5 + v];
          if (n >= 1n && (!result.pair || n < result.pair.count)) result.pair = { first, second: ref(c, v, n), count: n };
        }
      }
      if (result.pair?.count === 1n) break;
    }
    return done();
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    result.stopped = e.stopped;
    if (e.stopped.limit === 'cancelled' && !isCancelled?.()) {
      result.stopped = { ...e.stopped, limit: 'time', message: `make-unique: stopped by the time limit (${limits.timeMs} ms)` };
    }
    return done();
  }
}

/**
 * One-hint changes of an unsolvable puzzle that give it solutions (unique ones first), into
 * `out`, which keeps what was found when a limit stops the search (the StopError goes on). A
 * change whose count needs more nodes than allowed is left out (undecided, not a repair).
 */
function repairs(grid: Grid, hints: Int8Array, sub: () => RunControl, deadline: number, out: RepairSuggestion[]): void {
  const h = Int8Array.from(hints);
  const uniqueFirst = () => out.sort((a, b) => (a.count === 1n ? 0 : 1) - (b.count === 1n ? 0 : 1));
  try {
    for (let c = 0; c < grid.cellCount; c++) {
      if (hints[c] < 0) continue;
      for (const v of [-1, 0, 1, 2, 3, 4]) {
        if (v === hints[c]) continue;
        if (Date.now() > deadline) {
          throw new StopError({ limit: 'time', message: `make-unique: stopped by the time limit while trying hint changes`, nodes: 0, progress: c / grid.cellCount });
        }
        h[c] = v;
        let n = 0n;
        try {
          n = countLoops(grid, h, sub());
        } catch (e) {
          if (!(e instanceof StopError) || e.stopped.limit !== 'nodes') throw e;
        }
        if (n > 0n) out.push({ row: Math.floor(c / grid.cols), col: c % grid.cols, value: v < 0 ? null : v, count: n });
      }
      h[c] = hints[c];
    }
  } finally {
    uniqueFirst();
  }
}
