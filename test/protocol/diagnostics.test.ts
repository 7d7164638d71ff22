/**
 * The bundled server over stdio, push mode (a client without pull diagnostics, like Neovim 0.7):
 * diagnostics for each verdict, quick fix and fix-all round trips, status and result notifications.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import { checkText } from '../../server/src/genres/check';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { root, TestClient } from './lspClient';

const fixture = (name: string) => readFileSync(join(root, 'test/fixtures/lsp', name), 'utf8');
const uriOf = (name: string) => `file:///work/puzzles/${name}`;

let client: TestClient;
beforeAll(async () => {
  client = await TestClient.start({ capabilities: { window: { workDoneProgress: true } } });
});
afterAll(async () => {
  await client?.stop();
});

const ours = (d: Diagnostic[], code: string) => d.filter((x) => x.source === 'linkpuzzle' && x.code === code);

describe('push diagnostics', () => {
  it('marks each redundant hint at its character, faded, with data for the quick fix', async () => {
    const text = fixture('redundant.slk');
    const uri = uriOf('redundant.slk');
    client.open(uri, 'slitherlink', text);
    const diags = await client.diagnostics(uri, 1, (d) => ours(d, 'redundant-hint').length > 0);
    const expected = checkText(text, 'slitherlink').redundant!;
    expect(expected.length).toBeGreaterThan(1);
    const red = ours(diags, 'redundant-hint');
    const { puzzle } = parseSlitherlink(text);
    expect(red.map((d) => d.data)).toEqual(expected.map((c) => expect.objectContaining({ row: c.row, col: c.col })));
    for (const d of red) {
      expect(d.severity).toBe(4); // Hint
      expect(d.tags).toEqual([1]); // Unnecessary
      const { row, col } = d.data as { row: number; col: number };
      const r = puzzle!.cellRanges[row * puzzle!.cols + col]!;
      expect(d.range).toEqual({ start: { line: r.line, character: r.col }, end: { line: r.endLine, character: r.endCol } });
      expect(text.split('\n')[r.line]!.slice(r.col, r.endCol)).toMatch(/^[0-4]$/);
    }
    const status = await client.waitFor('linkpuzzle/status', (p) => p.uri === uri && p.state === 'done' && p.version === 1);
    expect(status.params.verdict).toBe('unique');
    expect(status.params.count).toBe('1');
    const result = await client.request('linkpuzzle/result', { uri });
    expect(result.verdict).toBe('unique');
    expect(result.redundant).toEqual(expected);
  });

  it('applies the quick fix: only the hint becomes ".", then the diagnostics change', async () => {
    const uri = uriOf('redundant.slk');
    const before = client.text(uri);
    const diags = await client.diagnostics(uri, 1, (d) => ours(d, 'redundant-hint').length > 0);
    const target = ours(diags, 'redundant-hint')[0]!;
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: target.range,
      context: { diagnostics: [target], only: ['quickfix'] },
    });
    expect(actions).toHaveLength(1);
    const fix = actions[0]!;
    expect(fix.kind).toBe('quickfix');
    expect(fix.isPreferred).toBe(true);
    expect(fix.title).toMatch(/Remove redundant hint/);
    const [version] = client.applyWorkspaceEdit(fix.edit!);
    const after = client.text(uri);
    // Same length, one character changed, into '.'.
    expect(after.length).toBe(before.length);
    const changed = [...after].flatMap((ch, i) => (ch !== before[i] ? [i] : []));
    expect(changed).toHaveLength(1);
    expect(after[changed[0]!]).toBe('.');
    expect(after).toContain('# A comment that must survive edits.');

    const next = await client.settled(uri, version!);
    const expected = checkText(after, 'slitherlink');
    expect(expected.verdict).toBe('unique');
    expect(ours(next, 'redundant-hint').map((d) => d.data)).toEqual(
      expected.redundant!.map((c) => expect.objectContaining({ row: c.row, col: c.col })),
    );
    const { row, col } = target.data as { row: number; col: number };
    expect(ours(next, 'redundant-hint').some((d) => (d.data as any).row === row && (d.data as any).col === col)).toBe(false);
  });

  it('fix-all removes hints one by one until minimal and still unique', async () => {
    const uri = uriOf('redundant.slk');
    const version = client.docs.get(uri)!.version;
    await client.diagnostics(uri, version);
    const before = client.text(uri);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'] },
    });
    expect(actions).toHaveLength(1);
    const all = actions[0]!;
    expect(all.kind).toBe('source.fixAll.linkpuzzle');
    expect(all.edit).toBeDefined();
    const [v2] = client.applyWorkspaceEdit(all.edit!);
    const after = client.text(uri);
    expect(after.length).toBe(before.length);
    for (let i = 0; i < after.length; i++) if (after[i] !== before[i]) expect([before[i], after[i]]).toEqual([expect.stringMatching(/[0-4]/), '.']);
    // Minimal and unique: checked independently of the server, hint by hint.
    const final = checkText(after, 'slitherlink', { redundant: false });
    expect(final.verdict).toBe('unique');
    const p = parseSlitherlink(after).puzzle!;
    for (let i = 0; i < p.hints.length; i++) {
      if (p.hints[i]! < 0) continue;
      const lines = after.split('\n');
      const r = p.cellRanges[i]!;
      lines[r.line] = lines[r.line]!.slice(0, r.col) + '.' + lines[r.line]!.slice(r.endCol);
      expect(checkText(lines.join('\n'), 'slitherlink', { redundant: false }).verdict).toBe('multiple');
    }
    const diags = await client.settled(uri, v2!);
    expect(ours(diags, 'redundant-hint')).toEqual([]);
    expect(diags).toEqual([]);
  });

  it('no solution: an Error naming a small hint set that already has none', async () => {
    const text = fixture('none.slk');
    const uri = uriOf('none.slk');
    client.open(uri, 'slitherlink', text);
    const diags = await client.settled(uri, 1);
    const result = await client.waitFor('linkpuzzle/resultChanged', (p) => p.uri === uri && !p.result.extrasPending);
    expect(result.params.result.conflictsMinimal).toBe(true);
    const [err] = ours(diags, 'no-solution');
    expect(err!.severity).toBe(1);
    const cells: { row: number; col: number }[] = result.params.result.conflicts;
    expect(cells.length).toBeGreaterThan(0);
    expect(err!.relatedInformation).toHaveLength(cells.length);
    // The set really has no solution, and is smaller than the puzzle's hints.
    const p = parseSlitherlink(text).puzzle!;
    const keep = new Set(cells.map((c) => c.row * p.cols + c.col));
    const hintsInPuzzle = [...p.hints].filter((h) => h >= 0).length;
    expect(keep.size).toBeLessThan(hintsInPuzzle);
    const lines = text.split('\n');
    p.hints.forEach((h, i) => {
      if (h < 0 || keep.has(i)) return;
      const r = p.cellRanges[i]!;
      lines[r.line] = lines[r.line]!.slice(0, r.col) + '.' + lines[r.line]!.slice(r.endCol);
    });
    expect(checkText(lines.join('\n'), 'slitherlink').verdict).toBe('none');
    for (const rel of err!.relatedInformation!) expect(rel.location.uri).toBe(uri);
  });

  it('Numberlink with no solution: the conflicting labels, both endpoints each', async () => {
    const uri = uriOf('crossing.nlk');
    const text = '6 1\nABABCC\n';
    expect(checkText(text, 'numberlink').verdict).toBe('none');
    client.open(uri, 'numberlink', text);
    const [err] = ours(await client.settled(uri, 1), 'no-solution');
    expect(err!.message).toContain('These 2 labels already have none: A (1, 1)-(1, 3), B (1, 2)-(1, 4).');
    expect(err!.relatedInformation).toHaveLength(4);
  });

  it('several solutions: a Warning with the exact count and where two solutions differ', async () => {
    const text = fixture('multiple.slk');
    const uri = uriOf('multiple.slk');
    client.open(uri, 'slitherlink', text);
    const diags = await client.settled(uri, 1);
    const expected = checkText(text, 'slitherlink');
    const [w] = ours(diags, 'multiple-solutions');
    expect(w!.severity).toBe(2);
    expect(w!.message).toContain(`${expected.count} solutions`);
    expect(w!.relatedInformation!.length).toBeGreaterThan(0);
    for (const rel of w!.relatedInformation!) expect(rel.message).toMatch(/^cell \(\d+, \d+\)/);
    // The preview's ambiguity map comes with the result: the check's own map, exactly.
    const changed = await client.waitFor('linkpuzzle/resultChanged', (p) => p.uri === uri && p.result.verdict === 'multiple');
    expect(changed.params.result.usage).toEqual(checkText(text, 'slitherlink', { usage: true }).usage);
    expect(changed.params.result.usage.of).toBe(expected.count);
  });

  it('Numberlink: the verdict goes out before the grade, which follows in a phase of its own', async () => {
    const text = readFileSync(join(root, 'test/fixtures/numberlink/janko/001_8x8.nlk'), 'utf8');
    const uri = uriOf('graded-later.nlk');
    const mark = client.events.length;
    client.open(uri, 'numberlink', text);
    const graded = await client.waitFor('linkpuzzle/resultChanged', (p) => p.uri === uri && p.result.grade !== undefined, 60_000, mark);
    const results = client.events.slice(mark).filter((e) => e.method === 'linkpuzzle/resultChanged' && e.params.uri === uri).map((e) => e.params.result);
    const first = results[0];
    expect(first.verdict).toBe('unique');
    expect(first.grade).toBeUndefined();
    expect(first.extrasPending).toBe(true);
    const expected = checkText(text, 'numberlink', { grade: true, gradeSteps: true });
    expect(graded.params.result.grade).toBe('probing');
    expect(graded.params.result.gradeSteps).toEqual(expected.gradeSteps);
    expect(graded.params.result.extrasPending).toBeUndefined();
    // The status the client shows follows the last result (the status bar reads its grade).
    const status = client.events.slice(mark).filter((e) => e.method === 'linkpuzzle/status' && e.params.uri === uri && e.params.state === 'done');
    expect(status.length).toBeGreaterThanOrEqual(2);
  });

  it('Numberlink: a hard 15×15 Arukone is decided with the worker\'s second thread racing (the same one solution)', async () => {
    // 350_15x15: past the 200 ms after which a worker starts its second thread (nikoliVerdict.ts),
    // which builds from the other end of the sweep (0.70 M states against 2.27 M).
    const text = readFileSync(join(root, 'test/fixtures/numberlink/arukone/350_15x15.nlk'), 'utf8');
    const uri = uriOf('hard-arukone.nlk');
    const mark = client.events.length;
    const t0 = Date.now();
    client.open(uri, 'numberlink', text);
    const decided = await client.waitFor('linkpuzzle/resultChanged', (p) => p.uri === uri && p.result.verdict !== undefined, 120_000, mark);
    console.log(`350_15x15 in the server: ${decided.params.result.verdict} after ${Date.now() - t0} ms`);
    expect(decided.params.result.verdict).toBe('unique');
    expect(decided.params.result.solution).toEqual(checkText(text, 'numberlink').solution);
  });

  it('Numberlink: a unique solution that leaves cells empty is not good (Warning)', async () => {
    const uri = uriOf('notgood.nlk');
    client.open(uri, 'numberlink', fixture('notgood.nlk'));
    const diags = await client.settled(uri, 1);
    const [w] = ours(diags, 'not-covering');
    expect(w!.severity).toBe(2);
    expect(w!.message).toMatch(/1 cell empty/);
    expect(w!.range.start).toEqual({ line: 1, character: 2 });
    // A good one gets no diagnostic at all, but a status with its verdict.
    const good = uriOf('unique.nlk');
    client.open(good, 'numberlink', fixture('unique.nlk'));
    expect(await client.settled(good, 1)).toEqual([]);
    const st = await client.waitFor('linkpuzzle/status', (p) => p.uri === good && p.state === 'done');
    expect(st.params.verdict).toBe('unique');
  });

  it('parse problems appear at once, each at its exact range, and the solver is not run', async () => {
    const uri = uriOf('ragged.slk');
    const text = '3 . 2\n. 1\n2 . 2 0\n';
    client.open(uri, 'slitherlink', text);
    const diags = await client.diagnostics(uri, 1);
    const { problems } = parseSlitherlink(text);
    expect(problems.length).toBeGreaterThan(0);
    expect(diags.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character])).toEqual(
      problems.map((p) => [p.code, p.range.line, p.range.col, p.range.endLine, p.range.endCol]),
    );
    const st = await client.waitFor('linkpuzzle/status', (p) => p.uri === uri && p.state === 'done');
    expect(st.params.verdict).toBe('invalid');
    expect(client.events.some((e) => e.method === 'linkpuzzle/status' && e.params.uri === uri && e.params.state === 'checking')).toBe(false);
  });

  it('decides the kind by the URI extension when the language id is unknown', async () => {
    const uri = uriOf('plain.nlk');
    const text = '3 1\nA.A\n';
    client.open(uri, 'plaintext', text);
    await client.waitFor('linkpuzzle/status', (p) => p.uri === uri && p.state === 'done');
    const result = await client.request('linkpuzzle/result', { uri });
    expect(result.kind).toBe('numberlink');
    expect(result.verdict).toBe(checkText(text, 'numberlink').verdict);
    expect(parseNumberlink(text).problems).toEqual([]);
  });
});

describe('linkpuzzle lsp --stdio', () => {
  it('the CLI starts the same server', async () => {
    const c = await TestClient.start({ args: [join(root, 'dist/cli.js'), 'lsp', '--stdio'] });
    try {
      const uri = uriOf('cli.slk');
      c.open(uri, 'slitherlink', fixture('redundant.slk'));
      const diags = await c.settled(uri, 1);
      expect(ours(diags, 'redundant-hint').length).toBe(checkText(fixture('redundant.slk'), 'slitherlink').redundant!.length);
    } finally {
      await c.stop();
    }
  });
});

describe('node IPC transport (as the VS Code client starts it)', () => {
  it('serves diagnostics over --node-ipc', async () => {
    const { fork } = await import('node:child_process');
    const rpc = await import('vscode-jsonrpc/node');
    const child = fork(join(root, 'dist/server.js'), ['--node-ipc'], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    const conn = rpc.createMessageConnection(new rpc.IPCMessageReader(child), new rpc.IPCMessageWriter(child));
    try {
      const got = new Promise<any>((resolve) =>
        conn.onNotification('textDocument/publishDiagnostics', (p: any) => {
          if (p.diagnostics.some((d: Diagnostic) => d.code === 'redundant-hint')) resolve(p);
        }),
      );
      conn.listen();
      const init: any = await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      expect(init.capabilities.hoverProvider).toBe(true);
      await conn.sendNotification('initialized', {});
      const uri = uriOf('ipc.slk');
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'slitherlink', version: 1, text: fixture('redundant.slk') } });
      const p = await got;
      expect(p.uri).toBe(uri);
    } finally {
      conn.dispose();
      child.kill();
    }
  });
});
