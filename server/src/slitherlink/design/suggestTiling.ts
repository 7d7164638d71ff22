/**
 * Hint suggestions on a tiling (makeUnique.ts does squares): for a puzzle with several loops, the
 * single hints (face, value) that leave exactly one, counted from the diagram of all loops (per
 * face and value, how many loops have that many sides on the face); when none does, the one that
 * cuts the count most and the best pair. For a puzzle with no loop: the one-hint changes (another
 * value, or removal) that give it loops again. Every suggestion reported is verified: the puzzle
 * with it is solved again (deduction and a diagram of its own) and must have the count said.
 */
import type { Lattice } from '../../model/lattice';
import { resolveLimits, StopError, type RunControl } from '../../zdd/control';
import { allowedCounts, deduceLattice } from '../latticeDeduce';
import { buildLatticeLoops, type LatticeLoops } from '../latticeSolve';
import type { HintSuggestion, MakeUniqueOptions, MakeUniqueResult, RepairSuggestion } from './makeUnique';

/** Nodes between two cancellation polls inside one face's pass. */
const POLL_MASK = 0xffff;
/** Most entries of the per-node count vectors (nodes × (sides + 1)): 256 MB of doubles. */
const MAX_VECTOR = 1 << 25;

function cancelled(progress: number): StopError {
  return new StopError({ limit: 'cancelled', message: 'make-unique: cancelled', nodes: 0, progress });
}

/** The loops meeting `hints` (deduction first, so the diagram spans the open edges), or null when deduction finds none. */
export function tilingLoops(lattice: Lattice, hints: Int8Array, control: RunControl): LatticeLoops | null {
  const d = deduceLattice(lattice, allowedCounts(hints), { deadline: control.deadline, isCancelled: control.isCancelled });
  if (d.contradiction) return null;
  return buildLatticeLoops(lattice, hints, control, d.edges);
}

/** How many loops meet `hints` (throws StopError on a limit). */
export function countTilingLoops(lattice: Lattice, hints: Int8Array, control: RunControl): bigint {
  return tilingLoops(lattice, hints, control)?.zdd.count() ?? 0n;
}

/**
 * counts[f][v] = loops of `family` with v sides on face f (v = 0 .. faceSize(f)): from the loops
 * one by one when at most `explicitMax`, else one pass over the diagram per face that tracks how
 * many of the face's open edges a set takes.
 */
