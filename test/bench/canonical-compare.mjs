#!/usr/bin/env node
// Arukone's canonical family (issue 18) built both ways, puzzle by puzzle in turn, each run in its
// own process (test/bench/canonical.ts): `route`, the depth-first search with the global rules at
// every state, and `kernel`, the compiled breadth-first build without them. States, CPU, wall
// time and peak RSS, as a table (and JSON lines with --json). Alone:
//   node test/bench/canonical-compare.mjs [--limit MS] [--json FILE] NAME|FILE...
// A NAME such as 520_15x15 is looked up in ../shared/corpus/numberlink/arukone.
import { appendFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { bundle, child, machineInfo, root } from './harness.mjs';

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: { limit: { type: 'string' }, json: { type: 'string' } },
});
const limit = Number(opt.limit ?? 5000);
const r = await bundle('canonical-runner', {
  stdin: {
    contents: `import { runCanonical } from './canonical';
process.stdout.write(JSON.stringify(runCanonical(process.argv[2], Number(process.argv[3]), process.argv[4] === 'route' ? 'route' : 'kernel')));`,
    resolveDir: join(root, 'test/bench'),
    loader: 'ts',
    sourcefile: 'canonical-runner.ts',
  },
});
if (r.error) {
  console.error(r.error);
  process.exit(1);
}
const corpus = join(root, '..', 'shared', 'corpus', 'numberlink', 'arukone');
const info = machineInfo();
console.log(`limit ${limit} ms; load ${info.loadAverage.join(' ')}; ${info.cpu}, ${info.cores} cores`);
console.log('| puzzle | how | members | states | CPU ms | wall ms | peak MB |');
console.log('|---|---|---|---|---|---|---|');
for (const p of positionals) {
  const file = existsSync(p) ? p : join(corpus, `${p}.nlk`);
  for (const how of ['kernel', 'route']) {
    const o = child(r.path, [file, String(limit), how], limit + 60_000);
    const name = basename(file, '.nlk');
    const members = o.error ? `error: ${o.error}` : o.members ?? 'stopped';
    console.log(`| ${name} | ${how} | ${members} | ${o.states ?? ''} | ${o.cpuMs ?? ''} | ${o.ms ?? ''} | ${o.peakMB ?? ''} |`);
    if (opt.json) appendFileSync(opt.json, JSON.stringify({ name, ...o }) + '\n');
  }
}
