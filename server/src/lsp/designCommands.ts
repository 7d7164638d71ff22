/**
 * The designer's workspace commands (names and payloads in protocol.ts). Every solver call runs
 * in the worker pool as its own job, cancelled by the request's cancellation or the progress's
 * cancel button; the document is edited only through workspace/applyEdit, cell characters only,
 * and never when it changed while the job ran.
 */
import type { CancellationToken, Connection, TextDocuments, WorkDoneProgressReporter } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { fromLoopVerdict } from '../design/fromLoop';
import { intendedLoop, type IntendedLoop } from '../design/intendedLoop';
import type { GenerateRequest } from '../design/generateText';
import type { Level } from '../design/gradedGenerate';
import { LEVELS } from '../slitherlink/grade';
import { generateSizeError } from '../protocol-types';
import type { SlitherlinkPuzzle } from '../model/puzzle';
import type { JobOutcome, WorkerPool } from '../worker/pool';
import type { Job, JobAnswer, JobOptions } from '../worker/protocol';
import { notOnTilings, workspaceEdit } from './codeActions';
import { loopBlockEdit } from './designActions';
import { cellName } from './diagnostics';
import { fileName, kindOf, parsed } from './documents';
import { cellTextEdit, hintEdits } from './gridEdits';
import { CommandProgress } from './progress';
import { refuseApplyEdit } from './applyEditSupport';
import {
  ApplyHintsCommand,
  SetCellCommand,
  GenerateCommand,
  HintFamilyCommand,
  LoopBlockFromSolutionCommand,
  MakePuzzleFromLoopCommand,
  type ApplyHintsResult,
  type CellHint,
  type CommandError,
  type GenerateParams,
  type GenerateResult,
  type HintFamilyAnswer,
  type LoopBlockResult,
  type MakePuzzleFromLoopOptions,
  type MakePuzzleFromLoopResult,
  type PublishedResult,
} from '../protocol-types';
import type { Settings } from './settings';
import { parseRule } from '../parse/rule';

export const DESIGN_COMMANDS = [MakePuzzleFromLoopCommand, HintFamilyCommand, ApplyHintsCommand, GenerateCommand, LoopBlockFromSolutionCommand, SetCellCommand];

/** What the commands need from the server. */
export interface DesignHost {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  pool: WorkerPool;
  settings(uri?: string): Promise<Settings>;
  /** Check options for a document (phase 1 alone is asked of them here). */
  jobOptions(s: Settings): JobOptions;
  /** The result published for the document's current text, if any. */
  currentResult(uri: string): PublishedResult | undefined;
  documentChanges(): boolean;
  /** The client declared workspace.applyEdit: the commands that edit may send it edits. */
  applyEditSupported(): boolean;
  progressSupported(): boolean;
}

/** Beyond the jobs' own time limits: a job that overruns this much is stopped by the pool. */
const DEADLINE_SLACK_MS = 2000;

const fail = (error: string): CommandError => ({ error });

/** The labels of the edits the commands send (also in the message to a client that cannot apply them). */
const FROM_LOOP_LABEL = 'Make a minimal puzzle from the loop';
const APPLY_HINTS_LABEL = 'Apply hints';
const SET_CELL_LABEL = 'Edit a hint';
const LOOP_BLOCK_LABEL = 'Add the solution as a loop block';
const COMMAND_LABELS: Record<string, string> = {
  [MakePuzzleFromLoopCommand]: FROM_LOOP_LABEL, [HintFamilyCommand]: 'Counting the puzzles of a loop', [ApplyHintsCommand]: APPLY_HINTS_LABEL,
  [SetCellCommand]: SET_CELL_LABEL, [LoopBlockFromSolutionCommand]: LOOP_BLOCK_LABEL,
};

export class DesignCommands {
  /** A reporter of the client's own progress token, told apart from the null one attached when there is none. */
  private readonly nullReporter: unknown;

  constructor(private readonly host: DesignHost) {
    this.nullReporter = host.connection.window.attachWorkDoneProgress(undefined).constructor;
  }

  handles(command: string): boolean {
    return DESIGN_COMMANDS.includes(command);
  }

