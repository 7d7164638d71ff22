/** `.slk` text -> SlitherlinkPuzzle (FORMATS.md). Never throws; reports every problem. */
import type { Metadata } from '../model/puzzle';
import type { SlitherlinkPuzzle } from './puzzle';
import type { Problem } from '../model/range';
import {
  type Line, ProblemList, forEachLine, lineKind, parseMetadata, range, contentRange,
  splitTokens, decideLayout, mode, describeChar, widthReason, stripTrailingComment,
} from '../parse/lines';
import { MAX_METADATA, ParseStop, pollOf, type ParseOptions, type Poll } from '../parse/limits';
import { GridSize } from '../parse/gridSize';
import { BadByteMarks } from '../parse/utf8';
import { findSolutionSeparator, parseSolutionBlock } from './solutionBlock';
import { type Row, splitRow, checkRowLengths, fitCells, defineCellRanges, layoutExample } from '../parse/rows';
import { readGridLine, parseTilingRows } from './parseTiling';
import { makeLattice } from '../model/lattice';

export interface SlitherlinkParse {
  puzzle: SlitherlinkPuzzle | null;
  problems: Problem[];
  /** The deadline passed (or the caller cancelled) before the parse was done: nothing is known. */
  stopped?: 'time' | 'cancelled';
}

const DOT = 0x2e, DASH = 0x2d, ZERO = 0x30;

export function parseSlitherlink(text: string, options?: ParseOptions): SlitherlinkParse {
  const problems = new ProblemList();
  const poll = pollOf(options);
  try {
    // The optional solution block after a `---` line (design tools) is parsed separately.
    const all = String(text ?? '');
    const sep = findSolutionSeparator(all, poll);
    if (sep.offset < 0) return parse(all, problems, options, poll);
    const result = parse(all.slice(0, sep.offset), problems, options, poll);
    // On a tiling the block has one row per grid line, one mark per face, as the hints are laid out.
    const shape = result.puzzle?.tiling ? { rowOff: makeLattice(result.puzzle.tiling).rowOff } : undefined;
    const block = result.puzzle ? parseSolutionBlock(all, result.puzzle.rows, result.puzzle.cols, poll, sep, shape) : null;
    if (!block || !result.puzzle) return result;
    if (block.inside) result.puzzle.solution = block.inside;
    result.puzzle.solutionRange = block.range;
    if (block.inside) result.puzzle.solutionCellRanges = block.cellRanges;
    return { puzzle: result.puzzle, problems: [...result.problems, ...block.problems] };
  } catch (e) {
    if (e instanceof ParseStop) return { puzzle: null, problems: [], stopped: e.reason };
    // Defensive: a parser bug must show up as a problem, never as a crash of the editor.
    problems.add('internal-error', { line: 0, col: 0, endLine: 0, endCol: 0 }, `Internal parser error: ${String(e)}`);
    return { puzzle: null, problems: problems.finish() };
  }
}

