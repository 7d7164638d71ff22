// TdZdd (Iwashita's C++ library, the paper group's) as the yardstick of the cycles bench: its
// `ddpaths -t cycle -count` on the same grid in the same edge order, run in the same bench. The
// bench takes a built ddpaths from LINKPUZZLE_TDZDD_DDPATHS (nothing here builds it) and says so
// when it is absent, comparing with the figures recorded in issue 17 instead.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from './harness.mjs';

export const TDZDD_ENV = 'LINKPUZZLE_TDZDD_DDPATHS';

/** Issue 17's measurements of ddpaths on the machine it was written on (states built: same counts here). */
export const RECORDED = {
  12: { cpuMs: 300, peakMB: 49, states: 2_719_714, reduced: 2_518_287 },
  14: { cpuMs: 4600, peakMB: 450, states: 28_113_571, reduced: 26_210_423 },
};

/** The ddpaths binary to run, or null with the reason. */
export function tdzddPath() {
  const p = process.env[TDZDD_ENV];
  if (!p) return { path: null, why: `${TDZDD_ENV} is not set` };
  if (!existsSync(p)) return { path: null, why: `${TDZDD_ENV}=${p} does not exist` };
  return { path: p, why: null };
}

/**
 * The n x n vertex grid as ddpaths reads it (adjacency list, vertex r*n+c+1 on line r*n+c+1,
 * neighbours up, left, right, down): edges in order of first appearance, the horizontal then the
 * vertical edge of each vertex row by row, which is gridEdgeOrder(n, n).
 */
export function gridFile(n) {
  const lines = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const nb = [];
      for (const [dr, dc] of [[-1, 0], [0, -1], [0, 1], [1, 0]]) {
        const rr = r + dr, cc = c + dc;
        if (rr >= 0 && rr < n && cc >= 0 && cc < n) nb.push(rr * n + cc + 1);
      }
      lines.push(nb.join(' '));
    }
  }
  const file = join(cacheDir, `grid-${n}x${n}.dat`);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/**
 * Runs ddpaths on the n x n grid: CPU (user + system, from the shell's `times`), peak RSS and
 * node counts (ddpaths' own report), the count; { error } when it fails.
 */
export function runTdzdd(path, n, timeoutMs) {
  const file = gridFile(n);
  const t0 = performance.now();
  const r = spawnSync('bash', ['-c', '"$0" -t cycle -count "$1"; s=$?; times; exit $s', path, file], {
    encoding: 'utf8', timeout: timeoutMs, maxBuffer: 1 << 24,
  });
  const ms = performance.now() - t0;
  if (r.error || r.status !== 0) return { error: r.error ? String(r.error.message) : `exit ${r.status ?? r.signal}` };
  const text = `${r.stdout}\n${r.stderr}`;
  const times = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(r.stdout.trim());
  const built = /<(\d+)> in [^\n]*\n\s*Reduction[ .]*<(\d+)>/.exec(text);
  const peak = /Finished in [\d.]+s elapsed, [\d.]+s user, (\d+)MB/.exec(text);
  const count = /#solution = (\d+)\s*\n/.exec(text);
  if (!times || !built || !count) return { error: 'could not read ddpaths output' };
  return {
    ms,
    cpuMs: (Number(times[1]) * 60 + Number(times[2]) + Number(times[3]) * 60 + Number(times[4])) * 1000,
    peakMB: peak ? Number(peak[1]) : null,
    states: Number(built[1]),
    reduced: Number(built[2]),
    count: count[1],
  };
}
