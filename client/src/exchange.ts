/**
 * Commands "Copy as puzz.link URL" and "Paste Puzzle from URL": puzz.link URLs (slither, numlin)
 * and Loopy game IDs, through the same exchange code as `linkpuzzle import/export`.
 */
import * as vscode from 'vscode';
import { copiedMessage, textFromUrl, urlFromText } from './exchangeText';

export const ExchangeCommands = {
  copyUrl: 'linkpuzzle.copyPuzzLinkUrl',
  pasteUrl: 'linkpuzzle.pasteFromUrl',
} as const;

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
      const m = copiedMessage(r);
      void (m.level === 'warning' ? vscode.window.showWarningMessage(m.text) : vscode.window.showInformationMessage(m.text));
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
