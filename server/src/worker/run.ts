/** Runs one job synchronously: used by the worker thread, and in-process when no worker bundle exists. */
import { checkText } from '../analysis/check';
import { findConflictingHints } from '../analysis/conflicts';
import { minimizeHints } from '../analysis/minimize';
import { parsePuzzle } from '../parse/index';
import type { RunControl } from '../zdd/control';
import type { Job, JobAnswer } from './protocol';

export function runJob(job: Job, control: RunControl): JobAnswer {
  const { options } = job;
  const base = { limits: options.limits, isCancelled: control.isCancelled, onProgress: control.onProgress };
  if (job.type === 'check') {
    const result = checkText(job.text, job.kind, {
      control: base,
      redundant: options.redundant,
      secondSolution: true,
      defaultRule: options.defaultRule,
    });
    if (result.verdict !== 'none' || !options.conflicts) return { type: 'check', analysis: { result } };
    const { puzzle } = parsePuzzle(job.text, job.kind);
    if (!puzzle) return { type: 'check', analysis: { result } };
    const conflicts = findConflictingHints(puzzle, {
      control: { limits: options.limits, isCancelled: control.isCancelled },
      perCheck: { timeMs: Math.min(1000, options.limits.timeMs), maxNodes: options.limits.maxNodes },
      defaultRule: options.defaultRule,
    });
    return { type: 'check', analysis: { result, conflicts } };
  }
  const { puzzle, problems } = parsePuzzle(job.text, job.kind);
  if (!puzzle || problems.length > 0 || puzzle.kind !== 'slitherlink') return { type: 'minimize', minimize: null };
  return { type: 'minimize', minimize: minimizeHints(puzzle, job.redundant, { control: base }) };
}
