/**
 * A genre behind one interface: everything above the solvers that differs between Slitherlink and
 * Numberlink (the file, the check, which extras a check gets, how a cell is described). The
 * registry (index.ts) lists the genres; the worker, the scheduler, the CLI and the language
 * server ask it instead of testing the kind themselves.
 */
import type { CellRef, CheckResult } from '../analysis/result';
import type { CheckTextOptions } from '../analysis/check';
import type { Puzzle, PuzzleKind } from '../model/puzzle';
import type { ParseOptions, ParseResult } from '../parse/index';

/** What a check can add beyond the verdict and the count, on this genre. */
export interface GenreExtras {
  /** Unique: the hints whose removal alone keeps it unique, and which of them can go together. */
  redundantHints: boolean;
  /** None: a small set of givens that already have no solution. */
  conflicts: boolean;
  /** Multiple or none: hints to add or change (they need the exact count). */
  suggestions: boolean;
  /**
   * Unique: the difficulty grade, computed 'with the check' (milliseconds) or 'after' it, in a
   * phase of its own (it may take as long as the verdict), so that the verdict is published first.
   */
  grade: 'with the check' | 'after';
}

export interface Genre<P extends Puzzle = Puzzle> {
  kind: PuzzleKind;
  /** For people: "Slitherlink". */
  name: string;
  /** File extension, lower case, without the dot. */
  extension: string;
  /** What the givens are called in messages: hints, labels. */
  givens: { one: string; many: string };
  extras: GenreExtras;
  parse(text: string, options?: ParseOptions): ParseResult<P>;
  /** Checks a parsed, problem-free puzzle of this genre. */
  check(puzzle: P, options: CheckTextOptions): CheckResult;
  /** The difficulty grade of a puzzle the check found unique (no fields where there is none: a tiling). */
  grade(puzzle: P, options: CheckTextOptions): Pick<CheckResult, 'grade' | 'stuck' | 'gradeSteps' | 'gradeStopped'>;
  /** What the cell holds, in words: "hint 3", "endpoint A", "empty cell". On a tiling `cell.face` names the face. */
  cellLabel(puzzle: P, cell: CellRef): string;
  /** The hover's markdown lines on a cell (a tiling's face): what it holds, and the unique solution around it. */
  describeCell(puzzle: P, cell: CellRef, result: CheckResult | undefined): string[];
}
