/**
 * Commands "Copy as puzz.link URL" and "Paste Puzzle from URL": puzz.link URLs and Loopy game IDs,
 * through the language server (ExportUrlCommand, ImportTextCommand: the same exchange code as
 * `linkpuzzle import/export`).
 */
import * as vscode from 'vscode';
import { ExportUrlCommand, ImportTextCommand, type CommandError, type ExportUrlResult, type ImportTextResult } from '../../server/src/protocol-types';
import { copiedMessage } from './exchangeText';
import { PUZZLE_EXTENSIONS } from './languages';
import { isPuzzleDocument } from './results';

export const ExchangeCommands = {
  copyUrl: 'linkpuzzle.copyPuzzLinkUrl',
  pasteUrl: 'linkpuzzle.pasteFromUrl',
} as const;

/** A server command's answer, or its error when the server did not answer. */
async function server<T>(command: string, ...args: unknown[]): Promise<T | CommandError> {
  try {
    return (await vscode.commands.executeCommand<T | CommandError | undefined>(command, ...args)) ?? { error: 'the language server is not running' };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

export function registerExchangeCommands(): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(ExchangeCommands.copyUrl, async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || !isPuzzleDocument(editor.document)) {
        void vscode.window.showWarningMessage(`Link Puzzles: open a ${PUZZLE_EXTENSIONS} file to copy its URL.`);
        return;
      }
      const r = await server<ExportUrlResult>(ExportUrlCommand, editor.document.uri.toString());
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
        prompt: 'A puzz.link URL or a Loopy game ID',
        value: /puzz\.link|pzv\.jp|^\d+x\d+/.test(clip) ? clip : '',
        ignoreFocusOut: true,
      });
      if (!src) return;
      const r = await server<ImportTextResult>(ImportTextCommand, src);
      if ('error' in r) {
        void vscode.window.showErrorMessage(`Link Puzzles: ${r.error}`);
        return;
      }
      // The genre's kind is its language id.
      const doc = await vscode.workspace.openTextDocument({ language: r.kind, content: r.text });
      await vscode.window.showTextDocument(doc);
    }),
  ];
}
