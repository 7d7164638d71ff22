/**
 * puzz.link (pzprjs) URLs: `https://puzz.link/p?TYPE/W/H/BODY`, one TYPE per genre (`slither`,
 * `numlin`); each genre decodes and encodes its BODY exactly as pzprjs does (its exchange code),
 * so that a URL from puzz.link survives import and export unchanged. This module reads the frame.
 */

export interface UrlError {
  error: string;
}

export const PUZZLINK_HOST = 'https://puzz.link/p?';

const MAX_CELLS = 4_000_000;

/** Runs of 1..20 empty cells are written as one letter `g`..`z`. */
export function runLetter(count: number): string {
  return (count + 15).toString(36);
}

/** The TYPE of a URL (any host, or just `TYPE/W/H/BODY`), and the rest split at `/`. */
export function puzzLinkType(url: string): { type: string; parts: string[] } {
  const trimmed = url.trim();
  const query = trimmed.includes('?') ? trimmed.slice(trimmed.indexOf('?') + 1) : trimmed;
  const parts = query.split('/');
  return { type: parts[0]!, parts };
}

/** The size and body of a URL whose type a genre reads. */
export function puzzLinkGrid(url: string): { cols: number; rows: number; body: string } | UrlError {
  const { parts } = puzzLinkType(url);
  // pzprjs allows a leading option field such as `d` before the size; none is defined for these types.
  const cols = Number(parts[1]);
  const rows = Number(parts[2]);
  if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1) {
    return { error: `bad size "${parts[1]}/${parts[2]}" (expected WIDTH/HEIGHT)` };
  }
  if (rows * cols > MAX_CELLS) return { error: `grid ${cols}x${rows} is too large` };
  return { cols, rows, body: parts.slice(3).join('/') };
}
