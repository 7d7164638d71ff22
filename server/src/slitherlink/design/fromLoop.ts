/**
 * "Puzzle from a loop" (Slitherlink), Shirai's removal method: fill every allowed cell with the
 * hint the loop gives it, then try to remove the hints one by one in a seeded random order,
 * keeping the loop the unique solution, until no hint can go (the puzzle is minimal).
 *
 * One pass suffices: once P - h has several solutions, so has every smaller puzzle without h
 * (fewer hints, at least the same loops), so a hint that had to stay never becomes removable.
 * The same method on square grids and tilings (board.ts says how each decides a hint).
 */
import { StopError, resolveLimits, type RunControl, type Stopped } from '../../zdd/control';
import { seededRandom, shuffle } from '../../util/random';
import { squareBoard, type LoopBoard } from './board';

export interface FromLoopOptions {
  seed?: number;
  /** Per cell: 1 when the cell may carry a hint (default: every cell). */
  mask?: ArrayLike<number>;
  /** Per cell: 1 to try removing this hint only after all others (so it is more likely kept). */
  preferKeep?: ArrayLike<number>;
  /**
   * ZDD node budget of one uniqueness check; a check that needs more keeps its hint (the
   * result is then unique but not proven minimal). Default: the control's node limit.
   */
  perCheckNodes?: number;
  /** Stop removing once the hints number at most this fraction of the cells (0..1). */
  density?: number;
  control?: RunControl;
}

export interface FromLoopResult {
  rows: number;
  cols: number;
  /** The puzzle: per cell (a tiling's: per face) a hint or -1. */
  hints: Int8Array;
  /**
   * True only when a check proved the loop the only solution of `hints` (the first check, every
   * allowed hint in; each removal keeps that proof). False when even every hint leaves another
   * loop (`notUnique`) or a limit stopped that first check (`stopped`): read it with fromLoopVerdict.
   */
  unique: boolean;
  /** True when every remaining hint was tested and is needed (never without `unique`). */
  minimal: boolean;
  /** Set when the filled puzzle (every allowed hint) does not make the loop unique. */
  notUnique?: boolean;
  checks: number;
  stopped?: Stopped;
  ms: number;
}

/** Throws an Error with a clear message when `inside` is not one simple loop. */
export function puzzleFromLoop(rows: number, cols: number, inside: ArrayLike<number>, options: FromLoopOptions = {}): FromLoopResult {
  return puzzleFromLoopOn(squareBoard(rows, cols), inside, options);
}

