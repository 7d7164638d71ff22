/** Writes Slitherlink puzzles as `.slk` text (the inverse of the parser, for import and generators). */
import { metadataLines } from '../../exchange/text';
import type { SlitherlinkPuzzle } from '../puzzle';

export interface SlitherlinkGrid {
  rows: number;
  cols: number;
  /** Per cell r * cols + c: 0..4, or -1 for empty. */
  hints: ArrayLike<number>;
}

/** Rows as space-separated tokens, the layout the corpus uses. */
export function writeSlitherlink(grid: SlitherlinkGrid, metadata: Record<string, string> = {}): string {
  let out = metadataLines(metadata);
  for (let r = 0; r < grid.rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < grid.cols; c++) {
      const h = grid.hints[r * grid.cols + c];
      row.push(h >= 0 ? String(h) : '.');
    }
    out += row.join(' ') + '\n';
  }
  return out;
}

/**
 * A `.slk` solution block (docs/FORMATS-extensions.md): `---`, then one row of `x` (inside the
 * loop) or `.` per grid row, marks separated by blanks. `eol` follows the file it goes into.
 */
export function writeSolutionBlock(rows: number, cols: number, inside: ArrayLike<number>, eol = '\n'): string {
  let s = '---' + eol;
  for (let r = 0; r < rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < cols; c++) row.push(inside[r * cols + c] ? 'x' : '.');
    s += row.join(' ') + eol;
  }
  return s;
}

/**
 * A tiling's solution block (docs/tilings.md): `---`, then one row per grid line (`rowOff[r]` ..
 * `rowOff[r + 1] - 1` are line r's faces), a mark per face where its hint is, separated by blanks.
 */
export function writeFaceSolutionBlock(rowOff: ArrayLike<number>, inside: ArrayLike<number>, eol = '\n'): string {
  let s = '---' + eol;
  for (let r = 0; r + 1 < rowOff.length; r++) {
    const row: string[] = [];
    for (let f = rowOff[r]!; f < rowOff[r + 1]!; f++) row.push(inside[f] ? 'x' : '.');
    s += row.join(' ') + eol;
  }
  return s;
}

/**
 * `text` (the source `puzzle` was parsed from) with the grid's hints set to `hints` (per cell 0..4,
 * or -1 for empty): only the characters of cells that change are replaced, so comments, spacing,
 * line ends and a solution block stay exactly as they were. `mark` writes a hint (a tiling's face
 * may need a letter for 10 and more: cells.ts cellText); the default is the number.
 */
export function replaceHints(
  text: string, puzzle: SlitherlinkPuzzle, hints: ArrayLike<number>, mark: (cell: number, value: number) => string = (_c, v) => String(v),
): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const edits: { from: number; to: number; mark: string }[] = [];
  for (let i = 0; i < puzzle.hints.length; i++) {
    const want = hints[i]! >= 0 ? hints[i]! : -1;
    const r = puzzle.cellRanges[i];
    if (want === puzzle.hints[i] || !r) continue;
    edits.push({ from: lineStarts[r.line]! + r.col, to: lineStarts[r.endLine]! + r.endCol, mark: want < 0 ? '.' : mark(i, want) });
  }
  edits.sort((a, b) => a.from - b.from);
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.from) + e.mark;
    at = e.to;
  }
  return out + text.slice(at);
}
