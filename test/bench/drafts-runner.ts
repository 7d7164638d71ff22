// Child-process side of the bench's `drafts` part (bundled by test/bench/run.mjs).
// argv: JOB_JSON_FILE. Job: { drafts: Draft[], countNodes, countMs }.
// Each draft is checked as the language server does: first the verdict alone (witnesses; a
// `multiple` they prove is not counted yet), timed; then, when the count is pending, the count
// within `countNodes` / `countMs`. Prints one JSON object: per-draft results, this process's peak
// RSS, and the reference workload timed just before and after (test/bench/reference.mjs).
import { readFileSync } from 'node:fs';
import { checkText } from '../../server/src/genres/check';
import { numberlinkDraftText, slitherlinkDraftText, type NumberlinkDraftMode, type SlitherlinkDraftMode } from './drafts';
import { measureReference } from './reference.mjs';

export interface Draft {
  kind: 'slitherlink' | 'numberlink';
  size: number;
  /** Hints (Slitherlink) or pairs (Numberlink). */
  k: number;
  mode: SlitherlinkDraftMode | NumberlinkDraftMode;
  /** Numberlink: the rule line. */
  rule?: string;
  seed: number;
}

interface Job {
  drafts: Draft[];
  countNodes: number;
  countMs: number;
}

export function draftText(d: Draft): string {
  return d.kind === 'slitherlink'
    ? slitherlinkDraftText(d.size, d.size, d.k, d.mode as SlitherlinkDraftMode, d.seed)
    : numberlinkDraftText(d.size, d.size, d.k, d.rule ?? 'nikoli', d.seed, d.mode as NumberlinkDraftMode);
}

const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Job;
const before = measureReference(5);
const cpuStart = process.cpuUsage();
const results: unknown[] = [];
for (const d of job.drafts) {
  const text = draftText(d);
  const limits = { maxNodes: job.countNodes, timeMs: job.countMs };
  const t0 = performance.now();
  const v = checkText(text, d.kind, { witnesses: true, countAfterWitnesses: false, redundant: false, control: { limits } });
  const verdictMs = performance.now() - t0;
  const entry: Record<string, unknown> = {
    ...d, verdict: v.verdict, verdictMs, count: v.count, countAtLeast: v.countAtLeast ?? null, stopped: v.stopped?.message ?? null,
    // The count ran in the verdict phase (a puzzle near completion is counted first).
    exact: v.count !== null,
  };
  if (v.countPending) {
    const t1 = performance.now();
    const c = checkText(text, d.kind, { witnesses: true, redundant: false, control: { limits } });
    entry.countMs = performance.now() - t1;
    entry.count = c.count;
    entry.exact = c.count !== null;
    entry.stopped = c.stopped?.message ?? null;
    entry.countVerdict = c.verdict;
  }
  results.push(entry);
}
const cpu = process.cpuUsage(cpuStart);
const after = measureReference(5);
process.stdout.write(JSON.stringify({
  results, cpuMs: (cpu.user + cpu.system) / 1000, maxRssKb: process.resourceUsage().maxRSS, reference: { before, after },
}));
