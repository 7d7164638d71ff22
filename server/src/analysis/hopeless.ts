/**
 * A count that cannot finish, seen early. Once two solutions have proved `multiple`, the exact
 * count is extra; on a draft it usually cannot finish (a 20x20 Slitherlink with 15 hints passes the
 * 20 million nodes of the default limit at level 60 of 813, after 17 s and 800 MB). The breadth-first
 * build reports its levels; from the nodes per level of its last stretch, the rest of the build
 * would need about that many per level to come. When that projection passes the node limit, or the
 * time it would take passes the time left, both by a wide margin (HOPELESS_MARGIN: the widths of a
 * frontier-based build grow towards the middle of the sweep and shrink only near its end), the count
 * stops there and says why, in the words of a build's own stop (the limit named).
 */
import { DEFAULT_LIMITS, StopError, type Progress, type RunControl, type Stopped } from '../zdd/control';

/** How far past a limit the projection must go before the count stops. */
const HOPELESS_MARGIN = 4;

/** Levels a stretch must span (at least, and as a share of all) before its nodes per level are trusted. */
const MIN_STRETCH_LEVELS = 4;
const MIN_STRETCH_SHARE = 0.01;

/** Where a build is: a level reached, the nodes and the time then. */
interface Mark {
  done: number;
  nodes: number;
  at: number;
}

/**
 * Watches one count's progress and decides when it is hopeless. `control` gets a progress hook and
 * a cancellation that fires then; `stopped` says why (null while not given up).
 */
export class HopelessCount {
  /** Where the current stretch of levels began. */
  private anchor: Mark | undefined;
  private total = 0;
  private why: Stopped | null = null;
  private readonly began = Date.now();

  constructor(private readonly maxNodes: number, private readonly deadline: number) {}

  get stopped(): Stopped | null {
    return this.why;
  }

  /** The caller's control, watched: its own progress hook and cancellation still run. */
  watch<C extends RunControl>(control: C): C {
    return {
      ...control,
      onProgress: (p: Progress) => {
        this.see(p);
        control.onProgress?.(p);
      },
      isCancelled: () => this.why !== null || control.isCancelled?.() === true,
    };
  }

  /** Takes a progress report of the breadth-first build (other phases are not level-wise). */
  see(p: Progress, now = Date.now()): void {
    if (this.why !== null || p.phase !== 'build' || p.total <= 0) return;
    const mark = { done: p.done, nodes: p.nodes, at: now };
    const from = this.anchor;
    // A new build (another route of the count): start over.
    if (from === undefined || p.total !== this.total || p.done < from.done || p.nodes < from.nodes) {
      this.total = p.total;
      this.anchor = mark;
      return;
    }
    // A stretch of several levels, so that one odd level does not decide.
    if (p.done - from.done < Math.max(MIN_STRETCH_LEVELS, MIN_STRETCH_SHARE * p.total)) return;
    this.anchor = mark;
    const perLevel = (p.nodes - from.nodes) / (p.done - from.done);
    const msPerLevel = (now - from.at) / (p.done - from.done);
    const rest = p.total - p.done;
    const nodes = p.nodes + perLevel * rest;
    const ms = now - this.began + msPerLevel * rest;
    const allowedMs = this.deadline - this.began;
    const where = `after ${p.nodes} nodes at level ${p.done} of ${p.total}`;
    if (nodes > HOPELESS_MARGIN * this.maxNodes) {
      this.why = {
        limit: 'nodes',
        message: `undecided: stopped ${where}: at ${Math.round(perLevel)} nodes per level it would need about ${roundLarge(nodes)} (node limit ${this.maxNodes})`,
        nodes: p.nodes,
        progress: p.done / p.total,
      };
    } else if (ms > HOPELESS_MARGIN * allowedMs) {
      this.why = {
        limit: 'time',
        message: `undecided: stopped ${where}: at ${msPerLevel.toFixed(1)} ms per level it would take about ${roundLarge(ms / 1000)} s (${Math.round(allowedMs / 1000)} s left)`,
        nodes: p.nodes,
        progress: p.done / p.total,
      };
    }
  }

  /** The count's outcome, or why it stopped: a stop this watch caused is reported as its own. */
  run<T>(count: () => T, userCancelled: () => boolean): T {
    try {
      return count();
    } catch (e) {
      if (e instanceof StopError && this.why !== null && !userCancelled()) throw new StopError(this.why);
      throw e;
    }
  }
}

/** A large number to two significant digits. */
function roundLarge(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const digits = Math.max(0, Math.floor(Math.log10(Math.max(1, x))) - 1);
  const p = 10 ** digits;
  return String(Math.round(x / p) * p);
}

/**
 * `count` under the watch: its outcome, or a StopError saying why it stopped (the watch's
 * projection, a limit, or the caller's cancellation, which stays the caller's).
 */
export function countUnlessHopeless<C extends RunControl & { deadline: number }, T>(control: C, count: (watched: C) => T): T {
  const watch = hopelessWatch(control);
  return watch.run(() => count(watch.watch(control)), () => control.isCancelled?.() === true);
}

/** A watch for a count under `control`: its node limit (or the default) and its deadline. */
export function hopelessWatch(control: RunControl & { deadline: number }): HopelessCount {
  return new HopelessCount(control.limits?.maxNodes ?? DEFAULT_LIMITS.maxNodes, control.deadline);
}
