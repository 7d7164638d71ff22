#!/usr/bin/env node
// Compiles the engine's AssemblyScript kernels (server/src/zdd/wasm/*.ts) to WebAssembly next to
// their source (*.wasm, not committed) with the `assemblyscript` compiler from devDependencies.
// Skips a kernel whose .wasm is newer than its source (and than this script).
//   node scripts/build-wasm.mjs [--force]
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'server/src/zdd/wasm');
const self = fileURLToPath(import.meta.url);

/** Kernel sources and their outputs. */
export function kernels() {
  return readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => ({ src: join(dir, f), out: join(dir, f.replace(/\.ts$/, '.wasm')) }));
}

function stale({ src, out }) {
  if (!existsSync(out)) return true;
  const t = statSync(out).mtimeMs;
  return statSync(src).mtimeMs > t || statSync(self).mtimeMs > t;
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
