/**
 * Commands "Copy as puzz.link URL" and "Paste Puzzle from URL": puzz.link URLs (slither, numlin)
 * and Loopy game IDs, through the same exchange code as `linkpuzzle import/export`.
 */
import * as vscode from 'vscode';
import { parsePuzzle } from '../../server/src/parse/index';
import { numberlinkUrl, parsePuzzLink, slitherlinkUrl } from '../../server/src/exchange/puzzlink';
import { parseLoopyId } from '../../server/src/exchange/loopy';
import { writeNumberlink, writeSlitherlink } from '../../server/src/exchange/text';

export const ExchangeCommands = {
  copyUrl: 'linkpuzzle.copyPuzzLinkUrl',
  pasteUrl: 'linkpuzzle.pasteFromUrl',
} as const;

/** The file text for a URL or Loopy ID, or an error message. */
export function textFromUrl(src: string): { kind: 'slitherlink' | 'numberlink'; text: string } | { error: string } {
  const s = src.trim();
  if (/^\d+x\d+[^:]*:/.test(s)) {
    const g = parseLoopyId(s);
    if ('error' in g) return g;
    return { kind: 'slitherlink', text: writeSlitherlink(g, { loopy: s }) };
  }
  const p = parsePuzzLink(s);
  if ('error' in p) return p;
  return p.kind === 'slitherlink'
    ? { kind: 'slitherlink', text: writeSlitherlink(p, { source: s }) }
    : { kind: 'numberlink', text: writeNumberlink(p, { source: s }) };
}

/** The puzz.link URL of a document's text, or an error message. */
export function urlFromText(text: string, kind: 'slitherlink' | 'numberlink'): { url: string } | { error: string } {
  const { puzzle, problems } = parsePuzzle(text, kind);
  if (!puzzle || problems.length > 0) return { error: `the puzzle has problems (${problems[0]?.message ?? 'no grid'}); fix them first` };
  if (puzzle.kind === 'slitherlink') return { url: slitherlinkUrl(puzzle) };
  return { url: numberlinkUrl({ rows: puzzle.rows, cols: puzzle.cols, cells: puzzle.cells, labels: puzzle.labels }) };
}

export function registerExchangeCommands(): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(ExchangeCommands.copyUrl, async () => {
      const editor = vscode.window.activeTextEditor;
      const lang = editor?.document.languageId;
      if (!editor || (lang !== 'slitherlink' && lang !== 'numberlink')) {
        void vscode.window.showWarningMessage('Link Puzzles: open a .slk or .nlk file to copy its URL.');
        return;
      }
      const r = urlFromText(editor.document.getText(), lang);
      if ('error' in r) {
        void vscode.window.showErrorMessage(`Link Puzzles: ${r.error}`);
        return;
      }
      await vscode.env.clipboard.writeText(r.url);
      void vscode.window.showInformationMessage(`Copied ${r.url}`);
    }),
    vscode.commands.registerCommand(ExchangeCommands.pasteUrl, async () => {
      const clip = (await vscode.env.clipboard.readText()).trim();
      const src = await vscode.window.showInputBox({
        prompt: 'A puzz.link URL (slither or numlin) or a Loopy game ID',
        value: /puzz\.link|pzv\.jp|^\d+x\d+/.test(clip) ? clip : '',
        ignoreFocusOut: true,
      });
      if (!src) return;
      const r = textFromUrl(src);
      if ('error' in r) {
        void vscode.window.showErrorMessage(`Link Puzzles: ${r.error}`);
        return;
      }
      const doc = await vscode.workspace.openTextDocument({ language: r.kind, content: r.text });
      await vscode.window.showTextDocument(doc);
    }),
  ];
}
