/**
 * Editing the intended loop of a `.slk` (the solution block after `---`, docs/FORMATS-extensions.md)
 * one cell at a time, as the preview's "Draw loop" mode does (the server's toggleLoopCell command,
 * design/commands.ts). Pure (text in, edit out) so that it is tested on its own.
 *
 * The edit is minimal: toggling a cell replaces that one mark (`.` <-> `x`) and keeps every other
 * character, comments, spacing and line ends, byte for byte. A file without a block gets one
 * appended (every cell outside but the clicked one), laid out like the grid (compact or tokens)
 * and with the file's own line ends. Clearing the last inside cell removes the block: a `---` line
 * with no `x` after it is not a block (it would read as a grid row), so the file stays valid.
 * On a tiling (row, col) is a face's line and place in the grid, and the block's rows are laid
 * out as the grid's lines (docs/tilings.md).
 */
import { parseSlitherlink } from './parse';
import { splitLines } from '../parse/lines';
import { findSolutionSeparator } from './solutionBlock';
import { makeLattice } from '../model/lattice';

/** Replace text[start, end) with newText (offsets into the original text). */
export interface TextEditSpec {
  start: number;
  end: number;
  newText: string;
}

export type ToggleResult =
  | {
      edit: TextEditSpec;
      /** `toggle`: one mark changed; `create`: a block was appended; `remove`: the block was deleted. */
      action: 'toggle' | 'create' | 'remove';
      /** Whether the cell is inside the loop after the edit. */
      inside: boolean;
    }
  | { error: string };

/** Applies an edit to a text (for tests and checks). */
export function applyEdit(text: string, e: TextEditSpec): string {
  return text.slice(0, e.start) + e.newText + text.slice(e.end);
}

/** The text's first line break (`\r\n`, `\n` or `\r`), `\n` when it has none. */
export function lineEnding(text: string): string {
  const m = /\r\n|\n|\r/.exec(text);
  return m ? m[0] : '\n';
}

/** Row r of a block holds marks first(r) .. first(r) + width(r) - 1: a grid's r * cols .., a tiling's line r. */
interface Shape {
  rows: number;
  first(r: number): number;
  width(r: number): number;
}

function shapeOf(p: { rows: number; cols: number; tiling?: Parameters<typeof makeLattice>[0] }): Shape {
  if (!p.tiling) return { rows: p.rows, first: (r) => r * p.cols, width: () => p.cols };
  const off = makeLattice(p.tiling).rowOff;
  return { rows: off.length - 1, first: (r) => off[r]!, width: (r) => off[r + 1]! - off[r]! };
}

/** The rows of a solution block with only `inside` (a cell index) marked, laid out like the grid. */
function blockRows(shape: Shape, layout: 'compact' | 'tokens', inside: number): string[] {
  const out: string[] = [];
  for (let r = 0; r < shape.rows; r++) {
    const marks: string[] = [];
    for (let c = 0; c < shape.width(r); c++) marks.push(shape.first(r) + c === inside ? 'x' : '.');
    out.push(marks.join(layout === 'tokens' ? ' ' : ''));
  }
  return out;
}

/**
 * Toggles cell (row, col) (0-based) between inside (`x`) and outside (`.`) in the solution block
 * of a `.slk` text, creating the block when there is none.
 */
