/**
 * The designer's commands: Generate Puzzle…, Make Minimal Puzzle from Loop, Count Puzzles for This
 * Loop, Add Solution as Loop Block. The work is done by the language server's commands
 * (DesignServerCommands); this file asks for the options, shows progress (cancellable: cancelling
 * stops the waiting) and the outcome. Like every client command, the ids here differ from the
 * server's, which vscode-languageclient registers itself.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ExecuteCommandRequest } from 'vscode-languageclient/node';
import { serverCommands, targetUri, type CommandHost } from './commands';
import {
  DEFAULT_SIZE,
  DesignServerCommands,
  MAX_SIZE,
  MIN_SIZE,
  familyDetails,
  familyMessage,
  familyStoppedMessage,
  hasPuzzles,
  isErrorReply,
  isFamilyReply,
  isGenerateReply,
  isMakeReply,
  isStoppedReply,
  makeMessage,
  parseSeed,
  parseSize,
  raceCancellation,
  sizeWarning,
} from './designInput';
import { CommandStateRequest, GenresRequest, type CellHint, type CommandStateResponse, type GenerateParams, type GenreInfo, type MakePuzzleFromLoopOptions } from '../../server/src/protocol-types';
import { formatMs } from './summary';

export const DesignCommands = {
  generatePuzzle: 'linkpuzzle.generatePuzzle',
  makeFromLoop: 'linkpuzzle.makeFromLoop',
  countPuzzles: 'linkpuzzle.countPuzzles',
  addLoopBlock: 'linkpuzzle.addLoopBlock',
} as const;

const PREFIX = 'Link Puzzles: ';

/** True when the running server offers `command`; says what is missing otherwise. */
function offered(host: CommandHost, command: string, what: string): boolean {
  const client = host.client();
  if (!client || !client.isRunning()) {
    void vscode.window.showWarningMessage(`${PREFIX}the language server is not running, so it cannot ${what}. Try "Link Puzzles: Restart Language Server".`);
    return false;
  }
  if (!serverCommands(client).includes(command)) {
    void vscode.window.showWarningMessage(`${PREFIX}this language server cannot ${what} (it does not offer ${command}); update the extension or restart the server.`);
    return false;
  }
  return true;
}

/**
 * Sends `workspace/executeCommand` as the command that vscode-languageclient registers under the
 * server's name would, but with the cancellation token, so that cancelling also reaches the server
 * (`$/cancelRequest`: it stops the job in its worker instead of finishing it for nobody). Without
 * a running client, the registered command.
 */
function executeServerCommand(host: CommandHost, command: string, args: unknown[], token: vscode.CancellationToken): Thenable<unknown> {
  const client = host.client();
  if (client && client.isRunning()) return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args }, token);
  return vscode.commands.executeCommand<unknown>(command, ...args);
}

/**
 * Runs a server command under a cancellable notification. Resolves to `undefined` when the user
 * cancelled (waiting stops at once; the reply, if it comes, is dropped) or the command failed
 * (already reported).
 */
async function runServer(host: CommandHost, title: string, command: string, args: unknown[]): Promise<unknown> {
  const output = host.output;
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (_progress, token) => {
      try {
        const r = await raceCancellation(executeServerCommand(host, command, args, token), token);
        if ('cancelled' in r) {
          output.appendLine(`${command}: cancelled; no longer waiting for the server.`);
          return undefined;
        }
        return r.value ?? null;
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        output.appendLine(`${command} failed: ${msg}`);
        void vscode.window.showErrorMessage(`${PREFIX}${msg}`);
        return undefined;
      }
    },
  );
}

/**
 * The document a genre's command is about, when the server says the command can run on it now
 * (CommandStateRequest: the document's genre has it, and what it needs is there); else says why.
 */
