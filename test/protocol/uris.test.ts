/**
 * A document uri is a key, not something to decode: one with a malformed `%` escape (which
 * decodeURIComponent rejects with "URI malformed") is served like any other, commands and
 * progress titles included.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/genres/check';
import { root, TestClient } from './lspClient';

const fixture = (name: string) => readFileSync(join(root, 'test/fixtures/lsp', name), 'utf8');
const PLUS = '# a plus-shaped loop\n. . .\n. . .\n. . .\n---\n. x .\nx x x\n. x .\n';

let client: TestClient;
beforeAll(async () => {
  client = await TestClient.start({
    capabilities: {
      window: { workDoneProgress: true },
      workspace: { workspaceEdit: { documentChanges: true }, applyEdit: true },
    },
  });
});
afterAll(async () => {
  await client?.stop();
});

const command = (name: string, ...args: unknown[]) => client.request<any>('workspace/executeCommand', { command: name, arguments: args });

describe('a uri with a malformed % escape', () => {
  it('linkpuzzle.makePuzzleFromLoop works on the open document', async () => {
    const uri = 'file:///tmp/bad%zz.slk';
    client.open(uri, 'slitherlink', PLUS);
    await client.settled(uri, 1);
    const r = await command('linkpuzzle.makePuzzleFromLoop', uri, { seed: 1 });
    expect(r.error).toBeUndefined();
    expect(r.applied).toBe(true);
    expect(checkText(client.text(uri), 'slitherlink').verdict).toBe('unique');
  });

  it('linkpuzzle.hintFamily counts the puzzles of its loop', async () => {
    const uri = 'file:///tmp/100%.slk';
    client.open(uri, 'slitherlink', PLUS);
    await client.settled(uri, 1);
    const r = await command('linkpuzzle.hintFamily', uri);
    expect(r.error).toBeUndefined();
    expect(BigInt(r.count)).toBeGreaterThan(0n);
  });

  it('linkpuzzle.loopBlockFromSolution and the fix-all command edit it', async () => {
    const uri = 'file:///tmp/%E0%A4%A.slk'; // a cut-off UTF-8 escape
    const text = fixture('redundant.slk');
    client.open(uri, 'slitherlink', text);
    await client.settled(uri, 1);
    expect(await command('linkpuzzle.removeAllRedundantHints', uri, 1)).toBe(true);
    const r = await command('linkpuzzle.loopBlockFromSolution', uri);
    expect(r.error).toBeUndefined();
    expect(r.applied).toBe(true);
    expect(client.text(uri)).toContain('---');
  });

  it('a long check shows its progress, titled with the file name as it is', async () => {
    const uri = 'file:///tmp/long%zz.slk';
    const mark = client.events.length;
    client.open(uri, 'slitherlink', fixture('long.slk'));
    const created = await client.waitFor('window/workDoneProgress/create', () => true, 10_000, mark);
    const token = created.params.token;
    const begin = await client.waitFor('$/progress', (p) => p.token === token && p.value.kind === 'begin', 10_000, mark);
    // The long part is the count that follows the verdict (two loops found at once).
    expect(begin.params.value.title).toBe('Counting the solutions of long%zz.slk');
    await client.conn.sendNotification('window/workDoneProgress/cancel', { token });
    await client.waitFor('$/progress', (p) => p.token === token && p.value.kind === 'end', 10_000, mark);
    expect(client.stderr).not.toMatch(/URI malformed/);
  });
});
