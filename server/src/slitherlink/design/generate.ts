/**
 * The Slitherlink generator: a random loop (randomLoop.ts), every hint filled in, then Shirai's
 * removal down to a minimal unique puzzle (or to a target hint density). Each uniqueness check has
 * a node budget; a check that needs more keeps its hint, so the result is always unique, and
 * `minimal` says whether every remaining hint was proved necessary.
 */
import type { RunControl, Stopped } from '../../zdd/control';
import { puzzleFromLoop } from './fromLoop';
import { randomInside } from './randomLoop';
import { seededRandom } from '../../util/random';

export interface GenerateSlitherlinkOptions {
  seed?: number;
  /** Stop removing hints at this fraction of the cells (default: remove down to minimal). */
  density?: number;
  /** Fraction of the cells inside the loop (default 0.55). */
  fill?: number;
  /** Node budget of each uniqueness check (default 60,000). */
  perCheckNodes?: number;
  control?: RunControl;
}

export interface GeneratedSlitherlink {
  rows: number;
  cols: number;
  hints: Int8Array;
  /** The intended loop's inside cells. */
  inside: Uint8Array;
  /** A check proved the loop the only solution (see FromLoopResult.unique; read with fromLoopVerdict). */
  unique: boolean;
  minimal: boolean;
  /** Even every hint of the loop leaves another solution (the hints are not a puzzle). */
  notUnique?: boolean;
  checks: number;
  stopped?: Stopped;
  ms: number;
}

export function generateSlitherlink(rows: number, cols: number, options: GenerateSlitherlinkOptions = {}): GeneratedSlitherlink {
  const t0 = performance.now();
  const seed = options.seed ?? 1;
  const rand = seededRandom(seed);
  const inside = randomInside(rows, cols, rand, options.fill ?? 0.55);
  const r = puzzleFromLoop(rows, cols, inside, {
    seed: Math.floor(rand() * 2 ** 31), density: options.density, control: options.control,
    perCheckNodes: options.perCheckNodes ?? 60_000,
  });
  return {
    rows, cols, hints: r.hints, inside, unique: r.unique, minimal: r.minimal, checks: r.checks,
    ...(r.notUnique ? { notUnique: true } : {}),
    ...(r.stopped ? { stopped: r.stopped } : {}), ms: performance.now() - t0,
  };
}
