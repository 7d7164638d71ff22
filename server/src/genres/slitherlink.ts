/** Slitherlink (.slk): a loop along the grid lines; a hint says how many of its cell's sides it uses. */
import { checkSlitherlink } from '../analysis/slitherlink';
import { Grid } from '../model/grid';
import type { SlitherlinkPuzzle } from '../model/puzzle';
import { parseSlitherlink } from '../parse/index';
import type { Genre } from './genre';

const SIDE_NAMES = ['top', 'bottom', 'left', 'right'];

export const slitherlink: Genre<SlitherlinkPuzzle> = {
  kind: 'slitherlink',
  name: 'Slitherlink',
  extension: 'slk',
  givens: { one: 'hint', many: 'hints' },
  extras: { redundantHints: true, conflicts: true, suggestions: true },
  parse: parseSlitherlink,
  check: checkSlitherlink,
  cellLabel(p, row, col) {
    const h = p.hints[row * p.cols + col]!;
    return h >= 0 ? `hint ${h}` : 'empty cell';
  },
  describeCell(p, row, col, result) {
    const h = p.hints[row * p.cols + col]!;
    const lines = [h >= 0 ? `Hint **${h}**: the loop uses ${h} of this cell's 4 sides.` : 'Empty cell.'];
    if (result?.verdict === 'unique' && result.solution && 'edges' in result.solution) {
      const grid = new Grid(p.rows, p.cols);
      const on = new Set(result.solution.edges.map(([a, b, c, d]) => grid.edgeBetween(a, b, c, d)));
      const sides = grid.cellEdges(row, col).flatMap((e, k) => (on.has(e) ? [SIDE_NAMES[k]!] : []));
      lines.push(sides.length ? `Solution: the loop runs along the ${sides.join(', ')} side${sides.length === 1 ? '' : 's'} (${sides.length} of 4).` : 'Solution: the loop touches no side of this cell.');
    }
    return lines;
  },
};
