/**
 * Brute-force references for the design tools: every loop of a small grid comes from the
 * independent DFS in slitherlink-brute.ts; hint sets are enumerated as bit masks.
 */
import { Grid } from '../../server/src/model/grid';
import { bruteLoops } from './slitherlink-brute';

/** Per loop of the empty grid: its count per cell. */
export function allLoopCounts(rows: number, cols: number): Int8Array[] {
  const grid = new Grid(rows, cols);
  const empty = new Int8Array(rows * cols).fill(-1);
  return bruteLoops(rows, cols, empty).map((edges) => {
    const k = new Int8Array(rows * cols);
    for (const e of edges) for (const c of grid.edgeCells(e)) if (c >= 0) k[c]++;
    return k;
  });
}

export interface BruteFamily {
  count: number;
  minimalCount: number;
  minimumSize: number;
  /** Smallest hardness key over the family (4s, then 0s, 3s, 1s, 2s, compared in that order). */
  hardestKey: string;
  /** Membership test: does hint set `h` (bit mask over cells) make the loop unique? */
  isGood: (h: number) => boolean;
}

/** Hint sets (within `mask`, bit masks) that make the loop with counts `target` the unique solution. */
export function bruteHintFamily(rows: number, cols: number, target: Int8Array, mask?: number): BruteFamily {
  const n = rows * cols;
  const allowed = mask ?? (2 ** n - 1);
  const loops = allLoopCounts(rows, cols);
  // Agreement mask of every other loop: the hint sets inside it do not tell the loops apart.
  const agree = new Set<number>();
  for (const k of loops) {
    let m = 0, same = true;
    for (let c = 0; c < n; c++) {
      if (k[c] === target[c]) m |= 1 << c;
      else same = false;
    }
    if (!same) agree.add(m);
  }
  const masks = [...agree];
  const good = new Uint8Array(2 ** n);
  let count = 0, minimalCount = 0, minimumSize = -1;
  let hardestKey = '';
  for (let h = 0; h < 2 ** n; h++) {
    if ((h & ~allowed) !== 0) continue;
    if (masks.every((m) => (h & ~m) !== 0)) { good[h] = 1; count++; }
  }
  for (let h = 0; h < 2 ** n; h++) {
    if (!good[h]) continue;
    let minimal = true;
    for (let c = 0; c < n; c++) if ((h >> c) & 1 && good[h & ~(1 << c)]) minimal = false;
    if (!minimal) continue;
    minimalCount++;
    const size = popcount(h);
    if (minimumSize < 0 || size < minimumSize) minimumSize = size;
    const key = hardKey(h, target, n);
    if (hardestKey === '' || key < hardestKey) hardestKey = key;
  }
  return { count, minimalCount, minimumSize, hardestKey, isGood: (h) => good[h] === 1 };
}

/** Counts of 4, 0, 3, 1, 2 among the hints of set h, as a string that sorts in hardness order. */
export function hardKey(h: number, values: ArrayLike<number>, n: number): string {
  const c = [0, 0, 0, 0, 0];
  for (let x = 0; x < n; x++) if ((h >> x) & 1) c[values[x]]++;
  return [c[4], c[0], c[3], c[1], c[2]].map((v) => String(v).padStart(3, '0')).join(',');
}

export function popcount(h: number): number {
  let k = 0;
  while (h) { k += h & 1; h >>>= 1; }
  return k;
}

export function bitsOf(cells: number[]): number {
  return cells.reduce((a, c) => a | (1 << c), 0);
}
