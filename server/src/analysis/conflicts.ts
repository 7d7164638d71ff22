/**
 * A small set of hints that already has no solution, for the "no solution" diagnostic.
 *
 * Deletion-based shrinking (the complement steps of ddmin): start from every hint, try to drop
 * chunks, halving the chunk size when no chunk can go, while the rest stays unsolvable. When it
 * finishes, the set is 1-minimal: dropping any single hint makes it solvable (or undecided within
 * the limits). Every intermediate set is verified unsolvable, so stopping early still returns a
 * correct (just larger) set.
 */
import type { Puzzle } from '../model/puzzle';
import type { Limits, RunControl, Stopped } from '../zdd/control';
import { Budget } from './budget';
import type { HintUnit } from './hints';
import type { CheckOptions } from './options';
import type { CheckResult, ConflictResult } from './result';

export type { ConflictResult };

/** What the search asks of the puzzle's genre (Genre implements it). */
export interface ConflictGenre<P extends Puzzle = Puzzle> {
  units(p: P): HintUnit[];
  /** The puzzle with only the given units left. */
  keepUnits(p: P, all: readonly HintUnit[], keep: readonly HintUnit[]): P;
  /** Sets of fewer units than this are never checked: the genre knows they have solutions (Slitherlink: a single hint can always be met). Default 0. */
  fewestConflicting?(p: P): number;
  check(p: P, options: CheckOptions): CheckResult;
  /**
   * Whether the givens have a solution (null: undecided), when the genre knows a quicker way than
   * its check for this puzzle (Slitherlink on a tiling: a search for one loop), with the solution
   * found (`witness`); undefined: the check decides.
   */
  hasSolution?(p: P, control: RunControl): { solvable: boolean | null; witness?: unknown } | undefined;
  /** Whether a witness of hasSolution is a solution of `p` too, checked directly against its givens. */
  witnessMeets?(p: P, witness: unknown): boolean;
}

/** Solutions found for earlier subsets that later ones are tried against first (most recent first). */
const MAX_WITNESSES = 32;

export interface ConflictOptions {
  /** Overall budget and cancellation for the whole search. */
  control?: RunControl;
  /** Limits of each single check (an undecided check counts as "still needed"). */
  perCheck?: Partial<Limits>;
  /** Rule words for files that name none (CheckOptions.defaultRule). */
  defaultRule?: string;
  /** The solver; defaults to the genre's check (tests may count calls). */
  check?: (p: Puzzle, control: RunControl) => CheckResult;
}

/** The search, with the genre's units and check (genres/extras.ts findConflictingHints gives them). */
export function shrinkConflicts<P extends Puzzle>(puzzle: P, genre: ConflictGenre<P>, options: ConflictOptions = {}): ConflictResult {
  const all = genre.units(puzzle);
  const budget = new Budget(options.control, options.perCheck ?? { timeMs: 1000 });
  const check =
    options.check ??
    ((p: Puzzle, control: RunControl) =>
      genre.check(p as P, { control, redundant: false, secondSolution: false, defaultRule: options.defaultRule }));
  let checks = 0;
  let undecided = false;
  // Sets the genre knows to be solvable are not checked: this skips the slowest checks (an almost
  // empty grid) that would often end undecided.
  const fewest = genre.fewestConflicting?.(puzzle) ?? 0;
  const witnesses: unknown[] = [];
  const unsolvable = (keep: HintUnit[]): boolean => {
    if (keep.length < fewest) return false;
    checks++;
    const kept = genre.keepUnits(puzzle, all, keep);
    // A solution of an earlier set of givens that meets these too: solvable, no search needed
    // (each chunk that could not go left one; the later rounds test subsets of those sets).
    if (genre.witnessMeets && witnesses.some((w) => genre.witnessMeets!(kept, w))) return false;
    const control = budget.checkControl();
    const quick = options.check ? undefined : genre.hasSolution?.(kept, control);
    if (quick !== undefined) {
      if (quick.solvable === null) undecided = true;
      if (quick.witness !== undefined) {
        witnesses.unshift(quick.witness);
        if (witnesses.length > MAX_WITNESSES) witnesses.pop();
      }
      return quick.solvable === false;
    }
    const verdict = check(kept, control).verdict;
    if (verdict === 'unknown') undecided = true;
    return verdict === 'none';
  };

  let set = all.slice();
  let minimal = true;
  let stopped: Stopped | undefined;
  let parts = 2;
  // Each round either drops a chunk or refines the chunks; single-unit chunks that all stay end it,
  // and the set is 1-minimal when every one of those last checks was decided.
  outer: while (set.length > 0) {
    parts = Math.min(parts, set.length);
    const size = Math.ceil(set.length / parts);
    // Minimality rests only on the last round (single hints): reset what an earlier round left.
    undecided = false;
    for (let start = 0; start < set.length; start += size) {
      const s = budget.stopped(checks, all.length, 'conflicting hints');
      if (s) {
        stopped = s;
        minimal = false;
        break outer;
      }
      const rest = set.slice(0, start).concat(set.slice(start + size));
      if (unsolvable(rest)) {
        set = rest;
        parts = Math.max(parts - 1, 2);
        continue outer;
      }
    }
    if (size === 1) break;
    parts = Math.min(parts * 2, set.length);
  }
  const cells = set.flatMap((u) => u.cells).sort((a, b) => a.row - b.row || a.col - b.col);
  return { cells, units: set.length, minimal: minimal && !undecided, checks, ...(stopped ? { stopped } : {}) };
}
