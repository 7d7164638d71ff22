/**
 * The redundancy memo (slitherlink/redundancyMemo.ts): facts proved by earlier searches (loops,
 * unique hint sets) answer later ones on related puzzles. Exact: an editor's sequence of edits
 * checked through one session (one memo) gives the same redundant hints and the same "can go
 * together" list as a fresh check of each text, and both equal brute force on small grids.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SlitherlinkSession } from '../../server/src/analysis/incremental';
import { minimizeHints } from '../../server/src/analysis/minimize';
import type { CellRef, CheckResult } from '../../server/src/analysis/result';
import { checkSlitherlink } from '../../server/src/analysis/slitherlink';
import { Grid } from '../../server/src/model/grid';
import type { SlitherlinkPuzzle } from '../../server/src/model/puzzle';
import { parseSlitherlink } from '../../server/src/parse/index';
import { NECESSARY, REDUNDANT, RedundancyMemo, UNSETTLED } from '../../server/src/slitherlink/redundancyMemo';
import { seededRandom } from '../../server/src/util/random';
import { bruteLoops } from './slitherlink-brute';

const fixture = (name: string): SlitherlinkPuzzle =>
  parseSlitherlink(readFileSync(join(__dirname, '..', 'fixtures', 'slitherlink', name), 'utf8')).puzzle!;

const cellOf = (p: SlitherlinkPuzzle, c: CellRef): number => c.row * p.cols + c.col;

function withHints(p: SlitherlinkPuzzle, hints: Int8Array): SlitherlinkPuzzle {
  return { ...p, hints };
}

/** Redundant hints and the together pass by brute force over every loop. */
function bruteAnswer(p: SlitherlinkPuzzle): { redundant: CellRef[]; together: CellRef[] } | null {
  if (bruteLoops(p.rows, p.cols, p.hints, 2).length !== 1) return null;
  const redundant: CellRef[] = [];
  for (let i = 0; i < p.hints.length; i++) {
    if (p.hints[i]! < 0) continue;
    const h = Int8Array.from(p.hints);
    h[i] = -1;
    if (bruteLoops(p.rows, p.cols, h, 2).length === 1) redundant.push({ row: Math.floor(i / p.cols), col: i % p.cols });
  }
  const unique = (q: SlitherlinkPuzzle): CheckResult['verdict'] => (bruteLoops(q.rows, q.cols, q.hints, 2).length === 1 ? 'unique' : 'multiple');
  const together = minimizeHints(p, redundant, { check: (q) => ({ kind: 'slitherlink', rows: q.rows, cols: q.cols, errors: [], ms: 0, count: null, verdict: unique(q) }) }).removed;
  return { redundant, together };
}

/** A random loop's hints on a rows x cols grid, every cell hinted. */
function loopHints(r: () => number, rows: number, cols: number): Int8Array {
  const loops = bruteLoops(rows, cols, new Int8Array(rows * cols).fill(-1), 4000);
  const loop = new Set(loops[Math.floor(r() * loops.length)]!);
  const grid = new Grid(rows, cols);
  const hints = new Int8Array(rows * cols);
  for (let row = 0; row < rows; row++) for (let col = 0; col < cols; col++) hints[row * cols + col] = grid.cellEdges(row, col).filter((e) => loop.has(e)).length;
  return hints;
}

