// analysis/witnesses.ts `decide`: which of the witnesses and the count runs, under which limits,
// and what a stop means. Fake steps record their calls, so every path of the control flow is
// checked: only a finished count or the witnesses' own proof may say none/unique; a stop by the
// caller's limits is never mistaken for the small first budget.
import { describe, expect, it } from 'vitest';
import { decide, type Outcome, type Timed } from '../../server/src/analysis/witnesses';
import { StopError, withDeadline, type StopLimit } from '../../server/src/zdd/control';

const stop = (limit: StopLimit, message = `undecided: ${limit}`) => new StopError({ limit, message, nodes: 0, progress: 0 });

const multipleW: Outcome = { verdict: 'multiple', count: null, countAtLeast: '2', solution: { edges: [] }, secondSolution: { edges: [] } };
const uniqueW: Outcome = { verdict: 'unique', count: '1', solution: { edges: [] } };

/** A count that stops at `needs` nodes when the run's node limit is below it, else says `answer`. */
function fakeCount(needs: number, answer: Outcome, calls: number[]) {
  return (run: Timed): Outcome => {
    const max = run.limits?.maxNodes ?? Infinity;
    calls.push(max);
    if (needs > max) throw stop('nodes', `undecided: stopped after ${max + 1} nodes`);
    return answer;
  };
}

/** A genre whose finished puzzles look like drafts (Numberlink): a tiny count before the witnesses. */
const QUICK = { finishedLooksLikeDraft: true };

function control(maxNodes: number): Timed {
  return withDeadline({ limits: { maxNodes, timeMs: 60_000 } });
}

