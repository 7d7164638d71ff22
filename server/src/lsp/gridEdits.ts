/**
 * The preview's *Edit hints*: one cell's text set, touching only that cell's characters (comments,
 * spacing, line ends and a solution block stay exactly as they were). What a cell may hold is its
 * genre's to say (Genre.cellText).
 */
import { TextEdit } from 'vscode-languageserver';
import { genreOfPuzzle } from '../genres/index';
import type { Puzzle } from '../model/puzzle';
import { toLspRange } from './diagnostics';

/**
 * The edit that sets cell (row, col) of a parsed grid to `value` (`.` or '' clears), or why it
 * cannot be done (outside the grid, a value the genre or the file's layout cannot take).
 */
export function cellTextEdit(p: Puzzle, row: unknown, col: unknown, value: string): TextEdit | { error: string } {
  if (!Number.isInteger(row) || !Number.isInteger(col)) return { error: 'row and col must be whole numbers' };
  const r = row as number, c = col as number;
  if (r < 0 || c < 0 || r >= p.rows || c >= p.cols || p.tiling) {
    return { error: `cell (${r + 1}, ${c + 1}) is not in this ${p.cols}x${p.rows} grid` };
  }
  const range = p.cellRanges[r * p.cols + c];
  if (!range) return { error: `cell (${r + 1}, ${c + 1}) has no place in the text` };
  const text = genreOfPuzzle(p).cellText(p, value === '' || value === '-' ? '.' : value);
  if (typeof text !== 'string') return text;
  return TextEdit.replace(toLspRange(range), text);
}
