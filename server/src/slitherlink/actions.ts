/**
 * Slitherlink's code actions beyond the shared ones:
 * - from the suggestions a diagnostic carries (or the result published for the text): "Add hint V
 *   at (r, c)" on `multiple-solutions`, "Change / Remove hint at (r, c)" on `no-solution`; the
 *   worker computed them in phase 2 of the check, nothing is solved here (code actions are asked
 *   for on every cursor move and must never wait for the solver);
 * - the designer's refactorings: "Add the solution as a loop block" (a unique puzzle without one;
 *   the edit comes from the published solution) and "Make a minimal puzzle from the loop" (a file
 *   with one; runs the command in the worker).
 * On a tiling the suggestions name faces (their line and place in the file); the minimal puzzle
 * from a loop knows square cells only, so of the design tools only the loop block is offered there.
 */
import type { HintChoice, Suggestions } from '../analysis/result';
import { cellOf, placeName, solutionsPhrase } from '../findings/words';
import type { ActionInput, GenreAction, TextChange } from '../genres/genre';
import { Codes, MakePuzzleFromLoopCommand } from '../protocol-types';
import { hintIndex } from './cells';
import { hintChangeAt, loopBlockChange } from './design/edits';
import { intendedLoop } from './design/intendedLoop';
import type { SlitherlinkPuzzle } from './puzzle';

const MAX_ACTIONS = 8;

export const LOOP_BLOCK_TITLE = 'Add the solution as a loop block';
export const FROM_LOOP_TITLE = 'Make a minimal puzzle from the loop';

export function actions(input: ActionInput<SlitherlinkPuzzle>): GenreAction[] {
  return [...(input.wants('quickfix') ? suggestionFixes(input) : []), ...designActions(input)];
}

type Make = (title: string, changes: (TextChange | null)[], preferred: boolean) => void;

function suggestionFixes(input: ActionInput<SlitherlinkPuzzle>): GenreAction[] {
  const p = input.puzzle;
  const out: GenreAction[] = [];
  input.diagnostics.forEach((d, index) => {
    if (d.code !== Codes.multipleSolutions && d.code !== Codes.noSolution) return;
    // Clients that drop `data` still get the fixes, from the result published for this text.
    const verdict = d.code === Codes.multipleSolutions ? 'multiple' : 'none';
    const s = d.data?.suggestions ?? (input.result?.verdict === verdict ? input.result.suggestions : undefined);
    if (!s) return;
    const make: Make = (title, changes, preferred) => {
      if (changes.length === 0 || changes.some((e) => e === null)) return;
      out.push({ title, kind: 'quickfix', diagnostic: index, ...(preferred ? { preferred: true } : {}), changes: changes as TextChange[] });
    };
    if (verdict === 'multiple') uniqueFixes(p, s, make);
    else repairFixes(p, s, make);
  });
  return out;
}

function uniqueFixes(p: SlitherlinkPuzzle, s: Suggestions, make: Make): void {
  // An added hint goes on an empty cell; anything else means the data is not for this grid.
  const add = (h: HintChoice) => (p.hints[hintIndex(p, cellOf(h))] === -1 ? hintChangeAt(p, h, h.value) : null);
  const at = (h: HintChoice) => `${h.value} at ${placeName(h)}`;
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
    if (!(p.hints[hintIndex(p, cellOf(r))]! >= 0)) return; // a repair changes an existing hint
    const at = placeName(r);
    const gives = `gives ${solutionsPhrase(r.count)}`;
    const title = r.value === null ? `Remove hint at ${at} (${gives})` : `Change hint at ${at} to ${r.value} (${gives})`;
    make(title, [hintChangeAt(p, r, r.value)], k === 0 && r.count === '1');
  });
}

function designActions(input: ActionInput<SlitherlinkPuzzle>): GenreAction[] {
  const p = input.puzzle;
  if (input.problems > 0) return [];
  const out: GenreAction[] = [];
  if (!p.solutionRange && input.result && input.wants('refactor')) {
    const b = loopBlockChange(p, input.text, input.result);
    if (b) out.push({ title: LOOP_BLOCK_TITLE, kind: 'refactor', changes: [b.change] });
  }
  if (p.solution && input.wants('refactor.rewrite')) {
    // Offered only where the command can work: one simple loop that every hint agrees with.
    const loop = intendedLoop(p);
    if (loop && !loop.problem && loop.disagreements.length === 0) {
      out.push({ title: FROM_LOOP_TITLE, kind: 'refactor.rewrite', command: { command: MakePuzzleFromLoopCommand, arguments: [input.uri] } });
    }
  }
  return out;
}
