/** `none`: no solution; the smallest set of givens that already have none, and the best one-hint repair. */
import type { Suggestions } from '../slitherlink/design/suggestions';
import type { Analysis } from '../genres/extras';
import { genreOf } from '../genres/index';
import type { Puzzle } from '../model/puzzle';
import { Codes } from '../protocol-types';
import { GRID, MAX_RELATED, type Finding, type Place } from './finding';
import { cellLabel, cellName, solutionsPhrase } from './words';

export function noSolution(p: Puzzle | null, a: Analysis): Finding {
  const r = a.result;
  const c = a.conflicts;
  let message = 'No solution.';
  let at: Place = GRID;
  const related: Finding['related'] = [];
  if (c && c.cells.length > 0) {
    const { one, many } = genreOf(r.kind).givens;
    const caveat = c.minimal ? '' : c.stopped ? ' (the search stopped before the set was minimal)' : ' (not proven minimal: some checks hit the limits)';
    message += ` These ${c.units} ${c.units === 1 ? one : many} already have none${caveat}: `;
    message += describeConflict(p, c.cells) + '.';
    at = { cell: c.cells[0]! };
    for (const x of c.cells.slice(0, MAX_RELATED)) related.push({ cell: x, message: `conflicting ${cellLabel(p, x.row, x.col)} at ${cellName(x.row, x.col)}` });
  } else if (c?.stopped) {
    message += ` (No small conflicting set found: ${c.stopped.message}.)`;
  }
  message += repairSentence(p, a.suggestions);
  return {
    code: Codes.noSolution, severity: 'error', at, message,
    ...(related.length ? { related } : {}),
    ...(a.suggestions ? { data: { suggestions: a.suggestions } } : {}),
  };
}

/** One sentence on the best one-hint repair of an unsolvable puzzle ('' when nothing is known). */
function repairSentence(p: Puzzle | null, s: Suggestions | undefined): string {
  const r = s?.repairs?.[0];
  if (!r) {
    if (!s?.repairs || s.stopped) return '';
    return ' No single hint change gives it a solution.';
  }
  const hint = p?.kind === 'slitherlink' && p.hints[r.row * p.cols + r.col]! >= 0 ? `the ${p.hints[r.row * p.cols + r.col]}` : 'the hint';
  const at = cellName(r.row, r.col);
  const change = r.value === null ? `Removing ${hint} at ${at}` : `Changing ${hint} at ${at} to ${r.value}`;
  return ` ${change} gives ${solutionsPhrase(r.count)}.`;
}

/** "4 at (1, 1), 1 at (1, 3)" for hints; "A (1, 1)-(2, 3), B ..." for Numberlink labels. */
function describeConflict(p: Puzzle | null, cells: { row: number; col: number }[]): string {
  if (p?.kind !== 'numberlink') {
    return cells.map((x) => `${cellLabel(p, x.row, x.col).replace(/^hint /, '')} at ${cellName(x.row, x.col)}`).join(', ');
  }
  const byLabel = new Map<string, string[]>();
  for (const x of cells) {
    const label = p.labels[p.cells[x.row * p.cols + x.col]!] ?? '?';
    byLabel.set(label, [...(byLabel.get(label) ?? []), cellName(x.row, x.col)]);
  }
  return [...byLabel].map(([label, at]) => `${label} ${at.join('-')}`).join(', ');
}
