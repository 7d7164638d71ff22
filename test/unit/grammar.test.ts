/**
 * The TextMate grammars, tokenised with vscode-textmate and Oniguruma (the engine VS Code uses),
 * and the extension's contributions in package.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as oniguruma from 'vscode-oniguruma';
import * as tm from 'vscode-textmate';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/settings';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
let registry: tm.Registry;

beforeAll(async () => {
  const wasm = readFileSync(join(root, 'node_modules', 'vscode-oniguruma', 'release', 'onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  registry = new tm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (p: string[]) => new oniguruma.OnigScanner(p),
      createOnigString: (s: string) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) => {
      const g = pkg.contributes.grammars.find((x: { scopeName: string }) => x.scopeName === scope);
      return g ? tm.parseRawGrammar(readFileSync(join(root, g.path), 'utf8'), g.path) : null;
    },
  });
});

/** Each token of `text` as [text, innermost meaningful scope]. */
async function tokens(scope: string, text: string): Promise<[string, string][][]> {
  const grammar = (await registry.loadGrammar(scope))!;
  let stack = tm.INITIAL;
  return text.split('\n').map((line) => {
    const r = grammar.tokenizeLine(line, stack);
    stack = r.ruleStack;
    return r.tokens
      .map((t): [string, string] => [line.slice(t.startIndex, t.endIndex), t.scopes[t.scopes.length - 1]])
      .filter(([s]) => s.trim() !== '');
  });
}

describe('Slitherlink grammar', () => {
  it('gives comments, metadata, each hint value, empty cells and bad cells their own scopes', async () => {
    const lines = await tokens('source.slitherlink', '# title: tiny one\n# just a comment\n0 1 2\n3 4 .\n-x.');
    expect(lines[0]).toEqual([
      ['#', 'punctuation.definition.comment.slitherlink'],
      ['title', 'support.type.property-name.metadata.slitherlink'],
      [':', 'punctuation.separator.key-value.slitherlink'],
      ['tiny one', 'string.unquoted.metadata.value.slitherlink'],
    ]);
    expect(lines[1].map((t) => t[1]).every((s) => s.startsWith('comment.line') || s.startsWith('punctuation.definition.comment'))).toBe(true);
    const hintScopes = [...lines[2], ...lines[3].slice(0, 2)].map((t) => t[1]);
    expect(hintScopes.map((s) => s.match(/hint\.(\d)/)?.[1])).toEqual(['0', '1', '2', '3', '4']);
    // Five values, five different scope families: each gets its own colour in a theme.
    expect(new Set(hintScopes.map((s) => s.split('.').slice(0, 2).join('.'))).size).toBe(5);
    expect(lines[3][2]).toEqual(['.', 'punctuation.definition.empty-cell.slitherlink']);
    expect(lines[4]).toEqual([
      ['-', 'punctuation.definition.empty-cell.slitherlink'],
      ['x', 'invalid.illegal.cell.slitherlink'],
      ['.', 'punctuation.definition.empty-cell.slitherlink'],
    ]);
  });
});

describe('Numberlink grammar', () => {
  it('reads the size header, then rows of endpoint labels and empty cells', async () => {
    const lines = await tokens('source.numberlink', '# rule: fill notouch\n5 2\nA.B-A\n# row comment\n12 . 12 B .');
    expect(lines[0].slice(3)).toEqual([
      ['fill', 'keyword.other.rule.numberlink'],
      ['notouch', 'keyword.other.rule.numberlink'],
    ]);
    expect(lines[1]).toEqual([
      ['5', 'constant.numeric.size.width.numberlink'],
      ['2', 'constant.numeric.size.height.numberlink'],
    ]);
    expect(lines[2]).toEqual([
      ['A', 'variable.other.endpoint.numberlink'],
      ['.', 'punctuation.definition.empty-cell.numberlink'],
      ['B', 'variable.other.endpoint.numberlink'],
      ['-', 'punctuation.definition.empty-cell.numberlink'],
      ['A', 'variable.other.endpoint.numberlink'],
    ]);
    expect(lines[3][0][1]).toMatch(/^comment\.line|punctuation\.definition\.comment/);
    expect(lines[4].map((t) => t[0])).toEqual(['12', '.', '12', 'B', '.']);
    expect(lines[4][0][1]).toBe('variable.other.endpoint.numberlink');
  });

  it('flags a grid row before the size header', async () => {
    const lines = await tokens('source.numberlink', 'A.A\n3 1\nA.A');
    expect(lines[0][0][1]).toBe('invalid.illegal.header.numberlink');
    expect(lines[1][0][1]).toBe('constant.numeric.size.width.numberlink');
  });
});

