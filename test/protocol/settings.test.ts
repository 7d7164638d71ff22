/** `linkpuzzle.*` settings: workspace/configuration first, initializationOptions as the fallback. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root, TestClient } from './lspClient';

const fixture = (name: string) => readFileSync(join(root, 'test/fixtures/lsp', name), 'utf8');
const clients: TestClient[] = [];
afterAll(async () => {
  for (const c of clients) await c.stop();
});

describe('settings', () => {
  it('reads workspace/configuration per document and re-checks on didChangeConfiguration', async () => {
    let config: any = { redundantHints: false, limits: { maxNodes: 50_000 } };
    const c = await TestClient.start({ configuration: (section) => (section === 'linkpuzzle' ? config : null) });
    clients.push(c);
    const red = 'file:///s/redundant.slk';
    c.open(red, 'slitherlink', fixture('redundant.slk'));
    expect(await c.settled(red, 1)).toEqual([]); // redundancy switched off
    const ask = await c.waitFor('workspace/configuration');
    expect(ask.params.items[0]).toEqual({ scopeUri: red, section: 'linkpuzzle' });

    const long = 'file:///s/long.slk';
    c.open(long, 'slitherlink', fixture('long.slk'));
    const [limit] = await c.diagnostics(long, 1, (d) => d.length > 0, 60_000);
    expect(limit!.code).toBe('limit-reached');
    expect(limit!.message).toMatch(/50000|50,000/);

    config = { redundantHints: true, limits: { maxNodes: 50_000 } };
    const mark = c.events.length;
    await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const again = await c.waitFor('textDocument/publishDiagnostics', (p) => p.uri === red && p.diagnostics.some((d: any) => d.code === 'redundant-hint'), 30_000, mark);
    expect(again.params.version).toBe(1);
  });

  it('falls back to initializationOptions (and didChangeConfiguration payloads) without workspace/configuration', async () => {
    const c = await TestClient.start({ initializationOptions: { linkpuzzle: { numberlink: { defaultRule: 'fill' } } } });
    clients.push(c);
    const uri = 'file:///s/notgood.nlk';
    // Under `fill` the middle cell can never be used: no solution (under nikoli: unique, not good).
    c.open(uri, 'numberlink', fixture('notgood.nlk'));
    await c.settled(uri, 1);
    expect((await c.request('linkpuzzle/result', { uri })).verdict).toBe('none');
    expect((await c.request('linkpuzzle/result', { uri })).rule).toMatch(/fill/);
    const mark = c.events.length;
    await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { linkpuzzle: { numberlink: { defaultRule: 'nikoli' } } } });
    await c.waitFor('linkpuzzle/resultChanged', (p) => p.uri === uri && p.result.verdict === 'unique', 30_000, mark);
    expect((await c.request('linkpuzzle/result', { uri })).covers).toBe(false);
  });
});
