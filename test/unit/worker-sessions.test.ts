import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SlitherlinkSession } from '../../server/src/slitherlink/incremental';
import { hintsOfEdges, loopEdgesOf } from '../../server/src/model/loop';
import { seededRandom } from '../../server/src/util/random';
import { randomInsideSeeded } from '../../server/src/slitherlink/design/randomLoop';
import { Grid } from '../../server/src/model/grid';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { WorkerPool } from '../../server/src/worker/pool';
import type { Analysis, Job } from '../../server/src/worker/protocol';

const workerPath = join(__dirname, '../../dist/worker.js');
const n = 10;

function text(hints: Int8Array): string {
  const rows: string[] = [];
  for (let r = 0; r < n; r++) rows.push(Array.from(hints.slice(r * n, r * n + n), (h) => (h < 0 ? '.' : String(h))).join(' '));
  return rows.join('\n') + '\n';
}

/** An ambiguous 10x10 and a last-row edit after which a session resumes (found in-process). */
function scenario(): { before: string; after: string } {
  const grid = new Grid(n, n);
  for (let seed = 1; seed < 40; seed++) {
    const truth = hintsOfEdges(grid, loopEdgesOf(grid, randomInsideSeeded(n, n, seed)));
    const hints = Int8Array.from(truth);
    const rand = seededRandom(seed);
    for (let i = 0; i < hints.length; i++) if (rand() > 0.35) hints[i] = -1;
    for (let c = n - 1; c >= 0; c--) {
      const edited = Int8Array.from(hints);
      const cell = (n - 1) * n + c;
      edited[cell] = edited[cell] >= 0 ? -1 : truth[cell];
      const s = new SlitherlinkSession();
      const p = (h: Int8Array) => parseSlitherlink(text(h)).puzzle!;
      if (s.check(p(hints), { redundant: false }).verdict !== 'multiple') break;
      s.check(p(edited), { redundant: false });
      if (s.stats!.mode === 'resumed') return { before: text(hints), after: text(edited) };
    }
  }
  throw new Error('no scenario found');
}

const options = { limits: { timeMs: 20_000, maxNodes: 5_000_000 }, redundant: false, conflicts: false, suggest: false };
const job = (t: string, uri: string): Job => ({ type: 'check', text: t, kind: 'slitherlink', options, uri });

async function analysis(pool: WorkerPool, j: Job): Promise<Analysis> {
  const out = await pool.run(j).promise;
  if (out.status !== 'done' || out.answer.type !== 'check') throw new Error(`job ended ${out.status}`);
  return out.answer.analysis;
}

const pools: WorkerPool[] = [];
afterAll(() => pools.forEach((p) => p.dispose()));

describe('incremental sessions in the worker pool', () => {
  const { before, after } = scenario();
  for (const mode of ['worker threads', 'in-process'] as const) {
    it.skipIf(mode === 'worker threads' && !existsSync(workerPath))(`keeps one session per document (${mode})`, async () => {
      const pool = new WorkerPool({ workerPath: mode === 'in-process' ? undefined : workerPath, size: 2 });
      pools.push(pool);
      const a = `file:///a-${mode}.slk`, b = `file:///b-${mode}.slk`;
      expect((await analysis(pool, job(before, a))).incremental?.mode).toBe('cold');
      // Another document in between, checked at the same time: it gets its own session.
      const [other, edited] = await Promise.all([analysis(pool, job(after, b)), analysis(pool, job(after, a))]);
      expect(other.incremental?.mode).toBe('cold');
      expect(edited.incremental?.mode).toBe('resumed');
      expect(edited.incremental!.reusedLevels).toBeGreaterThan(0);
      expect(edited.result.count).toBe(other.result.count);
      // The same text again: nothing to rebuild.
      expect((await analysis(pool, job(after, a))).incremental?.mode).toBe('same');
      // Closed: the session is gone.
      pool.forget(a);
      expect((await analysis(pool, job(before, a))).incremental?.mode).toBe('cold');
      // Jobs without a document are plain checks.
      const plain = await analysis(pool, { type: 'check', text: before, kind: 'slitherlink', options });
      expect(plain.incremental).toBeUndefined();
    });
  }
});
