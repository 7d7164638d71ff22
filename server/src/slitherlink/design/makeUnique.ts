/**
 * "Make it unique" (Slitherlink), on square grids and tilings alike (board.ts): for a puzzle with
 * several solutions, the single hints (cell, value) that leave exactly one solution, counted
 * exactly from the ZDD of all solutions; when no single hint does, the one that cuts the count
 * most and the best pair found by adding a second hint to the best singles. For a puzzle with no
 * solution: the single changes (another value, or removal) of one hint that give it a solution
 * again. On a board that `verifies` (tilings), every suggestion reported is checked first: the
 * puzzle with it is solved again (deduction and a diagram of its own) and must have the count said.
 *
 * Per cell and value, the number of solutions whose loop has that many sides on the cell: from
 * the explicit solutions when they are few, else by a DP over the ZDD nodes that tracks how many
 * of the cell's open edges a set takes.
 */
import type { Grid } from '../../model/grid';
import { resolveLimits, StopError, type RunControl, type Stopped } from '../../zdd/control';
import { tablesFor, type GridTables } from '../spec';
import { squareBoard, type LoopBoard, type LoopDiagram } from './board';

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
/** Most entries of the per-node count vectors (nodes × (sides + 1)): 256 MB of doubles. */
const MAX_VECTOR = 1 << 25;

function stoppedAt(progress: number): StopError {
  return new StopError({ limit: 'cancelled', message: 'make-unique: cancelled', nodes: 0, progress });
}

/** counts[cell * 5 + v] = solutions whose loop has v sides on `cell` (a square grid's cellValueCounts, flat). */
export function valueCounts(grid: Grid, family: LoopDiagram, explicitMax = 20_000, isCancelled?: () => boolean, forceBigInt = false): bigint[] {
  return cellValueCounts(tablesFor(grid), family, explicitMax, isCancelled, forceBigInt).flat();
}

/**
 * counts[c][v] = loops of `family` with v sides on cell c (v = 0 .. its sides): from the loops one
 * by one when at most `explicitMax`, else one pass over the diagram per cell that tracks how many
 * of the cell's open edges a set takes (in doubles while every count fits, else in BigInt).
 */
