/**
 * The verdict under the Nikoli rule (paths join their labels, nothing more) from the canonical
 * family (canonical.ts): solutions in which no path can be rerouted, through cells no other path
 * uses, to a shorter route or to one of the same length that frees a cell met later in the sweep.
 * The spec builds a family F with canonical ⊆ F ⊆ solutions, far smaller than all solutions and
 * than the notouch ones it lies in. So:
 * - F empty: no solution (none);
 * - two members: two solutions (multiple);
 * - exactly one, X: X is the only solution if and only if it is rigid (every path the only route
 *   between its ends in the grid minus the other paths); otherwise the other route is a second
 *   solution (findReroute).
 * For `multiple` the exact Nikoli count comes from building the Nikoli diagram when that fits in
 * a share of what the limits leave (see EXACT_COUNT_*), else it is left unknown (at least 2).
 *
 * The canonical route goes first with most of the time (CANONICAL_FIRST_SHARE); the Nikoli
 * diagram gets what is left when it stops (it wins on puzzles with few, short paths). With a second
 * thread (raceNikoli) the canonical route has the whole time here, and the thread's canonical route,
 * from the other end of the sweep, the whole time there.
 */
import type { NumberlinkRule } from './puzzle';
import { answerOrStop, halfBytes, HELPER_AFTER_MS, LateHelper, type HelperThread } from '../analysis/helper';
import { instanceOf, raceTask, type RaceTask } from './raceTask';
import { deadlineOf, resolveLimits, StopError, stopNow, type RunControl, type Stopped } from '../zdd/control';
import type { NumberlinkInstance } from './instance';
import { buildNumberlinkZdd, type NumberlinkZdd } from './solve';
import { findReroute } from './canonical';

const NOTOUCH: NumberlinkRule = { fill: false, notouch: true };
const NIKOLI: NumberlinkRule = { fill: false, notouch: false };

/**
 * The exact count of a `multiple` puzzle is extra (the verdict is known): it gets what the limits
 * leave, but at most EXACT_COUNT_FACTOR times the time the verdict took, and at least
 * EXACT_COUNT_MIN_MS, so that an editor shows the verdict without waiting for a count that may
 * take the whole time limit.
 */
const EXACT_COUNT_FACTOR = 4;
const EXACT_COUNT_MIN_MS = 1000;

export interface NikoliVerdict {
  verdict: 'none' | 'unique' | 'multiple';
  /** The exact number of Nikoli solutions, or null when it could not be counted in time (then at least 2). */
  count: bigint | null;
  /** A solution (graph edges), null for none; the unique one for unique. */
  first: number[] | null;
  /** A second, different solution for multiple (when asked for). */
  second: number[] | null;
  /** Why the exact count of a multiple is missing (count null). */
  countStopped?: Stopped;
  /** The diagram of every Nikoli solution, when one was built (the exact count came from it). */
  solutions?: NumberlinkZdd;
}

export interface NikoliVerdictOptions {
  /** Give a second solution for multiple (default true). */
  secondSolution?: boolean;
  /** Until when the exact count of a `multiple` may run (default: the control's deadline). */
  countDeadline?: number;
  /** The canonical build from the other end of the chosen sweep (SolveOptions.oppositeSweep). */
  oppositeSweep?: boolean;
  /** Of the time limit, the share of the canonical route before the Nikoli build (default CANONICAL_FIRST_SHARE). */
  canonicalShare?: number;
  /** A second thread to race with (raceNikoli). */
  helper?: HelperThread;
  /** When the second thread starts (default HELPER_AFTER_MS; tests start it at once). */
  helperAfterMs?: number;
  /**
   * A `multiple` is wanted with its diagram (`solutions`, for the ambiguity map): one from the
   * second thread, whose diagram stays there, does not end the race (raceNikoli).
   */
  wantsDiagram?: boolean;
}

/**
 * Of the canonical route's time, the share of the compiled breadth-first build before the
 * depth-first search (SolveOptions.compiledFirst): all of it. On 45 hard Arukone (15x15 to 17x17)
 * the kernel alone needed 0.4 to 3.5 s of CPU where either route decided, the search alone more
 * on all but one (428_15x15: 3.3 s against 3.5 s), so a quarter of the time for the search decided
 * none of them (issue 18 figures). The search still runs where the kernel does not apply (more
 * than 32 frontier slots) or stops at the node or byte limit.
 */
const COMPILED_SHARE = 1;

/** Of the time limit, the share the canonical route gets before the Nikoli build starts. */
const CANONICAL_FIRST_SHARE = 0.8;

