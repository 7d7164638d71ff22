/**
 * The time limit covers the whole check: it starts before the parse and every phase reads the
 * same deadline (parse, deduction, planning, the build), so a check past its deadline stops with
 * verdict `unknown` and the time limit named, never with an answer it had no time for. Asserted
 * on behaviour (a deadline already past, a clock that moves with the work), never on speed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkPuzzle, checkText } from '../../server/src/genres/check';
import { makeInstance } from '../../server/src/numberlink/instance';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { deduce } from '../../server/src/slitherlink/deduce';
import { StopError } from '../../server/src/zdd/control';
import { buildZddDepthFirst } from '../../server/src/zdd/depthFirst';
import { ACCEPT, type Spec } from '../../server/src/zdd/spec';

const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures', name), 'utf8');
const past = () => ({ limits: { timeMs: 5000 }, deadline: Date.now() - 1 });

afterEach(() => vi.restoreAllMocks());

describe('a check past its deadline stops, naming the time limit', () => {
  it('Slitherlink solved by deduction alone: unknown, not the answer it had no time for', () => {
    const text = fixture('slitherlink/11_5x5.slk');
    expect(checkText(text, 'slitherlink').verdict).toBe('unique');
    const r = checkText(text, 'slitherlink', { control: past() });
    expect(r.verdict).toBe('unknown');
    expect(r.count).toBeNull();
    expect(r.solution).toBeUndefined();
    expect(r.stopped).toMatchObject({ limit: 'time', message: 'undecided: stopped by the time limit (5000 ms) during deduction' });
  });

  it('Numberlink: stopped in deduction, before planning and building', () => {
    // Solvable (A and B crossing would be refuted by planarity at once, however late).
    const text = '5 5\nA...B\n.....\n..C..\n.....\nA.C.B\n';
    expect(checkText(text, 'numberlink').verdict).not.toBe('unknown');
    const r = checkText(text, 'numberlink', { control: past() });
    expect(r.verdict).toBe('unknown');
    expect(r.stopped).toMatchObject({ limit: 'time', message: 'undecided: stopped by the time limit (5000 ms) during deduction' });
    // The solver's own entry point reads the caller's deadline too.
    const pz = parseNumberlink(text).puzzle!;
    const inst = makeInstance(pz.rows, pz.cols, pz.cells, pz.labels.length);
    expect(() => buildNumberlinkZdd(inst, { fill: false, notouch: false }, past())).toThrow(/time limit \(5000 ms\) during deduction/);
  });

  it('the parse of a long text reads the clock: stopped while reading the file', () => {
    const text = '# a comment line\n'.repeat(10_000) + '3.\n.3\n';
    const r = checkText(text, 'slitherlink', { control: past() });
    expect(r).toMatchObject({ verdict: 'unknown', errors: [], stopped: { limit: 'time', message: 'undecided: stopped by the time limit (5000 ms) while reading the file' } });
    // Cancellation is read there too.
    expect(checkText(text, 'numberlink', { control: { isCancelled: () => true } }).stopped?.limit).toBe('cancelled');
  });

  it('the time limit starts with the check: a limit spent by the time the solver starts stops it', () => {
    // A clock that moves 1 s per reading: the whole 2 s limit is gone after two readings.
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    const r = checkText(fixture('slitherlink/11_5x5.slk'), 'slitherlink', { control: { limits: { timeMs: 2000 } } });
    expect(r.verdict).toBe('unknown');
    expect(r.stopped?.limit).toBe('time');
    expect(r.stopped?.message).toMatch(/time limit \(2000 ms\)/);
  });

  it('a contradiction found by deduction is an answer however late', () => {
    // Two 3s side by side with a 0 under them cannot all hold: propagation alone sees it.
    const r = checkPuzzle(parseSlitherlink('33\n00\n').puzzle!, { control: past() });
    expect(r.verdict).toBe('none');
  });
});

describe('the phases poll the deadline', () => {
  it('Slitherlink deduction: probing stops at the deadline (what it fixed stays sound)', () => {
    const puzzle = parseSlitherlink(fixture('slitherlink/103_10x10.slk')).puzzle!;
    const full = deduce(puzzle);
    const cut = deduce(puzzle, { deadline: Date.now() - 1 });
    expect(cut.contradiction).toBe(false);
    expect(cut.fixed).toBeLessThan(full.fixed);
    for (let e = 0; e < cut.edges.length; e++) if (cut.edges[e] >= 0) expect(cut.edges[e]).toBe(full.edges[e]);
  });

  it('the depth-first build reads the clock when it opens a level, not only every 16,384 states', () => {
    // A chain of 2,000 levels (one state each, a new level table each): far fewer states than
    // the build's node-count check interval.
    const chain: Spec = {
      width: 1,
      root: (s, off) => ((s[off] = 0), 2000),
      child: (s, off, level, take) => (take === 1 ? 0 : level > 1 ? level - 1 : ACCEPT),
    };
    expect(buildZddDepthFirst(chain, null).zdd.count()).toBe(1n);
    // A clock that moves 1 ms per reading: 100 ms are gone after 100 readings.
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => ++now);
    let stop: StopError | null = null;
    try {
      buildZddDepthFirst(chain, null, { limits: { timeMs: 100 } });
    } catch (e) {
      stop = e as StopError;
    }
    expect(stop).toBeInstanceOf(StopError);
    expect(stop!.stopped.limit).toBe('time');
    expect(stop!.stopped.message).toMatch(/time limit \(100 ms\)/);
  });
});
