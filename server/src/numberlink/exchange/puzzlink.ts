/** puzz.link `numlin` URLs: pzprjs's `encodeNumber16` of the endpoints' numbers. */
import { PUZZLINK_HOST, puzzLinkGrid, runLetter, type UrlError } from '../../exchange/puzzlink';
import type { NumberlinkGrid } from './write';

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

/**
 * Numeric labels keep their number; other labels are numbered 1, 2, ... in order of first
 * appearance, skipping numbers that numeric labels already use.
 */
export function numberlinkUrl(grid: NumberlinkGrid, host = PUZZLINK_HOST): string {
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


/** A `numlin` URL's grid: labels in order of first appearance; single digits stay digits. */
export function parseNumlinUrl(url: string): NumberlinkGrid | UrlError {
  const g = puzzLinkGrid(url);
  if ('error' in g) return g;
  const { rows, cols } = g;
  const numbers = decodeNumber16(g.body, rows * cols);
  if ('error' in numbers) return numbers;
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
  return { rows, cols, cells, labels };
}
