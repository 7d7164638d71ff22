/** Compass names of steps between orthogonally adjacent cells, for messages. */
const DIRS: Record<string, string> = { '-1,0': 'north', '1,0': 'south', '0,-1': 'west', '0,1': 'east' };

/** 'north', 'south', 'west' or 'east': where `to` lies seen from `from` ('?' when not adjacent). */
export function direction(from: [number, number], to: [number, number]): string {
  return DIRS[`${to[0] - from[0]},${to[1] - from[1]}`] ?? '?';
}

/** 1-based, as people count: "(1, 2)". */
export function cellName(row: number, col: number): string {
  return `(${row + 1}, ${col + 1})`;
}
