/**
 * One seam for every genre: a genre's code lives in its folder (server/src/<kind>/, registered by
 * one line of server/src/genres/index.ts), and nothing else names a genre or imports its folder.
 * Outside the genre folders no string in the code (comments do not count) names a genre (its
 * kind, its name, its file extension), and only the registry (server/src/genres/) imports a genre
 * folder. (.dependency-cruiser.cjs holds the imports too, for the layering; this test says it
 * without it, and also for the strings.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { declaredFindingCodes, findingCode, GENRES } from '../../server/src/genres/index';
import { PARSE_CODES } from '../../server/src/parse/codes';
import { Codes } from '../../server/src/protocol-types';

const root = resolve(__dirname, '../..');

/** The genre folders, as the registry imports them (`from '../<folder>/genre'`). */
const registry = readFileSync(join(root, 'server/src/genres/index.ts'), 'utf8');
const FOLDERS = [...registry.matchAll(/from '\.\.\/([^/']+)\/genre'/g)].map((m) => m[1]!);

/** What names a genre in a string: its kind or name as a word (any case), its extension after a dot. */
const NAMES = new RegExp(
  GENRES.flatMap((g) => [`\\b${g.kind}\\b`, `\\b${g.name}\\b`, `\\.${g.extension}\\b`]).join('|'),
  'i',
);

/** A module name of an import or export (the imports are checked as such). */
function isModuleName(n: ts.Node): boolean {
  const p = n.parent;
  return !!p && ((ts.isImportDeclaration(p) || ts.isExportDeclaration(p)) && p.moduleSpecifier === n ||
    ts.isCallExpression(p) && (p.expression.kind === ts.SyntaxKind.ImportKeyword || ts.isIdentifier(p.expression) && p.expression.text === 'require'));
}

/** The strings of a TypeScript source (literals and the text parts of templates, not module names), with their lines. */
function strings(file: string, text: string): { line: number; text: string }[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { line: number; text: string }[] = [];
  const visit = (n: ts.Node): void => {
    if ((ts.isStringLiteralLike(n) && !isModuleName(n)) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) {
      out.push({ line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1, text: n.text });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The relative imports of a source, resolved to paths from the repository root. */
function imports(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) out.push(relative(root, resolve(dirname(join(root, file)), m[1]!)));
  return out;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(join(root, d))) {
      const p = join(d, e);
      if (statSync(join(root, p)).isDirectory()) walk(p);
      else if (/\.ts$/.test(e)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

const inGenre = (file: string): boolean => FOLDERS.some((f) => file.startsWith(`server/src/${f}/`));
const inRegistry = (file: string): boolean => file.startsWith('server/src/genres/');

/** What names a genre outside the genre folders: `file:line: "string"`, and imports of a genre folder outside the registry. */
function violations(files: { file: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { file, text } of files) {
    if (inGenre(file)) continue;
    for (const s of strings(file, text)) if (NAMES.test(s.text)) out.push(`${file}:${s.line}: ${JSON.stringify(s.text.slice(0, 80))}`);
    if (inRegistry(file)) continue;
    for (const target of imports(file, text)) if (inGenre(target)) out.push(`${file}: imports ${target}`);
  }
  return out;
}

const SCANNED = ['server/src', 'client/src', 'client/media'];

describe('one seam for every genre', () => {
  it('each registered genre is one folder named by its kind', () => {
    expect(FOLDERS.sort()).toEqual(GENRES.map((g) => g.kind).sort());
    for (const g of GENRES) expect(statSync(join(root, 'server/src', g.kind, 'genre.ts')).isFile()).toBe(true);
  });

  it('outside the genre folders no string names a genre, and only the registry imports a genre folder', () => {
    const files = SCANNED.flatMap((d) => sources(d)).filter((f) => !f.includes('/zdd/wasm/')).map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(violations(files)).toEqual([]);
  });

  it('the check finds a genre named in a string or imported (and not in a comment, nor in the genre or the registry)', () => {
    const [a, b] = GENRES;
    const found = violations([
      { file: 'server/src/lsp/x.ts', text: `// ${a!.kind} in a comment\nconst k = p.kind === '${a!.kind}';\n` },
      { file: 'server/src/cli/y.ts', text: `const m = \`not a ${b!.name} (.${b!.extension}) file: \${x}\`;\n` },
      { file: 'client/src/z.ts', text: `import { f } from '../../server/src/${a!.kind}/genre';\n` },
      { file: `server/src/${a!.kind}/w.ts`, text: `const k = '${a!.kind}';\n` },
      { file: 'server/src/genres/v.ts', text: `import { f } from '../${b!.kind}/genre';\n` },
    ]);
    expect(found).toEqual([
      `server/src/lsp/x.ts:2: "${a!.kind}"`,
      `server/src/cli/y.ts:1: "not a ${b!.name} (.${b!.extension}) file: "`,
      `client/src/z.ts: imports server/src/${a!.kind}/genre`,
    ]);
  });
});

describe('finding codes: the shared ones and each genre\'s own, declared once', () => {
  it('no code is declared twice, nor is a parse problem\'s code (shared or a genre\'s)', () => {
    const declared = declaredFindingCodes();
    const owners = new Map<string, string[]>();
    for (const c of declared) owners.set(c.code, [...(owners.get(c.code) ?? []), c.owner]);
    expect([...owners].filter(([, o]) => o.length > 1)).toEqual([]);
    const parse = new Set([...Object.keys(PARSE_CODES), ...GENRES.flatMap((g) => Object.keys(g.parseCodes))]);
    expect(declared.map((c) => c.code).filter((c) => parse.has(c))).toEqual([]);
    // Each genre declares its own (both have some today), and they are found by code.
    for (const g of GENRES) {
      const own = declared.filter((c) => c.owner === g.kind);
      expect(own.length, g.kind).toBeGreaterThan(0);
      for (const c of own) expect(findingCode(c.code)).toEqual(c);
    }
  });

  it('every shared code of the protocol is declared (or is a parse problem\'s), and the CLI lists the cells of the ones it says', () => {
    for (const code of Object.values(Codes)) expect(findingCode(code) !== null || code in PARSE_CODES, code).toBe(true);
    expect(findingCode(Codes.multipleSolutions)?.listsCells).toBe(true);
    expect(findingCode(Codes.redundantHint)?.listsCells).toBeFalsy();
    expect(findingCode('no-such-code')).toBeNull();
  });

  it('a genre\'s code that clashes with another\'s is found', () => {
    const [a, b] = GENRES;
    const clash = { ...b!, findingCodes: { ...b!.findingCodes, [Object.keys(a!.findingCodes ?? {})[0]!]: { about: 'the same code' } } };
    const declared = declaredFindingCodes([a!, clash]);
    const code = Object.keys(a!.findingCodes!)[0]!;
    expect(declared.filter((c) => c.code === code).map((c) => c.owner)).toEqual([a!.kind, b!.kind]);
  });
});
