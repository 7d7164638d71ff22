/** Numberlink under the nikoli rule: unique, but the solution leaves cells empty (a good puzzle uses every cell). */
import type { PathSolution } from '../../analysis/result';
import type { Analysis } from '../../analysis/result';
import type { Puzzle } from '../../model/puzzle';
import { NOT_COVERING } from './codes';
import { GRID, MAX_RELATED, type Finding } from '../../findings/finding';
import { cellName } from '../../findings/words';

export function notCovering(p: Puzzle | null, a: Analysis): Finding | null {
  const r = a.result;
  if (r.verdict !== 'unique' || r.covers !== false || !r.solution || !('paths' in r.solution)) return null;
  const empty = p ? emptyCells(p, r.solution) : [];
  const n = p ? empty.length : r.rows * r.cols - r.solution.paths.reduce((t, path) => t + path.length, 0);
  const related = empty.slice(0, MAX_RELATED).map((e) => ({ cell: e, message: `cell ${cellName(e.row, e.col)} is not used` }));
  return {
    code: NOT_COVERING, severity: 'warning',
    at: empty.length ? { cell: empty[0]! } : GRID,
    message: `Unique, but the solution leaves ${n} cell${n === 1 ? '' : 's'} empty: under the nikoli rule a good puzzle uses every cell.`,
    ...(related.length ? { related } : {}),
  };
}

/** The cells no path uses, in reading order. */
export function emptyCells(p: Puzzle, s: PathSolution): { row: number; col: number }[] {
  const used = new Uint8Array(p.rows * p.cols);
  for (const path of s.paths) for (const [r, c] of path) used[r * p.cols + c] = 1;
  const out: { row: number; col: number }[] = [];
  for (let i = 0; i < used.length; i++) if (!used[i]) out.push({ row: Math.floor(i / p.cols), col: i % p.cols });
  return out;
}