export function cellValueCounts(graph: GridTables, family: LoopDiagram, explicitMax = 20_000, isCancelled?: () => boolean, forceBigInt = false): bigint[][] {
  const { zdd, spec } = family;
  const C = graph.cellCount;
  const total = zdd.count();
  const out = Array.from({ length: C }, (_, c) => new Array<bigint>(graph.cellOff[c + 1] - graph.cellOff[c] + 1).fill(0n));
  if (total === 0n) return out;
  const fixedOn = new Int32Array(C);
  const cellsOf = (e: number) => [graph.sides[2 * e], graph.sides[2 * e + 1]];
  for (const e of spec.fixedOnEdges) for (const c of cellsOf(e)) if (c >= 0) fixedOn[c]++;
  if (total <= BigInt(explicitMax)) {
    let seen = 0;
    const k = new Int32Array(C);
    const tally = out.map((row) => new Float64Array(row.length));
    for (const set of zdd.sets()) {
      if ((++seen & 1023) === 0 && isCancelled?.()) throw stoppedAt(0);
      k.set(fixedOn);
      for (const l of set) for (const c of cellsOf(spec.openEdges[spec.levels - l])) if (c >= 0) k[c]++;
      for (let c = 0; c < C; c++) tally[c][k[c]]++;
    }
    tally.forEach((row, c) => row.forEach((n, v) => (out[c][v] = BigInt(n))));
    return out;
  }
  const cellA = new Int32Array(spec.levels + 1).fill(-1);
  const cellB = new Int32Array(spec.levels + 1).fill(-1);
  const lowest = new Int32Array(C); // lowest open level of the cell's sides, 0 = none
  const open = new Int32Array(C); // open sides of the cell
  for (let l = 1; l <= spec.levels; l++) {
    const [a, b] = cellsOf(spec.openEdges[spec.levels - l]);
    cellA[l] = a;
    cellB[l] = b;
    for (const c of [a, b]) if (c >= 0) { if (lowest[c] === 0) lowest[c] = l; open[c]++; }
  }
  const { level, lo, hi } = zdd.store;
  const root = zdd.root;
  let K = 1;
  for (let c = 0; c < C; c++) K = Math.max(K, open[c] + 1);
  if ((root + 1) * K > MAX_VECTOR) {
    throw new StopError({ limit: 'nodes', message: `make-unique: the diagram (${root} nodes) is too large to count per cell`, nodes: root, progress: 0 });
  }
  // Doubles are exact while every node's count (at most the total) stays below 2^53.
  if (total < 2n ** 53n && !forceBigInt) {
    const cnt = new Float64Array(root + 1);
    cnt[1] = 1;
    for (let n = 2; n <= root; n++) cnt[n] = cnt[lo[n]] + cnt[hi[n]];
    const vec = new Float64Array((root + 1) * K);
    for (let c = 0; c < C; c++) {
      if (isCancelled?.()) throw stoppedAt(c / C);
      if (lowest[c] === 0) { out[c][fixedOn[c]] = total; continue; }
      const low = lowest[c], k1 = open[c] + 1;
      vec.fill(0, 0, 2 * K);
      vec[K] = 1;
      for (let n = 2; n <= root; n++) {
        if ((n & POLL_MASK) === 0 && isCancelled?.()) throw stoppedAt(c / C);
        const l = level[n], o = n * K;
        if (l < low) { vec[o] = cnt[n]; for (let k = 1; k < k1; k++) vec[o + k] = 0; continue; }
        const a = lo[n] * K, b = hi[n] * K;
        const mine = cellA[l] === c || cellB[l] === c;
        for (let k = 0; k < k1; k++) vec[o + k] = vec[a + k] + (mine ? (k > 0 ? vec[b + k - 1] : 0) : vec[b + k]);
      }
      for (let k = 0; k < k1; k++) out[c][fixedOn[c] + k] = BigInt(vec[root * K + k]);
    }
    return out;
  }
  const cnt: bigint[] = new Array(root + 1).fill(0n);
  cnt[1] = 1n;
  for (let n = 2; n <= root; n++) cnt[n] = cnt[lo[n]] + cnt[hi[n]];
  for (let c = 0; c < C; c++) {
    if (isCancelled?.()) throw stoppedAt(c / C);
    if (lowest[c] === 0) { out[c][fixedOn[c]] = total; continue; }
    const low = lowest[c], k1 = open[c] + 1;
    const vec: bigint[] = new Array((root + 1) * k1).fill(0n);
    vec[k1] = 1n;
    for (let n = 2; n <= root; n++) {
      if ((n & POLL_MASK) === 0 && isCancelled?.()) throw stoppedAt(c / C);
      const l = level[n], o = n * k1;
      if (l < low) { vec[o] = cnt[n]; continue; }
      const a = lo[n] * k1, b = hi[n] * k1;
      const mine = cellA[l] === c || cellB[l] === c;
      for (let k = 0; k < k1; k++) vec[o + k] = vec[a + k] + (mine ? (k > 0 ? vec[b + k - 1] : 0n) : vec[b + k]);
    }
    for (let k = 0; k < k1; k++) out[c][fixedOn[c] + k] = vec[root * k1 + k];
  }
  return out;
}

/** Suggestions for a Slitherlink on a square grid (suggestOn's square case). */
export function suggestHints(rows: number, cols: number, hints: Int8Array, options: MakeUniqueOptions = {}): MakeUniqueResult {
  return suggestOn(squareBoard(rows, cols), hints, options);
}

