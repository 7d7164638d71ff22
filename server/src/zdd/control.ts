/** Resource limits and cancellation shared by every long computation. */
export interface Limits {
  /** Largest number of ZDD nodes (states) created before giving up. */
  maxNodes: number;
  /** Wall-clock budget in milliseconds. */
  timeMs: number;
  /**
   * Optional: most bytes the builder may hold at once for one build (the states waiting at their
   * levels, their hash tables and the child references of the levels done). Counted by the
   * builder itself, so it is this build's own budget whatever else the process holds.
   */
  maxBytes?: number;
}

export const DEFAULT_LIMITS: Limits = { maxNodes: 20_000_000, timeMs: 60_000 };

/**
 * The longest delay a Node timer holds (2^31 - 1 ms, about 24.8 days): a longer one fires after
 * 1 ms. Time limits and the deadlines derived from them are capped at it.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A delay a timer holds as meant: within 0..MAX_TIMER_MS (NaN: 0). */
export function timerDelay(ms: number): number {
  return ms > 0 ? Math.min(ms, MAX_TIMER_MS) : 0;
}

export type StopLimit = 'nodes' | 'time' | 'memory' | 'cancelled';

/** Why a computation stopped before its answer: the limit hit and how far it got. */
export interface Stopped {
  limit: StopLimit;
  /** e.g. "undecided: stopped after 20000000 nodes at level 312 of 840" */
  message: string;
  nodes: number;
  /** Fraction of the levels completed, 0..1. */
  progress: number;
}

export interface Progress {
  /**
   * Levels done so far and in all; for phase 'depth-first', the estimated share of the search
   * done (done of total parts).
   */
  done: number;
  total: number;
  nodes: number;
  phase: string;
}

export interface RunControl {
  limits?: Partial<Limits>;
  /**
   * Optional: a Date.now() time by which the work must stop, for callers whose time limit started
   * before the build did (work done before the build counts); the build stops at the earlier of
   * this and its own start + limits.timeMs, and names limits.timeMs in its message either way.
   */
  deadline?: number;
  /** Polled between levels (and often enough inside large ones); true means stop now. */
  isCancelled?: () => boolean;
  onProgress?: (p: Progress) => void;
}

/** Thrown inside the engine and caught at the analysis boundary; never escapes to callers. */
export class StopError extends Error {
  constructor(readonly stopped: Stopped) {
    super(stopped.message);
  }
}

export function resolveLimits(control?: RunControl): Limits {
  return { ...DEFAULT_LIMITS, ...(control?.limits ?? {}) };
}

/** When work started at `start` must stop: start + limits.timeMs, or control.deadline if earlier. */
export function deadlineOf(control: RunControl | undefined, start: number, timeMs = resolveLimits(control).timeMs): number {
  const d = start + timeMs;
  return control?.deadline !== undefined && control.deadline < d ? control.deadline : d;
}

/** Past the time limit (control.deadline) or cancelled: the StopError naming it and where the work was, else null. */
export function stopNow(control: RunControl | undefined, where: string): StopError | null {
  if (control?.isCancelled?.()) {
    return new StopError({ limit: 'cancelled', message: `undecided: cancelled ${where}`, nodes: 0, progress: 0 });
  }
  if (control?.deadline !== undefined && Date.now() > control.deadline) {
    const ms = resolveLimits(control).timeMs;
    return new StopError({ limit: 'time', message: `undecided: stopped by the time limit (${ms} ms) ${where}`, nodes: 0, progress: 0 });
  }
  return null;
}

/**
 * The caller's control with its limits resolved and the deadline of work starting now (the
 * earlier of now + limits.timeMs and the caller's own deadline): what every phase of one check
 * shares, so that they stop together and a stop names the whole limit.
 */
export function withDeadline(control: RunControl | undefined): RunControl & { limits: Limits; deadline: number } {
  const limits = resolveLimits(control);
  return { ...control, limits, deadline: deadlineOf(control, Date.now(), limits.timeMs) };
}