describe('redundancy memo', () => {
  it('through a session, a sequence of edits gives what brute force gives, with the memo answering part of it (random 4x4 and 4x5 grids)', () => {
    const r = seededRandom(17);
    let compared = 0, hitsAfter = 0;
    for (let run = 0; run < 10; run++) {
      const rows = 4, cols = 4 + (run % 2);
      const full = loopHints(r, rows, cols);
      const hints = Int8Array.from(full);
      // Start sparse enough for some hints to be redundant.
      for (let i = 0; i < hints.length; i++) if (r() < 0.3) hints[i] = -1;
      const base = parseSlitherlink('.\n').puzzle!;
      const session = new SlitherlinkSession();
      for (let step = 0; step < 12; step++) {
        // An edit: blank a hint, put one back from the loop, or (now and then) a wrong value.
        const x = Math.floor(r() * hints.length), u = r();
        hints[x] = u < 0.45 ? -1 : u < 0.9 ? full[x]! : Math.floor(r() * 4);
        const p = withHints({ ...base, rows, cols }, Int8Array.from(hints));
        const got = session.check(p, { redundant: true, redundantTogether: true });
        const fresh = checkSlitherlink(p, { redundant: true, redundantTogether: true });
        const brute = bruteAnswer(p);
        expect(got.verdict).toBe(fresh.verdict);
        if (!brute) {
          expect(got.verdict).not.toBe('unique');
          continue;
        }
        expect(got.verdict).toBe('unique');
        expect(got.redundant).toEqual(brute.redundant);
        expect(got.redundantTogether).toEqual(brute.together);
        expect(fresh.redundant).toEqual(brute.redundant);
        expect(fresh.redundantTogether).toEqual(brute.together);
        compared++;
      }
      hitsAfter += session.redundancyMemo(rows, cols).hits;
    }
    expect(compared).toBeGreaterThanOrEqual(40);
    // The memo did answer questions (else this test would not test it).
    expect(hitsAfter).toBeGreaterThan(50);
  });

  it('on real puzzles, keystrokes through one session (a redundant hint blanked, then put back) equal fresh checks', () => {
    for (const name of ['10x10_hard_01.slk', '874_10x10.slk', '1159_15x15.slk']) {
      const p = fixture(name);
      const session = new SlitherlinkSession();
      const first = session.check(p, { redundant: true, redundantTogether: true });
      const fresh0 = checkSlitherlink(p);
      expect(first.redundant, name).toEqual(fresh0.redundant);
      expect(first.redundantTogether, name).toEqual(fresh0.redundantTogether);
      const red = first.redundant!;
      for (let k = 0; k < 4; k++) {
        const hints = Int8Array.from(p.hints);
        hints[cellOf(p, red[Math.floor((k * red.length) / 4)]!)] = -1;
        for (const q of [withHints(p, hints), p]) {
          const got = session.check(q, { redundant: true, redundantTogether: true });
          const fresh = checkSlitherlink(q);
          expect(got.redundant, name).toEqual(fresh.redundant);
          expect(got.redundantTogether, name).toEqual(fresh.redundantTogether);
        }
      }
      expect(session.redundancyMemo(p.rows, p.cols).hits, name).toBeGreaterThan(0);
    }
  });

  it('a kept loop proves a hint necessary only when it meets every other hint and is not the solution', () => {
    // 2x2 grid; the solution is the outer square, the other loop the top-left cell.
    const grid = new Grid(2, 2);
    const outer = new Uint8Array(grid.edgeCount), cell = new Uint8Array(grid.edgeCount);
    for (let e = 0; e < grid.edgeCount; e++) {
      const [a, b] = grid.edgeCells(e);
      if (a < 0 || b < 0) outer[e] = 1;
    }
    for (const e of grid.cellEdges(0, 0)) cell[e] = 1;
    const memo = new RedundancyMemo(2, 2);
    memo.addLoop(cell);
    // The outer square counts 2 2 / 2 2; the cell loop 4 1 / 1 0.
    const say = (hints: number[], only = -1) => Array.from(memo.settle(Int8Array.from(hints), outer, only));
    expect(say([2, 2, 2, 2])).toEqual([UNSETTLED, UNSETTLED, UNSETTLED, UNSETTLED]); // breaks all four
    expect(say([2, -1, -1, -1])).toEqual([NECESSARY, UNSETTLED, UNSETTLED, UNSETTLED]);
    expect(say([2, -1, -1, 2])).toEqual([UNSETTLED, UNSETTLED, UNSETTLED, UNSETTLED]); // breaks hints 0 and 3
    expect(say([2, -1, -1, -1], 3)).toEqual([UNSETTLED, UNSETTLED, UNSETTLED, UNSETTLED]); // asked of another cell
    // The solution itself is never a witness.
    const own = new RedundancyMemo(2, 2);
    own.addLoop(outer);
    expect(Array.from(own.settle(Int8Array.from([-1, -1, -1, 2]), outer))).toEqual([UNSETTLED, UNSETTLED, UNSETTLED, UNSETTLED]);
    own.addLoop(cell);
    expect(Array.from(own.settle(Int8Array.from([-1, -1, -1, 2]), outer))).toEqual([UNSETTLED, UNSETTLED, UNSETTLED, NECESSARY]);
  });

  it('a unique hint set settles a hint only where it lies within the puzzle minus that hint, value for value', () => {
    const memo = new RedundancyMemo(2, 2);
    const none = new Uint8Array(new Grid(2, 2).edgeCount);
    memo.addUnique(Int8Array.from([2, -1, 3, -1]));
    const say = (hints: number[], only = -1) => Array.from(memo.settle(Int8Array.from(hints), none, only));
    expect(say([2, 1, 3, -1])).toEqual([UNSETTLED, REDUNDANT, UNSETTLED, UNSETTLED]); // 0 and 2 are in the set
    expect(say([2, 1, 3, -1], 1)).toEqual([UNSETTLED, REDUNDANT, UNSETTLED, UNSETTLED]);
    expect(say([2, 1, 3, -1], 0)).toEqual([UNSETTLED, UNSETTLED, UNSETTLED, UNSETTLED]);
    expect(say([2, 1, 2, -1])).toEqual([UNSETTLED, UNSETTLED, UNSETTLED, UNSETTLED]); // another value at 2
    expect(say([2, -1, -1, 1])).toEqual([UNSETTLED, UNSETTLED, UNSETTLED, UNSETTLED]); // 2 missing
    // A smaller set replaces the ones it lies within; a larger one adds nothing.
    memo.addUnique(Int8Array.from([2, -1, -1, -1]));
    memo.addUnique(Int8Array.from([2, 0, 3, -1]));
    expect(memo.size.unique).toBe(1);
    expect(say([2, -1, -1, 1])).toEqual([UNSETTLED, UNSETTLED, UNSETTLED, REDUNDANT]);
    expect(say([2, -1, 4, 1], 2)).toEqual([UNSETTLED, UNSETTLED, REDUNDANT, UNSETTLED]);
  });
});
