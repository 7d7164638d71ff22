import type { BadBytes } from '../parse/limits';
import type { RunControl } from '../zdd/control';
import type { HelperThread } from './helper';

export interface CheckOptions {
  /** Limits, cancellation and progress for the whole check. */
  control?: RunControl;
  /** Slitherlink: compute redundant hints when the puzzle is unique (default true). */
  redundant?: boolean;
  /**
   * Slitherlink: with the redundant hints, also which of them can go together (`redundantTogether`;
   * default: as `redundant`), within the same limits and deadline as the rest of the check.
   */
  redundantTogether?: boolean;
  /**
   * Most milliseconds the pass behind `redundantTogether` may take (default: whatever the check's
   * time limit leaves). Its late steps, on a puzzle many hints lighter, can cost far more than the
   * verdict: a command line check gives it a share, not the whole limit.
   */
  togetherTimeMs?: number;
  /**
   * A second thread to race with (analysis/helper.ts): the command line and the language server's
   * workers give one, so that a hard Numberlink is built from both ends of its sweep at once. With
   * `usage`, only a `none` or `unique` from the other thread ends the race (a `multiple`'s diagram
   * would stay there).
   */
  helper?: HelperThread;
  /** Produce `secondSolution` when there are several (default true). */
  secondSolution?: boolean;
  /**
   * Look for two different solutions before counting (analysis/witnesses.ts): a puzzle with too
   * many solutions to count is still `multiple` (default false).
   */
  witnesses?: boolean;
  /**
   * With `witnesses`: after two solutions are found, count them all within the limits (default
   * true); false answers at once with `countPending` (the language server counts in a later phase).
   */
  countAfterWitnesses?: boolean;
  /**
   * With several solutions and an exact count, how many solutions use each edge (`usage`, the
   * ambiguity map; default false: it costs a pass over the diagram, or for Numberlink a walk
   * through the solutions).
   */
  usage?: boolean;
  /**
   * Unique: the difficulty grade (`grade`, `stuck`, `gradeSteps`; default false). Slitherlink on
   * squares (slitherlink/grade.ts): a few deductions without probing, milliseconds. Numberlink
   * (numberlink/grade.ts), under the puzzle's rule: deductions and probing to its fixpoint, within
   * the check's time limit and `gradeTimeMs` (else `gradeStopped`).
   */
  grade?: boolean;
  /**
   * With `grade`: also `gradeSteps`, the solution's edges by the level a replay of the deduction
   * needs for each (the preview's grade board; slitherlink/grade.ts replayLevels). Default false.
   */
  gradeSteps?: boolean;
  /**
   * A grade that runs after the verdict (GenreExtras.grade 'after': Numberlink's probing) gets at
   * most the larger of this and the verdict's time (default: whatever the check's time limit
   * leaves). The language server, which grades every unique check, gives it a share; `check
   * --grade` the whole limit.
   */
  gradeTimeMs?: number;
  /**
   * The rule words (a genre's variant, Genre.rules: Numberlink's `nikoli`, `fill notouch`, ...) for
   * files that name none (the `defaultRule` setting); the genre reads them (default: its own).
   */
  defaultRule?: string;
  /** Rule words that win over the file's own (the CLI's `--rule`). */
  rule?: string;
}

export interface CheckTextOptions extends CheckOptions {
  /** Bytes of the file that were not UTF-8 (decodeUtf8): reported where the text has U+FFFD for them. */
  badBytes?: BadBytes;
}
