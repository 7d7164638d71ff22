/**
 * A minimal LSP client for protocol tests: starts the bundled server (`dist/server.js --stdio`)
 * as an editor would, records every notification and server request, and answers the requests
 * a real client answers (configuration, progress creation, registrations, refresh, applyEdit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ClientCapabilities, Diagnostic, PublishDiagnosticsParams, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';

export const root = resolve(__dirname, '../..');
export const serverPath = join(root, 'dist/server.js');

export interface Event {
  method: string;
  params: any;
  at: number;
  kind: 'notification' | 'request';
}

export interface ClientOptions {
  capabilities?: ClientCapabilities;
  initializationOptions?: unknown;
  /** Answer to workspace/configuration (per item); absent: the client lacks the capability. */
  configuration?: (section: string | undefined, scopeUri: string | undefined) => unknown;
  /** Arguments to node instead of `dist/server.js --stdio` (e.g. the CLI's `lsp --stdio`). */
  args?: string[];
  /** Answer to workspace/applyEdit (default: apply it and answer `applied: true`). */
  applyEdit?: (edit: WorkspaceEdit) => boolean;
}

export class TestClient {
  readonly events: Event[] = [];
  private listeners: (() => void)[] = [];
  readonly docs = new Map<string, TextDocument>();
  stderr = '';
  exited: number | null = null;

  private constructor(readonly proc: ChildProcess, readonly conn: MessageConnection) {}

  static async start(options: ClientOptions = {}): Promise<TestClient> {
    const args = options.args ?? [serverPath, '--stdio'];
    const script = args.find((a) => !a.startsWith('-'))!; // after node's own flags, if any
    if (!existsSync(script)) throw new Error(`${script} is missing: run npm run build first`);
    const proc = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    const client = new TestClient(proc, conn);
    proc.stderr!.on('data', (d) => (client.stderr += String(d)));
    proc.on('exit', (code) => (client.exited = code ?? -1));
    conn.onNotification((method, params) => client.record(method, params, 'notification'));
    // vscode-jsonrpc routes $/progress apart from other notifications.
    conn.onUnhandledProgress((params) => client.record('$/progress', params, 'notification'));
    conn.onRequest((method, params: any) => {
      client.record(method, params, 'request');
      if (method === 'workspace/configuration') {
        return (params.items as { section?: string; scopeUri?: string }[]).map((i) => options.configuration?.(i.section, i.scopeUri) ?? null);
      }
      if (method === 'workspace/applyEdit') {
        if (options.applyEdit) return { applied: options.applyEdit(params.edit) };
        client.applyWorkspaceEdit(params.edit);
        return { applied: true };
      }
      return null;
    });
    conn.listen();
    const capabilities: ClientCapabilities = options.capabilities ?? {};
    if (options.configuration) capabilities.workspace = { ...capabilities.workspace, configuration: true };
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities,
      initializationOptions: options.initializationOptions,
    });
    await conn.sendNotification('initialized', {});
    return client;
  }

  private record(method: string, params: unknown, kind: Event['kind']): void {
    this.events.push({ method, params, at: performance.now(), kind });
    for (const l of this.listeners.slice()) l();
  }

  /** Resolves with the first event (already recorded or future) that matches. */
  waitFor(method: string, match: (params: any) => boolean = () => true, timeoutMs = 30_000, after = 0): Promise<Event> {
    return new Promise((resolve, reject) => {
      const check = () => {
        let e: Event | undefined;
        for (let i = after; i < this.events.length && !e; i++) {
          const x = this.events[i]!;
          if (x.method === method && match(x.params)) e = x;
        }
        if (!e) return false;
        this.listeners = this.listeners.filter((l) => l !== listener);
        clearTimeout(timer);
        resolve(e);
        return true;
      };
      const listener = () => void check();
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== listener);
        reject(new Error(`timed out waiting for ${method}; stderr: ${this.stderr.slice(-2000)}`));
      }, timeoutMs);
      if (!check()) this.listeners.push(listener);
    });
  }

  /** Diagnostics published for a uri at a version. */
  diagnostics(uri: string, version: number, match: (d: Diagnostic[]) => boolean = () => true, timeoutMs?: number): Promise<Diagnostic[]> {
    return this.waitFor(
      'textDocument/publishDiagnostics',
      (p: PublishDiagnosticsParams) => p.uri === uri && p.version === version && match(p.diagnostics),
      timeoutMs,
    ).then((e) => (e.params as PublishDiagnosticsParams).diagnostics);
  }

  /** The diagnostics of the final result (extras included) for a uri at a version. */
  async settled(uri: string, version: number, timeoutMs?: number): Promise<Diagnostic[]> {
    const done = await this.waitFor('linkpuzzle/resultChanged', (p) => p.uri === uri && p.version === version && !p.result.extrasPending, timeoutMs);
    // The server publishes the diagnostics just before it announces the result.
    const published = this.events.filter(
      (e) => e.method === 'textDocument/publishDiagnostics' && e.params.uri === uri && e.params.version === version && e.at <= done.at,
    );
    if (published.length === 0) throw new Error(`no diagnostics for ${uri} v${version}`);
    return published[published.length - 1]!.params.diagnostics;
  }

  open(uri: string, languageId: string, text: string): void {
    this.docs.set(uri, TextDocument.create(uri, languageId, 1, text));
    void this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  /** Replaces the whole text (a full-content change, as some clients send). */
  setText(uri: string, text: string): number {
    const doc = this.docs.get(uri)!;
    const next = TextDocument.create(uri, doc.languageId, doc.version + 1, text);
    this.docs.set(uri, next);
    void this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: next.version }, contentChanges: [{ text }] });
    return next.version;
  }

  /** Applies edits locally and sends them as incremental changes (as editors do). */
  edit(uri: string, edits: TextEdit[]): number {
    const doc = this.docs.get(uri)!;
    const text = TextDocument.applyEdits(doc, edits);
    const next = TextDocument.create(uri, doc.languageId, doc.version + 1, text);
    this.docs.set(uri, next);
    // Send in reverse document order so each range is still valid when applied.
    const sorted = edits.slice().sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
    void this.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: next.version },
      contentChanges: sorted.map((e) => ({ range: e.range, text: e.newText })),
    });
    return next.version;
  }

  applyWorkspaceEdit(edit: WorkspaceEdit): number[] {
    const versions: number[] = [];
    for (const [uri, edits] of Object.entries(edit.changes ?? {})) versions.push(this.edit(uri, edits));
    for (const dc of edit.documentChanges ?? []) {
      if ('textDocument' in dc) versions.push(this.edit(dc.textDocument.uri, dc.edits as TextEdit[]));
    }
    return versions;
  }

  text(uri: string): string {
    return this.docs.get(uri)!.getText();
  }

  request<R = any>(method: string, params: unknown): Promise<R> {
    return this.conn.sendRequest(method, params) as Promise<R>;
  }

  async stop(): Promise<void> {
    if (this.exited === null) {
      try {
        await Promise.race([this.conn.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
        void this.conn.sendNotification('exit');
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 100));
      if (this.exited === null) this.proc.kill();
    }
    this.conn.dispose();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
