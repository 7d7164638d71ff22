/**
 * Line and token scanning shared by the `.slk` and `.nlk` parsers.
 *
 * Works on offsets into the original string (no copies per line or cell) so that a 1000x1000
 * grid parses in milliseconds. Columns are UTF-16 code units, as LSP counts them, which is
 * simply the string index minus the line start.
 */
import type { Range, Problem } from '../model/range';
import type { Metadata } from '../model/puzzle';
import { POLL_CHARS, type Poll } from './limits';

/** One physical line. `\n`, `\r\n` and a lone `\r` all end a line (as LSP counts lines). */
export interface Line {
  /** 0-based line number. */
  index: number;
  /** Offset of the first character. */
  start: number;
  /** Offset just past the last character (before the line break). */
  end: number;
  /** Offset of the first non-blank character (= end when the line is blank). */
  first: number;
  /** Offset just past the last non-blank character (= first when blank). */
  last: number;
}

export type LineKind = 'blank' | 'comment' | 'row';

const SPACE = 0x20, TAB = 0x09, HASH = 0x23, BOM = 0xfeff;

/** Spaces and tabs separate tokens; a byte-order mark at the very start is ignored too. */
export function isBlank(code: number): boolean {
  return code === SPACE || code === TAB;
}

/** Every line of the text (the parsers use forEachLine, which keeps none of them). */
export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  forEachLine(text, (line) => {
    lines.push(line);
  });
  return lines;
}

/**
 * Calls `visit` with each line in order, a new Line each time (the caller keeps the ones it
 * needs: a file of millions of comment lines then costs nothing per line). `visit` returns true
 * to stop. `poll` is called every POLL_CHARS characters or so (it throws to stop the parse).
 * `from`: start at this line instead of the first. A final line break does not open another
 * (empty) line worth keeping, but LSP counts it: it is visited, so that "end of document"
 * positions agree with the editor.
 */
export function forEachLine(
  text: string,
  visit: (line: Line) => boolean | void,
  poll?: Poll,
  from?: { start: number; index: number },
): void {
  const n = text.length;
  let start = from?.start ?? 0;
  let index = from?.index ?? 0;
  let nextPoll = start + POLL_CHARS;
  // The next LF and CR at or after `start` (n when none): indexOf scans far faster than a loop.
  let lf = -1, cr = -1;
  for (;;) {
    if (lf < start) lf = nextOf(text, '\n', start);
    if (cr < start) cr = nextOf(text, '\r', start);
    const end = lf < cr ? lf : cr;
    let first = start;
    if (index === 0 && first < end && text.charCodeAt(first) === BOM) first++;
    while (first < end && isBlank(text.charCodeAt(first))) first++;
    let last = end;
    while (last > first && isBlank(text.charCodeAt(last - 1))) last--;
    if (visit({ index, start, end, first, last }) === true) return;
    if (end >= n) return;
    start = end + (end === cr && lf === end + 1 ? 2 : 1);
    index++;
    if (poll !== undefined && start >= nextPoll) {
      poll();
      nextPoll = start + POLL_CHARS;
    }
  }
}

function nextOf(text: string, ch: string, from: number): number {
  const i = text.indexOf(ch, from);
  return i < 0 ? text.length : i;
}

export function lineKind(text: string, line: Line): LineKind {
  if (line.first >= line.last) return 'blank';
  return text.charCodeAt(line.first) === HASH ? 'comment' : 'row';
}

export function range(line: Line, from: number, to: number): Range {
  return { line: line.index, col: from - line.start, endLine: line.index, endCol: to - line.start };
}

/** From `from` on line `a` to `to` on line `b` (offsets). */
export function span(a: Line, from: number, b: Line, to: number): Range {
  return { line: a.index, col: from - a.start, endLine: b.index, endCol: to - b.start };
}

/** The non-blank content of a line (or an empty range at its start when blank). */
export function contentRange(line: Line): Range {
  return range(line, line.first, line.last);
}

/**
 * A grid row with ` # ...` after its cells: FORMATS.md has whole-line comments only, so this
 * is reported, and the row is read without it. Returns the row with `last` moved back.
 */
