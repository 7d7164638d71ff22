// Text drawings of solutions with box-drawing characters, for `linkpuzzle solve`.

const UP = 1, DOWN = 2, LEFT = 4, RIGHT = 8;

/** Box character for a point or cell joined in the directions of `mask` (UP | DOWN | LEFT | RIGHT). */
const BOX: string[] = (() => {
  const t = new Array<string>(16).fill(' ');
  t[0] = '·';
  t[UP] = '╵';
  t[DOWN] = '╷';
  t[LEFT] = '╴';
  t[RIGHT] = '╶';
  t[UP | DOWN] = '│';
  t[LEFT | RIGHT] = '─';
  t[DOWN | RIGHT] = '┌';
  t[DOWN | LEFT] = '┐';
  t[UP | RIGHT] = '└';
  t[UP | LEFT] = '┘';
  t[UP | DOWN | RIGHT] = '├';
  t[UP | DOWN | LEFT] = '┤';
  t[LEFT | RIGHT | DOWN] = '┬';
  t[LEFT | RIGHT | UP] = '┴';
  t[UP | DOWN | LEFT | RIGHT] = '┼';
  return t;
})();

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