async function commandDocument(host: CommandHost, arg: unknown, command: string): Promise<vscode.TextDocument | undefined> {
  const uri = targetUri(arg, host.preview);
  const doc = uri ? await vscode.workspace.openTextDocument(uri) : undefined;
  const client = host.client();
  // Without a running server there is nothing to ask: `offered` says so next.
  if (!client || !client.isRunning()) return doc;
  const state = await client.sendRequest<CommandStateResponse | null>(CommandStateRequest, { uri: doc?.uri.toString() ?? '', command }).catch(() => null);
  if (state) {
    void (state.severity === 'warning' ? vscode.window.showWarningMessage(`${PREFIX}${state.message}`) : vscode.window.showInformationMessage(`${PREFIX}${state.message}`));
    return undefined;
  }
  return doc;
}

function showError(reply: unknown, what: string): boolean {
  if (isErrorReply(reply)) {
    void vscode.window.showErrorMessage(`${PREFIX}${reply.error}`);
    return true;
  }
  if (reply === null || typeof reply !== 'object') {
    void vscode.window.showErrorMessage(`${PREFIX}the server gave no answer to ${what}.`);
    return true;
  }
  return false;
}

async function generatePuzzle(host: CommandHost): Promise<void> {
  if (!offered(host, DesignServerCommands.generate, 'generate puzzles')) return;
  // The genres and what their generators ask, from the server.
  const genres = (await host.client()!.sendRequest<GenreInfo[]>(GenresRequest).catch(() => [] as GenreInfo[])).filter((g) => g.generate);
  const kindPick = await vscode.window.showQuickPick(
    genres.map((g) => ({ label: g.name, description: `.${g.extension} · ${g.generate!.description}`, genre: g })),
    { title: 'Generate Puzzle', placeHolder: 'Which puzzle?', ignoreFocusOut: true },
  );
  if (!kindPick) return;
  const genre = kindPick.genre;
  const gen = genre.generate!;
  const size = await askParsed({
    title: `Generate ${kindPick.label}: size`,
    prompt: `Size as WxH (width x height), each from ${MIN_SIZE} to ${MAX_SIZE}`,
    value: DEFAULT_SIZE,
    ignoreFocusOut: true,
  }, parseSize, (v) => sizeWarning({ name: genre.name, slowCells: gen.slowCells }, v));
  if (!size) return;
  // An option the genre's generator asks for (Numberlink's rule, Slitherlink's difficulty).
  let chosen: { option: string; value?: string } | undefined;
  if (gen.choice) {
    const pick = await vscode.window.showQuickPick(
      gen.choice.items.map((c) => ({ label: c.label ?? c.value ?? '', description: c.description, value: c.value })),
      { title: `Generate ${kindPick.label}: ${gen.choice.name}`, placeHolder: gen.choice.title, ignoreFocusOut: true },
    );
    if (!pick) return;
    chosen = { option: gen.choice.option, value: pick.value };
  }
  const seed = await askParsed({
    title: `Generate ${kindPick.label}: seed`,
    prompt: 'Seed (a whole number; the same seed gives the same puzzle). Leave empty for a random one.',
    placeHolder: 'random',
    ignoreFocusOut: true,
  }, parseSeed);
  if (!seed) return;

  const args: GenerateParams = { kind: genre.kind, rows: size.rows, cols: size.cols };
  if (seed.seed !== undefined) args.seed = seed.seed;
  if (chosen?.value !== undefined) args[chosen.option] = chosen.value;
  const what = `${size.cols}×${size.rows}${args.grade ? ` ${args.grade}` : ''} ${kindPick.label}`;
  const reply = await runServer(host, `Generating a ${what}…`, DesignServerCommands.generate, [args]);
  if (reply === undefined || showError(reply, 'Generate')) return;
  if (!isGenerateReply(reply)) {
    void vscode.window.showErrorMessage(`${PREFIX}unexpected answer from the server to Generate.`);
    return;
  }
  // The genre's kind is its language id.
  const doc = await vscode.workspace.openTextDocument({ language: genre.kind, content: reply.text });
  // Into the text editors' group, not over the preview when the preview has the focus.
  const column = vscode.window.activeTextEditor?.viewColumn ?? vscode.window.visibleTextEditors[0]?.viewColumn;
  await vscode.window.showTextDocument(doc, column !== undefined ? { viewColumn: column } : undefined);
  host.output.appendLine(`Generated a ${what}${chosen ? ` (${chosen.option}: ${chosen.value})` : ''} with seed ${reply.seed} in ${formatMs(reply.ms)}.`);
  vscode.window.setStatusBarMessage(`$(check) Generated a ${what} in ${formatMs(reply.ms)} (seed ${reply.seed})`, 10_000);
}

