/**
 * The layering (.dependency-cruiser.cjs) holds on the repository, and each of its rules does fire:
 * a small tree with one forbidden import per rule is cruised with the same configuration.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = join(root, '.dependency-cruiser.cjs');

interface Violation { from: string; to: string; rule: { name: string; severity: string } }

function cruise(cwd: string, paths: string[]): Violation[] {
  const args = [bin, ...paths, '--config', config, '--output-type', 'json'];
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.stdout.trim() === '') throw new Error(`dependency-cruiser failed: ${r.stderr}`);
  return (JSON.parse(r.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('layering', () => {
  it('holds on the repository: no violation (there is no baseline of known ones)', () => {
    const v = cruise(root, ['server/src', 'client/src', 'client/media']);
    expect(v.map((x) => `${x.rule.name}: ${x.from} -> ${x.to}`)).toEqual([]);
  });

  describe('each rule fires on a forbidden import', () => {
    // Inside the repository, so that npm packages resolve from its node_modules.
    const tmp = mkdtempSync(join(root, 'test/.layering-'));
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));
    const files: Record<string, string> = {
      'server/src/model/puzzle.ts': `export type Kind = 'a';\n`,
      'server/src/model/bad.ts': `import { p } from '../parse/p';\nexport const b = p;\n`,
      'server/src/parse/p.ts': `export const p = 1;\n`,
      'server/src/zdd/engine.ts': `import { n } from '../numberlink/n';\nexport const e = n;\n`,
      'server/src/numberlink/n.ts': `export const n = 1;\n`,
      'server/src/analysis/lsp.ts': `import { TextEdit } from 'vscode-languageserver/node';\nexport const t = TextEdit;\n`,
      'server/src/analysis/a.ts': `import { d } from '../findings/d';\nexport const a = d;\n`,
      'server/src/findings/d.ts': `import { a } from '../analysis/a';\nexport const d = 1;\nexport const x = a;\n`,
      // The genre folders are the registry's (the repository's genres/index.ts): one genre imports another; the
      // language server imports a genre (not through the registry); the registry may.
      'server/src/slitherlink/s.ts': `import { n } from '../numberlink/n';\nexport const s = n;\n`,
      'server/src/lsp/l.ts': `import { s } from '../slitherlink/s';\nexport const l = s;\n`,
      'server/src/genres/index.ts': `import { s } from '../slitherlink/s';\nexport const g = s;\n`,
      'server/src/newfolder/f.ts': `import type { Kind } from '../model/puzzle';\nexport const f: Kind = 'a';\n`,
      'server/src/protocol-types.ts': `export type { Kind } from './model/puzzle';\nexport { p } from './parse/p';\n`,
      'client/src/ok.ts': `import type { Kind } from '../../server/src/protocol-types';\nexport const k: Kind = 'a';\n`,
      'client/src/bad.ts': `import { p } from '../../server/src/parse/p';\nexport const q = p;\n`,
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tmp, name)), { recursive: true });
      writeFileSync(join(tmp, name), text);
    }
    copyFileSync(join(root, 'tsconfig.json'), join(tmp, 'tsconfig.json'));
    const v = cruise(tmp, ['server/src', 'client/src']);
    const found = (rule: string) => v.filter((x) => x.rule.name === rule).map((x) => `${x.from} -> ${x.to}`);

    it('a folder imports only lower layers', () => {
      expect(found('layer-model')).toEqual(['server/src/model/bad.ts -> server/src/parse/p.ts']);
      expect(found('layer-analysis')).toEqual(['server/src/analysis/a.ts -> server/src/findings/d.ts']);
    });
    it('a genre folder imports no other genre folder', () => {
      expect(found('layer-slitherlink')).toEqual(['server/src/slitherlink/s.ts -> server/src/numberlink/n.ts']);
    });
    it('outside the genre folders only the registry imports a genre folder', () => {
      expect(found('genres-through-the-registry').sort()).toEqual([
        'server/src/lsp/l.ts -> server/src/slitherlink/s.ts',
        'server/src/zdd/engine.ts -> server/src/numberlink/n.ts',
      ]);
    });
    it('no import cycle', () => {
      expect(found('no-circular').length).toBeGreaterThan(0);
    });
    it('the engine imports no puzzle', () => {
      expect(found('engine-knows-no-puzzle')).toEqual(['server/src/zdd/engine.ts -> server/src/numberlink/n.ts']);
    });
    it('no LSP outside lsp/', () => {
      expect(found('lsp-only-in-lsp')).toHaveLength(1);
      expect(found('lsp-only-in-lsp')[0]).toMatch(/^server\/src\/analysis\/lsp.ts -> .*vscode-languageserver/);
    });
    it('a new folder needs a layer', () => {
      expect(found('unlayered-folder')).toEqual(['server/src/newfolder/f.ts -> server/src/model/puzzle.ts']);
    });
    it('the shared-types module re-exports types only', () => {
      expect(found('server-root-module')).toEqual(['server/src/protocol-types.ts -> server/src/parse/p.ts']);
    });
    it('the client imports only the shared-types module', () => {
      expect(found('client-only-shared-types')).toEqual(['client/src/bad.ts -> server/src/parse/p.ts']);
    });
  });
});
