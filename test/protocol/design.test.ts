/**
 * The designer's tools through the bundled server over stdio: "make it unique" and "repair" quick
 * fixes read back from the diagnostics (computed by the worker, never on the main thread), the
 * design commands (puzzle from a loop, hint family, apply hints, generate, loop block from the
 * solution), and the solution-block diagnostics. Answers are checked with the core checker.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancellationTokenSource, createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { checkText } from '../../server/src/analysis/check';
import { checkSlitherlink } from '../../server/src/analysis/slitherlink';
import type { LoopSolution } from '../../server/src/analysis/result';
import { hintsOfEdges, loopEdgesOf } from '../../server/src/model/loop';
import { Grid } from '../../server/src/model/grid';
import type { SlitherlinkPuzzle } from '../../server/src/model/puzzle';
import { parseNumberlink, parseSlitherlink } from '../../server/src/parse/index';
import { bitsOf, bruteHintFamily, hardKey, popcount } from '../unit/design-brute';
import { root, serverPath, sleep, TestClient } from './lspClient';

const fixture = (name: string) => readFileSync(join(root, 'test/fixtures/lsp', name), 'utf8');
const uriOf = (name: string) => `file:///work/design/${name}`;
const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const ours = (d: Diagnostic[], code: string) => d.filter((x) => x.source === 'linkpuzzle' && x.code === code);
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function slk(text: string): SlitherlinkPuzzle {
  const { puzzle, problems } = parseSlitherlink(text);
  expect(problems).toEqual([]);
  return puzzle!;
}

/** The core checker on a text (no redundancy search). */
const verdictOf = (text: string) => checkSlitherlink(slk(text), { redundant: false });

/** Per grid edge: 1 when the loop (as the checker gives it) uses it. */
function edgesOf(rows: number, cols: number, s: LoopSolution): Uint8Array {
  const g = new Grid(rows, cols);
  const on = new Uint8Array(g.edgeCount);
  for (const [a, b, c, d] of s.edges) on[g.edgeBetween(a, b, c, d)] = 1;
  return on;
}

let client: TestClient;
beforeAll(async () => {
  client = await TestClient.start({
    capabilities: {
      window: { workDoneProgress: true },
      workspace: { workspaceEdit: { documentChanges: true }, applyEdit: true },
      textDocument: { codeAction: { dataSupport: true } },
    },
  });
});
afterAll(async () => {
  await client?.stop();
});

const command = <R = any>(name: string, ...args: unknown[]) => client.request<R>('workspace/executeCommand', { command: name, arguments: args });
const codeActions = (uri: string, diagnostics: Diagnostic[], only?: string[]) =>
  client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: diagnostics[0]?.range ?? zero, context: { diagnostics, ...(only ? { only } : {}) } });

