/**
 * Redundant hints against the plain method: hint h is redundant iff P \ h still has exactly one
 * loop, decided by checkSlitherlink of P \ h without any redundancy machinery (deduction and the
 * ZDD count, the verdict path). On a sample of 160 corpus puzzles (test/fixtures/slitherlink/
 * corpus-sample: puzzlekit up to 180 cells, Loopy's graded 10x10 square puzzles) every hint is
 * re-solved; on every unique Slitherlink of the unit fixtures and samples too, but on the largest
 * (above 400 cells, where a re-solve takes up to a third of a second) a spread of hints of either
 * kind. Any hint whose answer differs fails the test, whichever way.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { checkSlitherlink } from '../../server/src/slitherlink/check';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';

const ROOT = join(__dirname, '..', '..');
const SAMPLE = join(ROOT, 'test', 'fixtures', 'slitherlink', 'corpus-sample');
/** Above this many cells only a spread of hints is re-solved. */
const ALL_HINTS_MAX_CELLS = 400;
/** Hints re-solved per kind (redundant, necessary) on the largest puzzles. */
const SPREAD = 10;

function load(path: string): SlitherlinkPuzzle | null {
  const r = parseSlitherlink(readFileSync(path, 'utf8'));
  return r.problems.length === 0 ? r.puzzle : null;
}

/** Whether P \ h has exactly one loop, by the plain verdict path. */
function uniqueWithout(p: SlitherlinkPuzzle, h: number, label: string): boolean {
  const q = { ...p, hints: Int8Array.from(p.hints) };
  q.hints[h] = -1;
  const r = checkSlitherlink(q, { redundant: false, secondSolution: false });
  expect(r.verdict, `${label}: P without hint ${h} undecided`).not.toBe('unknown');
  return r.count === '1';
}

/** `n` elements of xs spread evenly (all of them when there are at most n). */
function spread(xs: number[], n: number): number[] {
  if (xs.length <= n) return xs;
  return Array.from({ length: n }, (_, i) => xs[Math.floor((i * xs.length) / n)]!);
}

/**
 * Checks one puzzle (unique): its redundant hints against the plain re-solve, for every hint or
 * for `spread` hints of each kind. Returns how many hints were re-solved.
 */
function checkAgainstResolve(p: SlitherlinkPuzzle, label: string, all: boolean): number {
  const res = checkSlitherlink(p, { redundantTogether: false, secondSolution: false });
  expect(res.verdict, label).toBe('unique');
  expect(res.redundantStopped, label).toBeUndefined();
  // A hint is its index in p.hints: the cell r * cols + c on squares, the face on a tiling (whose
  // row and col are only its place in the text).
  const claimed = new Set((res.redundant ?? []).map((c) => c.face ?? c.row * p.cols + c.col));
  const hinted: number[] = [];
  for (let x = 0; x < p.hints.length; x++) if (p.hints[x] >= 0) hinted.push(x);
  const where = (h: number) => (p.tiling ? `face ${h}` : `(${Math.floor(h / p.cols)},${h % p.cols})`);
  const asked = all
    ? hinted
    : [...spread(hinted.filter((x) => claimed.has(x)), SPREAD), ...spread(hinted.filter((x) => !claimed.has(x)), SPREAD)];
  const wrong: string[] = [];
  for (const h of asked) {
    const truth = uniqueWithout(p, h, label);
    if (truth !== claimed.has(h)) wrong.push(`${where(h)} ${truth ? 'redundant' : 'necessary'} but reported ${claimed.has(h) ? 'redundant' : 'necessary'}`);
  }
  expect(wrong, label).toEqual([]);
  return asked.length;
}

describe('redundant hints equal a plain per-hint re-solve', () => {
  const sample = readdirSync(SAMPLE).filter((f) => f.endsWith('.slk')).sort();
  it('the corpus sample has at least 150 puzzles', () => {
    expect(sample.length).toBeGreaterThanOrEqual(150);
  });
  // In chunks: one test per 20 puzzles (a test that blocks for a minute upsets vitest's RPC).
  for (let i = 0; i < sample.length; i += 20) {
    const files = sample.slice(i, i + 20);
    it(`corpus sample ${i + 1} to ${i + files.length}, every hint`, () => {
      let hints = 0, redundant = 0;
      for (const f of files) {
        const p = load(join(SAMPLE, f));
        expect(p, f).not.toBeNull();
        hints += checkAgainstResolve(p!, f, true);
        redundant += checkSlitherlink(p!, { redundantTogether: false, secondSolution: false }).redundant?.length ?? 0;
      }
      // Both answers occur often enough for either kind of error to show.
      expect(hints).toBeGreaterThan(20 * files.length);
      expect(redundant).toBeGreaterThan(5 * files.length);
    }, 600_000);
  }

  // Every unique Slitherlink of the unit fixtures and samples (the corpus sample aside).
  const dirs = ['test/fixtures/slitherlink', 'test/fixtures/lsp', 'test/fixtures/parse', 'test/fixtures/preview', 'samples'];
  const fixtures: { label: string; p: SlitherlinkPuzzle }[] = [];
  for (const d of dirs) {
    for (const f of readdirSync(join(ROOT, d)).filter((x) => x.endsWith('.slk')).sort()) {
      const p = load(join(ROOT, d, f));
      if (p) fixtures.push({ label: `${d}/${f}`, p });
    }
  }

  it('the fixtures include small and 50x50 unique puzzles', () => {
    expect(fixtures.length).toBeGreaterThan(40);
    expect(fixtures.filter((x) => x.p.rows * x.p.cols <= 100 && checkSlitherlink(x.p, { redundant: false }).verdict === 'unique').length).toBeGreaterThan(5);
    expect(fixtures.filter((x) => x.p.rows * x.p.cols >= 2500).length).toBeGreaterThanOrEqual(3);
  });

  for (const { label, p } of fixtures) {
    const all = p.rows * p.cols <= ALL_HINTS_MAX_CELLS;
    it(`${label} (${p.rows}x${p.cols}, ${all ? 'every hint' : 'a spread of hints'}, when unique)`, () => {
      // Not unique (or, as lsp/long.slk, an empty grid too large to count: unknown): no redundant hints to check.
      const verdict = checkSlitherlink(p, { redundant: false, secondSolution: false }).verdict;
      if (verdict === 'unique') expect(checkAgainstResolve(p, label, all)).toBeGreaterThan(0);
    }, 600_000);
  }
});
