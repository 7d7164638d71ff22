/** What the client can do (read once from initialize) and what the server offers it. */
import { CodeActionKind, TextDocumentSyncKind, type InitializeParams, type InitializeResult } from 'vscode-languageserver/node';
import { FixAllKind, RecheckCommand, RemoveAllRedundantCommand } from '../protocol-types';
import { DESIGN_COMMANDS } from './designCommands';

export interface ClientCapabilities {
  /** Pull diagnostics (textDocument/diagnostic) rather than push. */
  pullMode: boolean;
  refreshSupport: boolean;
  configurationSupport: boolean;
  progressSupport: boolean;
  /** codeAction/resolve can fill in an action's edit. */
  resolveSupport: boolean;
  documentChanges: boolean;
  /** The client takes workspace/applyEdit requests (capability workspace.applyEdit). */
  applyEditSupport: boolean;
  dynamicConfiguration: boolean;
}

export const NO_CAPABILITIES: ClientCapabilities = {
  pullMode: false, refreshSupport: false, configurationSupport: false, progressSupport: false,
  resolveSupport: false, documentChanges: false, applyEditSupport: false, dynamicConfiguration: false,
};

export function readCapabilities(params: InitializeParams): ClientCapabilities {
  const c = params.capabilities;
  return {
    pullMode: !!c.textDocument?.diagnostic,
    refreshSupport: !!c.workspace?.diagnostics?.refreshSupport,
    configurationSupport: !!c.workspace?.configuration,
    progressSupport: !!c.window?.workDoneProgress,
    resolveSupport: !!c.textDocument?.codeAction?.resolveSupport?.properties?.includes('edit'),
    documentChanges: !!c.workspace?.workspaceEdit?.documentChanges,
    applyEditSupport: !!c.workspace?.applyEdit,
    dynamicConfiguration: !!c.workspace?.didChangeConfiguration?.dynamicRegistration,
  };
}

export function initializeResult(caps: ClientCapabilities): InitializeResult {
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      codeActionProvider: {
        codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll, FixAllKind, CodeActionKind.Refactor, CodeActionKind.RefactorRewrite],
        resolveProvider: true,
      },
      executeCommandProvider: { commands: [RemoveAllRedundantCommand, RecheckCommand, ...DESIGN_COMMANDS] },
      ...(caps.pullMode
        ? { diagnosticProvider: { identifier: 'linkpuzzle', interFileDependencies: false, workspaceDiagnostics: false } }
        : {}),
    },
    serverInfo: { name: 'linkpuzzle', version: '0.1.0' },
  };
}
