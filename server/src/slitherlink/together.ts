/**
 * The pass of "Remove all redundant hints" on a unique Slitherlink (the check's last phase and the
 * fix-all): on squares minimize.ts, given the unique loop (or checking for it first); on a tiling
 * the lattice's pass (minimizeHints knows square grids only).
 */
import type { CellRef, CheckResult, LoopSolution } from '../analysis/result';
import { Grid } from '../model/grid';
import type { RunControl } from '../zdd/control';
import { checkSlitherlink } from './check';
import { minimizeTilingHints } from './checkTiling';
import { minimizeHints, type MinimizeResult } from './minimize';
import type { SlitherlinkPuzzle } from './puzzle';

export function together(p: SlitherlinkPuzzle, redundant: readonly CellRef[] | undefined, solution: CheckResult['solution'], control: RunControl): MinimizeResult | null {
  if (p.tiling) return minimizeTilingHints(p, redundant, control);
  const loop = solution && 'edges' in solution ? loopEdgeIndices(p, solution.edges) : uniqueLoop(p, control);
  if (!loop) return null;
  return minimizeHints(p, redundant, { control, solution: loop });
}

function loopEdgeIndices(p: SlitherlinkPuzzle, edges: LoopSolution['edges']): number[] {
  const grid = new Grid(p.rows, p.cols);
  return edges.map(([a, b, c, d]) => grid.edgeBetween(a, b, c, d));
}

/** The puzzle's loop when it has exactly one (else null: nothing to minimise). */
function uniqueLoop(p: SlitherlinkPuzzle, control: RunControl): number[] | null {
  const r = checkSlitherlink(p, { control, redundant: false, secondSolution: false });
  return r.verdict === 'unique' && r.solution && 'edges' in r.solution ? loopEdgeIndices(p, r.solution.edges) : null;
}
