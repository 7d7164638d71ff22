/**
 * Per open document: its current text's content key and snapshot, the result published for it,
 * and the diagnostics shown (pushed, or kept for the client to pull).
 */
import type { Connection, Diagnostic, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { PuzzleKind } from '../model/puzzle';
import type { PublishedResult } from '../protocol-types';
import type { ClientCapabilities } from './clientCapabilities';
import type { Snapshot } from './scheduler';
import { quiet } from './settingsSource';

export interface DocState {
  uri: string;
  kind: PuzzleKind;
  /** Content key of the current text; undefined while it does not parse (or settings are loading). */
  key?: string;
  snapshot?: Snapshot;
  /**
   * The latest published result and the text (key) it belongs to; `signature`: what the result
   * depends on in that text (Genre.signature), so that it stays current through other edits.
   */
  current?: { version: number; key: string; result: PublishedResult; signature?: string };
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

export class DocStates {
  private readonly states = new Map<string, DocState>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly caps: () => ClientCapabilities,
  ) {}

  get(uri: string): DocState | undefined {
    return this.states.get(uri);
  }

  /** The document's state, new (and empty) when it had none or its kind changed. */
  open(uri: string, kind: PuzzleKind): DocState {
    let st = this.states.get(uri);
    if (!st || st.kind !== kind) {
      st = { uri, kind, diagnostics: [], textDiagnostics: [], solver: [], resultId: 0, waiters: [] };
      this.states.set(uri, st);
    }
    return st;
  }

  /** Forgets a closed document; its diagnostics are cleared (push mode). */
  close(uri: string): void {
    const st = this.states.get(uri);
    if (!st) return;
    if (st.staleTimer) clearTimeout(st.staleTimer);
    this.states.delete(uri);
    for (const w of st.waiters.splice(0)) w();
    if (!this.caps().pullMode) quiet(this.connection.sendDiagnostics({ uri, diagnostics: [] }));
  }

  get size(): number {
    return this.states.size;
  }

  /** The state of a snapshot's document, only if the snapshot is still its current text. */
  live(s: Snapshot): DocState | undefined {
    const st = this.states.get(s.uri);
    const doc = this.documents.get(s.uri);
    if (!st || !doc || doc.version !== s.version || st.key !== s.key) return undefined;
    return st;
  }

  /** The result published for the document's current text (none while the settings of a new version load). */
  currentResult(uri: string): PublishedResult | undefined {
    const st = this.states.get(uri);
    // While the settings of a new version load, st.key still names the previous text.
    return st && !st.loading && st.key && st.current?.key === st.key ? st.current.result : undefined;
  }

  /** Publishes the solver's (or the parser's) diagnostics after the current text's solution-block facts. */
  setDiagnostics(st: DocState, solver: Diagnostic[], version: number, fromEdit = false): void {
    if (st.staleTimer) clearTimeout(st.staleTimer);
    st.staleTimer = undefined;
    st.solver = solver;
    const diagnostics = [...st.textDiagnostics, ...solver];
    st.diagnostics = diagnostics;
    st.resultId++;
    const { pullMode, refreshSupport } = this.caps();
    if (pullMode) {
      // A change the client just made is pulled anyway; refresh only for what arrives later.
      if (refreshSupport && !fromEdit) quiet(this.connection.languages.diagnostics.refresh());
    } else {
      quiet(this.connection.sendDiagnostics({ uri: st.uri, version, diagnostics }));
    }
    for (const w of st.waiters.splice(0)) w();
  }
}
