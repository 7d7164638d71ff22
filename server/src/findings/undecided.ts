/** `unknown`: the check stopped (a limit, or cancelled) before an answer; says where it was. */
import type { Analysis } from '../analysis/result';
import { Codes } from '../protocol-types';
import { GRID, type Finding } from './finding';

export function undecided(a: Analysis): Finding {
  const s = a.result.stopped;
  const message = s ? `Undecided: ${s.message.replace(/^undecided:\s*/i, '')}` : 'Undecided: the check stopped before an answer.';
  return { code: s?.limit === 'cancelled' ? Codes.checkCancelled : Codes.limitReached, severity: 'information', at: GRID, message, data: { limit: s?.limit } };
}
