/**
 * The finding codes every genre shares (protocol-types.ts `Codes` names them for the code that
 * emits and matches them), with what each says (a parse problem's code is parse/codes.ts's or its
 * genre's, Genre.parseCodes). A genre's own codes are declared in its folder
 * (Genre.findingCodes) and collected by the registry (genres/index.ts findingCodes).
 */
import { Codes } from '../protocol-types';
import type { FindingCode } from './finding';

export const SHARED_FINDING_CODES: Readonly<Record<string, FindingCode>> = {
  [Codes.noSolution]: { about: 'no solution; the cells of a small set of givens that already has none', listsCells: true },
  [Codes.multipleSolutions]: { about: 'several solutions; the cells where two of them differ', listsCells: true },
  [Codes.redundantHint]: { about: 'a given whose removal alone keeps the solution unique' },
  [Codes.redundantSummary]: { about: 'unique with redundant givens: how many, and how many can go together' },
  [Codes.redundantUndecided]: { about: 'redundant givens not decided within the limits' },
  [Codes.limitReached]: { about: 'undecided: a limit stopped the check' },
  [Codes.checkCancelled]: { about: 'undecided: the check was cancelled' },
  [Codes.checkFailed]: { about: 'the check failed (a bug)' },
};
