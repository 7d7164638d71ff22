/** Shared checks for the parser tests: invariants that must hold for ANY input text. */
import type { Range } from '../../server/src/model/range';
import type { NumberlinkPuzzle } from '../../server/src/numberlink/puzzle';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';

type Puzzle = SlitherlinkPuzzle | NumberlinkPuzzle;
import type { ParseResult } from '../../server/src/parse/index';
import { PARSE_CODES as SHARED_CODES } from '../../server/src/parse/codes';
import { GENRES } from '../../server/src/genres/index';

/** Every code a parser may report: the shared ones and each genre's. */
const PARSE_CODES: Record<string, string> = Object.assign({}, SHARED_CODES, ...GENRES.map((g) => g.parseCodes));

/** Lines as an LSP client counts them: `\r\n`, `\n` and a lone `\r` end a line. */
export function lspLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Offsets where each line starts, by the LSP line model (cached for the last text). */
let cachedText: string | null = null;
let cachedStarts: number[] = [];
function lineStarts(text: string): number[] {
  if (text !== cachedText) {
    const starts = [0];
    const re = /\r\n|\r|\n/g;
    for (let m = re.exec(text); m; m = re.exec(text)) starts.push(m.index + m[0].length);
    cachedText = text;
    cachedStarts = starts;
  }
  return cachedStarts;
}

/** Offset of a 0-based (line, col) in text, by the LSP line model. */
export function offsetAt(text: string, line: number, col: number): number {
  const starts = lineStarts(text);
  if (line >= starts.length) throw new Error(`line ${line} past the end`);
  return starts[line] + col;
}

export function sliceRange(text: string, r: Range): string {
  return text.slice(offsetAt(text, r.line, r.col), offsetAt(text, r.endLine, r.endCol));
}

/** Returns a reason when the range does not lie inside the document, else null. */
export function rangeProblem(lines: string[], r: Range): string | null {
  for (const k of ['line', 'col', 'endLine', 'endCol'] as const) {
    if (!Number.isInteger(r[k]) || r[k] < 0) return `${k} = ${r[k]}`;
  }
  if (r.line >= lines.length || r.endLine >= lines.length) return `line past the end (${lines.length} lines)`;
  if (r.col > lines[r.line].length) return `col ${r.col} past line length ${lines[r.line].length}`;
  if (r.endCol > lines[r.endLine].length) return `endCol ${r.endCol} past line length ${lines[r.endLine].length}`;
  if (r.endLine < r.line || (r.endLine === r.line && r.endCol < r.col)) return 'end before start';
  return null;
}

/**
 * Invariants for any parse: ranges inside the document, a consistent model, cell ranges that
 * slice back to the cell, and no problems implying a complete, well-formed puzzle.
 */
