import type { Range } from './range';
import type { TilingRef } from './lattice';

export type PuzzleKind = 'slitherlink' | 'numberlink';

/** `# key: value` comment lines, in file order. */
export interface Metadata {
  key: string;
  value: string;
  /** Range of the whole comment line. */
  range: Range;
  /** Range of the value alone. */
  valueRange: Range;
}

interface PuzzleBase {
  rows: number;
  cols: number;
  /** Source range of every cell's token, index r * cols + c. */
  cellRanges: Range[];
  metadata: Metadata[];
  /** `row` for compact rows (`3..2`), `tokens` for space-separated rows (`3 . . 2`). */
  layout: 'compact' | 'tokens';
}

export interface SlitherlinkPuzzle extends PuzzleBase {
  kind: 'slitherlink';
  /** Hint per cell, index r * cols + c: 0..4, or -1 for an empty cell. With `tiling`: per face, 0..its sides. */
  hints: Int8Array;
  /**
   * A puzzle on one of Loopy's tilings (`# grid:` line, docs/tilings.md) instead of squares: `hints`
   * and `cellRanges` are per face in Loopy's order (model/lattice.ts), `rows` and `cols` are the
   * tiling's height and width (not a face count), and there is no solution block.
   */
  tiling?: TilingRef;
  /** The intended loop from the optional solution block after `---`: 1 = inside (design tools). */
  solution?: Uint8Array;
  /** Range of the solution block, from the `---` line to its last row. */
  solutionRange?: Range;
  /** Range of each cell's mark in the solution block (index r * cols + c), with `solution`. */
  solutionCellRanges?: Range[];
}

export interface NumberlinkRule {
  /** Every cell must be used (Flow Free). */
  fill: boolean;
  /** A path never runs alongside itself. */
  notouch: boolean;
}

export interface NumberlinkPuzzle extends PuzzleBase {
  kind: 'numberlink';
  /** Label index per cell (index into `labels`), or -1 for an empty cell. */
  cells: Int32Array;
  /** Distinct labels in order of first appearance (reading order). */
  labels: string[];
  rule: NumberlinkRule;
  /** Range of the `# rule:` value, when the file has one. */
  ruleRange?: Range;
  /** Range of the `W H` size header. */
  headerRange: Range;
}

export type Puzzle = SlitherlinkPuzzle | NumberlinkPuzzle;

export function ruleName(rule: NumberlinkRule): string {
  const words = [rule.fill ? 'fill' : 'nikoli'];
  if (rule.notouch) words.push('notouch');
  return words.join(' ');
}
