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
import { countHelper, countSolutions, type CountHelperAnswer, type CountHelperTask } from '../../server/src/numberlink/countRace';
import { edgesToPaths, pathsProblem } from '../../server/src/numberlink/paths';
import { randomCells, rng, walkCells } from './numberlink-random';
import { numberlinkDraftText } from '../bench/drafts';

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

/**
 * A helper thread played on this thread: the job runs when started, its answer is there at once,
 * or after `lag` looks (a wait gets it at once).
 */
class InlineHelper implements HelperThread {
  started = 0;
  stopped = 0;
  answers: unknown[] = [];
  constructor(private readonly answerOf: (job: HelperJob) => unknown = runHelperJob, private readonly lag = 0) {}
  start(job: HelperJob): HelperRun {
    this.started++;
    const answer = this.answerOf(job);
    this.answers.push(answer);
    let looks = 0;
    return { answer: () => (looks++ >= this.lag ? answer : undefined), waitAnswer: () => answer, stop: () => { this.stopped++; } };
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

/** The rules whose count is raced (countRace.ts): all but Nikoli's. */
const COUNTED_RULES = [
  { fill: true, notouch: false },
  { fill: true, notouch: true },
  { fill: false, notouch: true },
];

describe('the count raced on two threads (countRace.ts)', () => {
  it('from the other end of the sweep, gives the breadth-first count under every rule', () => {
    const rand = rng(5151);
    let checked = 0;
    for (let t = 0; t < 300; t++) {
      const inst = randomInstance(rand, t);
      if (inst === null) continue;
      const rule = COUNTED_RULES[t % 3];
      const what = `${JSON.stringify(rule)} ${inst.rows}x${inst.cols} ${Array.from(inst.cells)}`;
      // The independent count: breadth-first, no deduction, no lookahead.
      const count = buildNumberlinkZdd(inst, rule, undefined, { deduce: false, lookahead: false, search: 'breadth' }).zdd.count();
      const task: CountHelperTask = {
        job: 'count', rows: inst.rows, cols: inst.cols, cells: inst.cells, labelCount: inst.labelCount, rule, deadline: Date.now() + 60_000, secondSolution: true,
      };
      const a = countHelper(task);
      expect('counted' in a, what).toBe(true);
      const c = (a as { counted: { count: bigint; first: number[] | null; second: number[] | null } }).counted;
      expect(c.count, what).toBe(count);
      // Its solutions are solutions, two different ones for several.
      if (count > 0n) expect(pathsProblem(inst, rule, edgesToPaths(inst, c.first!)!), what).toBeNull();
      if (count > 1n) {
        expect(pathsProblem(inst, rule, edgesToPaths(inst, c.second!)!), what).toBeNull();
        expect(c.second!.slice().sort((x, y) => x - y), what).not.toEqual(c.first!.slice().sort((x, y) => x - y));
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(250);
  });

  it('judged (hopeless), a count that cannot finish is given up by both sides, each judging its own end', () => {
    // A 14x14 fill draft, 3 random pairs: far more than 200,000 nodes either way.
    const p = parseNumberlink(numberlinkDraftText(14, 14, 3, 'fill', 1403, 'random')).puzzle!;
    const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
    const rule = { fill: true, notouch: false };
    const limits = { maxNodes: 200_000 };
    const stopOf = (helper: InlineHelper, hopeless: boolean): Stopped => {
      try {
        countSolutions(inst, rule, { limits }, { helper, helperAfterMs: 0, hopeless });
      } catch (e) {
        if (e instanceof StopError) return e.stopped;
        throw e;
      }
      throw new Error('counted');
    };
    const judged = new InlineHelper();
    const mine = stopOf(judged, true);
    expect(mine.limit).toBe('nodes');
    expect(mine.message).toMatch(/it would need about \d+ \(node limit 200000\)$/);
    expect(mine.nodes).toBeLessThan(limits.maxNodes);
    // The other end gave up on its own, before the limit too.
    const theirs = judged.answers[0] as { stopped: Stopped };
    expect(theirs.stopped.message).toMatch(/it would need about/);
    expect(theirs.stopped.nodes).toBeLessThan(limits.maxNodes);
    // Not judged, both ends run to the limit.
    const plain = new InlineHelper();
    expect(stopOf(plain, false).nodes).toBeGreaterThanOrEqual(limits.maxNodes);
    expect((plain.answers[0] as { stopped: Stopped }).stopped.nodes).toBeGreaterThanOrEqual(limits.maxNodes);
  });

  it('judged with the kernel first (notouch), both ends give up a count that cannot fit, neither running the depth-first search', () => {
    // A 14x14 notouch draft, 5 pairs: the kernel's levels project far past 1,000,000 nodes on
    // either end, where the depth-first search, which no watch can judge, would run to the limit.
    const p = parseNumberlink(numberlinkDraftText(14, 14, 5, 'notouch', 1405, 'paths')).puzzle!;
    const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
    const helper = new InlineHelper();
    let mine: Stopped | undefined;
    try {
      countSolutions(inst, { fill: false, notouch: true }, { limits: { maxNodes: 1_000_000 } }, {
        helper, helperAfterMs: 0, hopeless: true, compiledFirst: 0.5, depthFirstFrom: 0.75,
      });
    } catch (e) {
      if (!(e instanceof StopError)) throw e;
      mine = e.stopped;
    }
    expect(mine?.message).toMatch(/it would need about \d+ \(node limit 1000000\)$/);
    const theirs = helper.answers[0] as { stopped: Stopped };
    expect(theirs.stopped.message).toMatch(/it would need about \d+ \(node limit 1000000\)$/);
    expect(theirs.stopped.nodes).toBeLessThan(1_000_000);
  });

  it('judged, a count given up here before the second thread is due starts it at once and takes its count', () => {
    const p = parseNumberlink(numberlinkDraftText(14, 14, 3, 'fill', 1403, 'random')).puzzle!;
    const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
    const counted = { count: 7n, first: [0], second: [1] };
    const helper = new InlineHelper(() => ({ counted }));
    const c = countSolutions(inst, { fill: true, notouch: false }, { limits: { maxNodes: 200_000 } }, { helper, helperAfterMs: 3_600_000, hopeless: true });
    expect(helper.started).toBe(1);
    expect(c).toEqual(counted);
  });

  it('judged, every count that finishes within the limits unjudged is exact', () => {
    // Drafts of both counted rules with several solutions, under a small node limit: some fit,
    // some do not (a watch that gave up one that fits would show here).
    let exact = 0, givenUp = 0, judgedEarly = 0;
    for (let t = 0; t < 30; t++) {
      const size = 10 + (t % 5), pairs = 2 + (t % 4);
      const rule = t % 2 === 0 ? { fill: true, notouch: false } : { fill: true, notouch: true };
      const p = parseNumberlink(numberlinkDraftText(size, size, pairs, 'fill', 7000 + t, t % 3 === 0 ? 'random' : 'paths')).puzzle!;
      const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
      const run = (hopeless: boolean): bigint | Stopped => {
        try {
          return countSolutions(inst, rule, { limits: { maxNodes: 300_000 } }, { helper: new InlineHelper(), helperAfterMs: 0, hopeless }).count;
        } catch (e) {
          if (e instanceof StopError) return e.stopped;
          throw e;
        }
      };
      const plain = run(false), judged = run(true);
      if (typeof plain === 'bigint') {
        expect(judged, `${size}x${size} ${pairs} pairs ${JSON.stringify(rule)}`).toBe(plain);
        exact++;
      } else {
        givenUp++;
        if (typeof judged !== 'bigint' && /would need about/.test(judged.message)) judgedEarly++;
      }
    }
    expect(exact).toBeGreaterThanOrEqual(6);
    expect(givenUp).toBeGreaterThanOrEqual(4);
    // The watch did give up some of those before the limit.
    expect(judgedEarly).toBeGreaterThanOrEqual(2);
  });

  it('takes the count of either side, stopping the other', () => {
    const rand = rng(77);
    let helperWon = 0, ownWon = 0;
    for (let t = 0; t < 120; t++) {
      // The inline helper's answer is there at the second poll of the other thread, so small
      // instances (few polls) end here first, larger and emptier ones there.
      const rows = 5 + Math.floor(rand() * 4), cols = 5 + Math.floor(rand() * 4);
      const pairs = 1 + Math.floor(rand() * 3);
      const inst = t % 2 === 0 ? randomInstance(rand, t) : makeInstance(rows, cols, randomCells(rows, cols, pairs, rand), pairs);
      if (inst === null) continue;
      const rule = COUNTED_RULES[t % 3];
      const what = `${JSON.stringify(rule)} ${inst.rows}x${inst.cols} ${Array.from(inst.cells)}`;
      const alone = countSolutions(inst, rule, undefined);
      // The other thread's answer comes after 0 to 40 of this side's polls.
      const helper = new InlineHelper(runHelperJob, Math.floor(rand() * 40));
      const raced = countSolutions(inst, rule, undefined, { helper, helperAfterMs: 0 });
      expect(raced.count, what).toBe(alone.count);
      expect(helper.stopped, what).toBe(helper.started);
      // The diagram is here only when this side counted.
      if (raced.solutions === undefined) helperWon++; else ownWon++;
    }
    expect(helperWon).toBeGreaterThan(10);
    expect(ownWon).toBeGreaterThan(10);
  });

  it('a count of several from the other thread does not end the race when the diagram is wanted', () => {
    const inst = makeInstance(3, 3, Int32Array.from([0, -1, -1, -1, -1, -1, -1, -1, 0]), 1);
    const rule = { fill: false, notouch: true };
    const theirs: CountHelperAnswer = { counted: { count: 2n, first: null, second: null } };
    // Without the diagram wanted, theirs ends it (the count here would find 2 as well).
    expect(countSolutions(inst, rule, undefined, { helper: new InlineHelper(() => theirs), helperAfterMs: 0 }).solutions).toBeUndefined();
    const mapped = countSolutions(inst, rule, undefined, { helper: new InlineHelper(() => theirs), helperAfterMs: 0, wantsDiagram: true });
    expect(mapped.solutions).toBeDefined();
    expect(mapped.count).toBe(mapped.solutions!.zdd.count());
    // This side stopping, theirs is taken anyway.
    const stopped = countSolutions(inst, rule, { limits: { maxNodes: 1 } }, { helper: new InlineHelper(() => theirs), helperAfterMs: 0, wantsDiagram: true });
    expect(stopped.count).toBe(2n);
  });

  it('a stop before the second thread is due starts none and is reported as alone', () => {
    const inst = makeInstance(6, 6, Int32Array.from({ length: 36 }, (_, i) => (i === 0 || i === 35 ? 0 : -1)), 1);
    const helper = new InlineHelper();
    expect(() => countSolutions(inst, { fill: false, notouch: true }, { limits: { maxNodes: 5 } }, { helper, helperAfterMs: 60_000 })).toThrow(/node limit 5/);
    expect(helper.started).toBe(0);
  });

  it('reports this side\'s stop when both stop, and a cancellation as the caller\'s', () => {
    const inst = makeInstance(6, 6, Int32Array.from({ length: 36 }, (_, i) => (i === 0 || i === 35 ? 0 : -1)), 1);
    const rule = { fill: false, notouch: true };
    const theirStop: Stopped = { limit: 'time', message: 'their stop', nodes: 0, progress: 0 };
    let err: unknown;
    try {
      countSolutions(inst, rule, { limits: { maxNodes: 5 } }, { helper: new InlineHelper(() => ({ stopped: theirStop })), helperAfterMs: 0 });
    } catch (e) { err = e; }
    expect(err).toBeInstanceOf(StopError);
    expect((err as StopError).stopped.limit).toBe('nodes');
    let polls = 0;
    const helper = new InlineHelper(() => ({ stopped: theirStop }));
    expect(() => countSolutions(inst, rule, { isCancelled: () => ++polls > 2 }, { helper, helperAfterMs: 0 })).toThrow(/cancelled/);
    expect(helper.stopped).toBe(helper.started);
  });
});

describe('a real worker thread (dist/worker.js)', () => {
  const load = (name: string) => parseNumberlink(readFileSync(join(root, 'test', 'fixtures', 'numberlink', 'arukone', name), 'utf8')).puzzle!;
  const thread = helperThread(join(root, 'dist', 'worker.js'));

  it('is there (npm test builds it first)', () => {
    expect(thread).toBeDefined();
  });

  it('answers a job it does not know with a failure at once, not silence until the deadline', () => {
    const there = thread!.start({ genre: 'numberlink', task: { job: 'nope' } }).waitAnswer(30_000) as { error?: string } | undefined;
    expect(there?.error).toMatch(/no second-thread job 'nope'/);
  });

  it('answers a job as the same job run here does', () => {
    const p = load('128_15x15.nlk');
    const task: NikoliHelperTask = {
      job: 'nikoli', rows: p.rows, cols: p.cols, cells: p.cells, labelCount: p.labels.length,
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

  it('answers a count job as the same job run here does', () => {
    const text = readFileSync(join(root, 'test', 'fixtures', 'numberlink', 'ahle40x20', '001_40x20.nlk'), 'utf8');
    const p = parseNumberlink(text).puzzle!;
    const task: CountHelperTask = {
      job: 'count', rows: p.rows, cols: p.cols, cells: p.cells, labelCount: p.labels.length, rule: { fill: true, notouch: true },
      deadline: Date.now() + 60_000, secondSolution: true,
    };
    const here = countHelper(task);
    expect(here).toHaveProperty('counted');
    expect(thread!.start({ genre: 'numberlink', task }).waitAnswer(60_000)).toEqual(here);
  });

  it('answers an unknown genre with an error, not a crash', () => {
    const answer = thread!.start({ genre: 'nope', task: null }).waitAnswer(30_000);
    expect(answer).toEqual({ error: "no helper job for the genre 'nope'" });
  });
});
