import type { NumberlinkRule, Puzzle, PuzzleKind } from '../model/puzzle';
import { parsePuzzle } from '../parse/index';
import type { CheckOptions } from './options';
import type { CheckResult } from './result';
import { checkNumberlink } from './numberlink';
import { checkSlitherlink } from './slitherlink';

export interface CheckTextOptions extends CheckOptions {
  /** Numberlink: use this rule whatever the file's `# rule:` line says (CLI `--rule`). */
  rule?: NumberlinkRule;
}

/**
 * Parses `text` as a puzzle of `kind` and checks it. Any parse problem makes the verdict
 * `invalid` (the solver never sees a broken puzzle); otherwise the puzzle's solver decides.
 */
export function checkText(text: string, kind: PuzzleKind, options: CheckTextOptions = {}): CheckResult {
  const t0 = performance.now();
  const { puzzle, problems } = parsePuzzle(text, kind);
  if (puzzle === null || problems.length > 0) {
    return {
      kind,
      rows: puzzle?.rows ?? 0,
      cols: puzzle?.cols ?? 0,
      verdict: 'invalid',
      count: null,
      errors: problems,
      ms: performance.now() - t0,
    };
  }
  const result = checkPuzzle(puzzle, options);
  // Parsing is part of the time a user waits for.
  result.ms = performance.now() - t0;
  return result;
}

/** Checks an already parsed, problem-free puzzle. */
export function checkPuzzle(puzzle: Puzzle, options: CheckTextOptions = {}): CheckResult {
  if (puzzle.kind === 'slitherlink') return checkSlitherlink(puzzle, options);
  if (!options.rule) return checkNumberlink(puzzle, options);
  // An override wins over the file's `# rule:` line and over the default for files without one.
  const rule = { ...options.rule };
  return checkNumberlink({ ...puzzle, rule }, { ...options, defaultRule: rule });
}
