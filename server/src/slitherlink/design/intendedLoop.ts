/**
 * What a `.slk` file's solution block (the designer's intended loop) says about the file's own
 * hints and about a solution: pure facts from the parsed puzzle, cheap enough for every keystroke.
 */
import { Grid } from '../../model/grid';
import type { SlitherlinkPuzzle } from '../puzzle';
import { hintsOfEdges, insideOfEdges, loopEdgesOf, loopProblem } from '../../model/loop';
import { loopDefects, type LoopDefect } from './loopDefects';

export interface Disagreement {
  row: number;
  col: number;
  /** The hint in the grid. */
  hint: number;
  /** Sides of the cell that the intended loop uses. */
  loop: number;
}

export interface IntendedLoop {
  /** Per grid edge: 1 when the intended loop uses it. */
  on: Uint8Array;
  /** Per cell: the hint the intended loop gives it. */
  loopHints: Int8Array;
  /** Why the marks are not one simple loop, or null when they are. */
  problem: string | null;
  /** Where the marks are not one simple loop, cell by cell (empty when they are one). */
  defects: LoopDefect[];
  /** Hints of the grid that the loop does not meet (only when the marks are one loop). */
  disagreements: Disagreement[];
}

/** Null when the puzzle has no (valid) solution block. */
export function intendedLoop(p: SlitherlinkPuzzle): IntendedLoop | null {
  if (!p.solution) return null;
  const grid = new Grid(p.rows, p.cols);
  const on = loopEdgesOf(grid, p.solution);
  const problem = loopProblem(grid, on);
  const defects = loopDefects(p.rows, p.cols, p.solution);
  const loopHints = hintsOfEdges(grid, on);
  const disagreements: Disagreement[] = [];
  // Against marks that are no loop, "the sides the loop uses" means little: fix the marks first.
  if (!problem) {
    for (let i = 0; i < p.hints.length; i++) {
      if (p.hints[i] >= 0 && p.hints[i] !== loopHints[i]) {
        disagreements.push({ row: Math.floor(i / p.cols), col: i % p.cols, hint: p.hints[i], loop: loopHints[i] });
      }
    }
  }
  return { on, loopHints, problem, defects, disagreements };
}

/** Cells (reading order) where a loop given by its edges' vertex pairs differs from `on` on some side. */
export function cellsWhereLoopsDiffer(p: { rows: number; cols: number }, on: ArrayLike<number>, edges: [number, number, number, number][]): { row: number; col: number }[] {
  const grid = new Grid(p.rows, p.cols);
  const other = new Uint8Array(grid.edgeCount);
  for (const [r1, c1, r2, c2] of edges) other[grid.edgeBetween(r1, c1, r2, c2)] = 1;
  const out: { row: number; col: number }[] = [];
  for (let r = 0; r < p.rows; r++)
    for (let c = 0; c < p.cols; c++)
      if (grid.cellEdges(r, c).some((e) => (on[e] ? 1 : 0) !== other[e])) out.push({ row: r, col: c });
  return out;
}

/** The inside cells of a loop given by its edges' vertex pairs (a solution), for a solution block. */
export function insideOfLoop(rows: number, cols: number, edges: [number, number, number, number][]): Uint8Array {
  const grid = new Grid(rows, cols);
  const on = new Uint8Array(grid.edgeCount);
  for (const [r1, c1, r2, c2] of edges) on[grid.edgeBetween(r1, c1, r2, c2)] = 1;
  return insideOfEdges(grid, on);
}