  async execute(command: string, args: unknown[], token: CancellationToken, workDone?: WorkDoneProgressReporter): Promise<unknown> {
    const reporter = workDone && workDone.constructor !== this.nullReporter ? workDone : null;
    // Every command but generate is about a document's square grid: refused on a tiling, before any work or edit.
    if (command !== GenerateCommand && this.onTiling(args[0])) {
      const error = notOnTilings(`${COMMAND_LABELS[command] ?? 'This command'}`);
      return command === ApplyHintsCommand || command === SetCellCommand ? { applied: false, error } : fail(error);
    }
    switch (command) {
      case MakePuzzleFromLoopCommand: return this.makePuzzleFromLoop(args, token, reporter);
      case HintFamilyCommand: return this.hintFamily(args, token, reporter);
      case ApplyHintsCommand: return this.applyHints(args);
      case SetCellCommand: return this.setCell(args);
      case GenerateCommand: return this.generate(args, token, reporter);
      case LoopBlockFromSolutionCommand: return this.loopBlockFromSolution(args, token, reporter);
      default: return null;
    }
  }

  /** Whether `uri` is an open Slitherlink on a tiling (`# grid:` line). */
  private onTiling(uri: unknown): boolean {
    const doc = typeof uri === 'string' ? this.host.documents.get(uri) : undefined;
    if (!doc || kindOf(doc) !== 'slitherlink') return false;
    const p = parsed(doc, 'slitherlink').puzzle;
    return !!p && p.kind === 'slitherlink' && p.tiling !== undefined;
  }

  private async makePuzzleFromLoop(args: unknown[], token: CancellationToken, reporter: WorkDoneProgressReporter | null): Promise<MakePuzzleFromLoopResult | CommandError> {
    const [uri, raw] = args as [unknown, unknown];
    const loaded = this.loop(uri);
    if ('error' in loaded) return loaded;
    const { doc, puzzle: p } = loaded;
    // Before the work: its only result is an edit this client could not apply.
    const refused = this.refusedEdits(FROM_LOOP_LABEL);
    if (refused) return fail(refused);
    const o = (raw ?? {}) as MakePuzzleFromLoopOptions;
    if (typeof o !== 'object') return fail('the options must be an object { seed?, onlyHinted?, density? }');
    if (o.seed !== undefined && !(Number.isInteger(o.seed) && o.seed >= 0 && o.seed < 2 ** 32)) return fail('seed must be a whole number from 0 to 4294967295');
    if (o.density !== undefined && !(typeof o.density === 'number' && o.density >= 0 && o.density <= 1)) return fail('density must be a number from 0 to 1');
    const onlyHinted = o.onlyHinted === true;
    const fileHinted = Uint8Array.from(p.hints, (h) => (h >= 0 ? 1 : 0));
    const version = doc.version;
    const { limits } = await this.host.settings(doc.uri);
    const out = await this.run(
      { type: 'fromLoop', rows: p.rows, cols: p.cols, inside: p.solution!, seed: o.seed ?? 1, density: o.density, limits,
        // As `linkpuzzle design`: the file's hints are tried last (kept if possible), or are the only ones allowed.
        ...(onlyHinted ? { mask: fileHinted } : { preferKeep: fileHinted }) },
      `Making a puzzle from the loop of ${fileName(doc.uri)}`, token, reporter,
    );
    if ('error' in out) return out;
    if (out.type !== 'fromLoop') return fail('unexpected answer');
    const r = out.result;
    if ('error' in r) return fail(r.error);
    const v = fromLoopVerdict(r, { onlyHinted, detail: `${r.checks} checks, ${Math.round(r.ms)} ms` });
    if (r.stopped?.limit === 'cancelled') return fail('cancelled');
    if (v.status !== 'unique') return fail(v.summary);
    const changed = this.changedSince(doc.uri, version);
    if (changed) return fail(changed);
    const hints = r.hints.filter((h) => h >= 0).length;
    const message = v.summary;
    const applied = await this.apply(doc.uri, version, hintEdits(p, r.hints), FROM_LOOP_LABEL);
    return { applied, hints, minimal: r.minimal, checks: r.checks, ms: Math.round(r.ms), message };
  }

