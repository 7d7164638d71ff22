import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseSlitherlink } from '../../server/src/parse/index';
import { checkText } from '../../server/src/analysis/check';
import { suggestActions } from '../../server/src/lsp/suggest';
import { Codes, DiagnosticSource } from '../../server/src/lsp/protocol';

describe('LSP: add-a-hint quick fixes on the several-solutions diagnostic', () => {
  it('each action, applied, gives a unique puzzle', () => {
    const text = '. 3 . .\n. 2 . 1\n. . 2 .\n3 . . .\n';
    const { puzzle, problems } = parseSlitherlink(text);
    const result = checkText(text, 'slitherlink');
    expect(result.verdict).toBe('multiple');
    const uri = 'file:///t.slk';
    const ctx = {
      uri, version: 1, key: 'k1', documentChanges: false,
      parsed: { version: 1, text, puzzle, problems, ms: 0 },
      result: result as never,
    };
    const diag = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message: 'several', source: DiagnosticSource, code: Codes.multipleSolutions };
    const actions = suggestActions(ctx as never, [diag]);
    expect(actions.length).toBeGreaterThan(0);
    for (const a of actions) {
      expect(a.title).toMatch(/^Add hint [0-4] at .* \(makes the puzzle unique\)$/);
      const edits = a.edit!.changes![uri];
      const doc = TextDocument.create(uri, 'slitherlink', 1, text);
      const after = TextDocument.applyEdits(doc, edits);
      expect(checkText(after, 'slitherlink', { redundant: false }).verdict).toBe('unique');
    }
    // no actions without the diagnostic
    expect(suggestActions(ctx as never, [])).toEqual([]);
  });
});
