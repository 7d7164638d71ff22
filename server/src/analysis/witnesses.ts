/**
 * "Decide, don't count": a check that looks for two different solutions (or proves there is
 * none, or only one) besides counting. A draft has far too many solutions to count, but two of
 * them are found in milliseconds, and they prove `multiple` on their own.
 *
 * Which goes first: a draft (few hints for its size) is searched for witnesses first, and the
 * count follows (in a genre whose finished puzzles can look like drafts, after a count on a tiny
 * budget, which such a puzzle fits in); a puzzle near completion is counted first, on a small budget (its diagram is
 * usually small, and a witness search there would mostly be wasted), then searched for witnesses
 * when that count does not finish, then counted within the limits (a count stopped by the limits
 * leaves a little of the time limit for the witnesses).
 *
 * What the check reports (CheckResult):
 * - witnesses prove none or unique: that verdict, with count 0 or 1 (exact);
 * - two solutions found: verdict `multiple`, both shown, and `countAtLeast` (2, or a larger proved
 *   bound); then, unless the caller wants the verdict alone (`countAfterWitnesses: false`: the
 *   language server's first phase, which counts in a later phase; the result says
 *   `countPending`), the exact count within the limits: when it finishes it is reported as
 *   without witnesses (count, and the diagram's first two solutions); when a limit stops it, or
 *   its levels so far show it would pass a limit by far (hopeless.ts), `count` is null and
 *   `stopped` says why the count is missing;
 * - undecided within the witnesses' budget: the count decides, as without witnesses.
 */
import { StopError, type RunControl } from '../zdd/control';
import { countUnlessHopeless } from './hopeless';
import type { CheckOptions } from './options';
import type { CheckResult } from './result';

export type Outcome = Omit<CheckResult, 'kind' | 'rows' | 'cols' | 'errors' | 'ms'>;

/** Controls with their deadline (the check's steps share one). */
export type Timed = RunControl & { deadline: number };

/** Hinted cells (Slitherlink) or endpoint cells (Numberlink) per cell below which a puzzle is a draft. */
export const DRAFT_DENSITY = 0.2;

/** Grids at most this wide on their shorter side are always counted first (their diagram is small). */
export const ALWAYS_COUNT_SIDE = 8;

/** Nodes of the first count of a puzzle near completion (before the witnesses). */
const FIRST_COUNT_NODES = 100_000;

/**
 * The budget of a draft's count before its witnesses (genres whose finished puzzles look like
 * drafts): a finished Arukone up to 13x13 is counted within it, a draft with many solutions loses
 * at most this time before its witnesses.
 */
const DRAFT_COUNT_NODES = 100_000;
const DRAFT_COUNT_MS = 40;

/** Of the time limit, what a count that goes first leaves for the witnesses (at most this many ms). */
const RESERVE_SHARE = 0.1;
const RESERVE_MAX_MS = 1000;

/** What `decide` needs to know of the genre's check. */
export interface GenreTraits {
  /** A finished puzzle can look like a draft (an Arukone): a count on a tiny budget goes first. */
  finishedLooksLikeDraft?: boolean;
  /**
   * Its count is raced on two threads (a Numberlink with a helper thread): the count after two
   * solutions is asked to judge each thread's side itself (CountWish.judgeSides).
   */
  countRaces?: boolean;
}

/** What `decide` asks of a genre's count besides its control. */
export interface CountWish {
  /**
   * Two solutions have proved `multiple`: only the count is wanted, built level by level so that
   * it can be given up when it cannot finish (hopeless.ts). A genre may skip what decides verdicts.
   */
  countOnly?: boolean;
  /**
   * Give up a raced count that cannot finish, each thread judging its own side (the race ends
   * when both have given up); asked of genres that race their count instead of the caller's watch.
   */
  judgeSides?: boolean;
}