  private async hintFamily(args: unknown[], token: CancellationToken, reporter: WorkDoneProgressReporter | null): Promise<HintFamilyAnswer | { stopped: string } | CommandError> {
    const loaded = this.loop(args[0]);
    if ('error' in loaded) return loaded;
    const { doc, puzzle: p, loop } = loaded;
    const { limits } = await this.host.settings(doc.uri);
    const out = await this.run({ type: 'hintFamily', rows: p.rows, cols: p.cols, inside: p.solution!, limits }, `Counting the puzzles of the loop of ${fileName(doc.uri)}`, token, reporter);
    if ('error' in out) return out.error === 'cancelled' ? { stopped: 'cancelled' } : out;
    if (out.type !== 'hintFamily') return fail('unexpected answer');
    const r = out.result;
    if ('error' in r) return fail(r.error);
    if (!r.ok) return { stopped: r.stopped.message };
    const cells = (list: number[] | null): CellHint[] =>
      (list ?? []).map((c) => ({ row: Math.floor(c / p.cols), col: c % p.cols, value: loop.loopHints[c]! }));
    return {
      count: r.count.toString(), minimalCount: r.minimalCount.toString(), minimumSize: r.minimumSize,
      minimum: cells(r.minimum), hardest: cells(r.hardest), ms: Math.round(r.ms),
    };
  }

  private async applyHints(args: unknown[]): Promise<ApplyHintsResult> {
    const [uri, version, list] = args as [unknown, unknown, unknown];
    const doc = typeof uri === 'string' ? this.host.documents.get(uri) : undefined;
    if (!doc) return { applied: false, error: `no open document ${String(uri)}` };
    if (doc.version !== version) return { applied: false, error: `the document is at version ${doc.version}, not ${String(version)}: nothing was applied` };
    const refused = this.refusedEdits(APPLY_HINTS_LABEL);
    if (refused) return { applied: false, error: refused };
    const loaded: { puzzle: SlitherlinkPuzzle; loop?: IntendedLoop } | CommandError = list === 'all-from-loop' ? this.loop(uri) : this.slitherlink(uri);
    if ('error' in loaded) return { applied: false, error: loaded.error };
    const p = loaded.puzzle;
    let hints: Int8Array;
    if (loaded.loop) {
      hints = loaded.loop.loopHints;
    } else {
      if (!Array.isArray(list)) return { applied: false, error: "the hints must be a list of { row, col, value } or 'all-from-loop'" };
      hints = new Int8Array(p.rows * p.cols).fill(-1);
      for (const h of list as CellHint[]) {
        const ok = h && [h.row, h.col, h.value].every(Number.isInteger) && h.row >= 0 && h.row < p.rows && h.col >= 0 && h.col < p.cols && h.value >= 0 && h.value <= 4;
        if (!ok) return { applied: false, error: `not a hint of this ${p.rows}x${p.cols} grid: ${JSON.stringify(h)}` };
        hints[h.row * p.cols + h.col] = h.value;
      }
    }
    return { applied: await this.apply(doc.uri, doc.version, hintEdits(p, hints), APPLY_HINTS_LABEL) };
  }

  /** The preview's *Edit hints*: one cell's text set (SetCellCommand). */
  private async setCell(args: unknown[]): Promise<ApplyHintsResult> {
    const [uri, version, row, col, value] = args as [unknown, unknown, unknown, unknown, unknown];
    const doc = typeof uri === 'string' ? this.host.documents.get(uri) : undefined;
    if (!doc) return { applied: false, error: `no open document ${String(uri)}` };
    if (doc.version !== version) return { applied: false, error: `the document is at version ${doc.version}, not ${String(version)}: nothing was applied` };
    const refused = this.refusedEdits(SET_CELL_LABEL);
    if (refused) return { applied: false, error: refused };
    const kind = kindOf(doc);
    if (!kind) return { applied: false, error: 'not a puzzle document' };
    const pr = parsed(doc, kind);
    // Problems elsewhere (a label written once, while the designer places a pair) do not stop it.
    if (pr.large || !pr.puzzle) return { applied: false, error: 'the file has no grid to edit' };
    if (typeof value !== 'string') return { applied: false, error: 'the value must be a string' };
    const edit = cellTextEdit(pr.puzzle, row, col, value);
    if ('error' in edit) return { applied: false, error: edit.error };
    return { applied: await this.apply(doc.uri, doc.version, [edit], SET_CELL_LABEL) };
  }