/**
 * The verdict under the Nikoli rule (see the module comment): the canonical route within its
 * share, else the Nikoli build with the rest of the time. Throws StopError when both stop at a
 * limit (the verdict is then unknown; the Nikoli build's stop is the one reported).
 */
export function decideNikoli(inst: NumberlinkInstance, control?: RunControl, options?: NikoliVerdictOptions): NikoliVerdict {
  if (options?.helper) return raceNikoli(inst, control, options.helper, options);
  const t0 = Date.now();
  const deadline = deadlineOf(control, t0);
  const share = deadline === Infinity ? Infinity : t0 + (options?.canonicalShare ?? CANONICAL_FIRST_SHARE) * (deadline - t0);
  try {
    // A `multiple` found within the share may take the whole time limit for its exact count.
    return decideFromCanonical(inst, { ...control, deadline: share }, { ...options, countDeadline: deadline });
  } catch (e) {
    if (!(e instanceof StopError) || e.stopped.limit === 'cancelled') throw e;
    // No time left for the Nikoli build (the canonical route had all of it): its stop says where the work was.
    if (e.stopped.limit === 'time' && Date.now() >= deadline) throw e;
  }
  return decideFromNikoli(inst, { ...control, deadline }, options);
}

/** The verdict from the diagram of every Nikoli solution (throws StopError at a limit). */
function decideFromNikoli(inst: NumberlinkInstance, control: RunControl, options?: NikoliVerdictOptions): NikoliVerdict {
  const nz = buildNumberlinkZdd(inst, NIKOLI, control);
  const count = nz.zdd.count();
  if (count === 0n) return { verdict: 'none', count, first: null, second: null };
  const first = nz.edgesOf(nz.zdd.first());
  if (first === null) throw new Error('numberlink: a ZDD set does not decode into edges');
  if (count === 1n) return { verdict: 'unique', count, first, second: null };
  const second = options?.secondSolution === false ? null : nz.edgesOf(nz.zdd.kth(1n));
  return { verdict: 'multiple', count, first, second, solutions: nz };
}

/**
 * Of the second thread's time, the canonical route's share: all of it. The Nikoli diagram wins on
 * puzzles with few, short paths, which the first thread's canonical route decides within the
 * 200 ms before this one starts (the Arukone sweep lost none). On 46 Arukone up to 17x17 left
 * undecided at 5 s, checked in turn: 4 decided with all of it, 1 with 80%.
 */
const HELPER_CANONICAL_SHARE = 1;

/** The second thread's task (plain data: it crosses threads). */
export interface NikoliHelperTask extends RaceTask {
  job: 'nikoli';
}

/**
 * The second thread's answer: a verdict (without the diagram, which stays there), a stop, or a
 * failure (any other error, turned into one by the worker: helperThread.ts answerHelperJob).
 */
export type NikoliHelperAnswer = { verdict: NikoliVerdict } | { stopped: Stopped } | { error: string };

/**
 * The second thread's side of raceNikoli: decideNikoli with the canonical build from the other end
 * of the chosen sweep, for the whole time (HELPER_CANONICAL_SHARE); the Nikoli diagram only when
 * it stops at the node or byte limit.
 */
export function nikoliHelper(task: NikoliHelperTask): NikoliHelperAnswer {
  return answerOrStop(() => {
    const options = { secondSolution: task.secondSolution, oppositeSweep: true, canonicalShare: HELPER_CANONICAL_SHARE };
    const { solutions: _, ...verdict } = decideNikoli(instanceOf(task), { limits: task.limits, deadline: task.deadline }, options);
    return { verdict };
  });
}

/**
 * decideNikoli on two threads: here the canonical route with the whole time; after HELPER_AFTER_MS
 * on the helper the same from the other end of the sweep (nikoliHelper). Which end is
 * faster is not predictable: of 33 Arukone left undecided at 5 s, built from both ends at once for
 * 8 s, the chosen end decided first on 9, the other on 7 (551_15x15: 2.2 s against 7.3 s).
 * The first verdict wins; the other side is stopped. A verdict does not depend on the sweep, only
 * which solutions a `multiple` shows may. Each side has half of the byte budget.
 */
