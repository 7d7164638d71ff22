/** The finding codes only Slitherlink has: its solution block's (Genre.findingCodes; the registry collects them). */
import type { FindingCode } from '../../findings/finding';

/** A hint that the solution block's loop does not meet. */
export const HINT_DISAGREES_WITH_LOOP = 'hint-disagrees-with-loop';
/** The solution block's marks are not one simple loop. */
export const LOOP_NOT_SIMPLE = 'loop-not-simple';
/** Unique, but the solution is not the solution block's loop. */
export const SOLUTION_NOT_INTENDED = 'solution-not-intended';

export const SLITHERLINK_FINDING_CODES: Readonly<Record<string, FindingCode>> = {
  [HINT_DISAGREES_WITH_LOOP]: { about: 'a hint that the solution block\'s loop does not meet' },
  [LOOP_NOT_SIMPLE]: { about: 'the solution block\'s marks are not one simple loop' },
  [SOLUTION_NOT_INTENDED]: { about: 'unique, but the solution is not the solution block\'s loop; the cells where they differ', listsCells: true },
};
