/** The redundant hints could not all be decided within the limits. */
import type { Analysis } from '../analysis/result';
import { Codes } from '../protocol-types';
import { GRID, type Finding } from './finding';

export function redundantUndecided(a: Analysis): Finding | null {
  const s = a.result.redundantStopped;
  if (!s) return null;
  return { code: Codes.redundantUndecided, severity: 'information', at: GRID, message: `Redundant hints not fully decided: ${s.message}`, data: { limit: s.limit } };
}
