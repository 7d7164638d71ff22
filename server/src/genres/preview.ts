/**
 * The preview's picture of a puzzle and its result, through the puzzle's genre (Genre.preview;
 * preview/frame.ts has what the genres share): what the language server sends the client
 * (`linkpuzzle/preview`), and what the tests draw.
 */
import type { CheckResult } from '../analysis/result';
import type { Puzzle } from '../model/puzzle';
import { MAX_CELLS, tooLarge, type PreviewOptions } from '../preview/frame';
import { genreOfPuzzle } from './index';

export type { PreviewOptions };

export function renderSvg(puzzle: Puzzle, result?: CheckResult | null, options: PreviewOptions = {}): string {
  // A result is drawn only on the grid it is about (the text may have changed its size since).
  const usable = result && result.kind === puzzle.kind && result.rows === puzzle.rows && result.cols === puzzle.cols ? result : null;
  // A tiling is drawn from its lattice's picture, however large its rows and cols.
  if (!puzzle.tiling && (puzzle.rows * puzzle.cols > MAX_CELLS || puzzle.rows === 0 || puzzle.cols === 0)) return tooLarge(puzzle, usable);
  return genreOfPuzzle(puzzle).preview(puzzle, usable, options);
}
