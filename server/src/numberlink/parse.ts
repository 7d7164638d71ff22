/** `.nlk` text -> NumberlinkPuzzle (FORMATS.md). Never throws; reports every problem. */
import type { Metadata } from '../model/puzzle';
import type { NumberlinkPuzzle, NumberlinkRule } from './puzzle';
import type { Problem, Range } from '../model/range';
import {
  type Line, ProblemList, forEachLine, lineKind, parseMetadata, range, contentRange,
  decideLayout, mode, describeChar, hasInnerBlank, codePointLength, allPrintable, plural, shorten, widthReason, stripTrailingComment,
} from '../parse/lines';
import { MAX_GRID_CELLS, MAX_METADATA, ParseStop, pollOf, type ParseOptions } from '../parse/limits';
import { GridSize } from '../parse/gridSize';
import { BadByteMarks } from '../parse/utf8';
import { readRuleWords } from './rule';
import { type Layout, type Row, splitRow, checkRowLengths, fitCells, defineCellRanges, spanRange, type CellSpans, layoutExample } from '../parse/rows';

export interface NumberlinkParse {
  puzzle: NumberlinkPuzzle | null;
  problems: Problem[];
  /** The deadline passed (or the caller cancelled) before the parse was done: nothing is known. */
  stopped?: 'time' | 'cancelled';
}

const DOT = 0x2e, DASH = 0x2d, HASH = 0x23;

export function parseNumberlink(text: string, options?: ParseOptions): NumberlinkParse {
  const problems = new ProblemList();
  try {
    return parse(String(text ?? ''), problems, options);
  } catch (e) {
    if (e instanceof ParseStop) return { puzzle: null, problems: [], stopped: e.reason };
    // Defensive: a parser bug must show up as a problem, never as a crash of the editor.
    problems.add('internal-error', { line: 0, col: 0, endLine: 0, endCol: 0 }, `Internal parser error: ${String(e)}`);
    return { puzzle: null, problems: problems.finish() };
  }
}

interface Header {
  /** Width and height as written, null when missing or unusable. */
  w: number | null;
  h: number | null;
  wRange: Range | null;
  hRange: Range | null;
  range: Range;
  /** The header line was read as a header (even a bad one), so it is not a grid row. */
  consumed: boolean;
}

