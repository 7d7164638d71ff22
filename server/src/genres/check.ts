/** Text -> result through the puzzle's genre: the parse, then the genre's check. */
import type { Puzzle, PuzzleKind } from '../model/puzzle';
import type { ParseResult } from '../parse/index';
import { stopNow, withDeadline } from '../zdd/control';
import type { CheckTextOptions } from '../analysis/options';
import type { CheckResult } from '../analysis/result';
import { genreOfPuzzle, parsePuzzle } from './index';

export type { CheckTextOptions };

/**
 * Parses `text` as a puzzle of `kind` and checks it. Any parse problem makes the verdict
 * `invalid` (the solver never sees a broken puzzle); otherwise the puzzle's solver decides.
 * The time limit covers the whole check: it starts here, before the parse, and every phase
 * (parse, deduction, build, redundant hints) stops at the same deadline with verdict `unknown`.
 */
export function checkText(text: string, kind: PuzzleKind, options: CheckTextOptions = {}): CheckResult {
  return checkTextAndPuzzle(text, kind, options).result;
}

/** checkText, and the puzzle its one parse gave (null when it gave none), for what is said about the result (findings). */
export function checkTextAndPuzzle(text: string, kind: PuzzleKind, options: CheckTextOptions = {}): { result: CheckResult; puzzle: Puzzle | null } {
  const t0 = performance.now();
  const control = withDeadline(options.control);
  const parsed = parsePuzzle(text, kind, { deadline: control.deadline, isCancelled: control.isCancelled, badBytes: options.badBytes });
  return { result: checkParsed(parsed, kind, { ...options, control }, t0), puzzle: parsed.puzzle };
}

/**
 * checkText after its parse (`options.control` carries the deadline the parse had; `t0` is when
 * the check started): `invalid` with the problems, `unknown` when the parse was stopped, else the
 * puzzle's check.
 */
export function checkParsed(parsed: ParseResult<Puzzle>, kind: PuzzleKind, options: CheckTextOptions, t0: number): CheckResult {
  const control = options.control;
  const { puzzle, problems } = parsed;
  const ms = () => Math.round((performance.now() - t0) * 100) / 100;
  if (parsed.stopped) {
    const stop = stopNow(control, 'while reading the file')?.stopped ?? {
      limit: parsed.stopped, message: `undecided: ${parsed.stopped === 'time' ? 'stopped by the time limit' : 'cancelled'} while reading the file`, nodes: 0, progress: 0,
    };
    return { kind, rows: 0, cols: 0, verdict: 'unknown', count: null, errors: [], ms: ms(), stopped: stop };
  }
  if (puzzle === null || problems.length > 0) {
    return {
      kind,
      rows: puzzle?.rows ?? 0,
      cols: puzzle?.cols ?? 0,
      verdict: 'invalid',
      count: null,
      errors: problems,
      ms: ms(),
    };
  }
  const result = checkPuzzle(puzzle, { ...options, control });
  // Parsing is part of the time a user waits for.
  result.ms = ms();
  return result;
}

/** Checks an already parsed, problem-free puzzle (its genre's check). */
export function checkPuzzle(puzzle: Puzzle, options: CheckTextOptions = {}): CheckResult {
  return genreOfPuzzle(puzzle).check(puzzle, options);
}
