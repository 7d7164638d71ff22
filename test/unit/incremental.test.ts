import { describe, expect, it } from 'vitest';
import { SlitherlinkSession, type IncrementalStats } from '../../server/src/slitherlink/incremental';
import { checkSlitherlink } from '../../server/src/slitherlink/check';
import type { CheckResult } from '../../server/src/analysis/result';
import { hintsOfEdges, loopEdgesOf } from '../../server/src/model/loop';
import { seededRandom } from '../../server/src/util/random';
import { randomInsideSeeded } from '../../server/src/slitherlink/design/randomLoop';
import { Grid } from '../../server/src/model/grid';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';

function puzzle(rows: number, cols: number, hints: Int8Array): SlitherlinkPuzzle {
  return { kind: 'slitherlink', rows, cols, hints: Int8Array.from(hints), cellRanges: [], metadata: [], layout: 'tokens' };
}

/** All hints of a random loop. */
function loopTruth(rows: number, cols: number, seed: number): Int8Array {
  const grid = new Grid(rows, cols);
  return hintsOfEdges(grid, loopEdgesOf(grid, randomInsideSeeded(rows, cols, seed)));
}

/** The hints of a random loop with a fraction kept: ambiguous when few are kept. */
function loopHints(rows: number, cols: number, seed: number, keep: number): Int8Array {
  const hints = loopTruth(rows, cols, seed);
  const rand = seededRandom(seed * 31 + 7);
  for (let i = 0; i < hints.length; i++) if (rand() > keep) hints[i] = -1;
  return hints;
}

/** What a check decides, as checkSlitherlink reports it. */
function decided(r: CheckResult) {
  return { verdict: r.verdict, count: r.count, solution: r.solution, secondSolution: r.secondSolution };
}

interface Tally {
  checks: number;
  resumed: number;
  reused: number;
  modes: Record<string, number>;
}

function edit(hints: Int8Array, truth: Int8Array, cell: number, rand: () => number): void {
  // Mostly what a designer does with a loop in mind (add its hint, or clear one); sometimes any
  // value, which may leave no solution.
  if (rand() < 0.2) {
    const v = Math.floor(rand() * 5) - 1;
    hints[cell] = v === hints[cell] ? -1 : v;
  } else hints[cell] = hints[cell] >= 0 ? -1 : truth[cell];
}

/**
 * Runs a random edit sequence through one session and compares every check with a cold
 * checkSlitherlink of the same hints.
 */
function run(rows: number, cols: number, seed: number, keep: number, steps: number, where: 'bottom' | 'top' | 'anywhere', tally: Tally, checkpoints?: number): void {
  const rand = seededRandom(seed * 1009 + rows * 17 + cols);
  const truth = loopTruth(rows, cols, seed);
  let hints = loopHints(rows, cols, seed, keep);
  const session = new SlitherlinkSession({ checkpoints });
  const check = (h: Int8Array, why: string): IncrementalStats => {
    const warm = session.check(puzzle(rows, cols, h), { redundant: false });
    const cold = checkSlitherlink(puzzle(rows, cols, h), { redundant: false });
    expect(decided(warm), `${rows}x${cols} seed ${seed} ${why}: ${Array.from(h).join(',')}`).toEqual(decided(cold));
    const s = session.stats!;
    tally.checks++;
    const mode = s.reason ? `${s.mode}: ${s.reason}` : s.mode;
    tally.modes[mode] = (tally.modes[mode] ?? 0) + 1;
    if (s.mode === 'resumed') {
      tally.resumed++;
      tally.reused += s.reusedLevels;
      // Never resumed below what the edit may change.
      expect(s.reusedLevels).toBeGreaterThan(0);
      expect(s.reusedLevels).toBeLessThanOrEqual(s.unchangedLevels);
    }
    return s;
  };
  check(hints, 'first check');
  for (let k = 0; k < steps; k++) {
    const next = Int8Array.from(hints);
    const edits = rand() < 0.25 ? 2 : 1;
    let topEdit = false;
    for (let j = 0; j < edits; j++) {
      let r: number;
      if (where === 'bottom') r = rows - 1 - Math.floor(rand() * Math.min(2, rows));
      else if (where === 'top') r = 0;
      else r = Math.floor(rand() * rows);
      const c = where === 'top' ? 0 : Math.floor(rand() * cols);
      if (r === 0 && c === 0) topEdit = true;
      edit(next, truth, r * cols + c, rand);
    }
    const s = check(next, `step ${k}`);
    // The top-left cell's hint is read by the very first edge: nothing can be reused.
    if (topEdit && s.mode !== 'same' && s.mode !== 'none') expect(s.mode).toBe('cold');
    // Usually keep the edit, sometimes undo it (designers do), and drop edits that broke the puzzle.
    if (rand() < 0.8 && s.mode !== 'none') hints = next;
  }
}