describe('package.json contributions', () => {
  const c = pkg.contributes;

  it('declares both languages with the line comment and the grammars', () => {
    expect(c.languages.map((l: { id: string; extensions: string[] }) => [l.id, l.extensions])).toEqual([
      ['slitherlink', ['.slk']],
      ['numberlink', ['.nlk']],
    ]);
    const conf = JSON.parse(readFileSync(join(root, 'language-configuration.json'), 'utf8'));
    expect(conf.comments.lineComment).toBe('#');
    expect(c.grammars.map((g: { language: string }) => g.language).sort()).toEqual(['numberlink', 'slitherlink']);
  });

  it('puts every command in the Link Puzzles category, with the preview button and Ctrl+K V', () => {
    const ids = c.commands.map((x: { command: string }) => x.command);
    for (const x of c.commands) expect(x.category).toBe('Link Puzzles');
    for (const id of ['openPreview', 'openPreviewToSide', 'recheck', 'removeRedundantHints', 'restartServer', 'showOutput']) {
      expect(ids).toContain(`linkpuzzle.${id}`);
    }
    // The server registers its own command; the client's ids must not collide with it.
    expect(ids).not.toContain('linkpuzzle.removeAllRedundantHints');
    expect(c.commands.find((x: { command: string }) => x.command === 'linkpuzzle.openPreviewToSide').icon).toBe('$(open-preview)');
    expect(c.menus['editor/title'][0]).toMatchObject({ command: 'linkpuzzle.openPreviewToSide', group: 'navigation' });
    const kb = c.keybindings.find((k: { key: string }) => k.key === 'ctrl+k v');
    expect(kb.command).toBe('linkpuzzle.openPreviewToSide');
    expect(kb.when).toContain('editorLangId == slitherlink');
    expect(kb.when).toContain('editorLangId == numberlink');
  });

  it('declares the designer commands, with ids apart from the server\'s and sensible when clauses', () => {
    const byId = new Map(c.commands.map((x: { command: string; title: string }) => [x.command, x.title]));
    expect(byId.get('linkpuzzle.generatePuzzle')).toBe('Generate Puzzle…');
    expect(byId.get('linkpuzzle.makeFromLoop')).toBe('Make Minimal Puzzle from Loop');
    expect(byId.get('linkpuzzle.countPuzzles')).toBe('Count Puzzles for This Loop');
    expect(byId.get('linkpuzzle.addLoopBlock')).toBe('Add Solution as Loop Block');
    for (const server of ['makePuzzleFromLoop', 'hintFamily', 'applyHints', 'generate', 'loopBlockFromSolution']) {
      expect(byId.has(`linkpuzzle.${server}`), server).toBe(false);
    }
    const palette = new Map(c.menus.commandPalette.map((m: { command: string; when: string }) => [m.command, m.when]));
    expect(palette.has('linkpuzzle.generatePuzzle')).toBe(false); // always available
    const context = new Map(c.menus['editor/context'].map((m: { command: string; when: string }) => [m.command, m.when]));
    for (const id of ['makeFromLoop', 'countPuzzles', 'addLoopBlock']) {
      expect(palette.get(`linkpuzzle.${id}`)).toContain('editorLangId == slitherlink');
      expect(palette.get(`linkpuzzle.${id}`)).not.toContain('numberlink');
      expect(context.get(`linkpuzzle.${id}`)).toBe('editorLangId == slitherlink');
    }
  });

  it('describes every server setting, with the server\'s defaults', () => {
    const props = c.configuration.properties;
    const flat: Record<string, unknown> = {
      'linkpuzzle.limits.timeMs': DEFAULT_SETTINGS.limits.timeMs,
      'linkpuzzle.limits.maxNodes': DEFAULT_SETTINGS.limits.maxNodes,
      'linkpuzzle.debounceMs': DEFAULT_SETTINGS.debounceMs,
      'linkpuzzle.numberlink.defaultRule': DEFAULT_SETTINGS.defaultRules.numberlink,
      'linkpuzzle.redundantHints': DEFAULT_SETTINGS.redundantHints,
    };
    for (const [key, value] of Object.entries(flat)) {
      expect(props[key], key).toBeDefined();
      expect(props[key].default, key).toBe(value);
      expect((props[key].markdownDescription ?? props[key].description ?? '').length, key).toBeGreaterThan(20);
    }
  });

  it('targets a VS Code that code-server 4.100.3 (VS Code 1.100) can run', () => {
    const min = /(\d+)\.(\d+)/.exec(pkg.engines.vscode)!;
    expect(Number(min[1])).toBe(1);
    expect(Number(min[2])).toBeLessThanOrEqual(100);
    expect(pkg.main).toBe('./dist/extension.js');
  });
});
