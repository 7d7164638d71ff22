/**
 * The pass of "Remove all redundant hints" on a unique Slitherlink (the check's last phase and the
 * fix-all): on squares minimize.ts, given the unique loop (or checking for it first); on a tiling
 * the lattice's pass (minimizeHints knows square grids only).
 */
import type { CellRef, CheckResult, LoopSolution } from '../analysis/result';
import { Grid } from '../model/grid';
import type { RunControl } from '../zdd/control';
import type { CheckSession } from '../genres/genre';
import { SlitherlinkSession } from './incremental';
import { checkSlitherlink } from './check';
import { minimizeTilingHints } from './checkTiling';
import { minimizeHints, type MinimizeResult } from './minimize';
import type { SlitherlinkPuzzle } from './puzzle';

export function together(
  p: SlitherlinkPuzzle, redundant: readonly CellRef[] | undefined, solution: CheckResult['solution'], control: RunControl,
  session?: CheckSession<SlitherlinkPuzzle> | null,
): MinimizeResult | null {
  if (p.tiling) return minimizeTilingHints(p, redundant, control);
  const loop = solution && 'edges' in solution ? loopEdgeIndices(p, solution.edges) : uniqueLoop(p, control);
  if (!loop) return null;
  // The document's session: what its checks proved, and the probing order of these hints.
  const s = session instanceof SlitherlinkSession ? session : null;
  const memo = s?.redundancyMemo(p.rows, p.cols);
  const schedule = s?.scheduleFor(p);
  return minimizeHints(p, redundant, { control, solution: loop, ...(memo ? { memo } : {}), ...(schedule ? { schedule } : {}) });
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