export function checkInvariants(text: string, result: ParseResult<Puzzle>, kind: 'slitherlink' | 'numberlink'): void {
  const lines = lspLines(text);
  const where = () => JSON.stringify(text.length > 300 ? text.slice(0, 300) + '...' : text);
  // Plain checks rather than expect(): the property tests call this tens of thousands of times.
  const fail = (what: string): never => {
    throw new Error(`${what} in ${where()}`);
  };
  const check = (ok: boolean, what: string) => {
    if (!ok) fail(what);
  };
  check(Array.isArray(result.problems), 'problems is not an array');
  for (const p of result.problems) {
    if (!(typeof p.code === 'string' && p.code in PARSE_CODES)) throw new Error(`unknown problem code '${p.code}' in ${where()}`);
    if (!(typeof p.message === 'string' && p.message.length > 0)) throw new Error(`problem without a message in ${where()}`);
    const bad = rangeProblem(lines, p.range);
    if (bad) throw new Error(`problem ${p.code} range ${JSON.stringify(p.range)}: ${bad} in ${where()}`);
  }
  for (let i = 1; i < result.problems.length; i++) {
    const a = result.problems[i - 1].range, b = result.problems[i].range;
    if (result.problems[i].code !== 'too-many-problems' && (b.line < a.line || (b.line === a.line && b.col < a.col))) {
      throw new Error(`problems out of document order in ${where()}`);
    }
  }
  const pz = result.puzzle;
  if (!pz) {
    check(result.problems.length > 0, 'null puzzle without a problem');
    return;
  }
  check(pz.kind === kind, 'expected pz.kind to be kind');
  check(pz.rows > 0, 'pz.rows > 0');
  check(pz.cols > 0, 'pz.cols > 0');
  check(pz.cellRanges.length === pz.rows * pz.cols, 'expected pz.cellRanges.length to be pz.rows * pz.cols');
  for (const r of pz.cellRanges) {
    const bad = rangeProblem(lines, r);
    if (bad) fail(`cell range ${JSON.stringify(r)}: ${bad}`);
    if (r.endLine !== r.line) fail(`cell range ${JSON.stringify(r)} spans lines`);
  }
  for (const m of pz.metadata) {
    check(rangeProblem(lines, m.range) === null, 'rangeProblem(lines, m.range) is null');
    check(rangeProblem(lines, m.valueRange) === null, 'rangeProblem(lines, m.valueRange) is null');
    check(sliceRange(text, m.valueRange) === m.value, 'expected sliceRange(text, m.valueRange) to be m.value');
  }
  if (pz.kind === 'slitherlink') {
    check(pz.hints.length === pz.rows * pz.cols, 'expected pz.hints.length to be pz.rows * pz.cols');
    for (let i = 0; i < pz.hints.length; i++) {
      const h = pz.hints[i];
      if (!(h >= -1 && h <= 4)) fail(`hint ${h}`);
      if (h >= 0 && sliceRange(text, pz.cellRanges[i]) !== String(h)) fail(`cell ${i} range does not slice to ${h}`);
    }
  } else {
    check(pz.cells.length === pz.rows * pz.cols, 'expected pz.cells.length to be pz.rows * pz.cols');
    check(new Set(pz.labels).size === pz.labels.length, 'expected new Set(pz.labels).size to be pz.labels.length');
    const seen = new Set<number>();
    for (let i = 0; i < pz.cells.length; i++) {
      const k = pz.cells[i];
      if (!(k >= -1 && k < pz.labels.length)) fail(`cell ${i} label index ${k}`);
      if (k >= 0) {
        seen.add(k);
        if (sliceRange(text, pz.cellRanges[i]) !== pz.labels[k]) fail(`cell ${i} range does not slice to '${pz.labels[k]}'`);
      }
    }
    check(seen.size === pz.labels.length, 'expected seen.size to be pz.labels.length');
    check(rangeProblem(lines, pz.headerRange) === null, 'rangeProblem(lines, pz.headerRange) is null');
    if (pz.ruleRange) check(rangeProblem(lines, pz.ruleRange) === null, 'rangeProblem(lines, pz.ruleRange) is null');
  }
  if (result.problems.length === 0) {
    // A clean parse: every cell range is a real cell, and the Numberlink labels come in pairs.
    for (let i = 0; i < pz.cellRanges.length; i++) {
      const s = sliceRange(text, pz.cellRanges[i]);
      if (pz.kind === 'slitherlink' ? !/^[0-4.-]$/.test(s) : s.length === 0) fail(`clean parse, cell ${i} is '${s}'`);
    }
    if (pz.kind === 'numberlink') {
      const counts = new Array(pz.labels.length).fill(0);
      for (const k of pz.cells) if (k >= 0) counts[k]++;
      check(counts.every((n) => n === 2) === true, 'expected counts.every((n) => n === 2) to be true');
    }
  }
}

/** Seeded PRNG (mulberry32), so that a failing property test can be replayed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Writes a puzzle back as text in its own layout (an independent path for round trips). */
export function render(p: Puzzle): string {
  const out: string[] = [];
  for (const m of p.metadata) out.push(`# ${m.key}: ${m.value}`);
  if (p.kind === 'numberlink') out.push(`${p.cols} ${p.rows}`);
  for (let r = 0; r < p.rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < p.cols; c++) {
      const i = r * p.cols + c;
      if (p.kind === 'slitherlink') cells.push(p.hints[i] < 0 ? '.' : String(p.hints[i]));
      else cells.push(p.cells[i] < 0 ? '.' : p.labels[p.cells[i]]);
    }
    out.push(cells.join(p.layout === 'tokens' ? ' ' : ''));
  }
  return out.join('\n') + '\n';
}
