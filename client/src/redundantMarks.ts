/**
 * Redundant hints in the editor: the server's diagnostics fade them (DiagnosticTag.Unnecessary),
 * which is easy to miss in a dark theme against the hints' per-value colours. This adds a dashed
 * box in the theme's line-number grey around each, as the preview rings them, while the result is
 * about the text shown (same grid and hints): the server says where they are and whether its
 * result is still about the text (RedundantRangesRequest).
 */
import * as vscode from 'vscode';
import type { RedundantRangesResponse } from '../../server/src/protocol-types';
import { isPuzzleDocument, type ResultStore } from './results';

/** Asks the server where the redundant hints of a document's current text are (null: none, or no current result). */
export type RangesFetcher = (uri: string) => Promise<RedundantRangesResponse | null>;

export class RedundantMarks implements vscode.Disposable {
  private readonly type = vscode.window.createTextEditorDecorationType({
    border: '1px dashed',
    borderColor: new vscode.ThemeColor('editorLineNumber.foreground'),
    borderRadius: '3px',
    color: new vscode.ThemeColor('editorLineNumber.foreground'),
  });
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly store: ResultStore, private readonly fetchRanges: RangesFetcher) {
    this.disposables.push(
      this.type,
      store.onDidChange((uri) => this.refresh(uri)),
      vscode.window.onDidChangeVisibleTextEditors(() => this.refresh()),
      vscode.workspace.onDidChangeTextDocument((e) => this.refresh(e.document.uri.toString())),
    );
    this.refresh();
  }

  /** Redraws the marks of the visible editors (of `uri` only, when given). */
  private refresh(uri?: string): void {
    for (const editor of vscode.window.visibleTextEditors) {
      const doc = editor.document;
      if (!isPuzzleDocument(doc) || (uri !== undefined && doc.uri.toString() !== uri)) continue;
      void this.ranges(doc).then((ranges) => {
        // Only for the text the ranges were asked for (another edit asks again).
        if (ranges.version === doc.version) editor.setDecorations(this.type, ranges.ranges);
      });
    }
  }

  private async ranges(doc: vscode.TextDocument): Promise<{ version: number; ranges: vscode.Range[] }> {
    const version = doc.version;
    const entry = this.store.result(doc.uri.toString());
    if (!entry || entry.result.verdict !== 'unique' || !entry.result.redundant?.length) return { version, ranges: [] };
    const r = await this.fetchRanges(doc.uri.toString()).catch(() => null);
    if (!r || r.version !== version) return { version, ranges: [] };
    return { version, ranges: r.ranges.map((x) => new vscode.Range(x.line, x.col, x.endLine, x.endCol)) };
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