export function stripTrailingComment(text: string, line: Line, problems: ProblemList): Line {
  for (let i = line.first + 1; i < line.last; i++) {
    if (text.charCodeAt(i) === HASH && isBlank(text.charCodeAt(i - 1))) {
      problems.add(
        'trailing-comment',
        range(line, i, line.last),
        "Comments go on a line of their own (a line is a comment when it starts with '#'): move this to its own line",
      );
      let last = i;
      while (last > line.first && isBlank(text.charCodeAt(last - 1))) last--;
      return { ...line, last };
    }
  }
  return line;
}

/** True when the content of the line has a space or tab between two non-blank characters. */
export function hasInnerBlank(text: string, line: Line): boolean {
  for (let i = line.first; i < line.last; i++) if (isBlank(text.charCodeAt(i))) return true;
  return false;
}

/** Cells of a row as parallel offset arrays. */
export interface Cells {
  starts: number[];
  ends: number[];
}

/** One cell per code point (a surrogate pair is one cell; a lone surrogate is one cell too). */
export function splitCompact(text: string, from: number, to: number): Cells {
  const starts: number[] = [], ends: number[] = [];
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    let j = i + 1;
    if (c >= 0xd800 && c <= 0xdbff && j < to) {
      const d = text.charCodeAt(j);
      if (d >= 0xdc00 && d <= 0xdfff) j++;
    }
    starts.push(i);
    ends.push(j);
    i = j;
  }
  return { starts, ends };
}

/** Maximal runs of non-blank characters. */
export function splitTokens(text: string, from: number, to: number): Cells {
  const starts: number[] = [], ends: number[] = [];
  let i = from;
  while (i < to) {
    while (i < to && isBlank(text.charCodeAt(i))) i++;
    if (i >= to) break;
    const s = i;
    while (i < to && !isBlank(text.charCodeAt(i))) i++;
    starts.push(s);
    ends.push(i);
  }
  return { starts, ends };
}

/** Number of code points in text[from, to). */
export function codePointLength(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

const KEY_START = /[A-Za-z]/;
const KEY_CHAR = /[A-Za-z0-9_-]/;

/**
 * `# key: value` (the colon followed by a blank or the end of the line, so that `# see
 * https://...` stays a plain comment). Keys are lower-cased; the value is trimmed.
 */
export function parseMetadata(text: string, line: Line): Metadata | null {
  let i = line.first + 1; // past '#'
  while (i < line.last && isBlank(text.charCodeAt(i))) i++;
  const keyStart = i;
  if (i >= line.last || !KEY_START.test(text[i])) return null;
  while (i < line.last && KEY_CHAR.test(text[i])) i++;
  if (i >= line.last || text.charCodeAt(i) !== 0x3a) return null;
  const key = text.slice(keyStart, i).toLowerCase();
  i++;
  if (i < line.last && !isBlank(text.charCodeAt(i))) return null;
  while (i < line.last && isBlank(text.charCodeAt(i))) i++;
  return {
    key,
    value: text.slice(i, line.last),
    range: range(line, line.start, line.end),
    valueRange: range(line, i, line.last),
  };
}

/** A printable rendering of a cell for messages: `'x'`, `U+0000` for an invisible character, long ones cut. */
export function describeChar(s: string): string {
  const cp = s.codePointAt(0) ?? 0;
  const single = s.length === 1 || (s.length === 2 && cp > 0xffff);
  if (single) return isPrintable(s) ? `'${s}'` : `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${[...shorten(s)].map((ch) => (isPrintable(ch) ? ch : '\uFFFD')).join('')}'`;
}

/** At most `max` code points of s, with an ellipsis when cut (labels can be any length). */
export function shorten(s: string, max = 24): string {
  if (s.length <= max) return s;
  const cps = Array.from(s.slice(0, 2 * max)); // at least `max` code points unless s has fewer
  if (cps.length > max) return cps.slice(0, max).join('') + '…';
  return s.length > 2 * max ? cps.join('') + '…' : s;
}

/** Control, format, separator, unassigned and lone-surrogate code points are not printable. */
const NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Cn}\p{Z}\p{M}]$/u;

