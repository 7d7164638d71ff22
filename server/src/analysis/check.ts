import type { NumberlinkPuzzle, NumberlinkRule, Puzzle, PuzzleKind } from '../model/puzzle';
import { parsePuzzle, type ParseResult } from '../parse/index';
import type { BadBytes } from '../parse/limits';
import { stopNow, withDeadline } from '../zdd/control';
import type { CheckOptions } from './options';
import type { CheckResult } from './result';
import { checkNumberlink, gradeNumberlinkPuzzle } from './numberlink';
import { checkSlitherlink } from './slitherlink';
import { checkTilingSlitherlink } from './tiling';

export interface CheckTextOptions extends CheckOptions {
  /** Numberlink: use this rule whatever the file's `# rule:` line says (CLI `--rule`). */
  rule?: NumberlinkRule;
  /** Bytes of the file that were not UTF-8 (decodeUtf8): reported where the text has U+FFFD for them. */
  badBytes?: BadBytes;
}

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

/** Checks an already parsed, problem-free puzzle. */
export function checkPuzzle(puzzle: Puzzle, options: CheckTextOptions = {}): CheckResult {
  if (puzzle.kind === 'slitherlink') return puzzle.tiling ? checkTilingSlitherlink(puzzle, options) : checkSlitherlink(puzzle, options);
  return checkNumberlinkRule(puzzle, options);
}

/** A Numberlink's grade (numberlink/grade.ts) under `options.rule` when given, else the file's rule, as its check. */
export function gradeNumberlinkRule(puzzle: NumberlinkPuzzle, options: CheckTextOptions = {}): ReturnType<typeof gradeNumberlinkPuzzle> {
  if (!options.rule) return gradeNumberlinkPuzzle(puzzle, options);
  const rule = { ...options.rule };
  return gradeNumberlinkPuzzle({ ...puzzle, rule }, { ...options, defaultRule: rule });
}

/** A Numberlink check under `options.rule` when given (the CLI's `--rule`), else the file's rule. */
export function checkNumberlinkRule(puzzle: NumberlinkPuzzle, options: CheckTextOptions = {}): CheckResult {
  if (!options.rule) return checkNumberlink(puzzle, options);
  // An override wins over the file's `# rule:` line and over the default for files without one.
  const rule = { ...options.rule };
  return checkNumberlink({ ...puzzle, rule }, { ...options, defaultRule: rule });
}