  private async generate(args: unknown[], token: CancellationToken, reporter: WorkDoneProgressReporter | null): Promise<GenerateResult | CommandError> {
    const g = (args[0] ?? {}) as GenerateParams;
    if (typeof g !== 'object') return fail('the argument must be { kind, rows, cols, seed?, rule?, density?, pairs?, allowAdjacent?, grade? }');
    if (g.kind !== 'slitherlink' && g.kind !== 'numberlink') return fail("kind must be 'slitherlink' or 'numberlink'");
    // The same sizes as `linkpuzzle generate` and the client's input box (protocol-types.ts).
    const badSize = generateSizeError(g.cols, g.rows);
    if (badSize) return fail(badSize);
    if (g.seed !== undefined && !(Number.isInteger(g.seed) && g.seed >= 0 && g.seed < 2 ** 32)) return fail('seed must be a whole number from 0 to 4294967295');
    if (g.density !== undefined && !(typeof g.density === 'number' && g.density >= 0 && g.density <= 1)) return fail('density must be a number from 0 to 1');
    if (g.pairs !== undefined && !(Number.isInteger(g.pairs) && g.pairs >= 1 && g.pairs <= 5000)) return fail('pairs must be a whole number from 1 to 5000');
    if (g.grade !== undefined) {
      if (g.kind !== 'slitherlink') return fail('grade is for slitherlink');
      if (!(LEVELS as readonly unknown[]).includes(g.grade)) return fail(`grade must be ${LEVELS.join(', ')}, not ${JSON.stringify(g.grade)}`);
      if (g.density !== undefined) return fail('grade and density do not go together (the grade decides which hints stay)');
    }
    const rule = g.rule === undefined ? undefined : typeof g.rule === 'string' ? parseRule(g.rule) : null;
    if (rule === null) return fail(`unknown rule ${JSON.stringify(g.rule)}: use the words nikoli, fill, notouch`);
    const seed = g.seed ?? Math.floor(Math.random() * 2 ** 31);
    const request: GenerateRequest = g.kind === 'slitherlink'
      ? { kind: 'slitherlink', rows: g.rows, cols: g.cols, seed, density: g.density, ...(g.grade ? { grade: g.grade as Level } : {}) }
      : { kind: 'numberlink', rows: g.rows, cols: g.cols, seed, rule, pairs: g.pairs, allowAdjacent: g.allowAdjacent === true };
    const { limits } = await this.host.settings();
    const out = await this.run({ type: 'generate', request, limits }, `Generating a ${g.cols}x${g.rows} ${g.kind === 'slitherlink' ? 'Slitherlink' : 'Numberlink'}`, token, reporter);
    if ('error' in out) return out;
    if (out.type !== 'generate') return fail('unexpected answer');
    const r = out.result;
    if ('error' in r) return fail(r.error);
    if (!r.ok) return fail(g.grade ? `the generator could not make a ${g.grade} puzzle within the limits: ${r.note}` : `the generator could not make a unique puzzle within the limits: ${r.note}`);
    return { text: r.text, ms: Math.round(r.ms), seed, ...(r.grade ? { grade: r.grade } : {}) };
  }

  private async loopBlockFromSolution(args: unknown[], token: CancellationToken, reporter: WorkDoneProgressReporter | null): Promise<LoopBlockResult | CommandError> {
    const loaded = this.slitherlink(args[0]);
    if ('error' in loaded) return loaded;
    const { doc, puzzle: p } = loaded;
    if (p.solutionRange) return fail('the file already has a solution block');
    const refused = this.refusedEdits(LOOP_BLOCK_LABEL);
    if (refused) return fail(refused);
    const version = doc.version;
    const text = doc.getText();
    let result: PublishedResult | undefined = this.host.currentResult(doc.uri);
    if (!result) {
      // Not checked yet (or still checking): the verdict alone, in the pool like any check.
      const options = { ...this.host.jobOptions(await this.host.settings(doc.uri)), redundant: false, conflicts: false, suggest: false };
      const out = await this.run({ type: 'check', text, kind: 'slitherlink', options }, `Solving ${fileName(doc.uri)}`, token, reporter);
      if ('error' in out) return out;
      if (out.type !== 'check') return fail('unexpected answer');
      result = out.analysis.result;
    }
    if (result.verdict !== 'unique') {
      const why = result.verdict === 'multiple' ? `it has ${result.count ?? 'several'} solutions` : result.verdict === 'none' ? 'it has no solution' : result.stopped?.message ?? `the verdict is ${result.verdict}`;
      return fail(`the puzzle must have a unique solution: ${why}`);
    }
    const changed = this.changedSince(doc.uri, version);
    if (changed) return fail(changed);
    const b = loopBlockEdit(p, text, result);
    if (!b) return fail('no solution to write');
    const applied = await this.apply(doc.uri, version, [b.edit], LOOP_BLOCK_LABEL);
    return { applied, block: b.block };
  }

