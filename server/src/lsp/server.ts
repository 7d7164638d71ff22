/**
 * The link-puzzles language server: wires documents, settings, the solving scheduler, diagnostics
 * (push or pull), code actions, hover and progress onto one connection.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import {
  CodeAction,
  CodeActionKind,
  createConnection,
  DidChangeConfigurationNotification,
  MessageType,
  ProposedFeatures,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type CancellationToken,
  type Connection,
  type Diagnostic,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { PuzzleKind } from '../model/puzzle';
import { timerDelay } from '../zdd/control';
import { WorkerPool } from '../worker/pool';
import type { Analysis, JobOptions } from '../worker/protocol';
import { suggestActions } from './suggest';
import { designActions } from './designActions';
import { DESIGN_COMMANDS, DesignCommands } from './designCommands';
import { intendedSolutionDiagnostics, loopTextDiagnostics } from './loopDiagnostics';
import { askedFor, fixAllStub, fixAllWithEdit, FIX_ALL_TITLE, quickFixes, wants, type ActionContext, type FixAllData } from './codeActions';
import { refuseApplyEdit } from './applyEditSupport';
import { parseDiagnostics, resultDiagnostics, gridAnchor } from './diagnostics';
import { kindOf, parsed } from './documents';
import { hoverAt } from './hover';
import { redundantSummaryFixes } from './redundantSummaryFix';
import { ProgressReporter } from './progress';
import {
  Codes,
  DebugMemoryRequest,
  DiagnosticSource,
  FixAllKind,
  RecheckCommand,
  RemoveAllRedundantCommand,
  ResultChangedNotification,
  ResultRequest,
  type DebugMemoryParams,
  type DebugMemoryResponse,
  type PublishedResult,
  type ResultChangedParams,
  type ResultParams,
} from '../protocol-types';
import { Scheduler, snapshotKey, type Snapshot } from './scheduler';
import { readSettings, type Settings } from './settings';
import { parseRule } from '../parse/rule';

interface DocState {
  uri: string;
  kind: PuzzleKind;
  /** Content key of the current text; undefined while it does not parse (or settings are loading). */
  key?: string;
  snapshot?: Snapshot;
  /** The latest published result and the text (key) it belongs to. */
  current?: { version: number; key: string; result: PublishedResult };
  /** What is published: `textDiagnostics` (the current text's solution-block facts), then `solver`. */
  diagnostics: Diagnostic[];
  textDiagnostics: Diagnostic[];
  /** Parse problems or the solver's diagnostics (possibly of an earlier text while a re-check runs). */
  solver: Diagnostic[];
  resultId: number;
  staleTimer?: NodeJS.Timeout;
  waiters: (() => void)[];
  /** Settings for the current version are being fetched (no job yet, but one is coming). */
  loading?: boolean;
}

export interface ServerOptions {
  /** Path of the worker bundle (default: worker.js next to this bundle). */
  workerPath?: string;
}

function defaultWorkerPath(): string | undefined {
  return typeof __dirname === 'string' ? path.join(__dirname, 'worker.js') : undefined;
}

/** Sends whose failure (client gone) must not become an unhandled rejection. */
function quiet(p: unknown): void {
  if (p && typeof (p as Promise<unknown>).catch === 'function') (p as Promise<unknown>).catch(() => undefined);
}

function merge(a: unknown, b: unknown): unknown {
  if (b === null || b === undefined) return a;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || Array.isArray(b)) return b;
  const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
  // A null inside is kept (a value the user set, told about like any other invalid one).
  for (const [k, v] of Object.entries(b as Record<string, unknown>)) out[k] = v === null ? null : merge(out[k], v);
  return out;
}

