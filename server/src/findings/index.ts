/**
 * Everything a check found, as protocol-neutral findings, in the order they are shown. A new kind
 * of finding is one module of this folder and one line here.
 */
import type { Analysis } from '../genres/extras';
import type { Puzzle } from '../model/puzzle';
import type { Finding } from './finding';
import { multipleSolutions } from './multipleSolutions';
import { noSolution } from './noSolution';
import { notCovering } from '../numberlink/findings/notCovering';
import { parseProblems } from './parseProblems';
import { redundantHints } from './redundantHint';
import { redundantSummary } from './redundantSummary';
import { redundantUndecided } from './redundantUndecided';
import { solutionNotIntended } from '../slitherlink/findings/solutionNotIntended';
import { undecided } from './undecided';

export type { Finding, FindingData, Place, Related, Severity } from './finding';
export { parseProblems } from './parseProblems';
export { loopTextFindings } from '../slitherlink/findings/loopText';

/** `p`: the parsed puzzle the analysis is for (null when unknown: everything then sits at the grid). */
export function findingsOf(p: Puzzle | null, a: Analysis): Finding[] {
  const some = (...fs: (Finding | null)[]) => fs.filter((f): f is Finding => f !== null);
  switch (a.result.verdict) {
    case 'none': return [noSolution(p, a)];
    case 'multiple': return [multipleSolutions(p, a)];
    case 'unknown': return [undecided(a)];
    case 'unique': return [...redundantHints(p, a), ...some(redundantSummary(a), redundantUndecided(a), notCovering(p, a), solutionNotIntended(p, a))];
    case 'invalid': return parseProblems(a.result.errors);
  }
}
