#!/usr/bin/env node
// `npm run bench`: speed and memory, printed as tables and written to bench-results/bench.json.
//   node test/bench/run.mjs [--only cycles|slitherlink|numberlink|fill|incremental|latency|drafts|insight[,...]] [--quick] [--corpus DIR]
//                           [--max-n N] [--nikoli-limit MS] [--no-nikoli] [--no-redundant] [--out FILE]
//                           [--drafts-count-nodes N] [--drafts-count-ms MS]
// (a) all cycles on n×n vertex grids (test/bench/cycles.ts), each n in its own process for peak RSS,
//     beside TdZdd's ddpaths when LINKPUZZLE_TDZDD_DDPATHS names a built one (else issue 17's figures);
// (b) the Slitherlink corpus: time to the verdict, and to the verdict plus redundant hints (unless
//     --no-redundant), by size;
// (c) Numberlink collections under their rule (fill notouch) and under nikoli (--no-nikoli: their
//     rule only, for quick iterations), and Janko's Arukone under their own rule (nikoli, 5 s each),
//     with the verdicts that contradict answers.json counted as wrong; Ahle's 50x50 under their
//     rule and plain fill (60 s each); these two as the command line checks them (two threads,
//     the witnesses first);
// (i) fill: Janko's puzzles counted under plain `fill` beside TdZdd's `ddnumlin -a -k 0` when
//     LINKPUZZLE_TDZDD_DDNUMLIN names a built one (test/bench/fill-compare.mjs: one process per
//     puzzle, in turn, each under a 10 s CPU limit), else against issue 17's recorded figures;
// (e) the incremental re-check gain (test/bench/incremental.mjs): cold check vs re-check after a
//     last-row edit of a large ambiguous Slitherlink;
// (f) keystroke-to-diagnostics latency of the language server (test/bench/lsp-latency.mjs) on a
//     10x10 and a 20x20 Slitherlink;
// (g) drafts (test/bench/drafts.ts, seeded): random sparse Slitherlink drafts at every size 10x10..30x30
//     (0 to 60 hints, read off a random loop or random values) and Numberlink drafts 10x10..20x20
//     (0 to 30 pairs, i.e. 0 to 60 endpoints: ends of pieces of a random path or random cells, under nikoli, fill and notouch),
//     checked as the language server does: the verdict first (timed), then the count when it is
//     pending, within --drafts-count-nodes (default 2,000,000) and --drafts-count-ms (default 10,000);
// (h) insight: the ambiguity map's cost on 20x20 puzzles with several solutions (test/bench/usage.ts):
//     the check with the map against the check without it, interleaved (target: within 1 s); and
//     the difficulty grade's on unique puzzles near 20x20, as the language server asks for it;
// (d) every time also as a ratio to a fixed reference workload (test/bench/reference.mjs) run in
//     the same process (for corpus collections: just before and after them), so that figures
//     compare across machines. Corpus parts need ../shared/corpus and say so when absent.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bundle, cacheDir, child, machineInfo, root } from './harness.mjs';
import { measureReference } from './reference.mjs';
import { RECORDED, RECORDED_FILL, runTdzdd, tdzddPath } from './tdzdd.mjs';
import { compareFill } from './fill-compare.mjs';
import { median } from './stats.mjs';