  /** A parsed, problem-free Slitherlink document. */
  private slitherlink(uri: unknown): { doc: TextDocument; puzzle: SlitherlinkPuzzle } | CommandError {
    const doc = typeof uri === 'string' ? this.host.documents.get(uri) : undefined;
    if (!doc) return fail(`no open document ${String(uri)}`);
    if (kindOf(doc) !== 'slitherlink') return fail('not a Slitherlink (.slk) document');
    const pr = parsed(doc, 'slitherlink');
    if (pr.large) return fail('the document is too large for the design tools');
    const first = pr.problems[0];
    if (first) return fail(`the file has ${pr.problems.length === 1 ? 'a problem' : `${pr.problems.length} problems`}: line ${first.range.line + 1}: ${first.message}`);
    if (!pr.puzzle || pr.puzzle.kind !== 'slitherlink') return fail('the file has no grid');
    return { doc, puzzle: pr.puzzle };
  }

  /** A Slitherlink document whose solution block is one simple loop that every hint agrees with. */
  private loop(uri: unknown): { doc: TextDocument; puzzle: SlitherlinkPuzzle; loop: IntendedLoop } | CommandError {
    const loaded = this.slitherlink(uri);
    if ('error' in loaded) return loaded;
    const loop = intendedLoop(loaded.puzzle);
    if (!loop) return fail('no solution block: add a line --- after the grid, then one row of x (inside) and . (outside) per grid row');
    if (loop.problem) return fail(`the marks are not one simple loop: ${loop.problem}`);
    const d = loop.disagreements[0];
    if (d) return fail(`hint ${d.hint} at ${cellName(d.row, d.col)} disagrees with the loop (which uses ${d.loop} of its sides)`);
    return { ...loaded, loop };
  }

  /** Runs a job with progress; a cancel, a failure or an overrun comes back as an error. */
  private async run(job: Job, title: string, token: CancellationToken, reporter: WorkDoneProgressReporter | null): Promise<JobAnswer | CommandError> {
    const limitMs = 'options' in job ? job.options.limits.timeMs : job.limits.timeMs;
    let handle: { cancel(): void } | undefined;
    const progress = new CommandProgress(this.host.connection, reporter, this.host.progressSupported(), title, () => handle?.cancel());
    const h = this.host.pool.run(job, (p) => progress.report(p), limitMs + DEADLINE_SLACK_MS);
    handle = h;
    const sub = token.onCancellationRequested(() => h.cancel());
    let out: JobOutcome;
    try {
      out = await h.promise;
    } finally {
      sub.dispose();
      progress.done();
    }
    if (out.status === 'done') return out.answer;
    if (out.status === 'cancelled') return fail('cancelled');
    if (out.status === 'timeout') return fail(`stopped after ${Math.round(out.ms)} ms (time limit ${limitMs} ms)`);
    return fail(out.message.split('\n')[0]!);
  }

  /** Why not to edit: the document changed (or closed) since `version`; null when it did not. */
  private changedSince(uri: string, version: number): string | null {
    const now = this.host.documents.get(uri);
    if (!now) return 'the document was closed meanwhile: nothing was applied';
    if (now.version !== version) return `the document changed meanwhile (version ${version}, now ${now.version}): nothing was applied; run the command again`;
    return null;
  }

  /** Null when the client takes workspace/applyEdit; else the refusal, shown to the user. */
  private refusedEdits(label: string): string | null {
    return this.host.applyEditSupported() ? null : refuseApplyEdit(this.host.connection, label);
  }

  /**
   * Sends the edits for `version` of the document; false (nothing sent) once it is at another
   * version, or when the client cannot apply edits (the commands refuse that earlier, with a message).
   */
  private async apply(uri: string, version: number, edits: ReturnType<typeof hintEdits>, label: string): Promise<boolean> {
    if (this.changedSince(uri, version) || !this.host.applyEditSupported()) return false;
    if (edits.length === 0) return true; // already so: nothing to change
    try {
      const r = await this.host.connection.workspace.applyEdit({ label, edit: workspaceEdit(uri, version, edits, this.host.documentChanges()) });
      return r.applied;
    } catch {
      return false;
    }
  }
}
