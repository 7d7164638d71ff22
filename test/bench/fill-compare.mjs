#!/usr/bin/env node
// Janko's Numberlink puzzles counted under plain `fill`, the project beside TdZdd's
// `ddnumlin -a -k 0` (test/bench/tdzdd.mjs), puzzle by puzzle in turn, each in its own process
// under the same CPU-time limit (ulimit -t), so that machine load hits both alike. Used by
// `npm run bench` (part fill); alone:
//   node test/bench/fill-compare.mjs [--limit S] [--every K] [--json FILE] [FILES...]
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bundle, cacheDir, root } from './harness.mjs';
import { ddnumlinPath, numlinBoard, runDdnumlin } from './tdzdd.mjs';

let runner = null;
async function fillRunner() {
  runner ??= await bundle('fill-runner', {
    stdin: {
      contents: `import { countFill } from './fill';
const r = countFill(process.argv[2], Number(process.argv[3]), process.argv[4] === 'breadth' || process.argv[4] === 'depth' ? process.argv[4] : undefined);
process.stdout.write(JSON.stringify(r));`,
      resolveDir: join(root, 'test/bench'),
      loader: 'ts',
      sourcefile: 'fill-runner.ts',
    },
  });
  return runner;
}

/**
 * The project's count of one puzzle in a child under a CPU-time limit of `cpuSeconds` (plus the
 * runtime's start): { count, cpuMs, states, reduced, peakMB, baseMB } or { error }.
 */
function runProject(path, file, cpuSeconds) {
  const r = spawnSync('bash', ['-c', 'ulimit -t "$3"; exec "$0" --max-old-space-size=16384 "$1" "$2" 3600000', process.execPath, path, file, String(cpuSeconds + 1)], {
    cwd: root, encoding: 'utf8', timeout: (cpuSeconds * 3 + 30) * 1000, maxBuffer: 1 << 24,
  });
  if (r.status !== 0) return { error: r.signal ? `killed (${r.signal})` : `exit ${r.status}: ${(r.stderr || '').trim().split('\n').slice(-1)[0] ?? ''}` };
  try {
    return JSON.parse(r.stdout);
  } catch {
    return { error: `no JSON: ${r.stdout.slice(0, 100)}` };
  }
}

/**
 * Both on every file, in turn. `cpuSeconds`: the limit of each (10 in the issue). Returns the rows
 * and a summary; `ddnumlin` null when the binary is not at hand (then only the project runs).
 */
export async function compareFill(files, cpuSeconds = 10, log = () => {}) {
  const r = await fillRunner();
  if (r.error) return { error: r.error };
  const td = ddnumlinPath();
  const rows = [];
  for (const file of files) {
    const row = { file: file.split('/').slice(-2).join('/') };
    if (td.path) {
      const board = join(cacheDir, `${basename(file, '.nlk')}.dat`);
      writeFileSync(board, numlinBoard(readFileSync(file, 'utf8')));
      row.tdzdd = runDdnumlin(td.path, board, cpuSeconds);
    }
    row.project = runProject(r.path, file, cpuSeconds);
    rows.push(row);
    log(row);
  }
  const ok = (x) => x && !x.error && x.count != null && x.cpuMs <= cpuSeconds * 1000;
  const both = rows.filter((x) => ok(x.project) && ok(x.tdzdd));
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const disagree = both.filter((x) => x.project.count !== x.tdzdd.count).map((x) => x.file);
  return {
    ddnumlin: td.path ?? null,
    why: td.why,
    cpuSeconds,
    rows,
    summary: {
      puzzles: rows.length,
      projectCounted: rows.filter((x) => ok(x.project)).length,
      tdzddCounted: td.path ? rows.filter((x) => ok(x.tdzdd)).length : null,
      bothCounted: both.length,
      projectCpuMs: sum(both.map((x) => x.project.cpuMs)),
      tdzddCpuMs: sum(both.map((x) => x.tdzdd.cpuMs)),
      projectStates: sum(both.map((x) => x.project.states ?? 0)),
      tdzddStates: sum(both.map((x) => x.tdzdd.states ?? 0)),
      projectPeakMB: Math.max(0, ...both.map((x) => x.project.peakMB ?? 0)),
      projectRuntimeMB: Math.max(0, ...both.map((x) => x.project.baseMB ?? 0)),
      tdzddPeakMB: Math.max(0, ...both.map((x) => x.tdzdd.peakMB ?? 0)),
      disagree,
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values: opt, positionals } = parseArgs({ allowPositionals: true, options: { limit: { type: 'string' }, every: { type: 'string' }, json: { type: 'string' } } });
  const corpus = join(root, '..', 'shared', 'corpus');
  let files = positionals.length ? positionals : JSON.parse(readFileSync(join(corpus, 'answers.json'), 'utf8'))
    .filter((a) => a.file.startsWith('numberlink/janko/')).map((a) => join(corpus, a.file));
  const every = Number(opt.every ?? 1);
  files = files.filter((_, i) => i % every === 0);
  const f = (x) => (!x ? '-' : x.error ? x.error : `${x.count.length > 12 ? x.count.slice(0, 9) + '…' : x.count} ${Math.round(x.cpuMs)} ms ${x.states ?? '-'} st ${x.peakMB ?? '-'} MB`);
  const out = await compareFill(files, Number(opt.limit ?? 10), (row) => console.log(`${row.file.padEnd(26)} project ${f(row.project).padEnd(46)} tdzdd ${f(row.tdzdd)}`));
  console.log(JSON.stringify(out.summary ?? out, null, 1));
  if (opt.json) writeFileSync(opt.json, JSON.stringify(out, null, 1));
}
