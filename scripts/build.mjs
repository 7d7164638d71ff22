#!/usr/bin/env node
// Bundles every entry point that exists with esbuild (all in parallel: a full build takes well under
// a second). Missing entries are skipped with a note, so the build works while parts are written.
//   node scripts/build.mjs [--watch] [--minify]
import * as esbuild from 'esbuild';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWasm } from './build-wasm.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const watch = process.argv.includes('--watch');
const minify = process.argv.includes('--minify');

const node = { platform: 'node', format: 'cjs', target: 'node20' };
const entries = [
  { in: 'server/src/cli/main.ts', out: 'dist/cli.js', ...node, shebang: true, lspFallback: true },
  { in: 'server/src/lsp/main.ts', out: 'dist/server.js', ...node },
  { in: 'server/src/worker/main.ts', out: 'dist/worker.js', ...node },
  { in: 'client/src/extension.ts', out: 'dist/extension.js', ...node, external: ['vscode'] },
  { in: 'client/media/preview.ts', out: 'dist/media/preview.js', platform: 'browser', format: 'iife', target: 'es2022' },
];

/**
 * The CLI's `lsp` command imports the server's start function. Until `server/src/lsp/server.ts`
 * exists, resolve that import to a stand-in that says so, so that the rest of the CLI still builds.
 */
const lspFallback = {
  name: 'lsp-fallback',
  setup(build) {
    build.onResolve({ filter: /[\\/]lsp[\\/]server$/ }, (args) => {
      const real = join(args.resolveDir, args.path + '.ts');
      if (existsSync(real)) return undefined;
      return { path: 'lsp-missing', namespace: 'lsp-fallback' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lsp-fallback' }, () => ({
      contents:
        'export function startServer() { process.stderr.write("linkpuzzle: lsp not available in this build\\n"); process.exit(1); }',
      loader: 'js',
    }));
  },
};

// The engine's compiled kernels first: the bundles embed them (esbuild's binary loader).
for (const out of await buildWasm()) console.log(`built   ${out.slice(root.length + 1)}`);

const built = [];
const skipped = [];
const jobs = [];
for (const e of entries) {
  if (!existsSync(join(root, e.in))) {
    skipped.push(e.in);
    continue;
  }
  const outfile = join(root, e.out);
  mkdirSync(dirname(outfile), { recursive: true });
  const options = {
    absWorkingDir: root,
    entryPoints: [e.in],
    outfile,
    bundle: true,
    platform: e.platform,
    format: e.format,
    target: e.target,
    sourcemap: true,
    minify,
    external: e.external ?? [],
    banner: e.shebang ? { js: '#!/usr/bin/env node' } : undefined,
    plugins: e.lspFallback ? [lspFallback] : [],
    loader: { '.wasm': 'binary' },
    logLevel: 'warning',
  };
  const finish = () => {
    if (e.shebang) chmodSync(outfile, 0o755);
  };
  if (watch) {
    jobs.push(
      esbuild.context({ ...options, plugins: [...options.plugins, { name: 'chmod', setup: (b) => b.onEnd(finish) }] }).then((ctx) => ctx.watch()),
    );
  } else {
    jobs.push(esbuild.build(options).then(finish));
  }
  built.push(`${e.in} -> ${e.out}`);
}

const t0 = performance.now();
const results = await Promise.allSettled(jobs);
const failed = results.filter((r) => r.status === 'rejected');
for (const line of built) console.log(`built   ${line}`);
for (const line of skipped) console.log(`skipped ${line} (not written yet)`);
if (failed.length > 0) {
  // esbuild already printed the errors with their locations.
  console.error(`build failed (${failed.length} of ${jobs.length} bundles)`);
  process.exit(1);
}
if (!watch) console.log(`build done in ${Math.round(performance.now() - t0)} ms`);
else console.log('watching for changes...');
