import { describe, expect, it } from 'vitest';
import { Grid } from '../../server/src/model/grid';
import { hintFamily } from '../../server/src/slitherlink/design/hintFamily';
import { puzzleFromLoop } from '../../server/src/slitherlink/design/fromLoop';
import { hintsOfEdges, insideOfEdges, loopEdgesOf, loopProblem } from '../../server/src/model/loop';
import { bitsOf, bruteHintFamily, hardKey, popcount } from './design-brute';
import { bruteLoops } from './slitherlink-brute';

const LOOPS: Array<{ name: string; rows: number; cols: number; inside: number[]; mask?: number[] }> = [
  { name: '3x3 plus', rows: 3, cols: 3, inside: [0, 1, 0, 1, 1, 1, 0, 1, 0] },
  { name: '3x3 single cell', rows: 3, cols: 3, inside: [0, 0, 0, 0, 1, 0, 0, 0, 0] },
  { name: '3x3 L', rows: 3, cols: 3, inside: [1, 0, 0, 1, 0, 0, 1, 1, 1] },
  { name: '3x4 ring-ish', rows: 3, cols: 4, inside: [1, 1, 1, 0, 1, 0, 1, 1, 1, 0, 0, 1] },
  { name: '4x4 blob', rows: 4, cols: 4, inside: [0, 1, 1, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0] },
  { name: '4x4 snake', rows: 4, cols: 4, inside: [1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0] },
  { name: '4x4 masked', rows: 4, cols: 4, inside: [0, 1, 1, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0],
    mask: [1, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1, 0, 1] },
];

function uniqueByBrute(rows: number, cols: number, hints: Int8Array): boolean {
  return bruteLoops(rows, cols, hints, 2).length === 1;
}

describe('design loop helpers', () => {
  it('edges of an inside map form one loop and round-trip', () => {
    const g = new Grid(4, 4);
    const inside = Uint8Array.from(LOOPS[4].inside);
    const on = loopEdgesOf(g, inside);
    expect(loopProblem(g, on)).toBeNull();
    expect(Array.from(insideOfEdges(g, on))).toEqual(Array.from(inside));
  });
  it('rejects two pieces, holes and corner touches', () => {
    const g = new Grid(3, 3);
    expect(loopProblem(g, loopEdgesOf(g, [1, 0, 1, 0, 0, 0, 0, 0, 0]))).toMatch(/more than one loop/);
    expect(loopProblem(g, loopEdgesOf(g, [1, 1, 1, 1, 0, 1, 1, 1, 1]))).toMatch(/more than one loop/);
    expect(loopProblem(g, loopEdgesOf(g, [1, 0, 0, 0, 1, 0, 0, 0, 0]))).toMatch(/touches itself/);
    expect(loopProblem(g, loopEdgesOf(g, new Uint8Array(9)))).toMatch(/empty/);
  });
});

describe('hint-subset family (Yoshinaka et al. 2012, §7) against brute force', () => {
  for (const L of LOOPS) {
    it(L.name, () => {
      const g = new Grid(L.rows, L.cols);
      const target = hintsOfEdges(g, loopEdgesOf(g, L.inside));
      const maskBits = L.mask ? bitsOf(L.mask.flatMap((m, i) => (m ? [i] : []))) : undefined;
      const brute = bruteHintFamily(L.rows, L.cols, target, maskBits);
      const r = hintFamily(L.rows, L.cols, L.inside, { mask: L.mask });
      if (!r.ok) throw new Error(r.stopped.message);
      expect(r.count).toBe(BigInt(brute.count));
      expect(r.minimalCount).toBe(BigInt(brute.minimalCount));
      expect(r.minimumSize).toBe(brute.minimumSize);
      if (brute.count > 0) {
        const minBits = bitsOf(r.minimum!);
        expect(popcount(minBits)).toBe(brute.minimumSize);
        expect(brute.isGood(minBits)).toBe(true);
        const hardBits = bitsOf(r.hardest!);
        expect(brute.isGood(hardBits)).toBe(true);
        expect(hardKey(hardBits, target, L.rows * L.cols)).toBe(brute.hardestKey);
        if (maskBits !== undefined) expect(hardBits & ~maskBits).toBe(0);
      }
    });
  }
});