const { values: opt } = parseArgs({
  options: {
    only: { type: 'string' },
    quick: { type: 'boolean' },
    'no-redundant': { type: 'boolean' },
    corpus: { type: 'string' },
    'max-n': { type: 'string' },
    'nikoli-limit': { type: 'string' },
    'no-nikoli': { type: 'boolean' },
    'drafts-count-nodes': { type: 'string' },
    'drafts-count-ms': { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (opt.help) {
  const lines = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1);
  console.log(lines.slice(0, lines.findIndex((l) => !l.startsWith('//'))).join('\n').replace(/^\/\/ ?/gm, ''));
  process.exit(0);
}
const parts = new Set((opt.only ?? 'cycles,slitherlink,numberlink,fill,incremental,latency,drafts,insight').split(','));
for (const p of parts) {
  if (!['cycles', 'slitherlink', 'numberlink', 'fill', 'incremental', 'latency', 'drafts', 'insight'].includes(p)) {
    console.error(`bench: unknown part '${p}' (cycles, slitherlink, numberlink, fill, incremental, latency, drafts, insight)`);
    process.exit(2);
  }
}
const quick = !!opt.quick;
const corpus = resolve(opt.corpus ?? join(root, '..', 'shared', 'corpus'));
const haveCorpus = existsSync(join(corpus, 'answers.json'));
const nikoliLimit = Number(opt['nikoli-limit'] ?? (quick ? 1000 : 3000));
const noNikoli = !!opt['no-nikoli'];
const maxN = Number(opt['max-n'] ?? (quick ? 11 : 14));

// ---------- helpers ----------
const fmtMs = (ms) => (ms == null ? '-' : ms < 10 ? `${ms.toFixed(2)} ms` : ms < 10_000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
const fmtMb = (kb) => (kb == null ? '-' : `${Math.round(kb / 1024)} MB`);
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
function table(header, rows, rightFrom = 1) {
  const cells = rows.map((r) => r.map((c) => String(c)));
  const w = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i >= rightFrom ? c.padStart(w[i]) : c.padEnd(w[i]))).join('  ').trimEnd();
  console.log(line(header));
  console.log(w.map((x) => '-'.repeat(x)).join('  '));
  for (const r of cells) console.log(line(r));
}

// ---------- machine and baseline ----------
const machine = machineInfo();
// On a shared machine wall time varies with the load; CPU time less so: both are kept, and cpu
// ratios use the CPU baseline. Corpus collections are timed against the reference their own child
// runs just before and after them (`adjacent` below); this one serves the other parts.
const startRef = measureReference(4);
const baselineMs = startRef.ms;
const baselineCpuMs = startRef.cpuMs;
const cpuRatio = (ms, base = baselineCpuMs) => (ms == null ? '-' : `${(ms / base).toFixed(1)}×`);
const ratio = (ms, base = baselineMs) => (ms == null ? '-' : `${(ms / base).toFixed(1)}×`);
/**
 * The reference a corpus child ran before and after its collection (the middle of the two), or
 * the start baseline when the child gave none; `drift` names a machine whose speed changed by more
 * than 1.5× while the collection ran (its figures then say little).
 */
function adjacent(r) {
  const b = r.reference?.before, a = r.reference?.after;
  if (!b || !a) return { ms: baselineMs, cpuMs: baselineCpuMs, drift: null };
  const slow = Math.max(b.ms, a.ms) / Math.min(b.ms, a.ms);
  return {
    ms: (b.ms + a.ms) / 2,
    cpuMs: (b.cpuMs + a.cpuMs) / 2,
    drift: slow > 1.5 ? `the machine's speed changed while it ran: reference ${fmtMs(b.ms)} before, ${fmtMs(a.ms)} after` : null,
  };
}
console.log(`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, node ${machine.node}, load ${machine.loadAverage.join(' ')}`);
console.log(`baseline: reference workload (2^21 hashed inserts) ${fmtMs(baselineMs)} wall, ${fmtMs(baselineCpuMs)} cpu; "ratio" = wall / baseline wall, "cpu ratio" = cpu / baseline cpu${quick ? '; QUICK run (subsets)' : ''}\n`);

const report = { machine, baseline: { what: 'reference workload: 2^21 open-addressing inserts into an Int32Array', ms: baselineMs, cpuMs: baselineCpuMs }, quick, parts: {} };

const answers = haveCorpus ? JSON.parse(readFileSync(join(corpus, 'answers.json'), 'utf8')) : [];
const corpusFiles = (prefix) => answers.filter((a) => a.file.startsWith(prefix)).map((a) => join(corpus, a.file));
const knownVerdict = new Map(answers.filter((a) => a.verdict).map((a) => [join(corpus, a.file), a.verdict]));
const every = (xs, k) => xs.filter((_, i) => i % k === 0);

let runner = null;
async function corpusRunner() {
  if (runner) return runner;
  runner = await bundle('corpus-runner', { entryPoints: ['test/bench/corpus-runner.ts'] });
  return runner;
}
function runFiles(files, job, timeoutMs) {
  const jobFile = join(cacheDir, `job-${process.pid}.json`);
  writeFileSync(jobFile, JSON.stringify({ files, ...job }));
  return child(runner.path, [jobFile], timeoutMs);
}

// Parse time of every corpus file: a second, project-specific baseline.
if (haveCorpus && (parts.has('slitherlink') || parts.has('numberlink'))) {
  const r = await corpusRunner();
  if (r.path) {
    const files = answers.filter((a) => !a.file.startsWith('stress/')).map((a) => join(corpus, a.file));
    const p = runFiles(files, { parseOnly: true }, 300_000);
    if (!p.error) {
      report.baseline.parseAllMs = p.ms;
      report.baseline.parseAllFiles = files.length;
      console.log(`parse baseline: ${files.length} corpus files (${p.cells} cells) parsed in ${fmtMs(p.ms)} (${ratio(p.ms)})\n`);
    }
  }
}

// ---------- (a) cycles ----------
if (parts.has('cycles')) {
  console.log(`(a) all cycles on n×n vertex grids (n = 8..${maxN}); each n in its own process`);
  if (!existsSync(join(root, 'test/bench/cycles.ts'))) {
    console.log('    skipped: test/bench/cycles.ts (benchCycles) is not written yet\n');
    report.parts.cycles = { skipped: 'test/bench/cycles.ts missing' };
  } else {
    const b = await bundle('cycles-runner', {
      stdin: {
        contents: `import { benchCycles } from './cycles';
const n = Number(process.argv[2]);
(async () => {
  const t0 = performance.now();
  const result = await benchCycles([n], { generic: process.argv[3] === 'generic' });
  const ms = performance.now() - t0;
  process.stdout.write(JSON.stringify({ ms, result, maxRssKb: process.resourceUsage().maxRSS }, (k, v) => (typeof v === 'bigint' ? v.toString() : v)));
})();`,
        resolveDir: join(root, 'test/bench'),
        loader: 'ts',
        sourcefile: 'cycles-runner.ts',
      },
    });
    if (b.error) {
      console.log(`    skipped: cannot bundle test/bench/cycles.ts: ${b.error}\n`);
      report.parts.cycles = { skipped: b.error };
    } else {
      const sequences = existsSync(join(corpus, 'sequences.json')) ? JSON.parse(readFileSync(join(corpus, 'sequences.json'), 'utf8')) : null;
      const td = tdzddPath();
      const fmtCount = (x) => (x == null ? '-' : Number(x).toLocaleString('en-US'));
      const rows = [];
      const out = [];
      const runOne = (n, generic) => {
        const r = child(b.path, generic ? [String(n), 'generic'] : [String(n)], 600_000);
        const res = Array.isArray(r.result) ? r.result[0] : r.result;
        const count = res?.count != null ? String(res.count) : null;
        const known = sequences ? findSequenceValue(sequences, n) : null;
        return {
          n, builder: generic ? 'generic' : 'kernel', ms: r.ms ?? null, engineMs: res?.ms ?? null, cpuMs: res?.cpuMs ?? null,
          maxRssKb: r.maxRssKb ?? null, baseMB: res?.baseMB ?? null, count, expected: known, nodes: res?.nodes ?? null,
          reducedNodes: res?.reducedNodes ?? null, error: r.error,
        };
      };
      for (let n = 8; n <= maxN; n++) {
        const entry = runOne(n, false);
        // TdZdd's ddpaths on the same grid and edge order, right after (or the recorded figures).
        let ref = null;
        if (td.path) {
          const t = runTdzdd(td.path, n, 600_000);
          ref = t.error ? { error: t.error } : { ...t, source: 'measured' };
        } else if (RECORDED[n]) ref = { ...RECORDED[n], source: 'recorded' };
        entry.tdzdd = ref;
        out.push(entry);
        const ok = entry.error ? entry.error : entry.expected == null ? '' : entry.count === entry.expected ? 'ok' : `WRONG (expected ${entry.expected})`;
        const cpuR = ref?.cpuMs && entry.cpuMs ? `${(entry.cpuMs / ref.cpuMs).toFixed(2)}×` : '-';
        const memR = ref?.peakMB && entry.maxRssKb ? `${(entry.maxRssKb / 1024 / ref.peakMB).toFixed(2)}×` : '-';
        rows.push([
          n, entry.count ?? '-', fmtMs(entry.cpuMs), cpuRatio(entry.cpuMs), fmtMb(entry.maxRssKb), entry.baseMB == null ? '-' : `${entry.baseMB} MB`,
          fmtCount(entry.nodes), fmtCount(entry.reducedNodes),
          ref?.error ? 'error' : fmtMs(ref?.cpuMs), ref?.peakMB == null ? '-' : `${ref.peakMB} MB`, fmtCount(ref?.states), cpuR, memR, ok,
        ]);
        if (entry.error && /killed/.test(entry.error)) break;
      }
      table(['n', 'cycles', 'cpu', 'cpu ratio', 'peak RSS', 'runtime', 'states', 'reduced', 'TdZdd cpu', 'TdZdd RSS', 'TdZdd states', 'cpu/TdZdd', 'RSS/TdZdd', 'check'], rows);
      console.log(`    cpu: build + reduction + exact count in the process; "runtime": its RSS before the build (Node's own).`);
      console.log(td.path
        ? `    TdZdd: ${td.path} -t cycle -count on the same grid and edge order, run after each n (cpu = user + system of its process).`
        : `    TdZdd: ${td.why}, so the ratios use issue 17's recorded ddpaths figures (n = 12: 0.30 s, 49 MB; n = 14: 4.6 s, 450 MB).`);
      console.log('    Targets (issue 17): cpu within 1.5× of TdZdd, peak RSS at most TdZdd\'s.');
      // The generic builder (the spec's child, no kernel), for the smaller grids.
      const generic = [];
      for (let n = 8; n <= Math.min(maxN, 12); n++) {
        const e = runOne(n, true);
        generic.push(e);
        if (e.error) break;
      }
      console.log('    generic builder (buildZdd with { kernel: false }): ' + generic.map((e) => `n=${e.n} ${fmtMs(e.cpuMs)} ${fmtMb(e.maxRssKb)}${e.count === e.expected || e.expected == null ? '' : ' WRONG'}`).join(', ') + '\n');
      report.parts.cycles = { kernel: out, generic, tdzdd: td.path ? 'measured' : td.why };
    }
  }
}

/** A140517 value for an n×n vertex grid from sequences.json (`cycles_A140517`: first_n, terms). */
function findSequenceValue(seq, n) {
  const s = seq.cycles_A140517;
  if (!s || !Array.isArray(s.terms)) return null;
  const v = s.terms[n - (s.first_n ?? 1)];
  return v == null ? null : String(v);
}

// ---------- (b) Slitherlink corpus ----------
if (parts.has('slitherlink')) {
  console.log(`(b) Slitherlink corpus: time to the verdict, and to the verdict plus redundant hints${quick ? ' (quick: redundant hints up to 400 cells)' : ''}`);
  if (!haveCorpus) {
    console.log(`    skipped: ${corpus} is absent (../shared is not part of the repository)\n`);
    report.parts.slitherlink = { skipped: 'corpus absent' };
  } else if ((await corpusRunner()).error) {
    console.log(`    skipped: cannot bundle the checker: ${runner.error}\n`);
    report.parts.slitherlink = { skipped: runner.error };
  } else {
    const all = corpusFiles('slitherlink/');
    const files = quick ? every(all, 12) : all;
    const r = runFiles(files, { redundant: !opt['no-redundant'], redundantMaxCells: quick ? 400 : undefined }, 3_600_000);
    if (r.error) {
      console.log(`    failed: ${r.error}\n`);
      report.parts.slitherlink = { error: r.error };
    } else {
      const res = r.results;
      const classes = new Map();
      for (const x of res) {
        const k = `${x.cols}×${x.rows}`;
        if (!classes.has(k)) classes.set(k, []);
        classes.get(k).push(x);
      }
      const keys = [...classes.keys()].sort((a, b) => {
        const [ca, ra] = a.split('×').map(Number), [cb, rb] = b.split('×').map(Number);
        return ca * ra - cb * rb || ca - cb;
      });
      const rows = [];
      const agg = [];
      for (const k of keys) {
        const xs = classes.get(k);
        const v = xs.map((x) => x.ms);
        const red = xs.filter((x) => x.msRedundant != null).map((x) => x.ms + x.msRedundant);
        const unknown = xs.filter((x) => x.verdict === 'unknown').length;
        const a = { size: k, puzzles: xs.length, unknown, medianMs: median(v), maxMs: Math.max(...v), totalMs: sum(v), redundantMedianMs: median(red), redundantMaxMs: red.length ? Math.max(...red) : null, redundantTotalMs: sum(red) };
        agg.push(a);
        rows.push([k, xs.length, unknown || '', fmtMs(a.medianMs), fmtMs(a.maxMs), fmtMs(a.totalMs), fmtMs(a.redundantMedianMs), fmtMs(a.redundantMaxMs), fmtMs(a.redundantTotalMs)]);
      }
      const v = res.map((x) => x.ms);
      const red = res.filter((x) => x.msRedundant != null).map((x) => x.ms + x.msRedundant);
      const total = { puzzles: res.length, unknown: res.filter((x) => x.verdict === 'unknown').length, medianMs: median(v), maxMs: Math.max(...v), totalMs: sum(v), redundantMedianMs: median(red), redundantMaxMs: red.length ? Math.max(...red) : null, redundantTotalMs: sum(red), maxRssKb: r.maxRssKb, cpuMs: r.cpuMs };
      rows.push(['all', total.puzzles, total.unknown || '', fmtMs(total.medianMs), fmtMs(total.maxMs), fmtMs(total.totalMs), fmtMs(total.redundantMedianMs), fmtMs(total.redundantMaxMs), fmtMs(total.redundantTotalMs)]);
      table(['size (w×h)', 'puzzles', 'unknown', 'median', 'max', 'total', '+redundant median', 'max', 'total'], rows);
      const pk = res.filter((x) => x.file.includes('/puzzlekit/'));
      const ten = classes.get('10×10') ?? [];
      const slowest = [...res].sort((a, b) => b.ms - a.ms)[0];
      const ref = adjacent(r);
      total.referenceMs = ref.ms;
      total.referenceCpuMs = ref.cpuMs;
      total.drift = ref.drift;
      console.log(`    ratios (to the reference run next to this collection, ${fmtMs(ref.ms)}): total ${ratio(total.totalMs, ref.ms)}, with redundant ${ratio(total.redundantTotalMs, ref.ms)}; cpu of the whole run (both passes) ${fmtMs(total.cpuMs)} (${cpuRatio(total.cpuMs, ref.cpuMs)}); peak RSS ${fmtMb(r.maxRssKb)}; slowest ${slowest?.file.split('/').slice(-2).join('/')} ${fmtMs(slowest?.ms)}`);
      if (ref.drift) console.log(`    note: ${ref.drift}`);
      console.log(`    puzzlekit ${pk.length} puzzles: ${fmtMs(sum(pk.map((x) => x.ms)))} (target < 30 s for all 1,176; cspuz 55.7 s); 10×10 median ${fmtMs(median(ten.map((x) => x.ms)))} (target < 10 ms)`);
      if (!opt['no-redundant']) {
        // Issue 17's redundant-hint targets: the verdict plus redundant hints per puzzle.
        const withRed = (x) => (x.msRedundant != null ? x.ms + x.msRedundant : null);
        const big = res.filter((x) => /50x50_hard/.test(x.file));
        const p3040 = pk.filter((x) => x.rows * x.cols === 1200).map(withRed).filter((v) => v != null);
        const pkRed = pk.map(withRed).filter((v) => v != null);
        total.issue17 = {
          hard50: big.map((x) => ({ file: x.file.split('/').pop(), ms: withRed(x), stopped: x.redundantStopped ?? null })),
          p3040MaxMs: p3040.length ? Math.max(...p3040) : null,
          puzzlekitRedundantMedianMs: pkRed.length ? median(pkRed) : null,
        };
        const hard = big.map((x) => `${x.file.split('/').pop().replace('.slk', '')} ${x.redundantStopped ? 'undecided' : fmtMs(withRed(x))}`).join(', ');
        console.log(`    redundant hints (verdict + redundant, issue 17): ${hard || 'no 50×50 Hard'} (target ≤ 5 s each); puzzlekit 30×40 max ${fmtMs(total.issue17.p3040MaxMs)} (≤ 1 s); puzzlekit median ${fmtMs(total.issue17.puzzlekitRedundantMedianMs)} over ${pkRed.length} (≤ 20 ms)`);
      }
      for (const x of res.filter((x) => x.verdict === 'unknown')) console.log(`    unknown: ${x.file}: ${x.stopped}`);
      const redStopped = res.filter((x) => x.redundantStopped);
      for (const x of redStopped.slice(0, 5)) console.log(`    redundant hints undecided: ${x.file.split('/').slice(-2).join('/')}: ${x.redundantStopped}`);
      if (redStopped.length > 5) console.log(`    ... and ${redStopped.length - 5} more with redundant hints undecided`);
      console.log('');
      report.parts.slitherlink = { bySize: agg, total, puzzles: res };
    }
  }
}

// ---------- (c) Numberlink ----------
if (parts.has('numberlink')) {
  console.log(`(c) Numberlink: exact counts per collection, under the file's rule${noNikoli ? ' (nikoli pass skipped: --no-nikoli)' : ` and under nikoli (limit ${fmtMs(nikoliLimit)} per puzzle)`}`);
  if (!haveCorpus) {
    console.log(`    skipped: ${corpus} is absent (../shared is not part of the repository)\n`);
    report.parts.numberlink = { skipped: 'corpus absent' };
  } else if ((await corpusRunner()).error) {
    console.log(`    skipped: cannot bundle the checker: ${runner.error}\n`);
    report.parts.numberlink = { skipped: runner.error };
  } else {
    const sets = [
      { name: 'janko (270)', prefix: 'numberlink/janko/', target: 'target < 1.5 s; TdZdd 1.4 s (slowest 0.41 s)' },
      { name: 'ahle 40×20 (101)', prefix: 'numberlink/ahle40x20/', target: 'target < 3 s; TdZdd 2.2 s' },
      { name: 'flow (29)', prefix: 'numberlink/flow/', target: '' },
      // Janko's Arukone: the Nikoli rule is their own (so no second pass), 5 s each (issue 18).
      // Two threads and the witnesses first, as the command line checks (nikoliVerdict.ts, countRace.ts).
      { name: 'arukone (579)', prefix: 'numberlink/arukone/', target: 'every puzzle decided, 0 wrong, median ≤ 50 ms, slowest ≤ 5 s (limit 5 s)', onlyFileRule: true, timeMs: 5000, bySize: true, helper: true },
    ];
    if (!quick) sets.push({ name: 'ahle 50×50 (11)', prefix: 'numberlink/ahle50x50/', target: 'each decided within 60 s and 2 GB, under the files\' rule (fill notouch) and plain fill', rules: [null, 'fill'], helper: true });
    const rows = [];
    const out = [];
    for (const s of sets) {
      const all = corpusFiles(s.prefix);
      const files = quick ? every(all, 9) : all;
      for (const rule of s.rules ?? (s.onlyFileRule || noNikoli ? [null] : [null, 'nikoli'])) {
        const timeMs = s.rules ? undefined : rule ? nikoliLimit : s.timeMs;
        const job = { redundant: false, ...(rule ? { rule } : {}), ...(timeMs ? { timeMs } : {}), ...(s.helper ? { helperWorker: join(root, 'dist', 'worker.js'), witnesses: true } : {}) };
        const r = runFiles(files, job, 3_600_000);
        const label = `${s.name}${quick ? ` [${files.length}]` : ''}`;
        if (r.error) {
          rows.push([label, rule ?? 'file', files.length, '-', '-', '-', '-', '-', '-', '-', '-', r.error]);
          out.push({ set: s.name, rule: rule ?? 'file', error: r.error });
          continue;
        }
        const res = r.results;
        const v = res.map((x) => x.ms);
        const slow = [...res].sort((a, b) => b.ms - a.ms)[0];
        const verdicts = {};
        for (const x of res) verdicts[x.verdict] = (verdicts[x.verdict] ?? 0) + 1;
        // Verdicts known for the file's rule (answers.json) that the check contradicts.
        const wrong = rule ? [] : res.filter((x) => x.verdict !== 'unknown' && knownVerdict.get(x.file) !== undefined && knownVerdict.get(x.file) !== x.verdict).map((x) => x.file);
        if (!rule) verdicts.wrong = wrong.length;
        const ref = adjacent(r);
        const e = { set: s.name, rule: rule ?? res[0]?.rule ?? 'file', puzzles: res.length, totalMs: sum(v), cpuMs: r.cpuMs, medianMs: median(v), maxMs: slow?.ms, slowest: slow?.file, verdicts, maxRssKb: r.maxRssKb, referenceMs: ref.ms, referenceCpuMs: ref.cpuMs, drift: ref.drift, unknown: res.filter((x) => x.verdict === 'unknown').map((x) => ({ file: x.file, stopped: x.stopped })) };
        if (s.bySize) e.bySize = bySize(res, wrong);
        out.push(e);
        rows.push([label, rule ?? `file (${res[0]?.rule ?? '?'})`, res.length, fmtMs(e.totalMs), ratio(e.totalMs, ref.ms), fmtMs(ref.ms), fmtMs(e.cpuMs), cpuRatio(e.cpuMs, ref.cpuMs), fmtMs(e.medianMs), `${fmtMs(e.maxMs)} ${slow?.file.split('/').pop() ?? ''}`, fmtMb(e.maxRssKb), Object.entries(verdicts).map(([k, n]) => `${n} ${k}`).join(', ')]);
      }
    }
    table(['collection', 'rule', 'puzzles', 'total', 'ratio', 'reference', 'cpu', 'cpu ratio', 'median', 'slowest', 'peak RSS', 'verdicts'], rows, 2);
    console.log('    ratio: total / the reference workload, run in the same process just before and after the collection');
    for (const e of out) if (e.drift) console.log(`    note (${e.set}, ${e.rule}): ${e.drift}`);
    for (const s of sets) if (s.target) console.log(`    ${s.name}: ${s.target}`);
    // The Arukone set by size (issue 18 asks for the table by size).
    const aru = out.find((e) => e.set.startsWith('arukone') && e.bySize);
    if (aru) {
      console.log('    arukone by size:');
      table(['cells', 'puzzles', 'decided', 'wrong', 'median', 'slowest decided', 'unknown'], aru.bySize.map((b) => [b.sizes, b.puzzles, b.decided, b.wrong, fmtMs(b.medianMs), fmtMs(b.maxDecidedMs), b.puzzles - b.decided]), 1);
    }
    for (const e of out) {
      const u = e.unknown ?? [];
      for (const x of u.slice(0, 3)) console.log(`    unknown (${e.rule}): ${x.file.split('/').slice(-2).join('/')}: ${x.stopped}`);
      if (u.length > 3) console.log(`    ... and ${u.length - 3} more unknown in ${e.set} under ${e.rule} (all in the JSON)`);
    }
    console.log('');
    report.parts.numberlink = out;
  }
}

/** Results grouped by grid size (cells): decided, wrong, median and slowest decided time. */
function bySize(res, wrong) {
  const classes = [[0, 100, '≤ 10×10'], [101, 130, '10×11 … 11×11'], [131, 180, '12×12 … 13×13'], [181, 200, '14×14'], [201, 360, '14×24 … 15×20'], [361, Infinity, '16×16 … 35×48']];
  const bad = new Set(wrong);
  return classes.map(([lo, hi, sizes]) => {
    const xs = res.filter((x) => x.rows * x.cols >= lo && x.rows * x.cols <= hi);
    const decided = xs.filter((x) => x.verdict !== 'unknown');
    return {
      sizes, puzzles: xs.length, decided: decided.length, wrong: xs.filter((x) => bad.has(x.file)).length,
      medianMs: median(xs.map((x) => x.ms)), maxDecidedMs: decided.length ? Math.max(...decided.map((x) => x.ms)) : null,
    };
  }).filter((b) => b.puzzles > 0);
}

// ---------- (i) Janko under fill, beside TdZdd ----------
if (parts.has('fill')) {
  console.log(`(i) Janko's Numberlink puzzles counted under plain fill, beside TdZdd's ddnumlin -a -k 0 (10 s CPU each)${quick ? ' (quick: every 9th)' : ''}`);
  if (!haveCorpus) {
    console.log(`    skipped: ${corpus} is absent (../shared is not part of the repository)\n`);
    report.parts.fill = { skipped: 'corpus absent' };
  } else {
    const all = corpusFiles('numberlink/janko/');
    const files = quick ? every(all, 9) : all;
    const out = await compareFill(files, 10);
    if (out.error) {
      console.log(`    skipped: cannot bundle the counter: ${out.error}\n`);
      report.parts.fill = { skipped: out.error };
    } else {
      const x = out.summary;
      const fmtCount = (n) => (n == null ? '-' : Number(n).toLocaleString('en-US'));
      const measured = out.ddnumlin !== null;
      table(['', 'counted (of ' + x.puzzles + ')', 'cpu, both counted (' + x.bothCounted + ')', 'states', 'peak RSS (max)'], [
        ['project', x.projectCounted, fmtMs(x.projectCpuMs), fmtCount(x.projectStates), `${x.projectPeakMB} MB (runtime ${x.projectRuntimeMB} MB)`],
        measured
          ? ['TdZdd', x.tdzddCounted, fmtMs(x.tdzddCpuMs), fmtCount(x.tdzddStates), `${x.tdzddPeakMB} MB`]
          : ['TdZdd (recorded)', `${RECORDED_FILL.counted}`, `${fmtMs(RECORDED_FILL.bothCpuMs)} on ${RECORDED_FILL.bothCounted}`, '-', '-'],
      ]);
      if (measured) {
        console.log(`    cpu ratio ${(x.projectCpuMs / x.tdzddCpuMs).toFixed(2)}× on the ${x.bothCounted} both counted; counts that disagree: ${x.disagree.length}${x.disagree.length ? ' (' + x.disagree.join(', ') + ')' : ''}`);
        // The heaviest puzzles both counted, where the ratio means most.
        const heavy = out.rows.filter((r) => r.project.count != null && r.tdzdd?.count != null && !r.project.error && !r.tdzdd.error)
          .sort((a, b) => b.tdzdd.cpuMs - a.tdzdd.cpuMs).slice(0, 8);
        table(['puzzle', 'count', 'cpu', 'TdZdd cpu', 'ratio', 'states', 'TdZdd states', 'RSS', 'TdZdd RSS'], heavy.map((r) => [
          r.file.split('/').pop(), r.project.count.length > 14 ? r.project.count.slice(0, 12) + '…' : r.project.count, fmtMs(r.project.cpuMs), fmtMs(r.tdzdd.cpuMs),
          `${(r.project.cpuMs / r.tdzdd.cpuMs).toFixed(2)}×`, fmtCount(r.project.states), fmtCount(r.tdzdd.states), `${r.project.peakMB} MB`, `${r.tdzdd.peakMB} MB`,
        ]));
        const onlyTd = out.rows.filter((r) => r.tdzdd?.count != null && !r.tdzdd.error && (r.project.error || r.project.count == null || r.project.cpuMs > 10_000)).map((r) => r.file.split('/').pop());
        const onlyUs = out.rows.filter((r) => r.project.count != null && !r.project.error && r.project.cpuMs <= 10_000 && (!r.tdzdd || r.tdzdd.error || r.tdzdd.count == null)).map((r) => r.file.split('/').pop());
        console.log(`    counted by TdZdd only: ${onlyTd.length ? onlyTd.join(', ') : 'none'}; by the project only: ${onlyUs.length ? onlyUs.join(', ') : 'none'}`);
      } else {
        console.log(`    TdZdd: ${out.why}, so the figures above are issue 17's (${RECORDED_FILL.counted} of ${RECORDED_FILL.of} counted, ${fmtMs(RECORDED_FILL.bothCpuMs)} on the ${RECORDED_FILL.bothCounted} both counted)`);
      }
      console.log('    cpu: the count (deduction, build, reduction) in its own process; TdZdd: user + system of ddnumlin (/usr/bin/time), one OpenMP thread.');
      console.log("    states: the project's built states; TdZdd's, the subset build's nodes when it ends (after its sweeps of dead nodes).");
      console.log("    Targets (issue 17): cpu within 1.5× of TdZdd, peak RSS at most TdZdd's, at least as many counted within 10 s.\n");
      report.parts.fill = out;
    }
  }
}

// ---------- (e) incremental re-check ----------
if (parts.has('incremental')) {
  console.log('(e) incremental re-check after a last-row edit (test/bench/incremental.mjs)');
  const jsonFile = join(cacheDir, `incremental-${process.pid}.json`);
  const r = spawnSync(process.execPath, [join(root, 'test/bench/incremental.mjs'), '--json', jsonFile, ...(quick ? ['--quick'] : [])], { cwd: root, stdio: 'inherit', timeout: 1_800_000 });
  if (r.status === 0 && existsSync(jsonFile)) report.parts.incremental = JSON.parse(readFileSync(jsonFile, 'utf8'));
  else report.parts.incremental = { error: `exit ${r.status ?? r.signal}` };
  console.log('');
}

// ---------- (f) language server latency ----------
if (parts.has('latency')) {
  console.log('(f) keystroke -> diagnostics through the language server (test/bench/lsp-latency.mjs)');
  const jsonFile = join(cacheDir, `latency-${process.pid}.json`);
  const r = spawnSync(process.execPath, [join(root, 'test/bench/lsp-latency.mjs'), '--json', jsonFile, ...(quick ? ['--keys', '5'] : [])], { cwd: root, stdio: 'inherit', timeout: 900_000 });
  if (r.status === 0 && existsSync(jsonFile)) report.parts.latency = JSON.parse(readFileSync(jsonFile, 'utf8'));
  else report.parts.latency = { error: `exit ${r.status ?? r.signal}` };
  console.log('');
}

// ---------- (g) drafts ----------
if (parts.has('drafts')) {
  const countNodes = Number(opt['drafts-count-nodes'] ?? 2_000_000);
  const countMs = Number(opt['drafts-count-ms'] ?? 10_000);
  console.log(`(g) drafts: time to the first verdict (the language server's first phase), then the count within ${countNodes} nodes / ${fmtMs(countMs)}; each size in its own process`);
  const b = await bundle('drafts-runner', { entryPoints: ['test/bench/drafts-runner.ts'] });
  if (b.error) {
    console.log(`    skipped: cannot bundle test/bench/drafts-runner.ts: ${b.error}\n`);
    report.parts.drafts = { skipped: b.error };
  } else {
    const step = quick ? 5 : 1;
    const slkHints = quick ? [0, 15, 60] : [0, 5, 10, 15, 20, 30, 40, 50, 60];
    const nlkPairs = quick ? [0, 3, 10] : [0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30];
    const groups = [];
    for (let n = 10; n <= 30; n += step) {
      const drafts = [];
      for (const mode of ['loop', 'random']) for (const k of slkHints) drafts.push({ kind: 'slitherlink', size: n, k, mode, seed: n * 1000 + k * 7 + (mode === 'loop' ? 1 : 2) });
      groups.push({ genre: 'Slitherlink', size: n, drafts });
    }
    for (const rule of ['nikoli', 'fill', 'notouch']) {
      for (let n = 10; n <= 20; n += step) {
        const drafts = [];
        for (const mode of ['paths', 'random']) for (const k of nlkPairs) drafts.push({ kind: 'numberlink', size: n, k, mode, rule, seed: n * 1000 + k * 13 + (mode === 'paths' ? 1 : 2) });
        groups.push({ genre: `Numberlink (${rule})`, size: n, drafts });
      }
    }
    const out = [];
    for (const genre of ['Slitherlink', 'Numberlink (nikoli)', 'Numberlink (fill)', 'Numberlink (notouch)']) {
      const rows = [];
      for (const g of groups.filter((x) => x.genre === genre)) {
        const jobFile = join(cacheDir, `drafts-${process.pid}.json`);
        writeFileSync(jobFile, JSON.stringify({ drafts: g.drafts, countNodes, countMs }));
        const r = child(b.path, [jobFile], 3_600_000);
        if (r.error) {
          rows.push([`${g.size}×${g.size}`, g.drafts.length, r.error]);
          out.push({ genre, size: g.size, error: r.error });
          continue;
        }
        const res = r.results;
        const v = res.map((x) => x.verdictMs);
        const ref = adjacent(r);
        const verdicts = {};
        for (const x of res) verdicts[x.verdict] = (verdicts[x.verdict] ?? 0) + 1;
        const counted = res.filter((x) => x.countMs != null).map((x) => x.countMs);
        const e = {
          genre, size: g.size, drafts: res.length, verdictMedianMs: median(v), verdictMaxMs: Math.max(...v), verdicts,
          unknown: res.filter((x) => x.verdict === 'unknown').length, exact: res.filter((x) => x.exact).length,
          countMedianMs: median(counted), referenceMs: ref.ms, drift: ref.drift, maxRssKb: r.maxRssKb, results: res,
        };
        out.push(e);
        rows.push([`${g.size}×${g.size}`, e.drafts, fmtMs(e.verdictMedianMs), fmtMs(e.verdictMaxMs), ratio(e.verdictMaxMs, ref.ms),
          ['multiple', 'unique', 'none'].map((k) => verdicts[k] ?? 0).join(' / '), e.unknown, e.exact, fmtMs(e.countMedianMs)]);
      }
      console.log(`    ${genre}`);
      table(['size', 'drafts', 'verdict median', 'max', 'max ratio', 'multiple / unique / none', 'unknown', 'exact counts', 'count median'], rows);
    }
    const all = out.filter((e) => e.results).flatMap((e) => e.results);
    const unknown = all.filter((x) => x.verdict === 'unknown');
    console.log(`    ${all.length} drafts: ${unknown.length} unknown; exact counts ${all.filter((x) => x.exact).length}; slowest verdict ${fmtMs(Math.max(...all.map((x) => x.verdictMs)))}`);
    console.log('    "max ratio": the slowest verdict / the reference workload run in the same process just before and after the size');
    for (const x of unknown.slice(0, 40)) console.log(`    unknown: ${x.kind} ${x.size}×${x.size}, ${x.k} ${x.mode}${x.rule ? ` ${x.rule}` : ''} (seed ${x.seed}): ${x.stopped}`);
    for (const e of out) if (e.drift) console.log(`    note (${e.genre} ${e.size}×${e.size}): ${e.drift}`);
    console.log('');
    report.parts.drafts = { countNodes, countMs, bySize: out };
  }
}

// ---------- (h) insight: the ambiguity map ----------
if (parts.has('insight')) {
  const runs = quick ? 1 : 3;
  console.log(`(h) the ambiguity map on 20x20 puzzles with several solutions: the check with it against the check without it (median of ${runs}, interleaved; target: within 1 s)`);
  const b = await bundle('usage-runner', {
    stdin: {
      contents: `import { benchGrade, benchUsage } from './usage';\nprocess.stdout.write(JSON.stringify({ usage: benchUsage(process.argv[2], Number(process.argv[3])), grade: benchGrade(process.argv[2], Number(process.argv[3])) }));`,
      resolveDir: join(root, 'test/bench'), loader: 'ts', sourcefile: 'usage-runner.ts',
    },
  });
  if (b.error) {
    console.log(`    skipped: cannot bundle test/bench/usage.ts: ${b.error}\n`);
    report.parts.insight = { skipped: b.error };
  } else {
    const out = child(b.path, [root, String(runs)], 1_800_000);
    if (out.error) {
      console.log(`    failed: ${out.error}\n`);
      report.parts.insight = { error: out.error };
    } else {
      const r = out.usage;
      const table = (header, rows) => {
        const w = header.map((h, i) => Math.max(h.length, ...rows.map((x) => String(x[i]).length)));
        console.log('    ' + header.map((h, i) => h.padEnd(w[i])).join('  '));
        for (const x of rows) console.log('    ' + x.map((c, i) => String(c).padEnd(w[i])).join('  '));
      };
      table(['puzzle', 'verdict', 'count', 'check', 'with map', 'map costs', 'edges in map'],
        r.map((c) => [c.name, c.verdict, c.count ?? '-', fmtMs(c.plainMs), fmtMs(c.withMapMs), fmtMs(c.withMapMs - c.plainMs), c.edges ?? `- (${c.note ?? 'no map'})`]));
      const worst = Math.max(...r.filter((c) => c.edges !== null).map((c) => c.withMapMs - c.plainMs));
      console.log(`    slowest map: ${fmtMs(worst)} after the verdict\n`);
      const g = out.grade;
      console.log(`    the difficulty grade on unique puzzles, as the language server asks for it (with the preview's steps; median of ${runs}, interleaved; target: within 1 s):`);
      table(['puzzle', 'verdict', 'grade', 'check', 'with grade', 'grade costs'],
        g.map((c) => [c.name, c.verdict, c.grade ?? `- (${c.note ?? 'none'})`, fmtMs(c.plainMs), fmtMs(c.gradedMs), fmtMs(c.gradedMs - c.plainMs)]));
      const worstGrade = Math.max(...g.map((c) => c.gradedMs - c.plainMs));
      console.log(`    slowest grade: ${fmtMs(worstGrade)} after the verdict\n`);
      report.parts.insight = { runs, cases: r, slowestMapMs: worst, grade: g, slowestGradeMs: worstGrade };
    }
  }
}

const outFile = resolve(opt.out ?? join(root, 'bench-results', 'bench.json'));
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, JSON.stringify(report, (k, v) => (typeof v === 'bigint' ? v.toString() : v), 1));
console.log(`wrote ${outFile}`);
