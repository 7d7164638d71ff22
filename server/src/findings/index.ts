/**
 * Everything a check found, as protocol-neutral findings, in the order they are shown. A new kind
 * of finding shared by the genres is one module of this folder and one line here; a finding only
 * one genre has is in its folder (Genre.findings, after these).
 */
import type { Analysis } from '../analysis/result';
import type { Puzzle } from '../model/puzzle';
import type { Finding, FindingsGenre } from './finding';
import { multipleSolutions } from './multipleSolutions';
import { noSolution } from './noSolution';
import { parseProblems } from './parseProblems';
import { redundantHints } from './redundantHint';
import { redundantSummary } from './redundantSummary';
import { redundantUndecided } from './redundantUndecided';
import { undecided } from './undecided';

export type { Difference, Finding, FindingData, FindingsGenre, Place, Related, Severity } from './finding';
export { parseProblems } from './parseProblems';

/**
 * `p`: the parsed puzzle the analysis is for (null when unknown: everything then sits at the grid);
 * `genre`: its genre (the registry's, genres/findings.ts).
 */
export function findingsOf(p: Puzzle | null, a: Analysis, genre: FindingsGenre): Finding[] {
  const some = (...fs: (Finding | null)[]) => fs.filter((f): f is Finding => f !== null);
  const own = () => genre.findings?.(p, a) ?? [];
  switch (a.result.verdict) {
    case 'none': return [noSolution(p, a, genre), ...own()];
    case 'multiple': return [multipleSolutions(p, a, genre), ...own()];
    case 'unknown': return [undecided(a), ...own()];
    case 'unique': return [...redundantHints(p, a, genre), ...some(redundantSummary(a, genre), redundantUndecided(a)), ...own()];
    case 'invalid': return parseProblems(a.result.errors);
  }
}
