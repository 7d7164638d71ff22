/** Resource limits and cancellation shared by every long computation. */
export interface Limits {
  /** Largest number of ZDD nodes (states) created before giving up. */
  maxNodes: number;
  /** Wall-clock budget in milliseconds. */
  timeMs: number;
}

export const DEFAULT_LIMITS: Limits = { maxNodes: 20_000_000, timeMs: 60_000 };

export type StopLimit = 'nodes' | 'time' | 'cancelled';

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
  /** Levels done so far and in all. */
  done: number;
  total: number;
  nodes: number;
  phase: string;
}

export interface RunControl {
  limits?: Partial<Limits>;
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
