/**
 * A client that does not declare `workspace.applyEdit`: the commands that edit send it no
 * workspace/applyEdit request (it could not answer one); they answer that nothing was applied and
 * tell the user why with window/showMessage. What such a client can still do: take the fix-all
 * edit in a code action asked for by kind.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { checkText } from '../../server/src/genres/check';
import { root, TestClient } from './lspClient';

const fixture = (name: string) => readFileSync(join(root, 'test/fixtures/lsp', name), 'utf8');
const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const LOOP_FILE = '. . . .\n. . . .\n. . . .\n. . . .\n---\n. x . .\nx x x .\n. x x x\n. . x .\n';

let client: TestClient;
beforeAll(async () => {
  // Everything a plain client may have, but applyEdit.
  client = await TestClient.start({ capabilities: { workspace: { workspaceEdit: { documentChanges: true } } } });
});
afterAll(async () => {
  await client?.stop();
});

const command = (name: string, ...args: unknown[]) => client.request<any>('workspace/executeCommand', { command: name, arguments: args });

/** Runs `f` and returns what the server sent meanwhile: applyEdit requests and shown messages. */
async function sentDuring<T>(f: () => Promise<T>): Promise<{ answer: T; applyEdits: number; messages: { type: number; message: string }[] }> {
  const mark = client.events.length;
  const answer = await f();
  // The message is a notification sent before the answer: it has arrived by now.
  const later = client.events.slice(mark);
  return {
    answer,
    applyEdits: later.filter((e) => e.method === 'workspace/applyEdit').length,
    messages: later.filter((e) => e.method === 'window/showMessage').map((e) => e.params),
  };
}

const CANNOT = /this editor cannot apply edits sent by the language server \(its client capabilities lack workspace\.applyEdit\); nothing was changed$/;

describe('a client without workspace.applyEdit', () => {
  it('removeAllRedundantHints: false, no applyEdit request, an error message; the code action asked for by kind still carries the edit', async () => {
    const uri = 'file:///noapply/redundant.slk';
    const text = fixture('redundant.slk');
    client.open(uri, 'slitherlink', text);
    await client.settled(uri, 1);
    const r = await sentDuring(() => command('linkpuzzle.removeAllRedundantHints', uri, 1));
    expect(r.answer).toBe(false);
    expect(r.applyEdits).toBe(0);
    expect(r.messages).toEqual([{ type: 1, message: expect.stringMatching(/^Remove all redundant hints: /) }]);
    expect(r.messages[0]!.message).toMatch(CANNOT);
    expect(client.text(uri)).toBe(text);
    // The listing's fix-all is the command (all this client could run); asked for by kind, the action carries its edit.
    const listed = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: zero, context: { diagnostics: [] } });
    expect(listed.find((a) => a.kind === 'source.fixAll.linkpuzzle')?.command?.command).toBe('linkpuzzle.removeAllRedundantHints');
    const asked = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: zero, context: { diagnostics: [], only: ['source.fixAll.linkpuzzle'] } });
    const fix = asked.find((a) => a.kind === 'source.fixAll.linkpuzzle')!;
    client.applyWorkspaceEdit(fix.edit!);
    const after = checkText(client.text(uri), 'slitherlink');
    expect(after.verdict).toBe('unique');
    expect(after.redundant).toEqual([]);
  });

  it('the design commands that edit: an error answer before any work, no applyEdit request, an error message', async () => {
    const uri = 'file:///noapply/loop.slk';
    client.open(uri, 'slitherlink', LOOP_FILE);
    await client.settled(uri, 1);
    const make = await sentDuring(() => command('linkpuzzle.makePuzzleFromLoop', uri, { seed: 1 }));
    expect(make.answer).toEqual({ error: expect.stringMatching(/^Make a minimal puzzle from the loop: /) });
    expect(make.answer.error).toMatch(CANNOT);
    expect(make.applyEdits).toBe(0);
    expect(make.messages).toEqual([{ type: 1, message: make.answer.error }]);
    const apply = await sentDuring(() => command('linkpuzzle.applyHints', uri, 1, 'all-from-loop'));
    expect(apply.answer).toEqual({ applied: false, error: expect.stringMatching(/^Apply hints: /) });
    expect(apply.applyEdits).toBe(0);
    expect(apply.messages).toHaveLength(1);
    expect(client.text(uri)).toBe(LOOP_FILE);

    const plain = 'file:///noapply/unique.slk';
    client.open(plain, 'slitherlink', fixture('redundant.slk'));
    await client.settled(plain, 1);
    const block = await sentDuring(() => command('linkpuzzle.loopBlockFromSolution', plain));
    expect(block.answer).toEqual({ error: expect.stringMatching(/^Add the solution as a loop block: /) });
    expect(block.applyEdits).toBe(0);
    expect(block.messages).toHaveLength(1);
    expect(client.text(plain)).toBe(fixture('redundant.slk'));
    // Nothing was ever sent to this client as a request to edit.
    expect(client.events.filter((e) => e.method === 'workspace/applyEdit')).toEqual([]);
  });
});
