/**
 * The workspace commands beyond checking (names and payloads in protocol-types.ts): the preview's
 * *Edit hints* (setCell) and generate, shared by every genre, and each genre's own (Genre.commands:
 * Slitherlink's designer's tools), which run behind a host that gives them the document, worker
 * jobs (cancelled by the request's cancellation or the progress's cancel button) and edits. A
 * document is edited only through workspace/applyEdit, and never when it changed while a job ran.
 */
import type { CancellationToken, Connection, TextDocuments, TextEdit, WorkDoneProgressReporter } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CheckResult } from '../analysis/result';
import { generateFlags, generators, readGenerateOptions } from '../genres/generate';
import { findGenre, GENRES, genreOf, isCommandError, type CommandHost, type Genre } from '../genres/index';
import type { JobOutcome, WorkerPool } from '../worker/pool';
import type { Job, JobAnswer, JobOptions } from '../worker/protocol';
import { notOnTilings, toTextEdit, workspaceEdit } from './codeActions';
import { fileName, kindOf, parsed } from './documents';
import { cellTextEdit } from './gridEdits';
import { CommandProgress } from './progress';
import { refuseApplyEdit } from './applyEditSupport';
import { importText, urlFromText } from '../genres/exchange';
import {
  SetCellCommand,
  GenerateCommand,
  ExportUrlCommand,
  ImportTextCommand,
  generateSizeError,
  type ExportUrlResult,
  type ImportTextResult,
  type ApplyHintsResult,
  type CommandError,
  type GenerateParams,
  type GenerateResult,
  type PublishedResult,
} from '../protocol-types';
import type { Settings } from './settings';

/** Every genre's commands (Genre.commands), by name. */
const GENRE_COMMANDS = new Map<string, Genre[]>();
for (const g of GENRES) for (const name of Object.keys(g.commands ?? {})) GENRE_COMMANDS.set(name, [...(GENRE_COMMANDS.get(name) ?? []), g]);

export const DESIGN_COMMANDS = [...GENRE_COMMANDS.keys(), GenerateCommand, SetCellCommand, ImportTextCommand, ExportUrlCommand];

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

