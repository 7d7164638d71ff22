/**
 * Edits a command makes are sent with workspace/applyEdit, a request a client may not support
 * (it declares `workspace.applyEdit` in its capabilities). To a client that does not, nothing is
 * sent: the user is told why with window/showMessage (a notification every client takes), and
 * the command answers that nothing was applied.
 */
import { MessageType, ShowMessageNotification, type Connection } from 'vscode-languageserver';

/** The message for `what` (e.g. "Remove all redundant hints") refused for want of applyEdit. */
export function cannotApplyMessage(what: string): string {
  return `${what}: this editor cannot apply edits sent by the language server (its client capabilities lack workspace.applyEdit); nothing was changed`;
}

/** Shows the refusal to the user and returns its message (for the command's answer). */
export function refuseApplyEdit(connection: Connection, what: string): string {
  const message = cannotApplyMessage(what);
  connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Error, message }).catch(() => undefined);
  return message;
}