describe('incremental Slitherlink session', () => {
  it('equals a cold check over random edit sequences on small grids (ambiguous ones included)', () => {
    const tally: Tally = { checks: 0, resumed: 0, reused: 0, modes: {} };
    for (let seed = 1; seed <= 10; seed++) {
      const rows = 4 + (seed % 4), cols = 4 + ((seed * 3) % 5);
      run(rows, cols, seed, 0.35 + (seed % 3) * 0.15, 14, 'bottom', tally, 1000);
      run(rows, cols, seed + 100, 0.4, 8, 'anywhere', tally, 1000);
      run(rows, cols, seed + 200, 0.5, 4, 'top', tally);
    }
    // The point of it: bottom edits resume.
    expect(tally.resumed).toBeGreaterThan(tally.checks / 5);
  });

  it('equals a cold check on medium grids, and resumes after last-row edits', () => {
    const tally: Tally = { checks: 0, resumed: 0, reused: 0, modes: {} };
    for (const [rows, cols, seed, keep] of [[10, 10, 3, 0.35], [12, 9, 4, 0.3], [9, 13, 5, 0.35], [12, 12, 6, 0.4]] as const) {
      run(rows, cols, seed, keep, 8, 'bottom', tally);
      run(rows, cols, seed + 50, keep, 3, 'anywhere', tally);
    }
    expect(tally.resumed).toBeGreaterThan(tally.checks / 4);
    expect(tally.reused / tally.resumed).toBeGreaterThan(20);
  });

  it('reuses the diagram when nothing changed, and resumes deep for a last-row edit', () => {
    const rows = 10, cols = 10;
    const hints = loopHints(rows, cols, 11, 0.35);
    const s = new SlitherlinkSession({ checkpoints: 1000 });
    const first = s.check(puzzle(rows, cols, hints), { redundant: false });
    expect(s.stats!.mode).toBe('cold');
    expect(s.stats!.reason).toBe('no earlier build');
    const again = s.check(puzzle(rows, cols, hints), { redundant: false });
    expect(s.stats!.mode).toBe('same');
    expect(decided(again)).toEqual(decided(first));
    // Clearing a hint of the bottom-right cell: only the last edges read it.
    const h2 = Int8Array.from(hints);
    const last = rows * cols - 1;
    h2[last] = h2[last] >= 0 ? -1 : 2;
    const warm = s.check(puzzle(rows, cols, h2), { redundant: false });
    expect(decided(warm)).toEqual(decided(checkSlitherlink(puzzle(rows, cols, h2), { redundant: false })));
    if (s.stats!.mode === 'resumed') expect(s.stats!.reusedLevels).toBeGreaterThan(s.stats!.levels / 2);
    else expect(s.stats!.mode).toBe('none'); // the edit made the puzzle contradictory
  });

  it('starts over when the grid size changes or no resume data fits the memory cap', () => {
    const s = new SlitherlinkSession({ maxBytes: 1 });
    const h = loopHints(7, 7, 21, 0.4);
    s.check(puzzle(7, 7, h), { redundant: false });
    const h2 = Int8Array.from(h);
    h2[48] = h2[48] >= 0 ? -1 : 1;
    const r = s.check(puzzle(7, 7, h2), { redundant: false });
    expect(decided(r)).toEqual(decided(checkSlitherlink(puzzle(7, 7, h2), { redundant: false })));
    if (s.stats!.mode !== 'none' && s.stats!.mode !== 'same') expect(s.stats!.mode).toBe('cold');
    const s2 = new SlitherlinkSession();
    s2.check(puzzle(7, 7, h), { redundant: false });
    const h3 = loopHints(8, 7, 22, 0.4);
    const r3 = s2.check(puzzle(8, 7, h3), { redundant: false });
    expect(s2.stats!.mode === 'cold' || s2.stats!.mode === 'none').toBe(true);
    expect(decided(r3)).toEqual(decided(checkSlitherlink(puzzle(8, 7, h3), { redundant: false })));
  });

  it('gives the same redundant hints as checkSlitherlink for a unique puzzle', () => {
    const h = loopHints(6, 6, 5, 0.9);
    const s = new SlitherlinkSession();
    const cold = checkSlitherlink(puzzle(6, 6, h));
    expect(cold.verdict).toBe('unique');
    const warm = s.check(puzzle(6, 6, h));
    expect(warm.redundant).toEqual(cold.redundant);
    expect(decided(warm)).toEqual(decided(cold));
  });

  it('keeps the previous build when a check is cancelled', () => {
    const rows = 10, cols = 10;
    const h = loopHints(rows, cols, 3, 0.35);
    const s = new SlitherlinkSession();
    s.check(puzzle(rows, cols, h), { redundant: false });
    const h2 = Int8Array.from(h);
    h2[95] = h2[95] >= 0 ? -1 : 3;
    const stopped = s.check(puzzle(rows, cols, h2), { redundant: false, control: { isCancelled: () => true } });
    expect(stopped.verdict).toBe('unknown');
    const r = s.check(puzzle(rows, cols, h2), { redundant: false });
    expect(decided(r)).toEqual(decided(checkSlitherlink(puzzle(rows, cols, h2), { redundant: false })));
  });
});
