/**
 * The scheduler's last phase runs the pass of "Remove all redundant hints" for the current text;
 * the fix-all (Scheduler.minimize) then reuses it instead of running the pass again, also when it
 * asks while the pass is still running.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/genres/check';
import { Scheduler, snapshotKey, type Snapshot } from '../../server/src/lsp/scheduler';
import { WorkerPool } from '../../server/src/worker/pool';
import type { Analysis, Job, JobOptions } from '../../server/src/worker/protocol';

const text = readFileSync(join(__dirname, '..', 'fixtures', 'slitherlink', '515_10x10.slk'), 'utf8');
const options: JobOptions = { limits: { timeMs: 60_000, maxNodes: 20_000_000 }, redundant: true, conflicts: true, suggest: true };
const snapshot: Snapshot = { uri: 'file:///t.slk', version: 1, kind: 'slitherlink', text, options, key: snapshotKey('slitherlink', options, text) };

/** An in-process pool that records the jobs it is given. */
function recordingPool(): { pool: WorkerPool; jobs: Job['type'][] } {
  const pool = new WorkerPool({ size: 1 });
  const jobs: Job['type'][] = [];
  const run = pool.run.bind(pool);
  pool.run = (job, ...rest) => {
    jobs.push(job.type);
    return run(job, ...rest);
  };
  return { pool, jobs };
}

function scheduler(pool: WorkerPool, onResult: (a: Analysis) => void): Scheduler {
  return new Scheduler(pool, {
    onStart: () => undefined,
    onProgress: () => undefined,
    onResult: (_s, a) => onResult(a),
    onError: (_s, m) => { throw new Error(m); },
    onCancelled: () => undefined,
  });
}

describe('Scheduler: redundant hints together', () => {
  const expected = checkText(text, 'slitherlink');

  it('publishes the redundant hints, then the together set; the fix-all reuses it without another job', async () => {
    const { pool, jobs } = recordingPool();
    const results: Analysis[] = [];
    let resolveFinal!: () => void;
    const final = new Promise<void>((r) => (resolveFinal = r));
    const s = scheduler(pool, (a) => {
      results.push(a);
      if (!a.partial) resolveFinal();
    });
    s.update(snapshot, 0);
    await final;
    expect(jobs).toEqual(['check', 'check', 'minimize']);
    expect(results.map((a) => [!!a.partial, a.result.redundant?.length, a.result.redundantTogether?.length])).toEqual([
      [true, undefined, undefined], // the verdict
      [true, 18, undefined], // the redundant hints; the together set pending
      [false, 18, 10],
    ]);
    expect(results[2]!.result.redundantTogether).toEqual(expected.redundantTogether);
    const m = await s.minimize(snapshot, expected.redundant, () => undefined);
    expect(m?.removed).toEqual(expected.redundantTogether);
    expect(m?.minimal).toBe(true);
    expect(jobs).toEqual(['check', 'check', 'minimize']);
    s.dispose();
  });

  it('a fix-all asked while the pass runs waits for it rather than run it twice', async () => {
    const { pool, jobs } = recordingPool();
    let asked: Promise<unknown> | undefined;
    let resolveFinal!: () => void;
    const final = new Promise<void>((r) => (resolveFinal = r));
    const s = scheduler(pool, (a) => {
      if (a.partial && a.result.redundant && !asked) asked = s.minimize(snapshot, a.result.redundant, () => undefined);
      if (!a.partial) resolveFinal();
    });
    s.update(snapshot, 0);
    await final;
    const m = (await asked) as { removed: unknown };
    expect(m.removed).toEqual(expected.redundantTogether);
    expect(jobs.filter((j) => j === 'minimize')).toHaveLength(1);
    s.dispose();
  });
});
