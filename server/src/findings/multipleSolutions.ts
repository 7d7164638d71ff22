/**
 * `multiple`: how many solutions (or at least how many, and why the count is missing), the cells
 * where two of them differ, and how to make the puzzle unique (hint suggestions).
 */
import type { Analysis, Suggestions } from '../analysis/result';
import type { Puzzle } from '../model/puzzle';
import { Codes } from '../protocol-types';
import { GRID, MAX_RELATED, type Difference, type Finding, type FindingsGenre } from './finding';
import { placeName } from './words';

export function multipleSolutions(p: Puzzle | null, a: Analysis, genre: FindingsGenre): Finding {
  const r = a.result;
  const diffs = p && r.solution && r.secondSolution ? genre.differences(p, r.solution, r.secondSolution) : [];
  const cellOf = (d: Difference) => (d.face === undefined ? { row: d.row, col: d.col } : { row: d.row, col: d.col, face: d.face });
  const differ = diffs.length ? ` Two of them differ at ${diffs.length} ${diffs[0]!.face === undefined ? 'cell' : 'face'}${diffs.length === 1 ? '' : 's'}.` : '';
  const message = (r.count !== null ? `${r.count} solutions: the puzzle is not unique.${differ}` : uncountedSentence(r, differ)) + uniqueSentence(a.suggestions);
  const related = diffs.slice(0, MAX_RELATED).map((d) => ({ cell: cellOf(d), message: d.message }));
  return {
    code: Codes.multipleSolutions, severity: 'warning',
    at: diffs.length ? { cell: cellOf(diffs[0]!) } : GRID,
    message,
    ...(related.length ? { related } : {}),
    ...(a.suggestions ? { data: { suggestions: a.suggestions } } : {}),
  };
}

/**
 * `multiple` without an exact count (two solutions were found): "At least 2 solutions (too many to
 * count within the limits: ...): two of them are shown in the preview." or, while the count runs
 * in a later phase, that it is being counted.
 */
function uncountedSentence(r: Analysis['result'], differ: string): string {
  const atLeast = `At least ${r.countAtLeast ?? '2'} solutions`;
  const shown = r.secondSolution ? ' two of them are shown in the preview.' : ' the puzzle is not unique.';
  if (r.countPending) return `${atLeast}, still counting them all:${shown}${differ}`;
  if (r.stopped?.limit === 'cancelled') return `${atLeast} (the count was cancelled):${shown}${differ}`;
  if (r.stopped) {
    const why = r.stopped.message.replace(/^undecided:\s*/i, '');
    return `${atLeast} (too many to count within the limits: the count ${why}):${shown}${differ}`;
  }
  return `${atLeast} (too many to count):${shown}${differ}`;
}

/** One sentence on how to make a several-solutions puzzle unique ('' when nothing is known yet). */
function uniqueSentence(s: Suggestions | undefined): string {
  if (!s) return '';
  const first = s.singles[0];
  if (first && s.singleCount === 1) return ` Adding ${first.value} at ${placeName(first)} makes it unique.`;
  if (first) return ` One of ${s.singleCount} single hints makes it unique.`;
  if (s.pair) {
    const { first: a, second: b, count } = s.pair;
    const what = count === '1' ? 'make it unique' : `leave ${count} solutions`;
    return ` No single hint makes it unique; ${a.value} at ${placeName(a)} and ${b.value} at ${placeName(b)} together ${what}.`;
  }
  if (s.bestSingle) {
    const b = s.bestSingle;
    return ` No single hint makes it unique; ${b.value} at ${placeName(b)} leaves ${b.count} solutions.`;
  }
  if (s.stopped) return s.stopped.limit === 'cancelled' ? '' : ` (No hint suggestions: ${s.stopped.message}.)`;
  return ' No single added hint changes the count.';
}
