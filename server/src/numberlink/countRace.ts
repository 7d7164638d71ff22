/**
 * The count under every rule but Nikoli's (which nikoliVerdict.ts decides; its count alone, once
 * two solutions have proved `multiple`, is counted here too), raced on two threads:
 * here the diagram from the chosen sweep, on the second thread the same diagram from the other end
 * of the sweep (SolveOptions.oppositeSweep), started after HELPER_AFTER_MS. Which end is faster
 * is not predictable and differs by up to ten times: Ahle's 50x50 under `fill notouch`, each end
 * alone (load 1): 001 15 s / 155 s, 005 11 s / 34 s, 006 80 s / 40 s, 002 115 s / 23 s.
 * The first count wins and the other side is stopped; each side has half of the byte budget.
 */
import type { NumberlinkRule } from './puzzle';
import { answerOrStop, halfBytes, HELPER_AFTER_MS, LateHelper, type HelperJob, type HelperThread } from '../analysis/helper';
import { instanceOf, raceTask, type RaceTask } from './raceTask';
import { deadlineOf, StopError, type Limits, type RunControl, type Stopped } from '../zdd/control';
import { countUnlessHopeless, hopelessWatch } from '../analysis/hopeless';
import type { NumberlinkInstance } from './instance';
import { buildNumberlinkZdd, type NumberlinkZdd } from './solve';

/** What a count gives: the number of solutions, the first two (graph edges) and, here, the diagram. */
export interface Counted {
  count: bigint;
  /** The first solution, null for none. */
  first: number[] | null;
  /** A second one for several (when asked for). */
  second: number[] | null;
  /** The diagram, when counted on this thread. */
  solutions?: NumberlinkZdd;
}

export interface CountOptions {
  /** Give a second solution for several (default true). */
  secondSolution?: boolean;
  /** A second thread to race with. */
  helper?: HelperThread;
  /** When the second thread starts (default HELPER_AFTER_MS; tests start it at once). */
  helperAfterMs?: number;
  /**
   * Several solutions are wanted with their diagram (the ambiguity map): a count of several from
   * the second thread, whose diagram stays there, does not end the race.
   */
  wantsDiagram?: boolean;
  /**
   * Give up a count that cannot finish (analysis/hopeless.ts), each thread judging its own end of
   * the sweep: one end's progress says nothing of the other's. The count stops once both ends have
   * given up; the stop is this thread's.
   */
  hopeless?: boolean;
  /** Build the diagram breadth-first (level by level, as a watch reads it), whatever the rule's default. */
  breadthFirst?: boolean;
  /**
   * With the rule's depth-first search: breadth-first on the compiled kernel first, within this
   * share of the time (SolveOptions.compiledFirst). A watch judges that build by its levels; the
   * depth-first search, which it cannot judge, runs only after a kernel stopped at a limit late
   * enough (depthFirstFrom).
   */
  compiledFirst?: number;
  /** With compiledFirst: SolveOptions.depthFirstFrom. */
  depthFirstFrom?: number;
}

/** The count of `inst` under `rule` (throws StopError at a limit). */
export function countSolutions(inst: NumberlinkInstance, rule: NumberlinkRule, control: RunControl | undefined, options?: CountOptions): Counted {
  if (options?.helper === undefined) return countHere(inst, rule, control, options?.secondSolution !== false, options ?? {});
  return raceCount(inst, rule, control, options.helper, options);
}

/** How a count builds its diagram (CountOptions), and from which end of the sweep. */
type CountHow = Pick<CountOptions, 'breadthFirst' | 'compiledFirst' | 'depthFirstFrom'> & { oppositeSweep?: boolean };

function countHere(inst: NumberlinkInstance, rule: NumberlinkRule, control: RunControl | undefined, secondSolution: boolean, how: CountHow): Counted {
  const nz = buildNumberlinkZdd(inst, rule, control, {
    oppositeSweep: how.oppositeSweep, compiledFirst: how.compiledFirst, depthFirstFrom: how.depthFirstFrom, ...(how.breadthFirst ? { search: 'breadth' } : {}),
  });
  const count = nz.zdd.count();
  if (count === 0n) return { count, first: null, second: null };
  const first = nz.edgesOf(nz.zdd.first());
  if (first === null) throw new Error('numberlink: a ZDD set does not decode into edges');
  const second = count >= 2n && secondSolution ? nz.edgesOf(nz.zdd.kth(1n)) : null;
  return { count, first, second, solutions: nz };
}

