/**
 * Grid rows shared by both parsers: splitting rows into cells under the file's layout, and
 * fitting ragged rows to one width (reporting each row that does not fit).
 */
import type { Range } from '../model/range';
import {
  type Cells, type Line, type ProblemList,
  codePointLength, hasInnerBlank, range, splitCompact, splitTokens, plural,
} from './lines';

export type Layout = 'compact' | 'tokens';

export interface Row {
  line: Line;
  cells: Cells;
}

/** The line that shows the layout the file uses, for messages. */
export function layoutExample(text: string, rows: Line[], layout: Layout): Line | null {
  for (const line of rows) {
    const spaced = hasInnerBlank(text, line);
    if (layout === 'tokens' ? spaced : !spaced && codePointLength(text, line.first, line.last) > 1) return line;
  }
  return null;
}

/**
 * Splits one grid row. A row that does not follow the layout is flagged `mixed-layout` but
 * still split the way it was written, so that its cells can be recovered.
 * `compactWidth`: in a token layout, a row without blanks is read as compact (and flagged)
 * only if it is longer than one character and `acceptCompact` says so.
 */
export function splitRow(
  text: string,
  line: Line,
  layout: Layout,
  problems: ProblemList,
  example: Line | null,
  acceptCompact: (length: number) => boolean,
): { cells: Cells; mixed: boolean } {
  const spaced = hasInnerBlank(text, line);
  const where = example ? ` (as on line ${example.index + 1})` : '';
  if (layout === 'compact') {
    if (!spaced) return { cells: splitCompact(text, line.first, line.last), mixed: false };
    problems.add(
      'mixed-layout',
      range(line, line.first, line.last),
      `This row separates its cells with spaces, but the grid's rows are compact, one character per cell${where}: write every row the same way`,
    );
    return { cells: splitTokens(text, line.first, line.last), mixed: true };
  }
  if (spaced) return { cells: splitTokens(text, line.first, line.last), mixed: false };
  const length = codePointLength(text, line.first, line.last);
  if (length > 1 && acceptCompact(length)) {
    problems.add(
      'mixed-layout',
      range(line, line.first, line.last),
      `This row is compact (one character per cell), but the grid's rows separate their cells with spaces${where}: write every row the same way`,
    );
    return { cells: splitCompact(text, line.first, line.last), mixed: true };
  }
  return { cells: splitTokens(text, line.first, line.last), mixed: false };
}

/** Flags every row whose cell count is not `cols`: the extra cells, or the whole short row. */
export function checkRowLengths(rows: Row[], cols: number, problems: ProblemList, why: string): void {
  for (let r = 0; r < rows.length; r++) {
    const { line, cells } = rows[r];
    const n = cells.starts.length;
    if (n === cols) continue;
    if (n > cols) {
      problems.add(
        'row-length',
        range(line, cells.starts[cols], cells.ends[n - 1]),
        `Row ${r + 1} has ${n} cells, ${n - cols} too many: the grid is ${plural(cols, 'cell')} wide (${why})`,
      );
    } else {
      problems.add(
        'row-length',
        range(line, line.first, line.last),
        `Row ${r + 1} has ${plural(n, 'cell')}, ${cols - n} too few: the grid is ${plural(cols, 'cell')} wide (${why})`,
      );
    }
  }
}

/**
 * Where every cell of the grid fitted to `cols` lies: line and start/end columns in typed
 * arrays (missing cells get an empty span at the end of their row).
 */
export interface CellSpans {
  line: Int32Array;
  col: Int32Array;
  endCol: Int32Array;
}

export function fitCells(rows: Row[], cols: number): CellSpans {
  const n = rows.length * cols;
  const spans: CellSpans = { line: new Int32Array(n), col: new Int32Array(n), endCol: new Int32Array(n) };
  let i = 0;
  for (const { line, cells } of rows) {
    const k = cells.starts.length;
    for (let c = 0; c < cols; c++, i++) {
      spans.line[i] = line.index;
      spans.col[i] = (c < k ? cells.starts[c] : line.last) - line.start;
      spans.endCol[i] = (c < k ? cells.ends[c] : line.last) - line.start;
    }
  }
  return spans;
}

export function spanRange(spans: CellSpans, i: number): Range {
  return { line: spans.line[i], col: spans.col[i], endLine: spans.line[i], endCol: spans.endCol[i] };
}

/**
 * Gives `target.cellRanges` as a property that builds the Range objects on first use (and
 * then becomes a plain data property). A 1000x1000 grid would otherwise spend most of its
 * parse time allocating a million ranges that a command-line check never reads.
 */
export function defineCellRanges(target: { cellRanges: Range[] }, spans: CellSpans): void {
  const settle = (obj: object, value: Range[]) =>
    Object.defineProperty(obj, 'cellRanges', { value, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(target, 'cellRanges', {
    enumerable: true,
    configurable: true,
    get(this: object) {
      const n = spans.line.length;
      const value: Range[] = new Array(n);
      for (let i = 0; i < n; i++) value[i] = spanRange(spans, i);
      settle(this, value);
      return value;
    },
    set(this: object, value: Range[]) {
      settle(this, value);
    },
  });
}
