/**
 * The extension: starts the bundled language server (dist/server.js) over IPC and wires its
 * custom notifications into the status bar and the preview. It knows no genre: the languages are
 * package.json's, and what it draws or marks the server sends (protocol-types.ts).
 */
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import {
  CellRangeRequest,
  PreviewRequest,
  RedundantRangesRequest,
  ResultChangedNotification,
  ResultRequest,
  StatusNotification,
  type CheckResult,
  type PreviewResponse,
  type RedundantRangesResponse,
} from '../../server/src/protocol-types';
import { PUZZLE_LANGUAGES } from './languages';
import { registerCommands, Commands, type CommandHost } from './commands';
import { registerDesignCommands } from './designCommands';
import { registerExchangeCommands } from './exchange';
import { PreviewManager } from './preview';
import { ResultStore, type ResultChangedParams } from './results';
import { RedundantMarks } from './redundantMarks';
import { PuzzleStatusBar } from './statusBar';
import type { StatusParams } from './summary';


let client: LanguageClient | undefined;

function createClient(context: vscode.ExtensionContext, output: vscode.OutputChannel): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: ['file', 'untitled'].flatMap((scheme) => PUZZLE_LANGUAGES.map((language) => ({ scheme, language }))),
    synchronize: { configurationSection: 'linkpuzzle' },
    initializationOptions: () => JSON.parse(JSON.stringify(vscode.workspace.getConfiguration("linkpuzzle"))) as unknown,
    outputChannel: output,
  };
  return new LanguageClient('linkpuzzle', 'Link Puzzles Language Server', serverOptions, clientOptions);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('Link Puzzles');
  const store = new ResultStore();

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
  const fetchPreview = async (uri: string): Promise<PreviewResponse | null> => {
    if (!client || !client.isRunning()) return null;
    return client.sendRequest<PreviewResponse | null>(PreviewRequest, { uri });
  };
  const fetchRedundantRanges = async (uri: string): Promise<RedundantRangesResponse | null> => {
    if (!client || !client.isRunning()) return null;
    return client.sendRequest<RedundantRangesResponse | null>(RedundantRangesRequest, { uri });
  };
  const preview = new PreviewManager(context, store, fetchResult, fetchPreview, (uri, cell) => (client?.isRunning() ? client.sendRequest(CellRangeRequest, { uri, ...cell }) : Promise.resolve(null)));
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
    new RedundantMarks(store, fetchRedundantRanges),
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
