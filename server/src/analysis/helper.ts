/**
 * A second thread a check may race with (the command line's second core): a genre hands it a job
 * (plain, structured-cloneable data), goes on with its own route, and takes whichever answer comes
 * first. The thread itself is the caller's (worker/helperThread.ts); the core only sees this.
 */
import { StopError, stopNow, type Limits, type RunControl, type Stopped } from '../zdd/control';

export interface HelperThread {
  /** Starts `job` at once on the other thread. */
  start(job: HelperJob): HelperRun;
}

export interface HelperJob {
  /** The genre whose helper runs the task (its `helperJob` in worker/helperJobs.ts). */
  genre: string;
  task: unknown;
}

export interface HelperRun {
  /** The job's answer once it has one (never blocks), else undefined. */
  answer(): unknown;
  /** Blocks at most `ms` for the answer. */
  waitAnswer(ms: number): unknown;
  /** Ends the job (its answer is no longer wanted). */
  stop(): void;
}

/**
 * How long a check runs alone before its second thread starts: most checks end by then (Arukone
 * median 15 ms), and a thread costs a few tens of milliseconds of CPU to start.
 */
export const HELPER_AFTER_MS = 200;

/** How often a wait for the second thread looks at the caller's cancellation. */
const WAIT_SLICE_MS = 50;

/** How long past the deadline the second thread gets to report its own stop. */
const STOP_GRACE_MS = 200;

/**
 * One side of a race with a second thread that starts late: most checks end before `startsAt`, and
 * a thread costs tens of milliseconds of CPU to start. `poll` (from the check's cancellation hook)
 * starts the job when due and gives its answer once there; `wait` blocks for it.
 */
export class LateHelper {
  private run: HelperRun | undefined;
  private answer: unknown;

  constructor(private readonly helper: HelperThread, private readonly startsAt: number, private readonly job: () => HelperJob) {}

  get started(): boolean {
    return this.run !== undefined;
  }

  /** The answer once there (never blocks); starts the job when its time has come. */
  poll(): unknown {
    if (this.run === undefined) {
      if (Date.now() >= this.startsAt) this.start();
      return undefined;
    }
    return this.peek();
  }

  /** Starts the job now if it has not started (its answer is wanted before its time). */
  start(): void {
    if (this.run === undefined) this.run = this.helper.start(this.job());
  }

  /** The answer once there (never blocks), without starting the job. */
  peek(): unknown {
    if (this.run !== undefined && this.answer === undefined) this.answer = this.run.answer();
    return this.answer;
  }

  /**
   * The answer, waited for until `deadline` and a moment past it (the thread stops at the same
   * deadline and reports its own stop); undefined when none came or the job never started. Throws
   * the caller's cancellation.
   */
  wait(control: RunControl | undefined, deadline: number): unknown {
    const run = this.run;
    if (run === undefined) return undefined;
    while (this.answer === undefined) {
      const stop = stopNow({ ...control, deadline }, 'while waiting for the second thread');
      if (stop?.stopped.limit === 'cancelled') throw stop;
      if (stop) break;
      this.answer = run.waitAnswer(Math.min(WAIT_SLICE_MS, deadline - Date.now()));
    }
    if (this.answer === undefined) this.answer = run.waitAnswer(STOP_GRACE_MS);
    return this.answer;
  }

  /** Ends the job if it started. */
  stop(): void {
    this.run?.stop();
  }
}

/** The limits of one side of a race: half of the byte budget each, so that the check keeps to it. */
export function halfBytes(limits: Partial<Limits> | undefined): Partial<Limits> | undefined {
  const maxBytes = limits?.maxBytes;
  return maxBytes === undefined ? limits : { ...limits, maxBytes: Math.floor(maxBytes / 2) };
}

/** A second thread's job run to its answer: a stop at a limit is an answer too. */
export function answerOrStop<T>(run: () => T): T | { stopped: Stopped } {
  try {
    return run();
  } catch (e) {
    if (e instanceof StopError) return { stopped: e.stopped };
    throw e;
  }
}
