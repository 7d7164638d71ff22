/**
 * The size of the grid a file writes, counted before any row is split into cells, so that a grid
 * past MAX_GRID_CELLS is refused before it costs memory (one problem, `grid-too-large`).
 */
import type { Line } from './lines';
import { isBlank } from './lines';
import { MAX_GRID_CELLS, ParseStop, type Poll } from './limits';

/**
 * Cells of text[from, to) as written: tokens when the row has a blank between two cells, else
 * characters (code points). Counting stops past `cap` (the result is then cap + 1 or more).
 */
export function cellsWritten(text: string, from: number, to: number, cap: number): number {
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
    // The low half of a surrogate pair is the same character as its high half.
    if (!(c >= 0xdc00 && c <= 0xdfff && i > from && isHigh(text.charCodeAt(i - 1)))) chars++;
  }
  return spaced || tokens > cap ? tokens : chars;
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/** Rows and cells written so far, against the limit. */
export class GridSize {
  rows = 0;
  cells = 0;
  widest = 0;
  narrowest = Infinity;
  /** Some row alone has more cells than the limit (its count stopped there). */
  rowCapped = false;
  /** Counting stopped at the deadline once the grid was too large: the counts are lower bounds. */
  partial = false;

  constructor(readonly max = MAX_GRID_CELLS) {}

  /** Counts a grid row; true while the grid is within the limit (then the caller keeps the row). */
  add(text: string, line: Line): boolean {
    const n = cellsWritten(text, line.first, line.last, this.max);
    if (n > this.max) this.rowCapped = true;
    this.rows++;
    this.cells += n;
    if (n > this.widest) this.widest = n;
    if (n < this.narrowest) this.narrowest = n;
    return !this.tooLarge;
  }

  get tooLarge(): boolean {
    return this.cells > this.max;
  }

  /**
   * The parse's poll, except that once the grid is too large the deadline no longer stops the
   * parse (the refusal is its answer): counting stops there instead (`partial`).
   */
  poll(poll: Poll): Poll {
    if (poll === undefined) return undefined;
    return () => {
      if (!this.tooLarge) return poll();
      try {
        poll();
      } catch (e) {
        if (!(e instanceof ParseStop && e.reason === 'time')) throw e;
        this.partial = true;
      }
    };
  }

  /** The message of `grid-too-large`. */
  message(): string {
    const f = (n: number) => n.toLocaleString('en-US');
    const some = this.partial ? 'at least ' : '';
    const size = this.rowCapped
      ? `a row of more than ${f(this.max)} cells`
      : this.widest === this.narrowest && !this.partial
        ? `${f(this.rows)} rows of ${f(this.widest)} cells (${f(this.cells)} cells)`
        : `${some}${f(this.rows)} rows of up to ${f(this.widest)} cells (${some}${f(this.cells)} cells in all)`;
    const side = Math.floor(Math.sqrt(this.max));
    return `Grid too large to check: ${size}; the checker takes grids of at most ${f(this.max)} cells (e.g. ${side} × ${side})`;
  }
}
