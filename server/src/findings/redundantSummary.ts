/**
 * Redundant one at a time is not redundant together: the sentence that says how many redundant
 * hints "Remove all redundant hints" removes (CheckResult.redundantTogether), for the hover and
 * the `redundant-summary` finding.
 */
import type { Analysis } from '../analysis/result';
import { Codes, type PublishedResult } from '../protocol-types';
import { GRID, type Finding, type FindingsGenre } from './finding';

export type Together = Pick<PublishedResult, 'verdict' | 'redundant' | 'redundantTogether' | 'redundantTogetherStopped' | 'extrasPending'>;

function hints(n: number): string {
  return `${n} hint${n === 1 ? '' : 's'}`;
}

/**
 * E.g. "43 hints are redundant one at a time, but they cannot all go: Remove all redundant hints
 * removes 12 (31 stay needed once those are gone)."; null when no hint is redundant.
 * `name`: how to write the command's name (markdown emphasis in the hover).
 */
export function togetherSentence(r: Together, name = 'Remove all redundant hints'): string | null {
  const all = r.redundant?.length ?? 0;
  if (r.verdict !== 'unique' || all === 0) return null;
  const t = r.redundantTogether;
  const stopped = r.redundantTogetherStopped;
  if (all === 1 && !stopped) return '1 hint is redundant.';
  if (stopped) {
    const why = stopped.message.replace(/^Remove all redundant hints: /, '');
    const sofar = t && t.length > 0 ? ` ${t.length} of them can, found before it stopped.` : '';
    return `${hints(all)} are redundant one at a time; whether they can all go together is undecided (${why}).${sofar}`;
  }
  if (!t) return r.extrasPending ? `${hints(all)} are redundant one at a time; finding how many can go together…` : `${hints(all)} are redundant one at a time.`;
  if (t.length === all) return `${hints(all)} are redundant, and all can go together: ${name} removes them all.`;
  const stay = all - t.length;
  return `${hints(all)} are redundant one at a time, but they cannot all go: ${name} removes ${t.length} (${stay} ${stay === 1 ? 'stays' : 'stay'} needed once those are gone).`;
}


/** Unique, with redundant hints (a genre whose extras have them): how many, and how many can go together (the Problems panel leaves out the hints' own Hint-severity findings). */
export function redundantSummary(a: Analysis, genre: FindingsGenre): Finding | null {
  const r = a.result;
  const summary = togetherSentence({ ...r, extrasPending: a.partial });
  if (!summary || !genre.extras.redundantHints) return null;
  return { code: Codes.redundantSummary, severity: 'information', at: GRID, message: summary };
}
