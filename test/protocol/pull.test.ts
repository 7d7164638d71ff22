/**
 * Pull diagnostics (textDocument/diagnostic), for clients that offer them (VS Code): the server
 * never pushes, answers parse problems at once, and asks for a refresh when a result arrives.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { checkText } from '../../server/src/genres/check';
import { root, sleep, TestClient } from './lspClient';

const fixture = (name: string) => readFileSync(join(root, 'test/fixtures/lsp', name), 'utf8');
const clients: TestClient[] = [];
afterAll(async () => {
  for (const c of clients) await c.stop();
});

const pull = (c: TestClient, uri: string, previousResultId?: string) =>
  c.request<DocumentDiagnosticReport & { items?: any[]; resultId?: string }>('textDocument/diagnostic', { textDocument: { uri }, previousResultId });

describe('pull diagnostics', () => {
  it('with refresh support: answers at once, refreshes when the result is in, never pushes', async () => {
    const c = await TestClient.start({
      capabilities: { textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { diagnostics: { refreshSupport: true } } },
    });
    clients.push(c);
    const uri = 'file:///p/redundant.slk';
    const text = fixture('redundant.slk');
    c.open(uri, 'slitherlink', text);
    await c.waitFor('linkpuzzle/resultChanged', (p) => p.uri === uri && !p.result.extrasPending);
    await c.waitFor('workspace/diagnostic/refresh');
    const report = await pull(c, uri);
    expect(report.kind).toBe('full');
    const expected = checkText(text, 'slitherlink').redundant!;
    expect(report.items!.filter((d) => d.code === 'redundant-hint').map((d) => d.data)).toEqual(
      expected.map((x) => expect.objectContaining({ row: x.row, col: x.col })),
    );
    const again = await pull(c, uri, report.resultId);
    expect(again).toEqual({ kind: 'unchanged', resultId: report.resultId });

    // Parse problems: answered immediately, before any solving.
    const v2 = c.setText(uri, text + 'x y z w\n');
    const t0 = performance.now();
    const bad = await pull(c, uri);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(bad.kind).toBe('full');
    expect(bad.items!.length).toBeGreaterThan(0);
    expect(bad.items!.every((d) => d.severity === 1)).toBe(true);
    void v2;
    await sleep(300);
    expect(c.events.filter((e) => e.method === 'textDocument/publishDiagnostics')).toEqual([]);
  });

  it('without refresh support: the pull waits for the solver', async () => {
    const c = await TestClient.start({ capabilities: { textDocument: { diagnostic: { dynamicRegistration: false } } } });
    clients.push(c);
    const uri = 'file:///p/multiple.slk';
    c.open(uri, 'slitherlink', fixture('multiple.slk'));
    const report = await pull(c, uri);
    expect(report.kind).toBe('full');
    expect(report.items!.map((d) => d.code)).toContain('multiple-solutions');
    expect(c.events.filter((e) => e.method === 'textDocument/publishDiagnostics')).toEqual([]);
  });
});
