/**
 * code-server 4.100.3 (VS Code 1.100.3, the newest release that runs on Node 20), installed on
 * demand into .cache/code-server and started on 127.0.0.1 with its own HOME, XDG dirs, user data
 * and extensions. See ../shared/notes/real-editors.md for why each install step is needed.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CODE_SERVER_CACHE } from './tools';

export const CODE_SERVER_VERSION = '4.100.3';
export const ROOT = join(__dirname, '..', '..');
export const CACHE = CODE_SERVER_CACHE;
const ENTRY = join(CACHE, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const VERSION_FILE = join(CACHE, 'node_modules', 'code-server', 'package.json');

function log(msg: string): void {
  process.stderr.write(`[code-server] ${msg}\n`);
}

/**
 * A child process run to its end without blocking this thread: a vitest worker whose event loop
 * is blocked for a minute (the code-server install) misses its RPC deadline and fails the run.
 */
function runAsync(cmd: string, args: string[], options: SpawnOptions & { timeout: number }): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout!.on('data', (b) => { stdout += b; });
    child.stderr!.on('data', (b) => { stderr += b; });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeout);
    child.once('error', (e) => { clearTimeout(timer); reject(e); });
    child.once('close', (status) => { clearTimeout(timer); resolve({ status, stdout, stderr }); });
  });
}

function which(cmd: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function installed(): boolean {
  if (!existsSync(ENTRY) || !existsSync(VERSION_FILE)) return false;
  try {
    return JSON.parse(execFileSync('cat', [VERSION_FILE], { encoding: 'utf8' })).version === CODE_SERVER_VERSION;
  } catch {
    return false;
  }
}

/** Installs code-server into CACHE unless it is there already. Takes about a minute. */
export async function ensureCodeServer(): Promise<string> {
  if (installed()) return ENTRY;
  // What the install needs from Debian; say so plainly rather than fail deep inside npm.
  const missing: string[] = [];
  if (!existsSync('/usr/include/gssapi/gssapi.h') && !existsSync('/usr/include/krb5.h')) missing.push('libkrb5-dev');
  const rg = which('rg');
  if (!rg) missing.push('ripgrep');
  if (!which('make') || !which('g++')) missing.push('build-essential');
  if (!which('python3')) missing.push('python3');
  if (missing.length > 0) {
    throw new Error(`code-server needs Debian packages to install: apt-get install -y ${missing.join(' ')}`);
  }
  mkdirSync(CACHE, { recursive: true });
  // @vscode/ripgrep's postinstall would download ripgrep; it finds Debian's in its download cache instead.
  const tmp = join(CACHE, 'tmp');
  const rgCache = join(tmp, 'vscode-ripgrep-cache-1.15.11');
  mkdirSync(rgCache, { recursive: true });
  execFileSync('tar', ['czf', join(rgCache, 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz'), '-C', dirname(rg!), 'rg']);
  log(`installing code-server@${CODE_SERVER_VERSION} into ${CACHE} (about a minute)…`);
  const t0 = Date.now();
  // node-gyp builds native modules (kerberos, node-pty, argon2) against the installed Node's
  // headers; it must not try to download them.
  const nodedir = existsSync('/usr/include/node/node.h') ? { npm_config_nodedir: '/usr' } : {};
  const r = await runAsync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', CACHE, `code-server@${CODE_SERVER_VERSION}`], {
    env: {
      ...process.env,
      npm_config_yes: 'true',
      npm_config_unsafe_perm: 'true',
      ...nodedir,
      TMPDIR: tmp,
      npm_config_cache: join(CACHE, 'npm-cache'),
    },
    timeout: 15 * 60_000,
  });
  if (r.status !== 0 || !installed()) {
    throw new Error(`npm install code-server@${CODE_SERVER_VERSION} failed (status ${r.status}):\n${r.stderr.slice(-4000)}`);
  }
  log(`installed in ${Math.round((Date.now() - t0) / 1000)} s`);
  return ENTRY;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface CodeServer {
  url: string;
  port: number;
  /** Temporary root holding HOME, XDG dirs, user data, extensions and the workspace. */
  dir: string;
  workspace: string;
  logs: () => string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  vsix: string;
  /** Files of the workspace folder, by relative path. */
  files: Record<string, string>;
  /** User settings. */
  settings?: Record<string, unknown>;
}

export async function startCodeServer(o: StartOptions): Promise<CodeServer> {
  const entry = await ensureCodeServer();
  const dir = mkdtempSync(join(tmpdir(), 'lp-code-server-'));
  const d = (p: string) => {
    const full = join(dir, p);
    mkdirSync(full, { recursive: true });
    return full;
  };
  const home = d('home'), userData = d('user-data'), extensions = d('extensions'), workspace = d('workspace');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: d('xdg/config'),
    XDG_DATA_HOME: d('xdg/data'),
    XDG_CACHE_HOME: d('xdg/cache'),
    XDG_STATE_HOME: d('xdg/state'),
    XDG_RUNTIME_DIR: d('xdg/runtime'),
    TMPDIR: d('tmp'),
    VSCODE_PROXY_URI: '',
  };
  delete env.ELECTRON_RUN_AS_NODE;
  delete env.VSCODE_IPC_HOOK_CLI;
  for (const [name, text] of Object.entries(o.files)) {
    mkdirSync(dirname(join(workspace, name)), { recursive: true });
    writeFileSync(join(workspace, name), text);
  }
  mkdirSync(join(userData, 'User'), { recursive: true });
  writeFileSync(join(userData, 'User', 'settings.json'), JSON.stringify(o.settings ?? {}, null, 2));
  const config = join(dir, 'config.yaml');
  writeFileSync(config, 'auth: none\ncert: false\n');
  const common = ['--user-data-dir', userData, '--extensions-dir', extensions, '--config', config];

  const install = await runAsync(process.execPath, [entry, ...common, '--install-extension', o.vsix], { env, timeout: 120_000 });
  if (install.status !== 0) throw new Error(`--install-extension failed:\n${install.stdout}\n${install.stderr}`);

  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [entry, '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check',
      '--disable-workspace-trust', '--disable-getting-started-override', ...common, workspace],
    { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (b) => { output += b; });
  child.stderr?.on('data', (b) => { output += b; });
  let exited = false;
  child.once('exit', () => { exited = true; });

  const stop = async () => {
    // Everything code-server started (extension hosts, language servers, workers) is in its group.
    if (child.pid && !exited) {
      try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
      const t0 = Date.now();
      while (!exited && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 100));
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`code-server exited at start:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch { /* not up yet */ }
    if (Date.now() - t0 > 60_000) {
      await stop();
      throw new Error(`code-server did not answer /healthz within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, port, dir, workspace, logs: () => output, stop };
}
