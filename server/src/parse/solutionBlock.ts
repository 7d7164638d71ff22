/**
 * The optional solution block of a `.slk` file (docs/FORMATS-extensions.md): a line that is
 * exactly `---` (blanks around it allowed) after the grid, then one row per grid row marking
 * every cell `x` (inside the intended loop) or `.` (outside). Blanks between the marks and
 * comment lines are allowed. The grid parser reads only the text before the `---` line, so
 * files without a block parse exactly as before.
 */
import type { Problem, Range } from '../model/range';
import { splitLines } from './lines';

export interface SolutionSplit {
  /** Offset where the `---` line starts (the grid text ends here), or -1 when there is none. */
  offset: number;
  /** 0-based line of the `---` line, or -1. */
  line: number;
}

/**
 * The first `---` line followed (later on) by a row with an `x`: a row `---` alone is also three
 * empty cells of a compact grid, and a grid row never holds an `x`, so old files keep their meaning.
 */
export function findSolutionSeparator(text: string): SolutionSplit {
  const lines = splitLines(text);
  let sep = -1;
  for (const l of lines) {
    const t = text.slice(l.first, l.last);
    if (sep < 0) {
      if (t === '---') sep = l.index;
    } else if (t[0] !== '#' && /[xX]/.test(t)) {
      return { offset: lines[sep].start, line: sep };
    }
  }
  return { offset: -1, line: -1 };
}

export interface SolutionBlock {
  /** Per cell r * cols + c: 1 inside, 0 outside; null when the block has problems. */
  inside: Uint8Array | null;
  /** From the `---` line to the last row of the block. */
  range: Range;
  /** Range of each block row's marks (by grid row). */
  rowRanges: Range[];
  /** Range of each cell's mark, index r * cols + c (design diagnostics point at marks). */
  cellRanges: Range[];
  problems: Problem[];
}

/** Parses the block after the separator for a grid of rows x cols; null when there is no block. */
export function parseSolutionBlock(text: string, rows: number, cols: number): SolutionBlock | null {
  const sep = findSolutionSeparator(text);
  if (sep.offset < 0) return null;
  const lines = splitLines(text);
  const sepLine = lines[sep.line];
  const problems: Problem[] = [];
  const inside = new Uint8Array(rows * cols);
  const rowRanges: Range[] = [];
  const cellRanges: Range[] = [];
  let r = 0;
  let last = sepLine;
  const at = (l: { index: number }, a: number, b: number, lineStart: number): Range => ({ line: l.index, col: a - lineStart, endLine: l.index, endCol: b - lineStart });
  for (let i = sep.line + 1; i < lines.length; i++) {
    const l = lines[i];
    if (l.first >= l.last || text[l.first] === '#') continue;
    last = l;
    const range = at(l, l.first, l.last, l.start);
    if (r >= rows) {
      problems.push({ range, message: `The solution block has more rows than the grid (${rows})`, code: 'solution-rows' });
      continue;
    }
    rowRanges.push(range);
    let c = 0;
    for (let k = l.first; k < l.last; k++) {
      const ch = text[k];
      if (ch === ' ' || ch === '\t') continue;
      if (ch !== 'x' && ch !== 'X' && ch !== '.') {
        problems.push({ range: at(l, k, k + 1, l.start), message: `Unexpected '${ch}' in the solution block: mark each cell x (inside the loop) or . (outside)`, code: 'solution-cell' });
      } else if (c < cols) {
        inside[r * cols + c] = ch === '.' ? 0 : 1;
        cellRanges[r * cols + c] = at(l, k, k + 1, l.start);
      }
      c++;
    }
    if (c !== cols) problems.push({ range, message: `Solution row ${r + 1} has ${c} cells; the grid is ${cols} wide`, code: 'solution-row-length' });
    r++;
  }
  if (r < rows) {
    const end = { line: last.index, col: last.end - last.start };
    problems.push({
      range: { line: sepLine.index, col: 0, endLine: end.line, endCol: end.col },
      message: `The solution block has ${r} row${r === 1 ? '' : 's'}; the grid has ${rows}`,
      code: 'solution-rows',
    });
  }
  return {
    inside: problems.length === 0 ? inside : null,
    range: { line: sepLine.index, col: 0, endLine: last.index, endCol: last.end - last.start },
    rowRanges,
    cellRanges,
    problems,
  };
}
