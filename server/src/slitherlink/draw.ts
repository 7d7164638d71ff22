// A Slitherlink solution drawn as text with box-drawing characters, for `linkpuzzle solve`.
import { BOX, DOWN, LEFT, RIGHT, UP } from '../util/box';

/**
 * Slitherlink: the loop on the grid points, hints in the cells.
 * `hints[r * cols + c]` is 0..4 or -1; `edges` are [r1, c1, r2, c2] vertex pairs.
 * `cellWidth` 3 gives `┌───┐`, 1 gives the compact `┌─┐`.
 */
export function drawLoop(
  rows: number,
  cols: number,
  hints: ArrayLike<number>,
  edges: readonly (readonly [number, number, number, number])[],
  cellWidth = 3,
): string {
  const vmask = new Uint8Array((rows + 1) * (cols + 1));
  const hEdge = new Uint8Array((rows + 1) * cols);
  const vEdge = new Uint8Array(rows * (cols + 1));
  const V = (r: number, c: number) => r * (cols + 1) + c;
  for (const [r1, c1, r2, c2] of edges) {
    const ra = Math.min(r1, r2), ca = Math.min(c1, c2);
    if (r1 === r2 && Math.abs(c1 - c2) === 1) {
      hEdge[ra * cols + ca] = 1;
      vmask[V(ra, ca)] |= RIGHT;
      vmask[V(ra, ca + 1)] |= LEFT;
    } else if (c1 === c2 && Math.abs(r1 - r2) === 1) {
      vEdge[ra * (cols + 1) + ca] = 1;
      vmask[V(ra, ca)] |= DOWN;
      vmask[V(ra + 1, ca)] |= UP;
    }
  }
  const lines: string[] = [];
  const pad = Math.floor((cellWidth - 1) / 2);
  for (let r = 0; r <= rows; r++) {
    let points = '';
    for (let c = 0; c <= cols; c++) {
      points += BOX[vmask[V(r, c)]];
      if (c < cols) points += (hEdge[r * cols + c] ? '─' : ' ').repeat(cellWidth);
    }
    lines.push(points.trimEnd());
    if (r === rows) break;
    let cells = '';
    for (let c = 0; c <= cols; c++) {
      cells += vEdge[r * (cols + 1) + c] ? '│' : ' ';
      if (c < cols) {
        const h = hints[r * cols + c];
        const ch = h >= 0 ? String(h) : ' ';
        cells += ' '.repeat(pad) + ch + ' '.repeat(cellWidth - pad - 1);
      }
    }
    lines.push(cells.trimEnd());
  }
  return lines.join('\n');
}
