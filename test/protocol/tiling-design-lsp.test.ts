/**
 * The language server's designer help on a honeycomb, as on squares: a puzzle with no loop gets the
 * small set of hints that already has none (the diagnostic and its related places on those faces'
 * characters; the set checked again here to have no loop) and quick fixes that change one hint; a
 * puzzle with several loops gets the hints that make it unique, as a sentence and as quick fixes
 * that write the hint at the face's characters, and the puzzle after the fix is unique.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { checkText } from '../../server/src/genres/check';
import type { CellRef } from '../../server/src/analysis/result';
import { makeLattice, type Lattice } from '../../server/src/model/lattice';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { root, TestClient } from './lspClient';

const text = readFileSync(join(root, 'test/fixtures/lsp/honeycomb-10x10.slk'), 'utf8');
const puzzle = parseSlitherlink(text).puzzle as SlitherlinkPuzzle;
const lattice: Lattice = makeLattice(puzzle.tiling!);
const unique = checkText(text, 'slitherlink');

/** The text with face f's characters replaced. */
function withFace(t: string, p: SlitherlinkPuzzle, f: number, value: string): string {
  const r = p.cellRanges[f]!;
  const lines = t.split('\n');
  lines[r.line] = lines[r.line]!.slice(0, r.col) + value + lines[r.line]!.slice(r.endCol);
  return lines.join('\n');
}
const rangeOf = (f: number) => {
  const r = puzzle.cellRanges[f]!;
  return { start: { line: r.line, character: r.col }, end: { line: r.endLine, character: r.endCol } };
};
const place = (f: number) => `face ${f} (line ${lattice.rowOf[f]! + 1}, place ${f - lattice.rowOff[lattice.rowOf[f]!]! + 1})`;
const hinted = [...puzzle.hints.keys()].filter((f) => puzzle.hints[f]! >= 0);

// No loop: the first hint that, raised by one (or lowered at the face's maximum), leaves none.
const noneFace = hinted.find((f) => {
  const h = puzzle.hints[f]!;
  const v = h < lattice.faceSize(f) ? h + 1 : h - 1;
  return checkText(withFace(text, puzzle, f, String(v)), 'slitherlink', { redundant: false }).verdict === 'none';
})!;
const noneText = withFace(text, puzzle, noneFace, String(puzzle.hints[noneFace]! < lattice.faceSize(noneFace) ? puzzle.hints[noneFace]! + 1 : puzzle.hints[noneFace]! - 1));
// Several loops: a necessary hint taken away.
const redundant = new Set(unique.redundant!.map((c) => c.face));
const multiFace = hinted.find((f) => !redundant.has(f))!;
const multiText = withFace(text, puzzle, multiFace, '.');

const noneUri = 'file:///work/puzzles/honeycomb-none.slk';
const multiUri = 'file:///work/puzzles/honeycomb-multi.slk';

let client: TestClient;
let noneDiags: Diagnostic[];
let multiDiags: Diagnostic[];
beforeAll(async () => {
  client = await TestClient.start({
    capabilities: {
      textDocument: { codeAction: { dataSupport: true } },
      workspace: { workspaceEdit: { documentChanges: true }, applyEdit: true },
    },
  });
  client.open(noneUri, 'slitherlink', noneText);
  client.open(multiUri, 'slitherlink', multiText);
  noneDiags = await client.settled(noneUri, 1, 120_000);
  multiDiags = await client.settled(multiUri, 1, 120_000);
}, 150_000);
afterAll(async () => {
  await client?.stop();
});

