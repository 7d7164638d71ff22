/**
 * The one uniqueness test the design tools use: deduction, then the ZDD of all loops over the
 * edges left open (the same path as checkSlitherlink, without redundancy or second solutions).
 */
import { Grid } from '../model/grid';
import type { SlitherlinkPuzzle } from '../model/puzzle';
import type { RunControl } from '../zdd/control';
import { deduce } from '../slitherlink/deduce';
import { buildLoops } from '../slitherlink/solve';

/** Exact number of loops meeting `hints`. Throws StopError on a limit. */
export function countLoops(grid: Grid, hints: Int8Array, control?: RunControl): bigint {
  const d = deduce({ rows: grid.rows, cols: grid.cols, hints }, { isCancelled: control?.isCancelled });
  if (d.contradiction) return 0n;
  return buildLoops(grid, hints, d.edges, control).zdd.count();
}

/** A puzzle model for hints built in memory (no source text: empty ranges). */
export function puzzleOf(rows: number, cols: number, hints: Int8Array): SlitherlinkPuzzle {
  return { kind: 'slitherlink', rows, cols, hints, cellRanges: [], metadata: [], layout: 'tokens' };
}
