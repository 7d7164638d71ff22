/**
 * Builds the ZDD of all solutions of a Numberlink instance under a rule: deduction first (forced
 * and forbidden edges), then the path-matching spec over the frontier plan, built depth-first
 * with the deduction's propagator following every path (or breadth-first, for comparison).
 */
import type { NumberlinkRule } from './puzzle';
import { buildZdd, type BuildResult, type BuildStats } from '../zdd/build';
import { buildZddDepthFirst } from '../zdd/depthFirst';
import { deadlineOf, StopError, stopNow, type RunControl } from '../zdd/control';
import { planFrontier } from '../zdd/frontier';
import { kernelAvailable } from '../zdd/kernel';
import { Zdd } from '../zdd/zdd';
import { deduce, type Propagator } from './deduce';
import { chooseSweep, sweepNeighbours, sweepOrder, type NumberlinkInstance } from './instance';
import { PropagatingFilter } from './pathFilter';
import { NumberlinkSpec } from './spec';

export interface NumberlinkZdd {
  /** Sets of free edges (levels); `edgesOf` turns one into the solution's graph edges. */
  zdd: Zdd;
  /** The graph edges of a set of the ZDD (null only for a set that is not in it). */
  edgesOf(levels: number[]): number[] | null;
  /** The graph edge of a level (every edge but the fixed ones is one only with everyEdgeALevel). */
  edgeOfLevel?(level: number): number;
  /** The edges deduction put in every solution (they have no level). */
  fixedOn?(): number[];
  stats: BuildStats;
  /** Edges decided by deduction before building (probing included). */
  deduced: number;
  /** Of those, decided by probing (failed literals). */
  probed: number;
}

export interface SolveOptions {
  /** Deduce forced edges before building (default true); off only to test that it changes nothing. */
  deduce?: boolean;
  /** Probing (failed literals) after the local rules (default true); off only for tests. */
  probe?: boolean;
  /** The propagator's global rules (reachability, planarity; default true); off only for tests. */
  globalRules?: boolean;
  /**
   * The global rules at every state of the depth-first search too, not only in deduction (default
   * false). A state then costs about three times as much (a pass over the grid): on Janko's Arukone
   * under the Nikoli rule that loses more than the states it saves, under notouch it wins a few.
   */
  searchGlobalRules?: boolean;
  /** Lookahead pruning in the spec (default true); off only for tests. */
  lookahead?: boolean;
  /** Tests only: see SpecInput.avoidWords. */
  avoidWords?: number;
  /** See SpecInput.everyEdgeALevel (for `edgeOfLevel`). */
  everyEdgeALevel?: boolean;
  /**
   * Build the canonical family instead (rule notouch without fill only; see SpecInput.canonical
   * and canonical.ts): a subset of the solutions that holds every canonical one.
   */
  canonical?: boolean;
  /**
   * 'depth' (the default when deduction runs, but under plain fill): depth-first, the deduction
   * propagator following every path (pathFilter.ts). 'breadth' (the default under plain fill):
   * level by level on the frontier states alone, by the compiled kernel where it applies
   * (numberlink/kernel.ts); the independent method the tests compare with (and the only one
   * without deduction).
   */
  search?: 'depth' | 'breadth';
  /**
   * With the depth-first search: first the breadth-first build on the compiled kernel (where the
   * spec has one), within this share of the time left after deduction, then, if it stops at a
   * limit with time left, the depth-first search with the rest (else the kernel's stop is thrown). Same family either way; the kernel's states cost
   * a small fraction of the search's, which saves more of them with the global rules (see
   * nikoliVerdict.ts).
   */
  compiledFirst?: number;
  /**
   * With compiledFirst: the depth-first search follows a kernel stopped at a limit only when the
   * kernel had built at least this share of its levels (default 0: always). Where it stopped early
   * the rest of its levels would have been wide too, and the search, which nothing can judge by its
   * levels, would run on to the limits.
   */
  depthFirstFrom?: number;
  /**
   * The sweep chosen (see chooseSweep) with its lines taken from the other end: the second
   * thread's build in a race (nikoliVerdict.ts), which often needs far fewer states than the
   * chosen one (350_15x15: 0.70 M against 2.27 M) and sometimes far more.
   */
  oppositeSweep?: boolean;
}