/** Starts the server on `connection` (default: stdio / node-ipc / socket, as chosen by argv). */
export function startServer(connection: Connection = createConnection(ProposedFeatures.all), options: ServerOptions = {}): Connection {
  const documents = new TextDocuments(TextDocument);
  // Never die of a stray rejection: an editor's server must stay up (the error is logged).
  process.on('unhandledRejection', (e) => connection.console.error(`unhandled rejection: ${e instanceof Error ? e.stack ?? e.message : String(e)}`));
  const states = new Map<string, DocState>();
  const log = (m: string) => connection.console.log(m);

  let pullMode = false;
  let refreshSupport = false;
  let configurationSupport = false;
  let progressSupport = false;
  let resolveSupport = false;
  let documentChanges = false;
  /** The client takes workspace/applyEdit requests (capability workspace.applyEdit). */
  let applyEditSupport = false;
  let dynamicConfiguration = false;
  /** initializationOptions, then didChangeConfiguration payloads (clients without workspace/configuration). */
  let baseRaw: unknown = {};
  const settingsCache = new Map<string, Promise<Settings>>();
  /** Settings warnings already shown (each once per server). */
  const warned = new Set<string>();

  const pool = new WorkerPool({
    workerPath: options.workerPath ?? defaultWorkerPath(),
    size: Math.max(2, Math.min(4, os.availableParallelism?.() ?? os.cpus().length)),
    maxHeapMb: 4096,
    log,
  });
  const progress = new ProgressReporter(connection, () => progressSupport, (uri) => scheduler.cancelByUser(uri));
  const scheduler = new Scheduler(pool, {
    onStart: (s) => progress.begin(s.uri, s.version),
    onProgress: (s, p) => progress.progress(s.uri, p),
    onResult: (s, analysis) => publishResult(s, analysis),
    onError: (s, message) => {
      const st = live(s);
      if (!st) return;
      progress.end(s.uri);
      const doc = documents.get(s.uri)!;
      const puzzle = parsed(doc, st.kind).puzzle;
      const oom = /out of memory/i.test(message);
      // An exhausted heap is a resource limit like the others: undecided, never a crash.
      const diag: Diagnostic = {
        range: gridAnchor(puzzle),
        severity: oom ? 3 : 1,
        code: oom ? Codes.limitReached : Codes.checkFailed,
        source: DiagnosticSource,
        message: oom ? `Undecided: ${message}` : `The check failed: ${message.split('\n')[0]}`,
        data: { key: st.key, limit: oom ? 'memory' : undefined },
      };
      // After a published verdict (the extras failed), keep the verdict's diagnostics.
      const keep = st.current?.key === s.key ? st.solver : [];
      if (st.current?.key === s.key) st.current.result = { ...st.current.result, extrasPending: false };
      setDiagnostics(st, [...keep, diag], s.version);
      progress.status({ uri: s.uri, version: s.version, state: 'error', verdict: st.current?.key === s.key ? st.current.result.verdict : oom ? 'unknown' : undefined, message: diag.message });
    },
    onCancelled: (s) => {
      const st = live(s);
      if (!st) return;
      progress.end(s.uri);
      const doc = documents.get(s.uri)!;
      const verdictKnown = st.current?.key === s.key;
      // Redundant hints already published: the cancelled phase was the one that groups them.
      const redundantKnown = verdictKnown && st.current!.result.redundant !== undefined;
      // `multiple` from two solutions, the count cancelled: the verdict stands, without "counting".
      const countCancelled = verdictKnown && st.current!.result.countPending === true;
      let keep = verdictKnown ? st.solver : [];
      if (verdictKnown) st.current!.result = { ...st.current!.result, extrasPending: false };
      if (countCancelled) {
        const { countPending: _, ...rest } = st.current!.result;
        const result = { ...rest, stopped: { limit: 'cancelled' as const, message: 'undecided: cancelled', nodes: 0, progress: 0 } };
        st.current!.result = result;
        const puzzle = parsed(doc, st.kind).puzzle;
        keep = [...resultDiagnostics(s.uri, puzzle, { result }, s.key), ...intendedSolutionDiagnostics(s.uri, puzzle, result, s.key)];
        quiet(connection.sendNotification(ResultChangedNotification, { uri: s.uri, version: s.version, result }));
      }
      setDiagnostics(st, [...keep, {
        range: gridAnchor(parsed(doc, st.kind).puzzle),
        severity: 3,
        code: Codes.checkCancelled,
        source: DiagnosticSource,
        message: redundantKnown
          ? 'Cancelled before it was known which redundant hints can go together.'
          : countCancelled ? 'Cancelled before the solutions were counted: edit the puzzle or re-check it to count them.'
            : verdictKnown ? 'Cancelled before the redundant hints, conflicting hints or suggestions were found.' : 'Check cancelled: edit the puzzle to check it again.',
        data: { key: st.key, limit: 'cancelled' },
      }], s.version);
      const atLeast = verdictKnown ? st.current!.result.countAtLeast : undefined;
      progress.status({
        uri: s.uri, version: s.version, state: 'done', verdict: verdictKnown ? st.current!.result.verdict : 'unknown', message: 'cancelled',
        ...(atLeast !== undefined ? { countAtLeast: atLeast } : {}),
      });
    },
  });

  const design = new DesignCommands({
    connection,
    documents,
    pool,
    settings: getSettings,
    jobOptions: (s) => jobOptions(s),
    currentResult: (uri) => {
      const st = states.get(uri);
      // While the settings of a new version load, st.key still names the previous text.
      return st && !st.loading && st.key && st.current?.key === st.key ? st.current.result : undefined;
    },
    documentChanges: () => documentChanges,
    applyEditSupported: () => applyEditSupport,
    progressSupported: () => progressSupport,
  });

  /** The state of a snapshot's document, only if the snapshot is still its current text. */
  function live(s: Snapshot): DocState | undefined {
    const st = states.get(s.uri);
    const doc = documents.get(s.uri);
    if (!st || !doc || doc.version !== s.version || st.key !== s.key) return undefined;
    return st;
  }

  /** Settings from raw values; each value not used as given is told to the user once (a warning naming it). */
  function settingsFrom(raw: unknown): Settings {
    const { settings, warnings } = readSettings(raw);
    for (const w of warnings) {
      if (warned.has(w)) continue;
      warned.add(w);
      log(w);
      quiet(connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: w }));
    }
    return settings;
  }

  /** `uri` undefined: the workspace's settings (commands that belong to no document). */
  function getSettings(uri?: string): Promise<Settings> {
    if (!configurationSupport) return Promise.resolve(settingsFrom(baseRaw));
    let s = settingsCache.get(uri ?? '');
    if (!s) {
      s = connection.workspace.getConfiguration({ ...(uri ? { scopeUri: uri } : {}), section: 'linkpuzzle' }).then(
        (v: unknown) => settingsFrom(merge(normalizeRaw(baseRaw), v)),
        () => settingsFrom(baseRaw),
      );
      settingsCache.set(uri ?? '', s);
    }
    return s;
  }

  function normalizeRaw(raw: unknown): unknown {
    return raw && typeof raw === 'object' && 'linkpuzzle' in raw ? (raw as { linkpuzzle: unknown }).linkpuzzle : raw;
  }

  function jobOptions(s: Settings): JobOptions {
    return {
      limits: { timeMs: s.limits.timeMs, maxNodes: s.limits.maxNodes },
      redundant: s.redundantHints,
      defaultRule: parseRule(s.numberlink.defaultRule) ?? undefined,
      conflicts: true,
      suggest: true,
    };
  }

  /** Publishes the solver's (or the parser's) diagnostics after the current text's solution-block facts. */
  function setDiagnostics(st: DocState, solver: Diagnostic[], version: number, fromEdit = false): void {
    if (st.staleTimer) clearTimeout(st.staleTimer);
    st.staleTimer = undefined;
    st.solver = solver;
    const diagnostics = [...st.textDiagnostics, ...solver];
    st.diagnostics = diagnostics;
    st.resultId++;
    if (pullMode) {
      // A change the client just made is pulled anyway; refresh only for what arrives later.
      if (refreshSupport && !fromEdit) quiet(connection.languages.diagnostics.refresh());
    } else {
      quiet(connection.sendDiagnostics({ uri: st.uri, version, diagnostics }));
    }
    for (const w of st.waiters.splice(0)) w();
  }

  function publishResult(s: Snapshot, analysis: Analysis): void {
    const st = live(s);
    if (!st) return; // stale: never published
    const doc = documents.get(s.uri)!;
    const p = parsed(doc, st.kind);
    if (!p.puzzle && !p.large) return;
    const result: PublishedResult = { ...analysis.result };
    if (p.puzzle && result.rows === 0) Object.assign(result, { rows: p.puzzle.rows, cols: p.puzzle.cols });
    if (analysis.conflicts) {
      result.conflicts = analysis.conflicts.cells;
      result.conflictsMinimal = analysis.conflicts.minimal;
    }
    if (analysis.suggestions) result.suggestions = analysis.suggestions;
    if (analysis.partial) result.extrasPending = true;
    st.current = { version: s.version, key: s.key, result };
    progress.end(s.uri);
    if (analysis.partial) {
      const v = analysis.result.verdict;
      const what = v === 'none' ? 'Finding conflicting hints and repairs in'
        : v === 'multiple' ? (analysis.result.countPending ? 'Counting the solutions of' : 'Finding hints that make it unique in')
        : analysis.result.redundant ? 'Finding which redundant hints can go together in' : 'Finding redundant hints in';
      progress.begin(s.uri, s.version, what, false);
    }
    const diagnostics = [...resultDiagnostics(s.uri, p.puzzle, analysis, s.key), ...intendedSolutionDiagnostics(s.uri, p.puzzle, analysis.result, s.key)];
    setDiagnostics(st, diagnostics, s.version);
    const r = analysis.result;
    progress.status({
      uri: s.uri, version: s.version, state: 'done', verdict: r.verdict, count: r.count, ms: r.ms, message: r.stopped?.message,
      ...(r.countAtLeast !== undefined ? { countAtLeast: r.countAtLeast } : {}), ...(r.countPending ? { countPending: true } : {}),
    });
    const changed: ResultChangedParams = { uri: s.uri, version: s.version, result };
    quiet(connection.sendNotification(ResultChangedNotification, changed));
  }

  async function onContent(doc: TextDocument): Promise<void> {
    const kind = kindOf(doc);
    if (!kind) return;
    let st = states.get(doc.uri);
    if (!st || st.kind !== kind) {
      st = { uri: doc.uri, kind, diagnostics: [], textDiagnostics: [], solver: [], resultId: 0, waiters: [] };
      states.set(doc.uri, st);
    }
    const version = doc.version;
    const p = parsed(doc, kind);
    if (!p.large && (!p.puzzle || p.problems.length > 0)) {
      // Parse problems are shown at once; the solver never sees broken text.
      st.loading = false;
      scheduler.stop(doc.uri);
      progress.end(doc.uri);
      st.key = undefined;
      st.snapshot = undefined;
      st.textDiagnostics = [];
      const result: PublishedResult = {
        kind, rows: p.puzzle?.rows ?? 0, cols: p.puzzle?.cols ?? 0, verdict: 'invalid', count: null, errors: p.problems, ms: p.ms,
      };
      st.current = { version, key: `invalid:${version}`, result };
      setDiagnostics(st, parseDiagnostics(p.problems), version, true);
      progress.status({ uri: doc.uri, version, state: 'done', verdict: 'invalid', ms: p.ms, message: `${p.problems.length} problem${p.problems.length === 1 ? '' : 's'}` });
      quiet(connection.sendNotification(ResultChangedNotification, { uri: doc.uri, version, result } satisfies ResultChangedParams));
      return;
    }
    const wasInvalid = st.current?.result.verdict === 'invalid';
    // The solution block's text facts belong to this version whatever the solver says later.
    const textDiagnostics = loopTextDiagnostics(p.puzzle);
    const textChanged = JSON.stringify(textDiagnostics) !== JSON.stringify(st.textDiagnostics);
    st.textDiagnostics = textDiagnostics;
    st.loading = true;
    const settings = await getSettings(doc.uri);
    if (documents.get(doc.uri)?.version !== version || states.get(doc.uri) !== st) return; // edited meanwhile
    st.loading = false;
    const opts = jobOptions(settings);
    if (p.large) Object.assign(opts, { redundant: false, conflicts: false, suggest: false });
    const key = snapshotKey(kind, opts, p.text);
    const snapshot: Snapshot = { uri: doc.uri, version, kind, text: p.text, options: opts, key };
    st.key = key;
    st.snapshot = snapshot;
    if (wasInvalid) setDiagnostics(st, [], version); // the parse errors are gone
    scheduler.update(snapshot, settings.debounceMs);
    if (st.current?.key === key || !scheduler.pending(doc.uri)) return;
    // Solving takes a while: show the new text facts now, beside the solver's previous answer.
    if (textChanged && !wasInvalid) setDiagnostics(st, st.solver, version, true);
    // Keep the previous diagnostics through a quick re-check (no flicker); drop them if it takes long.
    if (st.staleTimer) clearTimeout(st.staleTimer);
    const state = st;
    st.staleTimer = setTimeout(() => {
      state.staleTimer = undefined;
      if (state.key === key && state.current?.key !== key && state.solver.length > 0) setDiagnostics(state, [], version);
    }, timerDelay(settings.debounceMs + 300));
  }

  function actionContext(uri: string): ActionContext | null {
    const doc = documents.get(uri);
    const st = states.get(uri);
    if (!doc || !st || !st.key) return null;
    const p = parsed(doc, st.kind);
    const result = st.current?.key === st.key ? st.current.result : undefined;
    return { uri, version: doc.version, parsed: p, result, key: st.key, documentChanges };
  }

  /**
   * Is `ctx` still the document as it is now (same version, same content key)? Checked right
   * before an edit is built and sent: an edit goes out only for the text it was computed on.
   */
  function stillCurrent(ctx: ActionContext): boolean {
    const st = states.get(ctx.uri);
    return documents.get(ctx.uri)?.version === ctx.version && !!st && !st.loading && st.key === ctx.key;
  }

  /**
   * The fix-all action with its edit, for the text `ctx` describes; 'changed' when the document
   * changed while the hints were being removed (no edit then), null when there is nothing to do.
   */
  async function computeFixAll(ctx: ActionContext, token?: CancellationToken): Promise<CodeAction | 'changed' | null> {
    const st = states.get(ctx.uri);
    if (!st?.snapshot || st.snapshot.key !== ctx.key || ctx.result?.verdict !== 'unique' || !ctx.result.redundant?.length) return null;
    const m = await scheduler.minimize(st.snapshot, ctx.result.redundant, (cancel) => token?.onCancellationRequested(cancel));
    // The text may have changed during the wait: the edit below is built for ctx's text only.
    if (!stillCurrent(ctx)) return 'changed';
    if (!m || m.removed.length === 0) return null;
    const action = fixAllWithEdit(ctx, m.removed);
    if (!m.minimal) action.title += ' (partial: stopped early)';
    return action;
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const c = params.capabilities;
    pullMode = !!c.textDocument?.diagnostic;
    refreshSupport = !!c.workspace?.diagnostics?.refreshSupport;
    configurationSupport = !!c.workspace?.configuration;
    progressSupport = !!c.window?.workDoneProgress;
    resolveSupport = !!c.textDocument?.codeAction?.resolveSupport?.properties?.includes('edit');
    documentChanges = !!c.workspace?.workspaceEdit?.documentChanges;
    applyEditSupport = !!c.workspace?.applyEdit;
    dynamicConfiguration = !!c.workspace?.didChangeConfiguration?.dynamicRegistration;
    baseRaw = params.initializationOptions ?? {};
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        codeActionProvider: {
          codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll, FixAllKind, CodeActionKind.Refactor, CodeActionKind.RefactorRewrite],
          resolveProvider: true,
        },
        executeCommandProvider: { commands: [RemoveAllRedundantCommand, RecheckCommand, ...DESIGN_COMMANDS] },
        ...(pullMode
          ? { diagnosticProvider: { identifier: 'linkpuzzle', interFileDependencies: false, workspaceDiagnostics: false } }
          : {}),
      },
      serverInfo: { name: 'linkpuzzle', version: '0.1.0' },
    };
  });

  connection.onInitialized(() => {
    if (dynamicConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'linkpuzzle' });
  });

  connection.onDidChangeConfiguration((change) => {
    settingsCache.clear();
    if (!configurationSupport && change.settings && typeof change.settings === 'object') {
      const s = change.settings as Record<string, unknown>;
      if ('linkpuzzle' in s) baseRaw = merge(normalizeRaw(baseRaw), s.linkpuzzle);
    }
    for (const doc of documents.all()) void onContent(doc);
  });

  documents.onDidChangeContent((e) => void onContent(e.document));
  documents.onDidClose((e) => {
    const st = states.get(e.document.uri);
    scheduler.forget(e.document.uri);
    progress.end(e.document.uri);
    if (!st) return;
    if (st.staleTimer) clearTimeout(st.staleTimer);
    states.delete(e.document.uri);
    for (const w of st.waiters.splice(0)) w();
    if (!pullMode) quiet(connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] }));
  });

  connection.languages.diagnostics.on(async (params, token) => {
    const uri = params.textDocument.uri;
    let st = states.get(uri);
    if (!st) return { kind: 'full', items: [] };
    // Without refresh the client would never learn of the solver's answer: wait for it.
    if (!refreshSupport && (st.loading || scheduler.pending(uri))) {
      await new Promise<void>((resolve) => {
        st!.waiters.push(resolve);
        token.onCancellationRequested(() => resolve());
      });
      st = states.get(uri);
      if (!st) return { kind: 'full', items: [] };
    }
    const resultId = String(st.resultId);
    if (params.previousResultId === resultId) return { kind: 'unchanged', resultId };
    return { kind: 'full', resultId, items: st.diagnostics };
  });

  connection.onHover((params) => {
    const doc = documents.get(params.textDocument.uri);
    const st = states.get(params.textDocument.uri);
    if (!doc || !st) return null;
    const p = parsed(doc, st.kind);
    const result = st.key && st.current?.key === st.key ? st.current.result : undefined;
    return hoverAt(p, params.position.line, params.position.character, result, !!st.loading || scheduler.pending(doc.uri));
  });

  connection.onCodeAction(async (params, token) => {
    const ctx = actionContext(params.textDocument.uri);
    if (!ctx) return [];
    const only = params.context?.only;
    const actions: CodeAction[] = [];
    if (wants(only, FixAllKind)) {
      if (resolveSupport) {
        const stub = fixAllStub(ctx, 'resolve');
        if (stub) actions.push(stub);
      } else if (askedFor(only, FixAllKind)) {
        const action = await computeFixAll(ctx, token);
        // Every action below carries edits for ctx's text: none at all once it changed.
        if (action === 'changed' || !stillCurrent(ctx)) return [];
        if (action) actions.push(action);
      } else {
        const stub = fixAllStub(ctx, 'command');
        if (stub) actions.push(stub);
      }
    }
    const diagnostics = params.context?.diagnostics ?? [];
    const fixes: CodeAction[] = [];
    if (wants(only, CodeActionKind.QuickFix)) {
      fixes.push(...quickFixes(ctx, params.range, diagnostics), ...suggestActions(ctx, diagnostics), ...redundantSummaryFixes(ctx, diagnostics));
    }
    return [...fixes, ...designActions(ctx, only), ...actions];
  });

  connection.onCodeActionResolve(async (action, token) => {
    const data = action.data as FixAllData | undefined;
    if (action.kind !== FixAllKind || !data?.uri) return action;
    const ctx = actionContext(data.uri);
    // An action offered for another text is not resolved against this one.
    if (!ctx || ctx.version !== data.version || ctx.key !== data.key) return action;
    const resolved = await computeFixAll(ctx, token);
    if (!resolved || resolved === 'changed' || !stillCurrent(ctx)) return action;
    return { ...action, title: resolved.title, edit: resolved.edit };
  });

  connection.onExecuteCommand(async (params, token, workDone) => {
    if (design.handles(params.command)) return design.execute(params.command, params.arguments ?? [], token, workDone);
    if (params.command === RecheckCommand) {
      const [uri] = (params.arguments ?? []) as [string];
      const st = typeof uri === 'string' ? states.get(uri) : undefined;
      const doc = typeof uri === 'string' ? documents.get(uri) : undefined;
      if (!st || !doc) return false;
      if (!st.snapshot || st.snapshot.version !== doc.version) {
        void onContent(doc); // invalid text or not scheduled yet: just run the usual path
        return true;
      }
      scheduler.recheck(st.snapshot);
      return true;
    }
    if (params.command !== RemoveAllRedundantCommand) return null;
    // [uri, version]: false (nothing sent) unless the document is still at that version.
    const args = params.arguments ?? [];
    const [uri, version] = args as [unknown, unknown];
    const ctx = typeof uri === 'string' ? actionContext(uri) : null;
    if (!ctx) return null;
    if (args.length > 1 && version !== ctx.version) return false;
    // Nothing to compute for a client that could not take the edit: false, and the user is told why.
    if (!applyEditSupport) {
      refuseApplyEdit(connection, FIX_ALL_TITLE);
      return false;
    }
    const action = await computeFixAll(ctx, token);
    if (action === 'changed') return false;
    if (!action?.edit) return null;
    // computeFixAll checked just now, with no wait since: sent for the current text only.
    if (!stillCurrent(ctx)) return false;
    try {
      const applied = await connection.workspace.applyEdit({ label: action.title, edit: action.edit });
      return applied.applied;
    } catch {
      return false;
    }
  });

  connection.onRequest(ResultRequest, (params: ResultParams): PublishedResult | null => {
    const st = states.get(params.uri);
    if (!st?.current) return null;
    if (st.current.result.verdict === 'invalid') return documents.get(params.uri)?.version === st.current.version ? st.current.result : null;
    return st.key && st.current.key === st.key ? st.current.result : null;
  });

  connection.onRequest(DebugMemoryRequest, (params: DebugMemoryParams | undefined): DebugMemoryResponse => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (params?.gc && gc) gc();
    const m = process.memoryUsage();
    const { workers, recycled } = pool.stats();
    return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, documents: states.size, cached: scheduler.cacheSize, workers, recycled };
  });

  connection.onShutdown(() => {
    scheduler.dispose();
    pool.dispose();
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
