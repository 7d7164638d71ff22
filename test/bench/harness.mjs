// What the benchmark scripts share: the repository root, the cache folder for bundles and job
// files, bundling a TypeScript entry for a child process, and running it for the JSON it prints.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWasm } from '../../scripts/build-wasm.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const cacheDir = join(root, '.cache', 'bench');
mkdirSync(cacheDir, { recursive: true });

/** Bundles a TS entry (esbuild options: entryPoints or stdin) into .cache/bench/NAME.cjs: { path } or { error }. */
export async function bundle(name, options) {
  const outfile = join(cacheDir, `${name}.cjs`);
  try {
    await buildWasm();
    await esbuild.build({ absWorkingDir: root, bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'silent', loader: { '.wasm': 'binary' }, ...options });
    return { path: outfile };
  } catch (e) {
    return { error: e.errors?.map((x) => x.text).join('; ') ?? String(e) };
  }
}

/** Runs a bundled child and parses the JSON it prints; { error } when it fails, times out or prints none. */
export function child(script, args, timeoutMs) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=4096', script, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    timeout: timeoutMs,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (r.error?.code === 'ETIMEDOUT' || r.signal === 'SIGTERM') return { error: `killed after ${(timeoutMs / 1000).toFixed(1)} s` };
  if (r.status !== 0) return { error: `exit ${r.status ?? r.signal}: ${(r.stderr || '').trim().split('\n').slice(-3).join(' | ')}` };
  try {
    return JSON.parse(r.stdout);
  } catch {
    return { error: `no JSON from child: ${r.stdout.slice(0, 200)}` };
  }
}

/** The machine a bench ran on, as every bench report records it. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    date: new Date().toISOString(),
  };
}
