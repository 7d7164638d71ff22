/**
 * The extension: starts the bundled language server (dist/server.js) over IPC and wires its
 * custom notifications into the status bar and the preview.
 */
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import type { CheckResult } from '../../server/src/protocol-types';
import { parseLocal } from './localParse';
import { registerCommands, Commands, type CommandHost } from './commands';
import { registerDesignCommands } from './designCommands';
import { registerExchangeCommands } from './exchange';
import { PreviewManager } from './preview';
import { ResultStore, type ResultChangedParams } from './results';
import { puzzleSignature } from './signature';
import { RedundantMarks } from './redundantMarks';
import { PuzzleStatusBar } from './statusBar';
import type { StatusParams } from './summary';

const StatusNotification = 'linkpuzzle/status';
const ResultChangedNotification = 'linkpuzzle/resultChanged';
const ResultRequest = 'linkpuzzle/result';

let client: LanguageClient | undefined;

function createClient(context: vscode.ExtensionContext, output: vscode.OutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'slitherlink' },
      { scheme: 'file', language: 'numberlink' },
      { scheme: 'untitled', language: 'slitherlink' },
      { scheme: 'untitled', language: 'numberlink' },
    ],
    synchronize: { configurationSection: 'linkpuzzle' },
    initializationOptions: () => JSON.parse(JSON.stringify(vscode.workspace.getConfiguration("linkpuzzle"))) as unknown,
    outputChannel: output,
  };
  return new LanguageClient('linkpuzzle', 'Link Puzzles Language Server', serverOptions, clientOptions);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('Link Puzzles');
  const store = new ResultStore((uri, version) => {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    if (!doc || doc.version !== version) return undefined;
    const { puzzle } = parseLocal(doc.getText(), doc.languageId);
    return puzzle ? puzzleSignature(puzzle) : undefined;
  });

  const attach = (c: LanguageClient): void => {
    c.onNotification(StatusNotification, (s: StatusParams) => store.setStatus(s));
    c.onNotification(ResultChangedNotification, (p: ResultChangedParams) => store.setResult(p));
  };
  client = createClient(context, output);
  attach(client);

  const fetchResult = async (uri: string): Promise<CheckResult | null> => {
    if (!client || !client.isRunning()) return null;
    return client.sendRequest<CheckResult | null>(ResultRequest, { uri });
  };
  const preview = new PreviewManager(context, store, fetchResult);
  const statusBar = new PuzzleStatusBar(store, Commands.openPreviewToSide);

  const restart = async (): Promise<void> => {
    store.clear();
    if (client) {
      try {
        await client.restart();
        return;
      } catch (e) {
        output.appendLine(`Restart failed: ${e instanceof Error ? e.message : String(e)}; starting a new client.`);
        await client.dispose().catch(() => undefined);
      }
    }
    client = createClient(context, output);
    attach(client);
    await client.start();
  };

  const host: CommandHost = { client: () => client, preview, output, restart };
  context.subscriptions.push(
    output,
    store,
    preview,
    statusBar,
    new RedundantMarks(store),
    ...registerCommands(host),
    ...registerDesignCommands(host),
    ...registerExchangeCommands(),
    vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.uri.toString() !== preview.previewedUri) store.forget(doc.uri.toString());
    }),
  );

  try {
    await client.start();
  } catch (e) {
    output.appendLine(`The language server did not start: ${e instanceof Error ? e.message : String(e)}`);
    void vscode.window.showErrorMessage('Link Puzzles: the language server did not start (see the output).');
  }
}

export async function deactivate(): Promise<void> {
  if (client) await client.stop().catch(() => undefined);
  client = undefined;
}
