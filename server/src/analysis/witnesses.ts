/**
 * "Decide, don't count": a check that first looks for two different solutions (or proves there is
 * none, or only one) and counts only after that. A draft has far too many solutions to count,
 * but two of them are found in milliseconds, and they prove `multiple` on their own.
 *
 * What the check then reports (CheckResult):
 * - witnesses prove none or unique: that verdict, with count 0 or 1 (exact);
 * - two solutions found: verdict `multiple`, both shown; then, unless the caller wants the
 *   verdict alone (`countAfterWitnesses: false`, the language server's first phase, which counts
 *   in a later phase), the exact count within the limits: when it finishes it is reported as
 *   before (count, and the diagram's first two solutions); when a limit stops it, `count` is
 *   null, `countAtLeast` the proved lower bound and `stopped` says why the count is missing;
 * - undecided within the witnesses' budget: the count decides, as without witnesses.
 */
import type { Grid } from '../model/grid';
import type { SlitherlinkPuzzle } from '../model/puzzle';
import { edgesAsVertexPairs } from '../slitherlink/solve';
import { findLoopWitnesses, type WitnessBudget } from '../slitherlink/witness';
import { StopError, type RunControl } from '../zdd/control';
import type { CheckOptions } from './options';
import type { CheckResult } from './result';

export type Outcome = Omit<CheckResult, 'kind' | 'rows' | 'cols' | 'errors' | 'ms'>;

/**
 * The outcome when the witnesses decide (see the module comment), or null to count as usual.
 * `count` is the usual outcome (deduction, diagram, count; throws StopError); `unique` turns a
 * proved-unique loop into the outcome (redundant hints and so on). Throws StopError when the
 * witness search itself is stopped.
 */
export function slitherlinkByWitnesses(
  puzzle: SlitherlinkPuzzle, grid: Grid, options: CheckOptions, control: RunControl & { deadline: number },
  count: () => Outcome, unique: (loop: number[]) => Outcome, budget?: WitnessBudget,
): Outcome | null {
  const w = findLoopWitnesses(puzzle, control, budget);
  if (w.verdict === 'none') return { verdict: 'none', count: '0' };
  if (w.verdict === 'unique') return unique(w.first!);
  if (w.verdict !== 'multiple') return null;
  const witnessed: Outcome = {
    verdict: 'multiple',
    count: null,
    countAtLeast: String(w.atLeast ?? 2n),
    solution: { edges: edgesAsVertexPairs(grid, w.first!) },
    ...(options.secondSolution !== false ? { secondSolution: { edges: edgesAsVertexPairs(grid, w.second!) } } : {}),
  };
  return afterWitnesses(witnessed, options, count);
}

/** `multiple` from two solutions: the count that follows, or why it is missing. */
export function afterWitnesses(witnessed: Outcome, options: CheckOptions, count: () => Outcome): Outcome {
  if (options.countAfterWitnesses === false) return { ...witnessed, countPending: true };
  let counted: Outcome;
  try {
    counted = count();
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    return { ...witnessed, stopped: e.stopped };
  }
  // Two checked solutions outweigh a count below two (that would be a solver bug): keep them.
  if (counted.verdict !== 'multiple') return witnessed;
  return counted;
}
