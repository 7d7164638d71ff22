/**
 * "Make it unique" and "repair" suggestions for a Slitherlink puzzle (makeUnique.ts) in the form
 * that crosses threads and JSON unchanged (analysis/result.ts Suggestions).
 */
import { suggestOn, type HintSuggestion, type MakeUniqueResult } from './makeUnique';
import { boardOf } from './board';
import type { SlitherlinkPuzzle } from '../puzzle';
import type { RunControl } from '../../zdd/control';
import type { HintChoice, RepairChoice, Suggestions } from '../../analysis/result';

export type { HintChoice, RepairChoice, Suggestions };

export const MAX_LISTED = 50;

const at = (h: { row: number; col: number; face?: number }) => ({ row: h.row, col: h.col, ...(h.face === undefined ? {} : { face: h.face }) });
const choice = (h: HintSuggestion): HintChoice => ({ ...at(h), value: h.value, count: h.count.toString() });

/** The suggestions on the puzzle's grid or tiling. */
export function suggestFor(puzzle: SlitherlinkPuzzle, control?: RunControl): MakeUniqueResult {
  return suggestOn(boardOf(puzzle), puzzle.hints, { control });
}

export function findSuggestions(puzzle: SlitherlinkPuzzle, control?: RunControl): Suggestions {
  const r = suggestFor(puzzle, control);
  const out: Suggestions = {
    count: r.count === null ? null : r.count.toString(),
    singles: r.singles.slice(0, MAX_LISTED).map(choice),
    singleCount: r.singles.length,
    ms: Math.round(r.ms),
  };
  if (r.bestSingle) out.bestSingle = choice(r.bestSingle);
  if (r.pair) out.pair = { first: choice(r.pair.first), second: choice(r.pair.second), count: r.pair.count.toString() };
  if (r.repairs) {
    out.repairs = r.repairs.slice(0, MAX_LISTED).map((x) => ({ ...at(x), value: x.value, count: x.count.toString() }));
    out.repairCount = r.repairs.length;
  }
  if (r.stopped) out.stopped = r.stopped;
  return out;
}