describe('decide: witnesses and the count', () => {
  const counted: Outcome = { verdict: 'multiple', count: '12345', solution: { edges: [] } };

  it('near completion: a count that fits the small first budget is the answer, without witnesses', () => {
    const calls: number[] = [];
    let witnessed = 0;
    const out = decide({ witnesses: true }, false, control(5_000_000), () => (witnessed++, null), fakeCount(10, counted, calls));
    expect(out).toEqual(counted);
    expect(calls).toEqual([100_000]);
    expect(witnessed).toBe(0);
  });

  it('near completion: stopped by the small budget and undecided by the witnesses, the count runs again within the caller\'s limits', () => {
    const calls: number[] = [];
    const out = decide({ witnesses: true }, false, control(5_000_000), () => null, fakeCount(1_000_000, counted, calls));
    expect(out).toEqual(counted);
    expect(calls).toEqual([100_000, 5_000_000]);
  });

  it('near completion: stopped by the caller\'s own node limit, undecided witnesses leave it unknown (the stop names that limit)', () => {
    const calls: number[] = [];
    let caught: unknown;
    try {
      decide({ witnesses: true }, false, control(50_000), () => null, fakeCount(1_000_000, counted, calls));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StopError);
    expect((caught as StopError).stopped.message).toContain('50001 nodes');
    expect(calls).toEqual([50_000]); // no second count: the caller's limit is the same
  });

  it('near completion: witnesses stopped by the caller\'s deadline after the small budget give unknown, not a verdict', () => {
    const calls: number[] = [];
    expect(() => decide({ witnesses: true }, false, control(5_000_000), () => { throw stop('time'); }, fakeCount(1_000_000, counted, calls)))
      .toThrow(StopError);
    expect(calls).toEqual([100_000]);
  });

  it('near completion: the witnesses\' proof of unique is the answer when the count does not fit', () => {
    const out = decide({ witnesses: true }, false, control(5_000_000), () => uniqueW, fakeCount(1_000_000, counted, []));
    expect(out).toEqual(uniqueW);
  });

  it('near completion: two solutions after the small budget, then the count within the limits; stopped there, multiple says why the count is missing', () => {
    const calls: number[] = [];
    const out = decide({ witnesses: true }, false, control(500_000), () => multipleW, fakeCount(1_000_000, counted, calls));
    expect(calls).toEqual([100_000, 500_000]);
    expect(out.verdict).toBe('multiple');
    expect(out.count).toBeNull();
    expect(out.countAtLeast).toBe('2');
    expect(out.stopped?.message).toContain('500001 nodes');
  });

  it('a draft where finished puzzles do not look like drafts (Slitherlink): witnesses first, no count before them', () => {
    const calls: number[] = [];
    const out = decide({ witnesses: true, countAfterWitnesses: false }, true, control(5_000_000), () => multipleW, fakeCount(10, counted, calls));
    expect(out).toEqual({ ...multipleW, countPending: true });
    expect(calls).toEqual([]);
  });

  it('a draft where finished puzzles look like drafts (Numberlink): a count that fits the tiny first budget is the answer, without witnesses', () => {
    const calls: number[] = [];
    let witnessed = 0;
    const out = decide({ witnesses: true }, true, control(5_000_000), () => (witnessed++, multipleW), fakeCount(10, counted, calls), QUICK);
    expect(out).toEqual(counted);
    expect(calls).toEqual([100_000]);
    expect(witnessed).toBe(0);
  });

  it('a draft: the tiny first count runs on a short clock of its own, then the witnesses', () => {
    const deadlines: number[] = [];
    const c = control(5_000_000);
    const out = decide({ witnesses: true, countAfterWitnesses: false }, true, c, () => multipleW, (run) => {
      deadlines.push(run.deadline);
      throw stop('time');
    }, QUICK);
    expect(out).toEqual({ ...multipleW, countPending: true });
    expect(deadlines).toHaveLength(1);
    expect(deadlines[0]).toBeLessThan(c.deadline - 50_000);
  });

  it('a draft: witnesses after the tiny count; multiple with the count pending when the caller counts later', () => {
    const calls: number[] = [];
    const out = decide({ witnesses: true, countAfterWitnesses: false }, true, control(5_000_000), () => multipleW, fakeCount(1_000_000, counted, calls), QUICK);
    expect(out).toEqual({ ...multipleW, countPending: true });
    expect(calls).toEqual([100_000]);
  });

  it('a draft: a count below two after two checked solutions (a solver bug) does not turn multiple into unique', () => {
    const calls: number[] = [];
    const out = decide({ witnesses: true }, true, control(5_000_000), () => multipleW, fakeCount(1_000_000, uniqueW, calls), QUICK);
    expect(out.verdict).toBe('multiple');
    expect(calls).toEqual([100_000, 5_000_000]);
  });

  it('a draft the witnesses do not decide is counted within the caller\'s limits; a stop there is a stop', () => {
    const calls: number[] = [];
    expect(() => decide({ witnesses: true }, true, control(300_000), () => null, fakeCount(1_000_000, counted, calls), QUICK)).toThrow(StopError);
    expect(calls).toEqual([100_000, 300_000]);
  });

  it('a draft stopped by the caller\'s own node limit in its tiny count, undecided by the witnesses, is not counted again', () => {
    const calls: number[] = [];
    let caught: unknown;
    try {
      decide({ witnesses: true }, true, control(300), () => null, fakeCount(1000, counted, calls), QUICK);
    } catch (e) {
      caught = e;
    }
    expect((caught as StopError).stopped.message).toContain('301 nodes');
    expect(calls).toEqual([300]);
  });

  it('a cancelled first count is not followed by witnesses', () => {
    let witnessed = 0;
    expect(() => decide({ witnesses: true }, false, control(5_000_000), () => (witnessed++, uniqueW), () => { throw stop('cancelled'); }))
      .toThrow(StopError);
    expect(witnessed).toBe(0);
  });

  it('after two solutions a hopeless count stops early; a genre that races it judges each side itself', () => {
    // A count whose build reports 1 M nodes per level over 1,000 levels (about 1,000 M in all, past
    // 4 x 5 M), then looks whether it should stop.
    const hopeless = (run: Timed): Outcome => {
      for (let done = 0; done <= 20; done++) run.onProgress?.({ done, total: 1000, nodes: done * 1_000_000, phase: 'build' });
      if (run.isCancelled?.()) throw stop('cancelled');
      return counted;
    };
    const wishes: unknown[] = [];
    const watched = decide({ witnesses: true }, true, control(5_000_000), () => multipleW, (run, wish) => (wishes.push(wish), hopeless(run)));
    expect(watched.verdict).toBe('multiple');
    expect(watched.count).toBeNull();
    expect(watched.stopped?.limit).toBe('nodes');
    expect(watched.stopped?.message).toMatch(/it would need about \d+ \(node limit 5000000\)$/);
    // Raced, the other end may be far cheaper (Janko 189_24x14 under plain fill): not watched
    // here, but asked to judge each thread's side (countRace.ts). Either way the count alone is
    // wanted (the verdict is known).
    const raced = decide({ witnesses: true }, true, control(5_000_000), () => multipleW, (run, wish) => (wishes.push(wish), hopeless(run)), { countRaces: true });
    expect(raced).toEqual(counted);
    expect(wishes).toEqual([{ countOnly: true }, { countOnly: true, judgeSides: true }]);
    // The caller's own cancellation stays a cancellation.
    const cancelled = withDeadline({ limits: { maxNodes: 5_000_000, timeMs: 60_000 }, isCancelled: () => true });
    expect(decide({ witnesses: true }, true, cancelled, () => multipleW, hopeless).stopped?.limit).toBe('cancelled');
  });

  it('without witnesses: the count alone, within the caller\'s limits', () => {
    const calls: number[] = [];
    expect(decide({}, true, control(5_000_000), () => uniqueW, fakeCount(10, counted, calls))).toEqual(counted);
    expect(calls).toEqual([5_000_000]);
  });
});
