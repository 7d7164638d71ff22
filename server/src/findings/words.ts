/** Words the findings share. */
import type { Puzzle } from '../model/puzzle';
import { genreOfPuzzle } from '../genres/index';
export { cellName } from '../genres/directions';

/** "3 solutions", or "a unique solution" for one. */
export function solutionsPhrase(count: string): string {
  return count === '1' ? 'a unique solution' : `${count} solutions`;
}

/** "hint 3", "endpoint A", "empty cell" ("hint" when the puzzle is not known). */
export function cellLabel(p: Puzzle | null, row: number, col: number): string {
  return p ? genreOfPuzzle(p).cellLabel(p, row, col) : 'hint';
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