function raceNikoli(inst: NumberlinkInstance, control: RunControl | undefined, helper: HelperThread, options: NikoliVerdictOptions): NikoliVerdict {
  const t0 = Date.now();
  const deadline = deadlineOf(control, t0);
  // Each side gets half of the byte budget: the check as a whole keeps to it.
  const limits = halfBytes(control?.limits);
  const other = new LateHelper(helper, t0 + (options.helperAfterMs ?? HELPER_AFTER_MS), () => {
    const task: NikoliHelperTask = { job: 'nikoli', ...raceTask(inst, deadline, limits, options.secondSolution !== false) };
    return { genre: 'numberlink', task };
  });
  const theirs = () => other.poll() as NikoliHelperAnswer | undefined;
  const cancelled = () => control?.isCancelled?.() === true;
  const own: NikoliVerdictOptions = { ...options, countDeadline: deadline };
  try {
    return decideFromCanonical(inst, { ...control, limits, deadline, isCancelled: () => cancelled() || complete(theirs(), options.wantsDiagram === true) }, own);
  } catch (e) {
    if (!(e instanceof StopError) || cancelled()) throw e;
    const quick = other.peek() as NikoliHelperAnswer | undefined;
    if (complete(quick, options.wantsDiagram === true)) return (quick as { verdict: NikoliVerdict }).verdict;
    // Stopped before the thread started (a node or byte limit): the Nikoli diagram here, as alone.
    if (!other.started) return decideFromNikoli(inst, { ...control, deadline }, options);
    // A `multiple` without its exact count is still a verdict.
    const last = other.wait(control, deadline) as NikoliHelperAnswer | undefined;
    if (last !== undefined && 'verdict' in last) return last.verdict;
    // Both stopped: the thread's stop is its Nikoli build's, the one reported alone too.
    if (last !== undefined && 'stopped' in last) throw new StopError(last.stopped);
    throw e;
  } finally {
    other.stop();
  }
}

/**
 * An answer of the second thread that ends the race: a verdict with its exact count where it has
 * one. A `multiple` whose count stopped (at the thread's share of the time or of the memory), or
 * any `multiple` when its diagram is wanted, waits for this side, whose count may finish with its
 * diagram here, and is taken only when this side stops too.
 */
function complete(a: NikoliHelperAnswer | undefined, wantsDiagram: boolean): boolean {
  if (a === undefined || !('verdict' in a)) return false;
  return a.verdict.verdict !== 'multiple' || (!wantsDiagram && a.verdict.count !== null);
}

/** The canonical route of the module comment. */
export function decideFromCanonical(inst: NumberlinkInstance, control?: RunControl, options?: NikoliVerdictOptions): NikoliVerdict {
  const t0 = Date.now();
  const deadline = deadlineOf(control, t0);
  // The compiled breadth-first build, no global rules per state (its states cost a tenth of the
  // search's and the planarity of pairs in the spec saves a third of them); if it stops at the
  // node or byte limit, the depth-first search, where the global rules pay at every state.
  const nz = buildNumberlinkZdd(inst, NOTOUCH, { ...control, deadline }, { searchGlobalRules: true, canonical: true, compiledFirst: COMPILED_SHARE, oppositeSweep: options?.oppositeSweep });
  const members = nz.zdd.count();
  if (members === 0n) return { verdict: 'none', count: 0n, first: null, second: null };
  const first = nz.edgesOf(nz.zdd.first());
  if (first === null) throw new Error('numberlink: a ZDD set does not decode into edges');
  let second: number[] | null = null;
  if (members === 1n) {
    const reroute = findReroute(inst, first);
    if (reroute === null) return { verdict: 'unique', count: 1n, first, second: null };
    second = reroute;
  } else if (options?.secondSolution !== false) {
    second = nz.edgesOf(nz.zdd.kth(1n));
  }
  if (options?.secondSolution === false) second = null;
  // The exact count, in a share of what is left.
  const now = Date.now();
  const share = Math.max(EXACT_COUNT_MIN_MS, EXACT_COUNT_FACTOR * (now - t0));
  const maxNodes = resolveLimits(control).maxNodes - nz.stats.nodesCreated;
  let count: bigint | null = null;
  let countStopped: Stopped | undefined;
  let solutions: NumberlinkZdd | undefined;
  if (maxNodes > 0 && now < (options?.countDeadline ?? deadline)) {
    try {
      const exact = buildNumberlinkZdd(inst, NIKOLI, {
        ...control,
        limits: { ...control?.limits, maxNodes },
        deadline: Math.min(options?.countDeadline ?? deadline, now + share),
      });
      count = exact.zdd.count();
      solutions = exact;
    } catch (e) {
      if (!(e instanceof StopError) || e.stopped.limit === 'cancelled') throw e;
      countStopped = e.stopped;
    }
  }
  // The theorem and the count must agree; a disagreement is a solver bug, never an answer.
  if (count !== null && count < 2n) throw new Error(`numberlink: ${count} Nikoli solutions after a proof of two`);
  return { verdict: 'multiple', count, first, second, ...(count === null && countStopped ? { countStopped } : {}), ...(solutions ? { solutions } : {}) };
}