/** A genre's count: the usual outcome (deduction, diagram, count); throws StopError. */
export type Count = (control: Timed, wish?: CountWish) => Outcome;

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
  options: Pick<CheckOptions, 'witnesses' | 'countAfterWitnesses'>, draft: boolean, control: Timed,
  witnesses: (control: Timed) => Outcome | null, count: Count,
  genre?: GenreTraits,
): Outcome {
  if (!options.witnesses) return count(control);
  if (draft) {
    // Where a finished puzzle can look like a draft (an Arukone has few endpoints, and deduction
    // has no grip on it): a count on a tiny budget first, which such a puzzle usually fits in.
    const quick = genre?.finishedLooksLikeDraft ? quickCount(control, count) : null;
    if (quick !== null && !(quick instanceof StopError)) {
      // Proved `multiple` (two solutions) but its count cut short by the tiny budget: count again
      // within the limits, as after witnesses.
      if (quick.verdict === 'multiple' && quick.count === null) {
        const { stopped: _, ...proved } = quick;
        return afterWitnesses(proved, options, control, count, genre);
      }
      return quick;
    }
    const w = witnesses(control);
    if (w === null) {
      // Stopped by the caller's own node limit, the count would stop again.
      if (quick !== null && quick.stopped.limit === 'nodes' && DRAFT_COUNT_NODES >= (control.limits?.maxNodes ?? Infinity)) throw quick;
      return count(control);
    }
    if (w.verdict !== 'multiple') return w;
    return afterWitnesses(w, options, control, count, genre);
  }
  // Near completion: a count on a small budget first (most puzzles fit in it by far), then the
  // witnesses, then the count within the limits.
  const timeMs = control.limits?.timeMs ?? Infinity;
  const reserve = Math.min(RESERVE_MAX_MS, RESERVE_SHARE * timeMs);
  const userNodes = control.limits?.maxNodes ?? Infinity;
  const small = Math.min(userNodes, FIRST_COUNT_NODES);
  const first: Timed = { ...control, limits: { ...control.limits, maxNodes: small }, deadline: Math.max(Date.now(), control.deadline - reserve) };
  try {
    return count(first);
  } catch (e) {
    if (!(e instanceof StopError) || e.stopped.limit === 'cancelled') throw e;
    // Stopped by the small budget, not by the caller's limits: the full count is still to try.
    const budgetOnly = e.stopped.limit === 'nodes' && small < userNodes;
    let w: Outcome | null = null;
    try {
      w = witnesses(control);
    } catch (late) {
      if (!(late instanceof StopError) || budgetOnly) throw late;
    }
    if (w === null) {
      if (budgetOnly) return count(control);
      throw e;
    }
    if (w.verdict !== 'multiple') return w;
    return budgetOnly ? afterWitnesses(w, options, control, count, genre) : { ...w, stopped: e.stopped };
  }
}

/**
 * A draft's count on a tiny budget (DRAFT_COUNT_NODES, DRAFT_COUNT_MS): its outcome, or the stop
 * when a limit stopped it (the witnesses come next; a cancellation is thrown).
 */
function quickCount(control: Timed, count: Count): Outcome | StopError {
  const nodes = Math.min(control.limits?.maxNodes ?? Infinity, DRAFT_COUNT_NODES);
  const deadline = Math.min(control.deadline, Date.now() + DRAFT_COUNT_MS);
  try {
    return count({ ...control, limits: { ...control.limits, maxNodes: nodes }, deadline });
  } catch (e) {
    if (!(e instanceof StopError) || e.stopped.limit === 'cancelled') throw e;
    return e;
  }
}

/**
 * `multiple` from two solutions: the count that follows, or why it is missing. It stops as soon as
 * it is seen not to fit (hopeless.ts): the verdict is known, and the count is extra. A count raced
 * on two threads judges each side on its own thread: the progress seen here is one end's, and the
 * other end may be far cheaper (Janko's 189_24x14 under plain fill: hopeless from this end at
 * level 76 of 295, counted from the other in 13 s).
 */
function afterWitnesses(witnessed: Outcome, options: CheckOptions, control: Timed, count: Count, genre?: GenreTraits): Outcome {
  if (options.countAfterWitnesses === false) return { ...witnessed, countPending: true };
  let counted: Outcome;
  try {
    counted = genre?.countRaces
      ? count(control, { countOnly: true, judgeSides: true })
      : countUnlessHopeless(control, (watched) => count(watched, { countOnly: true }));
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    return { ...witnessed, stopped: e.stopped };
  }
  // Two checked solutions outweigh a count below two (that would be a solver bug): keep them.
  if (counted.verdict !== 'multiple') return witnessed;
  // No exact count after all (the Nikoli rule's notouch route may prove multiple without one):
  // the witnesses' lower bound stays, with why the count is missing.
  if (counted.count === null) return { ...witnessed, ...(counted.stopped ? { stopped: counted.stopped } : {}) };
  return counted;
}
