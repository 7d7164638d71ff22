/**
 * Redundant hints in the editor: the server's diagnostics fade them (DiagnosticTag.Unnecessary),
 * which is easy to miss in a dark theme against the hints' per-value colours. This adds a dashed
 * box in the theme's line-number grey around each, as the preview rings them, while the result is
 * about the text shown (same grid and hints).
 */
import * as vscode from 'vscode';
import type { CheckResult, Range } from '../../server/src/protocol-types';
import { parseLocal, type LocalPuzzle } from './localParse';
import { isPuzzleDocument, type ResultStore } from './results';
import { puzzleSignature } from './signature';

/** The text ranges of the redundant hints of `result`, if it is a unique Slitherlink result for this puzzle. Pure. */
export function redundantHintRanges(p: LocalPuzzle, result: CheckResult | undefined): Range[] {
  if (p.kind !== 'slitherlink' || result?.verdict !== 'unique' || result.rows !== p.rows || result.cols !== p.cols) return [];
  const out: Range[] = [];
  for (const { row, col } of result.redundant ?? []) {
    const i = row * p.cols + col;
    const r = p.cellRanges[i];
    if (r && p.hints[i]! >= 0) out.push(r);
  }
  return out;
}

/** Past this size the text is not parsed on every keystroke here (the server parses such files in its worker only). */
const MAX_CHARS = 250_000;

export class RedundantMarks implements vscode.Disposable {
  private readonly type = vscode.window.createTextEditorDecorationType({
    border: '1px dashed',
    borderColor: new vscode.ThemeColor('editorLineNumber.foreground'),
    borderRadius: '3px',
    color: new vscode.ThemeColor('editorLineNumber.foreground'),
  });
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly store: ResultStore) {
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
      editor.setDecorations(this.type, this.ranges(doc));
    }
  }

  private ranges(doc: vscode.TextDocument): vscode.Range[] {
    const entry = this.store.result(doc.uri.toString());
    if (!entry || doc.languageId !== 'slitherlink' || entry.result.verdict !== 'unique' || !entry.result.redundant?.length) return [];
    const text = doc.getText();
    if (text.length > MAX_CHARS) return [];
    const { puzzle } = parseLocal(text, doc.languageId);
    if (!puzzle) return [];
    // Only a result about these very hints (comments and spacing may have changed since).
    const current = entry.signature !== undefined ? entry.signature === puzzleSignature(puzzle) : entry.version === doc.version;
    if (!current) return [];
    return redundantHintRanges(puzzle, entry.result).map((r) => new vscode.Range(r.line, r.col, r.endLine, r.endCol));
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
