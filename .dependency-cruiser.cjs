/**
 * The layering, checked by dependency-cruiser (`npm run lint:layers`, part of `npm test`).
 *
 * server/src's folders form layers: a folder imports only folders of lower layers (never one of
 * its own layer), so there is no import cycle between folders. A new folder must be given a
 * layer here. The other rules: only lsp/ knows LSP, the engine (zdd/) knows no puzzle, and the
 * client reaches the server only through the shared-types module, which holds the protocol's
 * names and re-exports the server's types (it imports nothing else), so no server code runs in
 * the client.
 */

/** Lowest first. Folders on one line are independent of each other. */
const LAYERS = [
  ['util', 'zdd', 'model'],
  ['parse', 'exchange'],
  ['slitherlink', 'numberlink'],
  ['analysis'],
  ['design'],
  ['genres'],
  ['findings'],
  ['worker'],
  ['lsp'],
  ['cli'],
];

/** The one module the client may import from the server (it imports the server for types only). */
const SHARED_TYPES = '^server/src/protocol-types[.]ts$';

const known = LAYERS.flat();
const alt = (names) => `(${names.join('|')})`;

const layerRules = LAYERS.flatMap((layer, i) => {
  const below = LAYERS.slice(0, i).flat();
  return layer.map((folder) => ({
    name: `layer-${folder}`,
    comment: `server/src/${folder}/ imports only ${below.length ? below.join(', ') : 'itself'} (lower layers, .dependency-cruiser.cjs LAYERS)`,
    severity: 'error',
    from: { path: `^server/src/${folder}/` },
    to: {
      path: '^server/src/',
      // The shared-types module (server/src/*.ts) holds only names and types: any layer may use it.
      pathNot: [`^server/src/${folder}/`, '^server/src/[^/]+[.]ts$', ...(below.length ? [`^server/src/${alt(below)}/`] : [])],
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
      from: { path: `^server/src/(?!${alt(known)}/)[^/]+/` },
      to: { path: '^server/src/' },
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
