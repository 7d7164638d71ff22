/**
 * puzz.link (pzprjs) URLs: `https://puzz.link/p?slither/W/H/BODY` and `p?numlin/W/H/BODY`.
 * Encoded exactly as pzprjs does (`encode4Cell` for Slitherlink, `encodeNumber16` for
 * Numberlink) so that a URL from puzz.link survives import and export unchanged.
 */
import { ruleName, type Puzzle } from '../model/puzzle';
import type { NumberlinkGrid, SlitherlinkGrid } from './text';

export type UrlPuzzle =
  | ({ kind: 'slitherlink' } & SlitherlinkGrid)
  | ({ kind: 'numberlink' } & NumberlinkGrid);

export interface UrlError {
  error: string;
}

const MAX_CELLS = 4_000_000;

/** Runs of 1..20 empty cells are written as one letter `g`..`z`. */
function runLetter(count: number): string {
  return (count + 15).toString(36);
}

export function encode4Cell(hints: ArrayLike<number>): string {
  let out = '';
  let count = 0;
  const n = hints.length;
  for (let c = 0; c < n; c++) {
    let piece = '';
    const q = hints[c];
    if (q >= 0) {
      // A hint absorbs up to two following empty cells (pzprjs: 0-4, 5-9, a-e).
      if (c + 1 < n && hints[c + 1] !== -1) piece = q.toString(16);
      else if (c + 2 < n && hints[c + 2] !== -1) { piece = (5 + q).toString(16); c++; }
      else { piece = (10 + q).toString(16); c += 2; }
    } else {
      count++;
    }
    if (count === 0) out += piece;
    else if (piece || count === 20) { out += runLetter(count) + piece; count = 0; }
  }
  if (count > 0) out += runLetter(count);
  return out;
}

export function decode4Cell(body: string, cellCount: number): Int8Array | UrlError {
  const hints = new Int8Array(cellCount).fill(-1);
  let c = 0;
  for (let i = 0; i < body.length && c < cellCount; i++) {
    const ch = body[i];
    if (ch >= '0' && ch <= '4') hints[c] = parseInt(ch, 16);
    else if (ch >= '5' && ch <= '9') { hints[c] = parseInt(ch, 16) - 5; c++; }
    else if (ch >= 'a' && ch <= 'e') { hints[c] = parseInt(ch, 16) - 10; c += 2; }
    else if (ch >= 'g' && ch <= 'z') c += parseInt(ch, 36) - 16;
    else if (ch === '.') return { error: `"?" hints (unknown numbers) are not supported (at ${i})` };
    else return { error: `unexpected character "${ch}" at ${i} of the Slitherlink body` };
    c++;
  }
  return hints;
}

function writeNumber16(q: number): string {
  if (q >= 0 && q < 16) return q.toString(16);
  // pzprjs reads a fixed number of digits after each prefix; its encoder forgets to pad the
  // offset forms (=, %, *, $), which only matters past 4096 labels. We pad, so they decode.
  const [prefix, digits, offset] =
    q < 256 ? ['-', 2, 0] : q < 4096 ? ['+', 3, 0] : q < 8192 ? ['=', 3, 4096]
      : q < 12240 ? ['%', 3, 8192] : q < 77776 ? ['*', 4, 12240] : ['$', 5, 77776];
  return prefix + (q - (offset as number)).toString(16).padStart(digits as number, '0');
}

/** `numbers[c]` is the cell's number, or -1 for empty. */
export function encodeNumber16(numbers: ArrayLike<number>): string {
  let out = '';
  let count = 0;
  for (let c = 0; c < numbers.length; c++) {
    const q = numbers[c];
    const piece = q >= 0 ? writeNumber16(q) : '';
    if (!piece) count++;
    if (count === 0) out += piece;
    else if (piece || count === 20) { out += runLetter(count) + piece; count = 0; }
  }
  if (count > 0) out += runLetter(count);
  return out;
}

const NUMBER16_PREFIX: Record<string, [digits: number, offset: number]> = {
  '-': [2, 0], '+': [3, 0], '=': [3, 4096], '%': [3, 8192], '*': [4, 12240], '$': [5, 77776],
};

