/**
 * Findings are computed in the core, protocol-neutral (findings/), one module per kind; the LSP
 * converts them in one place. Here: what each verdict yields, where it points, and that the
 * conversion keeps code, severity, place, related cells and the data the quick fixes read.
 */
import { describe, expect, it } from 'vitest';
import { runJob } from '../../server/src/worker/run';
import { findings as findingsOf } from '../../server/src/genres/findings';
import { toDiagnostic } from '../../server/src/lsp/diagnostics';
import { parsePuzzle } from '../../server/src/genres/index';
import type { Analysis, JobOptions } from '../../server/src/worker/protocol';
import type { PuzzleKind } from '../../server/src/model/puzzle';

const options: JobOptions = { limits: { timeMs: 20_000, maxNodes: 2_000_000 }, redundant: true, conflicts: true, suggest: true };

function analyse(kind: PuzzleKind, text: string) {
  const out = runJob({ type: 'check', kind, text, options }, {});
  if (out.type !== 'check') throw new Error('not a check');
  const { puzzle } = parsePuzzle(text, kind);
  return { puzzle, analysis: out.analysis as Analysis, findings: findingsOf(puzzle, out.analysis) };
}

describe('findings', () => {
  it('unique Slitherlink: each redundant hint at its cell (faded), then the summary on the grid', () => {
    const { findings } = analyse('slitherlink', '3 3\n');
    expect(findings.map((f) => [f.code, f.severity, f.at])).toEqual([
      ['redundant-hint', 'hint', { cell: { row: 0, col: 0 } }],
      ['redundant-hint', 'hint', { cell: { row: 0, col: 1 } }],
      ['redundant-summary', 'information', { grid: true }],
    ]);
    expect(findings[0]!.unnecessary).toBe(true);
    expect(findings[0]!.message).toBe('Redundant hint 3 at (1, 1): on its own, the solution stays unique without it.');
  });

  it('none: the conflicting givens, at the first of them, each a related cell', () => {
    const { findings } = analyse('slitherlink', '4 4\n');
    expect(findings).toHaveLength(1);
    const f = findings[0]!;
    expect([f.code, f.severity]).toEqual(['no-solution', 'error']);
    expect(f.message).toMatch(/^No solution\. These \d hints? already have none: /);
    expect(f.related?.length).toBeGreaterThan(0);
    expect(f.at).toEqual({ cell: f.related![0]!.cell });
  });

  it('multiple: where two solutions differ', () => {
    const { findings } = analyse('numberlink', '3 3\nA..\n...\n..A\n');
    const f = findings[0]!;
    expect([f.code, f.severity]).toEqual(['multiple-solutions', 'warning']);
    expect(f.message).toMatch(/^12 solutions: the puzzle is not unique\. Two of them differ at \d+ cells\./);
    expect(f.related!.every((r) => /^cell \(\d, \d\): /.test(r.message))).toBe(true);
  });

  it('Numberlink, unique but not covering: the empty cells', () => {
    const { findings } = analyse('numberlink', '3 1\naa.\n');
    expect(findings.map((f) => f.code)).toEqual(['not-covering']);
    expect(findings[0]!.at).toEqual({ cell: { row: 0, col: 2 } });
    expect(findings[0]!.related).toEqual([{ cell: { row: 0, col: 2 }, message: 'cell (1, 3) is not used' }]);
  });

  it('invalid: the parse problems at their ranges', () => {
    const { findings } = analyse('slitherlink', '3 x\n');
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((f) => f.severity === 'error' && 'range' in f.at)).toBe(true);
  });

  it('one conversion to LSP: range of the cell, severity, tags, related locations, data with the key', () => {
    const { puzzle, findings } = analyse('numberlink', '3 1\naa.\n');
    const d = toDiagnostic('file:///a.nlk', puzzle, findings[0]!, 'k1');
    expect(d).toMatchObject({
      range: { start: { line: 1, character: 2 }, end: { line: 1, character: 3 } },
      severity: 2, code: 'not-covering', source: 'linkpuzzle', data: { key: 'k1' },
      relatedInformation: [{ location: { uri: 'file:///a.nlk' }, message: 'cell (1, 3) is not used' }],
    });
    const hint = analyse('slitherlink', '3 3\n');
    const r = toDiagnostic('file:///a.slk', hint.puzzle, hint.findings[1]!, 'k2');
    expect(r).toMatchObject({ severity: 4, tags: [1], data: { key: 'k2', row: 0, col: 1 }, range: { start: { line: 0, character: 2 } } });
  });
});
