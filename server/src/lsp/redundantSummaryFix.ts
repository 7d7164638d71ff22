/**
 * The quick fix of the `redundant-summary` diagnostic: remove the hints that can go together (the
 * precomputed pass of "Remove all redundant hints"), at once, only while the result is for the
 * current text. The Problems panel lists that diagnostic (not the Hint-severity faded hints), so
 * this is where the fix-all is found there.
 */
import { CodeAction, CodeActionKind, Diagnostic } from 'vscode-languageserver';
import { removeHintEdits, workspaceEdit, type ActionContext } from './codeActions';
import type { DiagnosticData } from './diagnostics';
import { Codes, DiagnosticSource } from '../protocol-types';

export function redundantSummaryFixes(ctx: ActionContext, diagnostics: Diagnostic[]): CodeAction[] {
  const ours = (diagnostics ?? []).filter((d) => (d.source === undefined || d.source === DiagnosticSource) && d.code === Codes.redundantSummary);
  const r = ctx.result;
  if (ours.length === 0 || r?.verdict !== 'unique' || !r.redundantTogether?.length) return [];
  const d = ours.find((x) => ((x.data ?? {}) as DiagnosticData).key === ctx.key);
  if (!d) return [];
  const edits = removeHintEdits(ctx.parsed, r.redundantTogether);
  if (edits.length === 0) return [];
  const n = r.redundantTogether.length;
  const partial = r.redundantTogetherStopped ? ' (partial: stopped early)' : '';
  return [{
    title: `Remove all redundant hints: ${n === 1 ? '1 hint' : `${n} hints`} that can go together${partial}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    edit: workspaceEdit(ctx.uri, ctx.version, edits, ctx.documentChanges),
  }];
}
