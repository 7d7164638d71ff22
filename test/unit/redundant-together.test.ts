/**
 * Which redundant hints can go together (CheckResult.redundantTogether): the check's extras run
 * the very pass of "Remove all redundant hints" (analysis/minimize.ts), so the number a check
 * shows is what the fix-all removes. Verified against independent methods: the same pass decided
 * by counting (the ZDD of all loops, or brute force on small grids), and a re-solve of the puzzle
 * left.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { minimizeHints } from '../../server/src/slitherlink/minimize';
import type { CellRef, CheckResult, LoopSolution } from '../../server/src/analysis/result';
import { checkSlitherlink, redundantTogether } from '../../server/src/slitherlink/check';
import { Grid } from '../../server/src/model/grid';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { bruteLoops } from './slitherlink-brute';

function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fixture = (name: string): SlitherlinkPuzzle =>
  parseSlitherlink(readFileSync(join(__dirname, '..', 'fixtures', 'slitherlink', name), 'utf8')).puzzle!;

function without(p: SlitherlinkPuzzle, cells: readonly CellRef[]): SlitherlinkPuzzle {
  const hints = Int8Array.from(p.hints);
  for (const c of cells) hints[c.row * p.cols + c.col] = -1;
  return { ...p, hints };
}

/** The pass decided by counting every loop (a ZDD check without any redundancy search). */
function countingPass(p: SlitherlinkPuzzle, redundant: readonly CellRef[]) {
  return minimizeHints(p, redundant, { check: (q, control) => checkSlitherlink(q, { control, redundant: false, secondSolution: false }) });
}

function solutionEdges(p: SlitherlinkPuzzle, r: CheckResult): number[] {
  const grid = new Grid(p.rows, p.cols);
  return (r.solution as LoopSolution).edges.map(([a, b, c, d]) => grid.edgeBetween(a, b, c, d));
}

/** A puzzle whose hints come from a random loop, `density` of the cells hinted. */
function randomUnique(r: () => number, rows: number, cols: number, density: number): SlitherlinkPuzzle | null {
  const loops = bruteLoops(rows, cols, new Int8Array(rows * cols).fill(-1), 5000);
  const loop = new Set(loops[Math.floor(r() * loops.length)]!);
  const grid = new Grid(rows, cols);
  const hints = new Int8Array(rows * cols).fill(-1);
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++)
      if (r() < density) hints[row * cols + col] = grid.cellEdges(row, col).filter((e) => loop.has(e)).length;
  const p: SlitherlinkPuzzle = { ...parseSlitherlink('.\n').puzzle!, rows, cols, hints };
  return bruteLoops(rows, cols, hints, 2).length === 1 ? p : null;
}

describe('redundantTogether', () => {
  it('is what the fix-all pass removes, equals the pass decided by brute force, and leaves a minimal unique puzzle (random small grids)', () => {
    const r = rng(14);
    let tested = 0, strict = 0;
    for (let attempt = 0; attempt < 400 && tested < 25; attempt++) {
      const rows = 3 + Math.floor(r() * 2), cols = 3 + Math.floor(r() * 2);
      const p = randomUnique(r, rows, cols, 0.85);
      if (!p) continue;
      const res = checkSlitherlink(p);
      expect(res.verdict).toBe('unique');
      if (!res.redundant?.length) continue;
      tested++;
      expect(res.redundantTogetherStopped).toBeUndefined();
      const together = res.redundantTogether!;
      // The fix-all's own pass (as the server runs it) gives the same list, in the same order.
      expect(minimizeHints(p, res.redundant, { solution: solutionEdges(p, res) }).removed).toEqual(together);
      // The same pass decided by brute force over every loop.
      const brute = minimizeHints(p, res.redundant, {
        check: (q) => {
          const n = bruteLoops(q.rows, q.cols, q.hints, 2).length;
          return { ...res, verdict: n === 1 ? 'unique' : n === 0 ? 'none' : 'multiple' };
        },
      });
      expect(brute.minimal).toBe(true);
      expect(together).toEqual(brute.removed);
      // What is left is unique and minimal.
      const left = without(p, together);
      expect(bruteLoops(rows, cols, left.hints, 2).length).toBe(1);
      left.hints.forEach((h, i) => {
        if (h >= 0) expect(bruteLoops(rows, cols, without(left, [{ row: Math.floor(i / cols), col: i % cols }]).hints, 2).length).toBe(2);
      });
      if (together.length < res.redundant.length) strict++;
    }
    expect(tested).toBeGreaterThanOrEqual(15);
    // The point of the number: some redundant hints cannot all go.
    expect(strict).toBeGreaterThan(0);
  });

  it('on real 10x10 and 15x15 puzzles equals the pass decided by counting, and the puzzle left re-solves unique', () => {
    for (const name of ['10x10_hard_01.slk', '515_10x10.slk', '874_10x10.slk', '1159_15x15.slk']) {
      const p = fixture(name);
      const res = checkSlitherlink(p);
      expect(res.verdict, name).toBe('unique');
      expect(res.redundantTogetherStopped, name).toBeUndefined();
      const together = res.redundantTogether!;
      expect(together.length, name).toBeGreaterThan(0);
      expect(together.length, name).toBeLessThan(res.redundant!.length);
      const counted = countingPass(p, res.redundant!);
      expect(counted.minimal, name).toBe(true);
      expect(together, name).toEqual(counted.removed);
      const left = checkSlitherlink(without(p, together), { redundant: false });
      expect(left.verdict, name).toBe('unique');
      expect(left.solution, name).toEqual(res.solution);
    }
  });

  it('is left out with redundantTogether: false, and empty lists need no pass', () => {
    const p = fixture('874_10x10.slk');
    const res = checkSlitherlink(p, { redundantTogether: false });
    expect(res.redundant!.length).toBeGreaterThan(0);
    expect(res.redundantTogether).toBeUndefined();
    expect(checkSlitherlink(p, { redundant: false }).redundantTogether).toBeUndefined();
  });

  it('stops on cancellation with a list that can still go together, and says so', () => {
    const p = fixture('1159_15x15.slk');
    const full = checkSlitherlink(p);
    // Cancelled halfway through the pass, by how often a whole pass polls.
    let polls = 0;
    minimizeHints(p, full.redundant!, { solution: solutionEdges(p, full), control: { isCancelled: () => (polls++, false) } });
    const half = polls >> 1;
    polls = 0;
    const m = minimizeHints(p, full.redundant!, { solution: solutionEdges(p, full), control: { isCancelled: () => ++polls > half } });
    expect(m.minimal).toBe(false);
    expect(m.stopped?.limit).toBe('cancelled');
    expect(m.stopped?.message).toMatch(/^Remove all redundant hints: cancelled after \d+ of 40 checks/);
    expect(m.removed).toEqual(full.redundantTogether!.slice(0, m.removed.length));
    expect(checkSlitherlink(without(p, m.removed), { redundant: false }).verdict).toBe('unique');
  });

  it('keeps to the check deadline it is given, and says it stopped', () => {
    const p = fixture('1159_15x15.slk');
    const full = checkSlitherlink(p, { redundantTogether: false });
    const r = redundantTogether(p, full.redundant!, solutionEdges(p, full), { deadline: Date.now() - 1 });
    expect(r.redundantTogether).toEqual([]);
    expect(r.redundantTogetherStopped?.limit).toBe('time');
    expect(r.redundantTogetherStopped?.message).toBe("Remove all redundant hints: stopped by the check's time limit (60000 ms), 0 of 40 checks done");
  });
});