function parse(text: string, problems: ProblemList, options: ParseOptions | undefined): NumberlinkParse {
  const metadata: Metadata[] = [];
  const nonComment: Line[] = [];
  let firstLine: Line | undefined;
  let ruleLine: Metadata | null = null;
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
      const m = parseMetadata(text, line);
      if (!m) return;
      if (m.key === 'rule') {
        if (ruleLine) {
          problems.add(
            'rule-duplicate',
            m.range,
            `A second "# rule:" line (the first is on line ${ruleLine.range.line + 1}): keep one, with all its words`,
          );
          return;
        }
        ruleLine = m;
      }
      if (metadata.length < MAX_METADATA || m === ruleLine) metadata.push(m);
    } else if (kind === 'row') {
      const row = stripTrailingComment(text, line, problems);
      // The size header is not a row of the grid.
      // Copies are kept (see parseSlitherlink's scan).
      if (nonComment.length === 0 && looksLikeHeader(text, row)) nonComment.push({ ...row });
      else if (size.add(text, row)) nonComment.push({ ...row });
    }
  }, size.poll(pollOf(options)));
  if (size.tooLarge) {
    // At the size header (or the first row): the one problem of the file.
    const refused = new ProblemList();
    refused.add('grid-too-large', contentRange(nonComment[0] ?? firstLine!), size.message());
    return { puzzle: null, problems: refused.finish() };
  }
  const { rule, ruleRange } = readRule(ruleLine, problems);

  if (nonComment.length === 0) {
    const first = firstLine!;
    problems.add(
      'no-grid',
      range(first, first.start, first.end),
      'Empty puzzle: a .nlk file is the size header "W H" (width, height), then H rows of W cells',
    );
    return { puzzle: null, problems: problems.finish() };
  }

  const header = readHeader(text, nonComment, problems);
  const gridLines = header.consumed ? nonComment.slice(1) : nonComment;
  if (gridLines.length === 0) {
    problems.add('no-grid', header.range, 'No grid rows after the size header');
    return { puzzle: null, problems: problems.finish() };
  }

  // Layout. A one-column grid reads the same either way, except that a row longer than one
  // character can only be a single long label there.
  let layout: Layout = decideLayout(text, gridLines);
  if (header.w === 1 && gridLines.some((l) => hasInnerBlank(text, l) || codePointLength(text, l.first, l.last) > 1)) {
    layout = 'tokens';
  }
  const example = layoutExample(text, gridLines, layout);
  // In a token layout, a blank-free row is a compact row written by mistake only if its length
  // is the grid's width; otherwise it is one (possibly long) label.
  let expected = header.w;
  if (expected === null && layout === 'tokens') {
    const spacedWidths: number[] = [];
    for (const l of gridLines) if (hasInnerBlank(text, l)) spacedWidths.push(countTokens(text, l));
    expected = mode(spacedWidths, 0);
  }
  const rows: Row[] = [];
  const mixedRows: boolean[] = [];
  for (const line of gridLines) {
    const { cells, mixed } = splitRow(text, line, layout, problems, example, (n) => expected !== null && expected > 1 && n === expected);
    rows.push({ line, cells });
    mixedRows.push(mixed);
  }

  // Size: the header decides when at least one row agrees with it; otherwise the rows do.
  const widths = rows.map((r) => r.cells.starts.length);
  const nrows = rows.length;
  let cols: number;
  let why: string;
  if (header.w !== null && widths.includes(header.w)) {
    cols = header.w;
    why = 'as the header says';
  } else {
    cols = mode(widths, 0);
    why = widthReason(widths, cols);
    if (header.w !== null && header.wRange) {
      if (header.h !== null && header.w !== header.h && header.w === nrows && header.h === cols) {
        problems.add(
          'header-swapped',
          header.range,
          `The header says ${header.w} ${header.h}, but the grid is ${cols} wide and ${nrows} tall: the header is width first, then height ("${cols} ${nrows}")`,
        );
        header.h = null; // reported once, here
      } else {
        problems.add(
          'header-width',
          header.wRange,
          `The header gives width ${header.w}, but no row has ${plural(header.w, 'cell')} (${nrows > 1 ? 'most rows have' : 'the row has'} ${cols})`,
        );
      }
    }
  }
  checkRowLengths(rows, cols, problems, why);
  if (header.h !== null && header.h !== nrows) {
    if (nrows > header.h) {
      const a = rows[header.h].line, b = rows[nrows - 1].line;
      problems.add(
        'row-count',
        { line: a.index, col: a.first - a.start, endLine: b.index, endCol: b.last - b.start },
        `${plural(nrows - header.h, 'row')} too many: the header gives height ${header.h}, the grid has ${nrows} rows`,
      );
    } else {
      const b = rows[nrows - 1].line;
      problems.add(
        'row-count',
        range(b, b.last, b.last),
        `${plural(header.h - nrows, 'row')} missing after this one: the header gives height ${header.h}, the grid has ${plural(nrows, 'row')}`,
      );
    }
  }

  // Cells and labels.
  const cells = new Int32Array(nrows * cols).fill(-1);
  const spans = fitCells(rows, cols);
  const labels: string[] = [];
  const labelIndex = new Map<string, number>();
  const counts: number[] = [];
  const compact = layout === 'compact';
  for (let r = 0; r < nrows; r++) {
    const { line, cells: rc } = rows[r];
    const n = Math.min(cols, rc.starts.length);
    for (let c = 0; c < n; c++) {
      const s = rc.starts[c], e = rc.ends[c];
      const label = readCell(text, line, s, e, problems, marks);
      if (label === null) continue;
      if (compact && mixedRows[r] && codePointLength(text, s, e) > 1) {
        problems.add(
          'long-token',
          range(line, s, e),
          `'${shorten(label)}' is ${codePointLength(text, s, e)} characters, but compact rows take one character per cell: to use longer labels, separate the cells of every row with spaces`,
        );
      }
      let k = labelIndex.get(label);
      if (k === undefined) {
        k = labels.length;
        labels.push(label);
        labelIndex.set(label, k);
        counts.push(0);
      }
      counts[k]++;
      cells[r * cols + c] = k;
    }
  }
  reportLabelCounts(labels, counts, cells, cols, spans, problems);

  const headerRange = header.consumed ? header.range : range(gridLines[0], gridLines[0].start, gridLines[0].start);
  const puzzle: NumberlinkPuzzle = {
    kind: 'numberlink',
    rows: nrows,
    cols,
    cellRanges: [],
    metadata,
    layout,
    cells,
    labels,
    rule,
    headerRange,
  };
  if (ruleRange) puzzle.ruleRange = ruleRange;
  defineCellRanges(puzzle, spans);
  return { puzzle, problems: problems.finish() };
}

