/** The findings of a check, through the puzzle's genre (findings/index.ts lists the shared ones). */
import type { Analysis } from '../analysis/result';
import { findingsOf, type Finding } from '../findings/index';
import type { Puzzle } from '../model/puzzle';
import { genreOf, genreOfPuzzle } from './index';

/** Everything a check found, in the order shown (`p` null: the puzzle is not known, everything sits at the grid). */
export function findings(p: Puzzle | null, a: Analysis): Finding[] {
  return findingsOf(p, a, p ? genreOfPuzzle(p) : genreOf(a.result.kind));
}

/** The text's own facts, found at every edit before any check (Genre.textFindings). */
export function textFindings(p: Puzzle | null): Finding[] {
  return p ? genreOfPuzzle(p).textFindings?.(p) ?? [] : [];
}