export function decodeNumber16(body: string, cellCount: number): Int32Array | UrlError {
  const numbers = new Int32Array(cellCount).fill(-1);
  let c = 0;
  let i = 0;
  while (i < body.length && c < cellCount) {
    const ch = body[i];
    if (/[0-9a-f]/.test(ch)) { numbers[c++] = parseInt(ch, 16); i++; continue; }
    const prefix = NUMBER16_PREFIX[ch];
    if (prefix) {
      const digits = body.substr(i + 1, prefix[0]);
      if (digits.length !== prefix[0] || !/^[0-9a-f]+$/.test(digits)) {
        return { error: `bad number after "${ch}" at ${i}` };
      }
      numbers[c++] = parseInt(digits, 16) + prefix[1];
      i += 1 + prefix[0];
      continue;
    }
    if (ch >= 'g' && ch <= 'z') { c += parseInt(ch, 36) - 15; i++; continue; }
    if (ch === '.') return { error: `"?" endpoints (unknown numbers) are not supported (at ${i})` };
    return { error: `unexpected character "${ch}" at ${i} of the Numberlink body` };
  }
  return numbers;
}

/** Parses a puzz.link URL (any host, or just `slither/W/H/BODY`). */
export function parsePuzzLink(url: string): UrlPuzzle | UrlError {
  const trimmed = url.trim();
  const query = trimmed.includes('?') ? trimmed.slice(trimmed.indexOf('?') + 1) : trimmed;
  const parts = query.split('/');
  const type = parts[0];
  if (type !== 'slither' && type !== 'numlin') {
    return { error: `not a Slitherlink or Numberlink URL (type "${type}"; expected slither or numlin)` };
  }
  // pzprjs allows a leading option field such as `d` before the size; none is defined for these two types.
  const cols = Number(parts[1]);
  const rows = Number(parts[2]);
  if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1) {
    return { error: `bad size "${parts[1]}/${parts[2]}" (expected WIDTH/HEIGHT)` };
  }
  if (rows * cols > MAX_CELLS) return { error: `grid ${cols}x${rows} is too large` };
  const body = parts.slice(3).join('/');
  if (type === 'slither') {
    const hints = decode4Cell(body, rows * cols);
    if ('error' in hints) return hints;
    return { kind: 'slitherlink', rows, cols, hints };
  }
  const numbers = decodeNumber16(body, rows * cols);
  if ('error' in numbers) return numbers;
  // Labels in order of first appearance; single digits stay digits.
  const labelOf = new Map<number, number>();
  const labels: string[] = [];
  const cells = new Int32Array(rows * cols).fill(-1);
  for (let c = 0; c < numbers.length; c++) {
    const q = numbers[c];
    if (q < 0) continue;
    let index = labelOf.get(q);
    if (index === undefined) {
      index = labels.length;
      labelOf.set(q, index);
      labels.push(String(q));
    }
    cells[c] = index;
  }
  return { kind: 'numberlink', rows, cols, cells, labels };
}

export function slitherlinkUrl(grid: SlitherlinkGrid, host = 'https://puzz.link/p?'): string {
  return `${host}slither/${grid.cols}/${grid.rows}/${encode4Cell(grid.hints)}`;
}

/**
 * Numeric labels keep their number; other labels are numbered 1, 2, ... in order of first
 * appearance, skipping numbers that numeric labels already use.
 */
export function numberlinkUrl(grid: NumberlinkGrid, host = 'https://puzz.link/p?'): string {
  const used = new Set<number>();
  const numberOf: number[] = grid.labels.map((l) => (/^\d+$/.test(l) ? Number(l) : -1));
  for (const n of numberOf) if (n >= 0) used.add(n);
  let next = 1;
  for (let i = 0; i < numberOf.length; i++) {
    if (numberOf[i] >= 0) continue;
    while (used.has(next)) next++;
    numberOf[i] = next;
    used.add(next);
  }
  const numbers = new Int32Array(grid.rows * grid.cols);
  for (let c = 0; c < numbers.length; c++) numbers[c] = grid.cells[c] >= 0 ? numberOf[grid.cells[c]] : -1;
  return `${host}numlin/${grid.cols}/${grid.rows}/${encodeNumber16(numbers)}`;
}

/**
 * A parsed puzzle's puzz.link URL, and what the URL cannot carry: a `numlin` URL has no rule, so a
 * Numberlink whose rule (its `# rule:` line) is not plain Nikoli loses it (`warning`).
 */
export function puzzleUrl(p: Puzzle, host?: string): { url: string; warning?: string } {
  if (p.kind === 'slitherlink') return { url: slitherlinkUrl(p, host) };
  const url = numberlinkUrl({ rows: p.rows, cols: p.cols, cells: p.cells, labels: p.labels }, host);
  const rule = ruleName(p.rule);
  return rule === 'nikoli' ? { url } : { url, warning: `puzz.link numlin URLs carry no rule: this puzzle's rule \`${rule}\` is lost` };
}
