/**
 * One flag reader for every command of `linkpuzzle` (dist/cli.js, built by `npm test` first): the
 * check commands and the design commands accept and refuse the same option values with the same
 * message, and read `--name=value`, `--` and `-h` alike.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const cli = join(resolve(__dirname, '../..'), 'dist', 'cli.js');
const home = mkdtempSync(join(tmpdir(), 'linkpuzzle-flags-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.split('\n')[0] };
}

describe('one flag reader', () => {
  it.each(['--time-limit', '--node-limit'])('%s: the same values refused, with the same message, by check and generate', (flag) => {
    for (const bad of ['0', '-3', '2.5', '1e3', 'soon', '', '99999999999']) {
      const check = run('check', flag, bad, 'x.slk');
      const generate = run('generate', 'slitherlink', '3x3', flag, bad);
      expect([check.status, generate.status], `${flag} ${bad}`).toEqual([2, 2]);
      expect(generate.stderr, `${flag} ${bad}`).toBe(check.stderr);
      expect(check.stderr).toMatch(new RegExp(`^linkpuzzle: ${flag} must be a whole number from 1 to \\d+, not '`));
    }
  });

  it('--name=value, unknown options and a missing value read alike', () => {
    expect(run('generate', 'slitherlink', '3x3', '--seed=2').status).toBe(0);
    expect(run('generate', 'slitherlink', '3x3', '--seed=1.5').stderr).toBe("linkpuzzle: --seed must be a whole number from 0 to 4294967295, not '1.5'");
    expect(run('check', '--bogus', 'x.slk').stderr).toBe('linkpuzzle: unknown option --bogus');
    expect(run('generate', 'slitherlink', '3x3', '--bogus').stderr).toBe('linkpuzzle: unknown option --bogus');
    expect(run('check', 'x.slk', '--time-limit').stderr).toBe('linkpuzzle: --time-limit needs a value');
    expect(run('generate', 'slitherlink', '3x3', '--time-limit').stderr).toBe('linkpuzzle: --time-limit needs a value');
  });

  it('-h shows the help of either kind of command', () => {
    expect(run('check', '-h')).toMatchObject({ status: 0 });
    expect(run('check', '-h').stdout).toMatch(/Usage: linkpuzzle/);
    expect(run('generate', '-h')).toMatchObject({ status: 0 });
    expect(run('generate', '-h').stdout).toMatch(/Design commands/);
  });
});
