/**
 * Quick fixes "Add hint V at R,C (makes the puzzle unique)" on the several-solutions diagnostic
 * of a Slitherlink file (design/makeUnique.ts). Computed on request, with a small time budget,
 * and cached per text (content key), since code actions are asked for on every cursor move.
 */
import { CodeAction, CodeActionKind, Diagnostic, TextEdit } from 'vscode-languageserver';
import { suggestHints, type MakeUniqueResult } from '../design/makeUnique';
import { cellName, toLspRange } from './diagnostics';
import { workspaceEdit, type ActionContext } from './codeActions';
import { Codes, DiagnosticSource } from './protocol';

const cache = new Map<string, MakeUniqueResult>();
const MAX_ACTIONS = 8;

export function suggestActions(ctx: ActionContext, diagnostics: Diagnostic[], budgetMs = 1500): CodeAction[] {
  const ours = (diagnostics ?? []).filter((d) => (d.source === undefined || d.source === DiagnosticSource) && d.code === Codes.multipleSolutions);
  const p = ctx.parsed.puzzle;
  if (ours.length === 0 || !p || p.kind !== 'slitherlink' || ctx.result?.verdict !== 'multiple') return [];
  let r = cache.get(ctx.key);
  if (!r) {
    r = suggestHints(p.rows, p.cols, p.hints, { control: { limits: { timeMs: budgetMs, maxNodes: 2_000_000 } }, pairCandidates: 0 });
    if (cache.size > 32) cache.clear();
    cache.set(ctx.key, r);
  }
  const actions: CodeAction[] = [];
  for (const s of r.singles.slice(0, MAX_ACTIONS)) {
    const range = p.cellRanges[s.row * p.cols + s.col];
    if (!range) continue;
    actions.push({
      title: `Add hint ${s.value} at ${cellName(s.row, s.col)} (makes the puzzle unique)`,
      kind: CodeActionKind.QuickFix,
      diagnostics: ours,
      edit: workspaceEdit(ctx.uri, ctx.version, [TextEdit.replace(toLspRange(range), String(s.value))], ctx.documentChanges),
    });
  }
  return actions;
}
