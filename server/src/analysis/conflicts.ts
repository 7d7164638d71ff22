/**
 * A small set of hints that already has no solution, for the "no solution" diagnostic.
 *
 * Deletion-based shrinking (the complement steps of ddmin): start from every hint, try to drop
 * chunks, halving the chunk size when no chunk can go, while the rest stays unsolvable. When it
 * finishes, the set is 1-minimal: dropping any single hint makes it solvable (or undecided within
 * the limits). Every intermediate set is verified unsolvable, so stopping early still returns a
 * correct (just larger) set.
 */
import type { NumberlinkRule, Puzzle } from '../model/puzzle';
import type { Limits, RunControl, Stopped } from '../zdd/control';
import { Budget } from './budget';
import { checkPuzzle } from '../genres/check';
import { hintUnits, keepUnits, type HintUnit } from './hints';
import type { CellRef, CheckResult } from './result';

export interface ConflictOptions {
  /** Overall budget and cancellation for the whole search. */
  control?: RunControl;
  /** Limits of each single check (an undecided check counts as "still needed"). */
  perCheck?: Partial<Limits>;
  defaultRule?: NumberlinkRule;
  /** The solver; defaults to the real one (tests may count calls). */
  check?: (p: Puzzle, control: RunControl) => CheckResult;
}

export interface ConflictResult {
  /** Cells of the conflicting hints (both endpoints of each Numberlink label), reading order. */
  cells: CellRef[];
  /** Number of hint units (Slitherlink numbers, Numberlink labels) in the set. */
  units: number;
  /** True when the set is verified 1-minimal. */
  minimal: boolean;
  checks: number;
  stopped?: Stopped;
}

export function findConflictingHints(puzzle: Puzzle, options: ConflictOptions = {}): ConflictResult {
  const all = hintUnits(puzzle);
  const budget = new Budget(options.control, options.perCheck ?? { timeMs: 1000 });
  const check =
    options.check ??
    ((p: Puzzle, control: RunControl) =>
      checkPuzzle(p, { control, redundant: false, secondSolution: false, defaultRule: options.defaultRule }));
  let checks = 0;
  let undecided = false;
  // On a Slitherlink grid of at least 2x2 any single hint can be met (4: the loop around its cell;
  // 3: around a domino with it; 2: around a 2x2 block with it; 1 and 0: around a neighbour or a
  // cell away from it), so at most one hint is never a conflict. This skips the slowest checks
  // (an almost empty grid) that would often end undecided.
  const trivial = puzzle.kind === 'slitherlink' && puzzle.rows >= 2 && puzzle.cols >= 2;
  const unsolvable = (keep: HintUnit[]): boolean => {
    if (trivial && keep.length <= 1) return false;
    checks++;
    const verdict = check(keepUnits(puzzle, all, keep), budget.checkControl()).verdict;
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
