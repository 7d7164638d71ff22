/**
 * Which extras a check gets, decided in one place for the worker (what it computes) and the
 * scheduler (whether another phase would add something): from the genre's extras, the options
 * the user set, and what the result already has.
 */
import type { ConflictResult } from '../analysis/conflicts';
import type { CheckResult } from '../analysis/result';
import type { Suggestions } from '../design/suggestions';
import type { PuzzleKind } from '../model/puzzle';
import { genreOf } from './index';

/** The extras the user asked for (JobOptions, settings). */
export interface ExtrasWanted {
  redundant: boolean;
  conflicts: boolean;
  suggest: boolean;
}

/** A check's answer: the result and the extras it carries (the worker's answer to a check job). */
export interface Analysis {
  result: CheckResult;
  conflicts?: ConflictResult;
  suggestions?: Suggestions;
  /** More phases are coming (the scheduler's partial answer). */
  partial?: boolean;
  incremental?: { mode: string; levels: number; reusedLevels: number };
}

/** A `none` gets the smallest set of conflicting givens (not on tilings yet: that search knows square grids only). */
export function wantsConflicts(kind: PuzzleKind, o: ExtrasWanted, r: CheckResult): boolean {
  return genreOf(kind).extras.conflicts && o.conflicts && r.verdict === 'none' && !r.tiling;
}

/**
 * Hint suggestions need the exact count (an empty grid too large to count has none to offer);
 * not on tilings yet (design/suggestions.ts knows square grids only).
 */
export function wantsSuggestions(kind: PuzzleKind, o: ExtrasWanted, r: CheckResult): boolean {
  return genreOf(kind).extras.suggestions && o.suggest && (r.verdict === 'none' || (r.verdict === 'multiple' && r.count !== null)) && !r.tiling;
}

/** A unique puzzle gets its redundant hints. */
export function wantsRedundant(kind: PuzzleKind, o: ExtrasWanted, r: CheckResult): boolean {
  return genreOf(kind).extras.redundantHints && o.redundant && r.verdict === 'unique';
}

/** Whether another check (phase 2) would add something to this (phase-1) answer. */
export function needsMore(kind: PuzzleKind, o: ExtrasWanted, a: Analysis): boolean {
  const r = a.result;
  if (r.countPending) return true;
  if (wantsRedundant(kind, o, r) && r.redundant === undefined) return true;
  if (wantsConflicts(kind, o, r) && a.conflicts === undefined) return true;
  // Suggestions wait for the count: a `multiple` the worker could not count gets none.
  return wantsSuggestions(kind, o, r) && a.suggestions === undefined;
}

/** Whether the check itself grades a unique puzzle (the genre's grade comes 'with the check'). */
export function gradesInCheck(kind: PuzzleKind): boolean {
  return genreOf(kind).extras.grade === 'with the check';
}

/** Whether the grade's own phase would add something to this answer (a unique puzzle not graded yet). */
export function needsGrade(kind: PuzzleKind, a: Analysis): boolean {
  const r = a.result;
  return genreOf(kind).extras.grade === 'after' && r.verdict === 'unique' && !r.tiling && r.grade === undefined && r.gradeStopped === undefined;
}

/** Whether the pass of "Remove all redundant hints" (phase 3) would add something to this answer. */
export function needsTogether(kind: PuzzleKind, o: ExtrasWanted, a: Analysis): boolean {
  const r = a.result;
  return wantsRedundant(kind, o, r) && (r.redundant?.length ?? 0) > 0 && r.redundantTogether === undefined && r.redundantTogetherStopped === undefined;
}