describe('make it unique, repair: suggestions from the worker, read back by the quick fixes', () => {
  it('several solutions: the diagnostic carries the suggestions; the preferred fix makes the puzzle unique', async () => {
    const uri = uriOf('several.slk');
    const text = '# several solutions\n. 3 . .\n. 2 . 1\n. . 2 .\n3 . . .\n';
    expect(verdictOf(text).verdict).toBe('multiple');
    client.open(uri, 'slitherlink', text);
    const diags = await client.settled(uri, 1);
    const [d] = ours(diags, 'multiple-solutions');
    expect(d).toBeDefined();
    const s = (d!.data as any).suggestions;
    expect(s.count).toBe('16');
    expect(s.singles.length).toBeGreaterThan(0);
    expect(s.singleCount).toBe(s.singles.length);
    const first = s.singles[0];
    expect(d!.message).toContain(s.singleCount === 1 ? `Adding ${first.value} at (${first.row + 1}, ${first.col + 1}) makes it unique.` : `One of ${s.singleCount} single hints makes it unique.`);
    // The published result carries them too (for the preview and clients that drop `data`).
    expect((await client.request('linkpuzzle/result', { uri })).suggestions).toEqual(s);

    const actions = await codeActions(uri, [d!], ['quickfix']);
    const fix = actions.find((a) => a.isPreferred)!;
    expect(fix.title).toBe(`Add hint ${first.value} at (${first.row + 1}, ${first.col + 1}) (makes the puzzle unique)`);
    const [v2] = client.applyWorkspaceEdit(fix.edit!);
    const after = client.text(uri);
    // Only the cell's character changed.
    expect(after.length).toBe(text.length);
    expect([...after].filter((ch, i) => ch !== text[i])).toEqual([String(first.value)]);
    expect(verdictOf(after).verdict).toBe('unique');
    const diags2 = await client.settled(uri, v2!);
    expect(ours(diags2, 'multiple-solutions')).toEqual([]);
  });

  it('no single hint suffices: the message names the best pair and its fix adds both hints', async () => {
    const uri = uriOf('pair.slk');
    const text = fixture('multiple.slk');
    client.open(uri, 'slitherlink', text);
    const [d] = ours(await client.settled(uri, 1), 'multiple-solutions');
    const s = (d!.data as any).suggestions;
    expect(s.singles).toEqual([]);
    const { first, second, count } = s.pair;
    const cell = (h: any) => `${h.value} at (${h.row + 1}, ${h.col + 1})`;
    expect(d!.message).toContain(`No single hint makes it unique; ${cell(first)} and ${cell(second)} together ${count === '1' ? 'make it unique' : `leave ${count} solutions`}.`);
    const actions = await codeActions(uri, [d!]);
    const pair = actions.find((a) => a.title.startsWith('Add hints '))!;
    expect(pair.title).toBe(`Add hints ${cell(first)} and ${cell(second)} (${count === '1' ? 'makes the puzzle unique' : `leaves ${count} solutions`})`);
    client.applyWorkspaceEdit(pair.edit!);
    expect(verdictOf(client.text(uri)).count).toBe(count);
  });

  it('no solution: the diagnostic carries the repairs; a repair fix gives a solvable puzzle', async () => {
    const uri = uriOf('none.slk');
    const text = fixture('none.slk');
    client.open(uri, 'slitherlink', text);
    const [d] = ours(await client.settled(uri, 1), 'no-solution');
    const repairs = (d!.data as any).suggestions.repairs;
    expect(repairs.length).toBeGreaterThan(0);
    const actions = (await codeActions(uri, [d!])).filter((a) => /^(Change|Remove) hint/.test(a.title));
    expect(actions.length).toBe(Math.min(8, repairs.length));
    const fix = actions[0]!;
    expect(fix.title).toMatch(/^(Remove hint at \(\d+, \d+\)|Change hint at \(\d+, \d+\) to [0-4]) \(gives (a unique solution|\d+ solutions)\)$/);
    const [v2] = client.applyWorkspaceEdit(fix.edit!);
    const r = verdictOf(client.text(uri));
    expect(['unique', 'multiple']).toContain(r.verdict);
    expect(r.count).toBe(repairs[0].count);
    expect(ours(await client.settled(uri, v2!), 'no-solution')).toEqual([]);
  });

  it('no solution with a unique repair: the message says which change gives a unique solution', async () => {
    const uri = uriOf('none-unique-repair.slk');
    const text = '0 3 .\n3 0 3\n. 3 .\n';
    expect(verdictOf(text).verdict).toBe('none');
    client.open(uri, 'slitherlink', text);
    const [d] = ours(await client.settled(uri, 1), 'no-solution');
    const r = (d!.data as any).suggestions.repairs[0];
    expect(r.count).toBe('1');
    const what = r.value === null ? `Removing the ${text.split('\n')[r.row]!.split(' ')[r.col]} at (${r.row + 1}, ${r.col + 1})` : `Changing the ${text.split('\n')[r.row]!.split(' ')[r.col]} at (${r.row + 1}, ${r.col + 1}) to ${r.value}`;
    expect(d!.message).toContain(`${what} gives a unique solution.`);
    const fix = (await codeActions(uri, [d!])).find((a) => a.isPreferred)!;
    client.applyWorkspaceEdit(fix.edit!);
    expect(verdictOf(client.text(uri)).verdict).toBe('unique');
  });

  it('code actions answer at once while a long solve of another document runs', async () => {
    const uri = uriOf('fast-actions.slk');
    client.open(uri, 'slitherlink', fixture('multiple.slk') + '# another copy\n');
    const [d] = ours(await client.settled(uri, 1), 'multiple-solutions');
    const long = uriOf('long.slk');
    client.open(long, 'slitherlink', fixture('long.slk'));
    await client.waitFor('linkpuzzle/status', (p) => p.uri === long && p.state === 'checking' && p.version === 1);
    await sleep(300); // well inside the solve
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      const actions = await codeActions(uri, [d!]);
      times.push(performance.now() - t0);
      expect(actions.some((a) => a.title.startsWith('Add hint'))).toBe(true);
    }
    console.log(`code actions during a long solve: median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`);
    expect(median(times)).toBeLessThan(100);
    // Stop the long solve for the tests that follow.
    client.setText(long, '. . .\n. 3 .\n. . .\n');
  });
});

