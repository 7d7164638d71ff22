/**
 * "Remove all redundant hints" while the user keeps typing: 2,000 rapid edits with fix-all
 * requests (the command and codeAction/resolve, alternately) interleaved. The server must never
 * send an edit computed for a text it already knows is gone.
 *
 * What the server knew when it sent an edit is told by a barrier: after each didChange the client
 * sends a `linkpuzzle/result` request. The server handles messages in order, so once that answer
 * has arrived (`acked`), any edit that arrives later was sent after the server had seen the
 * change, and must be for that version or a newer one. Versions after `acked` are in flight: the
 * server cannot know them, and an edit crossing them is the client's to refuse (a versioned client
 * does; a plain-`changes` client cannot tell; counted as `crossings`, the residual the README
 * describes).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CodeAction, TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { checkText } from '../../server/src/genres/check';
import { root, sleep, TestClient } from './lspClient';

const base = readFileSync(join(root, 'test/fixtures/lsp/redundant.slk'), 'utf8');
const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const EDITS = 2000;

const clients: TestClient[] = [];
afterAll(async () => {
  for (const c of clients) await c.stop();
});

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Tally {
  /** Edits the test made (not counting the fix-alls it applied). */
  edits: number;
  /** Edits that reached the client (applyEdit requests and resolved actions). */
  sent: number;
  /** Applied by the client, each checked: hint characters only, result unique and minimal. */
  applied: number;
  /** Sent for a version older than one the server had already seen (the server's guard failed). */
  stale: number;
  /** Would have changed something other than hint characters of the client's current text. */
  damaging: number;
  /** Applied, but the result is not a unique puzzle without redundant hints. */
  badResult: number;
  /** Arrived while a change of the client's was still in flight (refused when not clean). */
  crossings: number;
  /** Crossings refused because the edit did not fit the current text (a blind plain client's damage). */
  crossingsRefused: number;
  /** Commands whose answer is not what the client did with the edit (false when none was sent). */
  commandMismatch: number;
  /** Fix-all requests that the server declined (no edit) because the text changed meanwhile. */
  declined: number;
  fixAlls: number;
}

/** Each edit replaces one hint character ([0-4]) of `text` with '.'. */
function onlyHints(text: string | undefined, edits: TextEdit[]): boolean {
  if (text === undefined || edits.length === 0) return false;
  const doc = TextDocument.create('x:', 'slitherlink', 0, text);
  return edits.every((e) => {
    const { start, end } = e.range;
    if (e.newText !== '.' || start.line !== end.line || end.character !== start.character + 1) return false;
    if (start.line >= doc.lineCount) return false;
    return /^[0-4]$/.test(doc.getText(e.range));
  });
}

async function race(documentChanges: boolean, seed: number): Promise<Tally> {
  const uri = `file:///race/${documentChanges ? 'versioned' : 'plain'}.slk`;
  const t: Tally = { edits: 0, sent: 0, applied: 0, stale: 0, damaging: 0, badResult: 0, crossings: 0, crossingsRefused: 0, commandMismatch: 0, declined: 0, fixAlls: 0 };
  const history = new Map<number, string>();
  let acked = 0;
  let answered: boolean | undefined;
  let c!: TestClient;

  /** The server has seen version v once the answer to a request sent after it arrives. */
  const record = (v: number) => {
    history.set(v, c.text(uri));
    void c.request('linkpuzzle/result', { uri }).then(() => {
      if (v > acked) acked = v;
    }, () => undefined);
  };
  const version = () => c.docs.get(uri)!.version;

  /** What a careful client does with an edit that arrives now; applies it when it fits. */
  const receive = (edit: WorkspaceEdit): boolean => {
    t.sent++;
    const cur = version();
    let edits: TextEdit[];
    let fits: boolean;
    if (edit.documentChanges) {
      const dc = edit.documentChanges[0] as TextDocumentEdit;
      edits = dc.edits as TextEdit[];
      const v = dc.textDocument.version!;
      if (v < acked) t.stale++;
      if (!onlyHints(history.get(v), edits)) t.damaging++;
      fits = v === cur;
      if (acked < cur || v !== cur) t.crossings++;
      if (v !== cur) t.crossingsRefused++;
    } else {
      edits = edit.changes?.[uri] ?? [];
      let known = false;
      for (let v = acked; v <= cur && !known; v++) known = onlyHints(history.get(v), edits);
      if (!known) t.stale++;
      fits = onlyHints(history.get(cur), edits);
      if (acked < cur) {
        t.crossings++;
        if (!fits) t.crossingsRefused++;
      } else if (!fits) {
        t.damaging++; // nothing in flight: the server knew this text and sent an edit that does not fit it
      }
    }
    if (!fits) return false;
    const [v] = c.applyWorkspaceEdit(edit);
    record(v!);
    t.applied++;
    const after = checkText(c.text(uri), 'slitherlink');
    if (after.verdict !== 'unique' || (after.redundant?.length ?? 1) > 0) t.badResult++;
    return true;
  };

  c = await TestClient.start({
    capabilities: {
      textDocument: { codeAction: { resolveSupport: { properties: ['edit'] }, dataSupport: true } },
      workspace: { workspaceEdit: { documentChanges }, applyEdit: true },
    },
    initializationOptions: { debounceMs: 0 },
    applyEdit: (edit) => (answered = receive(edit)),
  });
  clients.push(c);

  const random = rng(seed);
  let k = 0;
  let long = false;
  const header = () => (long ? `# v${k}\n# note.\n` : `# v${k}\n`);
  c.open(uri, 'slitherlink', header() + base);
  record(1);

  /** A new text whose grid sits one line lower or higher than before (a stale edit would miss). */
  const toggle = () => {
    const lines = long ? 2 : 1;
    k++;
    long = !long;
    record(c.edit(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: lines, character: 0 } }, newText: header() }]));
    t.edits++;
  };

  const command = async (v: number) => {
    answered = undefined;
    const r = await c.request('workspace/executeCommand', { command: 'linkpuzzle.removeAllRedundantHints', arguments: [uri, v] });
    if (answered === undefined) t.declined++;
    if (r !== (answered ?? false)) t.commandMismatch++;
  };
  const resolve = async () => {
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: zero, context: { diagnostics: [], only: ['source.fixAll'] } });
    const stub = actions.find((a) => a.kind === 'source.fixAll.linkpuzzle');
    if (!stub) return;
    const resolved = await c.request<CodeAction>('codeAction/resolve', stub);
    if (resolved.edit) receive(resolved.edit);
    else t.declined++;
  };

  for (let round = 0; t.edits < EDITS; round++) {
    // A fresh text with all its hints back (a previous fix-all may have removed some).
    k++;
    long = random() < 0.5;
    const v = c.setText(uri, header() + base);
    record(v);
    t.edits++;
    const mark = c.events.length;
    await c.waitFor('linkpuzzle/resultChanged', (p) => p.uri === uri && p.version === v && !p.result.extrasPending, 30_000, mark);
    t.fixAlls++;
    const pending = round % 2 === 0 ? command(v) : resolve();
    // Keep typing while it runs: none, a few, at once or after a while.
    const n = Math.floor(random() * 9);
    for (let i = 0; i < n && t.edits < EDITS; i++) {
      const wait = random() < 0.3 ? 0 : random() * random() * 60;
      if (wait > 0) await sleep(wait);
      toggle();
    }
    await pending;
  }
  return t;
}

