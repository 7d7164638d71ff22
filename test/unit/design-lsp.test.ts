import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { checkText } from '../../server/src/genres/check';
import { findSuggestions } from '../../server/src/slitherlink/design/suggestions';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { genreActions } from '../../server/src/lsp/genreActions';

/** The genre's quick fixes (Slitherlink's from its suggestions). */
const suggestActions = (ctx: never, diagnostics: Diagnostic[]) => genreActions(ctx, diagnostics, ['quickfix']);
import { Codes, DiagnosticSource } from '../../server/src/protocol-types';

const uri = 'file:///t.slk';
const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };

function setup(text: string) {
  const { puzzle, problems } = parseSlitherlink(text);
  const result = checkText(text, 'slitherlink');
  const suggestions = findSuggestions(puzzle as SlitherlinkPuzzle);
  const ctx = {
    uri, version: 1, key: 'k1', documentChanges: false,
    parsed: { version: 1, text, puzzle, problems, ms: 0 },
    result: result as never,
  };
  const apply = (edits: never[]) => TextDocument.applyEdits(TextDocument.create(uri, 'slitherlink', 1, text), edits);
  return { ctx, suggestions, result, apply };
}

describe('LSP: quick fixes read the suggestions a diagnostic carries (nothing solved on the main thread)', () => {
  it('add-a-hint fixes on the several-solutions diagnostic each give a unique puzzle', () => {
    const { ctx, suggestions, result, apply } = setup('. 3 . .\n. 2 . 1\n. . 2 .\n3 . . .\n');
    expect(result.verdict).toBe('multiple');
    const diag: Diagnostic = { range: zero, message: 'several', source: DiagnosticSource, code: Codes.multipleSolutions, data: { key: 'k1', suggestions } };
    const actions = suggestActions(ctx as never, [diag]);
    expect(actions.length).toBe(suggestions.singles.length);
    expect(actions[0]!.isPreferred).toBe(true);
    for (const a of actions) {
      expect(a.title).toMatch(/^Add hint [0-4] at \(\d+, \d+\) \(makes the puzzle unique\)$/);
      expect(checkText(apply(a.edit!.changes![uri] as never[]), 'slitherlink', { redundant: false }).verdict).toBe('unique');
    }
    // no actions without the diagnostic, nor from a diagnostic of other text
    expect(suggestActions(ctx as never, [])).toEqual([]);
    expect(suggestActions(ctx as never, [{ ...diag, data: { key: 'other', suggestions } }])).toEqual([]);
  });

  it('a pair when no single hint suffices; repairs on the no-solution diagnostic', () => {
    const m = setup('3..\n...\n..3\n');
    expect(m.suggestions.singles).toEqual([]);
    const pair = suggestActions(m.ctx as never, [{ range: zero, message: '', code: Codes.multipleSolutions, data: { key: 'k1', suggestions: m.suggestions } }]);
    const both = pair.find((a) => a.title.startsWith('Add hints '))!;
    expect(both.title).toMatch(/^Add hints [0-4] at \(\d+, \d+\) and [0-4] at \(\d+, \d+\) \((makes the puzzle unique|leaves \d+ solutions)\)$/);
    const after = checkText(m.apply(both.edit!.changes![uri] as never[]), 'slitherlink');
    expect(after.count).toBe(m.suggestions.pair!.count);

    const n = setup('4 . 1\n. . .\n. . 3\n');
    expect(n.result.verdict).toBe('none');
    // a client that drops `data` gets the fixes from the published result
    const ctx = { ...n.ctx, result: { ...n.result, suggestions: n.suggestions } };
    const repairs = suggestActions(ctx as never, [{ range: zero, message: '', code: Codes.noSolution }]);
    expect(repairs.length).toBeGreaterThan(0);
    for (const a of repairs) {
      expect(a.title).toMatch(/^(Remove hint at \(\d+, \d+\)|Change hint at \(\d+, \d+\) to [0-4]) \(gives (a unique solution|\d+ solutions)\)$/);
      const r = checkText(n.apply(a.edit!.changes![uri] as never[]), 'slitherlink', { redundant: false });
      expect(['unique', 'multiple']).toContain(r.verdict);
    }
  });
});
