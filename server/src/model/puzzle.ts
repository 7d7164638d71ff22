import type { Range } from './range';
import type { TilingRef } from './lattice';

/**
 * A genre's name, as the registry (genres/index.ts) knows it: the language id, the `--kind` word,
 * `kind` in the CLI's JSON. Nothing below the genres knows which genres there are.
 */
export type PuzzleKind = string;

/** `# key: value` comment lines, in file order. */
export interface Metadata {
  key: string;
  value: string;
  /** Range of the whole comment line. */
  range: Range;
  /** Range of the value alone. */
  valueRange: Range;
}

/** What every genre's puzzle model has; a genre's own model (slitherlink/puzzle.ts, ...) extends it. */
export interface Puzzle {
  kind: PuzzleKind;
  rows: number;
  cols: number;
  /** Source range of every cell's token, index r * cols + c (on a tiling: per face, in the lattice's order). */
  cellRanges: Range[];
  metadata: Metadata[];
  /** `row` for compact rows (`3..2`), `tokens` for space-separated rows (`3 . . 2`). */
  layout: 'compact' | 'tokens';
  /**
   * A puzzle on one of Loopy's tilings (`# grid:` line, docs/tilings.md) instead of squares: its
   * cells are the lattice's faces, in Loopy's order (model/lattice.ts); `rows` and `cols` are the
   * tiling's height and width (not a face count).
   */
  tiling?: TilingRef;
}