export function buildNumberlinkZdd(
  inst: NumberlinkInstance,
  rule: NumberlinkRule,
  control?: RunControl,
  options?: SolveOptions,
): NumberlinkZdd {
  const m = inst.graph.edges.length >> 1;
  let fixed: Int8Array | undefined;
  let propagator: Propagator | undefined;
  let deduced = 0, probed = 0;
  // The time limit covers deduction and building together.
  const deadline = deadlineOf(control, Date.now());
  if (options?.deduce !== false) {
    const d = deduce(inst, rule, {
      probe: options?.probe !== false, globalRules: options?.globalRules, isCancelled: control?.isCancelled, deadline,
    });
    // Probing stops at the deadline with what it fixed; the build would stop at once anyway (a
    // contradiction is an answer however late).
    const stop = stopNow({ ...control, deadline }, 'during deduction');
    if (stop && (stop.stopped.limit === 'cancelled' || !d.contradiction)) throw stop;
    if (d.contradiction) {
      return {
        zdd: Zdd.empty(m), edgesOf: () => null, deduced: d.decided, probed: d.probed,
        stats: { ms: 0, nodesCreated: 0, maxLevelWidth: 0, levels: m, reducedNodes: 0, resumedFrom: 0 },
      };
    }
    // A copy: the propagator's own array changes (and is restored) while the search follows it.
    fixed = d.fixed.slice();
    propagator = d.propagator;
    deduced = d.decided;
    probed = d.probed;
  }
  // Unless the caller set it, the sweep is chosen after deduction (see chooseSweep).
  // Planning a huge grid takes a while too: the clock is read along the way.
  const planning = () => {
    const stop = stopNow({ ...control, deadline }, 'while planning the search');
    if (stop) throw stop;
  };
  const chosen = inst.sweep ?? chooseSweep(inst.rows, inst.cols, inst.cells, fixed, inst.graph.edges, planning);
  const sweep = options?.oppositeSweep ? { ...chosen, reverseLines: !chosen.reverseLines } : chosen;
  planning();
  const plan = planFrontier(inst.graph, sweepOrder(inst.rows, inst.cols, sweep), planning);
  planning();
  const spec = new NumberlinkSpec({
    cellCount: inst.rows * inst.cols,
    endpointKey: inst.endpointKey,
    labelCount: inst.labelCount,
    plan,
    rule,
    fixed,
    edgeEnds: options?.lookahead === false ? undefined : inst.graph.edges,
    avoidWords: options?.avoidWords,
    everyEdgeALevel: options?.everyEdgeALevel,
    canonical: options?.canonical && rule.notouch && !rule.fill ? sweepNeighbours(inst.rows, inst.cols, sweep) : undefined,
  });
  // Under plain fill the compiled breadth-first build (numberlink/kernel.ts) beats the depth-first
  // search with the propagator: of Janko's 270 puzzles it counted 207 within 10 s against 182,
  // the search none that it could not, and on the 182 both counted it took 21 s against 55 s.
  const search = options?.search ?? (rule.fill && !rule.notouch && spec.kernel !== undefined && kernelAvailable(spec.kernel) ? 'breadth' : 'depth');
  // A first try on the compiled kernel where asked (SolveOptions.compiledFirst).
  const compiled = propagator !== undefined && search !== 'breadth' && options?.compiledFirst !== undefined
    ? compiledWithin(spec, control, deadline, options.compiledFirst) : undefined;
  // A kernel stopped by the clock with no time left, or too early (depthFirstFrom): its stop is the one to report.
  if (compiled instanceof StopError && (Date.now() >= deadline || compiled.stopped.progress < (options?.depthFirstFrom ?? 0))) throw compiled;
  let built = compiled instanceof StopError ? undefined : compiled;
  if (built === undefined && propagator !== undefined && search !== 'breadth') {
    // The global rules cost a pass over the grid per state: they pay in deduction and probing,
    // and in the search only where asked (see SolveOptions.searchGlobalRules).
    propagator.globalOn = options?.searchGlobalRules === true;
    const filter = new PropagatingFilter(spec, propagator, plan.order);
    try {
      // Under fill (Ahle's 50x50 set) the search with the propagator finishes where its memo
      // alone outgrows the budget: the memo is emptied instead (DepthFirstOptions.forgetMemo).
      built = buildZddDepthFirst(spec, filter, { ...control, deadline }, { forgetMemo: rule.fill });
    } finally {
      filter.detach();
    }
  } else if (built === undefined) {
    built = buildZdd(spec, { ...control, deadline });
  }
  const { zdd, stats } = built;
  return {
    zdd, edgesOf: (levels) => spec.decode(levels), stats, deduced, probed,
    edgeOfLevel: (level) => plan.order[spec.stepOfLevel[level]],
    fixedOn: () => {
      const on: number[] = [];
      if (fixed) for (let e = 0; e < fixed.length; e++) if (fixed[e] === 1) on.push(e);
      return on;
    },
  };
}

/**
 * The spec's family built breadth-first on its compiled kernel within `share` of the time left;
 * undefined when it has none, the stop when the build stops at a limit (a cancellation is thrown).
 */
function compiledWithin(spec: NumberlinkSpec, control: RunControl | undefined, deadline: number, share: number): BuildResult | StopError | undefined {
  if (share <= 0 || spec.kernel === undefined || !kernelAvailable(spec.kernel)) return undefined;
  const now = Date.now();
  try {
    return buildZdd(spec, { ...control, deadline: deadline === Infinity ? Infinity : now + share * (deadline - now) });
  } catch (e) {
    if (!(e instanceof StopError) || e.stopped.limit === 'cancelled') throw e;
    return e;
  }
}