function parse(text: string, problems: ProblemList, options: ParseOptions | undefined, poll: Poll): SlitherlinkParse {
  const metadata: Metadata[] = [];
  let rowLines: Line[] = [];
  let firstLine: Line | undefined;
  const size = new GridSize();
  const marks = new BadByteMarks(options?.badBytes);
  forEachLine(text, (line) => {
    firstLine ??= line;
    const kind = lineKind(text, line);
    if (size.tooLarge) {
      // Refused already: only counted on, for the message (until the deadline, if any).
      if (size.partial) return true;
      if (kind === 'row') size.add(text, line);
      return;
    }
    marks.visit(line, problems);
    if (kind === 'comment') {
      const m = metadata.length < MAX_METADATA ? parseMetadata(text, line) : null;
      if (m) metadata.push(m);
    } else if (kind === 'row') {
      const row = stripTrailingComment(text, line, problems);
      // A copy is kept: then the scanner's own lines all die young (V8 would otherwise allocate
      // them in the old generation, seeing so many survive, and a file of millions of lines
      // would take hundreds of megabytes before they are collected).
      if (size.add(text, row)) rowLines.push({ ...row });
    }
  }, size.poll(poll));
  if (size.tooLarge) return tooLarge(size, rowLines[0] ?? firstLine!);
  // A `# grid:` line other than squares: the rows are a tiling's faces (parse/tiling.ts).
  const grids = metadata.filter((m) => m.key === 'grid');
  for (const extra of grids.slice(1)) problems.add('grid-duplicate', extra.range, 'A second "# grid:" line: the first one is used; delete this one');
  if (grids.length > 0) {
    const g = readGridLine(grids[0], problems);
    if ('bad' in g) return { puzzle: null, problems: problems.finish() };
    if ('tiling' in g) {
      const last = rowLines[rowLines.length - 1] ?? firstLine!;
      if (rowLines.length === 0) {
        problems.add('no-grid', range(last, last.first, last.last), 'No grid rows: after "# grid:", one line of hints per row of the tiling (docs/tilings.md)');
        return { puzzle: null, problems: problems.finish() };
      }
      const puzzle = parseTilingRows(text, g.tiling, metadata, rowLines, problems, marks, range(last, last.last, last.last));
      return { puzzle, problems: problems.finish() };
    }
  }
  if (rowLines.length === 0) {
    const first = firstLine!;
    problems.add('no-grid', range(first, first.start, first.end), 'No grid rows: a .slk file is rows of cells such as "3 . 2" or "3.2"');
    return { puzzle: null, problems: problems.finish() };
  }

  // A Numberlink-style "W H" line (FORMATS.md: .slk has no header). Skipped only when it cannot
  // be a row of hints or when the rest of the grid is exactly W x H.
  const header = sizeHeader(text, rowLines[0]);
  if (header && rowLines.length > 1) {
    const rest = rowLines.slice(1);
    const restLayout = decideLayout(text, rest);
    const widths = rest.map((l) => (restLayout === 'tokens' ? splitTokens(text, l.first, l.last).starts.length : l.last - l.first));
    const fits = rest.length === header.h && mode(widths, -1) === header.w;
    // "2 2" over a 2-wide grid is also a valid row of two hints: keep it as a row then.
    if (header.w > 4 || header.h > 4 || (fits && header.w !== 2)) {
      problems.add(
        'unexpected-header',
        contentRange(rowLines[0]),
        `This looks like a size header "W H"; .slk files have none (the rows give the size): delete this line`,
      );
      rowLines = rest;
    }
  }

  const layout = decideLayout(text, rowLines);
  const example = layoutExample(text, rowLines, layout);
  const rows: Row[] = rowLines.map((line) => ({
    line,
    // Slitherlink cells are single characters, so a multi-character token is always a compact row.
    cells: splitRow(text, line, layout, problems, example, () => true).cells,
  }));
  const widths = rows.map((r) => r.cells.starts.length);
  const cols = mode(widths, 0);
  checkRowLengths(rows, cols, problems, widthReason(widths, cols));

  const nrows = rows.length;
  const hints = new Int8Array(nrows * cols).fill(-1);
  const spans = fitCells(rows, cols);
  for (let r = 0; r < nrows; r++) {
    const { line, cells } = rows[r];
    const n = Math.min(cols, cells.starts.length);
    for (let c = 0; c < n; c++) {
      const s = cells.starts[c], e = cells.ends[c];
      const ch = text.charCodeAt(s);
      if (e - s === 1) {
        if (ch >= ZERO && ch <= ZERO + 4) {
          hints[r * cols + c] = ch - ZERO;
          continue;
        }
        if (ch === DOT || ch === DASH) continue;
      }
      // A byte that was not UTF-8 is reported as such (BadByteMarks), not again as a cell.
      if (marks.within(text, s, e)) continue;
      const token = text.slice(s, e);
      if (/^[0-9]+$/.test(token)) {
        problems.add('hint-too-large', range(line, s, e), `Hint ${token} is impossible: a cell has only 4 sides (hints are 0 to 4)`);
      } else {
        problems.add(
          'bad-cell',
          range(line, s, e),
          `Unexpected ${describeChar(token)}: a cell is a hint 0 to 4, or '.' (or '-') when empty`,
        );
      }
    }
  }

  const puzzle: SlitherlinkPuzzle = { kind: 'slitherlink', rows: nrows, cols, cellRanges: [], metadata, layout, hints };
  defineCellRanges(puzzle, spans);
  return { puzzle, problems: problems.finish() };
}

/** The one problem of a grid past MAX_GRID_CELLS, at its first row: nothing else is read. */
function tooLarge(size: GridSize, first: Line): SlitherlinkParse {
  const problems = new ProblemList();
  problems.add('grid-too-large', contentRange(first), size.message());
  return { puzzle: null, problems: problems.finish() };
}

/** `W H` with two whole numbers (no other content). */
function sizeHeader(text: string, line: Line): { w: number; h: number } | null {
  const m = /^([0-9]+)[ \t]+([0-9]+)$/.exec(text.slice(line.first, line.last));
  return m ? { w: Number(m[1]), h: Number(m[2]) } : null;
}
