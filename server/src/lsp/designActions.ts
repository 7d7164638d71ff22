/**
 * The designer's refactorings of a `.slk` file as code actions: "Add the solution as a loop
 * block" (a unique puzzle without one; the edit comes from the published solution, no solving)
 * and "Make a minimal puzzle from the loop" (a file with one; runs the command in the worker).
 */
import { CodeAction, CodeActionKind, type TextEdit } from 'vscode-languageserver';
import type { CheckResult } from '../analysis/result';
import { insideOfLoop, intendedLoop } from '../slitherlink/design/intendedLoop';
import { writeSolutionBlock } from '../exchange/text';
import type { SlitherlinkPuzzle } from '../model/puzzle';
import { wants, workspaceEdit, type ActionContext } from './codeActions';
import { appendEdit, lineEnd } from './gridEdits';
import { MakePuzzleFromLoopCommand } from '../protocol-types';

export const LOOP_BLOCK_TITLE = 'Add the solution as a loop block';
export const FROM_LOOP_TITLE = 'Make a minimal puzzle from the loop';

/** The `---` block of a unique puzzle's solution and its insertion at the end of `text`. */
export function loopBlockEdit(p: SlitherlinkPuzzle, text: string, result: CheckResult): { block: string; edit: TextEdit } | null {
  if (result.verdict !== 'unique' || !result.solution || !('edges' in result.solution)) return null;
  const inside = insideOfLoop(p.rows, p.cols, result.solution.edges);
  const block = writeSolutionBlock(p.rows, p.cols, inside, lineEnd(text));
  return { block, edit: appendEdit(text, block) };
}

export function designActions(ctx: ActionContext, only: string[] | undefined): CodeAction[] {
  const p = ctx.parsed.puzzle;
  // The loop block and the design commands know square grids only: none on tilings yet.
  if (!p || p.kind !== 'slitherlink' || ctx.parsed.problems.length > 0 || p.tiling) return [];
  const actions: CodeAction[] = [];
  if (!p.solutionRange && ctx.result && wants(only, CodeActionKind.Refactor)) {
    const b = loopBlockEdit(p, ctx.parsed.text, ctx.result);
    if (b) {
      actions.push({ title: LOOP_BLOCK_TITLE, kind: CodeActionKind.Refactor, edit: workspaceEdit(ctx.uri, ctx.version, [b.edit], ctx.documentChanges) });
    }
  }
  if (p.solution && wants(only, CodeActionKind.RefactorRewrite)) {
    // Offered only where the command can work: one simple loop that every hint agrees with.
    const loop = intendedLoop(p);
    if (loop && !loop.problem && loop.disagreements.length === 0) {
      actions.push({
        title: FROM_LOOP_TITLE,
        kind: CodeActionKind.RefactorRewrite,
        command: { title: FROM_LOOP_TITLE, command: MakePuzzleFromLoopCommand, arguments: [ctx.uri] },
      });
    }
  }
  return actions;
}