/** Suggestions for a Slitherlink on `board` with `hints` (per cell, -1 = none); see the file's comment. */
export function suggestOn(board: LoopBoard, hints: Int8Array, options: MakeUniqueOptions = {}): MakeUniqueResult {
  const t0 = performance.now();
  const limits = resolveLimits(options.control);
  const deadline = Math.min(Date.now() + limits.timeMs, options.control?.deadline ?? Infinity);
  const isCancelled = options.control?.isCancelled;
  const sub = (): RunControl => ({ isCancelled, deadline, limits: { maxNodes: limits.maxNodes, timeMs: Math.max(1, deadline - Date.now()) } });
  // The per-cell counting has no time limit of its own: it stops like a cancel once time is up.
  const stopCounting = () => !!isCancelled?.() || Date.now() > deadline;
  const explicitMax = options.explicitMax ?? 20_000;
  const result: MakeUniqueResult = { count: null, singles: [], ms: 0 };
  const done = (): MakeUniqueResult => { result.ms = performance.now() - t0; return result; };
  const ref = (c: number, value: number, count: bigint): HintSuggestion => ({ ...board.place(c), value, count });
  const cellOf = (h: HintSuggestion): number => h.face ?? h.row * board.cols + h.col;
  /** True unless the board verifies: then the count with `changes` made, by a diagram of its own, must agree. */
  const verified = (changes: readonly HintSuggestion[], count: bigint): boolean => {
    if (!board.verifies) return true;
    const h = Int8Array.from(hints);
    for (const c of changes) h[cellOf(c)] = c.value;
    return board.count(h, sub()) === count;
  };
  try {
    const family = board.loops(hints, sub());
    const count = family ? family.zdd.count() : 0n;
    result.count = count;
    if (count === 0n) {
      result.repairs = [];
      repairs(board, hints, sub, deadline, result.repairs);
      return done();
    }
    if (count === 1n) return done();
    const counts = cellValueCounts(board.tables, family!, explicitMax, stopCounting);
    const ranked: HintSuggestion[] = [];
    const singles: HintSuggestion[] = [];
    for (let c = 0; c < board.cellCount; c++) {
      if (hints[c] >= 0) continue;
      counts[c].forEach((n, v) => {
        if (n === 1n) singles.push(ref(c, v, n));
        else if (n > 1n && n < count) ranked.push(ref(c, v, n));
      });
    }
    if (singles.length > 0) {
      // Verified one by one; a stop keeps those verified so far (the StopError says why).
      for (const s of singles) {
        if (board.verifies && Date.now() > deadline) throw timeUp(limits.timeMs);
        if (verified([s], 1n)) result.singles.push(s);
      }
      return done();
    }
    ranked.sort((a, b) => (a.count < b.count ? -1 : a.count > b.count ? 1 : 0));
    const best = ranked.find((s) => verified([s], s.count));
    if (!best) return done();
    result.bestSingle = best;
    const k = options.pairCandidates ?? 6;
    for (const first of ranked.slice(0, k)) {
      if (Date.now() > deadline) break;
      const h2 = Int8Array.from(hints);
      h2[cellOf(first)] = first.value;
      const f2 = board.loops(h2, sub());
      if (!f2) continue;
      const c2 = cellValueCounts(board.tables, f2, explicitMax, stopCounting);
      let pair: MakeUniqueResult['pair'];
      for (let c = 0; c < board.cellCount; c++) {
        if (h2[c] >= 0) continue;
        c2[c].forEach((n, v) => {
          if (n >= 1n && (!pair || n < pair.count)) pair = { first, second: ref(c, v, n), count: n };
        });
      }
      if (pair && (!result.pair || pair.count < result.pair.count) && verified([pair.first, pair.second], pair.count)) result.pair = pair;
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

function timeUp(timeMs: number): StopError {
  return new StopError({ limit: 'time', message: `make-unique: stopped by the time limit (${timeMs} ms)`, nodes: 0, progress: 0 });
}

/**
 * One-hint changes of an unsolvable puzzle that give it solutions (unique ones first), into
 * `out`, which keeps what was found when a limit stops the search (the StopError goes on). A
 * change whose count needs more nodes than allowed is left out (undecided, not a repair).
 */
function repairs(board: LoopBoard, hints: Int8Array, sub: () => RunControl, deadline: number, out: RepairSuggestion[]): void {
  const h = Int8Array.from(hints);
  const C = board.cellCount;
  try {
    for (let c = 0; c < C; c++) {
      if (hints[c] < 0) continue;
      for (let v = -1; v <= board.sides(c); v++) {
        if (v === hints[c]) continue;
        if (Date.now() > deadline) {
          throw new StopError({ limit: 'time', message: 'make-unique: stopped by the time limit while trying hint changes', nodes: 0, progress: c / C });
        }
        h[c] = v;
        let n = 0n;
        try {
          n = board.count(h, sub());
        } catch (e) {
          if (!(e instanceof StopError) || e.stopped.limit !== 'nodes') throw e;
        }
        if (n > 0n) out.push({ ...board.place(c), value: v < 0 ? null : v, count: n });
      }
      h[c] = hints[c];
    }
  } finally {
    out.sort((a, b) => (a.count === 1n ? 0 : 1) - (b.count === 1n ? 0 : 1));
  }
}
