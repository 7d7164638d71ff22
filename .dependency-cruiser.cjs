/**
 * The layering, checked by dependency-cruiser (`npm run lint:layers`, part of `npm test`).
 *
 * server/src's folders form layers: a module imports only modules of lower layers (or of its own
 * folder), so there is no import cycle between folders. A new folder must be given a layer here.
 *
 * The genres: each genre is one folder (server/src/<kind>/: its solvers, parser, check, findings,
 * pictures, designer's tools; its `genre.ts` exports the object) registered by one line of
 * server/src/genres/index.ts. The genre folders are found from that registry (the folders it
 * imports a `genre` module from), so a new genre needs no line here. They form one layer, above
 * what they share (util .. preview) and the interface they implement (genres/genre.ts, types
 * only), below the registry (the rest of genres/), which is below everything that asks it
 * (worker, lsp, cli). A genre folder imports no other genre folder, and nothing outside the
 * genre folders and the registry imports a genre folder.
 *
 * The other rules: only lsp/ knows LSP, the engine (zdd/) knows no puzzle, and the client reaches
 * the server only through the shared-types module, which holds the protocol's names and types
 * (it imports the server for types only), so no server code runs in the client.
 */
const fs = require('node:fs');
const path = require('node:path');

/** The genre folders: those the registry imports a `genre` module from. */
const GENRE_FOLDERS = (() => {
  const registry = fs.readFileSync(path.join(__dirname, 'server/src/genres/index.ts'), 'utf8');
  return [...registry.matchAll(/from '\.\.\/([^/']+)\/genre'/g)].map((m) => m[1]).sort();
})();

const folder = (name) => ({ name, path: `^server/src/${name}/` });

/** Lowest first. Entries on one line are independent of each other (a genre folder of every other one). */
const LAYERS = [
  ['util', 'zdd', 'model'].map(folder),
  ['parse', 'exchange'].map(folder),
  [folder('analysis')],
  ['findings', 'preview'].map(folder),
  [{ name: 'genre-interface', path: '^server/src/genres/genre[.]ts$' }],
  GENRE_FOLDERS.map(folder),
  [{ name: 'genres', path: '^server/src/genres/(?!genre[.]ts$)' }],
  [folder('worker')],
  [folder('lsp')],
  [folder('cli')],
];

/** The one module the client may import from the server (it imports the server for types only). */
const SHARED_TYPES = '^server/src/protocol-types[.]ts$';

const knownFolders = [...new Set(LAYERS.flat().map((l) => /^\^server\/src\/([^/(]+)\//.exec(l.path)?.[1]).filter(Boolean))];
const alt = (names) => `(${names.join('|')})`;

const layerRules = LAYERS.flatMap((layer, i) => {
  const below = LAYERS.slice(0, i).flat();
  return layer.map((entry) => ({
    name: `layer-${entry.name}`,
    comment: `${entry.path} imports only ${below.length ? below.map((b) => b.name).join(', ') : 'itself'} (lower layers, .dependency-cruiser.cjs LAYERS)`,
    severity: 'error',
    from: { path: entry.path },
    to: {
      path: '^server/src/',
      // The shared-types module (server/src/*.ts) holds only names and types: any layer may use it.
      pathNot: [entry.path, '^server/src/[^/]+[.]ts$', ...below.map((b) => b.path)],
    },
  }));
});

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'unlayered-folder',
      comment: 'every folder of server/src has a layer in .dependency-cruiser.cjs (LAYERS)',
      severity: 'error',
      from: { path: `^server/src/(?!${alt(knownFolders)}/)[^/]+/` },
      to: { path: '^server/src/' },
    },
    {
      name: 'genres-through-the-registry',
      comment: 'only a genre\'s own folder and the registry (server/src/genres/) import a genre folder',
      severity: 'error',
      from: { path: '^server/src/', pathNot: ['^server/src/genres/', `^server/src/${alt(GENRE_FOLDERS)}/`] },
      to: { path: `^server/src/${alt(GENRE_FOLDERS)}/` },
    },
    {
      name: 'server-root-module',
      comment: 'a module at server/src/ itself (the shared-types module) imports only types',
      severity: 'error',
      from: { path: '^server/src/[^/]+[.]ts$' },
      to: { path: '^server/src/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment: 'no import cycle between modules (a cycle through a type-only import is fine: it does not exist at run time)',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'lsp-only-in-lsp',
      comment: 'only server/src/lsp/ imports vscode-languageserver* / vscode-jsonrpc (the core knows no LSP types)',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/lsp/' },
      to: { path: 'node_modules/(vscode-languageserver|vscode-languageserver-[a-z-]+|vscode-jsonrpc)/' },
    },
    {
      name: 'engine-knows-no-puzzle',
      comment: 'the engine (server/src/zdd/) imports no puzzle module',
      severity: 'error',
      from: { path: '^server/src/zdd/' },
      to: { path: '^server/src/(?!zdd/)' },
    },
    {
      name: 'client-only-shared-types',
      comment: `the client imports from the server only the shared-types module (${SHARED_TYPES})`,
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/', pathNot: SHARED_TYPES },
    },
    {
      name: 'server-not-client',
      comment: 'the server does not import the client',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^server/src/[^/]+/wasm/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json', '.wasm'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