describe('a fix-all for another version', () => {
  it('is refused: the command answers false and sends nothing, resolve adds no edit', async () => {
    const c = await TestClient.start({
      capabilities: {
        textDocument: { codeAction: { resolveSupport: { properties: ['edit'] }, dataSupport: true } },
        workspace: { workspaceEdit: { documentChanges: true }, applyEdit: true },
      },
    });
    clients.push(c);
    const uri = 'file:///race/old.slk';
    c.open(uri, 'slitherlink', base);
    await c.settled(uri, 1);
    const actions = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: zero, context: { diagnostics: [] } });
    const stub = actions.find((a) => a.kind === 'source.fixAll.linkpuzzle')!;
    expect(stub).toBeDefined();
    // A comment typed at the top: same hints, every line one lower.
    const v2 = c.edit(uri, [{ range: zero, newText: '# note.\n' }]);
    await c.settled(uri, v2);
    const mark = c.events.length;
    expect(await c.request('workspace/executeCommand', { command: 'linkpuzzle.removeAllRedundantHints', arguments: [uri, 1] })).toBe(false);
    const resolved = await c.request<CodeAction>('codeAction/resolve', stub);
    expect(resolved.edit).toBeUndefined();
    expect(c.events.slice(mark).filter((e) => e.method === 'workspace/applyEdit')).toEqual([]);
    expect(c.text(uri)).toBe('# note.\n' + base);
    // At the current version it works, as an edit for that version.
    expect(await c.request('workspace/executeCommand', { command: 'linkpuzzle.removeAllRedundantHints', arguments: [uri, v2] })).toBe(true);
    const sent = c.events.slice(mark).find((e) => e.method === 'workspace/applyEdit')!;
    expect(sent.params.edit.documentChanges[0].textDocument.version).toBe(v2);
    expect(c.text(uri).startsWith('# note.\n# title')).toBe(true);
    expect(checkText(c.text(uri), 'slitherlink').redundant).toEqual([]);
  });
});

// The two clients race at once (the test waits mostly on the server).
describe.concurrent('fix-all while typing', () => {
  it('a client with versioned documentChanges: every edit is for the version the server knew', async () => {
    const t = await race(true, 1);
    console.log('documentChanges', JSON.stringify(t));
    expect(t.edits).toBe(EDITS);
    expect(t.stale).toBe(0);
    expect(t.damaging).toBe(0);
    expect(t.badResult).toBe(0);
    expect(t.commandMismatch).toBe(0);
    // The race was real: some fix-alls applied, some declined or refused.
    expect(t.applied).toBeGreaterThan(0);
    expect(t.declined + t.crossingsRefused).toBeGreaterThan(0);
  });

  it('a plain-changes client: no edit lands on a changed text except across a change still in flight', async () => {
    const t = await race(false, 2);
    console.log('changes', JSON.stringify(t));
    expect(t.edits).toBe(EDITS);
    expect(t.stale).toBe(0);
    expect(t.damaging).toBe(0);
    expect(t.badResult).toBe(0);
    expect(t.commandMismatch).toBe(0);
    expect(t.applied).toBeGreaterThan(0);
    expect(t.declined + t.crossingsRefused).toBeGreaterThan(0);
  });
});
