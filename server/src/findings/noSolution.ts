/** `none`: no solution; the smallest set of givens that already have none, and the best one-hint repair. */
import type { Analysis, Suggestions } from '../analysis/result';
import type { Puzzle } from '../model/puzzle';
import { Codes } from '../protocol-types';
import { GRID, MAX_RELATED, type Finding, type FindingsGenre, type Place } from './finding';
import { cellLabel, cellOf, placeName, solutionsPhrase } from './words';

export function noSolution(p: Puzzle | null, a: Analysis, genre: FindingsGenre): Finding {
  const r = a.result;
  const c = a.conflicts;
  let message = 'No solution.';
  let at: Place = GRID;
  const related: Finding['related'] = [];
  if (c && c.cells.length > 0) {
    const { one, many } = genre.givens;
    const caveat = c.minimal ? '' : c.stopped ? ' (the search stopped before the set was minimal)' : ' (not proven minimal: some checks hit the limits)';
    message += ` These ${c.units} ${c.units === 1 ? one : many} already have none${caveat}: `;
    message += (p ? genre.describeGivens(p, c.cells) : c.cells.map((x) => `${cellLabel(genre, p, x.row, x.col, x.face).replace(/^hint /, '')} at ${placeName(x)}`).join(', ')) + '.';
    at = { cell: c.cells[0]! };
    for (const x of c.cells.slice(0, MAX_RELATED)) related.push({ cell: x, message: `conflicting ${cellLabel(genre, p, x.row, x.col, x.face)} at ${placeName(x)}` });
  } else if (c?.stopped) {
    message += ` (No small conflicting set found: ${c.stopped.message}.)`;
  }
  message += repairSentence(p, a.suggestions, genre);
  return {
    code: Codes.noSolution, severity: 'error', at, message,
    ...(related.length ? { related } : {}),
    ...(a.suggestions ? { data: { suggestions: a.suggestions } } : {}),
  };
}

/** One sentence on the best one-hint repair of an unsolvable puzzle ('' when nothing is known). */
function repairSentence(p: Puzzle | null, s: Suggestions | undefined, genre: FindingsGenre): string {
  const r = s?.repairs?.[0];
  if (!r) {
    if (!s?.repairs || s.stopped) return '';
    return ' No single hint change gives it a solution.';
  }
  const given = p ? genre.givenAt(p, cellOf(r)) : null;
  const hint = given !== null ? `the ${given}` : 'the hint';
  const at = placeName(r);
  const change = r.value === null ? `Removing ${hint} at ${at}` : `Changing ${hint} at ${at} to ${r.value}`;
  return ` ${change} gives ${solutionsPhrase(r.count)}.`;
}
