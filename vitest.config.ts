import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * `.wasm` imports (the engine's compiled kernels) as their bytes, as esbuild's binary loader gives
 * them to the bundles; stale or missing kernels are compiled first, so tests never run an old one.
 */
const wasmBytes: Plugin = {
  name: 'wasm-bytes',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source.endsWith('.wasm') && importer !== undefined) return resolve(dirname(importer), source);
    return null;
  },
  async load(id) {
    if (!id.endsWith('.wasm')) return null;
    // Loaded when needed (not bundled into this config): compiles stale kernels.
    const { buildWasm } = await import(pathToFileURL(resolve(__dirname, 'scripts/build-wasm.mjs')).href);
    await buildWasm();
    const b64 = readFileSync(id).toString('base64');
    return `export default Uint8Array.from(Buffer.from(${JSON.stringify(b64)}, 'base64'));`;
  },
};

export default defineConfig({
  plugins: [wasmBytes],
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A turn of the event loop before each test (see the file).
    setupFiles: ['test/setup/yield.ts'],
    // The default report, then one line when editor tests were skipped for missing tools.
    reporters: ['default', './test/editors/skipReporter.ts'],
  },
});
