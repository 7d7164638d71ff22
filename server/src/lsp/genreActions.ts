/**
 * The code actions a genre offers for a document (Genre.actions: Slitherlink's suggestion quick
 * fixes and the designer's refactorings), from protocol-neutral form to LSP's: its changes become
 * a workspace edit of the document's version, its diagnostic the client's own.
 */
import { CodeActionKind, type CodeAction, type Diagnostic } from 'vscode-languageserver';
import { genreOfPuzzle, type GenreAction } from '../genres/index';
import { DiagnosticSource } from '../protocol-types';
import { toTextEdit, wants, workspaceEdit, type ActionContext } from './codeActions';
import type { DiagnosticData } from './diagnostics';

const KINDS: Record<GenreAction['kind'], string> = {
  quickfix: CodeActionKind.QuickFix,
  refactor: CodeActionKind.Refactor,
  'refactor.rewrite': CodeActionKind.RefactorRewrite,
};

export function genreActions(ctx: ActionContext, diagnostics: Diagnostic[], only: string[] | undefined): CodeAction[] {
  const p = ctx.parsed.puzzle;
  const genre = p ? genreOfPuzzle(p) : null;
  if (!p || !genre?.actions) return [];
  // Ours only (some clients drop `source`), and only those computed for this text: a diagnostic of
  // other text names cells that may have changed since.
  const mine = (diagnostics ?? []).filter((d) => {
    if (d.source !== undefined && d.source !== DiagnosticSource) return false;
    const key = ((d.data ?? {}) as DiagnosticData).key;
    return key === undefined || key === ctx.key;
  });
  const found = genre.actions({
    uri: ctx.uri,
    puzzle: p,
    text: ctx.parsed.text,
    problems: ctx.parsed.problems.length,
    result: ctx.result,
    diagnostics: mine.map((d) => ({ code: String(d.code ?? ''), data: d.data as DiagnosticData | undefined })),
    wants: (kind) => wants(only, KINDS[kind]),
  });
  return found.map((a): CodeAction => ({
    title: a.title,
    kind: KINDS[a.kind],
    ...(a.preferred ? { isPreferred: true } : {}),
    ...(a.diagnostic !== undefined ? { diagnostics: [mine[a.diagnostic]!] } : {}),
    ...(a.changes ? { edit: workspaceEdit(ctx.uri, ctx.version, a.changes.map(toTextEdit), ctx.documentChanges) } : {}),
    ...(a.command ? { command: { title: a.title, command: a.command.command, arguments: a.command.arguments } } : {}),
  }));
}
