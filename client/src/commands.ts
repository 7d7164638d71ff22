/**
 * The "Link Puzzles" commands. Their ids must differ from the commands the server advertises
 * (`linkpuzzle.removeAllRedundantHints`, ...): vscode-languageclient registers those itself, and
 * a second registration of the same id would fail.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { removeRedundantHints } from './fixAll';
import type { PreviewManager } from './preview';
import { isPuzzleDocument } from './results';
import { PUZZLE_EXTENSIONS } from './languages';

export const Commands = {
  openPreview: 'linkpuzzle.openPreview',
  openPreviewToSide: 'linkpuzzle.openPreviewToSide',
  recheck: 'linkpuzzle.recheck',
  removeRedundantHints: 'linkpuzzle.removeRedundantHints',
  restartServer: 'linkpuzzle.restartServer',
  showOutput: 'linkpuzzle.showOutput',
} as const;

/** Server-side commands this client calls when the server advertises them. */
const ServerCommands = {
  recheck: ['linkpuzzle.recheckDocument'],
  removeAllRedundant: 'linkpuzzle.removeAllRedundantHints',
};
const FIX_ALL_KIND = 'source.fixAll.linkpuzzle';

export interface CommandHost {
  client(): LanguageClient | undefined;
  preview: PreviewManager;
  output: vscode.OutputChannel;
  restart(): Promise<void>;
}

/** The puzzle a command is about: the explorer's or editor title's URI, else the active editor's. */
export function targetUri(arg: unknown, preview: PreviewManager): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  const doc = vscode.window.activeTextEditor?.document;
  if (isPuzzleDocument(doc)) return doc.uri;
  // From the preview itself (no text editor active): its document.
  const uri = preview.previewedUri;
  return uri ? vscode.Uri.parse(uri) : undefined;
}

async function targetDocument(arg: unknown, preview: PreviewManager): Promise<vscode.TextDocument | undefined> {
  const uri = targetUri(arg, preview);
  if (!uri) {
    void vscode.window.showInformationMessage(`Link Puzzles: open a ${PUZZLE_EXTENSIONS} file first.`);
    return undefined;
  }
  return vscode.workspace.openTextDocument(uri);
}

/** The commands the running server advertises (`executeCommandProvider.commands`). */
export function serverCommands(client: LanguageClient | undefined): string[] {
  const provider = client?.initializeResult?.capabilities.executeCommandProvider;
  return provider?.commands ?? [];
}

export function registerCommands(host: CommandHost): vscode.Disposable[] {
  const { preview } = host;
  return [
    vscode.commands.registerCommand(Commands.openPreview, (arg?: unknown) => {
      const uri = targetUri(arg, preview);
      if (uri) preview.show(uri, false);
      else void vscode.window.showInformationMessage(`Link Puzzles: open a ${PUZZLE_EXTENSIONS} file to preview it.`);
    }),
    vscode.commands.registerCommand(Commands.openPreviewToSide, (arg?: unknown) => {
      const uri = targetUri(arg, preview);
      if (uri) preview.show(uri, true);
      else void vscode.window.showInformationMessage(`Link Puzzles: open a ${PUZZLE_EXTENSIONS} file to preview it.`);
    }),

    vscode.commands.registerCommand(Commands.recheck, async (arg?: unknown) => {
      const doc = await targetDocument(arg, preview);
      if (!doc) return;
      const client = host.client();
      const available = serverCommands(client);
      const command = ServerCommands.recheck.find((c) => available.includes(c));
      if (command) {
        await vscode.commands.executeCommand(command, doc.uri.toString());
        return;
      }
      // No re-check command on the server: a restart checks every open document afresh.
      await host.restart();
    }),

    vscode.commands.registerCommand(Commands.removeRedundantHints, async (arg?: unknown) => {
      const doc = await targetDocument(arg, preview);
      if (!doc) return;
      const whole = new vscode.Range(0, 0, doc.lineCount, 0);
      // Applied only to the version it was computed for (fixAll.ts says why the client checks it).
      await removeRedundantHints<vscode.WorkspaceEdit>({
        version: () => doc.version,
        fixAllAction: async () => {
          const actions =
            (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
              'vscode.executeCodeActionProvider', doc.uri, whole, FIX_ALL_KIND, 1,
            )) ?? [];
          return actions.find((a): a is vscode.CodeAction => 'kind' in a && !!a.kind && a.kind.value.startsWith(FIX_ALL_KIND));
        },
        applyEdit: (edit) => Promise.resolve(vscode.workspace.applyEdit(edit)),
        executeCommand: (command, ...args) => Promise.resolve(vscode.commands.executeCommand(command, ...args)),
        serverCommand: serverCommands(host.client()).includes(ServerCommands.removeAllRedundant) ? ServerCommands.removeAllRedundant : undefined,
        uri: doc.uri.toString(),
        info: (m) => void vscode.window.showInformationMessage(m),
        warn: (m) => void vscode.window.showWarningMessage(m),
      });
    }),

    vscode.commands.registerCommand(Commands.restartServer, () => host.restart()),
    vscode.commands.registerCommand(Commands.showOutput, () => host.output.show(true)),
  ];
}