export function faceValueCounts(lattice: Lattice, family: LatticeLoops, explicitMax = 20_000, isCancelled?: () => boolean): bigint[][] {
  const { zdd, spec } = family;
  const F = lattice.faceCount;
  const total = zdd.count();
  const out = Array.from({ length: F }, (_, f) => new Array<bigint>(lattice.faceSize(f) + 1).fill(0n));
  if (total === 0n) return out;
  const fixedOn = new Int32Array(F);
  const facesOf = (e: number) => [lattice.sides[2 * e], lattice.sides[2 * e + 1]];
  for (const e of spec.fixedOnEdges) for (const f of facesOf(e)) if (f >= 0) fixedOn[f]++;
  if (total <= BigInt(explicitMax)) {
    let seen = 0;
    const k = new Int32Array(F);
    const tally = out.map((row) => new Float64Array(row.length));
    for (const set of zdd.sets()) {
      if ((++seen & 1023) === 0 && isCancelled?.()) throw cancelled(0);
      k.set(fixedOn);
      for (const l of set) for (const f of facesOf(spec.openEdges[spec.levels - l])) if (f >= 0) k[f]++;
      for (let f = 0; f < F; f++) tally[f][k[f]]++;
    }
    tally.forEach((row, f) => row.forEach((n, v) => (out[f][v] = BigInt(n))));
    return out;
  }
  const faceA = new Int32Array(spec.levels + 1).fill(-1);
  const faceB = new Int32Array(spec.levels + 1).fill(-1);
  const lowest = new Int32Array(F); // lowest open level of the face's sides, 0 = none
  const open = new Int32Array(F); // open sides of the face
  for (let l = 1; l <= spec.levels; l++) {
    const [a, b] = facesOf(spec.openEdges[spec.levels - l]);
    faceA[l] = a;
    faceB[l] = b;
    for (const f of [a, b]) if (f >= 0) { if (lowest[f] === 0) lowest[f] = l; open[f]++; }
  }
  const { level, lo, hi } = zdd.store;
  const root = zdd.root;
  let K = 1;
  for (let f = 0; f < F; f++) K = Math.max(K, open[f] + 1);
  if ((root + 1) * K > MAX_VECTOR) {
    throw new StopError({ limit: 'nodes', message: `make-unique: the diagram (${root} nodes) is too large to count per face`, nodes: root, progress: 0 });
  }
  // Doubles are exact while every node's count (at most the total) stays below 2^53.
  if (total < 2n ** 53n) {
    const cnt = new Float64Array(root + 1);
    cnt[1] = 1;
    for (let n = 2; n <= root; n++) cnt[n] = cnt[lo[n]] + cnt[hi[n]];
    const vec = new Float64Array((root + 1) * K);
    for (let f = 0; f < F; f++) {
      if (isCancelled?.()) throw cancelled(f / F);
      if (lowest[f] === 0) { out[f][fixedOn[f]] = total; continue; }
      const low = lowest[f], k1 = open[f] + 1;
      vec.fill(0, 0, 2 * K);
      vec[K] = 1;
      for (let n = 2; n <= root; n++) {
        if ((n & POLL_MASK) === 0 && isCancelled?.()) throw cancelled(f / F);
        const l = level[n], o = n * K;
        if (l < low) { vec[o] = cnt[n]; for (let k = 1; k < k1; k++) vec[o + k] = 0; continue; }
        const a = lo[n] * K, b = hi[n] * K;
        const mine = faceA[l] === f || faceB[l] === f;
        for (let k = 0; k < k1; k++) vec[o + k] = vec[a + k] + (mine ? (k > 0 ? vec[b + k - 1] : 0) : vec[b + k]);
      }
      for (let k = 0; k < k1; k++) out[f][fixedOn[f] + k] = BigInt(vec[root * K + k]);
    }
    return out;
  }
  const cnt: bigint[] = new Array(root + 1).fill(0n);
  cnt[1] = 1n;
  for (let n = 2; n <= root; n++) cnt[n] = cnt[lo[n]] + cnt[hi[n]];
  for (let f = 0; f < F; f++) {
    if (isCancelled?.()) throw cancelled(f / F);
    if (lowest[f] === 0) { out[f][fixedOn[f]] = total; continue; }
    const low = lowest[f], k1 = open[f] + 1;
    const vec: bigint[] = new Array((root + 1) * k1).fill(0n);
    vec[k1] = 1n;
    for (let n = 2; n <= root; n++) {
      if ((n & POLL_MASK) === 0 && isCancelled?.()) throw cancelled(f / F);
      const l = level[n], o = n * k1;
      if (l < low) { vec[o] = cnt[n]; continue; }
      const a = lo[n] * k1, b = hi[n] * k1;
      const mine = faceA[l] === f || faceB[l] === f;
      for (let k = 0; k < k1; k++) vec[o + k] = vec[a + k] + (mine ? (k > 0 ? vec[b + k - 1] : 0n) : vec[b + k]);
    }
    for (let k = 0; k < k1; k++) out[f][fixedOn[f] + k] = vec[root * k1 + k];
  }
  return out;
}

