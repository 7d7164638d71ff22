/**
 * Edits of a Slitherlink's text that touch only the characters that change: a cell's hint, or the
 * solution block appended at the end. Comments, spacing, line ends and the block stay as they were.
 * Protocol-neutral (TextChange): the language server makes them LSP edits.
 */
import type { CheckResult } from '../../analysis/result';
import type { TextChange } from '../../genres/genre';
import { writeFaceSolutionBlock, writeSolutionBlock } from '../exchange/write';
import type { SlitherlinkPuzzle } from '../puzzle';
import { makeLattice } from '../../model/lattice';
import { cellText } from '../cells';
import { insideOfFaceLoop, insideOfLoop, solutionEdgeIds } from './intendedLoop';

/** The change that sets one cell to a hint (or empties it, `null`); null when the cell has no range. */
export function hintChange(p: SlitherlinkPuzzle, row: number, col: number, value: number | null): TextChange | null {
  if (row < 0 || col < 0 || row >= p.rows || col >= p.cols) return null;
  const r = p.cellRanges[row * p.cols + col];
  return r ? { range: r, newText: value === null || value < 0 ? '.' : String(value) } : null;
}

/**
 * The change that sets a suggestion's cell to a hint (or empties it, `null`): on a tiling its face
 * (written as *Edit hints* writes it: `A` for 10 in a compact line), else the square cell; null
 * when there is no such place or no text range.
 */
export function hintChangeAt(p: SlitherlinkPuzzle, cell: { row: number; col: number; face?: number }, value: number | null): TextChange | null {
  if (!p.tiling) return cell.face === undefined ? hintChange(p, cell.row, cell.col, value) : null;
  const f = cell.face ?? -1;
  const r = f >= 0 && f < p.hints.length ? p.cellRanges[f] : undefined;
  if (!r) return null;
  if (value === null || value < 0) return { range: r, newText: '.' };
  const text = cellText(p, String(value), { row: cell.row, col: cell.col, face: f });
  return typeof text === 'string' ? { range: r, newText: text } : null;
}

/** Changes that turn the grid's hints into `hints` (per cell 0..4 or -1; a tiling's: per face), one per cell that changes. */
export function hintChanges(p: SlitherlinkPuzzle, hints: ArrayLike<number>): TextChange[] {
  const out: TextChange[] = [];
  for (let i = 0; i < p.hints.length; i++) {
    const want = hints[i]! >= 0 ? hints[i]! : -1;
    if (want === p.hints[i]) continue;
    if (p.tiling) {
      // A face's own characters; a hint of 10 or more in a compact line is a letter (cells.ts).
      const r = p.cellRanges[i];
      const text = r ? cellText(p, want < 0 ? '.' : String(want), { row: 0, col: 0, face: i }) : null;
      if (r && typeof text === 'string') out.push({ range: r, newText: text });
      continue;
    }
    const e = hintChange(p, Math.floor(i / p.cols), i % p.cols, want);
    if (e) out.push(e);
  }
  return out;
}

/** The line end a document uses (CRLF if any line has one). */
export function lineEnd(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** The insertion of `block` at the end of `text`, after a line end if the last line lacks one. */
export function appendChange(text: string, block: string): TextChange {
  const lines = text.split(/\r\n|\r|\n/);
  const line = lines.length - 1, col = lines[line]!.length;
  const needsEol = text.length > 0 && !/[\r\n]$/.test(text);
  return { range: { line, col, endLine: line, endCol: col }, newText: (needsEol ? lineEnd(text) : '') + block };
}

/** The `---` block of a unique puzzle's solution and its insertion at the end of `text`. */
export function loopBlockChange(p: SlitherlinkPuzzle, text: string, result: CheckResult): { block: string; change: TextChange } | null {
  if (result.verdict !== 'unique' || !result.solution || !('edges' in result.solution)) return null;
  if (p.tiling) {
    // Laid out as the grid's lines, a mark where each face's hint is.
    const l = makeLattice(p.tiling);
    const ids = solutionEdgeIds(l, result.solution);
    if (ids.some((e) => e < 0)) return null;
    const block = writeFaceSolutionBlock(l.rowOff, insideOfFaceLoop(l, ids), lineEnd(text));
    return { block, change: appendChange(text, block) };
  }
  const inside = insideOfLoop(p.rows, p.cols, result.solution.edges);
  const block = writeSolutionBlock(p.rows, p.cols, inside, lineEnd(text));
  return { block, change: appendChange(text, block) };
}
