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
 * diagram gets what is left when it stops (it wins on puzzles with few, short paths).
 */
import type { NumberlinkRule } from './puzzle';
import { deadlineOf, resolveLimits, StopError, type RunControl, type Stopped } from '../zdd/control';
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
  const t0 = Date.now();
  const deadline = deadlineOf(control, t0);
  const share = deadline === Infinity ? Infinity : t0 + CANONICAL_FIRST_SHARE * (deadline - t0);
  try {
    // A `multiple` found within the share may take the whole time limit for its exact count.
    return decideFromCanonical(inst, { ...control, deadline: share }, { ...options, countDeadline: deadline });
  } catch (e) {
    if (!(e instanceof StopError) || e.stopped.limit === 'cancelled') throw e;
  }
  const nz = buildNumberlinkZdd(inst, NIKOLI, { ...control, deadline });
  const count = nz.zdd.count();
  if (count === 0n) return { verdict: 'none', count, first: null, second: null };
  const first = nz.edgesOf(nz.zdd.first());
  if (first === null) throw new Error('numberlink: a ZDD set does not decode into edges');
  if (count === 1n) return { verdict: 'unique', count, first, second: null };
  const second = options?.secondSolution === false ? null : nz.edgesOf(nz.zdd.kth(1n));
  return { verdict: 'multiple', count, first, second, solutions: nz };
}

/** The canonical route of the module comment. */
export function decideFromCanonical(inst: NumberlinkInstance, control?: RunControl, options?: NikoliVerdictOptions): NikoliVerdict {
  const t0 = Date.now();
  const deadline = deadlineOf(control, t0);
  // The compiled breadth-first build, no global rules per state (its states cost a tenth of the
  // search's and the planarity of pairs in the spec saves a third of them); if it stops at the
  // node or byte limit, the depth-first search, where the global rules pay at every state.
  const nz = buildNumberlinkZdd(inst, NOTOUCH, { ...control, deadline }, { searchGlobalRules: true, canonical: true, compiledFirst: COMPILED_SHARE });
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
