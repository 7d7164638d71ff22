/**
 * "Decide, don't count": a check that looks for two different solutions (or proves there is
 * none, or only one) besides counting. A draft has far too many solutions to count, but two of
 * them are found in milliseconds, and they prove `multiple` on their own.
 *
 * Which goes first: a draft (few hints for its size) is searched for witnesses first, and the
 * count follows; a puzzle near completion is counted first (its diagram is small, and a witness
 * search there would mostly be wasted), and searched for witnesses only when a limit stops the
 * count (the count then leaves a little of the time limit for them).
 *
 * What the check reports (CheckResult):
 * - witnesses prove none or unique: that verdict, with count 0 or 1 (exact);
 * - two solutions found: verdict `multiple`, both shown, and `countAtLeast` (2, or a larger proved
 *   bound); then, unless the caller wants the verdict alone (`countAfterWitnesses: false`: the
 *   language server's first phase, which counts in a later phase; the result says
 *   `countPending`), the exact count within the limits: when it finishes it is reported as
 *   without witnesses (count, and the diagram's first two solutions); when a limit stops it,
 *   `count` is null and `stopped` says why the count is missing;
 * - undecided within the witnesses' budget: the count decides, as without witnesses.
 */
import { StopError, type RunControl } from '../zdd/control';
import type { CheckOptions } from './options';
import type { CheckResult } from './result';

export type Outcome = Omit<CheckResult, 'kind' | 'rows' | 'cols' | 'errors' | 'ms'>;

/** Controls with their deadline (the check's steps share one). */
export type Timed = RunControl & { deadline: number };

/** Hinted cells (Slitherlink) or endpoint cells (Numberlink) per cell below which a puzzle is a draft. */
export const DRAFT_DENSITY = 0.2;

/** Grids at most this wide on their shorter side are always counted first (their diagram is small). */
export const ALWAYS_COUNT_SIDE = 8;

/** Of the time limit, what a count that goes first leaves for the witnesses (at most this many ms). */
const RESERVE_SHARE = 0.1;
const RESERVE_MAX_MS = 1000;

/** Whether a puzzle is a draft: witnesses go first. */
export function isDraft(rows: number, cols: number, marked: number): boolean {
  return Math.min(rows, cols) > ALWAYS_COUNT_SIDE && marked < DRAFT_DENSITY * rows * cols;
}

/**
 * The check's outcome, from witnesses and the count (see the module comment).
 * - `witnesses(control)`: none / unique (complete outcomes), multiple (count null, both
 *   solutions, countAtLeast), or null when undecided; throws StopError when stopped;
 * - `count(control)`: the usual outcome (deduction, diagram, count); throws StopError.
 */
export function decide(
  options: CheckOptions, draft: boolean, control: Timed,
  witnesses: (control: Timed) => Outcome | null, count: (control: Timed) => Outcome,
): Outcome {
  if (!options.witnesses) return count(control);
  if (draft) {
    const w = witnesses(control);
    if (w === null) return count(control);
    if (w.verdict !== 'multiple') return w;
    return afterWitnesses(w, options, () => count(control));
  }
  const timeMs = control.limits?.timeMs ?? Infinity;
  const reserve = Math.min(RESERVE_MAX_MS, RESERVE_SHARE * timeMs);
  const counting: Timed = { ...control, deadline: Math.max(Date.now(), control.deadline - reserve) };
  try {
    return count(counting);
  } catch (e) {
    if (!(e instanceof StopError) || e.stopped.limit === 'cancelled') throw e;
    let w: Outcome | null = null;
    try {
      w = witnesses(control);
    } catch (late) {
      if (!(late instanceof StopError)) throw late;
    }
    if (w === null) throw e;
    return w.verdict === 'multiple' ? { ...w, stopped: e.stopped } : w;
  }
}

/** `multiple` from two solutions: the count that follows, or why it is missing. */
function afterWitnesses(witnessed: Outcome, options: CheckOptions, count: () => Outcome): Outcome {
  if (options.countAfterWitnesses === false) return { ...witnessed, countPending: true };
  let counted: Outcome;
  try {
    counted = count();
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    return { ...witnessed, stopped: e.stopped };
  }
  // Two checked solutions outweigh a count below two (that would be a solver bug): keep them.
  if (counted.verdict !== 'multiple') return witnessed;
  return counted;
}
