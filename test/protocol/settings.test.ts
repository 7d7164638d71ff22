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

    // The node limit of this document's settings stops its count (two loops prove it `multiple`).
    const long = 'file:///s/long.slk';
    c.open(long, 'slitherlink', fixture('long.slk'));
    const [limit] = await c.diagnostics(long, 1, (d) => d.some((x) => /50000/.test(x.message)), 60_000);
    expect(limit!.code).toBe('multiple-solutions');
    expect(limit!.message).toMatch(/node limit 50000/);

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

  it('a time limit past what a timer holds (2^31 ms) is clamped, told once, and a check still ends with its verdict', async () => {
    const c = await TestClient.start({ initializationOptions: { limits: { timeMs: 2 ** 31 } } });
    clients.push(c);
    const uri = 'file:///s/huge-time.slk';
    c.open(uri, 'slitherlink', fixture('redundant.slk'));
    const diags = await c.settled(uri, 1);
    const result = await c.request('linkpuzzle/result', { uri });
    expect(result.verdict).toBe('unique');
    expect(result.stopped).toBeUndefined();
    expect(diags.filter((d) => d.code === 'redundant-hint').length).toBeGreaterThan(0);
    const version = c.edit(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: '# again\n' }]);
    await c.settled(uri, version);
    expect((await c.request('linkpuzzle/result', { uri })).verdict).toBe('unique');
    const shown = c.events.filter((e) => e.method === 'window/showMessage');
    expect(shown.map((e) => e.params.message)).toEqual(['linkpuzzle.limits.timeMs: 2147483648 is too large; using 2147483647']);
    expect(shown[0]!.params.type).toBe(2); // Warning
  });

  it('the largest time limit itself (2^31 - 1 ms) is valid: no message, and the safety timers above it hold', async () => {
    const c = await TestClient.start({ initializationOptions: { limits: { timeMs: 2 ** 31 - 1 } } });
    clients.push(c);
    const uri = 'file:///s/max-time.slk';
    c.open(uri, 'slitherlink', fixture('redundant.slk'));
    await c.settled(uri, 1);
    const result = await c.request('linkpuzzle/result', { uri });
    expect(result.verdict).toBe('unique');
    expect(result.redundant.length).toBeGreaterThan(0);
    expect(c.events.filter((e) => e.method === 'window/showMessage')).toEqual([]);
  });

  const bad = { limits: { timeMs: 0, maxNodes: 'lots' }, debounceMs: -1, redundantHints: 'yes', numberlink: { defaultRule: 'diagonal' } };
  const told = [
    'linkpuzzle.limits.timeMs: 0 is not valid (100 to 2147483647); using the default 60000',
    'linkpuzzle.limits.maxNodes: "lots" is not valid (1000 to 2147483647); using the default 20000000',
    'linkpuzzle.debounceMs: -1 is not valid (0 to 5000); using the default 75',
    'linkpuzzle.numberlink.defaultRule: "diagonal" is not a rule (words nikoli, fill, notouch); using "nikoli"',
    'linkpuzzle.redundantHints: "yes" is not true or false; using true',
  ];

  /** Two documents, edits, a configuration change: the defaults are used and each problem is told once. */
  async function invalidOnce(c: TestClient): Promise<void> {
    const a = 'file:///s/bad-a.slk';
    const b = 'file:///s/bad-b.nlk';
    c.open(a, 'slitherlink', fixture('redundant.slk'));
    c.open(b, 'numberlink', fixture('notgood.nlk'));
    await c.settled(a, 1);
    await c.settled(b, 1);
    let v = 1;
    for (let i = 0; i < 3; i++) v = c.edit(a, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: `# ${i}\n` }]);
    const diags = await c.settled(a, v);
    // The defaults: redundant hints found (true), Numberlink under nikoli (unique, not covering).
    expect(diags.some((d) => d.code === 'redundant-hint')).toBe(true);
    expect((await c.request('linkpuzzle/result', { uri: b })).verdict).toBe('unique');
    const mark = c.events.length;
    await c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { linkpuzzle: bad } });
    await c.waitFor('linkpuzzle/resultChanged', (p) => p.uri === a, 30_000, mark);
    const shown = c.events.filter((e) => e.method === 'window/showMessage');
    expect(shown.map((e) => e.params.message).sort()).toEqual(told.slice().sort());
    expect(shown.every((e) => e.params.type === 2)).toBe(true);
  }

  it('invalid values fall back to the defaults, each told exactly once (initializationOptions)', async () => {
    const c = await TestClient.start({ initializationOptions: { linkpuzzle: bad } });
    clients.push(c);
    await invalidOnce(c);
  });

  it('invalid values fall back to the defaults, each told exactly once (workspace/configuration, per document)', async () => {
    const c = await TestClient.start({ configuration: (section) => (section === 'linkpuzzle' ? bad : null) });
    clients.push(c);
    await invalidOnce(c);
  });
});
