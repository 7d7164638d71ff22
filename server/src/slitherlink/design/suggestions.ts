/**
 * "Make it unique" and "repair" suggestions for a Slitherlink puzzle (design/makeUnique.ts) in a
 * form that crosses threads and JSON unchanged: counts as decimal strings, lists capped (the
 * totals say how many there were), so that a diagnostic can carry them to its quick fixes.
 */
import { suggestHints, type HintSuggestion } from './makeUnique';
import type { SlitherlinkPuzzle } from '../../model/puzzle';
import type { RunControl, Stopped } from '../../zdd/control';

export interface HintChoice {
  row: number;
  col: number;
  value: number;
  /** Solutions left with this hint added (decimal). */
  count: string;
}

export interface RepairChoice {
  row: number;
  col: number;
  /** The new value, or null to remove the hint. */
  value: number | null;
  /** Solutions with this change (decimal). */
  count: string;
}

export interface Suggestions {
  /** Solutions of the puzzle as given (decimal), null when a limit stopped the count. */
  count: string | null;
  /** Verdict `multiple`: single hints that make the puzzle unique (reading order, then value). */
  singles: HintChoice[];
  /** How many single hints make it unique (`singles` holds the first MAX_LISTED). */
  singleCount: number;
  /** When no single hint suffices: the one leaving the fewest solutions, and the best pair found. */
  bestSingle?: HintChoice;
  pair?: { first: HintChoice; second: HintChoice; count: string };
  /** Verdict `none`: one-hint changes or removals that give solutions again (unique ones first). */
  repairs?: RepairChoice[];
  repairCount?: number;
  /** A limit (or a cancel) cut the search short: the lists hold what was found. */
  stopped?: Stopped;
  ms: number;
}

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
