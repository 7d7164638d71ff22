// A Numberlink solution drawn as text with box-drawing characters, for `linkpuzzle solve`.
import { BOX, DOWN, LEFT, RIGHT, UP } from '../util/box';

/**
 * Numberlink: each path through its cells, the label at both endpoints (`A──┐`), `·` for an
 * unused cell. `labelAt(r, c)` is the endpoint label of a cell or null.
 */
export function drawPaths(
  rows: number,
  cols: number,
  labelAt: (r: number, c: number) => string | null,
  paths: readonly (readonly (readonly [number, number])[])[],
): string {
  const mask = new Uint8Array(rows * cols);
  for (const path of paths) {
    for (let i = 0; i + 1 < path.length; i++) {
      const [r1, c1] = path[i];
      const [r2, c2] = path[i + 1];
      const a = r1 * cols + c1, b = r2 * cols + c2;
      if (r1 === r2 && c2 === c1 + 1) { mask[a] |= RIGHT; mask[b] |= LEFT; }
      else if (r1 === r2 && c2 === c1 - 1) { mask[a] |= LEFT; mask[b] |= RIGHT; }
      else if (c1 === c2 && r2 === r1 + 1) { mask[a] |= DOWN; mask[b] |= UP; }
      else if (c1 === c2 && r2 === r1 - 1) { mask[a] |= UP; mask[b] |= DOWN; }
    }
  }
  let width = 1;
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) width = Math.max(width, [...(labelAt(r, c) ?? '')].length);
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    let line = '';
    for (let c = 0; c < cols; c++) {
      const m = mask[r * cols + c];
      const fill = m & RIGHT ? '─' : ' ';
      const text = labelAt(r, c) ?? BOX[m];
      line += text + fill.repeat(width - [...text].length);
      if (c < cols - 1) line += fill.repeat(2);
    }
    lines.push(line.trimEnd());
  }
  return lines.join('\n');
}
