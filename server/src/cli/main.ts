// `linkpuzzle`: check puzzles, draw solutions, run the language server.
import { checkPuzzle, checkText, checkTextAndPuzzle, type CheckTextOptions } from '../genres/check';
import { findings } from '../genres/findings';
import { extensionList, genreOfPuzzle, kindList, parsePuzzle } from '../genres/index';
import type { CheckResult } from '../analysis/result';
import { withDeadline, type Progress, type RunControl } from '../zdd/control';
import { startServer } from '../lsp/server';
import { version } from '../../../package.json';
import { parseCommandLine, UsageError, USAGE, type CommonOptions } from './args';
import { expandPaths, readText, type PuzzleFile } from './files';
import { countStoppedText, details, findingLines, flawNote, formatTable, prettyJson, summaryLine, toJson, verdictNote, type TableRow } from './report';
import { DESIGN_USAGE, runDesignCommand } from './design';
import { bundledHelperThread } from '../worker/helperThread';

export const EXIT_OK = 0;
export const EXIT_BAD_FILE = 1;
export const EXIT_USAGE = 2;

const out = (s: string) => process.stdout.write(s.endsWith('\n') ? s : s + '\n');
const err = (s: string) => process.stderr.write(`linkpuzzle: ${s}\n`);

/** A one-line progress display on stderr, only when it is a terminal. */
class ProgressLine {
  private readonly on = !!process.stderr.isTTY;
  private last = 0;
  private shown = false;

  show(text: string, force = false): void {
    if (!this.on) return;
    const now = Date.now();
    if (!force && now - this.last < 100) return;
    this.last = now;
    const cols = process.stderr.columns || 80;
    process.stderr.write('\r\x1b[K' + text.slice(0, cols - 1));
    this.shown = true;
  }

  clear(): void {
    if (this.on && this.shown) process.stderr.write('\r\x1b[K');
    this.shown = false;
  }
}

function checkOptions(o: CommonOptions, progress?: (p: Progress) => void): CheckTextOptions {
  const limits: RunControl['limits'] = {};
  if (o.timeLimitMs !== undefined) limits.timeMs = o.timeLimitMs;
  if (o.nodeLimit !== undefined) limits.maxNodes = o.nodeLimit;
  return { control: { limits, onProgress: progress }, rule: o.rule, helper: HELPER };
}

/** The checks' second thread (absent when run from the sources). */
const HELPER = bundledHelperThread();

/** A result for a file that could not be read or whose check failed inside: never a verdict it did not earn. */
function failure(f: PuzzleFile, verdict: 'invalid' | 'unknown', message: string): CheckResult {
  const range = { line: 0, col: 0, endLine: 0, endCol: 0 };
  return verdict === 'invalid'
    ? { kind: f.kind, rows: 0, cols: 0, verdict, count: null, errors: [{ range, message, code: 'read' }], ms: 0 }
    : {
        kind: f.kind, rows: 0, cols: 0, verdict, count: null, errors: [], ms: 0,
        stopped: { limit: 'cancelled', message, nodes: 0, progress: 0 },
      };
}

function runCheck(cmd: Extract<ReturnType<typeof parseCommandLine>, { name: 'check' }>): number {
  const found = expandPaths(cmd.paths, cmd.kind);
  let status = EXIT_OK;
  if (found.unknownKind.length > 0) {
    for (const p of found.unknownKind) err(`${p}: not a ${extensionList()} file (use --kind ${kindList(undefined, '|')})`);
    return EXIT_USAGE;
  }
  for (const m of found.missing) {
    err(`${m.path}: ${m.message}`);
    status = EXIT_BAD_FILE;
  }
  for (const d of found.emptyDirs) err(`${d}: no ${extensionList()} files in this directory`);
  if (found.files.length === 0) {
    if (status === EXIT_OK) err('nothing to check');
    return EXIT_BAD_FILE;
  }

  const progress = new ProgressLine();
  const rows: TableRow[] = [];
  const n = found.files.length;
  found.files.forEach((f, i) => {
    const prefix = `[${i + 1}/${n}] ${f.path}`;
    progress.show(prefix, true);
    const read = readText(f.path);
    let result: CheckResult;
    let extra: string[] = [];
    if ('error' in read) {
      err(`${f.path}: cannot read: ${read.error}`);
      result = failure(f, 'invalid', `cannot read: ${read.error}`);
      status = EXIT_BAD_FILE;
    } else {
      const options = checkOptions(cmd, (p) =>
        progress.show(`${prefix}  ${p.phase} ${p.done}/${p.total} levels, ${p.nodes} nodes`),
      );
      options.redundant = cmd.redundant;
      options.redundantTogether = cmd.togetherLimitMs > 0;
      options.togetherTimeMs = cmd.togetherLimitMs;
      options.usage = cmd.usage;
      options.grade = cmd.grade;
      options.badBytes = read.badBytes;
      // Only the JSON shows a second solution (`secondSolution`, with `multiple`); the table skips the work.
      options.secondSolution = cmd.json;
      // Two solutions found decide `multiple` when the count does not fit (then `≥N`).
      options.witnesses = true;
      try {
        const checked = checkTextAndPuzzle(read.text, f.kind, options);
        result = checked.result;
        extra = findingLines(findings(checked.puzzle, { result }));
      } catch (e) {
        err(`${f.path}: internal error: ${(e as Error).stack ?? e}`);
        result = failure(f, 'unknown', `internal error: ${(e as Error).message}`);
        status = EXIT_BAD_FILE;
      }
      if (result.verdict === 'invalid') status = EXIT_BAD_FILE;
    }
    rows.push({ file: f.path, result, extra });
  });
  progress.clear();

  if (cmd.json) {
    out(prettyJson(rows.map((r) => toJson(r.file, r.result))));
  } else {
    out(formatTable(rows));
    if (rows.length > 1) out(summaryLine(rows));
  }
  return status;
}

