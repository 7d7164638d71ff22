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

/**
 * TdZdd's tools run serially unless asked (-p), but they are built with OpenMP, whose idle
 * threads spin: on a loaded machine that spinning counted as seconds of CPU on puzzles it solves
 * in milliseconds. One thread, as the work is serial.
 */
const SERIAL_ENV = { ...process.env, OMP_NUM_THREADS: '1' };

/**
 * The tool's own CPU (user + system) from its rusage, by /usr/bin/time. (Bash's `times` was
 * tried first: run from a Node process in the background it counted a second of system time
 * per process that /usr/bin/time does not see in the tool.)
 */
const TIMED = existsSync('/usr/bin/time') ? "/usr/bin/time -f '@@cpu %U %S' " : '';

/** CPU milliseconds from the TIMED line, or null when it is missing (no /usr/bin/time: the caller then has no figure). */
function cpuOf(text) {
  const m = /@@cpu ([\d.]+) ([\d.]+)/.exec(text);
  return m ? (Number(m[1]) + Number(m[2])) * 1000 : null;
}

/** The binary an environment variable names, or null with the reason. */
function binaryFromEnv(name) {
  const p = process.env[name];
  if (!p) return { path: null, why: `${name} is not set` };
  if (!existsSync(p)) return { path: null, why: `${name}=${p} does not exist` };
  return { path: p, why: null };
}

/** The ddpaths binary to run, or null with the reason. */
export function tdzddPath() {
  return binaryFromEnv(TDZDD_ENV);
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
 * Runs ddpaths on the n x n grid: CPU (user + system, from its rusage), peak RSS and
 * node counts (ddpaths' own report), the count; { error } when it fails.
 */
export function runTdzdd(path, n, timeoutMs) {
  const file = gridFile(n);
  const t0 = performance.now();
  const r = spawnSync('bash', ['-c', `${TIMED} "$0" -t cycle -count "$1"`, path, file], {
    encoding: 'utf8', timeout: timeoutMs, maxBuffer: 1 << 24, env: SERIAL_ENV,
  });
  const ms = performance.now() - t0;
  if (r.error || r.status !== 0) return { error: r.error ? String(r.error.message) : `exit ${r.status ?? r.signal}` };
  const text = `${r.stdout}\n${r.stderr}`;
  const cpuMs = cpuOf(text);
  const built = /<(\d+)> in [^\n]*\n\s*Reduction[ .]*<(\d+)>/.exec(text);
  const peak = /Finished in [\d.]+s elapsed, [\d.]+s user, (\d+)MB/.exec(text);
  const count = /#solution = (\d+)\s*\n/.exec(text);
  if (cpuMs === null || !built || !count) return { error: 'could not read ddpaths output' };
  return {
    ms,
    cpuMs,
    peakMB: peak ? Number(peak[1]) : null,
    states: Number(built[1]),
    reduced: Number(built[2]),
    count: count[1],
  };
}

// ---------- ddnumlin: Numberlink under fill ----------

export const TDZDD_NUMLIN_ENV = 'LINKPUZZLE_TDZDD_DDNUMLIN';

/** Issue 17's measurement of `ddnumlin -a -k 0` on Janko (10 s each): 225 of 270 counted; 79 s on the 202 both counted. */
export const RECORDED_FILL = { counted: 225, of: 270, bothCounted: 202, bothCpuMs: 79_000, projectCpuMs: 172_000, projectCounted: 206 };

/** The ddnumlin binary to run, or null with the reason. */
export function ddnumlinPath() {
  return binaryFromEnv(TDZDD_NUMLIN_ENV);
}

/**
 * A .nlk text as ddnumlin reads it: "W H", then H rows of W tokens, `-` for an empty cell and
 * labels numbered 1, 2, ... in order of first appearance (its Board::readNumbers).
 */
export function numlinBoard(text) {
  const body = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  const [w, h] = body[0].trim().split(/\s+/).map(Number);
  const ids = new Map();
  const out = [`${w} ${h}`];
  for (const row of body.slice(1, 1 + h)) {
    const t = row.trim().split(/\s+/);
    const cells = t.length === w ? t : [...row.trim()];
    out.push(cells.map((x) => (x === '.' || x === '-' ? '-' : String(ids.get(x) ?? (ids.set(x, ids.size + 1), ids.size)))).join(' '));
  }
  return out.join('\n') + '\n';
}

/**
 * Runs `ddnumlin -a -k 0 -m 0` (every solution, no blank cell, none printed) on a board file,
 * under a CPU-time limit (ulimit -t) and a virtual memory cap: CPU, peak memory (its own report),
 * the states of its last build step, the reduced nodes and the count; { error } when it fails or
 * runs out of time or memory.
 */
export function runDdnumlin(path, boardFile, cpuSeconds, memoryMb = 8192) {
  const t0 = performance.now();
  const r = spawnSync('bash', ['-c', `ulimit -t "$2"; ulimit -v "$3"; ${TIMED} "$0" -a -k 0 -m 0 "$1"`, path, boardFile, String(cpuSeconds), String(memoryMb * 1024)], {
    encoding: 'utf8', timeout: (cpuSeconds * 3 + 30) * 1000, maxBuffer: 1 << 24, env: SERIAL_ENV,
  });
  const ms = performance.now() - t0;
  const text = `${r.stdout}\n${r.stderr}`;
  const cpuMs = cpuOf(text);
  if (r.error || r.status !== 0) return { error: r.error ? String(r.error.message) : r.signal ? `killed (${r.signal})` : `exit ${r.status}`, cpuMs, ms };
  const count = /#solution = (\d+)/.exec(text);
  // The last "<n>" before the reduction is the subset build's states; then the reduced diagram.
  const steps = [...text.matchAll(/<(\d+)> in /g)].map((m) => Number(m[1]));
  const peak = /Finished in [\d.]+s elapsed, [\d.]+s user, (\d+)MB/.exec(text);
  if (!count) return { error: 'could not read ddnumlin output', cpuMs, ms };
  return {
    ms, cpuMs, count: count[1], peakMB: peak ? Number(peak[1]) : null,
    states: steps.length >= 2 ? steps[steps.length - 2] : null, reduced: steps.length ? steps[steps.length - 1] : null,
  };
}