const LOOP_FILE = [
  '# title: designed',
  '# A comment that must survive.',
  '. . . . . . .',
  '. 0 . . . . .',
  '.  . . . . . .',
  '. . . . . . .',
  '',
  '. . . . . . .',
  '. . . . . . .',
  '# the intended loop',
  '---',
  '. x x . . . .',
  'x x x x . x .',
  '. x x x x x .',
  '. . x x x x x',
  '# a comment inside the block',
  '. . . x . x .',
  '. x x x . . .',
  '',
].join('\n');

describe('linkpuzzle.makePuzzleFromLoop', () => {
  it('edits only grid cells; the result is unique, solved by the loop, and minimal', async () => {
    const uri = uriOf('loop.slk');
    const before = slk(LOOP_FILE);
    const g = new Grid(before.rows, before.cols);
    const loop = loopEdgesOf(g, before.solution!);
    expect(hintsOfEdges(g, loop)[1 * 7 + 1]).toBe(0);
    client.open(uri, 'slitherlink', LOOP_FILE);
    await client.settled(uri, 1);
    const r = await command('linkpuzzle.makePuzzleFromLoop', uri, { seed: 3 });
    expect(r).toMatchObject({ applied: true, minimal: true });
    expect(r.message).toMatch(/^\d+ hints, minimal \(\d+ checks, \d+ ms\)/);
    const after = client.text(uri);
    const a = after.split('\n'), b = LOOP_FILE.split('\n');
    expect(a.length).toBe(b.length);
    const sep = b.indexOf('---');
    b.forEach((line, i) => {
      if (i >= sep || line.startsWith('#') || line.trim() === '') {
        expect(a[i]).toBe(line);
        return;
      }
      expect(a[i]!.length).toBe(line.length);
      for (let k = 0; k < line.length; k++) if (a[i]![k] !== line[k]) expect(`${line[k]}${a[i]![k]}`).toMatch(/^[.0-4][.0-4]$/);
    });
    const p = slk(after);
    expect(Array.from(p.solution!)).toEqual(Array.from(before.solution!));
    expect(p.hints.filter((h) => h >= 0).length).toBe(r.hints);
    const check = checkSlitherlink(p, { redundant: false });
    expect(check.verdict).toBe('unique');
    expect(Array.from(edgesOf(p.rows, p.cols, check.solution as LoopSolution))).toEqual(Array.from(loop));
    // Minimal, checked independently: without any one of its hints the puzzle has several solutions.
    for (let i = 0; i < p.hints.length; i++) {
      if (p.hints[i]! < 0) continue;
      const less = { ...p, hints: Int8Array.from(p.hints) };
      less.hints[i] = -1;
      expect(Number(checkSlitherlink(less, { redundant: false }).count)).toBeGreaterThan(1);
    }
  });

  it('explains what is missing or wrong, and applies nothing', async () => {
    const noBlock = uriOf('no-block.slk');
    client.open(noBlock, 'slitherlink', '. . .\n. . .\n');
    expect((await command('linkpuzzle.makePuzzleFromLoop', noBlock)).error).toMatch(/^no solution block/);
    const two = uriOf('two-pieces.slk');
    client.open(two, 'slitherlink', '. . .\n. . .\n. . .\n---\nx . x\n. . .\n. . .\n');
    expect((await command('linkpuzzle.makePuzzleFromLoop', two)).error).toMatch(/^the marks are not one simple loop: .*more than one loop/);
    const bad = uriOf('bad-hint.slk');
    client.open(bad, 'slitherlink', '. 2 .\n. . .\n. . .\n---\n. x .\nx x x\n. x .\n');
    expect((await command('linkpuzzle.makePuzzleFromLoop', bad)).error).toMatch(/^hint 2 at \(1, 2\) disagrees with the loop/);
    const only = uriOf('only-hinted.slk');
    client.open(only, 'slitherlink', '. . .\n. 0 .\n. . .\n---\n. x .\nx x x\n. x .\n');
    expect((await command('linkpuzzle.makePuzzleFromLoop', only, { onlyHinted: true })).error).toMatch(/not the only solution/);
    for (const u of [noBlock, two, bad, only]) expect(client.docs.get(u)!.version).toBe(1);
  });

  it('an edit while it runs: nothing is applied and the answer says why', async () => {
    const uri = uriOf('loop-edited.slk');
    client.open(uri, 'slitherlink', LOOP_FILE);
    await client.settled(uri, 1);
    const pending = command('linkpuzzle.makePuzzleFromLoop', uri, { seed: 5 });
    const edited = LOOP_FILE.replace('# title: designed', '# title: renamed');
    client.setText(uri, edited);
    const r = await pending;
    expect(r.error).toMatch(/changed meanwhile/);
    expect(client.text(uri)).toBe(edited);
  });
});