describe("Shirai's removal (puzzle from a loop)", () => {
  for (const L of LOOPS) {
    it(`${L.name}: unique and minimal by brute force`, () => {
      const g = new Grid(L.rows, L.cols);
      const target = hintsOfEdges(g, loopEdgesOf(g, L.inside));
      for (const seed of [1, 2, 3]) {
        const r = puzzleFromLoop(L.rows, L.cols, L.inside, { seed, mask: L.mask });
        const maskBits = L.mask ? bitsOf(L.mask.flatMap((m, i) => (m ? [i] : []))) : 2 ** (L.rows * L.cols) - 1;
        const brute = bruteHintFamily(L.rows, L.cols, target, maskBits);
        if (brute.count === 0) { expect(r.notUnique).toBe(true); continue; }
        expect(r.minimal).toBe(true);
        // the hints agree with the loop and stay within the mask
        for (let c = 0; c < r.hints.length; c++) if (r.hints[c] >= 0) expect(r.hints[c]).toBe(target[c]);
        expect(uniqueByBrute(L.rows, L.cols, r.hints)).toBe(true);
        for (let c = 0; c < r.hints.length; c++) {
          if (r.hints[c] < 0) continue;
          const less = Int8Array.from(r.hints);
          less[c] = -1;
          expect(uniqueByBrute(L.rows, L.cols, less)).toBe(false);
        }
        const bits = bitsOf([...r.hints.keys()].filter((c) => r.hints[c] >= 0));
        expect(bits & ~maskBits).toBe(0);
      }
    });
  }
  it('prefers keeping the marked hints', () => {
    const L = LOOPS[4];
    const prefer = new Uint8Array(16);
    prefer[5] = 1; // the 0 in the middle
    const r = puzzleFromLoop(4, 4, L.inside, { seed: 7, preferKeep: prefer });
    expect(r.hints[5]).toBe(0);
  });
  it('rejects a drawing that is not one loop', () => {
    expect(() => puzzleFromLoop(3, 3, [1, 0, 1, 0, 0, 0, 0, 0, 0])).toThrow(/more than one loop/);
  });
});

import { parseSlitherlink } from '../../server/src/slitherlink/parse';

describe('.slk solution block', () => {
  it('parses the block after --- and leaves the grid as before', () => {
    const text = '# title: t\n. 3 .\n3 . 3\n. 3 .\n---\n. x .\nx x x\n. x .\n';
    const { puzzle, problems } = parseSlitherlink(text);
    expect(problems).toEqual([]);
    expect(Array.from(puzzle!.hints)).toEqual(Array.from(parseSlitherlink('# title: t\n. 3 .\n3 . 3\n. 3 .\n').puzzle!.hints));
    expect(Array.from(puzzle!.solution!)).toEqual([0, 1, 0, 1, 1, 1, 0, 1, 0]);
    expect(puzzle!.solutionRange).toEqual({ line: 4, col: 0, endLine: 7, endCol: 5 });
  });
  it('compact marks, comments and blank lines inside the block', () => {
    const { puzzle, problems } = parseSlitherlink('...\n...\n  ---  \n# loop\n.x.\n\nxx.\n');
    expect(problems).toEqual([]);
    expect(Array.from(puzzle!.solution!)).toEqual([0, 1, 0, 1, 1, 0]);
  });
  it('reports short, long and bad rows with ranges', () => {
    const r1 = parseSlitherlink('...\n...\n---\n.x.\n');
    expect(r1.problems.map((p) => p.code)).toEqual(['solution-rows']);
    expect(r1.puzzle!.solution).toBeUndefined();
    const r2 = parseSlitherlink('...\n...\n---\n.x\n.xo\n');
    expect(r2.problems.map((p) => p.code)).toEqual(['solution-row-length', 'solution-cell']);
    expect(r2.problems[1].range).toEqual({ line: 4, col: 2, endLine: 4, endCol: 3 });
  });
  it('a --- row with no marks after it is still a row of three empty cells', () => {
    const { puzzle, problems } = parseSlitherlink('3.3\n---\n3.3\n');
    expect(problems).toEqual([]);
    expect(puzzle!.rows).toBe(3);
    expect(puzzle!.solution).toBeUndefined();
  });
});

