/**
 * The server's pure analyses (server/src/analysis/conflicts.ts, minimize.ts) against independent
 * brute force: every claim (no solution, 1-minimal, unique, minimal) is re-checked by plain search.
 */
import { describe, expect, it } from 'vitest';
import { findConflictingHints, hintUnits, keepUnits } from '../../server/src/genres/extras';
import { minimizeHints } from '../../server/src/slitherlink/minimize';
import { checkSlitherlink } from '../../server/src/slitherlink/check';
import type { LoopSolution } from '../../server/src/analysis/result';
import { Grid } from '../../server/src/model/grid';
import type { NumberlinkPuzzle } from '../../server/src/numberlink/puzzle';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { bruteSolve } from './numberlink-brute';
import { bruteLoops } from './slitherlink-brute';

function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const count = (p: SlitherlinkPuzzle, cap = 2) => bruteLoops(p.rows, p.cols, p.hints, cap).length;

function slk(rows: number, cols: number, hints: number[]): SlitherlinkPuzzle {
  const text = Array.from({ length: rows }, (_, r) => hints.slice(r * cols, (r + 1) * cols).map((h) => (h < 0 ? '.' : String(h))).join(' ')).join('\n');
  const { puzzle, problems } = parseSlitherlink(text + '\n');
  expect(problems).toEqual([]);
  return puzzle!;
}

function without(p: SlitherlinkPuzzle, i: number): SlitherlinkPuzzle {
  const hints = Int8Array.from(p.hints);
  hints[i] = -1;
  return { ...p, hints };
}

describe('findConflictingHints (Slitherlink)', () => {
  it('returns a 1-minimal hint set with no solution, on random unsolvable puzzles', () => {
    const r = rng(42);
    let tested = 0;
    for (let attempt = 0; attempt < 400 && tested < 25; attempt++) {
      const rows = 3 + Math.floor(r() * 2), cols = 3 + Math.floor(r() * 2);
      const hints = Array.from({ length: rows * cols }, () => (r() < 0.45 ? Math.floor(r() * 4) : -1));
      const p = slk(rows, cols, hints);
      if (count(p, 1) !== 0) continue;
      tested++;
      const c = findConflictingHints(p);
      expect(c.minimal).toBe(true);
      const keep = new Set(c.cells.map((x) => x.row * cols + x.col));
      expect(c.units).toBe(keep.size);
      const only = { ...p, hints: Int8Array.from(p.hints, (h, i) => (keep.has(i) ? h : -1)) };
      expect(count(only, 1)).toBe(0);
      for (const i of keep) expect(count(without(only, i), 1)).toBe(1);
    }
    expect(tested).toBeGreaterThanOrEqual(10);
  });

  it('stops on cancellation with a set that is still unsolvable', () => {
    const p = slk(3, 3, [4, -1, 1, -1, 2, -1, 3, -1, 0]);
    expect(count(p, 1)).toBe(0);
    let calls = 0;
    const c = findConflictingHints(p, { control: { isCancelled: () => calls >= 1 }, check: (q, control) => (calls++, checkSlitherlink(q as SlitherlinkPuzzle, { control, redundant: false })) });
    expect(c.minimal).toBe(false);
    expect(c.stopped?.limit).toBe('cancelled');
    const keep = new Set(c.cells.map((x) => x.row * 3 + x.col));
    expect(count({ ...p, hints: Int8Array.from(p.hints, (h, i) => (keep.has(i) ? h : -1)) }, 1)).toBe(0);
  });
});

describe('findConflictingHints (Numberlink)', () => {
  it('keeps both endpoints of each label and a label set with no solution', () => {
    const r = rng(9);
    let tested = 0;
    for (let attempt = 0; attempt < 300 && tested < 10; attempt++) {
      const rows = 3 + Math.floor(r() * 2), cols = 3 + Math.floor(r() * 2);
      const labels = 2 + Math.floor(r() * 3);
      const cells = Array.from({ length: rows * cols }, () => '.');
      const free = cells.map((_, i) => i).sort(() => r() - 0.5);
      for (let l = 0; l < labels; l++) cells[free[2 * l]!] = cells[free[2 * l + 1]!] = String.fromCharCode(65 + l);
      const text = `${cols} ${rows}\n# rule: fill\n` + Array.from({ length: rows }, (_, i) => cells.slice(i * cols, (i + 1) * cols).join('')).join('\n') + '\n';
      const { puzzle, problems } = parseNumberlink(text);
      if (problems.length) continue;
      const p = puzzle! as NumberlinkPuzzle;
      const brute = (q: NumberlinkPuzzle) => bruteSolve(q.rows, q.cols, q.cells, q.labels.length, q.rule, 1).count;
      if (brute(p) !== 0) continue;
      tested++;
      const c = findConflictingHints(p);
      expect(c.minimal).toBe(true);
      const all = hintUnits(p);
      const kept = all.filter((u) => u.cells.every((x) => c.cells.some((y) => y.row === x.row && y.col === x.col)));
      expect(kept.length * 2).toBe(c.cells.length);
      expect(brute(keepUnits(p, all, kept) as NumberlinkPuzzle)).toBe(0);
      for (const u of kept) expect(brute(keepUnits(p, all, kept.filter((x) => x !== u)) as NumberlinkPuzzle)).toBeGreaterThan(0);
    }
    expect(tested).toBeGreaterThanOrEqual(5);
  });
});

describe('minimizeHints', () => {
  it('removes hints until the puzzle is minimal and still unique, on random unique puzzles', () => {
    const r = rng(7);
    let tested = 0;
    for (let attempt = 0; attempt < 300 && tested < 20; attempt++) {
      const rows = 3 + Math.floor(r() * 2), cols = 3 + Math.floor(r() * 2);
      // Hints taken from a random loop: the puzzle has at least that solution.
      const loops = bruteLoops(rows, cols, new Int8Array(rows * cols).fill(-1), 5000);
      const loop = new Set(loops[Math.floor(r() * loops.length)]!);
      const edgesOf = (i: number) => {
        const row = Math.floor(i / cols), col = i % cols, H = (rows + 1) * cols;
        return [row * cols + col, (row + 1) * cols + col, H + row * (cols + 1) + col, H + row * (cols + 1) + col + 1];
      };
      const hints = Array.from({ length: rows * cols }, (_, i) => (r() < 0.8 ? edgesOf(i).filter((e) => loop.has(e)).length : -1));
      const p = slk(rows, cols, hints);
      if (count(p) !== 1) continue;
      tested++;
      const res = checkSlitherlink(p);
      expect(res.verdict).toBe('unique');
      const grid = new Grid(rows, cols);
      const solution = (res.solution as LoopSolution).edges.map(([a, b, c, d]) => grid.edgeBetween(a, b, c, d));
      for (const candidates of [res.redundant!, undefined]) {
        const m = minimizeHints(p, candidates, { solution });
        expect(m.minimal).toBe(true);
        const removed = new Set(m.removed.map((x) => x.row * cols + x.col));
        for (const x of m.removed) expect(res.redundant).toContainEqual(x);
        const final = { ...p, hints: Int8Array.from(p.hints, (h, i) => (removed.has(i) ? -1 : h)) };
        expect(count(final)).toBe(1);
        final.hints.forEach((h, i) => {
          if (h >= 0) expect(count(without(final, i))).toBe(2);
        });
        if (candidates) expect(m.checks).toBe(candidates.length);
      }
    }
    expect(tested).toBeGreaterThanOrEqual(10);
  });
});