/** puzzleFromLoop on any board (a square grid or a tiling's lattice; `inside` per cell or face). */
export function puzzleFromLoopOn(board: LoopBoard, inside: ArrayLike<number>, options: FromLoopOptions = {}): FromLoopResult {
  const t0 = performance.now();
  const on = board.loopEdges(inside);
  const bad = board.loopProblem(on);
  if (bad) throw new Error(bad);
  const full = board.loopHints(on);
  const hints = new Int8Array(board.cellCount).fill(-1);
  for (let i = 0; i < hints.length; i++) if (!options.mask || options.mask[i]) hints[i] = full[i];
  const limits = resolveLimits(options.control);
  const deadline = Date.now() + limits.timeMs;
  const sub = (): RunControl => ({
    isCancelled: options.control?.isCancelled, deadline,
    limits: { maxNodes: limits.maxNodes, timeMs: Math.max(1, deadline - Date.now()) },
  });
  const perCheck = (): RunControl => {
    const c = sub();
    return options.perCheckNodes ? { ...c, limits: { ...c.limits, maxNodes: Math.min(options.perCheckNodes, limits.maxNodes) } } : c;
  };
  let checks = 0;
  const done = (extra: Partial<FromLoopResult>): FromLoopResult => ({
    rows: board.rows, cols: board.cols, hints, unique: true, minimal: false, checks, ms: performance.now() - t0, ...extra,
  });
  try {
    checks++;
    if (board.otherLoop(hints, on, sub())) return done({ unique: false, notUnique: true });
  } catch (e) {
    // Nothing proved the loop unique: say so, never "unique" (the hints are every allowed one).
    if (e instanceof StopError) return done({ unique: false, stopped: e.stopped });
    throw e;
  }
  const rand = seededRandom(options.seed ?? 1);
  const order: number[] = [];
  for (let i = 0; i < hints.length; i++) if (hints[i] >= 0) order.push(i);
  shuffle(order, rand);
  if (options.preferKeep) {
    const pk = options.preferKeep;
    order.sort((a, b) => (pk[a] ? 1 : 0) - (pk[b] ? 1 : 0)); // stable: keeps the shuffled order within each group
  }
  let count = order.length;
  const target = options.density !== undefined ? Math.floor(options.density * board.cellCount) : -1;
  let minimal = true;
  // Hints a one-cell flip of the loop proves necessary (another loop breaking only them); they
  // stay necessary as other hints go, so the flags only ever grow.
  let needed = board.flipNecessary(hints, on);
  let tried = 0;
  for (const cell of order) {
    options.control?.onProgress?.({ done: tried++, total: order.length, nodes: 0, phase: 'removing hints' });
    if (needed[cell]) continue;
    if (count <= target) { minimal = false; break; }
    if (options.control?.isCancelled?.() || Date.now() > deadline) {
      return done({ stopped: stopped(options.control?.isCancelled?.() ? 'cancelled' : 'time', checks, limits.timeMs) });
    }
    checks++;
    try {
      if (!board.needed(hints, cell, on, perCheck())) {
        hints[cell] = -1;
        count--;
        needed = board.flipNecessary(hints, on);
        continue;
      }
    } catch (e) {
      if (!(e instanceof StopError)) throw e;
      if (e.stopped.limit !== 'nodes') return done({ stopped: e.stopped });
      minimal = false; // undecided within the node limit: keep the hint (never a wrong "unique")
    }
  }
  return done({ minimal });
}

/** What a result from the loop proves; the CLI, the worker and the language server all read it here. */
export interface FromLoopVerdict {
  /**
   * 'unique': a check proved the loop the only solution of the hints; 'not-unique': even every
   * allowed hint leaves another loop; 'unproved': a limit stopped the first check, so nothing is
   * known of the hints (they are every allowed one) and they must not be offered as a puzzle.
   */
  status: 'unique' | 'not-unique' | 'unproved';
  /**
   * One line: "26 hints, minimal", "26 hints, unique, not proved minimal; <why it stopped>",
   * "even with every hint the loop is not the only solution", "the loop was not proved unique: the check with every hint in stopped after ...".
   * `detail` (e.g. "40 checks, 900 ms") goes in parentheses after the first part.
   */
  summary: string;
}

/** The parts of a FromLoopResult (or a generated Slitherlink) the verdict reads. */
export type FromLoopOutcome = Pick<FromLoopResult, 'hints' | 'unique' | 'minimal' | 'notUnique' | 'checks' | 'stopped'>;

export function fromLoopVerdict(r: FromLoopOutcome, options: { onlyHinted?: boolean; detail?: string } = {}): FromLoopVerdict {
  const detail = options.detail ? ` (${options.detail})` : '';
  const every = `every ${options.onlyHinted ? 'allowed ' : ''}hint`;
  if (r.notUnique) return { status: 'not-unique', summary: `even with ${every} the loop is not the only solution${detail}` };
  if (!r.unique) {
    // The engine's "undecided: stopped after ..." reads as "the check ... stopped after ...".
    const why = r.stopped ? r.stopped.message.replace(/^(undecided|unknown):\s*/, '') : 'was not decided';
    return { status: 'unproved', summary: `the loop was not proved unique${detail}: the check with ${every} in ${why}` };
  }
  const n = r.hints.reduce((k, h) => k + (h >= 0 ? 1 : 0), 0);
  const stop = r.stopped ? `; ${r.stopped.message}` : '';
  return { status: 'unique', summary: `${n} hints, ${r.minimal ? 'minimal' : 'unique, not proved minimal'}${detail}${stop}` };
}

function stopped(limit: 'cancelled' | 'time', checks: number, timeMs: number): Stopped {
  const message = limit === 'time'
    ? `hint removal stopped by the time limit (${timeMs} ms) after ${checks} checks`
    : `hint removal cancelled after ${checks} checks`;
  return { limit, message, nodes: 0, progress: 0 };
}
