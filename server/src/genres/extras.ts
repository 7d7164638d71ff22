/**
 * Which extras a check gets, decided in one place for the worker (what it computes) and the
 * scheduler (whether another phase would add something): from the genre's extras, the options
 * the user set, and what the result already has.
 */
import { shrinkConflicts, type ConflictOptions, type ConflictResult } from '../analysis/conflicts';
import type { HintUnit } from '../analysis/hints';
import type { CheckOptions } from '../analysis/options';
import type { Analysis, CellRef, CheckResult, Suggestions, TogetherPass } from '../analysis/result';
import type { Puzzle, PuzzleKind } from '../model/puzzle';
import type { Limits, RunControl } from '../zdd/control';
import type { CheckSession } from './genre';
import { genreOf, genreOfPuzzle } from './index';

export type { Analysis };

/** The extras the user asked for (JobOptions, settings). */
export interface ExtrasWanted {
  redundant: boolean;
  conflicts: boolean;
  suggest: boolean;
}


/** A `none` gets the smallest set of conflicting givens. */
export function wantsConflicts(kind: PuzzleKind, o: ExtrasWanted, r: CheckResult): boolean {
  return genreOf(kind).extras.conflicts && o.conflicts && r.verdict === 'none';
}

/** Hint suggestions need the exact count (an empty grid too large to count has none to offer). */
export function wantsSuggestions(kind: PuzzleKind, o: ExtrasWanted, r: CheckResult): boolean {
  return genreOf(kind).extras.suggestions && o.suggest && (r.verdict === 'none' || (r.verdict === 'multiple' && r.count !== null));
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

/**
 * The time of the search for conflicting givens, which follows a `none`: ten times the verdict's
 * time, at least 5 s, within the check's limit. A set found when it stops is still a correct one
 * (the diagnostic says it is not minimal); without this cap a Numberlink under the Nikoli rule kept
 * a core busy for the whole limit (23 to 58 s after a keystroke on a 15×15 Arukone), one subset
 * check of up to 1 s after another.
 */
export function conflictsTimeMs(verdictMs: number, limitMs: number): number {
  return Math.min(limitMs, Math.max(5000, Math.ceil(10 * verdictMs)));
}

/** Each subset check of that search gets at most 1 s (an undecided one counts as still needed). */
const CONFLICTS_CHECK_MS = 1000;

/**
 * The search's options after a `none` that took `verdictMs`, under the check's `limits`: its whole
 * time (conflictsTimeMs), each subset check's limits, the rule words for files that name none.
 */
export function conflictSearch(verdictMs: number, limits: Limits, isCancelled: RunControl['isCancelled'], defaultRule?: string): ConflictOptions {
  return {
    control: { limits: { ...limits, timeMs: conflictsTimeMs(verdictMs, limits.timeMs) }, isCancelled },
    perCheck: { timeMs: Math.min(CONFLICTS_CHECK_MS, limits.timeMs), maxNodes: limits.maxNodes },
    defaultRule,
  };
}

/** A small set of the puzzle's givens that already has no solution (analysis/conflicts.ts, with its genre's units and check). */
export function findConflictingHints(puzzle: Puzzle, options: ConflictOptions = {}): ConflictResult {
  return shrinkConflicts(puzzle, genreOfPuzzle(puzzle), options);
}

/** The puzzle's hint units (Genre.units). */
export function hintUnits(puzzle: Puzzle): HintUnit[] {
  return genreOfPuzzle(puzzle).units(puzzle);
}

/** The puzzle with only the given hint units left (Genre.keepUnits). */
export function keepUnits(puzzle: Puzzle, all: readonly HintUnit[], keep: readonly HintUnit[]): Puzzle {
  return genreOfPuzzle(puzzle).keepUnits(puzzle, all, keep);
}

/** Hints that make the puzzle unique, or repairs (Genre.suggest); null when the genre has none. */
export function findSuggestions(puzzle: Puzzle, control: RunControl): Suggestions | null {
  return genreOfPuzzle(puzzle).suggest?.(puzzle, control) ?? null;
}

/** The difficulty grade of a puzzle a check found unique (Genre.grade); none when the genre does not grade. */
export function gradePuzzle(puzzle: Puzzle, options: CheckOptions): Pick<CheckResult, 'grade' | 'stuck' | 'gradeSteps' | 'gradeStopped'> {
  return genreOfPuzzle(puzzle).grade?.(puzzle, options) ?? {};
}

/**
 * The pass of "Remove all redundant hints" (Genre.together), with the document's session when it
 * has one; null when the genre has none or the puzzle is not unique.
 */
export function togetherPass(
  puzzle: Puzzle, redundant: readonly CellRef[] | undefined, solution: CheckResult['solution'], control: RunControl, session: CheckSession | null = null,
): TogetherPass | null {
  return genreOfPuzzle(puzzle).together?.(puzzle, redundant, solution, control, session) ?? null;
}
