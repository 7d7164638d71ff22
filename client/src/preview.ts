/**
 * The puzzle preview, modelled on the Markdown preview: one webview panel that follows the active
 * puzzle editor, redraws as the text changes (the grid at once from the client's own parse, the
 * solution when the server's result for the text arrives), keeps zoom and scroll, restores after
 * a reload, and reveals a cell's text when the cell is clicked (or, with "Draw loop" on, marks
 * the cell inside/outside in the text's solution block).
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SetCellCommand, type ApplyHintsResult, type CheckResult, type Puzzle, type PuzzleKind } from '../../server/src/protocol-types';
import { parsePuzzle } from '../../server/src/parse/index';
import { messageSvg, renderSvg } from './render';
import { previewTarget } from './previewTarget';
import { newNonce, previewHtml, type HostMessage, type PageMessage, type PreviewState } from './previewHtml';
import { isPuzzleDocument, type ResultStore } from './results';
import { toggleSolutionMark } from './solutionEdit';
import { puzzleSignature } from './signature';
import { gradeSentence, redundancySentence, statusText } from './summary';

export const PREVIEW_VIEW_TYPE = 'linkpuzzle.preview';

/** Asks the server for its latest result of a document (`linkpuzzle/result`). */
export type ResultFetcher = (uri: string) => Promise<CheckResult | null>;

