/** Shared time/cancellation bookkeeping for analyses that run many solver checks in a row. */
import type { Limits, RunControl, Stopped } from '../zdd/control';
import { deadlineOf, resolveLimits } from '../zdd/control';

export class Budget {
  private readonly t0 = performance.now();
  private readonly limits: Limits;
  /** Date.now() time to stop by: limits.timeMs from now, or the caller's earlier deadline (a step of a larger check). */
  private readonly end: number;
  /** The caller's deadline is the earlier one. */
  private readonly shared: boolean;
  constructor(private readonly control: RunControl | undefined, private readonly perCheck?: Partial<Limits>) {
    this.limits = resolveLimits(control);
    const now = Date.now();
    this.end = deadlineOf(control, now, this.limits.timeMs);
    this.shared = this.end < now + this.limits.timeMs;
  }

  elapsed(): number {
    return performance.now() - this.t0;
  }

  /** Why to stop now, or null to go on. */
  stopped(done: number, total: number, what: string): Stopped | null {
    if (this.control?.isCancelled?.()) {
      return { limit: 'cancelled', message: `${what}: cancelled after ${done} of ${total} checks`, nodes: 0, progress: total ? done / total : 0 };
    }
    if (Date.now() >= this.end) {
      return {
        limit: 'time',
        // A deadline shared with a larger check may come before this budget's own timeMs: name the limit, not our share of it.
        message: this.shared
          ? `${what}: stopped by the check's time limit (${this.limits.timeMs} ms), ${done} of ${total} checks done`
          : `${what}: stopped after ${Math.round(this.elapsed())} ms (limit ${this.limits.timeMs} ms), ${done} of ${total} checks done`,
        nodes: 0,
        progress: total ? done / total : 0,
      };
    }
    return null;
  }

  /** Control for one solver check: what is left of the overall time, capped by the per-check limits. */
  checkControl(): RunControl {
    const left = Math.max(1, this.end - Date.now());
    const limits: Partial<Limits> = {
      maxNodes: this.perCheck?.maxNodes ?? this.limits.maxNodes,
      timeMs: Math.min(left, this.perCheck?.timeMs ?? left),
    };
    return { limits, isCancelled: this.control?.isCancelled };
  }
}
