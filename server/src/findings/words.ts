/** Words the findings share. */
import type { Puzzle } from '../model/puzzle';
import type { CellRef } from '../analysis/result';
import { cellName } from '../genres/directions';
import { genreOfPuzzle } from '../genres/index';
export { cellName } from '../genres/directions';

/** "3 solutions", or "a unique solution" for one. */
export function solutionsPhrase(count: string): string {
  return count === '1' ? 'a unique solution' : `${count} solutions`;
}

/** "hint 3", "endpoint A", "empty cell" ("hint" when the puzzle is not known). On a tiling `face` names the face. */
export function cellLabel(p: Puzzle | null, row: number, col: number, face?: number): string {
  return p ? genreOfPuzzle(p).cellLabel(p, face === undefined ? { row, col } : { row, col, face }) : 'hint';
}

/** Where a cell is, for people: "(2, 3)"; a tiling's face: "face 12 (line 2, place 3)". */
export function placeName(cell: CellRef): string {
  return cell.face === undefined ? cellName(cell.row, cell.col) : `face ${cell.face} (line ${cell.row + 1}, place ${cell.col + 1})`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
