/**
 * The optional solution block of a `.slk` file (docs/FORMATS-extensions.md): a line that is
 * exactly `---` (blanks around it allowed) after the grid, then one row per grid row marking
 * every cell `x` (inside the intended loop) or `.` (outside). Blanks between the marks and
 * comment lines are allowed. The grid parser reads only the text before the `---` line, so
 * files without a block parse exactly as before.
 */
import type { Problem, Range } from '../model/range';
import { forEachLine, type Line, ProblemList } from '../parse/lines';
import type { Poll } from '../parse/limits';

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
export function findSolutionSeparator(text: string, poll?: Poll): SolutionSplit {
  let found: SolutionSplit = { offset: -1, line: -1 };
  // Most files have no `---` at all: no need to read them line by line for it.
  if (!text.includes('---')) return found;
  let sep: Line | null = null;
  forEachLine(text, (l) => {
    if (sep === null) {
      if (l.last - l.first === 3 && text.startsWith('---', l.first)) sep = l;
      return false;
    }
    const c = text.charCodeAt(l.first);
    if (l.first < l.last && c !== 0x23 && hasX(text, l.first, l.last)) {
      found = { offset: sep.start, line: sep.index };
      return true;
    }
    return false;
  }, poll);
  return found;
}

function hasX(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x78 || c === 0x58) return true;
  }
  return false;
}

export interface SolutionBlock {
  /** Per cell r * cols + c (a tiling: per face): 1 inside, 0 outside; null when the block has problems. */
  inside: Uint8Array | null;
  /** From the `---` line to the last row of the block. */
  range: Range;
  /** Range of each block row's marks (by grid row). */
  rowRanges: Range[];
  /** Range of each cell's mark, index r * cols + c (design diagnostics point at marks). */
  cellRanges: Range[];
  problems: Problem[];
}

/**
 * The rows of a tiling's block: row r marks faces rowOff[r] .. rowOff[r + 1] - 1, in the order and
 * layout of the grid's lines (docs/tilings.md), so each mark sits where that face's hint does.
 */
export interface BlockRows {
  rowOff: ArrayLike<number>;
}

/**
 * Parses the block after the separator for a grid of rows x cols (or a tiling's rows: `shape`);
 * null when there is no block.
 */
export function parseSolutionBlock(text: string, rows: number, cols: number, poll?: Poll, split?: SolutionSplit, shape?: BlockRows): SolutionBlock | null {
  const sep = split ?? findSolutionSeparator(text, poll);
  if (sep.offset < 0) return null;
  const list = new ProblemList(100);
  if (shape) rows = shape.rowOff.length - 1;
  const first = (r: number): number => (shape ? shape.rowOff[r]! : r * cols);
  const width = (r: number): number => (shape ? shape.rowOff[r + 1]! - shape.rowOff[r]! : cols);
  const inside = new Uint8Array(shape ? shape.rowOff[rows]! : rows * cols);
  const rowRanges: Range[] = [];
  const cellRanges: Range[] = [];
  let r = 0;
  let sepLine: Line | null = null;
  let last: Line | null = null;
  let extra: Range | null = null;
  const at = (l: Line, a: number, b: number): Range => ({ line: l.index, col: a - l.start, endLine: l.index, endCol: b - l.start });
  forEachLine(text, (l) => {
    if (sepLine === null) {
      sepLine = last = l;
      return;
    }
    if (l.first >= l.last || text[l.first] === '#') return;
    last = l;
    const range = at(l, l.first, l.last);
    if (r >= rows) {
      // One problem for all the rows past the grid's.
      extra = extra ? { ...extra, endLine: range.endLine, endCol: range.endCol } : range;
      return;
    }
    rowRanges.push(range);
    const w = width(r), at0 = first(r);
    let c = 0;
    for (let k = l.first; k < l.last; k++) {
      const ch = text[k];
      if (ch === ' ' || ch === '\t') continue;
      if (ch !== 'x' && ch !== 'X' && ch !== '.') {
        list.add('solution-cell', at(l, k, k + 1), `Unexpected '${ch}' in the solution block: mark each ${shape ? 'face' : 'cell'} x (inside the loop) or . (outside)`);
      } else if (c < w) {
        inside[at0 + c] = ch === '.' ? 0 : 1;
        cellRanges[at0 + c] = at(l, k, k + 1);
      }
      c++;
    }
    if (c !== w) {
      list.add('solution-row-length', range, shape
        ? `Solution row ${r + 1} has ${c} mark${c === 1 ? '' : 's'}; line ${r + 1} of the grid has ${w} face${w === 1 ? '' : 's'}`
        : `Solution row ${r + 1} has ${c} cells; the grid is ${cols} wide`);
    }
    r++;
  }, poll, { start: sep.offset, index: sep.line });
  const s = sepLine!, e = last!;
  if (extra) list.add('solution-rows', extra, `The solution block has more rows than the grid (${rows})`);
  if (r < rows) {
    list.add('solution-rows', { line: s.index, col: 0, endLine: e.index, endCol: e.end - e.start }, `The solution block has ${r} row${r === 1 ? '' : 's'}; the grid has ${rows}`);
  }
  const problems = list.finish();
  return {
    inside: problems.length === 0 ? inside : null,
    range: { line: s.index, col: 0, endLine: e.index, endCol: e.end - e.start },
    rowRanges,
    cellRanges,
    problems,
  };
}
