/** Runs one job synchronously: used by the worker thread, and in-process when no worker bundle exists. */
import { checkParsed } from '../genres/check';
import { conflictSearch, findConflictingHints, findSuggestions, gradePuzzle, gradesInCheck, togetherPass, wantsConflicts, wantsSuggestions } from '../genres/extras';
import { genreOfPuzzle } from '../genres/index';
import { parseOnce } from './parsed';
import type { CheckOptions } from '../analysis/options';
import type { CheckResult } from '../analysis/result';
import { withDeadline, type RunControl } from '../zdd/control';
import { runDesignJob } from './designJobs';
import { sessionFor, trimSessions } from './sessions';
import type { Analysis, GradeFields, Job, JobAnswer } from './protocol';
import { bundledHelperThread } from './helperThread';

/**
 * A check's second thread (helperThread.ts); none when run from the sources (tests run jobs
 * in-process). It starts from this worker's thread, so it gets its lower priority too (main.ts),
 * and it ends with it.
 */
const HELPER = bundledHelperThread();

export function runJob(job: Job, control: RunControl): JobAnswer {
  if (job.type === 'grade') return { type: 'grade', grade: grade(job, control) };
  if (job.type !== 'check' && job.type !== 'minimize') return runDesignJob(job, control);
  const { options } = job;
  const base = { limits: options.limits, isCancelled: control.isCancelled, onProgress: control.onProgress };
  if (job.type === 'check') {
    const { result, incremental } = check(job, {
      control: base,
      redundant: options.redundant,
      // Which redundant hints can go together is the scheduler's own phase (a minimize job).
      redundantTogether: false,
      secondSolution: true,
      defaultRule: options.defaultRules?.[job.kind],
      // A draft too open to count is still `multiple`: two solutions decide it.
      witnesses: true,
      countAfterWitnesses: options.countAfterWitnesses !== false,
      // The preview's ambiguity map (a pass over the diagram; Numberlink: a walk through up to
      // 5,000 solutions, else a second diagram with every edge a level).
      usage: true,
      // A hard Numberlink decided from both ends of its sweep at once (nikoliVerdict.ts).
      helper: HELPER,
      // The difficulty grade of a unique puzzle, for the hover, the status bar and the preview,
      // where it takes milliseconds (Slitherlink); else the scheduler's grade job after the verdict.
      grade: gradesInCheck(job.kind),
      gradeSteps: true,
    });
    const analysis: Analysis = { result, ...(incremental ? { incremental } : {}) };
    const conflicts = wantsConflicts(job.kind, options, result);
    const suggest = wantsSuggestions(job.kind, options, result);
    if (!conflicts && !suggest) return { type: 'check', analysis };
    const { puzzle } = parseOnce(job.text, job.kind);
    if (!puzzle) return { type: 'check', analysis };
    if (conflicts) {
      analysis.conflicts = findConflictingHints(puzzle, conflictSearch(result.ms, options.limits, control.isCancelled, options.defaultRules?.[job.kind]));
    }
    if (suggest) {
      const s = findSuggestions(puzzle, { limits: options.limits, isCancelled: control.isCancelled });
      if (s) analysis.suggestions = s;
    }
    return { type: 'check', analysis };
  }
  const { puzzle, problems } = parseOnce(job.text, job.kind);
  if (!puzzle || problems.length > 0) return { type: 'minimize', minimize: null };
  // One time limit for the whole job, the check for the solution (when not given) included.
  const whole: RunControl = { ...base, deadline: Date.now() + options.limits.timeMs };
  // The document's session (Genre.incremental): what its checks proved, for the pass to use and extend.
  const session = job.uri ? sessionFor(job.uri, genreOfPuzzle(puzzle), puzzle) : null;
  return { type: 'minimize', minimize: togetherPass(puzzle, job.redundant, job.solution, whole, session) };
}

/** Most milliseconds a grade job gives the grade at least (else the verdict's time, see the scheduler). */
const GRADE_MIN_MS = 1000;

/** A grade job: the grade of a text a check found unique, under the same options (null when it does not parse). */
function grade(job: Extract<Job, { type: 'grade' }>, control: RunControl): GradeFields | null {
  const { puzzle, problems } = parseOnce(job.text, job.kind);
  if (!puzzle || problems.length > 0) return null;
  const options = job.options;
  return gradePuzzle(puzzle, {
    control: { limits: options.limits, isCancelled: control.isCancelled },
    defaultRule: options.defaultRules?.[job.kind],
    gradeSteps: true,
    gradeTimeMs: Math.max(GRADE_MIN_MS, job.verdictMs ?? 0),
  });
}

/** checkText on the job's text (parsed once per text, parseOnce), through the document's session when its genre has one. */
function check(job: Extract<Job, { type: 'check' }>, options: CheckOptions): { result: CheckResult; incremental?: Analysis['incremental'] } {
  const t0 = performance.now();
  // The time limit covers the parse too (as in checkText).
  const control = withDeadline(options.control);
  options = { ...options, control };
  const parsed = parseOnce(job.text, job.kind, { deadline: control.deadline, isCancelled: control.isCancelled });
  const { puzzle, problems } = parsed;
  if (!puzzle || problems.length > 0 || parsed.stopped) return { result: checkParsed(parsed, job.kind, options, t0) };
  const session = job.uri ? sessionFor(job.uri, genreOfPuzzle(puzzle), puzzle) : null;
  if (session) {
    const result = session.check(puzzle, options);
    trimSessions(job.uri);
    result.ms = performance.now() - t0;
    const s = session.stats;
    return { result, incremental: s ? { mode: s.mode, levels: s.levels, reusedLevels: s.reusedLevels } : undefined };
  }
  return { result: checkParsed(parsed, job.kind, options, t0) };
}

