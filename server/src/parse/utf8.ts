/**
 * Reading a file's bytes as UTF-8 text while noting the bytes that are not UTF-8: each bad
 * sequence becomes one U+FFFD (as every WHATWG decoder does, Node's included), and the parsers
 * report it at that character (`invalid-utf8`) instead of reading it as a cell or label.
 */
import { type BadBytes, MAX_BAD_BYTES } from './limits';
import { type Line, type ProblemList, range } from './lines';

export interface Decoded {
  text: string;
  /** Absent when every byte was UTF-8. */
  badBytes?: BadBytes;
}

export function decodeUtf8(bytes: Uint8Array): Decoded {
  try {
    // The byte-order mark is kept, as readFileSync(path, 'utf8') keeps it (the parsers skip it).
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    return { text, badBytes: findBadBytes(bytes) };
  }
}

/**
 * The bad sequences of `bytes` and the offset of the U+FFFD each becomes in the decoded text:
 * the WHATWG UTF-8 decoder's steps (a sequence ends at the first byte that cannot continue it,
 * and that byte starts afresh), counting the UTF-16 units of what it emits.
 */
export function findBadBytes(bytes: Uint8Array): BadBytes {
  const out: BadBytes = { at: [], total: 0 };
  const bad = (from: number, to: number, offset: number) => {
    out.total++;
    if (out.at.length < MAX_BAD_BYTES) out.at.push({ offset, bytes: Array.from(bytes.subarray(from, to)) });
  };
  let units = 0, needed = 0, seen = 0, cp = 0, lower = 0x80, upper = 0xbf, start = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (needed === 0) {
      start = i;
      if (b <= 0x7f) units++;
      else if (b >= 0xc2 && b <= 0xdf) {
        needed = 1;
        cp = b & 0x1f;
      } else if (b >= 0xe0 && b <= 0xef) {
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
        needed = 2;
        cp = b & 0xf;
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
        needed = 3;
        cp = b & 0x7;
      } else {
        bad(i, i + 1, units++);
      }
      continue;
    }
    if (b < lower || b > upper) {
      bad(start, i, units++);
      needed = seen = cp = 0;
      lower = 0x80;
      upper = 0xbf;
      i--; // this byte starts afresh
      continue;
    }
    lower = 0x80;
    upper = 0xbf;
    cp = (cp << 6) | (b & 0x3f);
    if (++seen === needed) {
      units += cp > 0xffff ? 2 : 1;
      needed = seen = cp = 0;
    }
  }
  if (needed !== 0) bad(start, bytes.length, units);
  return out;
}

/** The bad sequences of one parse: reported line by line as the parser meets them, and looked up by offset. */
export class BadByteMarks {
  private next = 0;
  private readonly offsets: Set<number>;

  constructor(private readonly bad: BadBytes | undefined) {
    this.offsets = new Set(bad?.at.map((b) => b.offset));
  }

  /** Whether the U+FFFD at `offset` stands for bytes that were not UTF-8 (already reported). */
  has(offset: number): boolean {
    return this.offsets.has(offset);
  }

  /** Whether text[from, to) holds such a U+FFFD. */
  within(text: string, from: number, to: number): boolean {
    if (this.offsets.size === 0) return false;
    for (let i = text.indexOf('\uFFFD', from); i >= 0 && i < to; i = text.indexOf('\uFFFD', i + 1)) if (this.offsets.has(i)) return true;
    return false;
  }

  /** Reports the bad sequences on `line` (lines come in order). */
  visit(line: Line, problems: ProblemList): void {
    const at = this.bad?.at;
    if (!at) return;
    for (; this.next < at.length && at[this.next].offset <= line.end; this.next++) {
      const { offset, bytes } = at[this.next];
      if (offset < line.start) continue;
      const hex = bytes.map((b) => '0x' + b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
      const what = bytes.length === 1 ? `byte ${hex} is` : `bytes ${hex} are`;
      const more = this.next === at.length - 1 && this.bad!.total > at.length ? ` (and ${this.bad!.total - at.length} more bad sequences after it, not listed)` : '';
      problems.add(
        'invalid-utf8',
        range(line, offset, offset + 1),
        `Invalid UTF-8: the ${what} not a UTF-8 character (it reads as U+FFFD); save the file as UTF-8 text${more}`,
      );
    }
  }
}
