/**
 * What a `.slk` file's solution block (the designer's intended loop) says about the file's own
 * hints and about a solution: pure facts from the parsed puzzle, cheap enough for every keystroke.
 */
import { Grid } from '../../model/grid';
import { makeLattice, type Lattice } from '../../model/lattice';
import { latticeHintsOfEdges, latticeInsideOfEdges, latticeLoopDefects, latticeLoopEdges, latticeLoopProblem, type FaceDefect } from '../../model/latticeLoop';
import type { SlitherlinkPuzzle } from '../puzzle';
import { hintsOfEdges, insideOfEdges, loopEdgesOf, loopProblem } from '../../model/loop';
import { loopDefects, type LoopDefect } from './loopDefects';

export interface Disagreement {
  /** The cell; on a tiling the face's line and place in the grid, and `face` its number. */
  row: number;
  col: number;
  face?: number;
  /** The hint in the grid. */
  hint: number;
  /** Sides of the cell that the intended loop uses. */
  loop: number;
}

export interface IntendedLoop {
  /** Per grid edge (a tiling's: per lattice edge): 1 when the intended loop uses it. */
  on: Uint8Array;
  /** Per cell (a tiling's: per face): the hint the intended loop gives it. */
  loopHints: Int8Array;
  /** Why the marks are not one simple loop, or null when they are. */
  problem: string | null;
  /** Where the marks are not one simple loop, cell by cell (empty when they are one; on a tiling: faceDefects). */
  defects: LoopDefect[];
  /** A tiling's: where the marks are not one simple loop, face by face. */
  faceDefects?: FaceDefect[];
  /** Hints of the grid that the loop does not meet (only when the marks are one loop). */
  disagreements: Disagreement[];
}

/** Null when the puzzle has no (valid) solution block. */
export function intendedLoop(p: SlitherlinkPuzzle): IntendedLoop | null {
  if (!p.solution) return null;
  if (p.tiling) return intendedFaceLoop(p, makeLattice(p.tiling), p.solution);
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

/** The intended loop of a tiling's block: the boundary of its inside faces. */
function intendedFaceLoop(p: SlitherlinkPuzzle, l: Lattice, inside: Uint8Array): IntendedLoop {
  const on = latticeLoopEdges(l, inside);
  const problem = latticeLoopProblem(l, on);
  const loopHints = latticeHintsOfEdges(l, on);
  const disagreements: Disagreement[] = [];
  if (!problem) {
    for (let f = 0; f < p.hints.length; f++) {
      if (p.hints[f]! >= 0 && p.hints[f] !== loopHints[f]) {
        const row = l.rowOf[f]!;
        disagreements.push({ row, col: f - l.rowOff[row]!, face: f, hint: p.hints[f]!, loop: loopHints[f]! });
      }
    }
  }
  return { on, loopHints, problem, defects: [], faceDefects: latticeLoopDefects(l, inside), disagreements };
}

/** Faces (in order) where a tiling's loop given by edge ids differs from `on` on some side, as cells (line, place, face). */
export function facesWhereLoopsDiffer(l: Lattice, on: ArrayLike<number>, edgeIds: readonly number[]): { row: number; col: number; face: number }[] {
  const other = new Uint8Array(l.edgeCount);
  for (const e of edgeIds) if (e >= 0 && e < l.edgeCount) other[e] = 1;
  const out: { row: number; col: number; face: number }[] = [];
  for (let f = 0; f < l.faceCount; f++) {
    if (Array.from(l.edgesOf(f)).some((e) => (on[e] ? 1 : 0) !== other[e])) out.push({ row: l.rowOf[f]!, col: f - l.rowOff[l.rowOf[f]!]!, face: f });
  }
  return out;
}

/** A tiling solution's edges as lattice edge ids: its `edgeIds`, else its edges' coordinates looked up (-1: not an edge). */
export function solutionEdgeIds(l: Lattice, solution: { edges: readonly (readonly number[])[]; edgeIds?: readonly number[] }): number[] {
  if (solution.edgeIds && solution.edgeIds.length === solution.edges.length) return [...solution.edgeIds];
  return solution.edges.map(([x1, y1, x2, y2]) => l.edgeBetween(l.vertexAt(x1!, y1!), l.vertexAt(x2!, y2!)));
}

/** The inside faces of a tiling's loop given by edge ids (a solution), for a solution block. */
export function insideOfFaceLoop(l: Lattice, edgeIds: readonly number[]): Uint8Array {
  const on = new Uint8Array(l.edgeCount);
  for (const e of edgeIds) if (e >= 0 && e < l.edgeCount) on[e] = 1;
  return latticeInsideOfEdges(l, on);
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
