/** Words the findings share. */
import type { Puzzle } from '../model/puzzle';
import type { CellRef } from '../analysis/result';
import type { FindingsGenre } from './finding';

/** "3 solutions", or "a unique solution" for one. */
export function solutionsPhrase(count: string): string {
  return count === '1' ? 'a unique solution' : `${count} solutions`;
}

/** "hint 3", "endpoint A", "empty cell" ("hint" when the puzzle is not known). On a tiling `face` names the face. */
export function cellLabel(genre: FindingsGenre, p: Puzzle | null, row: number, col: number, face?: number): string {
  return p ? genre.cellLabel(p, face === undefined ? { row, col } : { row, col, face }) : 'hint';
}

/** Where a cell is, for people: "(2, 3)"; a tiling's face: "face 12 (line 2, place 3)". */
export function placeName(cell: CellRef): string {
  return cell.face === undefined ? cellName(cell.row, cell.col) : `face ${cell.face} (line ${cell.row + 1}, place ${cell.col + 1})`;
}

/** The cell a suggestion names: its row and column, and on a tiling its face. */
export function cellOf(x: { row: number; col: number; face?: number }): CellRef {
  return x.face === undefined ? { row: x.row, col: x.col } : { row: x.row, col: x.col, face: x.face };
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Compass names of steps between orthogonally adjacent cells, for messages. */
const DIRS: Record<string, string> = { '-1,0': 'north', '1,0': 'south', '0,-1': 'west', '0,1': 'east' };

/** 'north', 'south', 'west' or 'east': where `to` lies seen from `from` ('?' when not adjacent). */
export function direction(from: [number, number], to: [number, number]): string {
  return DIRS[`${to[0] - from[0]},${to[1] - from[1]}`] ?? '?';
}

/** 1-based, as people count: "(1, 2)". */
export function cellName(row: number, col: number): string {
  return `(${row + 1}, ${col + 1})`;
}