export class PreviewManager implements vscode.Disposable, vscode.WebviewPanelSerializer<PreviewState> {
  private panel: vscode.WebviewPanel | undefined;
  private uri: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private panelDisposables: vscode.Disposable[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Parse of the previewed text, by document version (clicks map cells to text through it). */
  private parsed: { uri: string; version: number; puzzle: Puzzle | null; message: string } | undefined;
  /** "Draw loop" edits, applied in order. */
  private edits: Promise<void> = Promise.resolve();
  /** The puzzle whose editor was active last, panel or not (a restored panel follows it). */
  private lastActive: string | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly store: ResultStore,
    private readonly fetchResult: ResultFetcher,
  ) {
    this.lastActive = activePuzzle();
    this.disposables.push(
      vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, this),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (!isPuzzleDocument(editor?.document)) return;
        this.lastActive = editor!.document.uri.toString();
        if (this.panel) this.setDocument(this.lastActive);
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.toString() === this.lastActive) this.lastActive = undefined;
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.panel && e.document.uri.toString() === this.uri) this.schedule(30);
      }),
      store.onDidChange((uri) => {
        if (this.panel && uri === this.uri) this.schedule(0);
      }),
    );
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  get previewedUri(): string | undefined {
    return this.uri;
  }

  /** Opens (or reveals) the preview of `uri`; `toSide` puts it beside the active editor. */
  show(uri: vscode.Uri, toSide: boolean): void {
    const column = toSide ? vscode.ViewColumn.Beside : (vscode.window.activeTextEditor?.viewColumn ?? vscode.ViewColumn.Active);
    if (this.panel) {
      this.setDocument(uri.toString());
      this.panel.reveal(toSide ? undefined : column, toSide);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      PREVIEW_VIEW_TYPE,
      this.titleFor(uri.toString()),
      { viewColumn: column, preserveFocus: toSide },
      this.webviewOptions(),
    );
    this.adopt(panel, uri.toString());
  }

  /**
   * After a reload: VS Code hands back the panel with the page's saved state. The panel follows
   * the active puzzle editor if there is one (opened while the extension was starting, say), and
   * shows the document of the saved state only when there is none (previewTarget).
   */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: PreviewState | undefined): Promise<void> {
    if (this.panel) {
      // Only one preview: a second restored panel is closed.
      panel.dispose();
      return;
    }
    panel.webview.options = this.webviewOptions();
    const restored = state?.uri;
    if (restored && this.target(restored) === restored) {
      try {
        await vscode.workspace.openTextDocument(vscode.Uri.parse(restored));
      } catch {
        // The file is gone: the page says so.
      }
    }
    if (this.panel) {
      panel.dispose();
      return;
    }
    // Decided after the wait: an editor may have become active meanwhile.
    this.adopt(panel, this.target(restored));
  }

  private target(restored: string | undefined): string | undefined {
    const visible = vscode.window.visibleTextEditors.filter((e) => isPuzzleDocument(e.document)).map((e) => e.document.uri.toString());
    return previewTarget({ active: activePuzzle(), lastActive: this.lastActive, restored, visible });
  }

  private webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableFindWidget: false,
      retainContextWhenHidden: false,
      localResourceRoots: [
        vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'media'),
        vscode.Uri.joinPath(this.context.extensionUri, 'client', 'media'),
      ],
    };
  }

  private adopt(panel: vscode.WebviewPanel, uri: string | undefined): void {
    this.panel = panel;
    this.uri = uri;
    const webview = panel.webview;
    const media = (...p: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, ...p)).toString();
    webview.html = previewHtml({
      cspSource: webview.cspSource,
      nonce: newNonce(),
      scriptUri: media('dist', 'media', 'preview.js'),
      styleUri: media('client', 'media', 'preview.css'),
      title: uri ? this.titleFor(uri) : 'Puzzle Preview',
    });
    this.panelDisposables.push(
      webview.onDidReceiveMessage((m: PageMessage) => this.onMessage(m)),
      panel.onDidDispose(() => {
        this.panel = undefined;
        for (const d of this.panelDisposables) d.dispose();
        this.panelDisposables = [];
      }),
    );
    if (uri) panel.title = this.titleFor(uri);
  }

  private setDocument(uri: string): void {
    if (!this.panel) return;
    if (uri !== this.uri) {
      this.uri = uri;
      this.panel.title = this.titleFor(uri);
    }
    this.schedule(0);
  }

  private titleFor(uri: string): string {
    return `Preview ${path.posix.basename(vscode.Uri.parse(uri).path)}`;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.update();
    }, ms);
  }

  private document(uri: string): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
  }

  private parse(doc: vscode.TextDocument): { puzzle: Puzzle | null; message: string } {
    const uri = doc.uri.toString();
    if (this.parsed && this.parsed.uri === uri && this.parsed.version === doc.version) return this.parsed;
    const kind: PuzzleKind = doc.languageId === 'numberlink' ? 'numberlink' : 'slitherlink';
    const { puzzle, problems } = parsePuzzle(doc.getText(), kind);
    const message = problems.length > 0 ? problems[0].message : '';
    this.parsed = { uri, version: doc.version, puzzle, message };
    return this.parsed;
  }

  private async update(): Promise<void> {
    const panel = this.panel;
    const uri = this.uri;
    if (!panel || !uri) return;
    const doc = this.document(uri);
    if (!doc) {
      this.post({ type: 'update', uri, title: this.titleFor(uri), svg: message('The file is not open.'), summary: '', verdict: 'pending', checking: false });
      return;
    }
    let entry = this.store.result(uri);
    if (!entry) {
      // Opened after the result was sent (or restored): ask the server for what it has.
      const result = await this.fetchResult(uri).catch(() => null);
      if (result && !this.store.result(uri)) this.store.setResult({ uri, version: doc.version, result });
      entry = this.store.result(uri);
      if (this.uri !== uri || this.panel !== panel) return;
    }
    const { puzzle, message: problem } = this.parse(doc);
    // Current when it is about the same grid (and rule), whatever comments or spacing changed.
    const stale =
      entry !== undefined &&
      (entry.signature !== undefined && puzzle ? entry.signature !== puzzleSignature(puzzle) : entry.version !== doc.version);
    const status = this.store.status(uri);
    const checking = status?.state === 'checking' || stale;
    const result = entry?.result ?? null;
    const svg = puzzle
      ? renderSvg(puzzle, result, { stale })
      : message(problem || 'No grid found in this file.');
    // Redundant hints only from a result of the current grid (a stale one's are not this text's).
    const redundancy = result && !stale ? result : undefined;
    const summary = status && status.state !== 'checking'
      ? statusText(status, redundancy)
      : result ? statusText({ uri, state: 'done', verdict: result.verdict, count: result.count, ms: result.ms }, redundancy) : '';
    this.post({
      type: 'update',
      uri,
      title: path.posix.basename(doc.uri.path),
      svg,
      summary,
      summaryTitle: [gradeSentence(redundancy), redundancySentence(redundancy)].filter(Boolean).join(' '),
      verdict: stale ? 'pending' : (result?.verdict ?? 'pending'),
      checking,
    });
  }

  private post(m: HostMessage): void {
    void this.panel?.webview.postMessage(m);
  }

  private onMessage(m: PageMessage): void {
    if (m.type === 'ready') this.schedule(0);
    else if (m.type === 'reveal') void this.reveal(m.uri || this.uri, m.row, m.col, m.face);
    else if (m.type === 'toggleCell') {
      const uri = m.uri || this.uri;
      // One edit at a time, each on the text the previous one left (fast clicks).
      this.edits = this.edits.then(() => this.toggleCell(uri, m.row, m.col)).catch(() => undefined);
    } else if (m.type === 'setCell') {
      const uri = m.uri || this.uri;
      this.edits = this.edits.then(() => this.setCell(uri, m.row, m.col, m.value)).catch(() => undefined);
    }
  }

  /**
   * *Edit hints*: the server sets the cell's text (SetCellCommand: only that cell, and only for
   * the version the edit was asked for); what it refuses is shown.
   */
  async setCell(uri: string | undefined, row: number, col: number, value: string): Promise<void> {
    if (!uri) return;
    const doc = this.document(uri) ?? (await vscode.workspace.openTextDocument(vscode.Uri.parse(uri)));
    const r = (await vscode.commands.executeCommand<ApplyHintsResult | undefined>(SetCellCommand, doc.uri.toString(), doc.version, row, col, value)) ?? { applied: false, error: 'the language server is not running' };
    if (!r.applied && r.error) void vscode.window.showWarningMessage(`Link Puzzles: cannot set the cell: ${r.error}.`);
  }

  /** "Draw loop": marks cell (row, col) inside/outside in the document's solution block. */
  async toggleCell(uri: string | undefined, row: number, col: number): Promise<void> {
    if (!uri) return;
    const doc = this.document(uri) ?? (await vscode.workspace.openTextDocument(vscode.Uri.parse(uri)));
    if (doc.languageId !== 'slitherlink') return;
    const r = toggleSolutionMark(doc.getText(), row, col);
    if ('error' in r) {
      void vscode.window.showWarningMessage(`Link Puzzles: cannot draw here: ${r.error}.`);
      return;
    }
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(r.edit.start), doc.positionAt(r.edit.end)), r.edit.newText);
    if (!(await vscode.workspace.applyEdit(edit))) {
      void vscode.window.showWarningMessage('Link Puzzles: the solution block could not be edited (is the file read-only?).');
    }
  }

  /** Selects the text of cell (row, col), or of a tiling's face, in an editor of the document, opening one if needed. */
  async reveal(uri: string | undefined, row: number, col: number, face?: number): Promise<void> {
    if (!uri) return;
    const doc = this.document(uri) ?? (await vscode.workspace.openTextDocument(vscode.Uri.parse(uri)));
    const { puzzle } = this.parse(doc);
    if (!puzzle) return;
    const tiling = puzzle.kind === 'slitherlink' && puzzle.tiling !== undefined;
    let i: number;
    if (tiling) {
      // On a tiling cells are faces, in Loopy's order: never row * cols + col.
      if (face === undefined || !Number.isInteger(face) || face < 0 || face >= puzzle.cellRanges.length) return;
      i = face;
    } else {
      if (row < 0 || col < 0 || row >= puzzle.rows || col >= puzzle.cols) return;
      i = row * puzzle.cols + col;
    }
    const r = puzzle.cellRanges[i];
    if (!r) return;
    const range = new vscode.Range(r.line, r.col, r.endLine, r.endCol);
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri);
    const editor = await vscode.window.showTextDocument(doc, {
      viewColumn: visible?.viewColumn ?? vscode.ViewColumn.One,
      selection: range,
      preserveFocus: false,
    });
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

function message(text: string): string {
  return messageSvg(text);
}

function activePuzzle(): string | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  return isPuzzleDocument(doc) ? doc.uri.toString() : undefined;
}
