/**
 * The preview's *Edit hints*: one cell's text set, touching only that cell's characters (comments,
 * spacing, line ends and a solution block stay exactly as they were). What a cell may hold is its
 * genre's to say (Genre.cellText).
 */
import { TextEdit } from 'vscode-languageserver';
import { genreOfPuzzle } from '../genres/index';
import type { Puzzle } from '../model/puzzle';
import { makeLattice, type TilingRef } from '../model/lattice';
import { toLspRange } from './diagnostics';

/**
 * The edit that sets cell (row, col) of a parsed grid to `value` (`.` or '' clears), or why it
 * cannot be done (outside the grid, a value the genre or the file's layout cannot take).
 */
export function cellTextEdit(p: Puzzle, row: unknown, col: unknown, value: string): TextEdit | { error: string } {
  if (!Number.isInteger(row) || !Number.isInteger(col)) return { error: 'row and col must be whole numbers' };
  const r = row as number, c = col as number;
  // On a tiling (row, col) is a face's line and place in the file's grid.
  const face = p.tiling ? faceAt(p.tiling, r, c) : -1;
  if (p.tiling ? face < 0 : r < 0 || c < 0 || r >= p.rows || c >= p.cols) {
    return { error: p.tiling ? `line ${r + 1} of the grid has no face at place ${c + 1}` : `cell (${r + 1}, ${c + 1}) is not in this ${p.cols}x${p.rows} grid` };
  }
  const cell = p.tiling ? { row: r, col: c, face } : { row: r, col: c };
  const range = p.cellRanges[p.tiling ? face : r * p.cols + c];
  if (!range) return { error: `cell (${r + 1}, ${c + 1}) has no place in the text` };
  const text = genreOfPuzzle(p).cellText(p, value === '' || value === '-' ? '.' : value, cell);
  if (typeof text !== 'string') return text;
  return TextEdit.replace(toLspRange(range), text);
}

/** The face at place `col` of line `row` of a tiling's grid, or -1. */
function faceAt(tiling: TilingRef, row: number, col: number): number {
  const l = makeLattice(tiling);
  if (row < 0 || col < 0 || row + 1 >= l.rowOff.length) return -1;
  const f = l.rowOff[row]! + col;
  return f < l.rowOff[row + 1]! ? f : -1;
}