/** One code point (or lone surrogate) that can stand on its own as a visible cell. */
export function isPrintable(ch: string): boolean {
  if (ch.length === 1) {
    const c = ch.charCodeAt(0);
    if (c > 0x20 && c < 0x7f) return true;
    if (c < 0xa0) return false;
    if (c >= 0xd800 && c <= 0xdfff) return false; // lone surrogate
  }
  return !NON_PRINTABLE.test(ch);
}

/** Every code point in text[from, to) is printable. */
export function allPrintable(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x20 && c < 0x7f) continue;
    let j = i + 1;
    if (c >= 0xd800 && c <= 0xdbff && j < to) {
      const d = text.charCodeAt(j);
      if (d >= 0xdc00 && d <= 0xdfff) j++;
    }
    if (!isPrintable(text.slice(i, j))) return false;
    i = j - 1;
  }
  return true;
}

/** Most common value (ties go to the one seen first); `fallback` for an empty list. */
export function mode(values: number[], fallback: number): number {
  const counts = new Map<number, number>();
  let best = fallback, bestCount = 0;
  for (const v of values) {
    const k = (counts.get(v) ?? 0) + 1;
    counts.set(v, k);
    if (k > bestCount) {
      best = v;
      bestCount = k;
    }
  }
  // Ties: the first value to reach the top count wins above; prefer the earliest-seen value
  // among equals instead, so that the first row decides a 1:1 split.
  for (const v of values) if (counts.get(v) === bestCount) return v;
  return best;
}

/**
 * Collects problems, keeping at most `max` (a flood of one problem per character of a binary
 * file helps nobody and would swamp an editor); the overflow is summarised at the end.
 */
export class ProblemList {
  readonly items: Problem[] = [];
  private dropped = 0;
  private lastRange: Range | null = null;

  constructor(readonly max = 1000) {}

  add(code: string, range: Range, message: string): void {
    if (this.items.length < this.max) this.items.push({ code, range, message });
    else {
      this.dropped++;
      this.lastRange = range;
    }
  }

  /** The problems in document order (stable), with the overflow summary last. */
  finish(): Problem[] {
    this.items.sort((a, b) => a.range.line - b.range.line || a.range.col - b.range.col);
    if (this.dropped > 0 && this.lastRange) {
      const r = this.lastRange;
      this.items.push({
        code: 'too-many-problems',
        range: { line: r.line, col: r.col, endLine: r.endLine, endCol: r.endCol },
        message: `${this.dropped} more problem${this.dropped === 1 ? '' : 's'} not listed (only the first ${this.max} are)`,
      });
      this.dropped = 0;
    }
    return this.items;
  }
}

/**
 * The grid rows of a file after layout decisions: every non-blank, non-comment line, split
 * into cells. Layout: the first grid row fixes it (FORMATS.md), except that when most rows
 * disagree with the first, the majority wins, so that a single odd row is the one flagged.
 */
export function decideLayout(text: string, rows: Line[]): 'compact' | 'tokens' {
  let spaced = 0, compact = 0, firstVote: 'compact' | 'tokens' | null = null;
  for (const line of rows) {
    if (hasInnerBlank(text, line)) {
      spaced++;
      firstVote ??= 'tokens';
    } else if (codePointLength(text, line.first, line.last) > 1) {
      compact++;
      firstVote ??= 'compact';
    }
  }
  if (spaced > compact) return 'tokens';
  if (compact > spaced) return 'compact';
  return firstVote ?? 'compact';
}

/** Why the grid is `cols` wide, for row-length messages. */
export function widthReason(widths: number[], cols: number): string {
  let agree = 0;
  for (const w of widths) if (w === cols) agree++;
  if (agree * 2 > widths.length) return widths.length > 2 ? 'as most rows are' : 'as the first row is';
  return widths[0] === cols ? 'as the first row is' : 'as most rows are';
}

export function plural(n: number, one: string, many = one + 's'): string {
  return `${n} ${n === 1 ? one : many}`;
}
