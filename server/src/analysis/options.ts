import type { NumberlinkRule } from '../model/puzzle';
import type { RunControl } from '../zdd/control';

export interface CheckOptions {
  /** Limits, cancellation and progress for the whole check. */
  control?: RunControl;
  /** Slitherlink: compute redundant hints when the puzzle is unique (default true). */
  redundant?: boolean;
  /** Produce `secondSolution` when there are several (default true). */
  secondSolution?: boolean;
  /** Numberlink: rule to use when the file has no `# rule:` line (default nikoli). */
  defaultRule?: NumberlinkRule;
}
