/**
 * A random Slitherlink loop: grow a simply connected inside region from a random cell, adding
 * random outside neighbours while the outside stays connected (no holes) and no two inside
 * cells meet only at a corner (the loop would touch itself). The border of the region is then
 * one simple loop.
 */
import { seededRandom } from '../../util/random';

export function randomInside(rows: number, cols: number, rand: () => number, fill = 0.5): Uint8Array {
  const n = rows * cols;
  const inside = new Uint8Array(n);
  if (n === 0) return inside;
  const start = Math.floor(rand() * n);
  inside[start] = 1;
  let count = 1;
  const target = Math.max(1, Math.round(fill * n));
  const cand = new Set<number>();
  const addNeighbours = (x: number): void => {
    const r = Math.floor(x / cols), c = x % cols;
    if (r > 0 && !inside[x - cols]) cand.add(x - cols);
    if (r < rows - 1 && !inside[x + cols]) cand.add(x + cols);
    if (c > 0 && !inside[x - 1]) cand.add(x - 1);
    if (c < cols - 1 && !inside[x + 1]) cand.add(x + 1);
  };
  addNeighbours(start);
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  const at = (r: number, c: number): number => (r < 0 || c < 0 || r >= rows || c >= cols ? 0 : inside[r * cols + c]);
  const noCornerTouch = (x: number): boolean => {
    const r = Math.floor(x / cols), c = x % cols;
    for (const [dr, dc] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
      // diagonal inside, both side cells outside: the corner would carry four loop edges
      if (at(r + dr, c + dc) && !at(r + dr, c) && !at(r, c + dc)) return false;
    }
    return true;
  };
  // The outside (with the frame around the grid) must stay connected once x is inside.
  const outsideConnected = (x: number): boolean => {
    seen.fill(0);
    seen[x] = 1;
    let top = 0, reached = 0;
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const y = r * cols + c;
        if ((r === 0 || c === 0 || r === rows - 1 || c === cols - 1) && !inside[y] && !seen[y]) { seen[y] = 1; stack[top++] = y; }
      }
    while (top > 0) {
      const y = stack[--top];
      reached++;
      const r = Math.floor(y / cols), c = y % cols;
      const nb = [r > 0 ? y - cols : -1, r < rows - 1 ? y + cols : -1, c > 0 ? y - 1 : -1, c < cols - 1 ? y + 1 : -1];
      for (const z of nb) if (z >= 0 && !inside[z] && !seen[z]) { seen[z] = 1; stack[top++] = z; }
    }
    return reached === n - count - 1;
  };
  while (count < target && cand.size > 0) {
    const list = [...cand];
    const x = list[Math.floor(rand() * list.length)];
    cand.delete(x);
    if (!noCornerTouch(x) || !outsideConnected(x)) continue;
    inside[x] = 1;
    count++;
    addNeighbours(x);
    // cells rejected earlier may be fine now: give the neighbours of x another chance
  }
  return inside;
}

export function randomInsideSeeded(rows: number, cols: number, seed: number, fill = 0.5): Uint8Array {
  return randomInside(rows, cols, seededRandom(seed), fill);
}