/** An input box that `parse` validates as the user types; the parsed value, or undefined when dismissed. */
async function askParsed<T extends object>(
  options: vscode.InputBoxOptions, parse: (input: string) => T | { error: string }, warn?: (input: string) => string | null,
): Promise<T | undefined> {
  // An error blocks Enter; a warning (a size that takes long) is shown and lets it through.
  const validateInput = (v: string): string | vscode.InputBoxValidationMessage | undefined => {
    const r = parse(v);
    if ('error' in r) return r.error;
    const w = warn?.(v);
    return w ? { message: w, severity: vscode.InputBoxValidationSeverity.Warning } : undefined;
  };
  const text = await vscode.window.showInputBox({ ...options, validateInput });
  if (text === undefined) return undefined;
  const r = parse(text);
  return 'error' in r ? undefined : r;
}

async function makeFromLoop(host: CommandHost, arg: unknown): Promise<void> {
  const doc = await commandDocument(host, arg, DesignServerCommands.makePuzzleFromLoop);
  if (!doc) return;
  if (!offered(host, DesignServerCommands.makePuzzleFromLoop, 'make a puzzle from the loop')) return;
  type Mode = { label: string; description: string; onlyHinted: boolean; askSeed: boolean };
  const modes: Mode[] = [
    { label: '$(sparkle) Keep my hints', description: 'fill in every hint from the loop, keep yours where possible, remove the rest while the loop stays unique', onlyHinted: false, askSeed: false },
    { label: '$(pinned) Only where I put hints', description: 'hints only on the cells hinted in the file', onlyHinted: true, askSeed: false },
    { label: '$(symbol-number) Keep my hints, with a seed…', description: 'the same seed gives the same removal order', onlyHinted: false, askSeed: true },
    { label: '$(symbol-number) Only where I put hints, with a seed…', description: 'repeatable, hints only on hinted cells', onlyHinted: true, askSeed: true },
  ];
  const mode = await vscode.window.showQuickPick(modes, { title: 'Make Minimal Puzzle from Loop', placeHolder: 'Which hints may the puzzle have?', matchOnDescription: true });
  if (!mode) return;
  const options: MakePuzzleFromLoopOptions = {};
  if (mode.onlyHinted) options.onlyHinted = true;
  if (mode.askSeed) {
    const seed = await askParsed({ title: 'Make Minimal Puzzle from Loop', prompt: 'Seed for the removal order (empty = random)' }, parseSeed);
    if (!seed) return;
    if (seed.seed !== undefined) options.seed = seed.seed;
  }
  const file = path.posix.basename(doc.uri.path);
  const reply = await runServer(
    host,
    `Making a minimal puzzle from the loop of ${file}…`,
    DesignServerCommands.makePuzzleFromLoop,
    [doc.uri.toString(), options],
  );
  if (reply === undefined || showError(reply, 'Make Minimal Puzzle')) return;
  if (!isMakeReply(reply)) {
    void vscode.window.showErrorMessage(`${PREFIX}unexpected answer from the server to Make Minimal Puzzle.`);
    return;
  }
  const text = makeMessage(reply);
  host.output.appendLine(`Make Minimal Puzzle from Loop (${file}, ${JSON.stringify(options)}): ${text}`);
  if (reply.applied) void vscode.window.showInformationMessage(`${PREFIX}${text}`);
  else void vscode.window.showWarningMessage(`${PREFIX}${text}`);
}

