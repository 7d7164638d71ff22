/**
 * What the editor tests need from the machine, and whether to skip them.
 *
 * `npm test` must pass on a fresh machine without root, where Debian's Chromium, Neovim and
 * code-server's build prerequisites are missing: there the editor tests are skipped (reported as
 * skipped, never passed) and one summary line says what is missing and how to run them
 * (skipReporter.ts). Under CI (`CI` set) nothing is skipped for a missing tool: the test fails,
 * because `.ci/run` installs them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const CHROMIUM = process.env.LINKPUZZLE_CHROMIUM ?? '/usr/bin/chromium';
export const CODE_SERVER_CACHE = process.env.LINKPUZZLE_CODE_SERVER_CACHE ?? join(__dirname, '..', '..', '.cache', 'code-server');
export const inCI = !!process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0';

export type EditorSuite = 'neovim' | 'chromium' | 'code-server';

/** The editor test files of each suite (for the summary line). */
export const SUITE_FILES: Record<EditorSuite, string[]> = {
  neovim: ['test/editors/neovim.test.ts'],
  chromium: ['test/editors/preview-chromium.test.ts', 'test/editors/preview-redundant.test.ts'],
  'code-server': ['test/editors/code-server.test.ts'],
};

function onPath(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/** code-server is installed into the cache on first use; once there, its build tools are not needed. */
function codeServerCached(): boolean {
  return existsSync(join(CODE_SERVER_CACHE, 'node_modules', 'code-server', 'out', 'node', 'entry.js'));
}

/** Debian packages a suite needs that this machine lacks (empty: it can run). */
export function missingPackages(suite: EditorSuite): string[] {
  const missing: string[] = [];
  if (suite === 'neovim') {
    if (!onPath('nvim')) missing.push('neovim');
    return missing;
  }
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (suite === 'code-server' && !codeServerCached()) {
    if (!existsSync('/usr/include/gssapi/gssapi.h') && !existsSync('/usr/include/krb5.h')) missing.push('libkrb5-dev');
    if (!onPath('rg')) missing.push('ripgrep');
    if (!onPath('make') || !onPath('g++')) missing.push('build-essential');
    if (!onPath('python3')) missing.push('python3');
  }
  return missing;
}

/** Left out on purpose (LINKPUZZLE_SKIP_E2E=1): only the code-server suite, which takes minutes. */
export function optedOut(suite: EditorSuite): boolean {
  return suite === 'code-server' && process.env.LINKPUZZLE_SKIP_E2E === '1';
}

/** Skip the suite: opted out, or tools missing outside CI. In CI a missing tool is a failure. */
export function skipSuite(suite: EditorSuite): boolean {
  return optedOut(suite) || (!inCI && missingPackages(suite).length > 0);
}

/** The message a suite fails with in CI when a tool is missing. */
export function missingMessage(suite: EditorSuite): string {
  const m = missingPackages(suite);
  return `${SUITE_FILES[suite].join(', ')} need Debian packages: apt-get install -y ${m.join(' ')} (.ci/run installs them)`;
}
