/** The finding codes only Numberlink has (Genre.findingCodes; the registry collects them). */
import type { FindingCode } from '../../findings/finding';

export const NOT_COVERING = 'not-covering';

export const NUMBERLINK_FINDING_CODES: Readonly<Record<string, FindingCode>> = {
  [NOT_COVERING]: { about: 'unique under the nikoli rule, but the solution leaves cells empty (not a good puzzle); the cells', listsCells: true },
};