function runSolve(cmd: Extract<ReturnType<typeof parseCommandLine>, { name: 'solve' }>): number {
  const found = expandPaths([cmd.path], cmd.kind);
  if (found.unknownKind.length > 0) {
    err(`${cmd.path}: not a ${extensionList()} file (use --kind ${kindList(undefined, '|')})`);
    return EXIT_USAGE;
  }
  if (found.missing.length > 0) {
    err(`${cmd.path}: ${found.missing[0].message}`);
    return EXIT_BAD_FILE;
  }
  if (found.files.length !== 1 || found.files[0].path !== cmd.path) {
    err(`${cmd.path}: solve takes one puzzle file, not a directory`);
    return EXIT_USAGE;
  }
  const f = found.files[0];
  const read = readText(f.path);
  if ('error' in read) {
    err(`${f.path}: cannot read: ${read.error}`);
    return EXIT_BAD_FILE;
  }
  const progress = new ProgressLine();
  const options = checkOptions(cmd, (p) => progress.show(`${f.path}  ${p.phase} ${p.done}/${p.total} levels, ${p.nodes} nodes`));
  options.redundant = false;
  options.secondSolution = false;
  options.witnesses = true;
  options.badBytes = read.badBytes;
  // The time limit covers the parse too (as in checkText).
  const control = withDeadline(options.control);
  options.control = control;
  const parsed = parsePuzzle(read.text, f.kind, { deadline: control.deadline, badBytes: read.badBytes });
  const { puzzle, problems } = parsed;
  const result: CheckResult =
    parsed.stopped || puzzle === null || problems.length > 0
      ? checkText(read.text, f.kind, options) // the same `invalid` (or stopped) result check gives
      : checkPuzzle(puzzle, options);
  progress.clear();
  if (cmd.json) {
    out(prettyJson(toJson(f.path, result)));
    return result.verdict === 'invalid' ? EXIT_BAD_FILE : EXIT_OK;
  }
  if (result.verdict === 'unknown' && puzzle === null) {
    out(`${f.path}: ${result.stopped?.message ?? 'undecided: stopped before the answer'}`);
    return EXIT_OK;
  }
  if (result.verdict === 'invalid' || puzzle === null) {
    for (const d of details(f.path, result)) process.stderr.write(d + '\n');
    return EXIT_BAD_FILE;
  }
  // The genre's words after the verdict (Numberlink's rule).
  const rule = verdictNote(result);
  switch (result.verdict) {
    case 'none':
      out(`${f.path}: no solution${rule}`);
      return EXIT_OK;
    case 'unknown':
      out(`${f.path}: ${result.stopped?.message ?? 'undecided: stopped before the answer'}`);
      return EXIT_OK;
    case 'unique':
      out(`${f.path}: unique solution${rule}${flawNote(result)}`);
      break;
    case 'multiple':
      out(`${f.path}: ${result.count ?? (result.countAtLeast ? `at least ${result.countAtLeast}` : 'several')} solutions${rule}` +
        `${result.count === null && result.stopped ? ` (${countStoppedText(result)})` : ''}; the first one:`);
      break;
  }
  const drawing = genreOfPuzzle(puzzle).draw(puzzle, result);
  if (drawing !== null) out(drawing);
  return EXIT_OK;
}

export function main(argv: string[]): number | 'running' {
  const design = runDesignCommand(argv);
  if (design !== null) return design;
  let cmd;
  try {
    cmd = parseCommandLine(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    err(e.message);
    process.stderr.write(`Run 'linkpuzzle --help' for usage.\n`);
    return EXIT_USAGE;
  }
  switch (cmd.name) {
    case 'help':
      out(USAGE + '\n\n' + DESIGN_USAGE);
      return EXIT_OK;
    case 'version':
      out(version);
      return EXIT_OK;
    case 'check':
      return runCheck(cmd);
    case 'solve':
      return runSolve(cmd);
    case 'lsp':
      startServer();
      return 'running';
  }
}

// A closed pipe (`linkpuzzle check dir | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

const status = main(process.argv.slice(2));
if (status !== 'running') process.exitCode = status;
