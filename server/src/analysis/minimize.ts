/**
 * "Remove all redundant hints": drop Slitherlink hints one at a time, in order, each while the
 * puzzle stays unique, until the puzzle is minimal.
 *
 * Only hints that are redundant in the original puzzle can ever go: if P - h has several
 * solutions, so has every P - S - h (fewer hints, at least the same solutions). And a hint that
 * fails once stays needed, since later removals only shrink the puzzle further. So one pass over
 * the originally redundant hints, in order, gives a minimal puzzle with exactly that many checks.
 *
 * Each step asks whether hint h is redundant in the puzzle Q left so far. Q is unique with the
 * same loop L as P (it has a subset of P's hints), so this is the redundant-hint question for one
 * hint of Q (slitherlink/redundant.ts, given L): witnesses near L settle a needed hint quickly,
 * deduction usually settles a redundant one. Exact, like counting the loops of Q - h, and far
 * cheaper once many hints are gone (a sparse Q's loops are many). The check's own extras run
 * this same pass (analysis/slitherlink.ts), so the number a check reports is what this removes.
 */
import type { SlitherlinkPuzzle } from '../model/puzzle';
import { deduce } from '../slitherlink/deduce';
import { findRedundantHints } from '../slitherlink/redundant';
import { NECESSARY, REDUNDANT, type RedundancyMemo } from '../slitherlink/redundancyMemo';
import { StopError, type Limits, type RunControl, type Stopped } from '../zdd/control';
import { Budget } from './budget';
import { withoutSlitherlinkHints } from './hints';
import type { CellRef, CheckResult } from './result';

/** What the pass is called in its messages (the command's name). */
export const REMOVE_ALL = 'Remove all redundant hints';

export interface MinimizeOptions {
  /** Limits and cancellation of the whole pass (a `deadline` shared with a larger check is honoured). */
  control?: RunControl;
  perCheck?: Partial<Limits>;
  /**
   * The puzzle's unique solution, as grid edge indices: each step then asks whether the hint is
   * redundant in the puzzle left (see the module comment). Required unless `check` is given.
   */
  solution?: readonly number[];
  /** The probing order of the puzzle's deduction (RedundancyOptions.schedule), when known. */
  schedule?: readonly number[];
  /** Facts of earlier searches on this grid, used and extended by every step (slitherlink/redundancyMemo.ts). */
  memo?: RedundancyMemo;
  /** Decide each step by counting with this solver instead (tests: an independent method). */
  check?: (p: SlitherlinkPuzzle, control: RunControl) => CheckResult;
}

export interface MinimizeResult {
  /** Hints removed, in the order they were removed. */
  removed: CellRef[];
  /** True when every candidate was decided: the remaining puzzle is minimal. */
  minimal: boolean;
  checks: number;
  /** Why the pass is not complete: a limit stopped it, or some step could not be decided. */
  stopped?: Stopped;
}

/** A pass's outcome as a check reports it (CheckResult.redundantTogether and why it is incomplete). */
export function togetherOf(m: MinimizeResult): Pick<CheckResult, 'redundantTogether' | 'redundantTogetherStopped'> {
  return { redundantTogether: m.removed, ...(m.stopped ? { redundantTogetherStopped: m.stopped } : {}) };
}

type Step = { verdict: 'unique' | 'multiple' } | { verdict: 'unknown'; stopped?: Stopped };

/**
 * `redundant`: the hints whose removal alone keeps `puzzle` unique (CheckResult.redundant of a
 * unique puzzle), in the order to try them. When omitted, every hint is a candidate, in reading
 * order (slower, same answer).
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
  const decide = stepDecider(options);

  const removed: CellRef[] = [];
  let current = puzzle;
  let minimal = true;
  let checks = 0;
  let stopped: Stopped | undefined;
  let undecided: Stopped | undefined;
  let undecidedCount = 0;
  for (const cell of candidates) {
    const s = budget.stopped(checks, candidates.length, REMOVE_ALL);
    if (s) {
      stopped = s;
      minimal = false;
      break;
    }
    checks++;
    const step = decide(current, cell, budget.checkControl());
    if (step.verdict === 'unique') {
      removed.push(cell);
      current = withoutSlitherlinkHints(current, [cell]);
    } else if (step.verdict === 'unknown') {
      // Undecided: keep the hint; the result is then not proven minimal.
      minimal = false;
      undecidedCount++;
      undecided = step.stopped ?? undecided;
    }
  }
  if (!stopped && !minimal) {
    const why = undecided ? ` (${undecided.message.replace(/^undecided: /, '')})` : '';
    stopped = {
      limit: undecided?.limit ?? 'nodes',
      message: `${REMOVE_ALL}: ${undecidedCount} of ${candidates.length} hints undecided${why}`,
      nodes: undecided?.nodes ?? 0,
      progress: candidates.length ? (candidates.length - undecidedCount) / candidates.length : 0,
    };
  }
  return { removed, minimal, checks, ...(stopped ? { stopped } : {}) };
}

/** Whether Q - cell is still unique, by the caller's counting solver or by redundancy in Q. */
function stepDecider(options: MinimizeOptions): (q: SlitherlinkPuzzle, cell: CellRef, control: RunControl) => Step {
  const { check, solution, schedule, memo } = options;
  if (check) {
    return (q, cell, control) => {
      const r = check(withoutSlitherlinkHints(q, [cell]), control);
      if (r.verdict === 'unique' || r.verdict === 'multiple') return { verdict: r.verdict };
      return { verdict: 'unknown', ...(r.stopped ? { stopped: r.stopped } : {}) };
    };
  }
  if (!solution) throw new Error('minimizeHints: the solution (or a check) is required');
  // One probing order for every step (only an order: no fact of P is used for Q).
  let order = schedule;
  let on: Uint8Array | null = null;
  return (q, cell, control) => {
    const x = cell.row * q.cols + cell.col;
    // What earlier searches proved, before any deduction of this step.
    if (memo?.fits(q.rows, q.cols)) {
      on ??= edgeFlags(q, solution);
      const known = memo.settle(q.hints, on, x)[x];
      if (known === NECESSARY) return { verdict: 'multiple' };
      if (known === REDUNDANT) return { verdict: 'unique' };
    }
    try {
      if (!order) {
        const record: number[] = [];
        deduce(q, { record, isCancelled: control.isCancelled });
        order = record;
      }
      const red = findRedundantHints(q, solution, () => control, { candidates: [x], schedule: order, ...(memo ? { memo } : {}) });
      return { verdict: red.includes(x) ? 'unique' : 'multiple' };
    } catch (e) {
      if (!(e instanceof StopError)) throw e;
      return { verdict: 'unknown', stopped: e.stopped };
    }
  };
}

/** Per grid edge of q's grid, 1 when the loop uses it. */
function edgeFlags(q: SlitherlinkPuzzle, loop: readonly number[]): Uint8Array {
  const on = new Uint8Array(2 * q.rows * q.cols + q.rows + q.cols);
  for (const e of loop) on[e] = 1;
  return on;
}
