// Child-process side of `npm run bench` for corpus puzzles (bundled by test/bench/run.mjs).
// argv: JOB_JSON_FILE. Job: { files: string[], rule?: string, redundant: boolean, timeMs?, maxNodes?, parseOnly? }.
// Prints one JSON object: per-file timings plus this process's peak RSS, and the reference workload
// timed just before and after the files (test/bench/reference.mjs), for ratios next in time.
import { readFileSync } from 'node:fs';
import { checkText } from '../../server/src/genres/check';
import { kindFromPath, parsePuzzle } from '../../server/src/genres/index';
import { measureReference } from './reference.mjs';
import { helperThread } from '../../server/src/worker/helperThread';

interface Job {
  files: string[];
  rule?: string;
  redundant: boolean;
  /** Redundant hints only on puzzles with at most this many cells (quick runs). */
  redundantMaxCells?: number;
  timeMs?: number;
  maxNodes?: number;
  parseOnly?: boolean;
  /** dist/worker.js: checks get a second thread, as the command line's do. */
  helperWorker?: string;
  /** The verdict first, by witnesses, as the command line decides (Ahle's 50x50 under plain fill). */
  witnesses?: boolean;
}

/** The collection's rule words (the genre reads them; none: the file's own). */
function rule(text: string | undefined): string | undefined {
  return text || undefined;
}

const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Job;
const out: unknown[] = [];
const texts = job.files.map((f) => readFileSync(f, 'utf8'));
if (job.parseOnly) {
  const t0 = performance.now();
  let cells = 0;
  texts.forEach((t, i) => {
    const p = parsePuzzle(t, kindFromPath(job.files[i]) ?? 'slitherlink').puzzle;
    cells += p ? p.rows * p.cols : 0;
  });
  process.stdout.write(JSON.stringify({ ms: performance.now() - t0, cells, maxRssKb: process.resourceUsage().maxRSS }));
} else {
  const helper = job.helperWorker ? helperThread(job.helperWorker) : undefined;
  if (job.helperWorker && helper === undefined) throw new Error(`no helper thread: ${job.helperWorker} is missing`);
  const before = measureReference(5);
  const cpuStart = process.cpuUsage();
  const limits: { timeMs?: number; maxNodes?: number } = {};
  if (job.timeMs) limits.timeMs = job.timeMs;
  if (job.maxNodes) limits.maxNodes = job.maxNodes;
  texts.forEach((text, i) => {
    const file = job.files[i];
    const kind = kindFromPath(file) ?? 'slitherlink';
    const base = { control: { limits }, rule: rule(job.rule), secondSolution: false, helper, witnesses: job.witnesses === true };
    const t0 = performance.now();
    const r = checkText(text, kind, { ...base, redundant: false });
    const ms = performance.now() - t0;
    const entry: Record<string, unknown> = {
      file, rows: r.rows, cols: r.cols, verdict: r.verdict, count: r.count, ms, rule: r.rule,
      stopped: r.stopped?.message,
    };
    if (job.redundant && kind === 'slitherlink' && r.verdict === 'unique' && r.rows * r.cols <= (job.redundantMaxCells ?? Infinity)) {
      const t1 = performance.now();
      // The redundant hints alone (issue 17's figure), not which of them can go together.
      const r2 = checkText(text, kind, { ...base, redundant: true, redundantTogether: false });
      entry.msRedundant = performance.now() - t1;
      entry.redundant = r2.redundant?.length ?? null;
      entry.redundantStopped = r2.redundantStopped?.message;
    }
    out.push(entry);
  });
  const cpu = process.cpuUsage(cpuStart);
  const after = measureReference(5);
  process.stdout.write(JSON.stringify({
    results: out, cpuMs: (cpu.user + cpu.system) / 1000,
    maxRssKb: process.resourceUsage().maxRSS, reference: { before, after },
  }));
}
