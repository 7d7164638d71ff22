/**
 * "Remove all redundant hints": drop Slitherlink hints one at a time, re-checking after each,
 * until the puzzle is minimal and still unique.
 *
 * Only hints that are redundant in the original puzzle can ever go: if P - h has several
 * solutions, so has every P - S - h (fewer hints, at least the same solutions). And a hint that
 * fails once stays needed, since later removals only shrink the puzzle further. So one pass over
 * the originally redundant hints, in order, gives a minimal puzzle with exactly that many checks.
 */
import type { SlitherlinkPuzzle } from '../model/puzzle';
import type { Limits, RunControl, Stopped } from '../zdd/control';
import { Budget } from './budget';
import { withoutSlitherlinkHints } from './hints';
import type { CellRef, CheckResult } from './result';
import { checkSlitherlink } from './slitherlink';

export interface MinimizeOptions {
  control?: RunControl;
  perCheck?: Partial<Limits>;
  /** The solver; defaults to the real one (tests may count calls). */
  check?: (p: SlitherlinkPuzzle, control: RunControl) => CheckResult;
}

export interface MinimizeResult {
  /** Hints removed, in the order they were removed. */
  removed: CellRef[];
  /** True when every candidate was decided: the remaining puzzle is minimal. */
  minimal: boolean;
  checks: number;
  stopped?: Stopped;
}

/**
 * `redundant`: the hints whose removal alone keeps `puzzle` unique (CheckResult.redundant of a
 * unique puzzle). When omitted, every hint is a candidate (slower, same answer).
 */
export function minimizeHints(
  puzzle: SlitherlinkPuzzle,
  redundant?: readonly CellRef[],
  options: MinimizeOptions = {},
): MinimizeResult {
  const candidates: CellRef[] = redundant
    ? redundant.filter(({ row, col }) => puzzle.hints[row * puzzle.cols + col]! >= 0)
    : [];
  if (!redundant) {
    for (let i = 0; i < puzzle.hints.length; i++)
      if (puzzle.hints[i]! >= 0) candidates.push({ row: Math.floor(i / puzzle.cols), col: i % puzzle.cols });
  }
  const budget = new Budget(options.control, options.perCheck);
  const check =
    options.check ??
    ((p: SlitherlinkPuzzle, control: RunControl) => checkSlitherlink(p, { control, redundant: false, secondSolution: false }));

  const removed: CellRef[] = [];
  let current = puzzle;
  let minimal = true;
  let checks = 0;
  let stopped: Stopped | undefined;
  for (const cell of candidates) {
    const s = budget.stopped(checks, candidates.length, 'minimising hints');
    if (s) {
      stopped = s;
      minimal = false;
      break;
    }
    const next = withoutSlitherlinkHints(current, [cell]);
    checks++;
    const verdict = check(next, budget.checkControl()).verdict;
    if (verdict === 'unique') {
      removed.push(cell);
      current = next;
    } else if (verdict !== 'multiple') {
      // Undecided (or something unexpected): keep the hint; the result is then not proven minimal.
      minimal = false;
    }
  }
  return { removed, minimal, checks, ...(stopped ? { stopped } : {}) };
}
