/**
 * Edits of a Slitherlink grid that touch only the characters of the cells that change: comments,
 * spacing, line ends and the solution block stay exactly as they were.
 */
import { TextEdit } from 'vscode-languageserver';
import type { Puzzle, SlitherlinkPuzzle } from '../model/puzzle';
import { toLspRange } from './diagnostics';

/** The edit that sets one cell to a hint (or empties it, `null`); null when the cell has no range. */
export function cellEdit(p: SlitherlinkPuzzle, row: number, col: number, value: number | null): TextEdit | null {
  if (row < 0 || col < 0 || row >= p.rows || col >= p.cols) return null;
  const r = p.cellRanges[row * p.cols + col];
  return r ? TextEdit.replace(toLspRange(r), value === null || value < 0 ? '.' : String(value)) : null;
}

/** Most characters a Numberlink label set from the preview may have. */
const MAX_LABEL = 8;

/**
 * The edit that sets cell (row, col) of a parsed grid to `value`: a Slitherlink hint `0`-`4`, a
 * Numberlink label, or `.` / '' to clear; only that cell's text is replaced. Or why it cannot be
 * done (outside the grid, a value the genre or the file's layout cannot take).
 */
export function cellTextEdit(p: Puzzle, row: unknown, col: unknown, value: string): TextEdit | { error: string } {
  if (!Number.isInteger(row) || !Number.isInteger(col)) return { error: 'row and col must be whole numbers' };
  const r = row as number, c = col as number;
  if (r < 0 || c < 0 || r >= p.rows || c >= p.cols || (p.kind === 'slitherlink' && p.tiling)) {
    return { error: `cell (${r + 1}, ${c + 1}) is not in this ${p.cols}x${p.rows} grid` };
  }
  const range = p.cellRanges[r * p.cols + c];
  if (!range) return { error: `cell (${r + 1}, ${c + 1}) has no place in the text` };
  const text = value === '' || value === '-' ? '.' : value;
  if (text !== '.') {
    if (p.kind === 'slitherlink' && !/^[0-4]$/.test(text)) return { error: `'${text}' is not a Slitherlink hint: type 0 to 4, or . to clear` };
    if (p.kind === 'numberlink') {
      if (/[\s#]/.test(text) || [...text].length > MAX_LABEL) return { error: `'${text}' cannot be a label: no spaces or '#', at most ${MAX_LABEL} characters` };
      if (p.layout === 'compact' && [...text].length > 1) return { error: `'${text}' is longer than one character, but this file's rows take one character per cell: separate the cells with spaces to use longer labels` };
    }
  }
  return TextEdit.replace(toLspRange(range), text);
}

/** Edits that turn the grid's hints into `hints` (per cell 0..4 or -1), one per cell that changes. */
export function hintEdits(p: SlitherlinkPuzzle, hints: ArrayLike<number>): TextEdit[] {
  const edits: TextEdit[] = [];
  for (let i = 0; i < p.hints.length; i++) {
    const want = hints[i]! >= 0 ? hints[i]! : -1;
    if (want === p.hints[i]) continue;
    const e = cellEdit(p, Math.floor(i / p.cols), i % p.cols, want);
    if (e) edits.push(e);
  }
  return edits;
}

/** The insertion of `block` at the end of `text`, after a line end if the last line lacks one. */
export function appendEdit(text: string, block: string): TextEdit {
  const lines = text.split(/\r\n|\r|\n/);
  const end = { line: lines.length - 1, character: lines[lines.length - 1]!.length };
  const needsEol = text.length > 0 && !/[\r\n]$/.test(text);
  return TextEdit.insert(end, (needsEol ? lineEnd(text) : '') + block);
}

/** The line end a document uses (CRLF if any line has one). */
export function lineEnd(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}
