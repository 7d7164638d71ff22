/**
 * The language server on a tiling (a honeycomb from Loopy's game ID): redundant-hint diagnostics on
 * the face's own characters (puzzle.cellRanges[face], never row * cols + col), quick fixes that
 * remove exactly that hint, hover describing the face and the loop around it, *Remove all
 * redundant hints* (fix-all, the summary's fix, the command) removing exactly the faces the check
 * says can go together, the solution block (Draw loop's toggle, the loop block from the solution,
 * the intended-loop diagnostics, hints from the loop) on a honeycomb, and the designer's commands
 * on a loop (the minimal puzzle from it, the count of its puzzles) on a honeycomb.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, Diagnostic, Hover, TextEdit } from 'vscode-languageserver-protocol';
import { checkText } from '../../server/src/genres/check';
import type { LoopSolution } from '../../server/src/analysis/result';
import { makeLattice } from '../../server/src/model/lattice';
import { latticeHintsOfEdges, latticeInsideOfEdges, latticeLoopDefects, latticeLoopEdges } from '../../server/src/model/latticeLoop';
import { writeFaceSolutionBlock } from '../../server/src/slitherlink/exchange/write';
import { allCycles, faceCounts } from '../unit/tiling-cycles';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { root, TestClient } from './lspClient';

// The honeycomb has 10 faces on each of its 10 lines (face = line * 10 + place, as on squares); the
// snub-square 13 on its first line and 20 on the others, so only the face number finds a face's text.
const honey = load('honeycomb-10x10.slk');
const snub = load('snubsquare-7x7.slk');

function load(file: string) {
  const text = readFileSync(join(root, 'test/fixtures/lsp', file), 'utf8');
  const puzzle = parseSlitherlink(text).puzzle as SlitherlinkPuzzle;
  return { text, puzzle, expected: checkText(text, 'slitherlink'), lattice: makeLattice(puzzle.tiling!), uri: `file:///work/puzzles/${file}` };
}

// The snub-square's, for the tests that need faces not at line * width + place.
const { text, puzzle, expected, lattice, uri } = snub;

const rangeIn = (p: SlitherlinkPuzzle, f: number) => {
  const r = p.cellRanges[f]!;
  return { start: { line: r.line, character: r.col }, end: { line: r.endLine, character: r.endCol } };
};
const rangeOf = (f: number) => rangeIn(puzzle, f);

let client: TestClient;
let diags: Diagnostic[];
beforeAll(async () => {
  client = await TestClient.start({
    capabilities: {
      textDocument: { codeAction: { dataSupport: true } },
      workspace: { workspaceEdit: { documentChanges: true }, applyEdit: true },
    },
  });
  const done = (d: Diagnostic[]) => d.some((x) => x.code === 'redundant-summary') && !/finding how many/.test(d.find((x) => x.code === 'redundant-summary')!.message);
  client.open(uri, 'slitherlink', text);
  client.open(honey.uri, 'slitherlink', honey.text);
  diags = await client.diagnostics(uri, 1, done, 120_000);
  await client.diagnostics(honey.uri, 1, done, 120_000);
}, 150_000);
afterAll(async () => {
  await client?.stop();
});

describe('tilings in the language server', () => {
  it('puts each redundant-hint diagnostic on its face\'s characters', () => {
    expect(expected.verdict).toBe('unique');
    const faces = expected.redundant!.map((c) => c.face!);
    // The test means something only if some face's index differs from row * cols + col of its line and place.
    expect(expected.redundant!.some((c) => c.face !== c.row * puzzle.cols + c.col)).toBe(true);
    const redundant = diags.filter((d) => d.code === 'redundant-hint');
    expect(redundant).toHaveLength(faces.length);
    for (const f of faces) {
      const d = redundant.find((x) => (x.data as { face?: number }).face === f);
      expect(d, `face ${f}`).toBeDefined();
      expect(d!.range).toEqual(rangeOf(f));
      expect(d!.message).toContain(`hint ${puzzle.hints[f]} at face ${f}`);
    }
    expect(diags.filter((d) => d.severity === 1)).toEqual([]);
    // The summary names *Remove all redundant hints*, which works on tilings.
    const summary = diags.find((d) => d.code === 'redundant-summary')!;
    expect(summary.message).toContain(`Remove all redundant hints removes ${expected.redundantTogether!.length}`);
  });

  it('quick fix removes exactly that hint', async () => {
    const f = expected.redundant!.find((c) => c.face !== c.row * puzzle.cols + c.col)!.face!;
    const d = diags.find((x) => x.code === 'redundant-hint' && (x.data as { face?: number }).face === f)!;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
    const fixes = actions.filter((a) => a.kind === 'quickfix');
    expect(fixes).toHaveLength(1);
    expect(fixes[0]!.title).toBe(`Remove redundant hint ${puzzle.hints[f]} at face ${f} (line ${lattice.rowOf[f]! + 1}, place ${f - lattice.rowOff[lattice.rowOf[f]!]! + 1})`);
    const edits = (fixes[0]!.edit!.documentChanges![0] as { edits: TextEdit[] }).edits;
    expect(edits).toEqual([{ range: rangeOf(f), newText: '.' }]);
    // The fix-all and, as on squares, the solution written as a loop block; no suggestions on a tiling.
    const n = expected.redundantTogether!.length;
    // (listed without its edit; asked for by kind, computed)
    expect(actions.map((a) => a.title)).toEqual([fixes[0]!.title, 'Add the solution as a loop block', 'Remove all redundant hints']);
    const all = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri }, range: d.range, context: { diagnostics: [], only: ['source.fixAll.linkpuzzle', 'refactor'] },
    });
    expect(all.map((a) => a.title)).toEqual(['Add the solution as a loop block', `Remove all redundant hints (${n})`]);
    // Its edit blanks exactly the faces that can go together.
    const listed = all.find((a) => a.title.startsWith('Remove all'))!;
    const fixAll = listed.edit ? listed : await client.request<CodeAction>('codeAction/resolve', listed);
    expect((fixAll.edit!.documentChanges![0] as { edits: TextEdit[] }).edits).toEqual(expected.redundantTogether!.map((c) => ({ range: rangeOf(c.face!), newText: '.' })));
  });

  it('hover on a snub-square tells squares from triangles', async () => {
    const loop = new Set((expected.solution as LoopSolution).edgeIds);
    for (const sides of [3, 4]) {
      const f = [...puzzle.hints.keys()].find((x) => lattice.faceSize(x) === sides && x > 13)!;
      const r = puzzle.cellRanges[f]!;
      const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: r.line, character: r.col } });
      const value = (hover.contents as { value: string }).value;
      const on = Array.from(lattice.edgesOf(f)).filter((e) => loop.has(e)).length;
      expect(value).toContain(`**Face ${f}**`);
      expect(value).toContain(`${sides === 3 ? 'triangle' : 'square'}, ${sides} sides, ${on} of them on the loop`);
      expect(hover.range).toEqual(rangeOf(f));
    }
  });

  it('hover describes the face: its shape, its hint, and how many of its sides the loop uses', async () => {
    const { puzzle, expected, lattice, uri } = honey;
    const rangeOf = (f: number) => rangeIn(puzzle, f);
    const loop = new Set((expected.solution as LoopSolution).edgeIds);
    const on = (f: number) => Array.from(lattice.edgesOf(f)).filter((e) => loop.has(e)).length;
    const hinted = [...puzzle.hints.keys()].find((f) => puzzle.hints[f]! >= 0 && f > puzzle.cols && f % puzzle.cols !== 0)!;
    const empty = [...puzzle.hints.keys()].find((f) => puzzle.hints[f]! < 0 && f > puzzle.cols)!;
    for (const f of [hinted, empty]) {
      const r = puzzle.cellRanges[f]!;
      const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: r.line, character: r.col } });
      const value = (hover.contents as { value: string }).value;
      expect(hover.range).toEqual(rangeOf(f));
      expect(value).toContain(`**Face ${f}**`);
      expect(value).toContain(`hexagon, 6 sides, ${on(f)} of them on the loop`);
      expect(value).not.toContain('4 sides');
      if (f === hinted) expect(on(f)).toBe(puzzle.hints[f]);
    }
    // A redundant hint's hover says so.
    const red = expected.redundant![0]!.face!;
    const r = puzzle.cellRanges[red]!;
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: r.line, character: r.col } });
    expect((hover.contents as { value: string }).value).toContain('Redundant on its own');
  });

  it('makes the minimal puzzle from a honeycomb\'s loop: hint characters only, on the version it started from, unique and minimal by the check', async () => {
    // The honeycomb's own loop as a block after its grid: the file's hints are kept where possible.
    const loop = new Uint8Array(honey.lattice.edgeCount);
    for (const e of (honey.expected.solution as LoopSolution).edgeIds!) loop[e] = 1;
    const block = writeFaceSolutionBlock(honey.lattice.rowOff, latticeInsideOfEdges(honey.lattice, loop));
    const start = honey.text + block;
    const loopUri = 'file:///work/puzzles/honeycomb-loop.slk';
    client.open(loopUri, 'slitherlink', start);
    await client.settled(loopUri, 1, 120_000);
    expect(await client.request('linkpuzzle/commandState', { command: 'linkpuzzle.makePuzzleFromLoop', uri: loopUri })).toBeNull();
    // Offered as a refactoring too, as on squares.
    const rewrite = (await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: loopUri }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ['refactor.rewrite'] },
    })).find((a) => a.title === 'Make a minimal puzzle from the loop');
    expect(rewrite?.command).toMatchObject({ command: 'linkpuzzle.makePuzzleFromLoop', arguments: [loopUri] });
    const r = await client.request<{ applied: boolean; hints: number; minimal: boolean; message: string }>(
      'workspace/executeCommand', { command: 'linkpuzzle.makePuzzleFromLoop', arguments: [loopUri, { seed: 2 }] });
    expect(r).toMatchObject({ applied: true, minimal: true });
    expect(r.message).toMatch(/^\d+ hints, minimal \(\d+ checks, \d+ ms\)/);
    // One edit, on version 1: version 2 differs from the text only at hint characters.
    expect(client.docs.get(loopUri)!.version).toBe(2);
    const after = client.text(loopUri);
    const a = after.split('\n'), b = start.split('\n');
    expect(a.length).toBe(b.length);
    b.forEach((line, i) => {
      if (line.startsWith('#') || i > b.indexOf('---')) return expect(a[i]).toBe(line);
      for (let k = 0; k < Math.max(line.length, a[i]!.length); k++) if (a[i]![k] !== line[k]) expect(`${line[k]}${a[i]![k]}`).toMatch(/^[.0-6][.0-6]$/);
    });
    const p = parseSlitherlink(after).puzzle as SlitherlinkPuzzle;
    expect(p.hints.filter((h) => h >= 0).length).toBe(r.hints);
    // The file's hints alone make the loop unique, so the puzzle keeps only some of them.
    for (let f = 0; f < p.hints.length; f++) if (p.hints[f]! >= 0) expect(p.hints[f]).toBe(honey.puzzle.hints[f]);
    // Independently (the check's own count and redundancy diagrams): unique, that loop, no redundant hint.
    const check = checkText(after, 'slitherlink');
    expect(check.verdict).toBe('unique');
    expect(new Set((check.solution as LoopSolution).edgeIds)).toEqual(new Set((honey.expected.solution as LoopSolution).edgeIds));
    expect(check.redundant).toEqual([]);

    // An edit while it runs: nothing is applied, and the answer says why.
    const pending = client.request<{ error?: string }>('workspace/executeCommand', { command: 'linkpuzzle.makePuzzleFromLoop', arguments: [loopUri, { seed: 3 }] });
    const edited = after.replace('# grid:', '# title: edited\n# grid:');
    client.setText(loopUri, edited);
    expect((await pending).error).toMatch(/changed meanwhile/);
    expect(client.text(loopUri)).toBe(edited);

    // The snub-square has no loop block: said so before and when run, nothing edited.
    const before = client.text(uri);
    const state = await client.request<{ message: string } | null>('linkpuzzle/commandState', { command: 'linkpuzzle.makePuzzleFromLoop', uri });
    expect(state?.message).toMatch(/^draw the loop first/);
    const none = await client.request<{ error?: string }>('workspace/executeCommand', { command: 'linkpuzzle.makePuzzleFromLoop', arguments: [uri] });
    expect(none.error).toMatch(/^no solution block/);
    // A hint past the face's sides, or at a place the line does not have: refused, nothing applied.
    const bad = await client.request<{ applied: boolean; error?: string }>('workspace/executeCommand', { command: 'linkpuzzle.applyHints', arguments: [uri, 1, [{ row: 0, col: 99, value: 1 }]] });
    expect(bad).toMatchObject({ applied: false, error: expect.stringMatching(/not a hint of this snubsquare/) });
    expect(client.text(uri)).toBe(before);
  }, 120_000);

  it('counts the puzzles of a small honeycomb\'s loop as brute force does; its minimum set, applied, is unique', async () => {
    const small = 'file:///work/puzzles/honeycomb-family.slk';
    const ftext = '# grid: honeycomb 3x3\n. . .\n. . .\n. . .\n---\n. x .\nx x .\n. x .\n';
    const fp = parseSlitherlink(ftext).puzzle as SlitherlinkPuzzle;
    const fl = makeLattice(fp.tiling!);
    client.open(small, 'slitherlink', ftext);
    const r = await client.request<{ count: string; minimalCount: string; minimumSize: number; lines: number[]; minimum: { row: number; col: number; face: number; value: number }[] }>(
      'workspace/executeCommand', { command: 'linkpuzzle.hintFamily', arguments: [small] });
    // Brute force: a set of faces is good when no other cycle of the graph has the loop's count on each.
    const on = latticeLoopEdges(fl, fp.solution!);
    const target = latticeHintsOfEdges(fl, on);
    const cycles = allCycles(fl).map((c) => faceCounts(fl, c));
    const agree = cycles.filter((k) => k.some((v, f) => v !== target[f])).map((k) => k.reduce((m, v, f) => (v === target[f] ? m | (1 << f) : m), 0));
    let count = 0;
    for (let h = 0; h < 1 << fl.faceCount; h++) if (agree.every((m) => (h & ~m) !== 0)) count++;
    expect(r.count).toBe(String(count));
    expect(r.lines).toEqual([3, 3, 3]);
    for (const h of r.minimum) {
      expect(h.face).toBe(fl.rowOff[h.row]! + h.col);
      expect(h.value).toBe(target[h.face]);
    }
    expect(await client.request('workspace/executeCommand', { command: 'linkpuzzle.applyHints', arguments: [small, 1, r.minimum] })).toEqual({ applied: true });
    const check = checkText(client.text(small), 'slitherlink');
    expect(check.verdict).toBe('unique');
    expect(new Set((check.solution as LoopSolution).edgeIds)).toEqual(new Set([...on.keys()].filter((e) => on[e])));
  });

  it('says which redundant hints can go together as the check does (the pass on the lattice, not on squares)', async () => {
    for (const doc of [snub, honey]) {
      const r = await client.request<{ redundantTogether?: { face?: number }[] }>('linkpuzzle/result', { uri: doc.uri });
      const want = doc.expected.redundantTogether!.map((c) => c.face);
      expect(want.length).toBeLessThan(doc.expected.redundant!.length);
      expect(r.redundantTogether!.map((c) => c.face)).toEqual(want);
    }
    const summary = diags.find((d) => d.code === 'redundant-summary')!;
    expect(summary.message).toContain(`removes ${expected.redundantTogether!.length} (`);
  });

  it('points the multiple-solutions warning and its related places at faces where the two loops differ', async () => {
    const multi = 'file:///work/puzzles/multi.slk';
    // A snub-square 3x3 with one hint: its first line holds 5 faces, the others 8.
    const mtext = '# grid: snubsquare 3x3\n. . . . .\n. . . . 2 . . .\n. . . . . . . .\n';
    const mp = parseSlitherlink(mtext).puzzle as SlitherlinkPuzzle;
    const ml = makeLattice(mp.tiling!);
    client.open(multi, 'slitherlink', mtext);
    const d = (await client.diagnostics(multi, 1, (ds) => ds.some((x) => x.code === 'multiple-solutions'), 60_000)).find((x) => x.code === 'multiple-solutions')!;
    const r = await client.request<{ verdict: string; count: string; solution: LoopSolution; secondSolution: LoopSolution; usage?: { of: string; edges: { edge: number[]; count: string }[] } }>('linkpuzzle/result', { uri: multi });
    expect(r.verdict).toBe('multiple');
    // The ambiguity map comes with it (the preview's third board), in Loopy's coordinates.
    expect(r.usage?.of).toBe(r.count);
    expect(r.usage!.edges.every((x) => ml.edgeBetween(ml.vertexAt(x.edge[0]!, x.edge[1]!), ml.vertexAt(x.edge[2]!, x.edge[3]!)) >= 0)).toBe(true);
    const a = new Set(r.solution.edgeIds), b = new Set(r.secondSolution.edgeIds);
    const differing = Array.from({ length: ml.faceCount }, (_, f) => f).filter((f) => Array.from(ml.edgesOf(f)).some((e) => a.has(e) !== b.has(e)));
    expect(differing.length).toBeGreaterThan(0);
    expect(d.message).toContain(`differ at ${differing.length} face`);
    expect(d.range).toEqual(rangeIn(mp, differing[0]!));
    const related = d.relatedInformation!;
    expect(related.map((x) => x.location.range)).toEqual(differing.slice(0, 20).map((f) => rangeIn(mp, f)));
    expect(related[0]!.message).toMatch(new RegExp(`^face ${differing[0]} \\(line \\d+, place \\d+\\): \\d+ sides? `));
  });

  it('Edit hints (setCell) writes a face\'s hint at that face\'s characters, up to its number of sides', async () => {
    const copy = uri.replace('.slk', '-edit.slk');
    client.open(copy, 'slitherlink', text);
    const set = (version: number, row: number, col: number, value: string) =>
      client.request<{ applied: boolean; error?: string }>('workspace/executeCommand', { command: 'linkpuzzle.setCell', arguments: [copy, version, row, col, value] });
    // A triangle on the second line (its face is not line * width + place), empty in the file.
    const f = [...puzzle.hints.keys()].find((x) => lattice.rowOf[x] === 1 && lattice.faceSize(x) === 3 && puzzle.hints[x] < 0)!;
    const row = lattice.rowOf[f]!, col = f - lattice.rowOff[row]!;
    expect(f).not.toBe(row * puzzle.cols + col);
    expect(await set(1, row, col, '4')).toMatchObject({ applied: false, error: expect.stringMatching(/not a hint for face \d+ \(3 sides\)/) });
    expect(await set(1, row, col, '3')).toEqual({ applied: true });
    let now = parseSlitherlink(client.text(copy)).puzzle as SlitherlinkPuzzle;
    expect(now.hints[f]).toBe(3);
    for (let g = 0; g < now.hints.length; g++) if (g !== f) expect(now.hints[g]).toBe(puzzle.hints[g]);
    // Only that face's characters changed.
    const r = puzzle.cellRanges[f]!;
    const lines = text.split('\n'), after = client.text(copy).split('\n');
    expect(after[r.line]).toBe(lines[r.line]!.slice(0, r.col) + '3' + lines[r.line]!.slice(r.endCol));
    // Cleared again; a place past the line's end is refused; a stale version is refused.
    expect(await set(2, row, col, '.')).toEqual({ applied: true });
    now = parseSlitherlink(client.text(copy)).puzzle as SlitherlinkPuzzle;
    expect(now.hints[f]).toBe(-1);
    expect(client.text(copy)).toBe(text);
    const length = lattice.rowOff[row + 1]! - lattice.rowOff[row]!;
    expect(await set(3, row, length, '1')).toMatchObject({ applied: false, error: expect.stringMatching(/has no face at place/) });
    expect(await set(1, row, col, '1')).toMatchObject({ applied: false, error: expect.stringMatching(/version/) });
  });

  it('Edit hints on a dodecagonal grid: a 12-gon takes 12, written as a letter in a compact line', async () => {
    const doc = 'file:///work/puzzles/dodeca.slk';
    const dtext = '# grid: dodecagonal 2x2\n...\n...\n';
    const dp = parseSlitherlink(dtext);
    expect(dp.problems).toEqual([]);
    const dl = makeLattice(dp.puzzle!.tiling!);
    const big = [...dp.puzzle!.hints.keys()].find((x) => dl.faceSize(x) === 12)!;
    const row = dl.rowOf[big]!, col = big - dl.rowOff[row]!;
    client.open(doc, 'slitherlink', dtext);
    const r = await client.request<{ applied: boolean; error?: string }>('workspace/executeCommand', { command: 'linkpuzzle.setCell', arguments: [doc, 1, row, col, '12'] });
    expect(r).toEqual({ applied: true });
    const after = parseSlitherlink(client.text(doc));
    expect(after.problems).toEqual([]);
    expect(after.puzzle!.hints[big]).toBe(12);
    expect(client.text(doc)).toContain('C');
  });

  it('the summary\'s quick fix removes exactly the faces that can go together', async () => {
    const summary = diags.find((d) => d.code === 'redundant-summary')!;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: summary.range, context: { diagnostics: [summary] } });
    const fix = actions.find((a) => a.title.startsWith('Remove all redundant hints:'))!;
    const n = expected.redundantTogether!.length;
    expect(fix.title).toBe(`Remove all redundant hints: ${n} hints that can go together`);
    const edits = (fix.edit!.documentChanges![0] as { edits: TextEdit[] }).edits;
    expect(edits).toEqual(expected.redundantTogether!.map((c) => ({ range: rangeOf(c.face!), newText: '.' })));
  });

  it('Remove all redundant hints (the command) blanks exactly those faces, and leaves a puzzle with no redundant hint', async () => {
    for (const doc of [snub, honey]) {
      const copy = doc.uri.replace('.slk', '-removeall.slk');
      client.open(copy, 'slitherlink', doc.text);
      await client.diagnostics(copy, 1, (d) => d.some((x) => x.code === 'redundant-summary') && !/finding how many/.test(d.find((x) => x.code === 'redundant-summary')!.message), 120_000);
      expect(await client.request('workspace/executeCommand', { command: 'linkpuzzle.removeAllRedundantHints', arguments: [copy, 1] })).toBe(true);
      const after = parseSlitherlink(client.text(copy)).puzzle as SlitherlinkPuzzle;
      const gone = [...doc.puzzle.hints.keys()].filter((f) => doc.puzzle.hints[f]! >= 0 && after.hints[f]! < 0);
      expect(gone).toEqual(doc.expected.redundantTogether!.map((c) => c.face));
      // Only those hints' characters changed: every other face keeps its hint.
      for (let f = 0; f < after.hints.length; f++) if (!gone.includes(f)) expect(after.hints[f]).toBe(doc.puzzle.hints[f]);
      const r = checkText(client.text(copy), 'slitherlink');
      expect(r.verdict).toBe('unique');
      expect(r.redundant).toEqual([]);
    }
  });

  it('publishes the faces\' picture with the result (the preview draws it)', async () => {
    const r = await client.request<{ verdict: string; picture?: { faces: number[][]; rowOff: number[] } }>('linkpuzzle/result', { uri });
    expect(r.verdict).toBe('unique');
    // (the snub-square's: squares and triangles)
    expect(new Set(r.picture!.faces.map((f) => f.length / 2))).toEqual(new Set([3, 4]));
    expect(r.picture!.faces).toHaveLength(lattice.faceCount);
    expect(r.picture!.faces[7]).toEqual(lattice.polygon(7).flat());
    expect(r.picture!.rowOff).toEqual(Array.from(lattice.rowOff));
  });
});

describe('the solution block on a tiling: Draw loop, the loop block, the intended-loop diagnostics', () => {
  const command = <R>(name: string, ...args: unknown[]) => client.request<R>('workspace/executeCommand', { command: name, arguments: args });
  const faceOf = (l: typeof honey.lattice, f: number) => ({ row: l.rowOf[f]!, col: f - l.rowOff[l.rowOf[f]!]! });

  it('toggles a face of a honeycomb by its line and place, only for the version asked for; writes the solution as a block', async () => {
    const u = 'file:///work/puzzles/honey-draw.slk';
    client.open(u, 'slitherlink', honey.text);
    const l = honey.lattice;
    // Stale version: refused, text untouched.
    expect(await command('linkpuzzle.toggleLoopCell', u, 7, 2, 3)).toMatchObject({ applied: false, error: expect.stringMatching(/not 7/) });
    expect(client.text(u)).toBe(honey.text);
    // A place the line does not have.
    expect(await command('linkpuzzle.toggleLoopCell', u, 1, 0, 10)).toMatchObject({ applied: false, error: expect.stringMatching(/line 1 of the grid has no face at place 11/) });
    // The first toggle appends a block, one row per grid line, that face alone inside.
    expect(await command('linkpuzzle.toggleLoopCell', u, 1, 2, 3)).toEqual({ applied: true });
    const one = parseSlitherlink(client.text(u));
    expect(one.problems).toEqual([]);
    expect([...one.puzzle!.solution!.keys()].filter((f) => one.puzzle!.solution![f] === 1)).toEqual([l.rowOff[2]! + 3]);
    expect(client.text(u).startsWith(honey.text)).toBe(true);
    // The one-face loop breaks hints: diagnostics at those faces' own characters.
    const v2 = client.docs.get(u)!.version;
    const d2 = await client.diagnostics(u, v2, (ds) => ds.some((x) => x.code === 'hint-disagrees-with-loop'), 60_000);
    const f0 = l.rowOff[2]! + 3;
    const around = new Set([f0, ...Array.from(l.edgesOf(f0)).flatMap((e) => [l.sides[2 * e]!, l.sides[2 * e + 1]!]).filter((g) => g >= 0)]);
    // The loop uses all 6 sides of that face, 1 of each face beside it, none of any other.
    const uses = (g: number) => (g === f0 ? 6 : around.has(g) ? 1 : 0);
    const hinted = [...honey.puzzle.hints.keys()].filter((g) => honey.puzzle.hints[g]! >= 0 && honey.puzzle.hints[g] !== uses(g));
    const onLoop = d2.filter((x) => x.code === 'hint-disagrees-with-loop');
    expect(onLoop.map((x) => x.range)).toEqual(hinted.map((g) => rangeIn(honey.puzzle, g)));
    // Toggling it again removes the block: the text is the puzzle again.
    expect(await command('linkpuzzle.toggleLoopCell', u, v2, 2, 3)).toEqual({ applied: true });
    expect(client.text(u)).toBe(honey.text);
    // The loop block from the solution: the solver's loop, so no intended-loop diagnostic.
    const r = await command<{ applied: boolean; block: string }>('linkpuzzle.loopBlockFromSolution', u);
    expect(r.applied).toBe(true);
    const p = parseSlitherlink(client.text(u)).puzzle!;
    const want = honey.expected.solution as LoopSolution;
    const on = new Set(want.edgeIds);
    const boundary = Array.from({ length: l.edgeCount }, (_, e) => e).filter((e) => {
      const a = l.sides[2 * e]!, b = l.sides[2 * e + 1]!;
      return (a >= 0 ? p.solution![a]! : 0) !== (b >= 0 ? p.solution![b]! : 0);
    });
    expect(boundary).toEqual([...on].sort((a, b) => a - b));
    const v4 = client.docs.get(u)!.version;
    const d4 = await client.diagnostics(u, v4, (ds) => ds.some((x) => x.code === 'redundant-summary'), 120_000);
    expect(d4.filter((x) => ['solution-not-intended', 'hint-disagrees-with-loop', 'loop-not-simple'].includes(String(x.code)))).toEqual([]);
    // One face of the loop flipped (still one loop): the unique solution is not the intended loop.
    const flip = [...p.solution!.keys()].find((f) => {
      const s = Uint8Array.from(p.solution!);
      s[f] ^= 1;
      return latticeLoopDefects(l, s).length === 0;
    })!;
    const at = faceOf(l, flip);
    expect(await command('linkpuzzle.toggleLoopCell', u, v4, at.row, at.col)).toEqual({ applied: true });
    const v5 = client.docs.get(u)!.version;
    const d5 = await client.diagnostics(u, v5, (ds) => ds.some((x) => x.code === 'solution-not-intended'), 120_000);
    expect(d5.find((x) => x.code === 'solution-not-intended')!.message).toMatch(/^The unique solution is not the intended loop: they differ at \d+ faces?\./);
    // A loop that met every hint would be a second solution: some hint disagrees, and hints from
    // the loop ('all-from-loop') are refused until it is fixed; nothing applied.
    expect(d5.some((x) => x.code === 'hint-disagrees-with-loop')).toBe(true);
    const before = client.text(u);
    expect(await command('linkpuzzle.applyHints', u, v5, 'all-from-loop')).toMatchObject({ applied: false, error: expect.stringMatching(/disagrees with the loop/) });
    expect(client.text(u)).toBe(before);
  }, 240_000);
});
