import type { Puzzle } from '../model/puzzle';
import type { Range } from '../model/range';

export interface SlitherlinkPuzzle extends Puzzle {
  kind: 'slitherlink';
  /** Hint per cell, index r * cols + c: 0..4, or -1 for an empty cell. With `tiling`: per face, 0..its sides. */
  hints: Int8Array;
  /** The intended loop from the optional solution block after `---`: 1 = inside (design tools). With `tiling`: per face. */
  solution?: Uint8Array;
  /** Range of the solution block, from the `---` line to its last row. */
  solutionRange?: Range;
  /** Range of each cell's mark in the solution block (index r * cols + c; a tiling's: per face), with `solution`. */
  solutionCellRanges?: Range[];
}
