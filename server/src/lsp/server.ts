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
  ProposedFeatures,
  TextDocuments,
  type CancellationToken,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { timerDelay } from '../zdd/control';
import { genreOf } from '../genres/index';
import { WorkerPool } from '../worker/pool';
import { genreActions } from './genreActions';
import { DesignCommands } from './designCommands';
import { loopTextDiagnostics } from './loopDiagnostics';
import { askedFor, fixAllStub, quickFixes, wants, type ActionContext, type FixAllData } from './codeActions';
import { parseDiagnostics } from './diagnostics';
import { kindOf, parsed } from './documents';
import { hoverAt } from './hover';
import { redundantSummaryFixes } from './redundantSummaryFix';
import { ProgressReporter } from './progress';
import {
  DebugMemoryRequest,
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
import { FixAllFlow } from './fixAllFlow';
import { initializeResult, NO_CAPABILITIES, readCapabilities, type ClientCapabilities } from './clientCapabilities';
import { DocStates } from './docStates';
import { ResultPublisher } from './resultPublisher';
import { jobOptions, quiet, SettingsSource } from './settingsSource';
import { registerClientRequests } from './clientRequests';

export interface ServerOptions {
  /** Path of the worker bundle (default: worker.js next to this bundle). */
  workerPath?: string;
}

function defaultWorkerPath(): string | undefined {
  return typeof __dirname === 'string' ? path.join(__dirname, 'worker.js') : undefined;
}

/** Starts the server on `connection` (default: stdio / node-ipc / socket, as chosen by argv). */
export function startServer(connection: Connection = createConnection(ProposedFeatures.all), options: ServerOptions = {}): Connection {
  const documents = new TextDocuments(TextDocument);
  // Never die of a stray rejection: an editor's server must stay up (the error is logged).
  process.on('unhandledRejection', (e) => connection.console.error(`unhandled rejection: ${e instanceof Error ? e.stack ?? e.message : String(e)}`));
  const log = (m: string) => connection.console.log(m);
  let caps: ClientCapabilities = NO_CAPABILITIES;
  const docs = new DocStates(connection, documents, () => caps);
  const settingsSource = new SettingsSource(connection, log);
  const getSettings = (uri?: string) => settingsSource.get(uri);

  const pool = new WorkerPool({
    workerPath: options.workerPath ?? defaultWorkerPath(),
    size: Math.max(2, Math.min(4, os.availableParallelism?.() ?? os.cpus().length)),
    maxHeapMb: 4096,
    log,
  });
  const progress = new ProgressReporter(connection, () => caps.progressSupport, (uri) => scheduler.cancelByUser(uri));
  const publisher = new ResultPublisher(connection, documents, docs, progress);
  const scheduler = new Scheduler(pool, {
    onStart: (s) => progress.begin(s.uri, s.version),
    onProgress: (s, p) => progress.progress(s.uri, p),
    onResult: (s, analysis) => publisher.publish(s, analysis),
    onError: (s, message) => publisher.failed(s, message),
    onCancelled: (s) => publisher.cancelled(s),
  });

  const design = new DesignCommands({
    connection,
    documents,
    pool,
    settings: getSettings,
    jobOptions: (s) => jobOptions(s),
    currentResult: (uri) => docs.currentResult(uri),
    documentChanges: () => caps.documentChanges,
    applyEditSupported: () => caps.applyEditSupport,
    progressSupported: () => caps.progressSupport,
  });

  async function onContent(doc: TextDocument): Promise<void> {
    const kind = kindOf(doc);
    if (!kind) return;
    const st = docs.open(doc.uri, kind);
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
      st.current = { version, key: `invalid:${version}`, result, ...(p.puzzle ? { signature: genreOf(kind).signature(p.puzzle) } : {}) };
      docs.setDiagnostics(st, parseDiagnostics(p.problems), version, true);
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
    if (documents.get(doc.uri)?.version !== version || docs.get(doc.uri) !== st) return; // edited meanwhile
    st.loading = false;
    const opts = jobOptions(settings);
    if (p.large) Object.assign(opts, { redundant: false, conflicts: false, suggest: false });
    const key = snapshotKey(kind, opts, p.text);
    const snapshot: Snapshot = { uri: doc.uri, version, kind, text: p.text, options: opts, key };
    st.key = key;
    st.snapshot = snapshot;
    if (wasInvalid) docs.setDiagnostics(st, [], version); // the parse errors are gone
    scheduler.update(snapshot, settings.debounceMs);
    if (st.current?.key === key || !scheduler.pending(doc.uri)) return;
    // Solving takes a while: show the new text facts now, beside the solver's previous answer.
    if (textChanged && !wasInvalid) docs.setDiagnostics(st, st.solver, version, true);
    // Keep the previous diagnostics through a quick re-check (no flicker); drop them if it takes long.
    if (st.staleTimer) clearTimeout(st.staleTimer);
    const state = st;
    st.staleTimer = setTimeout(() => {
      state.staleTimer = undefined;
      if (state.key === key && state.current?.key !== key && state.solver.length > 0) docs.setDiagnostics(state, [], version);
    }, timerDelay(settings.debounceMs + 300));
  }

  const fixAll = new FixAllFlow(connection, documents, docs, scheduler, () => caps);
  const actionContext = (uri: string) => fixAll.context(uri);
  const stillCurrent = (ctx: ActionContext) => fixAll.stillCurrent(ctx);
  const computeFixAll = (ctx: ActionContext, token?: CancellationToken) => fixAll.compute(ctx, token);

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    caps = readCapabilities(params);
    settingsSource.initialize(params.initializationOptions, caps.configurationSupport);
    return initializeResult(caps);
  });

  connection.onInitialized(() => {
    if (caps.dynamicConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'linkpuzzle' });
  });

  connection.onDidChangeConfiguration((change) => {
    settingsSource.changed(change.settings);
    for (const doc of documents.all()) void onContent(doc);
  });

  documents.onDidChangeContent((e) => void onContent(e.document));
  documents.onDidClose((e) => {
    scheduler.forget(e.document.uri);
    progress.end(e.document.uri);
    docs.close(e.document.uri);
  });

  connection.languages.diagnostics.on(async (params, token) => {
    const uri = params.textDocument.uri;
    let st = docs.get(uri);
    if (!st) return { kind: 'full', items: [] };
    // Without refresh the client would never learn of the solver's answer: wait for it.
    if (!caps.refreshSupport && (st.loading || scheduler.pending(uri))) {
      await new Promise<void>((resolve) => {
        st!.waiters.push(resolve);
        token.onCancellationRequested(() => resolve());
      });
      st = docs.get(uri);
      if (!st) return { kind: 'full', items: [] };
    }
    const resultId = String(st.resultId);
    if (params.previousResultId === resultId) return { kind: 'unchanged', resultId };
    return { kind: 'full', resultId, items: st.diagnostics };
  });

  connection.onHover((params) => {
    const doc = documents.get(params.textDocument.uri);
    const st = docs.get(params.textDocument.uri);
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
      if (caps.resolveSupport) {
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
    // The genre's own: its quick fixes (after the redundant hints' own) and its refactorings.
    const own = genreActions(ctx, diagnostics, only);
    const fixes: CodeAction[] = [];
    if (wants(only, CodeActionKind.QuickFix)) {
      fixes.push(...quickFixes(ctx, params.range, diagnostics), ...own.filter((a) => a.kind === CodeActionKind.QuickFix), ...redundantSummaryFixes(ctx, diagnostics));
    }
    return [...fixes, ...own.filter((a) => a.kind !== CodeActionKind.QuickFix), ...actions];
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
      const st = typeof uri === 'string' ? docs.get(uri) : undefined;
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
    return fixAll.removeAll(params.arguments ?? [], token);
  });

  connection.onRequest(ResultRequest, (params: ResultParams): PublishedResult | null => {
    const st = docs.get(params.uri);
    if (!st?.current) return null;
    if (st.current.result.verdict === 'invalid') return documents.get(params.uri)?.version === st.current.version ? st.current.result : null;
    return st.key && st.current.key === st.key ? st.current.result : null;
  });

  registerClientRequests(connection, documents, docs);

  connection.onRequest(DebugMemoryRequest, (params: DebugMemoryParams | undefined): DebugMemoryResponse => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (params?.gc && gc) gc();
    const m = process.memoryUsage();
    const { workers, recycled } = pool.stats();
    return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, documents: docs.size, cached: scheduler.cacheSize, workers, recycled };
  });

  connection.onShutdown(() => {
    scheduler.dispose();
    pool.dispose();
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
