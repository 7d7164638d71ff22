/**
 * Simon Tatham's Loopy game IDs for the square grid: `WxHt0dh:DESC` (the parameters before
 * the colon: size, `t0` = squares, `d` + difficulty letter). DESC lists clues row by row:
 * a digit is a clue, a letter `a`..`z` is a run of 1..26 empty cells.
 */
import type { SlitherlinkGrid } from './write';
import type { UrlError } from '../../exchange/puzzlink';

export function parseLoopyId(id: string): (SlitherlinkGrid & { params: string }) | UrlError {
  const colon = id.indexOf(':');
  if (colon < 0) return { error: 'a Loopy game ID has the form WxH...:DESCRIPTION' };
  const params = id.slice(0, colon).trim();
  const desc = id.slice(colon + 1).trim();
  const size = /^(\d+)x(\d+)/.exec(params);
  if (!size) return { error: `bad Loopy parameters "${params}" (expected WxH...)` };
  const grid = /t(\d+)/.exec(params);
  if (grid && grid[1] !== '0') return { error: `Loopy grid type t${grid[1]} is not the square grid (t0)` };
  const cols = Number(size[1]);
  const rows = Number(size[2]);
  if (cols < 1 || rows < 1 || rows * cols > 4_000_000) return { error: `bad Loopy size ${cols}x${rows}` };
  const hints = new Int8Array(rows * cols).fill(-1);
  let c = 0;
  for (let i = 0; i < desc.length; i++) {
    const ch = desc[i];
    if (ch >= '0' && ch <= '4') {
      if (c >= hints.length) return { error: 'the description is longer than the grid' };
      hints[c++] = Number(ch);
    } else if (ch >= 'a' && ch <= 'z') {
      c += ch.charCodeAt(0) - 96;
    } else {
      return { error: `unexpected character "${ch}" at ${i} of the Loopy description` };
    }
  }
  if (c !== hints.length) return { error: `the description covers ${c} cells, the grid has ${hints.length}` };
  return { rows, cols, hints, params };
}

export function loopyId(grid: SlitherlinkGrid, params = `${grid.cols}x${grid.rows}t0`): string {
  let desc = '';
  let run = 0;
  const flush = () => {
    while (run > 0) {
      const n = Math.min(run, 26);
      desc += String.fromCharCode(96 + n);
      run -= n;
    }
  };
  for (let c = 0; c < grid.rows * grid.cols; c++) {
    const h = grid.hints[c];
    if (h < 0) { run++; continue; }
    flush();
    desc += String(h);
  }
  flush();
  return `${params}:${desc}`;
}