describe('linkpuzzle.hintFamily and linkpuzzle.applyHints', () => {
  // 4x4 "blob" (test/unit/design.test.ts): small enough for the brute force.
  const inside = [0, 1, 1, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0];
  const text = '# four by four\n....\n....\n....\n....\n---\n' + [0, 1, 2, 3].map((r) => inside.slice(r * 4, r * 4 + 4).map((x) => (x ? 'x' : '.')).join('')).join('\n') + '\n';

  it('agrees with brute force; its minimum puzzle, applied, is unique', async () => {
    const uri = uriOf('family.slk');
    client.open(uri, 'slitherlink', text);
    const g = new Grid(4, 4);
    const target = hintsOfEdges(g, loopEdgesOf(g, inside));
    const brute = bruteHintFamily(4, 4, target);
    const r = await command('linkpuzzle.hintFamily', uri);
    expect(r.count).toBe(String(brute.count));
    expect(r.minimalCount).toBe(String(brute.minimalCount));
    expect(r.minimumSize).toBe(brute.minimumSize);
    for (const h of [...r.minimum, ...r.hardest]) expect(h.value).toBe(target[h.row * 4 + h.col]);
    const minBits = bitsOf(r.minimum.map((h: any) => h.row * 4 + h.col));
    expect(popcount(minBits)).toBe(brute.minimumSize);
    expect(brute.isGood(minBits)).toBe(true);
    const hardBits = bitsOf(r.hardest.map((h: any) => h.row * 4 + h.col));
    expect(brute.isGood(hardBits)).toBe(true);
    expect(hardKey(hardBits, target, 16)).toBe(brute.hardestKey);

    // A stale version applies nothing.
    expect(await command('linkpuzzle.applyHints', uri, 7, r.minimum)).toMatchObject({ applied: false });
    expect(client.text(uri)).toBe(text);
    expect(client.docs.get(uri)!.version).toBe(1);
    // The current one applies exactly that set, cell characters only.
    expect(await command('linkpuzzle.applyHints', uri, 1, r.minimum)).toEqual({ applied: true });
    const after = client.text(uri);
    expect(after.length).toBe(text.length);
    const p = slk(after);
    expect([...p.hints.keys()].filter((i) => p.hints[i]! >= 0)).toEqual(r.minimum.map((h: any) => h.row * 4 + h.col).sort((x: number, y: number) => x - y));
    const check = verdictOf(after);
    expect(check.verdict).toBe('unique');
    expect(Array.from(edgesOf(4, 4, check.solution as LoopSolution))).toEqual(Array.from(loopEdgesOf(g, inside)));
    // 'all-from-loop' fills every cell from the loop.
    expect(await command('linkpuzzle.applyHints', uri, client.docs.get(uri)!.version, 'all-from-loop')).toEqual({ applied: true });
    expect(Array.from(slk(client.text(uri)).hints)).toEqual(Array.from(target));
  });

  it('a large loop runs in the worker with progress, and stops when the request is cancelled', async () => {
    // A 7x7 square inside a 9x9 grid: far beyond what the family computes in a few seconds.
    const n = 9;
    const uri = uriOf('family-large.slk');
    const rows = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => (r > 0 && c > 0 && r < n - 1 && c < n - 1 ? 'x' : '.')).join(''));
    const big = Array.from({ length: n }, () => '.'.repeat(n)).join('\n') + '\n---\n' + rows.join('\n') + '\n';
    expect(slk(big).solution).toBeDefined();
    client.open(uri, 'slitherlink', big);
    await client.settled(uri, 1);
    const mark = client.events.length;
    const source = new CancellationTokenSource();
    const pending = client.conn.sendRequest('workspace/executeCommand', { command: 'linkpuzzle.hintFamily', arguments: [uri] }, source.token);
    // The command's progress by its title: a re-check of an earlier test's document may create one first.
    const begun = await client.waitFor('$/progress', (p) => p.value.kind === 'begin' && /Counting the puzzles/.test(p.value.title), 30_000, mark);
    const created = client.events.slice(mark).find((e) => e.method === 'window/workDoneProgress/create' && e.params.token === begun.params.token);
    expect(created).toBeDefined();
    const t1 = performance.now();
    source.cancel();
    const r: any = await pending;
    expect(performance.now() - t1).toBeLessThan(2000);
    expect(r).toEqual({ stopped: 'cancelled' });
    await client.waitFor('$/progress', (p) => p.token === begun.params.token && p.value.kind === 'end');
  });
});

