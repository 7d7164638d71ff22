/**
 * `solution-not-intended`: the puzzle is unique but its loop is not the solution block's (so some
 * hint disagrees with the block: a loop that meets every hint would be the solution). Left out
 * while the marks are no loop.
 */
import { cellsWhereLoopsDiffer, facesWhereLoopsDiffer, intendedLoop, solutionEdgeIds } from '../design/intendedLoop';
import { makeLattice } from '../../model/lattice';
import type { Analysis } from '../../analysis/result';
import type { SlitherlinkPuzzle } from '../puzzle';
import { SOLUTION_NOT_INTENDED } from './codes';
import { MAX_RELATED, type Finding } from '../../findings/finding';
import { placeName } from '../../findings/words';
import type { CellRef } from '../../analysis/result';

export function solutionNotIntended(p: SlitherlinkPuzzle | null, a: Analysis): Finding | null {
  const r = a.result;
  if (!p || !p.solutionRange || r.verdict !== 'unique' || !r.solution || !('edges' in r.solution)) return null;
  const loop = intendedLoop(p);
  if (!loop || loop.problem) return null;
  // On a tiling the faces where they differ (line, place and number), the loop's edges by id.
  const lattice = p.tiling ? makeLattice(p.tiling) : null;
  const cells: CellRef[] = lattice
    ? facesWhereLoopsDiffer(lattice, loop.on, solutionEdgeIds(lattice, r.solution))
    : cellsWhereLoopsDiffer(p, loop.on, r.solution.edges);
  if (cells.length === 0) return null;
  const hasRange = (c: CellRef) => !!p.cellRanges[c.face ?? c.row * p.cols + c.col];
  const what = lattice ? 'face' : 'cell';
  const related = cells.slice(0, MAX_RELATED).filter(hasRange)
    .map((cell) => ({ cell, message: `${lattice ? '' : 'cell '}${placeName(cell)}: the solution and the intended loop use different sides` }));
  const first = cells[0]!;
  return {
    code: SOLUTION_NOT_INTENDED, severity: 'warning',
    // At the first cell that differs, like the several-solutions finding: the grid is what to change.
    at: hasRange(first) ? { cell: first } : { range: p.solutionRange },
    message: `The unique solution is not the intended loop: they differ at ${cells.length} ${what}${cells.length === 1 ? '' : 's'}.`,
    ...(related.length ? { related } : {}),
  };
}
