/**
 * Quick fixes from the suggestions a Slitherlink diagnostic carries in its `data`: "Add hint V at
 * (r, c)" on `multiple-solutions`, "Change / Remove hint at (r, c)" on `no-solution`. The worker
 * computed them in phase 2 of the check (design/suggestions.ts); nothing is solved here, since
 * code actions are asked for on every cursor move and must never wait for the solver.
 */
import { CodeAction, CodeActionKind, Diagnostic, TextEdit } from 'vscode-languageserver';
import type { HintChoice, Suggestions } from '../slitherlink/design/suggestions';
import type { SlitherlinkPuzzle } from '../model/puzzle';
import { workspaceEdit, type ActionContext } from './codeActions';
import { cellName, solutionsPhrase, type DiagnosticData } from './diagnostics';
import { cellEdit } from './gridEdits';
import { Codes, DiagnosticSource } from '../protocol-types';

const MAX_ACTIONS = 8;

export function suggestActions(ctx: ActionContext, diagnostics: Diagnostic[]): CodeAction[] {
  const p = ctx.parsed.puzzle;
  // Suggestions name square cells: none on tilings (the worker computes none there either).
  if (!p || p.kind !== 'slitherlink' || p.tiling) return [];
  const actions: CodeAction[] = [];
  for (const d of diagnostics ?? []) {
    if (d.source !== undefined && d.source !== DiagnosticSource) continue;
    if (d.code !== Codes.multipleSolutions && d.code !== Codes.noSolution) continue;
    const data = (d.data ?? {}) as DiagnosticData;
    // A diagnostic computed for other text names cells that may have changed since.
    if (data.key !== undefined && data.key !== ctx.key) continue;
    // Clients that drop `data` still get the fixes, from the result published for this text.
    const verdict = d.code === Codes.multipleSolutions ? 'multiple' : 'none';
    const s = data.suggestions ?? (ctx.result?.verdict === verdict ? ctx.result.suggestions : undefined);
    if (!s) continue;
    const make = (title: string, edits: (TextEdit | null)[], preferred: boolean): void => {
      if (edits.length === 0 || edits.some((e) => e === null)) return;
      actions.push({
        title,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        ...(preferred ? { isPreferred: true } : {}),
        edit: workspaceEdit(ctx.uri, ctx.version, edits as TextEdit[], ctx.documentChanges),
      });
    };
    if (verdict === 'multiple') uniqueFixes(p, s, make);
    else repairFixes(p, s, make);
  }
  return actions;
}

type Make = (title: string, edits: (TextEdit | null)[], preferred: boolean) => void;

function uniqueFixes(p: SlitherlinkPuzzle, s: Suggestions, make: Make): void {
  // An added hint goes on an empty cell; anything else means the data is not for this grid.
  const add = (h: HintChoice) => (p.hints[h.row * p.cols + h.col] === -1 ? cellEdit(p, h.row, h.col, h.value) : null);
  const at = (h: HintChoice) => `${h.value} at ${cellName(h.row, h.col)}`;
  s.singles.slice(0, MAX_ACTIONS).forEach((h, k) => make(`Add hint ${at(h)} (makes the puzzle unique)`, [add(h)], k === 0));
  if (s.singles.length > 0) return;
  if (s.pair) {
    const { first, second, count } = s.pair;
    const what = count === '1' ? 'makes the puzzle unique' : `leaves ${count} solutions`;
    make(`Add hints ${at(first)} and ${at(second)} (${what})`, [add(first), add(second)], false);
  }
  if (s.bestSingle) make(`Add hint ${at(s.bestSingle)} (leaves ${s.bestSingle.count} solutions)`, [add(s.bestSingle)], false);
}

function repairFixes(p: SlitherlinkPuzzle, s: Suggestions, make: Make): void {
  (s.repairs ?? []).slice(0, MAX_ACTIONS).forEach((r, k) => {
    if (p.hints[r.row * p.cols + r.col]! < 0) return; // a repair changes an existing hint
    const at = cellName(r.row, r.col);
    const gives = `gives ${solutionsPhrase(r.count)}`;
    const title = r.value === null ? `Remove hint at ${at} (${gives})` : `Change hint at ${at} to ${r.value} (${gives})`;
    make(title, [cellEdit(p, r.row, r.col, r.value)], k === 0 && r.count === '1');
  });
}