describe('linkpuzzle.generate', () => {
  it('slitherlink 6x6: the text linkpuzzle generate prints, unique', async () => {
    const r = await command('linkpuzzle.generate', { kind: 'slitherlink', rows: 6, cols: 6, seed: 11 });
    expect(r.seed).toBe(11);
    expect(r.text).toMatch(/^# generator: linkpuzzle generate slitherlink 6x6 --seed 11\n/);
    const cli = execFileSync(process.execPath, [join(root, 'dist/cli.js'), 'generate', 'slitherlink', '6x6', '--seed', '11'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    expect(r.text).toBe(cli);
    const p = slk(r.text);
    expect([p.rows, p.cols]).toEqual([6, 6]);
    expect(checkText(r.text, 'slitherlink', { redundant: false }).verdict).toBe('unique');
  });

  it('numberlink 6x6 under the nikoli rule: unique and covering', async () => {
    const r = await command('linkpuzzle.generate', { kind: 'numberlink', rows: 6, cols: 6, seed: 4 });
    const { puzzle, problems } = parseNumberlink(r.text);
    expect(problems).toEqual([]);
    expect([puzzle!.rows, puzzle!.cols]).toEqual([6, 6]);
    const check = checkText(r.text, 'numberlink');
    expect(check.verdict).toBe('unique');
    expect(check.covers).toBe(true);
    const cli = execFileSync(process.execPath, [join(root, 'dist/cli.js'), 'generate', 'numberlink', '6x6', '--seed', '4'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    expect(r.text).toBe(cli);
  });

  it('numberlink: no pair of neighbouring cells unless allowAdjacent, which gives the CLI\'s --allow-adjacent puzzle', async () => {
    const pairsOf = (text: string) => {
      const p = parseNumberlink(text).puzzle!;
      const ends = new Map<number, number[]>();
      p.cells.forEach((l, i) => { if (l >= 0) ends.set(l, [...(ends.get(l) ?? []), i]); });
      return [...ends.values()].filter(([a, b]) => Math.abs(a! - b!) === p.cols || (Math.abs(a! - b!) === 1 && Math.floor(a! / p.cols) === Math.floor(b! / p.cols))).length;
    };
    const plain = await command('linkpuzzle.generate', { kind: 'numberlink', rows: 8, cols: 8, seed: 4 });
    expect(pairsOf(plain.text)).toBe(0);
    const allowed = await command('linkpuzzle.generate', { kind: 'numberlink', rows: 8, cols: 8, seed: 4, allowAdjacent: true });
    expect(allowed.text).toMatch(/^# generator: linkpuzzle generate numberlink 8x8 --seed 4 --allow-adjacent\n/);
    expect(pairsOf(allowed.text)).toBeGreaterThan(0);
    const cli = execFileSync(process.execPath, [join(root, 'dist/cli.js'), 'generate', 'numberlink', '8x8', '--seed', '4', '--allow-adjacent'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    expect(allowed.text).toBe(cli);
  });

  it('slitherlink with a grade: the text linkpuzzle generate --grade prints, of that grade', async () => {
    const r = await command('linkpuzzle.generate', { kind: 'slitherlink', rows: 7, cols: 7, seed: 3, grade: 'tricky' });
    expect(r.grade).toBe('tricky');
    expect(r.text).toMatch(/^# generator: linkpuzzle generate slitherlink 7x7 --seed 3 --grade tricky\n/);
    const cli = execFileSync(process.execPath, [join(root, 'dist/cli.js'), 'generate', 'slitherlink', '7x7', '--seed', '3', '--grade', 'tricky'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    expect(r.text).toBe(cli);
    const check = checkText(r.text, 'slitherlink', { redundant: false, grade: true });
    expect(check.verdict).toBe('unique');
    expect(check.grade).toBe('tricky');
    expect((await command('linkpuzzle.generate', { kind: 'slitherlink', rows: 5, cols: 5, grade: 'extreme' })).error).toBe('grade must be easy, normal, tricky, hard, not "extreme"');
    expect((await command('linkpuzzle.generate', { kind: 'numberlink', rows: 5, cols: 5, grade: 'easy' })).error).toBe('grade is for slitherlink');
    expect((await command('linkpuzzle.generate', { kind: 'slitherlink', rows: 5, cols: 5, grade: 'easy', density: 0.3 })).error).toMatch(/^grade and density do not go together/);
  });

  it('clear errors for sizes and options it cannot take', async () => {
    // the sizes of linkpuzzle generate and of the client's input box (protocol-types.ts)
    expect((await command('linkpuzzle.generate', { kind: 'slitherlink', rows: 0, cols: 0 })).error).toBe('the width must be a whole number from 2 to 60 (got 0)');
    expect((await command('linkpuzzle.generate', { kind: 'numberlink', rows: 5, cols: 61 })).error).toBe('the width must be a whole number from 2 to 60 (got 61)');
    expect((await command('linkpuzzle.generate', { kind: 'numberlink', rows: 1, cols: 5 })).error).toBe('the height must be a whole number from 2 to 60 (got 1)');
    expect((await command('linkpuzzle.generate', { kind: 'numberlink', rows: 5, cols: 5, rule: 'diagonal' })).error).toMatch(/unknown rule/);
    expect((await command('linkpuzzle.generate', { kind: 'hitori', rows: 5, cols: 5 })).error).toMatch(/kind/);
  });
});

describe('the solution block: diagnostics, loop block from the solution, refactorings', () => {
  it('a hint that disagrees with the loop, at the hint; the unique solution that is not the loop', async () => {
    const uri = uriOf('disagree.slk');
    // Unique (test/fixtures/lsp/redundant.slk's grid); the block draws another loop.
    const text = '# title: t\n2 3 .\n3 0 3\n. 3 .\n---\nx x .\nx x .\n. . .\n';
    const check = verdictOf(text);
    expect(check.verdict).toBe('unique');
    client.open(uri, 'slitherlink', text);
    const diags = await client.settled(uri, 1);
    const p = slk(text);
    const g = new Grid(3, 3);
    const loop = loopEdgesOf(g, p.solution!);
    const loopHints = hintsOfEdges(g, loop);
    const wrong = [...p.hints.keys()].filter((i) => p.hints[i]! >= 0 && p.hints[i] !== loopHints[i]);
    expect(wrong.length).toBeGreaterThan(0);
    const dis = ours(diags, 'hint-disagrees-with-loop');
    expect(dis.map((d) => d.range)).toEqual(wrong.map((i) => {
      const r = p.cellRanges[i]!;
      return { start: { line: r.line, character: r.col }, end: { line: r.endLine, character: r.endCol } };
    }));
    const i0 = wrong[0]!;
    expect(dis[0]!.message).toBe(`Hint ${p.hints[i0]} at (${Math.floor(i0 / 3) + 1}, ${(i0 % 3) + 1}): the intended loop uses ${loopHints[i0]} side${loopHints[i0] === 1 ? '' : 's'} of this cell.`);
    expect(dis[0]!.severity).toBe(1);
    // The unique solution is not the intended loop: related information at every cell that differs.
    const sol = edgesOf(3, 3, check.solution as LoopSolution);
    const differ = [...Array(9).keys()].filter((i) => g.cellEdges(Math.floor(i / 3), i % 3).some((e) => sol[e] !== loop[e]));
    const [w] = ours(diags, 'solution-not-intended');
    expect(w!.severity).toBe(2);
    expect(w!.relatedInformation!.map((x) => x.location.range.start)).toEqual(differ.map((i) => ({ line: p.cellRanges[i]!.line, character: p.cellRanges[i]!.col })));
  });

  it('marks that are not one simple loop: an error at the offending marks, at once', async () => {
    const uri = uriOf('not-simple.slk');
    const text = '. . .\n. . .\n. . .\n---\nx . .\n. x .\n. . .\n# end\n';
    client.open(uri, 'slitherlink', text);
    const diags = await client.diagnostics(uri, 1, (d) => ours(d, 'loop-not-simple').length > 0);
    const found = ours(diags, 'loop-not-simple');
    // the two inside cells that meet only at a corner, each at its mark
    expect(found.map((d) => d.range)).toEqual([
      { start: { line: 4, character: 0 }, end: { line: 4, character: 1 } },
      { start: { line: 5, character: 2 }, end: { line: 5, character: 3 } },
    ]);
    for (const d of found) expect(d.message).toBe('The loop touches itself: inside cells (1, 1) and (2, 2) meet only at a corner. Mark (1, 2) or (2, 1) x to join them, or one of them . to part them.');
    expect(ours(diags, 'hint-disagrees-with-loop')).toEqual([]);
    // No refactoring is offered for a loop that is no loop.
    expect((await codeActions(uri, [], ['refactor'])).filter((a) => a.title === 'Make a minimal puzzle from the loop')).toEqual([]);
  });

  it('loopBlockFromSolution appends the unique solution as a block; code actions offer both refactorings', async () => {
    const uri = uriOf('to-block.slk');
    const text = fixture('redundant.slk').replace(/\n$/, ''); // no line end on the last line
    client.open(uri, 'slitherlink', text);
    await client.settled(uri, 1);
    const actions = await codeActions(uri, [], ['refactor']);
    const add = actions.find((a) => a.title === 'Add the solution as a loop block')!;
    expect(add.kind).toBe('refactor');
    expect(actions.some((a) => a.title === 'Make a minimal puzzle from the loop')).toBe(false);
    const r = await command('linkpuzzle.loopBlockFromSolution', uri);
    expect(r.applied).toBe(true);
    expect(r.block).toMatch(/^---\n([x.]( [x.])*\n)+$/);
    const after = client.text(uri);
    expect(after).toBe(text + '\n' + r.block);
    const p = slk(after);
    const check = checkSlitherlink(p, { redundant: false });
    expect(Array.from(edgesOf(p.rows, p.cols, check.solution as LoopSolution))).toEqual(Array.from(loopEdgesOf(new Grid(p.rows, p.cols), p.solution!)));
    const v2 = client.docs.get(uri)!.version;
    expect(ours(await client.settled(uri, v2), 'solution-not-intended')).toEqual([]);
    // Now the file has a block: the rewrite is offered (as the command), the block one is not.
    const again = await codeActions(uri, [], ['refactor']);
    expect(again.some((a) => a.title === 'Add the solution as a loop block')).toBe(false);
    const rewrite = again.find((a) => a.title === 'Make a minimal puzzle from the loop')!;
    expect(rewrite.kind).toBe('refactor.rewrite');
    expect(rewrite.command).toMatchObject({ command: 'linkpuzzle.makePuzzleFromLoop', arguments: [uri] });
    expect((await command('linkpuzzle.loopBlockFromSolution', uri)).error).toMatch(/already has a solution block/);
  });

  it('the server announces the commands and the refactoring kinds', async () => {
    const proc = spawn(process.execPath, [serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    conn.listen();
    try {
      const init: any = await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      expect(init.capabilities.executeCommandProvider.commands).toEqual(expect.arrayContaining([
        'linkpuzzle.makePuzzleFromLoop', 'linkpuzzle.hintFamily', 'linkpuzzle.applyHints', 'linkpuzzle.generate', 'linkpuzzle.loopBlockFromSolution',
      ]));
      expect(init.capabilities.codeActionProvider.codeActionKinds).toEqual(expect.arrayContaining(['refactor', 'refactor.rewrite']));
    } finally {
      conn.dispose();
      proc.kill();
    }
  });
});

describe("linkpuzzle.setCell (the preview's Edit hints)", () => {
  it('sets one Slitherlink cell: only its character changes (comments, spacing, CRLF kept); a stale version or a bad value changes nothing', async () => {
    const uri = uriOf('setcell.slk');
    const text = '# a comment\r\n.  . 2\r\n1  . .\r\n';
    client.open(uri, 'slitherlink', text);
    expect(await command('linkpuzzle.setCell', uri, 1, 0, 1, '3')).toEqual({ applied: true });
    expect(client.text(uri)).toBe('# a comment\r\n.  3 2\r\n1  . .\r\n');
    const v = client.docs.get(uri)!.version;
    // The version the preview saw is gone: nothing is applied.
    expect(await command('linkpuzzle.setCell', uri, v - 1, 1, 0, '0')).toMatchObject({ applied: false, error: expect.stringMatching(/version/) });
    expect(await command('linkpuzzle.setCell', uri, v, 0, 0, '5')).toMatchObject({ applied: false, error: expect.stringMatching(/not a Slitherlink hint/) });
    expect(await command('linkpuzzle.setCell', uri, v, 2, 0, '1')).toMatchObject({ applied: false, error: expect.stringMatching(/not in this 3x2 grid/) });
    expect(client.text(uri)).toBe('# a comment\r\n.  3 2\r\n1  . .\r\n');
    // Clearing: '.' (or '').
    expect(await command('linkpuzzle.setCell', uri, v, 0, 2, '.')).toEqual({ applied: true });
    expect(await command('linkpuzzle.setCell', uri, client.docs.get(uri)!.version, 1, 0, '')).toEqual({ applied: true });
    expect(client.text(uri)).toBe('# a comment\r\n.  3 .\r\n.  . .\r\n');
  });

  it('sets Numberlink labels: several characters in a token layout, one in a compact one; a label written once (a pair being placed) does not stop the next edit', async () => {
    const uri = uriOf('setcell.nlk');
    client.open(uri, 'numberlink', '3 2\n1 . 1\n. . .\n');
    expect(await command('linkpuzzle.setCell', uri, 1, 1, 0, '12')).toEqual({ applied: true });
    // "12" is on the grid once: the file has a problem now, and the second end still goes in.
    expect(await command('linkpuzzle.setCell', uri, client.docs.get(uri)!.version, 1, 2, '12')).toEqual({ applied: true });
    expect(client.text(uri)).toBe('3 2\n1 . 1\n12 . 12\n');
    expect(checkText(client.text(uri), 'numberlink').verdict).not.toBe('invalid');
    const compact = uriOf('setcell-compact.nlk');
    client.open(compact, 'numberlink', 'A.A\n...\n');
    expect(await command('linkpuzzle.setCell', compact, 1, 1, 1, '12')).toMatchObject({ applied: false, error: expect.stringMatching(/one character per cell/) });
    expect(await command('linkpuzzle.setCell', compact, 1, 1, 1, 'B')).toEqual({ applied: true });
    expect(client.text(compact)).toBe('A.A\n.B.\n');
    expect(await command('linkpuzzle.setCell', compact, client.docs.get(compact)!.version, 0, 1, 'a b')).toMatchObject({ applied: false, error: expect.stringMatching(/cannot be a label/) });
  });
});
