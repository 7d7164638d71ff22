import type { NumberlinkRule } from '../model/puzzle';
import type { RunControl } from '../zdd/control';
import type { RedundancyMemo } from '../slitherlink/redundancyMemo';

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
   * Slitherlink on squares: what earlier redundant-hint searches proved on this grid, used and
   * extended by this check's (an editor keeps one per document; slitherlink/redundancyMemo.ts).
   */
  redundancyMemo?: RedundancyMemo;
  /**
   * With `grade`: also `gradeSteps`, the solution's edges by the level a replay of the deduction
   * needs for each (the preview's grade board; slitherlink/grade.ts replayLevels). Default false.
   */
  gradeSteps?: boolean;
  /**
   * Numberlink: the grade's probing gets at most the larger of this and the verdict's time
   * (default: whatever the check's time limit leaves). The language server, which grades every
   * unique check, gives it a share; `check --grade` the whole limit.
   */
  gradeTimeMs?: number;
  /** Numberlink: rule to use when the file has no `# rule:` line (default nikoli). */
  defaultRule?: NumberlinkRule;
}
