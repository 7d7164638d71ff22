/**
 * VS Code's "Remove Redundant Hints" (client/src/fixAll.ts): the resolved fix-all edit reaches the
 * client without its version (vscode-languageclient's asWorkspaceEdit drops it), so the client
 * compares versions itself. Driven here with a fake VS Code whose document can change while the
 * action is resolved.
 */
import { describe, expect, it } from 'vitest';
import { changedMessage, NOT_APPLIED, NOTHING_TO_REMOVE, removeRedundantHints, type FixAllAction, type FixAllHost } from '../../client/src/fixAll';

interface Fake extends FixAllHost<string> {
  doc: { version: number };
  applied: string[];
  commands: unknown[][];
  infos: string[];
  warnings: string[];
}

/** A document at version 5; `resolve` runs during the action's resolution (e.g. the user types). */
function fake(options: {
  action?: FixAllAction<string>;
  resolve?: (doc: { version: number }) => void;
  applyAnswer?: boolean;
  commandAnswer?: (doc: { version: number }, args: unknown[]) => unknown;
  serverCommand?: string;
}): Fake {
  const doc = { version: 5 };
  const f: Fake = {
    doc, applied: [], commands: [], infos: [], warnings: [],
    version: () => doc.version,
    fixAllAction: async () => {
      await Promise.resolve();
      options.resolve?.(doc);
      return options.action;
    },
    applyEdit: async (edit) => {
      f.applied.push(edit);
      return options.applyAnswer ?? true;
    },
    executeCommand: async (...args) => {
      f.commands.push(args);
      return options.commandAnswer?.(doc, args.slice(1));
    },
    serverCommand: options.serverCommand,
    uri: 'file:///p.slk',
    info: (m) => void f.infos.push(m),
    warn: (m) => void f.warnings.push(m),
  };
  return f;
}

describe('Remove Redundant Hints in VS Code: the edit only for the version it was computed for', () => {
  it('the document changed while the action was resolved: the edit is not applied, the user is told', async () => {
    const f = fake({ action: { edit: 'remove 3 hints' }, resolve: (doc) => { doc.version = 6; } });
    expect(await removeRedundantHints(f)).toBe('changed');
    expect(f.applied).toEqual([]);
    expect(f.warnings).toEqual([changedMessage(5, 6)]);
    expect(f.warnings[0]).toBe('Link Puzzles: the puzzle changed while its redundant hints were computed (version 5, now 6): nothing was removed. Run "Remove Redundant Hints" again.');
  });
  it('unchanged: the edit is applied, nothing said', async () => {
    const f = fake({ action: { edit: 'remove 3 hints' } });
    expect(await removeRedundantHints(f)).toBe('applied');
    expect(f.applied).toEqual(['remove 3 hints']);
    expect([...f.infos, ...f.warnings]).toEqual([]);
  });
  it('the editor refuses the edit: said', async () => {
    const f = fake({ action: { edit: 'e' }, applyAnswer: false });
    expect(await removeRedundantHints(f)).toBe('refused');
    expect(f.warnings).toEqual([NOT_APPLIED]);
  });
  it('the action is the server command: run with its own [uri, version]; its false answer is explained', async () => {
    const action = { command: { command: 'linkpuzzle.removeAllRedundantHints', arguments: ['file:///p.slk', 5] } };
    const ok = fake({ action, commandAnswer: () => true });
    expect(await removeRedundantHints(ok)).toBe('applied');
    expect(ok.commands).toEqual([['linkpuzzle.removeAllRedundantHints', 'file:///p.slk', 5]]);
    const late = fake({ action, commandAnswer: (doc) => { doc.version = 7; return false; } });
    expect(await removeRedundantHints(late)).toBe('changed');
    expect(late.warnings).toEqual([changedMessage(5, 7)]);
  });
  it('offered but resolved without an edit (the server declined): said, not silent', async () => {
    const f = fake({ action: {}, resolve: (doc) => { doc.version = 6; } });
    expect(await removeRedundantHints(f)).toBe('changed');
    expect(f.warnings).toEqual([changedMessage(5, 6)]);
  });
  it('no action offered: the server command for the version asked about, not a later one', async () => {
    const f = fake({ serverCommand: 'linkpuzzle.removeAllRedundantHints', resolve: (doc) => { doc.version = 6; }, commandAnswer: (doc, args) => args[1] === doc.version });
    expect(await removeRedundantHints(f)).toBe('changed');
    expect(f.commands).toEqual([['linkpuzzle.removeAllRedundantHints', 'file:///p.slk', 5]]);
    const none = fake({ serverCommand: 'linkpuzzle.removeAllRedundantHints', commandAnswer: () => null });
    expect(await removeRedundantHints(none)).toBe('nothing');
    expect(none.infos).toEqual([NOTHING_TO_REMOVE]);
  });
  it('no action and no server command: nothing to remove', async () => {
    const f = fake({});
    expect(await removeRedundantHints(f)).toBe('nothing');
    expect(f.infos).toEqual([NOTHING_TO_REMOVE]);
  });
});
