/**
 * Slitherlink puzzles of a given difficulty grade (slitherlink/grade.ts), the way Loopy makes
 * them: a random loop with every hint, hints removed in random order while deduction at the grade's
 * level still fixes every edge, then kept only if the level below cannot (else another loop).
 * Deduction is sound, so a puzzle it solves has exactly the loop it was made from: no count needed.
 */
import { Grid } from '../../model/grid';
import { hintsOfEdges, loopEdgesOf } from '../../model/loop';
import { deduce } from '../deduce';
import { LEVEL_OPTIONS, LEVELS, type Grade } from '../grade';
import { seededRandom } from '../../util/random';
import { writeSlitherlink, writeSolutionBlock } from '../exchange/write';
import { randomInside } from './randomLoop';

export type Level = Exclude<Grade, 'needs search'>;

export interface GradedSlitherlink {
  rows: number;
  cols: number;
  /** Null when no loop tried gave a puzzle that deduction finishes (very rare). */
  puzzle: {
    hints: Int8Array;
    inside: Uint8Array;
    /** The puzzle's grade: the one asked for, or lower when no loop tried gave that one. */
    grade: Level;
  } | null;
  /** Loops tried. */
  tries: number;
  /** Why it stopped before a puzzle of the grade asked for (the time limit, cancellation). */
  stopped?: string;
  ms: number;
}

/** Whether deduction at `level` fixes every edge. */
function solvesAt(rows: number, cols: number, hints: Int8Array, level: Level): boolean {
  const d = deduce({ rows, cols, hints }, LEVEL_OPTIONS[level]);
  return !d.contradiction && d.fixed === d.edges.length;
}

export function generateGradedSlitherlink(
  rows: number, cols: number, grade: Level,
  options: { seed?: number; maxTries?: number; deadline?: number; isCancelled?: () => boolean } = {},
): GradedSlitherlink {
  const t0 = performance.now();
  const rand = seededRandom(options.seed ?? 1);
  const grid = new Grid(rows, cols);
  const level = LEVELS.indexOf(grade);
  const maxTries = options.maxTries ?? 200;
  let best: GradedSlitherlink['puzzle'] = null;
  let stopped: string | undefined;
  let tries = 0;
  while (tries < maxTries) {
    if (options.isCancelled?.()) { stopped = 'cancelled'; break; }
    if (options.deadline !== undefined && Date.now() > options.deadline) { stopped = 'stopped by the time limit'; break; }
    tries++;
    const inside = randomInside(rows, cols, rand, 0.55);
    const hints = hintsOfEdges(grid, loopEdgesOf(grid, inside));
    const order = Array.from({ length: rows * cols }, (_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const x of order) {
      // Past the deadline the hints left still solve at the level: a puzzle, only not minimal.
      if (options.deadline !== undefined && Date.now() > options.deadline) { stopped = 'stopped by the time limit'; break; }
      const h = hints[x]!;
      hints[x] = -1;
      if (!solvesAt(rows, cols, hints, grade)) hints[x] = h;
    }
    // Every hint given, the level may still not finish (a loop too wild for it): another loop.
    if (!solvesAt(rows, cols, hints, grade)) continue;
    let got = level;
    while (got > 0 && solvesAt(rows, cols, hints, LEVELS[got - 1]!)) got--;
    if (!best || got > LEVELS.indexOf(best.grade)) best = { hints, inside, grade: LEVELS[got]! };
    if (got === level || stopped) break;
  }
  if (!best) return { rows, cols, puzzle: null, tries, ...(stopped ? { stopped } : {}), ms: performance.now() - t0 };
  return { rows, cols, puzzle: best, tries, ...(stopped ? { stopped } : {}), ms: performance.now() - t0 };
}

/** `linkpuzzle generate slitherlink WxH --grade LEVEL`'s file: the `# generator:` line that makes it again, the grid. */
export function gradedText(
  rows: number, cols: number, grade: Level, seed: number, solution: boolean,
  options: { deadline?: number; isCancelled?: () => boolean } = {},
): { text: string | null; result: GradedSlitherlink } {
  const result = generateGradedSlitherlink(rows, cols, grade, { seed, ...options });
  const p = result.puzzle;
  if (!p) return { text: null, result };
  const generator = `linkpuzzle generate slitherlink ${cols}x${rows} --seed ${seed} --grade ${grade}`;
  let text = writeSlitherlink({ rows, cols, hints: p.hints }, { generator });
  if (solution) text += writeSolutionBlock(rows, cols, p.inside);
  return { text, result };
}
