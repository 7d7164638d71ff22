/**
 * `solution-not-intended`: the puzzle is unique but its loop is not the solution block's (so some
 * hint disagrees with the block: a loop that meets every hint would be the solution). Left out
 * while the marks are no loop.
 */
import { cellsWhereLoopsDiffer, intendedLoop } from '../design/intendedLoop';
import type { Analysis } from '../../analysis/result';
import type { SlitherlinkPuzzle } from '../puzzle';
import { SOLUTION_NOT_INTENDED } from './codes';
import { MAX_RELATED, type Finding } from '../../findings/finding';
import { cellName } from '../../findings/words';

export function solutionNotIntended(p: SlitherlinkPuzzle | null, a: Analysis): Finding | null {
  const r = a.result;
  if (!p || !p.solutionRange || r.verdict !== 'unique' || !r.solution || !('edges' in r.solution)) return null;
  const loop = intendedLoop(p);
  if (!loop || loop.problem) return null;
  const cells = cellsWhereLoopsDiffer(p, loop.on, r.solution.edges);
  if (cells.length === 0) return null;
  const hasRange = (row: number, col: number) => !!p.cellRanges[row * p.cols + col];
  const related = cells.slice(0, MAX_RELATED).filter((c) => hasRange(c.row, c.col))
    .map((cell) => ({ cell, message: `cell ${cellName(cell.row, cell.col)}: the solution and the intended loop use different sides` }));
  const first = cells[0]!;
  return {
    code: SOLUTION_NOT_INTENDED, severity: 'warning',
    // At the first cell that differs, like the several-solutions finding: the grid is what to change.
    at: hasRange(first.row, first.col) ? { cell: first } : { range: p.solutionRange },
    message: `The unique solution is not the intended loop: they differ at ${cells.length} cell${cells.length === 1 ? '' : 's'}.`,
    ...(related.length ? { related } : {}),
  };
}