async function countPuzzles(host: CommandHost, arg: unknown): Promise<void> {
  const doc = await commandDocument(host, arg, DesignServerCommands.hintFamily);
  if (!doc) return;
  if (!offered(host, DesignServerCommands.hintFamily, 'count the puzzles of a loop')) return;
  const version = doc.version;
  const file = path.posix.basename(doc.uri.path);
  const reply = await runServer(
    host,
    `Counting the puzzles for the loop of ${file} (small grids only: about 5x5 within a minute)…`,
    DesignServerCommands.hintFamily,
    [doc.uri.toString()],
  );
  if (reply === undefined || showError(reply, 'Count Puzzles')) return;
  if (isStoppedReply(reply)) {
    const message = familyStoppedMessage(reply.stopped);
    host.output.appendLine(`Count Puzzles for This Loop (${file}): ${message}`);
    void vscode.window.showWarningMessage(`${PREFIX}${message}`);
    return;
  }
  if (!isFamilyReply(reply)) {
    void vscode.window.showErrorMessage(`${PREFIX}unexpected answer from the server to Count Puzzles.`);
    return;
  }
  for (const line of familyDetails(file, reply.rows ?? 0, reply.cols ?? 0, reply)) host.output.appendLine(line);
  if (!hasPuzzles(reply)) {
    void vscode.window.showWarningMessage(`${PREFIX}${familyMessage(reply)}`);
    return;
  }
  const useMinimum = 'Use a Minimum Puzzle';
  const useHardest = 'Use the Hardest Puzzle';
  const choice = await vscode.window.showInformationMessage(
    `${PREFIX}${familyMessage(reply)} Both puzzles are in the output (Link Puzzles: Show Output).`,
    useMinimum,
    useHardest,
  );
  if (choice !== useMinimum && choice !== useHardest) return;
  await applyHints(host, doc, version, choice === useMinimum ? reply.minimum : reply.hardest);
}

async function applyHints(host: CommandHost, doc: vscode.TextDocument, version: number, hints: CellHint[]): Promise<void> {
  if (!offered(host, DesignServerCommands.applyHints, 'put hints into the file')) return;
  if (doc.version !== version) {
    void vscode.window.showWarningMessage(`${PREFIX}the file changed since the count; run "Count Puzzles for This Loop" again.`);
    return;
  }
  try {
    const r = await vscode.commands.executeCommand<unknown>(DesignServerCommands.applyHints, doc.uri.toString(), version, hints);
    if (isErrorReply(r)) void vscode.window.showErrorMessage(`${PREFIX}${r.error}`);
    else if (!(r && typeof r === 'object' && (r as { applied?: unknown }).applied === true)) {
      void vscode.window.showWarningMessage(`${PREFIX}the hints were not applied (the file may have changed since the count).`);
    }
  } catch (e) {
    void vscode.window.showErrorMessage(`${PREFIX}${e instanceof Error ? e.message : String(e)}`);
  }
}

async function addLoopBlock(host: CommandHost, arg: unknown): Promise<void> {
  const doc = await commandDocument(host, arg, DesignServerCommands.loopBlockFromSolution);
  if (!doc) return;
  if (!offered(host, DesignServerCommands.loopBlockFromSolution, 'write the solution as a loop block')) return;
  const file = path.posix.basename(doc.uri.path);
  const reply = await runServer(host, `Adding the solution of ${file} as a loop block…`, DesignServerCommands.loopBlockFromSolution, [doc.uri.toString()]);
  if (reply === undefined) return;
  if (isErrorReply(reply)) {
    void vscode.window.showErrorMessage(`${PREFIX}${reply.error}`);
    return;
  }
  const r = (reply ?? {}) as { applied?: unknown; message?: unknown };
  if (r.applied === false) {
    void vscode.window.showWarningMessage(`${PREFIX}${typeof r.message === 'string' && r.message ? r.message : 'no loop block was added (the puzzle needs exactly one solution).'}`);
    return;
  }
  vscode.window.setStatusBarMessage(`$(check) Added the solution of ${file} as a loop block`, 5000);
}

export function registerDesignCommands(host: CommandHost): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(DesignCommands.generatePuzzle, () => generatePuzzle(host)),
    vscode.commands.registerCommand(DesignCommands.makeFromLoop, (arg?: unknown) => makeFromLoop(host, arg)),
    vscode.commands.registerCommand(DesignCommands.countPuzzles, (arg?: unknown) => countPuzzles(host, arg)),
    vscode.commands.registerCommand(DesignCommands.addLoopBlock, (arg?: unknown) => addLoopBlock(host, arg)),
  ];
}
