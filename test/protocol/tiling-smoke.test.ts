/**
 * The bundled server on a Slitherlink tiling file (docs/tilings.md): it answers with the tiling's
 * verdict and keeps serving (hover, a second document). The editor features for tilings (faces in
 * diagnostics, quick fixes, the preview) come with the genre seam; this only guards against a crash
 * or a square-grid answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './lspClient';

let client: TestClient;
beforeAll(async () => {
  client = await TestClient.start({});
});
afterAll(async () => {
  await client?.stop();
});

describe('a tiling file in the language server', () => {
  it('gets diagnostics and the server keeps answering', async () => {
    const uri = 'file:///work/puzzles/honey.slk';
    // The loop around the middle hexagon (face 4) of a 3x3 honeycomb (odd columns sit half a
    // hexagon lower, so faces 0 and 2 do not touch it), every hint given.
    client.open(uri, 'slitherlink', '# grid: honeycomb 3x3\n0 1 0\n1 6 1\n1 1 1\n');
    const diags = await client.diagnostics(uri, 1, () => true, 60_000);
    // Unique on the honeycomb (read as a 3x3 square grid it has no solution).
    expect(diags.filter((d) => d.severity === 1)).toEqual([]);
    const hover = await client.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 2 } });
    expect(hover).not.toBeNull();
    const other = 'file:///work/puzzles/bad.slk';
    client.open(other, 'slitherlink', '# grid: honeycomb 3x3\n. 9 .\n');
    const bad = await client.diagnostics(other, 1, (d) => d.some((x) => x.code === 'hint-too-large'), 60_000);
    expect(bad.find((x) => x.code === 'hint-too-large')!.range).toEqual({ start: { line: 1, character: 2 }, end: { line: 1, character: 3 } });
  }, 120_000);
});