const SET_CELL_LABEL = 'Edit a hint';

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
    if (command === GenerateCommand) return this.generate(args, token, reporter);
    if (command === SetCellCommand) return this.setCell(args);
    if (command === ImportTextCommand) return this.importText(args);
    if (command === ExportUrlCommand) return this.exportUrl(args);
    const genres = GENRE_COMMANDS.get(command);
    if (!genres) return null;
    const refuse = (error: string) => genres[0]!.commands![command]!.refuse(error);
    const uri = args[0];
    const doc = typeof uri === 'string' ? this.host.documents.get(uri) : undefined;
    if (!doc) return refuse(`no open document ${String(uri)}`);
    const kind = kindOf(doc);
    const genre = kind ? genreOf(kind) : null;
    const cmd = genre?.commands?.[command];
    if (!genre || !cmd) return refuse(`not a ${genres.map((g) => `${g.name} (.${g.extension})`).join(' or ')} document`);
    // A genre's commands are about a document's square grid unless they say otherwise: refused on a tiling, before any work or edit.
    if (!cmd.tilings && parsed(doc, genre.kind).puzzle?.tiling) return cmd.refuse(notOnTilings(cmd.label));
    return cmd.run(args, await this.commandHost(doc, genre, token, reporter));
  }

  /** The host a genre's command runs behind, for the document as it is now. */
  private async commandHost(doc: TextDocument, genre: Genre, token: CancellationToken, reporter: WorkDoneProgressReporter | null): Promise<CommandHost> {
    const { uri, version } = doc;
    const text = doc.getText();
    const settings = await this.host.settings(uri);
    return {
      uri, version, text,
      puzzle: () => {
        const pr = parsed(doc, genre.kind);
        if (pr.large) return fail('the document is too large for the design tools');
        const first = pr.problems[0];
        if (first) return fail(`the file has ${pr.problems.length === 1 ? 'a problem' : `${pr.problems.length} problems`}: line ${first.range.line + 1}: ${first.message}`);
        if (!pr.puzzle) return fail('the file has no grid');
        return { puzzle: pr.puzzle };
      },
      refusedEdits: (label) => this.refusedEdits(label),
      runTool: async (tool, input, title) => {
        const out = await this.run({ type: 'tool', kind: genre.kind, tool, input, limits: settings.limits }, title, token, reporter);
        if ('error' in out) return out;
        return out.type === 'tool' ? out.result : fail('unexpected answer');
      },
      result: async (title) => {
        const published = this.host.currentResult(uri);
        if (published) return published;
        // Not checked yet (or still checking): the verdict alone, in the pool like any check.
        const options = { ...this.host.jobOptions(settings), redundant: false, conflicts: false, suggest: false };
        const out = await this.run({ type: 'check', text, kind: genre.kind, options }, title, token, reporter);
        if ('error' in out) return out;
        return out.type === 'check' ? (out.analysis.result as CheckResult) : fail('unexpected answer');
      },
      changed: () => this.changedSince(uri, version),
      apply: (changes, label) => this.apply(uri, version, changes.map(toTextEdit), label),
    };
  }

  /** "Paste Puzzle from URL": the file text of a puzz.link URL or a Loopy game ID, as `linkpuzzle import` prints it. */
  private importText(args: unknown[]): ImportTextResult | CommandError {
    const src = args[0];
    if (typeof src !== 'string' || src.trim() === '') return fail('give a puzz.link URL or a Loopy game ID');
    return importText(src);
  }

  /** "Copy as puzz.link URL": the URL of the document's current text, as `linkpuzzle export --url` prints it. */
  private exportUrl(args: unknown[]): ExportUrlResult | CommandError {
    const doc = typeof args[0] === 'string' ? this.host.documents.get(args[0]) : undefined;
    const kind = doc ? kindOf(doc) : null;
    if (!doc || !kind) return fail(`no open puzzle document ${String(args[0])}`);
    return urlFromText(doc.getText(), kind);
  }

  /** The preview's *Edit hints*: one cell's text set (SetCellCommand). */
  private async setCell(args: unknown[]): Promise<ApplyHintsResult> {
    const [uri, version, row, col, value] = args as [unknown, unknown, unknown, unknown, unknown];
    const doc = typeof uri === 'string' ? this.host.documents.get(uri) : undefined;
    const kind = doc ? kindOf(doc) : null;
    const pr = doc && kind ? parsed(doc, kind) : null;
    if (!doc) return { applied: false, error: `no open document ${String(uri)}` };
    if (doc.version !== version) return { applied: false, error: `the document is at version ${doc.version}, not ${String(version)}: nothing was applied` };
    const refused = this.refusedEdits(SET_CELL_LABEL);
    if (refused) return { applied: false, error: refused };
    if (!pr) return { applied: false, error: 'not a puzzle document' };
    // Problems elsewhere (a label written once, while the designer places a pair) do not stop it.
    if (pr.large || !pr.puzzle) return { applied: false, error: 'the file has no grid to edit' };
    if (typeof value !== 'string') return { applied: false, error: 'the value must be a string' };
    const edit = cellTextEdit(pr.puzzle, row, col, value);
    if ('error' in edit) return { applied: false, error: edit.error };
    return { applied: await this.apply(doc.uri, doc.version, [edit], SET_CELL_LABEL) };
  }

  private async generate(args: unknown[], token: CancellationToken, reporter: WorkDoneProgressReporter | null): Promise<GenerateResult | CommandError> {
    const g = (args[0] ?? {}) as GenerateParams;
    if (typeof g !== 'object') return fail(`the argument must be { kind, rows, cols, seed?, ${optionNames().join('?, ')}? }`);
    const genre = typeof g.kind === 'string' ? findGenre(g.kind) : null;
    if (!genre?.generate) return fail(`kind must be ${generators().map((x) => `'${x.kind}'`).join(' or ')}`);
    // The same sizes as `linkpuzzle generate` and the client's input box (protocol-types.ts).
    const badSize = generateSizeError(g.cols, g.rows);
    if (badSize) return fail(badSize);
    if (g.seed !== undefined && !(Number.isInteger(g.seed) && g.seed >= 0 && g.seed < 2 ** 32)) return fail('seed must be a whole number from 0 to 4294967295');
    // The options, as the CLI's flags (`allowAdjacent` is `--allow-adjacent`): every generator's,
    // so that one only another genre takes is refused as the CLI refuses it (`grade is for ...`).
    const values = new Map<string, string>();
    const { values: valued, switches } = generateFlags();
    const raw = g as unknown as Record<string, unknown>;
    for (const flag of valued) {
      const v = raw[paramName(flag)];
      if (v !== undefined) values.set(flag, String(v));
    }
    for (const flag of switches) if (raw[paramName(flag)] === true) values.set(flag, '');
    const options = readGenerateOptions(genre, values);
    // The flags the message names, as the parameters they are here (`--allow-adjacent`: allowAdjacent).
    if (isCommandError(options)) return fail(options.error.replace(/--[a-z][a-z-]*/g, paramName));
    const seed = g.seed ?? Math.floor(Math.random() * 2 ** 31);
    const { limits } = await this.host.settings();
    const out = await this.run({ type: 'generate', request: { kind: genre.kind, rows: g.rows, cols: g.cols, seed, options }, limits }, `Generating a ${g.cols}x${g.rows} ${genre.name}`, token, reporter);
    if ('error' in out) return out;
    if (out.type !== 'generate') return fail('unexpected answer');
    const r = out.result;
    if ('error' in r) return fail(r.error);
    if (!r.ok) return fail(g.grade ? `the generator could not make a ${g.grade} puzzle within the limits: ${r.note}` : `the generator could not make a unique puzzle within the limits: ${r.note}`);
    return { text: r.text, ms: Math.round(r.ms), seed, ...(r.grade ? { grade: r.grade } : {}) };
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
  private async apply(uri: string, version: number, edits: TextEdit[], label: string): Promise<boolean> {
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

/** A generate flag's parameter name: `--allow-adjacent` -> `allowAdjacent`. */
function paramName(flag: string): string {
  return flag.replace(/^--/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Every genre's generate parameters, for the message of a malformed request. */
function optionNames(): string[] {
  return [...new Set(generators().flatMap((g) => [...g.generate!.flags.values, ...g.generate!.flags.switches].map(paramName)))];
}
