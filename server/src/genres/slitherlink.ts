/** Slitherlink (.slk): a loop along the grid lines; a hint says how many of its cell's sides it uses. */
import { checkSlitherlink, gradeSlitherlinkPuzzle } from '../analysis/slitherlink';
import { Grid } from '../model/grid';
import type { SlitherlinkPuzzle } from '../model/puzzle';
import type { CellRef, CheckResult } from '../analysis/result';
import { makeLattice } from '../model/lattice';
import { polygonName } from '../model/latticePicture';
import { parseSlitherlink } from '../parse/index';
import type { Genre } from './genre';
import { gradeAround } from './gradeWords';

const SIDE_NAMES = ['top', 'bottom', 'left', 'right'];

export const slitherlink: Genre<SlitherlinkPuzzle> = {
  kind: 'slitherlink',
  name: 'Slitherlink',
  extension: 'slk',
  givens: { one: 'hint', many: 'hints' },
  extras: { redundantHints: true, conflicts: true, suggestions: true, grade: 'with the check' },
  parse: parseSlitherlink,
  check: checkSlitherlink,
  grade: gradeSlitherlinkPuzzle,
  cellLabel(p, cell) {
    const h = p.hints[cellIndex(p, cell)] ?? -1;
    return h >= 0 ? `hint ${h}` : p.tiling ? 'empty face' : 'empty cell';
  },
  describeCell(p, cell, result) {
    if (p.tiling) return describeFace(p, cell.face ?? -1, result);
    const { row, col } = cell;
    const h = p.hints[row * p.cols + col]!;
    const lines = [h >= 0 ? `Hint **${h}**: the loop uses ${h} of this cell's 4 sides.` : 'Empty cell.'];
    if (result?.verdict === 'unique' && result.solution && 'edges' in result.solution) {
      const grid = new Grid(p.rows, p.cols);
      const on = new Set(result.solution.edges.map(([a, b, c, d]) => grid.edgeBetween(a, b, c, d)));
      const sides = grid.cellEdges(row, col).flatMap((e, k) => (on.has(e) ? [SIDE_NAMES[k]!] : []));
      lines.push(sides.length ? `Solution: the loop runs along the ${sides.join(', ')} side${sides.length === 1 ? '' : 's'} (${sides.length} of 4).` : 'Solution: the loop touches no side of this cell.');
    }
    const around = [[row, col, row, col + 1], [row + 1, col, row + 1, col + 1], [row, col, row + 1, col], [row, col + 1, row + 1, col + 1]] as const;
    lines.push(...gradeAround(result, around, 'side'));
    return lines;
  },
};

/** The index of a cell's hint: on a tiling its face (never row * cols + col), else row * cols + col. */
export function cellIndex(p: SlitherlinkPuzzle, cell: CellRef): number {
  if (p.tiling) return cell.face ?? -1;
  return cell.row * p.cols + cell.col;
}

/** A face of a tiling: its shape, its hint, and how many of its sides the unique loop uses. */
function describeFace(p: SlitherlinkPuzzle, f: number, result: CheckResult | undefined): string[] {
  const lattice = makeLattice(p.tiling!);
  if (f < 0 || f >= lattice.faceCount) return [];
  const sides = lattice.faceSize(f);
  const shape = polygonName(p.tiling!.name, sides);
  const h = p.hints[f]!;
  const lines = [h >= 0 ? `Hint **${h}**: the loop uses ${h} of this ${shape}'s ${sides} sides.` : `Empty face: a ${shape}, ${sides} sides.`];
  const ids = result?.verdict === 'unique' && result.solution && 'edges' in result.solution ? result.solution.edgeIds : undefined;
  if (ids) {
    const on = new Set(ids);
    const n = Array.from(lattice.edgesOf(f)).filter((e) => on.has(e)).length;
    lines.push(`Solution: ${shape}, ${sides} sides, ${n} of them on the loop.`);
  }
  return lines;
}