/** Suggestions for a Slitherlink on `lattice` with `hints` (per face, -1 = none); see the file's comment. */
export function suggestTilingHints(lattice: Lattice, hints: Int8Array, options: MakeUniqueOptions = {}): MakeUniqueResult {
  const t0 = performance.now();
  const limits = resolveLimits(options.control);
  const deadline = Math.min(Date.now() + limits.timeMs, options.control?.deadline ?? Infinity);
  const isCancelled = options.control?.isCancelled;
  const sub = (): RunControl => ({ isCancelled, deadline, limits: { maxNodes: limits.maxNodes, timeMs: Math.max(1, deadline - Date.now()) } });
  const stopCounting = () => !!isCancelled?.() || Date.now() > deadline;
  const explicitMax = options.explicitMax ?? 20_000;
  const result: MakeUniqueResult = { count: null, singles: [], ms: 0 };
  const done = (): MakeUniqueResult => { result.ms = performance.now() - t0; return result; };
  const ref = (f: number, value: number, count: bigint): HintSuggestion => ({ ...faceAt(lattice, f), value, count });
  /** The count with `changes` made, by a diagram of its own: a suggestion is kept only when it agrees. */
  const verified = (changes: readonly HintSuggestion[], count: bigint): boolean => {
    const h = Int8Array.from(hints);
    for (const c of changes) h[c.face!] = c.value;
    return countTilingLoops(lattice, h, sub()) === count;
  };
  try {
    const family = tilingLoops(lattice, hints, sub());
    const count = family ? family.zdd.count() : 0n;
    result.count = count;
    if (count === 0n) {
      result.repairs = [];
      tilingRepairs(lattice, hints, sub, deadline, result.repairs);
      return done();
    }
    if (count === 1n) return done();
    const counts = faceValueCounts(lattice, family!, explicitMax, stopCounting);
    const ranked: HintSuggestion[] = [];
    const singles: HintSuggestion[] = [];
    for (let f = 0; f < lattice.faceCount; f++) {
      if (hints[f] >= 0) continue;
      counts[f].forEach((n, v) => {
        if (n === 1n) singles.push(ref(f, v, n));
        else if (n > 1n && n < count) ranked.push(ref(f, v, n));
      });
    }
    if (singles.length > 0) {
      // Verified one by one; a stop keeps those verified so far (the StopError says why).
      for (const s of singles) {
        if (Date.now() > deadline) throw timeUp(limits.timeMs);
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
      h2[first.face!] = first.value;
      const f2 = tilingLoops(lattice, h2, sub());
      if (!f2) continue;
      const c2 = faceValueCounts(lattice, f2, explicitMax, stopCounting);
      let pair: MakeUniqueResult['pair'];
      for (let f = 0; f < lattice.faceCount; f++) {
        if (h2[f] >= 0) continue;
        c2[f].forEach((n, v) => {
          if (n >= 1n && (!pair || n < pair.count)) pair = { first, second: ref(f, v, n), count: n };
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

/** Face f's line and place in the file (0-based) and its number. */
function faceAt(lattice: Lattice, f: number): { row: number; col: number; face: number } {
  const row = lattice.rowOf[f];
  return { row, col: f - lattice.rowOff[row], face: f };
}

/**
 * One-hint changes of a puzzle with no loop that give it loops (unique ones first), into `out`,
 * which keeps what was found when a limit stops the search (the StopError goes on). A change whose
 * count passes the node limit is left out (undecided, not a repair).
 */
function tilingRepairs(lattice: Lattice, hints: Int8Array, sub: () => RunControl, deadline: number, out: RepairSuggestion[]): void {
  const h = Int8Array.from(hints);
  const F = lattice.faceCount;
  try {
    for (let f = 0; f < F; f++) {
      if (hints[f] < 0) continue;
      for (let v = -1; v <= lattice.faceSize(f); v++) {
        if (v === hints[f]) continue;
        if (Date.now() > deadline) {
          throw new StopError({ limit: 'time', message: 'make-unique: stopped by the time limit while trying hint changes', nodes: 0, progress: f / F });
        }
        h[f] = v;
        let n = 0n;
        try {
          n = countTilingLoops(lattice, h, sub());
        } catch (e) {
          if (!(e instanceof StopError) || e.stopped.limit !== 'nodes') throw e;
        }
        if (n > 0n) out.push({ ...faceAt(lattice, f), value: v < 0 ? null : v, count: n });
      }
      h[f] = hints[f];
    }
  } finally {
    out.sort((a, b) => (a.count === 1n ? 0 : 1) - (b.count === 1n ? 0 : 1));
  }
}
