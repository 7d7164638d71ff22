/**
 * What the parsers accept and how long they may take: the largest grid, the caller's deadline,
 * and the bytes that were not UTF-8 when the text was read from a file.
 */

/**
 * The largest grid checked, in cells (1024 x 1024; the corpus's 1002 x 1002 stress file fits).
 * A larger grid is refused at once with one `grid-too-large` problem: its text, cells and
 * deduction alone would take gigabytes, and no diagram of it could be built anyway.
 */
export const MAX_GRID_CELLS = 1 << 20;

/** Comment lines of the form `# key: value` kept as metadata (the rest are read, not kept). */
export const MAX_METADATA = 1000;

/** Bytes that were not UTF-8, as the text reads them: each sequence became one U+FFFD at `offset`. */
export interface BadBytes {
  /** In decoding order; at most MAX_BAD_BYTES of them. */
  at: { offset: number; bytes: number[] }[];
  /** Every bad sequence of the file (more than `at.length` when some were not recorded). */
  total: number;
}

export const MAX_BAD_BYTES = 1000;

export interface ParseOptions {
  /** Date.now() past which parsing stops (the result then says `stopped: 'time'`). */
  deadline?: number;
  isCancelled?: () => boolean;
  /** From decodeUtf8: each is reported as `invalid-utf8` at its character. */
  badBytes?: BadBytes;
}

/** Thrown inside a parser when the deadline passes or the caller cancels; caught at its entry. */
export class ParseStop extends Error {
  constructor(readonly reason: 'time' | 'cancelled') {
    super(`parse stopped: ${reason}`);
  }
}

/** Characters scanned between two looks at the clock. */
export const POLL_CHARS = 1 << 16;

/** A check of the deadline and cancellation, or undefined when there is nothing to check. */
export type Poll = (() => void) | undefined;

export function pollOf(options: ParseOptions | undefined): Poll {
  const deadline = options?.deadline;
  const isCancelled = options?.isCancelled;
  if (deadline === undefined && !isCancelled) return undefined;
  return () => {
    if (isCancelled?.()) throw new ParseStop('cancelled');
    if (deadline !== undefined && Date.now() > deadline) throw new ParseStop('time');
  };
}
