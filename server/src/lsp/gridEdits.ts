/**
 * Edits of a Slitherlink grid that touch only the characters of the cells that change: comments,
 * spacing, line ends and the solution block stay exactly as they were.
 */
import { TextEdit } from 'vscode-languageserver';
import type { SlitherlinkPuzzle } from '../model/puzzle';
import { toLspRange } from './diagnostics';

/** The edit that sets one cell to a hint (or empties it, `null`); null when the cell has no range. */
export function cellEdit(p: SlitherlinkPuzzle, row: number, col: number, value: number | null): TextEdit | null {
  if (row < 0 || col < 0 || row >= p.rows || col >= p.cols) return null;
  const r = p.cellRanges[row * p.cols + col];
  return r ? TextEdit.replace(toLspRange(r), value === null || value < 0 ? '.' : String(value)) : null;
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
