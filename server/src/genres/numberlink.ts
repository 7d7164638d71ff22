/** Numberlink (.nlk): paths through the cells joining equal labels, under a rule (nikoli, fill, notouch). */
import { checkNumberlinkRule, gradeNumberlinkRule } from '../analysis/check';
import type { NumberlinkPuzzle } from '../model/puzzle';
import { parseNumberlink } from '../parse/index';
import { direction } from './directions';
import type { Genre } from './genre';
import { gradeAround } from './gradeWords';

export const numberlink: Genre<NumberlinkPuzzle> = {
  kind: 'numberlink',
  name: 'Numberlink',
  extension: 'nlk',
  givens: { one: 'label', many: 'labels' },
  extras: { redundantHints: false, conflicts: true, suggestions: false, grade: 'after' },
  parse: parseNumberlink,
  check: checkNumberlinkRule,
  grade: gradeNumberlinkRule,
  cellLabel(p, { row, col }) {
    const l = p.cells[row * p.cols + col]!;
    return l >= 0 ? `endpoint ${p.labels[l]}` : 'empty cell';
  },
  describeCell(p, { row, col }, result) {
    const l = p.cells[row * p.cols + col]!;
    const lines = [l >= 0 ? `Endpoint **${p.labels[l]}**.` : 'Empty cell.'];
    if (result?.verdict === 'unique' && result.solution && 'paths' in result.solution) {
      const s = result.solution;
      let said = false;
      s.paths.forEach((path, k) => {
        const j = path.findIndex(([r, c]) => r === row && c === col);
        if (j < 0) return;
        said = true;
        const label = `**${s.labels[k]}**`;
        const prev = j > 0 ? direction(path[j]!, path[j - 1]!) : null;
        const next = j < path.length - 1 ? direction(path[j]!, path[j + 1]!) : null;
        if (prev && next) lines.push(`Solution: path ${label} enters from the ${prev} and leaves to the ${next}.`);
        else if (next) lines.push(`Solution: path ${label} starts here and leaves to the ${next}.`);
        else if (prev) lines.push(`Solution: path ${label} ends here, arriving from the ${prev}.`);
        else lines.push(`Solution: path ${label} is this single cell.`);
      });
      if (!said) lines.push('Solution: no path uses this cell.');
    }
    const around = [[row, col - 1, row, col], [row, col, row, col + 1], [row - 1, col, row, col], [row, col, row + 1, col]] as const;
    lines.push(...gradeAround(result, around, 'link'));
    return lines;
  },
};
