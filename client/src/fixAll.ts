/**
 * "Link Puzzles: Remove Redundant Hints": the server's fix-all code action, resolved through
 * VS Code, applied only to the version of the puzzle it was computed for. No vscode import: the
 * caller passes VS Code's functions in, so the tests drive it with fakes.
 *
 * The server makes its edit as versioned `documentChanges`, but that version does not reach VS Code
 * on this path: vscode-languageclient's asWorkspaceEdit (protocolConverter) turns a
 * TextDocumentEdit into plain replacements and drops `textDocument.version`, and
 * vscode.workspace.applyEdit stamps each edit with the document's version at the moment of the
 * call. So the client compares the version itself: the one the request was made for with the one
 * current right before applyEdit, with no await between the comparison and the call (VS Code then
 * refuses the edit if the editor's text moves on before it lands). The server's own command
 * (workspace/applyEdit) keeps its version: vscode-languageclient checks it there.
 */

/** The parts of a vscode.CodeAction used here. */
export interface FixAllAction<E> {
  edit?: E;
  command?: { command: string; arguments?: unknown[] };
}

export interface FixAllHost<E> {
  /** The document's version now (read live, e.g. `() => doc.version`). */
  version(): number;
  /** The fix-all action for the document, resolved (vscode.executeCodeActionProvider); undefined when none is offered. */
  fixAllAction(): Promise<FixAllAction<E> | undefined>;
  applyEdit(edit: E): Promise<boolean>;
  executeCommand(command: string, ...args: unknown[]): Promise<unknown>;
  /** The server's `linkpuzzle.removeAllRedundantHints`, when it advertises it; else undefined. */
  serverCommand: string | undefined;
  /** The document's uri, as the server knows it. */
  uri: string;
  /** Tells the user (an information message: nothing was wrong, nothing was done). */
  info(message: string): void;
  /** Tells the user (a warning: something was not done). */
  warn(message: string): void;
}

export type FixAllOutcome = 'applied' | 'changed' | 'refused' | 'nothing';

export const NOTHING_TO_REMOVE = 'Link Puzzles: no redundant hints to remove (the puzzle must be unique, and the check finished).';

export function changedMessage(asked: number, now: number): string {
  return `Link Puzzles: the puzzle changed while its redundant hints were computed (version ${asked}, now ${now}): nothing was removed. Run "Remove Redundant Hints" again.`;
}

export const NOT_APPLIED = 'Link Puzzles: the edit removing the redundant hints was not applied (the puzzle changed, or the editor refused it): nothing was removed. Run "Remove Redundant Hints" again.';

/** Runs the fix-all for the document as it is now; tells the user whenever nothing was removed. */
export async function removeRedundantHints<E>(host: FixAllHost<E>): Promise<FixAllOutcome> {
  const asked = host.version();
  const action = await host.fixAllAction();
  if (action?.edit !== undefined) {
    const now = host.version();
    if (now !== asked) {
      host.warn(changedMessage(asked, now));
      return 'changed';
    }
    // Called at once after the comparison: applyEdit stamps the version that was just compared.
    if (!(await host.applyEdit(action.edit))) {
      host.warn(NOT_APPLIED);
      return 'refused';
    }
    if (!action.command) return 'applied';
  }
  if (action?.command) {
    // The server's command carries the version it is for and checks it itself.
    return commandOutcome(await host.executeCommand(action.command.command, ...(action.command.arguments ?? [])), host, asked);
  }
  if (action) {
    // Offered, but resolved without an edit: the server declined, the text having changed since.
    const now = host.version();
    host.warn(now !== asked ? changedMessage(asked, now) : NOT_APPLIED);
    return now !== asked ? 'changed' : 'refused';
  }
  if (host.serverCommand) {
    // [uri, version]: the server answers false, sending nothing, unless the document is still at `asked`.
    return commandOutcome(await host.executeCommand(host.serverCommand, host.uri, asked), host, asked);
  }
  host.info(NOTHING_TO_REMOVE);
  return 'nothing';
}

/** The server's removeAllRedundantHints answers true (applied), false (nothing sent or refused), null (nothing to remove). */
function commandOutcome<E>(answer: unknown, host: FixAllHost<E>, asked: number): FixAllOutcome {
  if (answer === true) return 'applied';
  if (answer === false) {
    const now = host.version();
    host.warn(now !== asked ? changedMessage(asked, now) : NOT_APPLIED);
    return now !== asked ? 'changed' : 'refused';
  }
  host.info(NOTHING_TO_REMOVE);
  return 'nothing';
}