export function toggleSolutionMark(text: string, row: number, col: number): ToggleResult {
  const { puzzle } = parseSlitherlink(text);
  if (!puzzle || puzzle.rows === 0 || puzzle.cols === 0) return { error: 'there is no grid to draw on' };
  const { rows, cols } = puzzle;
  const shape = shapeOf(puzzle);
  if (!Number.isInteger(row) || !Number.isInteger(col) || row < 0 || col < 0 || row >= shape.rows || col >= shape.width(row)) {
    return { error: puzzle.tiling ? `line ${row + 1} of the grid has no face at place ${col + 1}` : `cell (${row + 1}, ${col + 1}) is outside the ${cols}x${rows} grid` };
  }
  const index = shape.first(row) + col;
  const cells = puzzle.hints.length;
  const sep = findSolutionSeparator(text);
  let result: ToggleResult;
  if (sep.offset < 0) {
    result = createBlock(text, shape, puzzle.layout, index);
  } else {
    result = toggleInBlock(text, sep.line, row, col);
  }
  if ('error' in result) return result;

  // Check the edit by parsing its result: the grid must be the same, and the block must say what
  // we meant (only when the block was readable before; a block with problems elsewhere is still
  // edited, mark by mark).
  const after = parseSlitherlink(applyEdit(text, result.edit)).puzzle;
  const sameGrid =
    after !== null && after.rows === rows && after.cols === cols && after.hints.length === cells && after.hints.every((h, i) => h === puzzle.hints[i]);
  if (!sameGrid) return { error: 'the solution block cannot be edited without changing the grid; edit the text instead' };
  const before = puzzle.solution;
  if (result.action === 'remove') {
    if (after.solutionRange) return { error: 'the solution block could not be removed; edit the text instead' };
  } else if (before || result.action === 'create') {
    const expected = before ? Uint8Array.from(before) : new Uint8Array(cells);
    expected[index] = result.inside ? 1 : 0;
    const got = after.solution;
    if (!got || got.length !== expected.length || got.some((v, i) => v !== expected[i])) {
      return { error: 'the solution block could not be edited safely; edit the text instead' };
    }
  }
  return result;
}

function createBlock(text: string, shape: Shape, layout: 'compact' | 'tokens', index: number): ToggleResult {
  const eol = lineEnding(text);
  const block = ['---', ...blockRows(shape, layout, index)];
  const endsWithBreak = text.length === 0 || text.endsWith('\n') || text.endsWith('\r');
  const newText = endsWithBreak ? block.join(eol) + eol : eol + block.join(eol);
  return { edit: { start: text.length, end: text.length, newText }, action: 'create', inside: true };
}

function toggleInBlock(text: string, sepLine: number, row: number, col: number): ToggleResult {
  const lines = splitLines(text);
  let r = 0;
  for (let i = sepLine + 1; i < lines.length; i++) {
    const l = lines[i];
    if (l.first >= l.last || text[l.first] === '#') continue;
    if (r === row) {
      let c = 0;
      for (let k = l.first; k < l.last; k++) {
        const ch = text[k];
        if (ch === ' ' || ch === '\t') continue;
        if (c === col) {
          if (ch !== 'x' && ch !== 'X' && ch !== '.') {
            return { error: `row ${row + 1} of the solution block has '${ch}' at cell ${col + 1}: mark cells x or .` };
          }
          const inside = ch === '.';
          const edit = { start: k, end: k + 1, newText: inside ? 'x' : '.' };
          if (!inside && findSolutionSeparator(applyEdit(text, edit)).line !== sepLine) {
            // That was the last inside cell: without an `x` the block would stop being one.
            return { edit: removeBlock(text, lines, sepLine), action: 'remove', inside: false };
          }
          return { edit, action: 'toggle', inside };
        }
        c++;
      }
      return { error: `row ${row + 1} of the solution block has only ${c} cells` };
    }
    r++;
  }
  return { error: `the solution block has no row ${row + 1}` };
}

/** Deletes the block: the `---` line through its last row (comments after it stay). */
function removeBlock(text: string, lines: ReturnType<typeof splitLines>, sepLine: number): TextEditSpec {
  let last = sepLine;
  for (let i = sepLine + 1; i < lines.length; i++) {
    const l = lines[i];
    if (l.first < l.last && text[l.first] !== '#') last = i;
  }
  const start = lines[sepLine].start;
  if (last + 1 < lines.length) return { start, end: lines[last + 1].start, newText: '' };
  // The block ends the text without a final line break: take the break before `---` instead.
  const from = sepLine > 0 ? lines[sepLine - 1].end : start;
  return { start: from, end: lines[last].end, newText: '' };
}