import { hasOtherLoop } from '../../server/src/slitherlink/design/uniqueness';
import { randomInside } from '../../server/src/slitherlink/design/randomLoop';
import { seededRandom } from '../../server/src/util/random';

describe('hasOtherLoop (the removal and generator uniqueness test) against brute force', () => {
  it('random loops and random hint subsets of them', () => {
    let yes = 0, no = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const rand = seededRandom(seed);
      const [rows, cols] = seed % 3 === 0 ? [4, 5] : seed % 3 === 1 ? [4, 4] : [3, 5];
      const inside = randomInside(rows, cols, rand, 0.3 + rand() * 0.4);
      const g = new Grid(rows, cols);
      const on = loopEdgesOf(g, inside);
      const full = hintsOfEdges(g, on);
      const keep = 0.2 + rand() * 0.6;
      const hints = full.map((h) => (rand() < keep ? h : -1)) as Int8Array;
      const other = hasOtherLoop(g, Int8Array.from(hints), on);
      const brute = bruteLoops(rows, cols, hints, 2).length > 1;
      expect(other).toBe(brute);
      if (brute) yes++; else no++;
    }
    expect(yes).toBeGreaterThan(5);
    expect(no).toBeGreaterThan(5);
  });
});

import { fromLoopVerdict } from '../../server/src/slitherlink/design/fromLoop';

