/**
 * Redundant hints are redundant one at a time: the server says how many can go together (the
 * pass of "Remove all redundant hints", run as the check's last phase), in the published result,
 * the hover and one Information diagnostic that the Problems panel lists, whose quick fix removes
 * exactly that set; the fix-all gives the same set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, Diagnostic, Hover, TextEdit } from 'vscode-languageserver-protocol';
import { checkText } from '../../server/src/genres/check';
import type { CellRef } from '../../server/src/analysis/result';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { root, TestClient } from './lspClient';

const slk = (name: string) => readFileSync(join(root, 'test/fixtures/slitherlink', name), 'utf8');
const uriOf = (name: string) => `file:///work/together/${name}`;
const ours = (d: Diagnostic[], code: string) => d.filter((x) => x.source === 'linkpuzzle' && x.code === code);

/** The cells whose hint characters an edit blanks (every edit must be one hint -> '.'). */
function blanked(text: string, edits: TextEdit[]): CellRef[] {
  const p = parseSlitherlink(text).puzzle!;
  return edits.map((e) => {
    expect(e.newText).toBe('.');
    const i = p.cellRanges.findIndex((r) => r.line === e.range.start.line && r.col === e.range.start.character);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(p.hints[i]).toBeGreaterThanOrEqual(0);
    return { row: Math.floor(i / p.cols), col: i % p.cols };
  });
}

const byCell = (a: CellRef, b: CellRef) => a.row - b.row || a.col - b.col;

let client: TestClient;
beforeAll(async () => {
  client = await TestClient.start({ capabilities: { window: { workDoneProgress: true } } });
});
afterAll(async () => {
  await client?.stop();
});

describe('redundant hints together', () => {
  const name = '515_10x10.slk';
  const text = slk(name);
  const uri = uriOf(name);
  // Independent of the server: the CLI's check (same pass, run in-process here).
  const expected = checkText(text, 'slitherlink');

  it('publishes the redundant hints first, then (still pending meanwhile) which of them can go together', async () => {
    expect(expected.redundant!.length).toBe(18);
    expect(expected.redundantTogether!.length).toBe(10);
    client.open(uri, 'slitherlink', text);
    const done = await client.waitFor('linkpuzzle/resultChanged', (p) => p.uri === uri && !p.result.extrasPending, 60_000);
    expect(done.params.result.redundant).toEqual(expected.redundant);
    expect(done.params.result.redundantTogether).toEqual(expected.redundantTogether);
    expect(done.params.result.redundantTogetherStopped).toBeUndefined();
    const results = client.events.filter((e) => e.method === 'linkpuzzle/resultChanged' && e.params.uri === uri).map((e) => e.params.result);
    // Before the last: the redundant hints known, the together set pending.
    const pending = results.find((r) => r.redundant && r.extrasPending);
    expect(pending).toBeDefined();
    expect(pending.redundantTogether).toBeUndefined();
    expect(await client.request('linkpuzzle/result', { uri })).toMatchObject({ redundantTogether: expected.redundantTogether });
  });

  it('lists one Information diagnostic that says it, whose quick fix removes exactly that set', async () => {
    const diags = await client.settled(uri, 1);
    const [summary, ...more] = ours(diags, 'redundant-summary');
    expect(more).toEqual([]);
    expect(summary!.severity).toBe(3); // Information: the Problems panel lists it (it hides Hint)
    expect(summary!.message).toBe(
      '18 hints are redundant one at a time, but they cannot all go: Remove all redundant hints removes 10 (8 stay needed once those are gone).',
    );
    expect(ours(diags, 'redundant-hint')).toHaveLength(18);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: summary!.range,
      context: { diagnostics: [summary], only: ['quickfix'] },
    });
    const fix = actions.find((a) => a.diagnostics?.some((d) => d.code === 'redundant-summary'))!;
    expect(fix.title).toBe('Remove all redundant hints: 10 hints that can go together');
    expect(fix.kind).toBe('quickfix');
    const edits = fix.edit!.changes![uri]!;
    expect(blanked(text, edits).sort(byCell)).toEqual(expected.redundantTogether!.slice().sort(byCell));
  });

  it('hover on a redundant hint says it is redundant on its own, how many can go together, and whether it is among them', async () => {
    const p = parseSlitherlink(text).puzzle!;
    const hoverAt = async (c: CellRef) => {
      const r = p.cellRanges[c.row * p.cols + c.col]!;
      const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: r.line, character: r.col } });
      return (h.contents as { value: string }).value;
    };
    const together = (c: CellRef) => expected.redundantTogether!.some((t) => t.row === c.row && t.col === c.col);
    const goes = expected.redundantTogether!.find((c) => c.row > 0)!;
    const stays = expected.redundant!.find((c) => !together(c) && c.row > 0)!;
    const sentence = '18 hints are redundant one at a time, but they cannot all go: *Remove all redundant hints* removes 10 (8 stay needed once those are gone).';
    const a = await hoverAt(goes);
    expect(a).toContain('**Redundant on its own**: removing this hint alone keeps the solution unique.');
    expect(a).toContain(`${sentence} This one is among those it removes.`);
    expect(await hoverAt(stays)).toContain('This one stays.');
    // On the first row the summary diagnostic (shown in the same hover by editors) says it already.
    const first = expected.redundantTogether!.find((c) => c.row === 0)!;
    const b = await hoverAt(first);
    expect(b).toContain('**Redundant on its own**');
    expect(b).not.toContain(sentence);
    expect(b).toContain('*Remove all redundant hints* removes this one.');
  });

  it('the fix-all removes the same set (reused, not recomputed differently)', async () => {
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'] },
    });
    const all = actions.find((a) => a.kind === 'source.fixAll.linkpuzzle')!;
    expect(all.title).toBe('Remove all redundant hints (10)');
    const edits = all.edit!.changes![uri]!;
    expect(blanked(text, edits).sort(byCell)).toEqual(expected.redundantTogether!.slice().sort(byCell));
    // Applied: the puzzle left is unique (an independent re-check), and the summary is gone.
    const [v2] = client.applyWorkspaceEdit(all.edit!);
    const after = client.text(uri);
    const left = checkText(after, 'slitherlink', { redundant: false });
    expect(left.verdict).toBe('unique');
    expect(left.solution).toEqual(expected.solution);
    const diags = await client.settled(uri, v2!, 60_000);
    expect(ours(diags, 'redundant-summary')).toEqual([]);
    expect(ours(diags, 'redundant-hint')).toEqual([]);
  });
});
