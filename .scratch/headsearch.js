"use strict";

// .scratch/headsearch.ts
var import_node_fs = require("node:fs");

// server/src/parse/limits.ts
var MAX_GRID_CELLS = 1 << 20;
var MAX_METADATA = 1e3;
var ParseStop = class extends Error {
  constructor(reason) {
    super(`parse stopped: ${reason}`);
    this.reason = reason;
  }
};
var POLL_CHARS = 1 << 16;
function pollOf(options) {
  const deadline = options?.deadline;
  const isCancelled = options?.isCancelled;
  if (deadline === void 0 && !isCancelled) return void 0;
  return () => {
    if (isCancelled?.()) throw new ParseStop("cancelled");
    if (deadline !== void 0 && Date.now() > deadline) throw new ParseStop("time");
  };
}

// server/src/parse/lines.ts
var SPACE = 32;
var TAB = 9;
var HASH = 35;
var BOM = 65279;
function isBlank(code) {
  return code === SPACE || code === TAB;
}
function forEachLine(text, visit, poll, from) {
  const n = text.length;
  let start = from?.start ?? 0;
  let index = from?.index ?? 0;
  let nextPoll = start + POLL_CHARS;
  let lf = -1, cr = -1;
  for (; ; ) {
    if (lf < start) lf = nextOf(text, "\n", start);
    if (cr < start) cr = nextOf(text, "\r", start);
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
    if (poll !== void 0 && start >= nextPoll) {
      poll();
      nextPoll = start + POLL_CHARS;
    }
  }
}
function nextOf(text, ch, from) {
  const i = text.indexOf(ch, from);
  return i < 0 ? text.length : i;
}
function lineKind(text, line) {
  if (line.first >= line.last) return "blank";
  return text.charCodeAt(line.first) === HASH ? "comment" : "row";
}
function range(line, from, to) {
  return { line: line.index, col: from - line.start, endLine: line.index, endCol: to - line.start };
}
function contentRange(line) {
  return range(line, line.first, line.last);
}
function stripTrailingComment(text, line, problems) {
  for (let i = line.first + 1; i < line.last; i++) {
    if (text.charCodeAt(i) === HASH && isBlank(text.charCodeAt(i - 1))) {
      problems.add(
        "trailing-comment",
        range(line, i, line.last),
        "Comments go on a line of their own (a line is a comment when it starts with '#'): move this to its own line"
      );
      let last = i;
      while (last > line.first && isBlank(text.charCodeAt(last - 1))) last--;
      return { ...line, last };
    }
  }
  return line;
}
function hasInnerBlank(text, line) {
  for (let i = line.first; i < line.last; i++) if (isBlank(text.charCodeAt(i))) return true;
  return false;
}
function splitCompact(text, from, to) {
  const starts = [], ends = [];
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    let j = i + 1;
    if (c >= 55296 && c <= 56319 && j < to) {
      const d = text.charCodeAt(j);
      if (d >= 56320 && d <= 57343) j++;
    }
    starts.push(i);
    ends.push(j);
    i = j;
  }
  return { starts, ends };
}
function splitTokens(text, from, to) {
  const starts = [], ends = [];
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
function codePointLength(text, from, to) {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 55296 && c <= 56319 && i + 1 < to) {
      const d = text.charCodeAt(i + 1);
      if (d >= 56320 && d <= 57343) i++;
    }
    n++;
  }
  return n;
}
var KEY_START = /[A-Za-z]/;
var KEY_CHAR = /[A-Za-z0-9_-]/;
function parseMetadata(text, line) {
  let i = line.first + 1;
  while (i < line.last && isBlank(text.charCodeAt(i))) i++;
  const keyStart = i;
  if (i >= line.last || !KEY_START.test(text[i])) return null;
  while (i < line.last && KEY_CHAR.test(text[i])) i++;
  if (i >= line.last || text.charCodeAt(i) !== 58) return null;
  const key = text.slice(keyStart, i).toLowerCase();
  i++;
  if (i < line.last && !isBlank(text.charCodeAt(i))) return null;
  while (i < line.last && isBlank(text.charCodeAt(i))) i++;
  return {
    key,
    value: text.slice(i, line.last),
    range: range(line, line.start, line.end),
    valueRange: range(line, i, line.last)
  };
}
function describeChar(s) {
  const cp = s.codePointAt(0) ?? 0;
  const single = s.length === 1 || s.length === 2 && cp > 65535;
  if (single) return isPrintable(s) ? `'${s}'` : `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  return `'${[...shorten(s)].map((ch) => isPrintable(ch) ? ch : "\uFFFD").join("")}'`;
}
function shorten(s, max = 24) {
  if (s.length <= max) return s;
  const cps = Array.from(s.slice(0, 2 * max));
  if (cps.length > max) return cps.slice(0, max).join("") + "\u2026";
  return s.length > 2 * max ? cps.join("") + "\u2026" : s;
}
var NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Cn}\p{Z}\p{M}]$/u;
function isPrintable(ch) {
  if (ch.length === 1) {
    const c = ch.charCodeAt(0);
    if (c > 32 && c < 127) return true;
    if (c < 160) return false;
    if (c >= 55296 && c <= 57343) return false;
  }
  return !NON_PRINTABLE.test(ch);
}
function allPrintable(text, from, to) {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c < 127) continue;
    let j = i + 1;
    if (c >= 55296 && c <= 56319 && j < to) {
      const d = text.charCodeAt(j);
      if (d >= 56320 && d <= 57343) j++;
    }
    if (!isPrintable(text.slice(i, j))) return false;
    i = j - 1;
  }
  return true;
}
function mode(values, fallback) {
  const counts = /* @__PURE__ */ new Map();
  let best = fallback, bestCount = 0;
  for (const v of values) {
    const k = (counts.get(v) ?? 0) + 1;
    counts.set(v, k);
    if (k > bestCount) {
      best = v;
      bestCount = k;
    }
  }
  for (const v of values) if (counts.get(v) === bestCount) return v;
  return best;
}
var ProblemList = class {
  constructor(max = 1e3) {
    this.max = max;
  }
  items = [];
  dropped = 0;
  lastRange = null;
  add(code, range2, message) {
    if (this.items.length < this.max) this.items.push({ code, range: range2, message });
    else {
      this.dropped++;
      this.lastRange = range2;
    }
  }
  /** The problems in document order (stable), with the overflow summary last. */
  finish() {
    this.items.sort((a, b) => a.range.line - b.range.line || a.range.col - b.range.col);
    if (this.dropped > 0 && this.lastRange) {
      const r = this.lastRange;
      this.items.push({
        code: "too-many-problems",
        range: { line: r.line, col: r.col, endLine: r.endLine, endCol: r.endCol },
        message: `${this.dropped} more problem${this.dropped === 1 ? "" : "s"} not listed (only the first ${this.max} are)`
      });
      this.dropped = 0;
    }
    return this.items;
  }
};
function decideLayout(text, rows) {
  let spaced = 0, compact = 0, firstVote = null;
  for (const line of rows) {
    if (hasInnerBlank(text, line)) {
      spaced++;
      firstVote ??= "tokens";
    } else if (codePointLength(text, line.first, line.last) > 1) {
      compact++;
      firstVote ??= "compact";
    }
  }
  if (spaced > compact) return "tokens";
  if (compact > spaced) return "compact";
  return firstVote ?? "compact";
}
function widthReason(widths, cols) {
  let agree = 0;
  for (const w of widths) if (w === cols) agree++;
  if (agree * 2 > widths.length) return widths.length > 2 ? "as most rows are" : "as the first row is";
  return widths[0] === cols ? "as the first row is" : "as most rows are";
}
function plural(n, one, many = one + "s") {
  return `${n} ${n === 1 ? one : many}`;
}

// server/src/parse/gridSize.ts
function cellsWritten(text, from, to, cap) {
  let tokens = 0, chars = 0, spaced = false, inToken = false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (isBlank(c)) {
      inToken = false;
      spaced = true;
      continue;
    }
    if (!inToken) {
      inToken = true;
      if (++tokens > cap) break;
    }
    if (!(c >= 56320 && c <= 57343 && i > from && isHigh(text.charCodeAt(i - 1)))) chars++;
  }
  return spaced || tokens > cap ? tokens : chars;
}
function isHigh(c) {
  return c >= 55296 && c <= 56319;
}
var GridSize = class {
  constructor(max = MAX_GRID_CELLS) {
    this.max = max;
  }
  rows = 0;
  cells = 0;
  widest = 0;
  narrowest = Infinity;
  /** Some row alone has more cells than the limit (its count stopped there). */
  rowCapped = false;
  /** Counting stopped at the deadline once the grid was too large: the counts are lower bounds. */
  partial = false;
  /** Counts a grid row; true while the grid is within the limit (then the caller keeps the row). */
  add(text, line) {
    const n = cellsWritten(text, line.first, line.last, this.max);
    if (n > this.max) this.rowCapped = true;
    this.rows++;
    this.cells += n;
    if (n > this.widest) this.widest = n;
    if (n < this.narrowest) this.narrowest = n;
    return !this.tooLarge;
  }
  get tooLarge() {
    return this.cells > this.max;
  }
  /**
   * The parse's poll, except that once the grid is too large the deadline no longer stops the
   * parse (the refusal is its answer): counting stops there instead (`partial`).
   */
  poll(poll) {
    if (poll === void 0) return void 0;
    return () => {
      if (!this.tooLarge) return poll();
      try {
        poll();
      } catch (e) {
        if (!(e instanceof ParseStop && e.reason === "time")) throw e;
        this.partial = true;
      }
    };
  }
  /** The message of `grid-too-large`. */
  message() {
    const f = (n) => n.toLocaleString("en-US");
    const some = this.partial ? "at least " : "";
    const size = this.rowCapped ? `a row of more than ${f(this.max)} cells` : this.widest === this.narrowest && !this.partial ? `${f(this.rows)} rows of ${f(this.widest)} cells (${f(this.cells)} cells)` : `${some}${f(this.rows)} rows of up to ${f(this.widest)} cells (${some}${f(this.cells)} cells in all)`;
    const side = Math.floor(Math.sqrt(this.max));
    return `Grid too large to check: ${size}; the checker takes grids of at most ${f(this.max)} cells (e.g. ${side} \xD7 ${side})`;
  }
};

// server/src/parse/utf8.ts
var BadByteMarks = class {
  constructor(bad) {
    this.bad = bad;
    this.offsets = new Set(bad?.at.map((b) => b.offset));
  }
  next = 0;
  offsets;
  /** Whether the U+FFFD at `offset` stands for bytes that were not UTF-8 (already reported). */
  has(offset) {
    return this.offsets.has(offset);
  }
  /** Whether text[from, to) holds such a U+FFFD. */
  within(text, from, to) {
    if (this.offsets.size === 0) return false;
    for (let i = text.indexOf("\uFFFD", from); i >= 0 && i < to; i = text.indexOf("\uFFFD", i + 1)) if (this.offsets.has(i)) return true;
    return false;
  }
  /** Reports the bad sequences on `line` (lines come in order). */
  visit(line, problems) {
    const at = this.bad?.at;
    if (!at) return;
    for (; this.next < at.length && at[this.next].offset <= line.end; this.next++) {
      const { offset, bytes } = at[this.next];
      if (offset < line.start) continue;
      const hex = bytes.map((b) => "0x" + b.toString(16).toUpperCase().padStart(2, "0")).join(" ");
      const what = bytes.length === 1 ? `byte ${hex} is` : `bytes ${hex} are`;
      const more = this.next === at.length - 1 && this.bad.total > at.length ? ` (and ${this.bad.total - at.length} more bad sequences after it, not listed)` : "";
      problems.add(
        "invalid-utf8",
        range(line, offset, offset + 1),
        `Invalid UTF-8: the ${what} not a UTF-8 character (it reads as U+FFFD); save the file as UTF-8 text${more}`
      );
    }
  }
};

// server/src/parse/solutionBlock.ts
function findSolutionSeparator(text, poll) {
  let found = { offset: -1, line: -1 };
  if (!text.includes("---")) return found;
  let sep = null;
  forEachLine(text, (l) => {
    if (sep === null) {
      if (l.last - l.first === 3 && text.startsWith("---", l.first)) sep = l;
      return false;
    }
    const c = text.charCodeAt(l.first);
    if (l.first < l.last && c !== 35 && hasX(text, l.first, l.last)) {
      found = { offset: sep.start, line: sep.index };
      return true;
    }
    return false;
  }, poll);
  return found;
}
function hasX(text, from, to) {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 120 || c === 88) return true;
  }
  return false;
}
function parseSolutionBlock(text, rows, cols, poll, split) {
  const sep = split ?? findSolutionSeparator(text, poll);
  if (sep.offset < 0) return null;
  const list = new ProblemList(100);
  const inside = new Uint8Array(rows * cols);
  const rowRanges = [];
  const cellRanges = [];
  let r = 0;
  let sepLine = null;
  let last = null;
  let extra = null;
  const at = (l, a, b) => ({ line: l.index, col: a - l.start, endLine: l.index, endCol: b - l.start });
  forEachLine(text, (l) => {
    if (sepLine === null) {
      sepLine = last = l;
      return;
    }
    if (l.first >= l.last || text[l.first] === "#") return;
    last = l;
    const range2 = at(l, l.first, l.last);
    if (r >= rows) {
      extra = extra ? { ...extra, endLine: range2.endLine, endCol: range2.endCol } : range2;
      return;
    }
    rowRanges.push(range2);
    let c = 0;
    for (let k = l.first; k < l.last; k++) {
      const ch = text[k];
      if (ch === " " || ch === "	") continue;
      if (ch !== "x" && ch !== "X" && ch !== ".") {
        list.add("solution-cell", at(l, k, k + 1), `Unexpected '${ch}' in the solution block: mark each cell x (inside the loop) or . (outside)`);
      } else if (c < cols) {
        inside[r * cols + c] = ch === "." ? 0 : 1;
        cellRanges[r * cols + c] = at(l, k, k + 1);
      }
      c++;
    }
    if (c !== cols) list.add("solution-row-length", range2, `Solution row ${r + 1} has ${c} cells; the grid is ${cols} wide`);
    r++;
  }, poll, { start: sep.offset, index: sep.line });
  const s = sepLine, e = last;
  if (extra) list.add("solution-rows", extra, `The solution block has more rows than the grid (${rows})`);
  if (r < rows) {
    list.add("solution-rows", { line: s.index, col: 0, endLine: e.index, endCol: e.end - e.start }, `The solution block has ${r} row${r === 1 ? "" : "s"}; the grid has ${rows}`);
  }
  const problems = list.finish();
  return {
    inside: problems.length === 0 ? inside : null,
    range: { line: s.index, col: 0, endLine: e.index, endCol: e.end - e.start },
    rowRanges,
    cellRanges,
    problems
  };
}

// server/src/parse/rows.ts
function layoutExample(text, rows, layout) {
  for (const line of rows) {
    const spaced = hasInnerBlank(text, line);
    if (layout === "tokens" ? spaced : !spaced && codePointLength(text, line.first, line.last) > 1) return line;
  }
  return null;
}
function splitRow(text, line, layout, problems, example, acceptCompact) {
  const spaced = hasInnerBlank(text, line);
  const where = example ? ` (as on line ${example.index + 1})` : "";
  if (layout === "compact") {
    if (!spaced) return { cells: splitCompact(text, line.first, line.last), mixed: false };
    problems.add(
      "mixed-layout",
      range(line, line.first, line.last),
      `This row separates its cells with spaces, but the grid's rows are compact, one character per cell${where}: write every row the same way`
    );
    return { cells: splitTokens(text, line.first, line.last), mixed: true };
  }
  if (spaced) return { cells: splitTokens(text, line.first, line.last), mixed: false };
  const length = codePointLength(text, line.first, line.last);
  if (length > 1 && acceptCompact(length)) {
    problems.add(
      "mixed-layout",
      range(line, line.first, line.last),
      `This row is compact (one character per cell), but the grid's rows separate their cells with spaces${where}: write every row the same way`
    );
    return { cells: splitCompact(text, line.first, line.last), mixed: true };
  }
  return { cells: splitTokens(text, line.first, line.last), mixed: false };
}
function checkRowLengths(rows, cols, problems, why) {
  for (let r = 0; r < rows.length; r++) {
    const { line, cells } = rows[r];
    const n = cells.starts.length;
    if (n === cols) continue;
    if (n > cols) {
      problems.add(
        "row-length",
        range(line, cells.starts[cols], cells.ends[n - 1]),
        `Row ${r + 1} has ${n} cells, ${n - cols} too many: the grid is ${plural(cols, "cell")} wide (${why})`
      );
    } else {
      problems.add(
        "row-length",
        range(line, line.first, line.last),
        `Row ${r + 1} has ${plural(n, "cell")}, ${cols - n} too few: the grid is ${plural(cols, "cell")} wide (${why})`
      );
    }
  }
}
function fitCells(rows, cols) {
  const n = rows.length * cols;
  const spans = { line: new Int32Array(n), col: new Int32Array(n), endCol: new Int32Array(n) };
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
function spanRange(spans, i) {
  return { line: spans.line[i], col: spans.col[i], endLine: spans.line[i], endCol: spans.endCol[i] };
}
function defineCellRanges(target, spans) {
  const settle = (obj, value) => Object.defineProperty(obj, "cellRanges", { value, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(target, "cellRanges", {
    enumerable: true,
    configurable: true,
    get() {
      const n = spans.line.length;
      const value = new Array(n);
      for (let i = 0; i < n; i++) value[i] = spanRange(spans, i);
      settle(this, value);
      return value;
    },
    set(value) {
      settle(this, value);
    }
  });
}

// server/src/parse/slitherlink.ts
var DOT = 46;
var DASH = 45;
var ZERO = 48;
function parseSlitherlink(text, options) {
  const problems = new ProblemList();
  const poll = pollOf(options);
  try {
    const all = String(text ?? "");
    const sep = findSolutionSeparator(all, poll);
    if (sep.offset < 0) return parse(all, problems, options, poll);
    const result = parse(all.slice(0, sep.offset), problems, options, poll);
    const block = result.puzzle ? parseSolutionBlock(all, result.puzzle.rows, result.puzzle.cols, poll, sep) : null;
    if (!block || !result.puzzle) return result;
    if (block.inside) result.puzzle.solution = block.inside;
    result.puzzle.solutionRange = block.range;
    if (block.inside) result.puzzle.solutionCellRanges = block.cellRanges;
    return { puzzle: result.puzzle, problems: [...result.problems, ...block.problems] };
  } catch (e) {
    if (e instanceof ParseStop) return { puzzle: null, problems: [], stopped: e.reason };
    problems.add("internal-error", { line: 0, col: 0, endLine: 0, endCol: 0 }, `Internal parser error: ${String(e)}`);
    return { puzzle: null, problems: problems.finish() };
  }
}
function parse(text, problems, options, poll) {
  const metadata = [];
  let rowLines = [];
  let firstLine;
  const size = new GridSize();
  const marks = new BadByteMarks(options?.badBytes);
  forEachLine(text, (line) => {
    firstLine ??= line;
    const kind = lineKind(text, line);
    if (size.tooLarge) {
      if (size.partial) return true;
      if (kind === "row") size.add(text, line);
      return;
    }
    marks.visit(line, problems);
    if (kind === "comment") {
      const m = metadata.length < MAX_METADATA ? parseMetadata(text, line) : null;
      if (m) metadata.push(m);
    } else if (kind === "row") {
      const row = stripTrailingComment(text, line, problems);
      if (size.add(text, row)) rowLines.push({ ...row });
    }
  }, size.poll(poll));
  if (size.tooLarge) return tooLarge(size, rowLines[0] ?? firstLine);
  if (rowLines.length === 0) {
    const first = firstLine;
    problems.add("no-grid", range(first, first.start, first.end), 'No grid rows: a .slk file is rows of cells such as "3 . 2" or "3.2"');
    return { puzzle: null, problems: problems.finish() };
  }
  const header = sizeHeader(text, rowLines[0]);
  if (header && rowLines.length > 1) {
    const rest = rowLines.slice(1);
    const restLayout = decideLayout(text, rest);
    const widths2 = rest.map((l) => restLayout === "tokens" ? splitTokens(text, l.first, l.last).starts.length : l.last - l.first);
    const fits = rest.length === header.h && mode(widths2, -1) === header.w;
    if (header.w > 4 || header.h > 4 || fits && header.w !== 2) {
      problems.add(
        "unexpected-header",
        contentRange(rowLines[0]),
        `This looks like a size header "W H"; .slk files have none (the rows give the size): delete this line`
      );
      rowLines = rest;
    }
  }
  const layout = decideLayout(text, rowLines);
  const example = layoutExample(text, rowLines, layout);
  const rows = rowLines.map((line) => ({
    line,
    // Slitherlink cells are single characters, so a multi-character token is always a compact row.
    cells: splitRow(text, line, layout, problems, example, () => true).cells
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
      if (marks.within(text, s, e)) continue;
      const token = text.slice(s, e);
      if (/^[0-9]+$/.test(token)) {
        problems.add("hint-too-large", range(line, s, e), `Hint ${token} is impossible: a cell has only 4 sides (hints are 0 to 4)`);
      } else {
        problems.add(
          "bad-cell",
          range(line, s, e),
          `Unexpected ${describeChar(token)}: a cell is a hint 0 to 4, or '.' (or '-') when empty`
        );
      }
    }
  }
  const puzzle = { kind: "slitherlink", rows: nrows, cols, cellRanges: [], metadata, layout, hints };
  defineCellRanges(puzzle, spans);
  return { puzzle, problems: problems.finish() };
}
function tooLarge(size, first) {
  const problems = new ProblemList();
  problems.add("grid-too-large", contentRange(first), size.message());
  return { puzzle: null, problems: problems.finish() };
}
function sizeHeader(text, line) {
  const m = /^([0-9]+)[ \t]+([0-9]+)$/.exec(text.slice(line.first, line.last));
  return m ? { w: Number(m[1]), h: Number(m[2]) } : null;
}

// server/src/parse/numberlink.ts
var DOT2 = 46;
var DASH2 = 45;
var HASH2 = 35;
function parseNumberlink(text, options) {
  const problems = new ProblemList();
  try {
    return parse2(String(text ?? ""), problems, options);
  } catch (e) {
    if (e instanceof ParseStop) return { puzzle: null, problems: [], stopped: e.reason };
    problems.add("internal-error", { line: 0, col: 0, endLine: 0, endCol: 0 }, `Internal parser error: ${String(e)}`);
    return { puzzle: null, problems: problems.finish() };
  }
}
function parse2(text, problems, options) {
  const metadata = [];
  const nonComment = [];
  let firstLine;
  let ruleLine = null;
  const size = new GridSize();
  const marks = new BadByteMarks(options?.badBytes);
  forEachLine(text, (line) => {
    firstLine ??= line;
    const kind = lineKind(text, line);
    if (size.tooLarge) {
      if (size.partial) return true;
      if (kind === "row") size.add(text, line);
      return;
    }
    marks.visit(line, problems);
    if (kind === "comment") {
      const m = parseMetadata(text, line);
      if (!m) return;
      if (m.key === "rule") {
        if (ruleLine) {
          problems.add(
            "rule-duplicate",
            m.range,
            `A second "# rule:" line (the first is on line ${ruleLine.range.line + 1}): keep one, with all its words`
          );
          return;
        }
        ruleLine = m;
      }
      if (metadata.length < MAX_METADATA || m === ruleLine) metadata.push(m);
    } else if (kind === "row") {
      const row = stripTrailingComment(text, line, problems);
      if (nonComment.length === 0 && looksLikeHeader(text, row)) nonComment.push({ ...row });
      else if (size.add(text, row)) nonComment.push({ ...row });
    }
  }, size.poll(pollOf(options)));
  if (size.tooLarge) {
    const refused = new ProblemList();
    refused.add("grid-too-large", contentRange(nonComment[0] ?? firstLine), size.message());
    return { puzzle: null, problems: refused.finish() };
  }
  const { rule: rule2, ruleRange } = readRule(ruleLine, problems);
  if (nonComment.length === 0) {
    const first = firstLine;
    problems.add(
      "no-grid",
      range(first, first.start, first.end),
      'Empty puzzle: a .nlk file is the size header "W H" (width, height), then H rows of W cells'
    );
    return { puzzle: null, problems: problems.finish() };
  }
  const header = readHeader(text, nonComment, problems);
  const gridLines = header.consumed ? nonComment.slice(1) : nonComment;
  if (gridLines.length === 0) {
    problems.add("no-grid", header.range, "No grid rows after the size header");
    return { puzzle: null, problems: problems.finish() };
  }
  let layout = decideLayout(text, gridLines);
  if (header.w === 1 && gridLines.some((l) => hasInnerBlank(text, l) || codePointLength(text, l.first, l.last) > 1)) {
    layout = "tokens";
  }
  const example = layoutExample(text, gridLines, layout);
  let expected = header.w;
  if (expected === null && layout === "tokens") {
    const spacedWidths = [];
    for (const l of gridLines) if (hasInnerBlank(text, l)) spacedWidths.push(countTokens(text, l));
    expected = mode(spacedWidths, 0);
  }
  const rows = [];
  const mixedRows = [];
  for (const line of gridLines) {
    const { cells: cells2, mixed } = splitRow(text, line, layout, problems, example, (n) => expected !== null && expected > 1 && n === expected);
    rows.push({ line, cells: cells2 });
    mixedRows.push(mixed);
  }
  const widths = rows.map((r) => r.cells.starts.length);
  const nrows = rows.length;
  let cols;
  let why;
  if (header.w !== null && widths.includes(header.w)) {
    cols = header.w;
    why = "as the header says";
  } else {
    cols = mode(widths, 0);
    why = widthReason(widths, cols);
    if (header.w !== null && header.wRange) {
      if (header.h !== null && header.w !== header.h && header.w === nrows && header.h === cols) {
        problems.add(
          "header-swapped",
          header.range,
          `The header says ${header.w} ${header.h}, but the grid is ${cols} wide and ${nrows} tall: the header is width first, then height ("${cols} ${nrows}")`
        );
        header.h = null;
      } else {
        problems.add(
          "header-width",
          header.wRange,
          `The header gives width ${header.w}, but no row has ${plural(header.w, "cell")} (${nrows > 1 ? "most rows have" : "the row has"} ${cols})`
        );
      }
    }
  }
  checkRowLengths(rows, cols, problems, why);
  if (header.h !== null && header.h !== nrows) {
    if (nrows > header.h) {
      const a = rows[header.h].line, b = rows[nrows - 1].line;
      problems.add(
        "row-count",
        { line: a.index, col: a.first - a.start, endLine: b.index, endCol: b.last - b.start },
        `${plural(nrows - header.h, "row")} too many: the header gives height ${header.h}, the grid has ${nrows} rows`
      );
    } else {
      const b = rows[nrows - 1].line;
      problems.add(
        "row-count",
        range(b, b.last, b.last),
        `${plural(header.h - nrows, "row")} missing after this one: the header gives height ${header.h}, the grid has ${plural(nrows, "row")}`
      );
    }
  }
  const cells = new Int32Array(nrows * cols).fill(-1);
  const spans = fitCells(rows, cols);
  const labels = [];
  const labelIndex = /* @__PURE__ */ new Map();
  const counts = [];
  const compact = layout === "compact";
  for (let r = 0; r < nrows; r++) {
    const { line, cells: rc } = rows[r];
    const n = Math.min(cols, rc.starts.length);
    for (let c = 0; c < n; c++) {
      const s = rc.starts[c], e = rc.ends[c];
      const label = readCell(text, line, s, e, problems, marks);
      if (label === null) continue;
      if (compact && mixedRows[r] && codePointLength(text, s, e) > 1) {
        problems.add(
          "long-token",
          range(line, s, e),
          `'${shorten(label)}' is ${codePointLength(text, s, e)} characters, but compact rows take one character per cell: to use longer labels, separate the cells of every row with spaces`
        );
      }
      let k = labelIndex.get(label);
      if (k === void 0) {
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
  const puzzle = {
    kind: "numberlink",
    rows: nrows,
    cols,
    cellRanges: [],
    metadata,
    layout,
    cells,
    labels,
    rule: rule2,
    headerRange
  };
  if (ruleRange) puzzle.ruleRange = ruleRange;
  defineCellRanges(puzzle, spans);
  return { puzzle, problems: problems.finish() };
}
function countTokens(text, line) {
  let n = 0, inToken = false;
  for (let i = line.first; i < line.last; i++) {
    const blank = text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9;
    if (!blank && !inToken) n++;
    inToken = !blank;
  }
  return n;
}
function readCell(text, line, s, e, problems, marks) {
  if (e - s === 1) {
    const ch = text.charCodeAt(s);
    if (ch === DOT2 || ch === DASH2) return null;
    if (ch > 32 && ch < 127 && ch !== HASH2) return text[s];
  }
  const cell = text.slice(s, e);
  if (cell.includes("\uFFFD")) {
    if (!marks.within(text, s, e)) {
      problems.add(
        "bad-cell",
        range(line, s, e),
        `${describeChar(cell)} cannot be a label: U+FFFD (the replacement character) stands for bytes that were not UTF-8 text, so the label is lost; retype it`
      );
    }
    return null;
  }
  if (cell.includes("#")) {
    problems.add(
      "bad-cell",
      range(line, s, e),
      cell === "#" ? `'#' cannot be a label (a line starting with '#' is a comment): use another character` : `${describeChar(cell)} cannot be a label: labels do not contain '#' (comments go on their own line)`
    );
    return null;
  }
  if (!allPrintable(text, s, e)) {
    problems.add("bad-cell", range(line, s, e), `Unexpected ${describeChar(cell)}: a cell is '.' (or '-') when empty, or a visible label`);
    return null;
  }
  if (/^[.-]+$/.test(cell)) {
    problems.add("bad-cell", range(line, s, e), `'${shorten(cell)}' is not a cell: an empty cell is a single '.' (or '-')`);
    return null;
  }
  return cell;
}
function reportLabelCounts(labels, counts, cells, cols, spans, problems) {
  const bad = /* @__PURE__ */ new Set();
  for (let k = 0; k < labels.length; k++) if (counts[k] !== 2) bad.add(k);
  if (bad.size === 0) return;
  const where = /* @__PURE__ */ new Map();
  for (let i = 0; i < cells.length; i++) {
    const k = cells[i];
    if (k >= 0 && bad.has(k)) {
      let list = where.get(k);
      if (!list) where.set(k, list = []);
      list.push(i);
    }
  }
  for (const [k, list] of where) {
    const name = shorten(labels[k]);
    const cellsText = list.slice(0, 6).map((i) => `(${Math.floor(i / cols) + 1}, ${i % cols + 1})`).join(", ");
    const message = list.length === 1 ? `Label '${name}' occurs once: every label must occur exactly twice, at the two ends of its path` : `Label '${name}' occurs ${list.length} times, at ${cellsText}${list.length > 6 ? ", ..." : ""}: every label must occur exactly twice`;
    for (const i of list) problems.add("label-count", spanRange(spans, i), message);
  }
}
function readHeader(text, nonComment, problems) {
  const line = nonComment[0];
  const content = text.slice(line.first, line.last);
  const whole = contentRange(line);
  const numberRange = (index, value) => range(line, line.first + index, line.first + index + value.length);
  const sizeNumber = (value, index, what) => {
    const why = badSize(value, what);
    if (why === null) return Number(value);
    problems.add("bad-header", numberRange(index, value), why);
    return null;
  };
  let m = TWO_NUMBERS.exec(content);
  if (m) {
    const hIndex = m[1].length + m[2].length;
    return {
      w: sizeNumber(m[1], 0, "width"),
      h: sizeNumber(m[3], hIndex, "height"),
      wRange: numberRange(0, m[1]),
      hRange: numberRange(hIndex, m[3]),
      range: whole,
      consumed: true
    };
  }
  m = SEPARATED_NUMBERS.exec(content);
  if (m) {
    problems.add("bad-header", whole, `Write the size header as two numbers separated by a space, width then height: "${m[1]} ${m[3]}"`);
    const hIndex = m[1].length + m[2].length;
    return {
      w: sizeNumber(m[1], 0, "width"),
      h: sizeNumber(m[3], hIndex, "height"),
      wRange: numberRange(0, m[1]),
      hRange: numberRange(hIndex, m[3]),
      range: whole,
      consumed: true
    };
  }
  if (SEVERAL_NUMBERS.test(content)) {
    const count = content.split(/[ \t]+/).length;
    problems.add(
      "bad-header",
      whole,
      `The size header is two numbers, width then height (e.g. "5 4"); this line has ${plural(count, "number")}`
    );
    return { w: null, h: null, wRange: null, hRange: null, range: whole, consumed: true };
  }
  problems.add(
    "missing-header",
    whole,
    'Missing size header: a .nlk file starts with "W H" (width, then height) on the line before the grid'
  );
  return { w: null, h: null, wRange: null, hRange: null, range: range(line, line.start, line.start), consumed: false };
}
var NUMBER = "[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?";
var TWO_NUMBERS = new RegExp(`^(${NUMBER})([ \\t]+)(${NUMBER})$`);
var SEPARATED_NUMBERS = new RegExp(`^(${NUMBER})([ \\t]*[xX\xD7*,;][ \\t]*)(${NUMBER})$`);
var SEVERAL_NUMBERS = new RegExp(`^${NUMBER}(?:[ \\t]+${NUMBER})*$`);
function looksLikeHeader(text, line) {
  if (line.last - line.first > 100) return false;
  const content = text.slice(line.first, line.last);
  return SEVERAL_NUMBERS.test(content) || SEPARATED_NUMBERS.test(content);
}
function badSize(value, what) {
  const limit = `the checker takes grids of at most ${MAX_GRID_CELLS.toLocaleString("en-US")} cells`;
  if (/^[0-9]+$/.test(value)) {
    const v2 = Number(value);
    if (v2 === 0) return `The ${what} must be at least 1, not ${value}`;
    if (v2 > MAX_GRID_CELLS) return `The ${what} ${shorten(value)} is too large: ${limit}`;
    return null;
  }
  const v = Number(value);
  if (value.startsWith("-") && v !== 0) return `The ${what} must be at least 1, not ${shorten(value)}`;
  if (Number.isInteger(v) && v > MAX_GRID_CELLS) return `The ${what} ${shorten(value)} is too large: ${limit}`;
  if (Number.isInteger(v) && v >= 1) return `The ${what} must be written as a whole number: ${v}, not ${shorten(value)}`;
  if (Number.isInteger(v)) return `The ${what} must be at least 1, not ${shorten(value)}`;
  return `The ${what} must be a whole number, not ${shorten(value)}`;
}
var RULE_WORDS = ["nikoli", "fill", "notouch"];
function readRule(first, problems) {
  const rule2 = { fill: false, notouch: false };
  if (first === null) return { rule: rule2 };
  const vr = first.valueRange;
  if (first.value.trim() === "") {
    problems.add("rule-empty", first.range, `Empty rule: write nikoli (the default), fill, or either with notouch, e.g. "# rule: fill notouch"`);
    return { rule: rule2, ruleRange: vr };
  }
  let nikoliAt = null, fillAt = null;
  const re = /[^\s,]+/g;
  for (let m = re.exec(first.value); m; m = re.exec(first.value)) {
    const word = m[0].toLowerCase();
    const wr = { line: vr.line, col: vr.col + m.index, endLine: vr.line, endCol: vr.col + m.index + m[0].length };
    if (word === "nikoli") nikoliAt ??= wr;
    else if (word === "fill") {
      rule2.fill = true;
      fillAt ??= wr;
    } else if (word === "notouch") rule2.notouch = true;
    else {
      const guess = closest(word);
      problems.add(
        "rule-word",
        wr,
        `Unknown rule word '${shorten(m[0])}'${guess ? ` (did you mean '${guess}'?)` : ""}: the rule words are nikoli (the default), fill and notouch`
      );
    }
  }
  if (nikoliAt && fillAt) {
    const later = compare(nikoliAt, fillAt) > 0 ? nikoliAt : fillAt;
    problems.add(
      "rule-conflict",
      later,
      `'nikoli' and 'fill' contradict each other: nikoli lets cells stay empty, fill makes every cell part of a path; keep one`
    );
  }
  return { rule: rule2, ruleRange: vr };
}
function compare(a, b) {
  return a.line - b.line || a.col - b.col;
}
function closest(word) {
  const letters = word.replace(/[^a-z]/g, "");
  for (const w of RULE_WORDS) if (letters === w) return w;
  if (word.length > 20) return null;
  let best = null, bestD = 3;
  for (const w of RULE_WORDS) {
    const d = editDistance(word, w);
    if (d < bestD) {
      bestD = d;
      best = w;
    }
  }
  return best;
}
function editDistance(a, b) {
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

// server/src/parse/index.ts
function parsePuzzle(text, kind, options) {
  return kind === "numberlink" ? parseNumberlink(text, options) : parseSlitherlink(text, options);
}

// server/src/zdd/frontier.ts
function gridGraph(rows, cols) {
  const H = rows * (cols - 1);
  const m = H + (rows - 1) * cols;
  const edges = new Int32Array(2 * Math.max(0, m));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c + 1 < cols; c++) {
      const e = r * (cols - 1) + c;
      edges[2 * e] = r * cols + c;
      edges[2 * e + 1] = r * cols + c + 1;
    }
  }
  for (let r = 0; r + 1 < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const e = H + r * cols + c;
      edges[2 * e] = r * cols + c;
      edges[2 * e + 1] = (r + 1) * cols + c;
    }
  }
  return { vertexCount: rows * cols, edges };
}

// server/src/numberlink/instance.ts
function makeInstance(rows, cols, cells, labelCount, sweep) {
  const graph = gridGraph(rows, cols);
  const n = rows * cols;
  const endpointKey = new Int32Array(n);
  const ends = new Int32Array(2 * labelCount).fill(-1);
  const seen = new Int32Array(labelCount);
  for (let v = 0; v < n; v++) {
    const l = cells[v];
    if (l < 0) continue;
    const half = seen[l]++;
    if (half < 2) ends[2 * l + half] = v;
    endpointKey[v] = 1 + 2 * l + Math.min(half, 1);
  }
  for (let l = 0; l < labelCount; l++) {
    if (seen[l] !== 2) {
      ends[2 * l] = -1;
      ends[2 * l + 1] = -1;
    }
  }
  const m = graph.edges.length >> 1;
  const deg = new Int32Array(n);
  for (let e = 0; e < m; e++) {
    deg[graph.edges[2 * e]]++;
    deg[graph.edges[2 * e + 1]]++;
  }
  const adjStart = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) adjStart[v + 1] = adjStart[v] + deg[v];
  const adjEdge = new Int32Array(2 * m);
  const pos = adjStart.slice(0, n);
  for (let e = 0; e < m; e++) {
    adjEdge[pos[graph.edges[2 * e]]++] = e;
    adjEdge[pos[graph.edges[2 * e + 1]]++] = e;
  }
  return { rows, cols, cells, labelCount, graph, sweep, endpointKey, ends, adjStart, adjEdge };
}

// server/src/numberlink/planarity.ts
var DIRS = 4;
var Planarity = class {
  constructor(p, rows, cols, ends, labelCount) {
    this.p = p;
    this.ends = ends;
    this.labelCount = labelCount;
    this.cols = cols;
    const n = p.n, H = rows * (cols - 1);
    this.tag = new Int32Array(n);
    this.dirEdge = new Int32Array(4 * n).fill(-1);
    for (let v = 0; v < n; v++) {
      const r = v / cols | 0, c = v % cols;
      if (r > 0) this.dirEdge[4 * v] = H + (r - 1) * cols + c;
      if (c + 1 < cols) this.dirEdge[4 * v + 1] = r * (cols - 1) + c;
      if (r + 1 < rows) this.dirEdge[4 * v + 2] = H + r * cols + c;
      if (c > 0) this.dirEdge[4 * v + 3] = r * (cols - 1) + c - 1;
    }
    this.seen = new Int32Array(4 * n);
    const T = 2 * labelCount;
    this.cornerTag = new Int32Array(4 * T + 1);
    this.cornerWalk = new Int32Array(4 * T + 1);
    this.walkStart = new Int32Array(4 * T + 2);
    this.tagStart = new Int32Array(T + 1);
    this.tagList = new Int32Array(4 * T + 1);
    this.fillPos = new Int32Array(T + 1);
    this.uf = new Int32Array(4 * T + 2);
    this.node = new Int32Array(T + 1);
  }
  cols;
  /** Per cell: terminal tag (2 * label + end) or -1 for a free cell; -2 for a cell not in H. */
  tag;
  /** Per cell and direction: the edge, or -1 at the border. */
  dirEdge;
  /** Half-edge visit stamps (4 per cell). */
  seen;
  stamp = 0;
  /** Terminal corners of the walks of one check, walk by walk, in walk order: tag and walk. */
  cornerTag;
  cornerWalk;
  walkStart;
  walks = 0;
  corners = 0;
  // Scratch for sides(): corners grouped by terminal, union-find, each terminal's node.
  tagStart;
  tagList;
  fillPos;
  uf;
  node;
  neighbour(v, d) {
    return d === 0 ? v - this.cols : d === 1 ? v + 1 : d === 2 ? v + this.cols : v - 1;
  }
  /** Whether the half-edge from v (in H) in direction d is an edge of H. */
  inH(v, d) {
    const e = this.dirEdge[4 * v + d];
    if (e < 0 || this.p.fixed[e] === 0) return false;
    const tw = this.tag[this.neighbour(v, d)];
    if (tw === -2) return false;
    const tv = this.tag[v];
    if (tv >= 0 && tw >= 0) return tv >> 1 === tw >> 1 && tv !== tw;
    return true;
  }
  /** False when some label cannot be routed with the others (see the module comment). */
  check() {
    const p = this.p, tag = this.tag, n = p.n, ends = this.ends, L = this.labelCount;
    const { root, label } = p;
    for (let v = 0; v < n; v++) tag[v] = label[root[v]] >= 0 ? -2 : -1;
    let open = 0;
    for (let l = 0; l < L; l++) {
      const a = ends[2 * l], b = ends[2 * l + 1];
      if (a < 0 || root[a] === root[b]) continue;
      tag[p.openEnd(a)] = 2 * l;
      tag[p.openEnd(b)] = 2 * l + 1;
      open++;
    }
    if (open < 2) return true;
    if (this.stamp > 1073741823) {
      this.stamp = 0;
      this.seen.fill(0);
    }
    const s = ++this.stamp, seen = this.seen;
    this.walks = 0;
    this.corners = 0;
    for (let l = 0; l < L; l++) {
      const a = ends[2 * l], b = ends[2 * l + 1];
      if (a < 0 || root[a] === root[b]) continue;
      for (let k = 0; k < 2; k++) {
        const x = p.openEnd(k === 0 ? a : b);
        for (let d = 0; d < DIRS; d++) {
          if (seen[4 * x + d] !== s && this.inH(x, d)) this.walk(x, d, s);
        }
      }
    }
    return this.sides();
  }
  /** Walks the face boundary that starts with half-edge (x, d0), recording its terminal corners. */
  walk(x, d0, s) {
    const seen = this.seen, tag = this.tag;
    const w = this.walks++;
    this.walkStart[w] = this.corners;
    let v = x, d = d0;
    for (; ; ) {
      seen[4 * v + d] = s;
      const u = this.neighbour(v, d);
      const back = d + 2 & 3;
      let nd = back;
      for (let t = 1; t < 4; t++) {
        const c = back + t & 3;
        if (this.inH(u, c)) {
          nd = c;
          break;
        }
      }
      if (tag[u] >= 0) {
        const c = this.corners++;
        this.cornerTag[c] = tag[u];
        this.cornerWalk[c] = w;
      }
      v = u;
      d = nd;
      if (v === x && d === d0) break;
    }
    this.walkStart[w + 1] = this.corners;
  }
  /** The union-find argument of the module comment, for every label with two corners on one walk. */
  sides() {
    const W = this.walks, C = this.corners, L = this.labelCount, T = 2 * L;
    const cornerTag = this.cornerTag, cornerWalk = this.cornerWalk, walkStart = this.walkStart;
    const tagStart = this.tagStart, tagList = this.tagList, fillPos = this.fillPos;
    tagStart.fill(0, 0, T + 1);
    for (let c = 0; c < C; c++) tagStart[cornerTag[c] + 1]++;
    for (let t = 0; t < T; t++) tagStart[t + 1] += tagStart[t];
    for (let t = 0; t < T; t++) fillPos[t] = tagStart[t];
    for (let c = 0; c < C; c++) tagList[fillPos[cornerTag[c]]++] = c;
    const uf = this.uf, node = this.node;
    for (let l = 0; l < L; l++) {
      const tx = 2 * l, ty = 2 * l + 1;
      for (let i = tagStart[tx]; i < tagStart[tx + 1]; i++) {
        const cx = tagList[i], w = cornerWalk[cx];
        for (let j = tagStart[ty]; j < tagStart[ty + 1]; j++) {
          const cy = tagList[j];
          if (cornerWalk[cy] !== w) continue;
          let in1 = 0, in2 = 0;
          for (let c = walkStart[w], ce = walkStart[w + 1]; c < ce; c++) {
            const tc = cornerTag[c];
            if (tc === tx || tc === ty) continue;
            if (cx < cy ? c > cx && c < cy : c > cx || c < cy) in1++;
            else in2++;
          }
          if (in1 === 0 || in2 === 0) continue;
          for (let k = 0; k < W + 2; k++) uf[k] = k;
          for (let t = 0; t < T; t++) {
            node[t] = -1;
            if (t === tx || t === ty) continue;
            let r = -1;
            for (let q = tagStart[t]; q < tagStart[t + 1]; q++) {
              const c = tagList[q];
              let nd;
              if (cornerWalk[c] !== w) nd = 2 + cornerWalk[c];
              else nd = (cx < cy ? c > cx && c < cy : c > cx || c < cy) ? 0 : 1;
              r = r < 0 ? find(uf, nd) : union(uf, r, nd);
            }
            node[t] = r;
          }
          for (let b = 0; b < L; b++) {
            if (b === l) continue;
            const u = node[2 * b], v = node[2 * b + 1];
            if (u >= 0 && v >= 0) union(uf, u, v);
          }
          if (find(uf, 0) === find(uf, 1)) return false;
        }
      }
    }
    return true;
  }
};
function find(uf, x) {
  while (uf[x] !== x) {
    uf[x] = uf[uf[x]];
    x = uf[x];
  }
  return x;
}
function union(uf, x, y) {
  const a = find(uf, x), b = find(uf, y);
  if (a !== b) uf[b] = a;
  return a;
}

// server/src/numberlink/reachability.ts
var Reachability = class {
  constructor(p, ends, labelCount) {
    this.p = p;
    this.ends = ends;
    this.labelCount = labelCount;
    this.comp = new Int32Array(p.n);
    this.stack = new Int32Array(Math.max(1, p.n));
    this.touched = new Int32Array(p.n + 1);
    this.crossed = new Uint8Array(p.n + 1);
  }
  comp;
  stack;
  /** Per component: stamp of the label whose first end touches it (negated once the second does). */
  touched;
  /** Per component: whether some label can cross it. */
  crossed;
  stamp = 0;
  /** Numbers the components of free cells (labelled cells get -1); returns how many. */
  components() {
    const { p, comp, stack } = this;
    const { root, label, adjStart, adjEdge, adjCell, fixed } = p;
    const n = p.n;
    comp.fill(-2);
    let k = 0;
    for (let s = 0; s < n; s++) {
      if (comp[s] !== -2) continue;
      if (label[root[s]] >= 0) {
        comp[s] = -1;
        continue;
      }
      comp[s] = k;
      let sp = 0;
      stack[sp++] = s;
      while (sp > 0) {
        const v = stack[--sp];
        for (let q = adjStart[v]; q < adjStart[v + 1]; q++) {
          if (fixed[adjEdge[q]] === 0) continue;
          const w = adjCell[q];
          if (comp[w] !== -2 || label[root[w]] >= 0) continue;
          comp[w] = k;
          stack[sp++] = w;
        }
      }
      k++;
    }
    return k;
  }
  /** Applies the rules of the module comment (fixing edges in the propagator); false on a contradiction. */
  check() {
    const p = this.p;
    const { root, adjStart, adjEdge, adjCell, fixed } = p;
    const count = this.components();
    const { comp, touched, crossed, ends } = this;
    crossed.fill(0, 0, count);
    if (this.stamp > 1073741823) {
      this.stamp = 0;
      touched.fill(0);
    }
    for (let l = 0; l < this.labelCount; l++) {
      const a = ends[2 * l], b = ends[2 * l + 1];
      if (a < 0 || root[a] === root[b]) continue;
      const x = p.openEnd(a), y = p.openEnd(b);
      const s = ++this.stamp;
      let direct = false;
      for (let q = adjStart[x]; q < adjStart[x + 1]; q++) {
        if (fixed[adjEdge[q]] !== -1) continue;
        const w = adjCell[q];
        if (w === y) direct = true;
        else if (comp[w] >= 0) touched[comp[w]] = s;
      }
      let through = false;
      for (let q = adjStart[y]; q < adjStart[y + 1]; q++) {
        if (fixed[adjEdge[q]] !== -1) continue;
        const c = comp[adjCell[q]];
        if (c < 0) continue;
        if (touched[c] === s) {
          through = true;
          crossed[c] = 1;
          touched[c] = -s;
        } else if (touched[c] === -s) through = true;
      }
      if (!direct && !through) return false;
      for (let q = adjStart[x]; q < adjStart[x + 1]; q++) {
        const e = adjEdge[q];
        if (fixed[e] !== -1) continue;
        const w = adjCell[q];
        if (w !== y && comp[w] >= 0 && touched[comp[w]] !== -s && !p.setEdge(e, 0)) return false;
      }
      for (let q = adjStart[y]; q < adjStart[y + 1]; q++) {
        const e = adjEdge[q];
        if (fixed[e] !== -1) continue;
        const w = adjCell[q];
        if (w !== x && comp[w] >= 0 && touched[comp[w]] !== -s && !p.setEdge(e, 0)) return false;
      }
    }
    for (let v = 0; v < p.n; v++) {
      const c = comp[v];
      if (c < 0 || crossed[c]) continue;
      if (p.fill || p.size[root[v]] > 1) return false;
      for (let q = adjStart[v]; q < adjStart[v + 1]; q++) {
        const e = adjEdge[q];
        if (fixed[e] === -1 && !p.setEdge(e, 0)) return false;
      }
    }
    return true;
  }
};

// server/src/numberlink/deduce.ts
var Propagator = class {
  n;
  m;
  E;
  adjStart;
  adjEdge;
  /** The cell at the other end of each adjacency entry. */
  adjCell;
  cells;
  fill;
  notouch;
  fixed;
  // Chains by quick-find: each cell's root, kept exact (union by size relabels the smaller
  // chain's cells, which every union walks anyway to queue them; undo walks them back), with the
  // chain's label (-1 none) and a circular list of its cells.
  root;
  size;
  label;
  nextCell;
  /** The two ends of each chain (by root; both the cell itself for a single cell). */
  endA;
  endB;
  // Work queue of cells to check.
  queue;
  queued;
  qHead = 0;
  qLen = 0;
  /**
   * Undo stacks: the edges fixed, in order (each at most once at a time), and the unions as five
   * words (ru, its old label, its old ends, rv). Edge and union undos are independent.
   */
  edgeTrail;
  edgeLen = 0;
  unionTrail;
  unionLen = 0;
  contradiction = false;
  reach;
  planar;
  /** Edges fixed so far (the undo stack holds exactly them). */
  get decided() {
    return this.edgeLen;
  }
  /** Cell checks done (the probing budget's unit). */
  work = 0;
  /** Whether propagate() runs the global rules (when built with them). */
  globalOn = true;
  constructor(inst, rule2, options) {
    const n = inst.rows * inst.cols;
    this.n = n;
    this.E = inst.graph.edges;
    this.m = this.E.length >> 1;
    this.adjStart = inst.adjStart;
    this.adjEdge = inst.adjEdge;
    this.adjCell = new Int32Array(inst.adjEdge.length);
    for (let v = 0; v < n; v++) {
      for (let p = inst.adjStart[v]; p < inst.adjStart[v + 1]; p++) {
        const e = inst.adjEdge[p];
        this.adjCell[p] = this.E[2 * e] === v ? this.E[2 * e + 1] : this.E[2 * e];
      }
    }
    this.cells = inst.cells;
    this.fill = rule2.fill;
    this.notouch = rule2.notouch;
    this.fixed = new Int8Array(this.m).fill(-1);
    this.root = new Int32Array(n);
    this.size = new Int32Array(n).fill(1);
    this.label = new Int32Array(n);
    this.nextCell = new Int32Array(n);
    this.endA = new Int32Array(n);
    this.endB = new Int32Array(n);
    for (let v = 0; v < n; v++) {
      this.root[v] = v;
      this.label[v] = inst.cells[v];
      this.nextCell[v] = v;
      this.endA[v] = v;
      this.endB[v] = v;
    }
    this.queue = new Int32Array(Math.max(1, n));
    this.queued = new Uint8Array(n);
    this.edgeTrail = new Int32Array(Math.max(1, this.m));
    this.unionTrail = new Int32Array(Math.max(5, 5 * n));
    const global = options?.globalRules !== false;
    this.reach = global ? new Reachability(this, inst.ends, inst.labelCount) : null;
    this.planar = global ? new Planarity(this, inst.rows, inst.cols, inst.ends, inst.labelCount) : null;
  }
  /** The end of the chain holding cell `a` (an end of it) that can still take an edge. */
  openEnd(a) {
    const r = this.root[a];
    return this.endA[r] === a ? this.endB[r] : this.endA[r];
  }
  push(v) {
    if (this.queued[v]) return;
    this.queued[v] = 1;
    let t = this.qHead + this.qLen++;
    if (t >= this.n) t -= this.n;
    this.queue[t] = v;
  }
  /**
   * Fixes edge e (with its immediate consequences for the chains); false on a contradiction.
   * (The propagator reports contradictions by return values and sets `contradiction` in one
   * place: a rarely reached property store in optimized code costs a deoptimization.)
   */
  setEdge(e, val) {
    const fixed = this.fixed;
    if (fixed[e] !== -1) return fixed[e] === val;
    fixed[e] = val;
    this.edgeTrail[this.edgeLen++] = e;
    const u = this.E[2 * e], v = this.E[2 * e + 1];
    this.push(u);
    this.push(v);
    if (val === 0) return true;
    const root = this.root;
    let ru = root[u], rv = root[v];
    if (ru === rv) return false;
    const label = this.label, size = this.size, nextCell = this.nextCell, endA = this.endA, endB = this.endB;
    const lu = label[ru], lv = label[rv];
    if (lu >= 0 && lv >= 0 && lu !== lv) return false;
    if (endA[ru] !== u && endB[ru] !== u || endA[rv] !== v && endB[rv] !== v) return false;
    const eu = endA[ru] === u ? endB[ru] : endA[ru];
    const ev = endA[rv] === v ? endB[rv] : endA[rv];
    if (size[ru] < size[rv]) {
      const t2 = ru;
      ru = rv;
      rv = t2;
    }
    let c = rv;
    do {
      root[c] = ru;
      this.push(c);
      c = nextCell[c];
    } while (c !== rv);
    if (label[ru] < 0 && label[rv] >= 0) {
      c = ru;
      do {
        this.push(c);
        c = nextCell[c];
      } while (c !== ru);
    }
    const ut = this.unionTrail;
    ut[this.unionLen++] = ru;
    ut[this.unionLen++] = label[ru];
    ut[this.unionLen++] = endA[ru];
    ut[this.unionLen++] = endB[ru];
    ut[this.unionLen++] = rv;
    size[ru] += size[rv];
    if (label[ru] < 0) label[ru] = label[rv];
    endA[ru] = eu;
    endB[ru] = ev;
    const t = nextCell[ru];
    nextCell[ru] = nextCell[rv];
    nextCell[rv] = t;
    return this.recheckEnd(eu, ru) && (ev === eu || this.recheckEnd(ev, ru));
  }
  /**
   * An end of chain r changed chain: its own rules run again (queued), and so does the one rule of
   * each neighbour w that reads this chain and is not symmetric: whether w can join r through
   * this end (cannotJoin; the cycle and label rules of the edge are the same from either side).
   */
  recheckEnd(end, r) {
    this.push(end);
    if (!this.notouch) return true;
    const { adjStart, adjEdge, adjCell, fixed, root } = this;
    for (let p = adjStart[end]; p < adjStart[end + 1]; p++) {
      const e = adjEdge[p];
      if (fixed[e] !== -1) continue;
      const w = adjCell[p];
      if (root[w] !== r && this.cannotJoin(w, end, r) && !this.setEdge(e, 0)) return false;
    }
    return true;
  }
  /** Undoes every change made since the stacks had these lengths. */
  undo(edgeMark, unionMark) {
    const fixed = this.fixed, et = this.edgeTrail;
    while (this.edgeLen > edgeMark) fixed[et[--this.edgeLen]] = -1;
    const ut = this.unionTrail, nextCell = this.nextCell, root = this.root;
    while (this.unionLen > unionMark) {
      const b = this.unionLen - 5;
      this.unionLen = b;
      const ru = ut[b], rv = ut[b + 4];
      this.label[ru] = ut[b + 1];
      this.endA[ru] = ut[b + 2];
      this.endB[ru] = ut[b + 3];
      const t = nextCell[ru];
      nextCell[ru] = nextCell[rv];
      nextCell[rv] = t;
      this.size[ru] -= this.size[rv];
      let c = rv;
      do {
        root[c] = rv;
        c = nextCell[c];
      } while (c !== rv);
    }
  }
  /** Empties the queue (after a contradiction found outside propagate). */
  clearQueue() {
    while (this.qLen > 0) {
      this.queued[this.queue[this.qHead]] = 0;
      this.qHead = this.qHead + 1 === this.n ? 0 : this.qHead + 1;
      this.qLen--;
    }
  }
  /**
   * Runs the local rules to their fixpoint, then the global ones (reachability, which may fix
   * edges and so start the local rules again, then planarity); false on a contradiction (which
   * empties the queue).
   */
  propagate() {
    for (; ; ) {
      if (!this.propagateLocal()) return false;
      if (this.reach === null || this.planar === null || !this.globalOn) return true;
      this.work += this.n;
      if (!this.reach.check()) {
        this.clearQueue();
        return false;
      }
      if (this.qLen === 0) return this.planar.check();
    }
  }
  /** The local rules (check) to their fixpoint; false on a contradiction (which empties the queue). */
  propagateLocal() {
    while (this.qLen > 0) {
      const v = this.queue[this.qHead];
      this.qHead = this.qHead + 1 === this.n ? 0 : this.qHead + 1;
      this.qLen--;
      this.queued[v] = 0;
      this.work++;
      if (!this.check(v)) {
        this.clearQueue();
        return false;
      }
    }
    return true;
  }
  initial() {
    for (let v = 0; v < this.n; v++) this.push(v);
    this.contradiction = !this.propagate();
  }
  /**
   * Failed-literal probing over a worklist of edges: every undecided edge next to something
   * decided once, then again every undecided edge near a cell whose edges a failed literal fixed
   * (within `radius` grid steps),
   * until the worklist is empty, the work budget runs out, or a contradiction shows that there is
   * no solution at all.
   */
  probeAll(radius, budget, isCancelled, deadline) {
    const fixed = this.fixed, m = this.m, E = this.E;
    const { adjStart, adjEdge, cells } = this;
    const limit = this.work + budget;
    let size = 1;
    while (size < m) size *= 2;
    const ring = new Int32Array(size), ringMask = size - 1;
    const inList = new Uint8Array(m);
    let head = 0, len = 0;
    const implied = new Uint8Array(2 * m);
    for (let e = 0; e < m; e++) {
      if (fixed[e] !== -1) continue;
      let active = false;
      for (let k = 0; k < 2 && !active; k++) {
        const v = E[2 * e + k];
        if (cells[v] >= 0) active = true;
        for (let p = adjStart[v]; p < adjStart[v + 1] && !active; p++) if (fixed[adjEdge[p]] !== -1) active = true;
      }
      if (active) {
        inList[e] = 1;
        ring[head + len++ & ringMask] = e;
      }
    }
    const seen = new Int32Array(this.n).fill(-1);
    const dist = new Int32Array(this.n);
    const bfs = new Int32Array(this.n);
    const adjCell = this.adjCell;
    let stamp = 0, count = 0;
    while (len > 0) {
      const e = ring[head];
      head = head + 1 & ringMask;
      len--;
      inList[e] = 0;
      if (fixed[e] !== -1) continue;
      if (this.work > limit) return;
      if ((count++ & 255) === 0 && (isCancelled !== void 0 && isCancelled() || Date.now() > deadline)) return;
      for (let val = 1; val >= 0; val--) {
        if (implied[2 * e + val] === 1) continue;
        const em = this.edgeLen, um = this.unionLen;
        const ok = this.setEdge(e, val) && this.propagate();
        if (ok) {
          for (let t = em + 1; t < this.edgeLen; t++) {
            const f = this.edgeTrail[t];
            implied[2 * f + fixed[f]] = 1;
          }
        } else {
          this.clearQueue();
        }
        this.undo(em, um);
        if (ok) continue;
        if (!(this.setEdge(e, 1 - val) && this.propagate())) {
          this.clearQueue();
          this.contradiction = true;
          return;
        }
        stamp++;
        let bl = 0;
        for (let t = em; t < this.edgeLen; t++) {
          const x = this.edgeTrail[t];
          for (let k = 0; k < 2; k++) {
            const c = E[2 * x + k];
            if (seen[c] !== stamp) {
              seen[c] = stamp;
              dist[c] = 0;
              bfs[bl++] = c;
            }
          }
        }
        for (let q = 0; q < bl; q++) {
          const c = bfs[q];
          for (let p = adjStart[c]; p < adjStart[c + 1]; p++) {
            const f = adjEdge[p];
            implied[2 * f] = 0;
            implied[2 * f + 1] = 0;
            if (inList[f] === 0 && fixed[f] === -1) {
              inList[f] = 1;
              ring[head + len++ & ringMask] = f;
            }
            if (dist[c] >= radius) continue;
            const w = adjCell[p];
            if (seen[w] !== stamp) {
              seen[w] = stamp;
              dist[w] = dist[c] + 1;
              bfs[bl++] = w;
            }
          }
        }
        break;
      }
    }
  }
  /**
   * notouch: linking v to u puts v on the path of u's chain (root r), so every other neighbour w
   * of v on that path must be linked to v. That fails when w is in the chain itself and not
   * linked to v (the link would close a cycle, or it is out), or when w's chain has the same
   * label and its edge to v is out.
   */
  cannotJoin(v, u, r) {
    const { adjStart, adjEdge, adjCell, fixed, label, root } = this;
    const lr = label[r];
    for (let p = adjStart[v], end = adjStart[v + 1]; p < end; p++) {
      const w = adjCell[p];
      if (w === u) continue;
      const rw = root[w];
      const f = fixed[adjEdge[p]], sameLabel = label[rw] === lr;
      if (rw === r && f !== 1) return true;
      if (lr >= 0 && f === 0 && sameLabel) return true;
    }
    return false;
  }
  /** The rules at cell v; false on a contradiction. */
  check(v) {
    const { adjStart, adjEdge, adjCell, fixed, label, root } = this;
    const notouch = this.notouch, fill = this.fill;
    const start = adjStart[v], end = adjStart[v + 1];
    let ones = 0, unk = 0;
    for (let p = start; p < end; p++) {
      const f = fixed[adjEdge[p]];
      if (f === 1) ones++;
      else if (f === -1) unk++;
    }
    const rv = root[v];
    if (unk > 0) {
      for (let p = start; p < end; p++) {
        const e = adjEdge[p];
        if (fixed[e] !== -1) continue;
        const u = adjCell[p];
        const ru = root[u];
        let force2 = -1;
        if (ru === rv) {
          if (notouch) return false;
          force2 = 0;
        } else if (label[ru] >= 0 && label[rv] >= 0) {
          if (label[ru] !== label[rv]) force2 = 0;
          else if (notouch) force2 = 1;
        } else if (notouch && this.cannotJoin(v, u, ru)) {
          force2 = 0;
        }
        if (force2 >= 0 && !this.setEdge(e, force2)) return false;
      }
      ones = 0;
      unk = 0;
      for (let p = start; p < end; p++) {
        const f = fixed[adjEdge[p]];
        if (f === 1) ones++;
        else if (f === -1) unk++;
      }
    }
    if (notouch) {
      const r = root[v];
      const big = this.size[r] > 1, lv = label[r];
      for (let p = start; p < end; p++) {
        if (fixed[adjEdge[p]] !== 0) continue;
        const ru = root[adjCell[p]];
        if (ru === r && big) return false;
        if (lv >= 0 && label[ru] === lv) return false;
      }
    }
    const isEnd = this.cells[v] >= 0;
    const maxDeg = isEnd ? 1 : 2;
    if (ones > maxDeg) return false;
    if (unk === 0) return isEnd ? ones === 1 : !(ones === 1 || fill && ones !== 2);
    let force = -1;
    if (ones === maxDeg) force = 0;
    else if (isEnd) {
      if (unk === 1) force = 1;
    } else if (fill) {
      if (ones + unk < 2) return false;
      if (ones + unk === 2) force = 1;
    } else if (ones === 1 && unk === 1) force = 1;
    else if (ones === 0 && unk === 1) force = 0;
    if (force < 0) return true;
    for (let p = start; p < end; p++) {
      const e = adjEdge[p];
      if (fixed[e] === -1 && !this.setEdge(e, force === 1 ? 1 : 0)) return false;
    }
    return true;
  }
};

// server/src/zdd/control.ts
var MAX_TIMER_MS = 2 ** 31 - 1;

// server/src/zdd/kernel.ts
var wasm = globalThis.WebAssembly;
var CHUNK = 1 << 16;
var MAX_REGION_WORDS = 2 ** 26;

// server/src/zdd/build.ts
var SKIP_BITS = 4;
var SKIP_MASK = (1 << SKIP_BITS) - 1;
var MAX_LEVEL_STATES = 2 ** (31 - SKIP_BITS);
var EMPTY = new Int32Array(0);

// server/src/zdd/depthFirst.ts
var NODE_BYTES = 12 + 8;

// server/src/numberlink/nikoliVerdict.ts
function findDetour(inst, edges) {
  const n = inst.rows * inst.cols, E = inst.graph.edges;
  const { adjStart, adjEdge } = inst;
  const other = (v, q) => {
    const e = adjEdge[q];
    return E[2 * e] === v ? E[2 * e + 1] : E[2 * e];
  };
  const used = new Uint8Array(n);
  for (const e of edges) {
    used[E[2 * e]] = 1;
    used[E[2 * e + 1]] = 1;
  }
  const region = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let regions = 0;
  for (let s = 0; s < n; s++) {
    if (used[s] || region[s] >= 0) continue;
    region[s] = regions;
    let sp = 0;
    stack[sp++] = s;
    while (sp > 0) {
      const v = stack[--sp];
      for (let q = adjStart[v]; q < adjStart[v + 1]; q++) {
        const w = other(v, q);
        if (!used[w] && region[w] < 0) {
          region[w] = regions;
          stack[sp++] = w;
        }
      }
    }
    regions++;
  }
  for (const e of edges) {
    const a = E[2 * e], b = E[2 * e + 1];
    for (let q = adjStart[a]; q < adjStart[a + 1]; q++) {
      const x = other(a, q), rx = region[x];
      if (rx < 0) continue;
      for (let r = adjStart[b]; r < adjStart[b + 1]; r++) {
        const y = other(b, r);
        if (region[y] !== rx) continue;
        const inner = regionPath(inst, region, x, y);
        const out = edges.filter((f) => f !== e);
        out.push(adjEdge[q]);
        for (let k = 0; k + 1 < inner.length; k++) out.push(edgeBetween(inst, inner[k], inner[k + 1]));
        out.push(adjEdge[r]);
        return out;
      }
    }
  }
  return null;
}
function regionPath(inst, region, x, y) {
  const n = inst.rows * inst.cols, E = inst.graph.edges;
  const prev = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0, tail = 0;
  queue[tail++] = x;
  prev[x] = x;
  while (head < tail && prev[y] < 0) {
    const v = queue[head++];
    for (let q = inst.adjStart[v]; q < inst.adjStart[v + 1]; q++) {
      const e = inst.adjEdge[q];
      const w = E[2 * e] === v ? E[2 * e + 1] : E[2 * e];
      if (region[w] === region[x] && prev[w] < 0) {
        prev[w] = v;
        queue[tail++] = w;
      }
    }
  }
  const path = [y];
  for (let v = y; v !== x; v = prev[v]) path.push(prev[v]);
  return path.reverse();
}
function edgeBetween(inst, u, v) {
  const E = inst.graph.edges;
  for (let q = inst.adjStart[u]; q < inst.adjStart[u + 1]; q++) {
    const e = inst.adjEdge[q];
    if (E[2 * e] === v || E[2 * e + 1] === v) return e;
  }
  throw new Error(`numberlink: cells ${u} and ${v} are not neighbours`);
}

// .scratch/headsearch.ts
var args = process.argv.slice(2);
var opt = (k, d) => args.find((a) => a.startsWith(`--${k}=`))?.slice(k.length + 3) ?? d;
var ruleName = opt("rule", "notouch");
var timeMs = Number(opt("time", "5000"));
var probeNodes = opt("probe", "0") === "1";
var rule = { fill: ruleName.includes("fill"), notouch: ruleName.includes("notouch") };
for (const f of args.filter((a) => !a.startsWith("--"))) {
  let pickEnd = function() {
    let best = -1, bestK = 99;
    for (let v = 0; v < n; v++) {
      const r = root[v];
      if (label[r] < 0) continue;
      if (endA[r] !== v && endB[r] !== v) continue;
      let ones = 0, open = 0;
      for (let q = adjStart[v]; q < adjStart[v + 1]; q++) {
        const x = fixed[adjEdge[q]];
        if (x === 1) ones++;
        else if (x === -1) open++;
      }
      const need = inst.cells[v] >= 0 ? 1 - ones : 2 - ones;
      if (need <= 0 || open === 0) continue;
      if (open < bestK) {
        bestK = open;
        best = v;
      }
    }
    return best;
  }, dfs = function() {
    nodes++;
    if ((nodes & 255) === 0 && Date.now() > deadline) {
      stopped = true;
      return;
    }
    const v = pickEnd();
    if (v < 0) {
      const em = pr.edgeLen, um = pr.unionLen;
      let ok = true;
      for (let e = 0; e < pr.m && ok; e++) if (fixed[e] === -1) ok = pr.setEdge(e, 0);
      if (ok) ok = pr.propagate();
      else pr.clearQueue();
      if (ok) {
        const es = [];
        for (let e = 0; e < pr.m; e++) if (fixed[e] === 1) es.push(e);
        sols.push(es);
      }
      pr.undo(em, um);
      return;
    }
    const cand = [];
    for (let q = adjStart[v]; q < adjStart[v + 1]; q++) if (fixed[adjEdge[q]] === -1) cand.push(adjEdge[q]);
    for (const e of cand) {
      const em = pr.edgeLen, um = pr.unionLen;
      let ok = pr.setEdge(e, 1);
      if (ok) ok = pr.propagate();
      else pr.clearQueue();
      if (ok) dfs();
      pr.undo(em, um);
      if (stopped || sols.length >= 2) return;
      const ok0 = pr.setEdge(e, 0) && pr.propagate();
      if (!ok0) {
        pr.clearQueue();
        return;
      }
    }
  };
  pickEnd2 = pickEnd, dfs2 = dfs;
  const p = parsePuzzle((0, import_node_fs.readFileSync)(f, "utf8"), "numberlink").puzzle;
  const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
  const t0 = performance.now();
  const pr = new Propagator(inst, rule);
  pr.initial();
  let nodes = 0, sols = [], stopped = false;
  const deadline = Date.now() + timeMs;
  const { adjStart, adjEdge, fixed, root, label, endA, endB, E } = pr;
  const n = pr.n;
  let verdict = "?";
  if (pr.contradiction) verdict = "none";
  else {
    const em = pr.edgeLen, um = pr.unionLen;
    dfs();
    pr.undo(em, um);
    if (stopped) verdict = "unknown";
    else if (sols.length === 0) verdict = "none";
    else if (sols.length >= 2) verdict = "multiple";
    else if (ruleName === "nikoli-via") verdict = findDetour(inst, sols[0]) ? "multiple" : "unique";
    else verdict = "unique(notouch)+detour:" + (findDetour(inst, sols[0]) ? "yes" : "no");
  }
  console.log(`${f.split("/").pop()}	${(performance.now() - t0).toFixed(0)} ms	nodes=${nodes}	${verdict}`);
}
var pickEnd2;
var dfs2;