describe('conflicting hints and hint suggestions on a honeycomb in the language server', () => {
  it('no loop: names the conflicting hints by face, line and place, on their characters; the set alone has no loop', async () => {
    expect(unique.verdict).toBe('unique');
    expect(noneFace).toBeGreaterThanOrEqual(0);
    const d = noneDiags.find((x) => x.code === 'no-solution')!;
    expect(d, JSON.stringify(noneDiags.map((x) => x.message))).toBeDefined();
    const r = await client.request<{ verdict: string; conflicts?: CellRef[]; conflictsMinimal?: boolean }>('linkpuzzle/result', { uri: noneUri });
    expect(r.verdict).toBe('none');
    const faces = r.conflicts!.map((c) => c.face!);
    expect(faces.length).toBeGreaterThan(0);
    const now = parseSlitherlink(noneText).puzzle as SlitherlinkPuzzle;
    const words = r.conflicts!.map((c) => `${now.hints[c.face!]} at ${place(c.face!)}`).join(', ');
    const caveat = r.conflictsMinimal ? '' : ' (not proven minimal';
    expect(d.message).toContain(`No solution. These ${faces.length} hint${faces.length === 1 ? '' : 's'} already have none${caveat}`);
    expect(d.message).toContain(words);
    expect(d.range).toEqual(rangeOf(faces[0]!));
    expect(d.relatedInformation!.map((x) => x.location.range)).toEqual(faces.slice(0, 20).map(rangeOf));
    expect(d.relatedInformation![0]!.message).toBe(`conflicting hint ${now.hints[faces[0]!]} at ${place(faces[0]!)}`);
    // Checked again here: the faces' hints alone have no loop, and every line and place is that face's.
    let only = noneText;
    for (const f of hinted) if (!faces.includes(f)) only = withFace(only, now, f, '.');
    expect(checkText(only, 'slitherlink', { redundant: false }).verdict).toBe('none');
    for (const c of r.conflicts!) expect([c.row, c.col]).toEqual([lattice.rowOf[c.face!], c.face! - lattice.rowOff[lattice.rowOf[c.face!]!]!]);
  });

  it('no loop: the repair quick fixes change one face\'s hint at its characters, and give what they say', async () => {
    const d = noneDiags.find((x) => x.code === 'no-solution')!;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: noneUri }, range: d.range, context: { diagnostics: [d] } });
    const fixes = actions.filter((a) => a.kind === 'quickfix' && /^(Change|Remove) hint at face/.test(a.title));
    expect(fixes.length, JSON.stringify(actions.map((a) => a.title))).toBeGreaterThan(0);
    for (const fix of fixes) {
      const m = /^(?:Change|Remove) hint at face (\d+) \(line \d+, place \d+\)(?: to (\d+))? \(gives (a unique solution|\d+ solutions)\)$/.exec(fix.title)!;
      expect(m, fix.title).not.toBeNull();
      const f = Number(m[1]);
      expect(fix.title).toContain(place(f));
      const edits = (fix.edit!.documentChanges![0] as { edits: TextEdit[] }).edits;
      expect(edits).toEqual([{ range: rangeOf(f), newText: m[2] ?? '.' }]);
      const after = withFace(noneText, puzzle, f, m[2] ?? '.');
      const check = checkText(after, 'slitherlink', { redundant: false });
      expect(m[3] === 'a unique solution' ? check.verdict : check.count).toBe(m[3] === 'a unique solution' ? 'unique' : m[3]!.split(' ')[0]);
    }
    // The sentence names the best repair the same way.
    expect(d.message).toMatch(/ (Changing the \d+ at face \d+ \(line \d+, place \d+\) to \d+|Removing the \d+ at face \d+ \(line \d+, place \d+\)) gives /);
  });

  it('several loops: the suggestion sentence and quick fixes name faces; the fix writes the hint there and the puzzle becomes unique', async () => {
    const d = multiDiags.find((x) => x.code === 'multiple-solutions')!;
    expect(d, JSON.stringify(multiDiags.map((x) => x.message))).toBeDefined();
    expect(d.message).toMatch(/^\d+ solutions: the puzzle is not unique\./);
    expect(d.message).toMatch(/ (Adding \d+ at face \d+ \(line \d+, place \d+\) makes it unique\.|One of \d+ single hints makes it unique\.)/);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: multiUri }, range: d.range, context: { diagnostics: [d] } });
    const fixes = actions.filter((a) => a.kind === 'quickfix' && a.title.startsWith('Add hint'));
    expect(fixes.length, JSON.stringify(actions.map((a) => a.title))).toBeGreaterThan(0);
    // The hint taken away is one of the singles.
    expect(fixes.some((a) => a.title === `Add hint ${puzzle.hints[multiFace]} at ${place(multiFace)} (makes the puzzle unique)`)).toBe(true);
    for (const fix of fixes.slice(0, 3)) {
      const m = /^Add hint (\d+) at face (\d+) \(line \d+, place \d+\) \(makes the puzzle unique\)$/.exec(fix.title)!;
      expect(m, fix.title).not.toBeNull();
      const f = Number(m[2]);
      const edits = (fix.edit!.documentChanges![0] as { edits: TextEdit[] }).edits;
      expect(edits).toEqual([{ range: rangeOf(f), newText: m[1] }]);
      expect(checkText(withFace(multiText, puzzle, f, m[1]!), 'slitherlink', { redundant: false }).verdict).toBe('unique');
    }
    // Applied through the client: the document becomes unique in the server's own check.
    const first = fixes[0]!;
    const [version] = client.applyWorkspaceEdit(first.edit!);
    const after = await client.settled(multiUri, version!, 120_000);
    expect(after.some((x) => x.code === 'multiple-solutions' || x.code === 'no-solution')).toBe(false);
    const r = await client.request<{ verdict: string }>('linkpuzzle/result', { uri: multiUri });
    expect(r.verdict).toBe('unique');
  });
});
