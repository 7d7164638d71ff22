#!/usr/bin/env node
// Designer tools bench: time to generate puzzles with dist/cli.js (run `npm run build` first).
//   node test/bench/design.mjs [--seeds N] [--json FILE]
// Prints, per kind and size, the time per puzzle (median, max over seeds 1..N, each in a fresh
// process, as a user runs it), and the hints / pairs of the result.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(root, 'dist/cli.js');
const { values: opt } = parseArgs({ options: { seeds: { type: 'string' }, json: { type: 'string' } } });
if (!existsSync(cli)) {
  console.error('design bench: dist/cli.js is missing; run `npm run build` first');
  process.exit(1);
}
const seeds = Number(opt.seeds ?? 5);
const cases = [
  ['slitherlink', '10x10'], ['slitherlink', '20x20'],
  ['numberlink', '10x10'], ['numberlink', '15x15'], ['numberlink', '20x20'],
];
const rows = [];
for (const [kind, size] of cases) {
  const times = [];
  let detail = '';
  for (let s = 1; s <= seeds; s++) {
    const r = spawnSync('node', [cli, 'generate', kind, size, '--seed', String(s)], { encoding: 'utf8' });
    const m = /generated in (\d+) ms: (.*)/.exec(r.stderr);
    if (!m) { console.error(`${kind} ${size} seed ${s}: ${r.stderr.trim()}`); continue; }
    times.push(Number(m[1]));
    detail = m[2];
  }
  times.sort((a, b) => a - b);
  const row = { kind, size, seeds: times.length, medianMs: times[Math.floor(times.length / 2)], maxMs: times[times.length - 1], last: detail };
  rows.push(row);
  console.log(`${kind.padEnd(12)} ${size.padEnd(6)} median ${String(row.medianMs).padStart(6)} ms  max ${String(row.maxMs).padStart(6)} ms  (${detail})`);
}
if (opt.json) writeFileSync(opt.json, JSON.stringify(rows, null, 2));
