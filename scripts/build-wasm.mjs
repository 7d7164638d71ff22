#!/usr/bin/env node
// Compiles the AssemblyScript kernels (server/src/*/wasm/*.ts: the engine's, and a genre's built on
// the engine's shared builder, server/src/zdd/wasm/lib/) to WebAssembly next to their source
// (*.wasm, not committed) with the `assemblyscript` compiler from devDependencies. Skips a kernel
// whose .wasm is newer than its source, the shared library and this script.
//   node scripts/build-wasm.mjs [--force]
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'server/src');
const lib = join(src, 'zdd/wasm/lib');
const self = fileURLToPath(import.meta.url);

/** Kernel sources and their outputs: every .ts directly in a `wasm` folder of a server/src folder. */
export function kernels() {
  const out = [];
  for (const folder of readdirSync(src)) {
    const dir = join(src, folder, 'wasm');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) if (f.endsWith('.ts')) out.push({ src: join(dir, f), out: join(dir, f.replace(/\.ts$/, '.wasm')) });
  }
  return out;
}

function stale({ src, out }) {
  if (!existsSync(out)) return true;
  const t = statSync(out).mtimeMs;
  const deps = [src, self, ...readdirSync(lib).map((f) => join(lib, f))];
  return deps.some((f) => statSync(f).mtimeMs > t);
}

/** Compiles every stale kernel (all with force); returns the outputs compiled. Throws on a compile error. */
export async function buildWasm({ force = false } = {}) {
  const todo = kernels().filter((k) => force || stale(k));
  if (todo.length === 0) return [];
  const asc = (await import('assemblyscript/asc')).default;
  for (const { src, out } of todo) {
    let errors = '';
    const r = await asc.main(
      [
        src, '--outFile', out,
        // -O3; no runtime checks in the hot loops; the TLSF allocator without a garbage collector
        // (the kernel allocates no managed objects).
        '-O3', '--runtime', 'minimal', '--noAssert', '--uncheckedBehavior', 'always',
        // SIMD (every engine since 2021: Node 16.4, Chromium 91) for scans over a state's slots.
        '--enable', 'simd',
      ],
      { stderr: { write: (s) => { errors += s; return true; } }, stdout: { write: () => true } },
    );
    if (r.error) throw new Error(`assemblyscript: ${src}: ${r.error.message}\n${errors}`);
  }
  return todo.map((k) => k.out);
}

if (process.argv[1] === self) {
  buildWasm({ force: process.argv.includes('--force') }).then((done) => {
    for (const o of done) console.log(`built   ${o.slice(root.length + 1)}`);
  });
}
