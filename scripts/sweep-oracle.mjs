#!/usr/bin/env node
// How much the Numberlink sweep choice costs: for every puzzle, the states built in each sweep
// along the shorter side (after the same deduction), against the sweep the solver picks.
//
//   node scripts/sweep-oracle.mjs [PATH] [--max-nodes N] [--json FILE]
//
// PATH: a Numberlink file or folder (default ../shared/corpus/numberlink/ahle40x20). A build that
// passes --max-nodes (default 300000) counts as that many states. Prints the totals of the chosen
// sweep, of the best sweep per puzzle, of the best line direction with the chosen transposition
// and cell direction, and of every fixed sweep, plus the puzzles where the choice costs most.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundle, cacheDir, child, root } from '../test/bench/harness.mjs';

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'max-nodes': { type: 'string' }, json: { type: 'string' } },
});
const target = resolve(positionals[0] ?? join(root, '..', 'shared', 'corpus', 'numberlink', 'ahle40x20'));
if (!existsSync(target)) {
  console.log(`sweep-oracle: ${target} is absent (../shared is not part of the repository): nothing to measure.`);
  process.exit(0);
}
const files = statSync(target).isDirectory()
  ? readdirSync(target, { recursive: true }).map(String).filter((f) => f.endsWith('.nlk')).sort().map((f) => join(target, f))
  : [target];

const runner = await bundle('sweeps-runner', { entryPoints: ['test/bench/sweeps.ts'] });
const jobFile = join(cacheDir, `sweeps-${process.pid}.json`);
writeFileSync(jobFile, JSON.stringify({ files, maxNodes: Number(opt['max-nodes'] ?? 300_000) }));
const rows = runner.error ? runner : child(runner.path, [jobFile], 3_600_000);
if (rows.error) {
  console.error(`sweep-oracle: ${rows.error}`);
  process.exit(1);
}

const sum = (f) => rows.reduce((t, x) => t + f(x), 0);
const candidates = (x) => x.states.filter((s) => s >= 0);
// The other line direction, same transposition and cell direction (index bit 0).
const bestLine = (x) => Math.min(x.states[x.chosen], x.states[x.chosen ^ 1]);
console.log(`${rows.length} puzzles in ${relative(process.cwd(), target) || '.'}: states created (all sweeps after the same deduction)`);
console.log(`  chosen sweep                  ${sum((x) => x.states[x.chosen])}`);
console.log(`  best line direction           ${sum(bestLine)}`);
console.log(`  best sweep per puzzle         ${sum((x) => Math.min(...candidates(x)))}`);
const names = ['rows', 'rows, last line first', 'rows, cells reversed', 'rows, both reversed',
  'columns', 'columns, last line first', 'columns, cells reversed', 'columns, both reversed'];
for (let o = 0; o < 8; o++) {
  if (rows.every((x) => x.states[o] >= 0)) console.log(`  always ${names[o].padEnd(27)}${sum((x) => x.states[o])}`);
}
const worst = rows
  .map((x) => ({ file: relative(target, x.file) || x.file, chosen: x.states[x.chosen], best: Math.min(...candidates(x)) }))
  .filter((x) => x.chosen > 2 * x.best)
  .sort((a, b) => b.chosen - b.best - (a.chosen - a.best));
console.log(`  ${worst.length} puzzles where the chosen sweep builds more than twice the best${worst.length > 0 ? '; the costliest:' : ''}`);
for (const x of worst.slice(0, 8)) console.log(`    ${x.file}: ${x.chosen} states, best ${x.best}`);
if (opt.json) writeFileSync(opt.json, JSON.stringify(rows, null, 1));