describe('puzzle from a loop under limits: "unique" only when a check proved it', () => {
  // Masks that leave deduction short of the loop, so the first check (every allowed hint in)
  // needs the search and a small node limit stops it.
  const SPARSE: Array<{ name: string; rows: number; cols: number; inside: number[]; mask: number[] }> = [
    { name: '4x4 blob, two cells allowed', rows: 4, cols: 4, inside: LOOPS[4].inside, mask: [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0] },
    { name: '4x4 snake, corners allowed', rows: 4, cols: 4, inside: LOOPS[5].inside, mask: [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1] },
    { name: '3x4 ring-ish, one row allowed', rows: 3, cols: 4, inside: LOOPS[3].inside, mask: [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0] },
  ];
  it('the first check stopped by the node limit: not proved unique, never "unique"', () => {
    const L = SPARSE[0];
    const r = puzzleFromLoop(L.rows, L.cols, L.inside, { mask: L.mask, control: { limits: { maxNodes: 1 } } });
    expect(r.stopped?.limit).toBe('nodes');
    expect(r.checks).toBe(1);
    expect(r.unique).toBe(false);
    expect(r.minimal).toBe(false);
    const v = fromLoopVerdict(r, { onlyHinted: true });
    expect(v.status).toBe('unproved');
    expect(v.summary).toMatch(/^the loop was not proved unique: the check with every allowed hint in stopped after \d+ nodes at level \d+ of \d+ \(node limit 1\)$/);
    expect(v.summary).not.toMatch(/minimal|\d+ hints/);
  });
  it('the first check done, then stopped before the next: unique (proved), not proved minimal', () => {
    // Every hint of a 6x6 loop: deduction alone proves it; cancelling before the first removal check.
    const inside = randomInside(6, 6, seededRandom(4), 0.5);
    let removing = false;
    const r = puzzleFromLoop(6, 6, inside, {
      control: { isCancelled: () => removing, onProgress: (p) => { removing ||= p.phase === 'removing hints'; } },
    });
    expect(r.checks).toBe(1);
    expect(r.stopped?.limit).toBe('cancelled');
    expect(uniqueByBrute(6, 6, r.hints)).toBe(true);
    const v = fromLoopVerdict(r);
    expect(v.status).toBe('unique');
    expect(v.summary).toMatch(/^36 hints, unique, not proved minimal; hint removal cancelled after 1 checks$/);
  });
  it('every verdict under every node limit agrees with brute force', () => {
    const seen = { unique: 0, 'not-unique': 0, unproved: 0, minimal: 0, unprovedMinimal: 0 };
    for (const L of [...LOOPS, ...SPARSE]) {
      const g = new Grid(L.rows, L.cols);
      const full = hintsOfEdges(g, loopEdgesOf(g, L.inside));
      const allowed = full.map((h, c) => (!L.mask || L.mask[c] ? h : -1)) as Int8Array;
      const uniqueWithAll = uniqueByBrute(L.rows, L.cols, allowed);
      for (const maxNodes of [1, 2, 4, 8, 16, 64, 1000]) {
        for (const seed of [1, 2]) {
          const what = `${L.name}, maxNodes ${maxNodes}, seed ${seed}`;
          const r = puzzleFromLoop(L.rows, L.cols, L.inside, { seed, mask: L.mask, control: { limits: { maxNodes } } });
          const v = fromLoopVerdict(r);
          seen[v.status]++;
          if (v.status === 'not-unique') expect(uniqueWithAll, what).toBe(false);
          if (v.status === 'unproved') {
            expect(r.stopped, what).toBeDefined();
            expect(r.checks, what).toBe(1);
            expect(Array.from(r.hints), what).toEqual(Array.from(allowed));
            expect(r.minimal, what).toBe(false);
          }
          if (v.status === 'unique') expect(uniqueByBrute(L.rows, L.cols, r.hints), what).toBe(true);
          if (r.minimal) {
            seen.minimal++;
            expect(v.status, what).toBe('unique');
            for (let c = 0; c < r.hints.length; c++) {
              if (r.hints[c] < 0) continue;
              const less = Int8Array.from(r.hints);
              less[c] = -1;
              expect(uniqueByBrute(L.rows, L.cols, less), `${what}, cell ${c}`).toBe(false);
            }
          } else if (v.status === 'unique') seen.unprovedMinimal++;
        }
      }
    }
    // Each reading occurs (the limits above are small enough to stop checks, large enough not to).
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeGreaterThan(0);
  });
});

import { runDesignJob } from '../../server/src/worker/designJobs';
import { DEFAULT_LIMITS } from '../../server/src/zdd/control';

describe("the worker's generate job reads the result as the CLI does", () => {
  const generate = (limits: Partial<typeof DEFAULT_LIMITS>, isCancelled?: (phase: string) => boolean) => {
    let phase = '';
    const a = runDesignJob(
      { type: 'generate', request: { kind: 'slitherlink', rows: 8, cols: 8, seed: 3 }, limits: { ...DEFAULT_LIMITS, ...limits } },
      { isCancelled: () => isCancelled?.(phase) ?? false, onProgress: (p) => { phase = p.phase; } },
    );
    if (a.type !== 'generate' || 'error' in a.result) throw new Error('no answer');
    return a.result;
  };
  it('stopped right after the first check proved the loop unique: a unique puzzle (not "not proved unique")', () => {
    const r = generate({}, (phase) => phase === 'removing hints');
    expect(r.note).toMatch(/^\d+ hints, unique, not proved minimal \(1 checks\); hint removal cancelled after 1 checks$/);
    expect(r.ok).toBe(true);
    const p = parseSlitherlink(r.text).puzzle!;
    expect(uniqueByBrute(8, 8, p.hints)).toBe(true);
  });
  it('without limits: minimal', () => {
    const r = generate({});
    expect(r.note).toMatch(/^\d+ hints, minimal \(\d+ checks\)$/);
    expect(r.ok).toBe(true);
  });
});