function countTokens(text: string, line: Line): number {
  let n = 0, inToken = false;
  for (let i = line.first; i < line.last; i++) {
    const blank = text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09;
    if (!blank && !inToken) n++;
    inToken = !blank;
  }
  return n;
}

/** The label in text[s, e), or null for an empty or unreadable cell (reported). */
function readCell(text: string, line: Line, s: number, e: number, problems: ProblemList, marks: BadByteMarks): string | null {
  if (e - s === 1) {
    const ch = text.charCodeAt(s);
    if (ch === DOT || ch === DASH) return null;
    if (ch > 0x20 && ch < 0x7f && ch !== HASH) return text[s];
  }
  const cell = text.slice(s, e);
  if (cell.includes('\uFFFD')) {
    // Bytes that were not UTF-8 are reported as such (BadByteMarks); either way the label is lost.
    if (!marks.within(text, s, e)) {
      problems.add(
        'bad-cell',
        range(line, s, e),
        `${describeChar(cell)} cannot be a label: U+FFFD (the replacement character) stands for bytes that were not UTF-8 text, so the label is lost; retype it`,
      );
    }
    return null;
  }
  if (cell.includes('#')) {
    problems.add(
      'bad-cell',
      range(line, s, e),
      cell === '#'
        ? `'#' cannot be a label (a line starting with '#' is a comment): use another character`
        : `${describeChar(cell)} cannot be a label: labels do not contain '#' (comments go on their own line)`,
    );
    return null;
  }
  if (!allPrintable(text, s, e)) {
    problems.add('bad-cell', range(line, s, e), `Unexpected ${describeChar(cell)}: a cell is '.' (or '-') when empty, or a visible label`);
    return null;
  }
  if (/^[.-]+$/.test(cell)) {
    problems.add('bad-cell', range(line, s, e), `'${shorten(cell)}' is not a cell: an empty cell is a single '.' (or '-')`);
    return null;
  }
  return cell;
}

function reportLabelCounts(
  labels: string[], counts: number[], cells: Int32Array, cols: number, spans: CellSpans, problems: ProblemList,
): void {
  const bad = new Set<number>();
  for (let k = 0; k < labels.length; k++) if (counts[k] !== 2) bad.add(k);
  if (bad.size === 0) return;
  const where = new Map<number, number[]>();
  for (let i = 0; i < cells.length; i++) {
    const k = cells[i];
    if (k >= 0 && bad.has(k)) {
      let list = where.get(k);
      if (!list) where.set(k, (list = []));
      list.push(i);
    }
  }
  for (const [k, list] of where) {
    const name = shorten(labels[k]);
    const cellsText = list.slice(0, 6).map((i) => `(${Math.floor(i / cols) + 1}, ${(i % cols) + 1})`).join(', ');
    const message = list.length === 1
      ? `Label '${name}' occurs once: every label must occur exactly twice, at the two ends of its path`
      : `Label '${name}' occurs ${list.length} times, at ${cellsText}${list.length > 6 ? ', ...' : ''}: every label must occur exactly twice`;
    for (const i of list) problems.add('label-count', spanRange(spans, i), message);
  }
}

