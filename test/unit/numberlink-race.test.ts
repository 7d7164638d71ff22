/**
 * The Nikoli verdict raced on two threads (nikoliVerdict.ts raceNikoli, worker/helperThread.ts):
 * the other end of the sweep gives the same verdicts (against the plain Nikoli count), the race
 * takes whichever verdict comes first, reports a stop only when both sides stopped, and a real
 * worker thread answers as the same job run here does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HelperJob, HelperRun, HelperThread } from '../../server/src/analysis/helper';
import { makeInstance, type NumberlinkInstance } from '../../server/src/numberlink/instance';
import { decideFromCanonical, decideNikoli, nikoliHelper, type NikoliHelperAnswer, type NikoliHelperTask } from '../../server/src/numberlink/nikoliVerdict';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';
import { StopError, type Stopped } from '../../server/src/zdd/control';
import { helperThread } from '../../server/src/worker/helperThread';
import { runHelperJob } from '../../server/src/worker/helperJobs';
import { randomCells, rng, walkCells } from './numberlink-random';

const NIKOLI = { fill: false, notouch: false };
const root = join(__dirname, '..', '..');

function verdictOf(count: bigint): string {
  return count === 0n ? 'none' : count === 1n ? 'unique' : 'multiple';
}

function randomInstance(rand: () => number, t: number): NumberlinkInstance | null {
  const rows = 2 + Math.floor(rand() * 5), cols = 2 + Math.floor(rand() * 5);
  const { cells, pairs } = t % 2 === 0
    ? (() => { const pairs = 1 + Math.floor(rand() * Math.min(5, Math.floor((rows * cols) / 2))); return { cells: randomCells(rows, cols, pairs, rand), pairs }; })()
    : walkCells(rows, cols, rand, 2 + Math.floor(rand() * 12));
  return pairs === 0 ? null : makeInstance(rows, cols, cells, pairs);
}

/** A helper thread played on this thread: the job runs when started, its answer is there at once. */
class InlineHelper implements HelperThread {
  started = 0;
  stopped = 0;
  answers: unknown[] = [];
  constructor(private readonly answerOf: (job: HelperJob) => unknown = runHelperJob) {}
  start(job: HelperJob): HelperRun {
    this.started++;
    const answer = this.answerOf(job);
    this.answers.push(answer);
    return { answer: () => answer, waitAnswer: () => answer, stop: () => { this.stopped++; } };
  }
}

describe('the canonical route from the other end of the sweep', () => {
  it('agrees with the plain Nikoli count on random instances', () => {
    const rand = rng(4242);
    let checked = 0;
    for (let t = 0; t < 300; t++) {
      const inst = randomInstance(rand, t);
      if (inst === null) continue;
      const what = `${inst.rows}x${inst.cols} ${Array.from(inst.cells)}`;
      const count = buildNumberlinkZdd(inst, NIKOLI, undefined, { deduce: false, lookahead: false, search: 'breadth' }).zdd.count();
      const v = decideFromCanonical(inst, undefined, { oppositeSweep: true });
      expect(v.verdict, what).toBe(verdictOf(count));
      if (v.count !== null) expect(v.count, what).toBe(count);
      checked++;
    }
    expect(checked).toBeGreaterThan(250);
  });
});

