/**
 * The status bar item for the active puzzle: verdict, count and time, a spinner while the server
 * checks. Clicking it opens the preview beside the editor.
 */
import * as vscode from 'vscode';
import { isPuzzleDocument, type ResultStore } from './results';
import { formatCount, formatMs, gradeSentence, redundancySentence, statusText, verdictIcon, type ResultSummary, type StatusParams } from './summary';

export class PuzzleStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];
  /** The puzzle shown: kept while a webview (the preview) has the focus. */
  private uri: string | undefined;

  constructor(private readonly store: ResultStore, openPreviewCommand: string) {
    this.item = vscode.window.createStatusBarItem('linkpuzzle.status', vscode.StatusBarAlignment.Right, 100);
    this.item.name = 'Link Puzzles';
    this.item.command = openPreviewCommand;
    this.disposables.push(
      this.item,
      vscode.window.onDidChangeActiveTextEditor((e) => this.follow(e)),
      store.onDidChange((uri) => {
        if (uri === this.uri) this.refresh();
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (doc.uri.toString() === this.uri && !isPuzzleDocument(vscode.window.activeTextEditor?.document)) {
          this.uri = undefined;
          this.refresh();
        }
      }),
    );
    this.follow(vscode.window.activeTextEditor);
  }

  private follow(editor: vscode.TextEditor | undefined): void {
    if (editor === undefined) return; // focus went to a webview or panel: keep what is shown
    this.uri = isPuzzleDocument(editor.document) ? editor.document.uri.toString() : undefined;
    this.refresh();
  }

  /** Status for the shown document: the server's last status, else one made from its result. */
  private current(): StatusParams | undefined {
    if (!this.uri) return undefined;
    const status = this.store.status(this.uri);
    if (status) return status;
    const entry = this.store.result(this.uri);
    if (!entry) return undefined;
    const r = entry.result;
    return {
      uri: this.uri, state: 'done', verdict: r.verdict, count: r.count, ms: r.ms,
      ...(r.countAtLeast !== undefined ? { countAtLeast: r.countAtLeast } : {}), ...(r.countPending ? { countPending: true } : {}),
    };
  }

  refresh(): void {
    if (!this.uri) {
      this.item.hide();
      return;
    }
    const s = this.current();
    if (!s) {
      this.item.text = '$(circle-outline) puzzle';
      this.item.tooltip = 'Link Puzzles: not checked yet. Click to open the preview.';
    } else if (s.state === 'checking') {
      this.item.text = '$(sync~spin) checking…';
      this.item.tooltip = 'Link Puzzles: counting the solutions… Click to open the preview.';
    } else {
      const r = this.redundancy(s);
      this.item.text = `${s.state === 'error' ? '$(error)' : verdictIcon(s.verdict)} ${statusText(s, r)}`;
      this.item.tooltip = this.tooltip(s, r);
    }
    this.item.backgroundColor =
      s?.state === 'error' || s?.verdict === 'invalid' || s?.verdict === 'none'
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : s?.verdict === 'multiple'
          ? new vscode.ThemeColor('statusBarItem.warningBackground')
          : undefined;
    this.item.show();
  }

  /** The shown document's result, when it is the one the status is about (for its grade and redundant hints). */
  private redundancy(s: StatusParams): ResultSummary | undefined {
    const entry = this.uri ? this.store.result(this.uri) : undefined;
    if (!entry || (s.version !== undefined && entry.version !== s.version)) return undefined;
    return entry.result;
  }

  private tooltip(s: StatusParams, r: ResultSummary | undefined): vscode.MarkdownString {
    const md = new vscode.MarkdownString();
    md.appendMarkdown('**Link Puzzles**\n\n');
    if (s.verdict) md.appendMarkdown(`Verdict: \`${s.verdict}\`\n\n`);
    if (s.count) md.appendMarkdown(`Solutions: ${formatCount(s.count)}\n\n`);
    else if (s.verdict === 'multiple' && s.countAtLeast) {
      md.appendMarkdown(`Solutions: at least ${formatCount(s.countAtLeast)} (two of them are shown in the preview; ${s.countPending ? 'counting them all…' : 'too many to count within the limits'})\n\n`);
    }
    const grade = gradeSentence(r);
    if (grade) md.appendText(grade + '\n\n');
    const redundant = redundancySentence(r);
    if (redundant) md.appendText(redundant + '\n\n');
    if (s.ms !== undefined) md.appendMarkdown(`Time: ${formatMs(s.ms)}\n\n`);
    if (s.message) md.appendText(s.message + '\n\n');
    md.appendMarkdown('Click to open the preview.');
    return md;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