function readHeader(text: string, nonComment: Line[], problems: ProblemList): Header {
  const line = nonComment[0];
  const content = text.slice(line.first, line.last);
  const whole = contentRange(line);
  const numberRange = (index: number, value: string): Range => range(line, line.first + index, line.first + index + value.length);
  const sizeNumber = (value: string, index: number, what: 'width' | 'height'): number | null => {
    const why = badSize(value, what);
    if (why === null) return Number(value);
    problems.add('bad-header', numberRange(index, value), why);
    return null;
  };

  let m = TWO_NUMBERS.exec(content);
  if (m) {
    const hIndex = m[1].length + m[2].length;
    return {
      w: sizeNumber(m[1], 0, 'width'),
      h: sizeNumber(m[3], hIndex, 'height'),
      wRange: numberRange(0, m[1]),
      hRange: numberRange(hIndex, m[3]),
      range: whole,
      consumed: true,
    };
  }
  m = SEPARATED_NUMBERS.exec(content);
  if (m) {
    problems.add('bad-header', whole, `Write the size header as two numbers separated by a space, width then height: "${m[1]} ${m[3]}"`);
    const hIndex = m[1].length + m[2].length;
    return {
      w: sizeNumber(m[1], 0, 'width'),
      h: sizeNumber(m[3], hIndex, 'height'),
      wRange: numberRange(0, m[1]),
      hRange: numberRange(hIndex, m[3]),
      range: whole,
      consumed: true,
    };
  }
  if (SEVERAL_NUMBERS.test(content)) {
    const count = content.split(/[ \t]+/).length;
    problems.add(
      'bad-header',
      whole,
      `The size header is two numbers, width then height (e.g. "5 4"); this line has ${plural(count, 'number')}`,
    );
    return { w: null, h: null, wRange: null, hRange: null, range: whole, consumed: true };
  }
  problems.add(
    'missing-header',
    whole,
    'Missing size header: a .nlk file starts with "W H" (width, then height) on the line before the grid',
  );
  return { w: null, h: null, wRange: null, hRange: null, range: range(line, line.start, line.start), consumed: false };
}

/**
 * Anything written as a number (signs, decimals, exponents), so that a header such as "-5 5" or
 * "5.0 5" is read as the header it was meant to be and its bad number reported, rather than as a
 * grid row (which would bring a "missing header" and a problem for every row after it).
 */
const NUMBER = '[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?';
const TWO_NUMBERS = new RegExp(`^(${NUMBER})([ \\t]+)(${NUMBER})$`);
const SEPARATED_NUMBERS = new RegExp(`^(${NUMBER})([ \\t]*[xX×*,;][ \\t]*)(${NUMBER})$`);
const SEVERAL_NUMBERS = new RegExp(`^${NUMBER}(?:[ \\t]+${NUMBER})*$`);

function looksLikeHeader(text: string, line: Line): boolean {
  if (line.last - line.first > 100) return false;
  const content = text.slice(line.first, line.last);
  return SEVERAL_NUMBERS.test(content) || SEPARATED_NUMBERS.test(content);
}

/** Why `value` cannot be the width (height) of a grid, or null when it can. */
function badSize(value: string, what: 'width' | 'height'): string | null {
  const limit = `the checker takes grids of at most ${MAX_GRID_CELLS.toLocaleString('en-US')} cells`;
  if (/^[0-9]+$/.test(value)) {
    const v = Number(value);
    if (v === 0) return `The ${what} must be at least 1, not ${value}`;
    // Past the limit even with the other side 1 (and past what a number holds exactly).
    if (v > MAX_GRID_CELLS) return `The ${what} ${shorten(value)} is too large: ${limit}`;
    return null;
  }
  const v = Number(value);
  if (value.startsWith('-') && v !== 0) return `The ${what} must be at least 1, not ${shorten(value)}`;
  if (Number.isInteger(v) && v > MAX_GRID_CELLS) return `The ${what} ${shorten(value)} is too large: ${limit}`;
  if (Number.isInteger(v) && v >= 1) return `The ${what} must be written as a whole number: ${v}, not ${shorten(value)}`;
  if (Number.isInteger(v)) return `The ${what} must be at least 1, not ${shorten(value)}`;
  return `The ${what} must be a whole number, not ${shorten(value)}`;
}

/** The rule of the first `# rule:` line (later ones were reported while scanning). */
function readRule(first: Metadata | null, problems: ProblemList): { rule: NumberlinkRule; ruleRange?: Range } {
  if (first === null) return { rule: { fill: false, notouch: false } };
  const vr = first.valueRange;
  const read = readRuleWords(first.value);
  for (const p of read.problems) {
    // An empty rule is shown on its whole line (there is no word to point at).
    const range: Range = p.code === 'rule-empty' ? first.range : { line: vr.line, col: vr.col + p.start, endLine: vr.line, endCol: vr.col + p.end };
    problems.add(p.code, range, p.code === 'rule-empty' ? `${p.message}, e.g. "# rule: fill notouch"` : p.message);
  }
  return { rule: read.rule, ruleRange: vr };
}