/** The second thread's task (plain data: it crosses threads). */
export interface CountHelperTask extends RaceTask {
  job: 'count';
  rule: NumberlinkRule;
  /** CountOptions.hopeless: the thread gives up its own end when it cannot finish. */
  hopeless?: boolean;
  /** CountOptions.breadthFirst. */
  breadthFirst?: boolean;
  /** CountOptions.compiledFirst and depthFirstFrom. */
  compiledFirst?: number;
  depthFirstFrom?: number;
}

/** The second thread's answer: a count (without the diagram, which stays there), a stop, or a failure. */
export type CountHelperAnswer = { counted: Counted } | { stopped: Stopped } | { error: string };

/** The second thread's job: the count of `inst` under `rule` from the other end of the sweep. */
export function countJob(
  inst: NumberlinkInstance, rule: NumberlinkRule, deadline: number, limits: Partial<Limits> | undefined, secondSolution: boolean,
  how?: Pick<CountOptions, 'hopeless' | 'breadthFirst' | 'compiledFirst' | 'depthFirstFrom'>,
): HelperJob {
  const task: CountHelperTask = {
    job: 'count', rule, hopeless: how?.hopeless, breadthFirst: how?.breadthFirst, compiledFirst: how?.compiledFirst, depthFirstFrom: how?.depthFirstFrom,
    ...raceTask(inst, deadline, limits, secondSolution),
  };
  return { genre: 'numberlink', task };
}

/** The second thread's side: the count from the other end of the chosen sweep. */
export function countHelper(task: CountHelperTask): CountHelperAnswer {
  return answerOrStop(() => {
    const control = { limits: task.limits, deadline: task.deadline };
    const count = (c: RunControl) => countHere(instanceOf(task), task.rule, c, task.secondSolution, {
      oppositeSweep: true, breadthFirst: task.breadthFirst, compiledFirst: task.compiledFirst, depthFirstFrom: task.depthFirstFrom,
    });
    const { solutions: _, ...counted } = task.hopeless ? countUnlessHopeless(control, count) : count(control);
    return { counted };
  });
}

function raceCount(inst: NumberlinkInstance, rule: NumberlinkRule, control: RunControl | undefined, helper: HelperThread, options: CountOptions): Counted {
  const t0 = Date.now();
  const deadline = deadlineOf(control, t0);
  const limits = halfBytes(control?.limits);
  const secondSolution = options.secondSolution !== false;
  const hopeless = options.hopeless === true;
  const how = { hopeless, breadthFirst: options.breadthFirst, compiledFirst: options.compiledFirst, depthFirstFrom: options.depthFirstFrom };
  const other = new LateHelper(helper, t0 + (options.helperAfterMs ?? HELPER_AFTER_MS), () => countJob(inst, rule, deadline, limits, secondSolution, how));
  const wantsDiagram = options.wantsDiagram === true;
  const theirs = () => other.poll() as CountHelperAnswer | undefined;
  const cancelled = () => control?.isCancelled?.() === true;
  const mine = { ...control, limits, deadline, isCancelled: () => cancelled() || complete(theirs(), wantsDiagram) };
  const count = (c: RunControl) => countHere(inst, rule, c, secondSolution, how);
  // Watched here rather than by countUnlessHopeless: its own give-up starts the second thread early.
  const watch = hopeless ? hopelessWatch(mine) : undefined;
  try {
    return watch ? watch.run(() => count(watch.watch(mine)), cancelled) : count(mine);
  } catch (e) {
    if (!(e instanceof StopError) || cancelled()) throw e;
    // Their count, with or without the diagram wanted: this side has stopped. Given up here
    // before their time, their end is still to try.
    if (watch?.stopped) other.start();
    const last = (other.peek() ?? other.wait(control, deadline)) as CountHelperAnswer | undefined;
    if (last !== undefined && 'counted' in last) return last.counted;
    throw e;
  } finally {
    other.stop();
  }
}

/** An answer that ends the race: any count, but one of several only when its diagram is not wanted. */
function complete(a: CountHelperAnswer | undefined, wantsDiagram: boolean): boolean {
  return a !== undefined && 'counted' in a && (!wantsDiagram || a.counted.count < 2n);
}
