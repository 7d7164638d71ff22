#!/usr/bin/env node
// Incremental re-check gain (issue 4, item 5): a large ambiguous Slitherlink, cold check vs the
// re-check of the language server's incremental session after editing a hint in the last row.
//   node test/bench/incremental.mjs [--edits N] [--json FILE] [--quick] [--tilings (the tilings only)]
// Each puzzle runs in its own process; cold and warm checks are interleaved in it (same run, same
// machine). Also `node test/bench/run.mjs --only incremental`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bundle, child, machineInfo, root } from './harness.mjs';
import { median } from './stats.mjs';

const { values: opt } = parseArgs({ options: { edits: { type: 'string' }, json: { type: 'string' }, quick: { type: 'boolean' }, tilings: { type: 'boolean' } } });
const edits = Number(opt.edits ?? (opt.quick ? 3 : 5));
const files = ['test/fixtures/slitherlink/incremental_20x20_a.slk', 'test/fixtures/slitherlink/incremental_20x20_b.slk'];
// Tilings (issue 15): Loopy's hard puzzle of the tiling with a share of its hints removed.
const corpus = join(root, 'test/fixtures/slitherlink/loopy-tilings/loopy.json');
const tilings = [['Honeycomb', 0.25], ['Cairo', 0.25], ['Cairo', 0.15]];

const fmt = (ms) => (ms == null ? '-' : ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`);

const runner = await bundle('incremental-runner', {
  stdin: {
    contents: `import { benchIncremental } from './incremental';
import { benchIncrementalTiling } from './incremental-tiling';
const a = process.argv;
process.stdout.write(JSON.stringify(a[2] === '--tiling' ? benchIncrementalTiling(a[3], a[4], Number(a[5]), Number(a[6])) : benchIncremental(a[2], Number(a[3]))));`,
    resolveDir: join(root, 'test/bench'), loader: 'ts', sourcefile: 'incremental-runner.ts',
  },
});
if (runner.error) {
  console.error(`incremental: cannot bundle the runner: ${runner.error}`);
  process.exit(1);
}

const machine = machineInfo();
console.log(`incremental re-check: machine ${machine.cpu}, ${machine.cores} cores, node ${machine.node}, load ${machine.loadAverage.join(' ')}`);
const results = [];
const runs = [
  ...(opt.tilings ? [] : files.map((file) => ({ file, args: [join(root, file), String(edits)] }))),
  ...tilings.map(([grid, removed]) => ({ file: `${grid} ${removed}`, args: ['--tiling', corpus, grid, String(removed), String(edits)] })),
];
for (const { file, args } of runs) {
  const p = child(runner.path, args, 900_000);
  if (p.error) {
    console.log(`  ${file}: failed: ${p.error}`);
    results.push({ file, error: p.error });
    continue;
  }
  const e = p.edits;
  const summary = {
    coldMs: median(e.map((x) => x.coldMs)), warmMs: median(e.map((x) => x.warmMs)),
    coldCpuMs: median(e.map((x) => x.coldCpuMs)), warmCpuMs: median(e.map((x) => x.warmCpuMs)),
    ratio: median(e.map((x) => x.coldMs / x.warmMs)), cpuRatio: median(e.map((x) => x.coldCpuMs / x.warmCpuMs)),
  };
  results.push({ ...p, summary });
  console.log(`\n  ${p.file.split('/').pop()}: ${p.rows}x${p.cols}, ${p.verdict} (${p.count}); cold check ${fmt(p.coldCheckMs)}, session's first check ${fmt(p.firstCheckMs)}, kept ${p.keptMb.toFixed(1)} MB`);
  const rows = e.map((x) => [x.cell, x.edit, x.count ?? '-', fmt(x.coldMs), fmt(x.coldCpuMs), fmt(x.warmMs), fmt(x.warmCpuMs), fmt(x.warmDeduceMs), fmt(x.warmBuildMs), `${(x.coldCpuMs / x.warmCpuMs).toFixed(1)}×`, x.mode === 'resumed' ? `${x.reusedLevels}/${x.levels}` : `${x.mode}${x.reason ? ` (${x.reason})` : ''}`]);
  const header = ['cell', 'edit', 'count', 'cold', 'cold cpu', 'warm', 'warm cpu', 'deduce', 'zdd', 'cpu ratio', 'levels reused'];
  const w = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  console.log('  ' + header.map((h, i) => h.padEnd(w[i])).join('  '));
  for (const row of rows) console.log('  ' + row.map((c, i) => String(c).padEnd(w[i])).join('  '));
  console.log(`  median: cold ${fmt(summary.coldMs)} (cpu ${fmt(summary.coldCpuMs)}), re-check ${fmt(summary.warmMs)} (cpu ${fmt(summary.warmCpuMs)}); gain ${summary.ratio.toFixed(2)}× wall, ${summary.cpuRatio.toFixed(2)}× cpu`);
}
const report = { machine, edits, results };
if (opt.json) {
  mkdirSync(dirname(resolve(opt.json)), { recursive: true });
  writeFileSync(resolve(opt.json), JSON.stringify(report, null, 1));
}
export default report;
