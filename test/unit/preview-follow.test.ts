/**
 * Which document the preview follows (issue 14, item 10): the pure rule (previewTarget) and the
 * PreviewManager's restore after a window reload, against a small stand-in for the `vscode` API.
 * A restored panel's saved state names the document it showed before the reload; an editor made
 * active since (before the extension activated, or while the panel was being restored) wins.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { previewTarget } from '../../client/src/previewTarget';

const fake = vi.hoisted(() => {
  type Listener<T> = (e: T) => void;
  class Emitter<T> {
    listeners: Listener<T>[] = [];
    event = (l: Listener<T>) => {
      this.listeners.push(l);
      return { dispose: () => { this.listeners = this.listeners.filter((x) => x !== l); } };
    };
    fire(e: T) { for (const l of [...this.listeners]) l(e); }
    dispose() { this.listeners = []; }
  }
  const uri = (s: string) => ({ toString: () => s, path: s.replace(/^file:\/\//, ''), scheme: 'file' });
  const doc = (s: string) => ({
    uri: uri(s), version: 1, languageId: s.endsWith('.nlk') ? 'numberlink' : 'slitherlink',
    getText: () => (s.endsWith('.nlk') ? '3 1\n1.1\n' : '. .\n. .\n'),
  });
  const state = {
    activeTextEditor: undefined as { document: ReturnType<typeof doc> } | undefined,
    visibleTextEditors: [] as { document: ReturnType<typeof doc> }[],
    textDocuments: [] as ReturnType<typeof doc>[],
    /** openTextDocument waits for this (a test may hold it to act meanwhile). */
    opening: Promise.resolve(),
    activeChanged: new Emitter<unknown>(),
    posted: [] as { type: string; uri?: string }[],
  };
  const editor = (s: string) => {
    const d = state.textDocuments.find((x) => x.uri.toString() === s) ?? doc(s);
    if (!state.textDocuments.includes(d)) state.textDocuments.push(d);
    return { document: d };
  };
  const noop = () => ({ dispose() {} });
  const vscode = {
    EventEmitter: Emitter,
    ViewColumn: { One: 1, Active: -1, Beside: -2 },
    Uri: { parse: uri, joinPath: (base: { toString(): string }, ...p: string[]) => uri([base.toString(), ...p].join('/')) },
    window: {
      get activeTextEditor() { return state.activeTextEditor; },
      get visibleTextEditors() { return state.visibleTextEditors; },
      registerWebviewPanelSerializer: noop,
      onDidChangeActiveTextEditor: state.activeChanged.event,
      showWarningMessage: () => undefined,
    },
    workspace: {
      get textDocuments() { return state.textDocuments; },
      async openTextDocument(u: { toString(): string }) {
        await state.opening;
        return editor(u.toString()).document;
      },
      onDidChangeTextDocument: noop,
      onDidCloseTextDocument: noop,
    },
  };
  return { state, editor, vscode };
});

vi.mock('vscode', () => fake.vscode);

const { PreviewManager } = await import('../../client/src/preview');
const { ResultStore } = await import('../../client/src/results');

const A = 'file:///w/unique.nlk', B = 'file:///w/ambiguous.slk';

function panel() {
  const messages: { type: string; uri?: string }[] = [];
  let onMessage: ((m: unknown) => void) | undefined;
  const p = {
    title: '',
    webview: {
      options: {}, html: '', cspSource: 'x',
      asWebviewUri: (u: unknown) => u,
      postMessage: async (m: { type: string; uri?: string }) => { messages.push(m); return true; },
      onDidReceiveMessage: (l: (m: unknown) => void) => { onMessage = l; return { dispose() {} }; },
    },
    onDidDispose: () => ({ dispose() {} }),
    reveal() {},
    dispose() {},
  };
  return { p, messages, ready: () => onMessage?.({ type: 'ready' }) };
}

function manager() {
  const context = { extensionUri: fake.vscode.Uri.parse('file:///ext'), subscriptions: [] };
  return new PreviewManager(context as never, new ResultStore(), async () => null);
}

/** The update the page gets once it says it is ready. */
async function shown(view: ReturnType<typeof panel>): Promise<string | undefined> {
  view.ready();
  await new Promise((r) => setTimeout(r, 20));
  return view.messages.filter((m) => m.type === 'update').at(-1)?.uri;
}

beforeEach(() => {
  fake.state.activeTextEditor = undefined;
  fake.state.visibleTextEditors = [];
  fake.state.textDocuments = [];
  fake.state.opening = Promise.resolve();
  fake.state.activeChanged.dispose();
});

describe('previewTarget', () => {
  it('follows the active puzzle editor, then the last one active, then the restored document', () => {
    expect(previewTarget({ active: B, lastActive: A, restored: A, visible: [A] })).toBe(B);
    expect(previewTarget({ lastActive: B, restored: A, visible: [A] })).toBe(B);
    expect(previewTarget({ restored: A, visible: [A, B] })).toBe(A);
    expect(previewTarget({ restored: A, visible: [] })).toBe(A);
    // The restored document is not on screen but another puzzle is: that one.
    expect(previewTarget({ restored: A, visible: [B] })).toBe(B);
    expect(previewTarget({ visible: [] })).toBeUndefined();
  });
});

describe('a preview restored after a reload', () => {
  it('shows the puzzle that is active, not the one its saved state names', async () => {
    fake.state.activeTextEditor = fake.editor(B);
    fake.state.visibleTextEditors = [fake.state.activeTextEditor];
    const m = manager();
    const view = panel();
    await m.deserializeWebviewPanel(view.p as never, { uri: A });
    expect(m.previewedUri).toBe(B);
    expect(view.p.title).toBe('Preview ambiguous.slk');
    expect(await shown(view)).toBe(B);
    m.dispose();
  });

  it('follows an editor made active while it was being restored', async () => {
    const m = manager();
    let release!: () => void;
    fake.state.opening = new Promise<void>((r) => { release = r; });
    const view = panel();
    const restoring = m.deserializeWebviewPanel(view.p as never, { uri: A });
    // Meanwhile the user opens B.
    fake.state.activeTextEditor = fake.editor(B);
    fake.state.activeChanged.fire(fake.state.activeTextEditor);
    release();
    await restoring;
    expect(m.previewedUri).toBe(B);
    expect(await shown(view)).toBe(B);
    m.dispose();
  });

  it('follows the puzzle opened before the extension activated, even when the preview has the focus', async () => {
    fake.state.activeTextEditor = fake.editor(B);
    const m = manager();
    // The restored preview takes the focus: no text editor is active any more.
    fake.state.activeTextEditor = undefined;
    const view = panel();
    await m.deserializeWebviewPanel(view.p as never, { uri: A });
    expect(m.previewedUri).toBe(B);
    m.dispose();
  });

  it('shows what it showed before when no puzzle editor was active since', async () => {
    const m = manager();
    const view = panel();
    await m.deserializeWebviewPanel(view.p as never, { uri: A });
    expect(m.previewedUri).toBe(A);
    expect(await shown(view)).toBe(A);
    // ... and follows the next puzzle editor made active.
    fake.state.activeTextEditor = fake.editor(B);
    fake.state.activeChanged.fire(fake.state.activeTextEditor);
    expect(m.previewedUri).toBe(B);
    m.dispose();
  });
});
