/**
 * "Make it unique" and "repair" suggestions for a Slitherlink puzzle (makeUnique.ts) in the form
 * that crosses threads and JSON unchanged (analysis/result.ts Suggestions).
 */
import { suggestHints, type HintSuggestion } from './makeUnique';
import type { SlitherlinkPuzzle } from '../puzzle';
import type { RunControl } from '../../zdd/control';
import type { HintChoice, RepairChoice, Suggestions } from '../../analysis/result';

export type { HintChoice, RepairChoice, Suggestions };

export const MAX_LISTED = 50;

const choice = (h: HintSuggestion): HintChoice => ({ row: h.row, col: h.col, value: h.value, count: h.count.toString() });

export function findSuggestions(puzzle: SlitherlinkPuzzle, control?: RunControl): Suggestions {
  const r = suggestHints(puzzle.rows, puzzle.cols, puzzle.hints, { control });
  const out: Suggestions = {
    count: r.count === null ? null : r.count.toString(),
    singles: r.singles.slice(0, MAX_LISTED).map(choice),
    singleCount: r.singles.length,
    ms: Math.round(r.ms),
  };
  if (r.bestSingle) out.bestSingle = choice(r.bestSingle);
  if (r.pair) out.pair = { first: choice(r.pair.first), second: choice(r.pair.second), count: r.pair.count.toString() };
  if (r.repairs) {
    out.repairs = r.repairs.slice(0, MAX_LISTED).map((x) => ({ row: x.row, col: x.col, value: x.value, count: x.count.toString() }));
    out.repairCount = r.repairs.length;
  }
  if (r.stopped) out.stopped = r.stopped;
  return out;
}