describe('the race with a second thread', () => {
  it('gives the verdict of either side, stopping the other', () => {
    const rand = rng(99);
    let helperWon = 0, ownWon = 0;
    for (let t = 0; t < 200; t++) {
      const inst = randomInstance(rand, t);
      if (inst === null) continue;
      const what = `${inst.rows}x${inst.cols} ${Array.from(inst.cells)}`;
      const helper = new InlineHelper();
      const alone = decideNikoli(inst);
      const raced = decideNikoli(inst, undefined, { helper, helperAfterMs: 0 });
      expect(raced.verdict, what).toBe(alone.verdict);
      expect(raced.count === null || alone.count === null || raced.count === alone.count, what).toBe(true);
      expect(helper.stopped, what).toBe(helper.started);
      const theirs = helper.answers[0] as NikoliHelperAnswer | undefined;
      if (theirs !== undefined && 'verdict' in theirs && theirs.verdict === raced) helperWon++;
      else ownWon++;
    }
    // Small grids: the inline helper's answer is there at the second poll, before most builds end.
    expect(helperWon).toBeGreaterThan(20);
    expect(ownWon).toBeGreaterThan(20);
  });

  it('a `multiple` without its count does not stop a count that finishes here', () => {
    // A's cells are neighbours in an empty 4x4: several Nikoli solutions, counted here in time.
    const cells = new Int32Array(16).fill(-1);
    cells[0] = 0; cells[1] = 0;
    const inst = makeInstance(4, 4, cells, 1);
    const alone = decideNikoli(inst);
    expect(alone.verdict).toBe('multiple');
    expect(alone.count).toBeGreaterThan(2n);
    const partial = { verdict: { ...alone, count: null, solutions: undefined } };
    const helper = new InlineHelper(() => partial);
    const raced = decideNikoli(inst, undefined, { helper, helperAfterMs: 0 });
    expect(helper.started).toBe(1);
    expect(raced.count).toBe(alone.count);
    // When this side stops too, the thread's `multiple` is the verdict.
    const stopped = decideNikoli(inst, { limits: { maxNodes: 3 } }, { helper: new InlineHelper(() => partial), helperAfterMs: 0 });
    expect(stopped.verdict).toBe('multiple');
    expect(stopped.count).toBeNull();
  });

  it('with its diagram wanted (the ambiguity map), a `multiple` from the other thread does not end the race', () => {
    const cells = new Int32Array(16).fill(-1);
    cells[0] = 0; cells[1] = 0;
    const inst = makeInstance(4, 4, cells, 1);
    const alone = decideNikoli(inst);
    const theirs = { verdict: { ...alone, solutions: undefined } };
    // Not wanted: their complete `multiple` wins (no diagram here).
    const quick = decideNikoli(inst, undefined, { helper: new InlineHelper(() => theirs), helperAfterMs: 0 });
    expect(quick).toBe(theirs.verdict);
    // Wanted: this side's count finishes with its diagram.
    const mapped = decideNikoli(inst, undefined, { helper: new InlineHelper(() => theirs), helperAfterMs: 0, wantsDiagram: true });
    expect(mapped.count).toBe(alone.count);
    expect(mapped.solutions?.zdd.count()).toBe(alone.count);
    // A `unique` still ends it.
    const one = makeInstance(1, 3, Int32Array.from([0, -1, 0]), 1);
    const theirOne = { verdict: decideNikoli(one) };
    expect(decideNikoli(one, undefined, { helper: new InlineHelper(() => theirOne), helperAfterMs: 0, wantsDiagram: true }).verdict).toBe('unique');
  });

  it('starts the second thread only after helperAfterMs', () => {
    const inst = makeInstance(3, 3, Int32Array.from([0, -1, 1, -1, -1, -1, 1, -1, 0]), 2);
    const helper = new InlineHelper();
    decideNikoli(inst, undefined, { helper, helperAfterMs: 60_000 });
    expect(helper.started).toBe(0);
  });

  it('when both sides stop, reports the second thread\'s stop', () => {
    // An empty 7x7, A in the top corners, B in the bottom ones: the canonical route needs more
    // than 50 states (and polls the control some 30 times before it stops).
    const cells = new Int32Array(49).fill(-1);
    cells[0] = 0; cells[6] = 0; cells[42] = 1; cells[48] = 1;
    const inst = makeInstance(7, 7, cells, 2);
    const theirStop: Stopped = { limit: 'nodes', message: 'undecided: the second thread stopped', nodes: 50, progress: 0.1 };
    const helper = new InlineHelper(() => ({ stopped: theirStop }));
    let thrown: unknown;
    try {
      decideNikoli(inst, { limits: { maxNodes: 50 } }, { helper, helperAfterMs: 0 });
    } catch (e) {
      thrown = e;
    }
    expect(helper.started).toBe(1);
    expect(thrown).toBeInstanceOf(StopError);
    expect((thrown as StopError).stopped).toEqual(theirStop);
    expect(helper.stopped).toBe(1);
  });

  it('a cancellation is the caller\'s, whatever the second thread says', () => {
    const cells = new Int32Array(49).fill(-1);
    cells[0] = 0; cells[6] = 0; cells[42] = 1; cells[48] = 1;
    const inst = makeInstance(7, 7, cells, 2);
    let polls = 0;
    const helper = new InlineHelper(() => ({ stopped: { limit: 'time', message: 'late', nodes: 0, progress: 0 } }));
    expect(() => decideNikoli(inst, { isCancelled: () => ++polls > 2 }, { helper, helperAfterMs: 0 })).toThrow(/cancelled/);
    expect(helper.stopped).toBe(helper.started);
  });
});

describe('a real worker thread (dist/worker.js)', () => {
  const load = (name: string) => parseNumberlink(readFileSync(join(root, 'test', 'fixtures', 'numberlink', 'arukone', name), 'utf8')).puzzle!;
  const thread = helperThread(join(root, 'dist', 'worker.js'));

  it('is there (npm test builds it first)', () => {
    expect(thread).toBeDefined();
  });

  it('answers a job as the same job run here does', () => {
    const p = load('128_15x15.nlk');
    const task: NikoliHelperTask = {
      rows: p.rows, cols: p.cols, cells: p.cells, labelCount: p.labels.length,
      deadline: Date.now() + 60_000, secondSolution: true,
    };
    const here = nikoliHelper(task);
    const there = thread!.start({ genre: 'numberlink', task }).waitAnswer(60_000);
    expect(here).toHaveProperty('verdict');
    expect(there).toEqual(here);
  });

  it('races a 15x15 Arukone to its one solution', () => {
    // 350_15x15: the other end of the sweep needs 0.70 M states, the chosen end 2.27 M.
    const p = load('350_15x15.nlk');
    const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
    const v = decideNikoli(inst, { limits: { timeMs: 60_000 } }, { helper: thread, helperAfterMs: 0 });
    expect(v.verdict).toBe('unique');
    // Either side may win on a busy machine; the one solution is the same (its edges in any order).
    const sorted = (edges: number[] | null) => edges!.slice().sort((a, b) => a - b);
    expect(sorted(v.first)).toEqual(sorted(decideFromCanonical(inst).first));
  });

  it('answers an unknown genre with an error, not a crash', () => {
    const answer = thread!.start({ genre: 'nope', task: null }).waitAnswer(30_000);
    expect(answer).toEqual({ error: "no helper job for the genre 'nope'" });
  });
});
