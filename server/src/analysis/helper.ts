/**
 * A second thread a check may race with (the command line's second core): a genre hands it a job
 * (plain, structured-cloneable data), goes on with its own route, and takes whichever answer comes
 * first. The thread itself is the caller's (worker/helperThread.ts); the core only sees this.
 */
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
