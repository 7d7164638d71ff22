/** `.nlk` text -> NumberlinkPuzzle (FORMATS.md). Never throws; reports every problem. */
import type { Metadata, NumberlinkPuzzle, NumberlinkRule } from '../model/puzzle';
import type { Problem, Range } from '../model/range';
import {
  type Line, ProblemList, splitLines, lineKind, parseMetadata, range, contentRange,
  decideLayout, mode, describeChar, hasInnerBlank, codePointLength, allPrintable, plural, shorten, widthReason, stripTrailingComment,
} from './lines';
import { type Layout, type Row, splitRow, checkRowLengths, fitCells, defineCellRanges, spanRange, type CellSpans, layoutExample } from './rows';

export interface NumberlinkParse {
  puzzle: NumberlinkPuzzle | null;
  problems: Problem[];
}

const DOT = 0x2e, DASH = 0x2d, HASH = 0x23;

export function parseNumberlink(text: string): NumberlinkParse {
  const problems = new ProblemList();
  try {
    return parse(String(text ?? ''), problems);
  } catch (e) {
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

function parse(text: string, problems: ProblemList): NumberlinkParse {
  const lines = splitLines(text);
  const metadata: Metadata[] = [];
  const nonComment: Line[] = [];
  for (const line of lines) {
    const kind = lineKind(text, line);
    if (kind === 'comment') {
      const m = parseMetadata(text, line);
      if (m) metadata.push(m);
    } else if (kind === 'row') nonComment.push(stripTrailingComment(text, line, problems));
  }
  const { rule, ruleRange } = readRule(metadata, problems);

  if (nonComment.length === 0) {
    const first = lines[0];
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
      const label = readCell(text, line, s, e, problems);
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
function readCell(text: string, line: Line, s: number, e: number, problems: ProblemList): string | null {
  if (e - s === 1) {
    const ch = text.charCodeAt(s);
    if (ch === DOT || ch === DASH) return null;
    if (ch > 0x20 && ch < 0x7f && ch !== HASH) return text[s];
  }
  const cell = text.slice(s, e);
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
    const v = Number(value);
    if (v >= 1 && Number.isSafeInteger(v)) return v;
    problems.add('bad-header', numberRange(index, value), `The ${what} must be a whole number of at least 1`);
    return null;
  };

  let m = /^([0-9]+)([ \t]+)([0-9]+)$/.exec(content);
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
  m = /^([0-9]+)([ \t]*[xX×*,;][ \t]*)([0-9]+)$/.exec(content);
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
  if (/^[0-9]+([ \t]+[0-9]+)*$/.test(content)) {
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

const RULE_WORDS = ['nikoli', 'fill', 'notouch'] as const;

function readRule(metadata: Metadata[], problems: ProblemList): { rule: NumberlinkRule; ruleRange?: Range } {
  const rule: NumberlinkRule = { fill: false, notouch: false };
  const ruleLines = metadata.filter((m) => m.key === 'rule');
  if (ruleLines.length === 0) return { rule };
  const first = ruleLines[0];
  for (const dup of ruleLines.slice(1)) {
    problems.add(
      'rule-duplicate',
      dup.range,
      `A second "# rule:" line (the first is on line ${first.range.line + 1}): keep one, with all its words`,
    );
  }
  const vr = first.valueRange;
  if (first.value.trim() === '') {
    problems.add('rule-empty', first.range, `Empty rule: write nikoli (the default), fill, or either with notouch, e.g. "# rule: fill notouch"`);
    return { rule, ruleRange: vr };
  }
  let nikoliAt: Range | null = null, fillAt: Range | null = null;
  const re = /[^\s,]+/g;
  for (let m = re.exec(first.value); m; m = re.exec(first.value)) {
    const word = m[0].toLowerCase();
    const wr: Range = { line: vr.line, col: vr.col + m.index, endLine: vr.line, endCol: vr.col + m.index + m[0].length };
    if (word === 'nikoli') nikoliAt ??= wr;
    else if (word === 'fill') {
      rule.fill = true;
      fillAt ??= wr;
    } else if (word === 'notouch') rule.notouch = true;
    else {
      const guess = closest(word);
      problems.add(
        'rule-word',
        wr,
        `Unknown rule word '${shorten(m[0])}'${guess ? ` (did you mean '${guess}'?)` : ''}: the rule words are nikoli (the default), fill and notouch`,
      );
    }
  }
  if (nikoliAt && fillAt) {
    const later = compare(nikoliAt, fillAt) > 0 ? nikoliAt : fillAt;
    problems.add(
      'rule-conflict',
      later,
      `'nikoli' and 'fill' contradict each other: nikoli lets cells stay empty, fill makes every cell part of a path; keep one`,
    );
  }
  return { rule, ruleRange: vr };
}

function compare(a: Range, b: Range): number {
  return a.line - b.line || a.col - b.col;
}

/** A rule word within edit distance 2 (or equal once punctuation is dropped), for suggestions. */
function closest(word: string): string | null {
  const letters = word.replace(/[^a-z]/g, '');
  for (const w of RULE_WORDS) if (letters === w) return w;
  if (word.length > 20) return null;
  let best: string | null = null, bestD = 3;
  for (const w of RULE_WORDS) {
    const d = editDistance(word, w);
    if (d < bestD) {
      bestD = d;
      best = w;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}
