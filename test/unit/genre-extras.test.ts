/**
 * The genre seam's extras: the worker computes exactly the extras the scheduler waits for (one
 * decision, genres/extras.ts), so after a full check the scheduler asks for no further phase; and
 * the worker parses a document's text once for all its phases.
 */
import { describe, expect, it } from 'vitest';
import { runJob } from '../../server/src/worker/run';
import { forgetSession } from '../../server/src/worker/sessions';
import { parseStats } from '../../server/src/worker/parsed';
import { conflictSearch, conflictsTimeMs, needsGrade, needsMore, needsTogether, wantsConflicts, wantsSuggestions } from '../../server/src/genres/extras';
import { GENRES, genreOf, genreOfPath } from '../../server/src/genres/index';
import type { Analysis, JobOptions } from '../../server/src/worker/protocol';
import type { PuzzleKind } from '../../server/src/model/puzzle';

const limits = { timeMs: 20_000, maxNodes: 2_000_000 };
const PUZZLES: [PuzzleKind, string, string][] = [
  ['slitherlink', 'unique', '3 3\n'],
  ['slitherlink', 'none', '4 4\n'],
  ['slitherlink', 'multiple', '. .\n. .\n'],
  ['numberlink', 'unique', '2 1\naa\n'],
  ['numberlink', 'none', '2 2\nab\nba\n'],
  ['numberlink', 'multiple', '3 3\nA..\n...\n..A\n'],
];

function check(kind: PuzzleKind, text: string, options: JobOptions, uri?: string): Analysis {
  const out = runJob({ type: 'check', kind, text, options, uri }, {});
  if (out.type !== 'check') throw new Error('not a check');
  return out.analysis;
}

describe('genre extras', () => {
  it('the registry has each genre once, by kind and by extension', () => {
    expect(GENRES.map((g) => g.kind)).toEqual(['slitherlink', 'numberlink']);
    expect(genreOfPath('a/B.SLK')?.kind).toBe('slitherlink');
    expect(genreOfPath('x.nlk')).toBe(genreOf('numberlink'));
    expect(genreOfPath('x.txt')).toBeNull();
  });

  for (const [kind, verdict, text] of PUZZLES) {
    it(`${kind} ${verdict}: the worker gives what the scheduler waits for, under every option`, () => {
      for (const redundant of [false, true]) for (const conflicts of [false, true]) for (const suggest of [false, true]) {
        const options: JobOptions = { limits, redundant, conflicts, suggest };
        const phase1 = check(kind, text, { ...options, redundant: false, conflicts: false, suggest: false, countAfterWitnesses: false });
        expect(phase1.result.verdict).toBe(verdict);
        const full = check(kind, text, options);
        const what = JSON.stringify(options);
        expect(needsMore(kind, options, full), what).toBe(false);
        expect(full.conflicts !== undefined, what).toBe(wantsConflicts(kind, options, full.result));
        expect(full.suggestions !== undefined, what).toBe(wantsSuggestions(kind, options, full.result));
        expect(full.result.redundant !== undefined, what).toBe(genreOf(kind).extras.redundantHints && redundant && verdict === 'unique');
        // Phase 3 only where there are redundant hints to take together.
        expect(needsTogether(kind, options, full), what).toBe(kind === 'slitherlink' && redundant && verdict === 'unique');
        // The grade: with the check where it takes milliseconds, else a job of its own that gives it.
        const graded = genreOf(kind).extras.grade === 'with the check';
        expect(full.result.grade !== undefined, what).toBe(graded && verdict === 'unique');
        expect(needsGrade(kind, full), what).toBe(!graded && verdict === 'unique');
        if (needsGrade(kind, full)) {
          const out = runJob({ type: 'grade', kind, text, options }, {});
          if (out.type !== 'grade') throw new Error('not a grade');
          const after = { ...full, result: { ...full.result, ...out.grade } };
          expect(after.result.grade, what).toBeDefined();
          expect(needsGrade(kind, after), what).toBe(false);
        }
      }
    });
  }

  it('one parse of a text for its check, its extras and its Remove all', () => {
    const uri = 'file:///parse-once.slk';
    const text = '3 3\n';
    forgetSession(uri);
    const before = parseStats.parses;
    const options: JobOptions = { limits, redundant: true, conflicts: true, suggest: true };
    check('slitherlink', text, { ...options, redundant: false }, uri);
    check('slitherlink', text, options, uri);
    runJob({ type: 'minimize', kind: 'slitherlink', text, options }, {});
    expect(parseStats.parses - before).toBe(1);
    forgetSession(uri);
    check('slitherlink', text, options, uri);
    expect(parseStats.parses - before).toBe(2);
  });
});

describe('the search for conflicting givens after a none', () => {
  it('gets ten times the verdict time, at least 5 s, never more than the check limit', () => {
    // A 200 ms Nikoli verdict no longer lends its search the whole 60 s limit.
    expect(conflictsTimeMs(200, 60_000)).toBe(5_000);
    expect(conflictsTimeMs(2_000, 60_000)).toBe(20_000);
    expect(conflictsTimeMs(2_000, 3_000)).toBe(3_000);
    expect(conflictsTimeMs(0.4, 60_000)).toBe(5_000);
  });

  it('the worker\'s options for it: that time for the whole search, at most 1 s per subset check, the rule words', () => {
    const isCancelled = () => false;
    const o = conflictSearch(200, { timeMs: 60_000, maxNodes: 1234 }, isCancelled, 'fill');
    expect(o.control).toEqual({ limits: { timeMs: 5_000, maxNodes: 1234 }, isCancelled });
    expect(o.perCheck).toEqual({ timeMs: 1_000, maxNodes: 1234 });
    expect(o.defaultRule).toBe('fill');
    expect(conflictSearch(200, { timeMs: 300, maxNodes: 1 }, isCancelled).perCheck).toEqual({ timeMs: 300, maxNodes: 1 });
  });
});
