/** puzz.link `slither` URLs: pzprjs's `encode4Cell` of the hints. */
import { PUZZLINK_HOST, puzzLinkGrid, runLetter, type UrlError } from '../../exchange/puzzlink';
import type { SlitherlinkGrid } from './write';

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

export function slitherlinkUrl(grid: SlitherlinkGrid, host = PUZZLINK_HOST): string {
  return `${host}slither/${grid.cols}/${grid.rows}/${encode4Cell(grid.hints)}`;
}


/** A `slither` URL's grid. */
export function parseSlitherUrl(url: string): SlitherlinkGrid | UrlError {
  const g = puzzLinkGrid(url);
  if ('error' in g) return g;
  const hints = decode4Cell(g.body, g.rows * g.cols);
  if ('error' in hints) return hints;
  return { rows: g.rows, cols: g.cols, hints };
}
