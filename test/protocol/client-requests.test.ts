/**
 * What the client asks the server instead of parsing the text itself (it imports no server code):
 * the preview's picture (at once after an edit, before the check: the last result faded over the
 * new grid; kept current through edits of comments), a cell's text, the redundant hints' text, the
 * genres, whether a genre's command can run, and the exchange and *Draw loop* commands. Checked
 * against the core (the parser, the renderer, the exchange code).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { importText } from '../../server/src/genres/exchange';
import { GENRES } from '../../server/src/genres/index';
import { renderSvg } from '../../server/src/genres/preview';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import type { PreviewResponse, RedundantRangesResponse } from '../../server/src/protocol-types';
import { root, TestClient } from './lspClient';

const fixture = (name: string) => readFileSync(join(root, 'test/fixtures/lsp', name), 'utf8');
const uriOf = (name: string) => `file:///work/requests/${name}`;
const toLsp = (r: { line: number; col: number; endLine: number; endCol: number }) => ({ start: { line: r.line, character: r.col }, end: { line: r.endLine, character: r.endCol } });

let client: TestClient;
beforeAll(async () => {
  client = await TestClient.start({ capabilities: { workspace: { workspaceEdit: { documentChanges: true }, applyEdit: true } } });
});
afterAll(async () => {
  await client?.stop();
});

const command = <R = any>(name: string, ...args: unknown[]) => client.request<R>('workspace/executeCommand', { command: name, arguments: args });
const preview = (uri: string) => client.request<PreviewResponse | null>('linkpuzzle/preview', { uri });

describe('the preview\'s picture comes from the server', () => {
  const uri = uriOf('redundant.slk');
  const text = fixture('redundant.slk');
  let diags: Diagnostic[];
  beforeAll(async () => {
    client.open(uri, 'slitherlink', text);
    diags = await client.settled(uri, 1, 120_000);
  }, 150_000);

  it('draws the text with its result, as the renderer does', async () => {
    const r = (await preview(uri))!;
    expect(r).toMatchObject({ version: 1, stale: false, verdict: 'unique' });
    const result = await client.request('linkpuzzle/result', { uri });
    expect(r.svg).toBe(renderSvg(parseSlitherlink(text).puzzle!, result, { stale: false }));
    expect(r.svg).toMatch(/data-verdict="unique"/);
    expect(r.svg).toContain('data-draw-loop');
  });

  it('after an edit of a hint, draws the new grid at once (before the check), the old result faded', async () => {
    const p = parseSlitherlink(text).puzzle!;
    const i = p.hints.findIndex((h) => h < 0);
    const cell = p.cellRanges[i]!;
    const v = client.edit(uri, [{ range: toLsp(cell), newText: '2' }]);
    const r = (await preview(uri))!;
    expect(r.version).toBe(v);
    expect(r.stale).toBe(true);
    expect(r.svg).toMatch(/class="[^"]*lp-stale/);
    // The new hint is in the picture although no check of this text has answered.
    const row = Math.floor(i / p.cols), col = i % p.cols;
    expect(r.svg).toMatch(new RegExp(`<text class="lp-hint lp-hint-2[^"]*"[^>]*data-row="${row}" data-col="${col}">2</text>`));
    await client.settled(uri, v, 120_000);
    expect((await preview(uri))!).toMatchObject({ version: v, stale: false });
    // Back to the fixture's text for the tests below.
    const back = client.setText(uri, text);
    diags = await client.settled(uri, back, 120_000);
  }, 300_000);

  it('a comment edit keeps the result current (the same grid and hints): not faded', async () => {
    const v = client.setText(uri, `# a note\n${client.text(uri)}`);
    const r = (await preview(uri))!;
    expect(r).toMatchObject({ version: v, stale: false, verdict: 'unique' });
    expect(r.svg).not.toMatch(/lp-stale/);
    diags = await client.settled(uri, v, 120_000);
  }, 150_000);

  it('says where each redundant hint is, while the result is about the text', async () => {
    const want = diags.filter((d) => d.code === 'redundant-hint').map((d) => d.range);
    expect(want.length).toBeGreaterThan(0);
    const r = (await client.request<RedundantRangesResponse | null>('linkpuzzle/redundantRanges', { uri }))!;
    expect(r.version).toBe(client.docs.get(uri)!.version);
    expect(r.ranges.map(toLsp)).toEqual(want);
    // A hint changed: the result is about another grid until the check answers.
    const p = parseSlitherlink(client.text(uri)).puzzle!;
    const i = p.hints.findIndex((h) => h < 0);
    client.edit(uri, [{ range: toLsp(p.cellRanges[i]!), newText: '1' }]);
    expect(await client.request('linkpuzzle/redundantRanges', { uri })).toBeNull();
  });

  it('says where a cell\'s text is', async () => {
    const p = parseSlitherlink(client.text(uri)).puzzle!;
    const [row, col] = [p.rows - 1, p.cols - 2];
    expect(p.cellRanges[row * p.cols + col]).toBeDefined();
    expect(await client.request('linkpuzzle/cellRange', { uri, row, col })).toEqual(p.cellRanges[row * p.cols + col]);
    expect(await client.request('linkpuzzle/cellRange', { uri, row: 99, col: 0 })).toBeNull();
    expect(await client.request('linkpuzzle/cellRange', { uri: uriOf('nothing.slk'), row: 0, col: 0 })).toBeNull();
  });

  it('a file without a grid: the parser\'s message as the picture', async () => {
    const u = uriOf('empty.slk');
    client.open(u, 'slitherlink', '# nothing yet\n');
    const r = (await preview(u))!;
    expect(r.svg).toMatch(/lp-message/);
    expect(r.stale).toBe(false);
  });
});

describe('the genres, and whether a genre\'s command can run', () => {
  it('lists the registry\'s genres, with what their generators ask', async () => {
    const info = await client.request<{ kind: string; name: string; extension: string; generate?: { slowCells: number; choice?: { option: string } } }[]>('linkpuzzle/genres', {});
    expect(info.map((g) => g.kind)).toEqual(GENRES.map((g) => g.kind));
    for (const g of GENRES) {
      const i = info.find((x) => x.kind === g.kind)!;
      expect(i).toMatchObject({ name: g.name, extension: g.extension });
      expect(i.generate?.slowCells).toBe(g.generate?.slowCells);
      expect(i.generate?.choice?.option).toBe(g.generate?.choices?.option);
    }
  });

  it('says why Make Minimal Puzzle cannot run yet, and nothing once it can', async () => {
    const u = uriOf('loop.slk');
    client.open(u, 'slitherlink', '. . .\n. . .\n');
    const state = (cmd: string, uri = u) => client.request('linkpuzzle/commandState', { uri, command: cmd });
    expect(await state('linkpuzzle.makePuzzleFromLoop')).toEqual({ severity: 'warning', message: expect.stringMatching(/^draw the loop first/) });
    expect(await state('linkpuzzle.loopBlockFromSolution')).toBeNull();
    client.setText(u, '. . .\n. . .\n---\n. x .\n. x .\n');
    expect(await state('linkpuzzle.makePuzzleFromLoop')).toBeNull();
    expect(await state('linkpuzzle.loopBlockFromSolution')).toMatchObject({ severity: 'information', message: expect.stringMatching(/already has a loop block/) });
    const n = uriOf('pairs.nlk');
    client.open(n, 'numberlink', '3 1\nA.A\n');
    expect(await state('linkpuzzle.makePuzzleFromLoop', n)).toEqual({ severity: 'information', message: 'open a Slitherlink (.slk) file first.' });
  });
});

describe('exchange and Draw loop through the server', () => {
  it('imports a Loopy game ID and a puzz.link URL as the CLI does; exports the document\'s URL', async () => {
    for (const src of ['5x5t0:a1b3c2d1e', 'https://puzz.link/p?numlin/3/2/1g22g1']) {
      expect(await command('linkpuzzle.importText', src)).toEqual(importText(src));
    }
    expect(await command('linkpuzzle.importText', 'https://puzz.link/p?nurikabe/3/3/abc')).toEqual({ error: expect.stringMatching(/^not a Slitherlink or Numberlink URL/) });
    const u = uriOf('url.nlk');
    client.open(u, 'numberlink', '# rule: fill\n3 2\nA.A\nB.B\n');
    expect(await command('linkpuzzle.exportUrl', u)).toEqual({ url: 'https://puzz.link/p?numlin/3/2/1g12g2', warning: expect.stringMatching(/rule `fill` is lost/) });
  });

  it('Draw loop marks a cell in the solution block (creating it), only for the version it was asked for', async () => {
    const u = uriOf('draw.slk');
    const text = '# draw\n3 . .\n. . .\n';
    client.open(u, 'slitherlink', text);
    expect(await command('linkpuzzle.toggleLoopCell', u, 7, 0, 0)).toMatchObject({ applied: false, error: expect.stringMatching(/not 7/) });
    expect(client.text(u)).toBe(text);
    expect(await command('linkpuzzle.toggleLoopCell', u, 1, 0, 1)).toEqual({ applied: true });
    expect(client.text(u)).toBe(`${text}---\n. x .\n. . .\n`);
    const v = client.docs.get(u)!.version;
    expect(await command('linkpuzzle.toggleLoopCell', u, v, 1, 2)).toEqual({ applied: true });
    expect(parseSlitherlink(client.text(u)).puzzle!.solution).toEqual(Uint8Array.from([0, 1, 0, 0, 0, 1]));
    expect(await command('linkpuzzle.toggleLoopCell', u, client.docs.get(u)!.version, 5, 0)).toMatchObject({ applied: false, error: expect.stringMatching(/outside/) });
  });
});
