import { describe, expect, it } from 'vitest';
import { Grid } from '../../server/src/model/grid';
import { checkSlitherlink } from '../../server/src/slitherlink/check';
import { checkNumberlink } from '../../server/src/numberlink/check';
import { generateSlitherlink } from '../../server/src/slitherlink/design/generate';
import { generateNumberlink, randomHamiltonianPath } from '../../server/src/numberlink/generate';
import { randomInside } from '../../server/src/slitherlink/design/randomLoop';
import { loopEdgesOf, loopProblem } from '../../server/src/model/loop';
import { seededRandom } from '../../server/src/util/random';
import { puzzleOf } from '../../server/src/slitherlink/design/uniqueness';
import { bruteLoops } from './slitherlink-brute';
import { bruteSolve } from './numberlink-brute';
import { generateText } from '../../server/src/genres/generate';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import type { NumberlinkRule } from '../../server/src/numberlink/puzzle';

/** Labels whose two ends are neighbouring cells, read from the cells alone (not from the generator's paths). */
function neighbourPairs(rows: number, cols: number, cells: Int32Array): number {
  const ends = new Map<number, number[]>();
  cells.forEach((l, i) => { if (l >= 0) ends.set(l, [...(ends.get(l) ?? []), i]); });
  let n = 0;
  for (const [a, b] of ends.values()) {
    const ra = Math.floor(a! / cols), rb = Math.floor(b! / cols);
    if (Math.abs(ra - rb) + Math.abs((a! % cols) - (b! % cols)) === 1) n++;
  }
  void rows;
  return n;
}

const zero = { line: 0, col: 0, endLine: 0, endCol: 0 };
const nlk = (rows: number, cols: number, cells: Int32Array, labels: string[], rule: NumberlinkRule) => ({
  kind: 'numberlink' as const, rows, cols, cells, labels, rule, cellRanges: [], metadata: [], layout: 'compact' as const, headerRange: zero,
});

describe('random loops', () => {
  it('are always one simple loop', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rows = 2 + (seed % 7), cols = 2 + ((seed * 3) % 9);
      const inside = randomInside(rows, cols, seededRandom(seed), 0.3 + (seed % 5) / 10);
      const g = new Grid(rows, cols);
      expect(loopProblem(g, loopEdgesOf(g, inside))).toBeNull();
    }
  });
});

describe('Slitherlink generator', () => {
  it('small puzzles are unique by brute force, minimal, and solved by the intended loop', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const [rows, cols] = seed % 2 ? [4, 4] : [3, 5];
      const r = generateSlitherlink(rows, cols, { seed });
      expect(r.minimal).toBe(true);
      const loops = bruteLoops(rows, cols, r.hints, 2);
      expect(loops.length).toBe(1);
      const g = new Grid(rows, cols);
      const on = loopEdgesOf(g, r.inside);
      expect(loops[0]).toEqual([...on.keys()].filter((e) => on[e]));
      for (let c = 0; c < r.hints.length; c++) {
        if (r.hints[c] < 0) continue;
        const less = Int8Array.from(r.hints);
        less[c] = -1;
        expect(bruteLoops(rows, cols, less, 2).length).toBe(2);
      }
    }
  });
  it('a 10x10 puzzle is unique by the solver; a density target leaves more hints', () => {
    const r = generateSlitherlink(10, 10, { seed: 5 });
    expect(checkSlitherlink(puzzleOf(10, 10, r.hints), { redundant: false }).verdict).toBe('unique');
    const d = generateSlitherlink(10, 10, { seed: 5, density: 0.6 });
    const n = d.hints.filter((h) => h >= 0).length;
    expect(n).toBeGreaterThanOrEqual(60);
    expect(checkSlitherlink(puzzleOf(10, 10, d.hints), { redundant: false }).verdict).toBe('unique');
  });
});

describe('Numberlink generator', () => {
  it('random Hamiltonian paths visit every cell once through adjacent cells', () => {
    for (const [rows, cols, seed] of [[5, 5, 1], [4, 7, 2], [1, 6, 3], [6, 3, 4]]) {
      const p = randomHamiltonianPath(rows, cols, seededRandom(seed));
      expect(new Set(p).size).toBe(rows * cols);
      for (let i = 1; i < p.length; i++) {
        const a = p[i - 1], b = p[i];
        expect(Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) + Math.abs((a % cols) - (b % cols))).toBe(1);
      }
    }
  });
  for (const rule of [{ fill: false, notouch: false }, { fill: true, notouch: false }, { fill: true, notouch: true }]) {
    it(`small puzzles (${rule.fill ? 'fill' : 'nikoli'}${rule.notouch ? ' notouch' : ''}) are unique by brute force and covered`, () => {
      for (let seed = 1; seed <= 5; seed++) {
        const [rows, cols] = seed % 2 ? [4, 4] : [4, 5];
        const r = generateNumberlink(rows, cols, { seed, rule, pairs: 3 });
        expect(r.unique).toBe(true);
        const b = bruteSolve(rows, cols, r.cells, r.labels.length, rule);
        expect(b.count).toBe(1);
        expect(r.paths.reduce((a, p) => a + p.length, 0)).toBe(rows * cols);
      }
    });
  }
  const RULES: NumberlinkRule[] = [{ fill: false, notouch: false }, { fill: true, notouch: false }, { fill: true, notouch: true }];
  it('no pair of neighbouring cells by default; still unique by the checker (sizes, seeds, rules)', () => {
    let pairs = 0;
    for (const [rows, cols] of [[3, 3], [4, 4], [4, 6], [6, 6], [8, 8], [7, 11], [12, 12]] as const) {
      for (let seed = 1; seed <= 4; seed++) {
        const rule = RULES[(seed + rows) % 3]!;
        const r = generateNumberlink(rows, cols, { seed, rule });
        expect(r.unique).toBe(true);
        expect(r.adjacentPairs).toBe(0);
        expect(neighbourPairs(rows, cols, r.cells), `${rows}x${cols} seed ${seed}`).toBe(0);
        expect(r.paths.reduce((a, p) => a + p.length, 0)).toBe(rows * cols);
        const res = checkNumberlink(nlk(rows, cols, r.cells, r.labels, rule), { defaultRule: rule });
        expect(res.verdict, `${rows}x${cols} seed ${seed}`).toBe('unique');
        pairs += r.labels.length;
      }
    }
    expect(pairs).toBeGreaterThan(100);
  });

  it('allowAdjacent makes the puzzles of before the option (neighbouring pairs included)', () => {
    // `linkpuzzle generate numberlink 10x10 --seed 3` before pairs of neighbours were avoided
    const before = [
      '.........G', '.E.......D', '...E9449.7', '3C....A...', '3.....F.5.', '..GA.8..57', '.F...C....', '.22....B6.', '.11.B8..6.', '........D.',
    ].join('\n');
    const g = generateText({ kind: 'numberlink', rows: 10, cols: 10, seed: 3, options: { allowAdjacent: true } });
    expect(g.text).toBe(`# generator: linkpuzzle generate numberlink 10x10 --seed 3 --allow-adjacent\n10 10\n${before}\n`);
    const p = parseNumberlink(g.text).puzzle!;
    expect(neighbourPairs(10, 10, p.cells)).toBe(6);
    expect(generateNumberlink(10, 10, { seed: 3, allowAdjacent: true }).adjacentPairs).toBe(6);
    // the default puzzle of the same seed has none
    const d = generateText({ kind: 'numberlink', rows: 10, cols: 10, seed: 3 });
    expect(neighbourPairs(10, 10, parseNumberlink(d.text).puzzle!.cells)).toBe(0);
    for (let seed = 1; seed <= 4; seed++) {
      const r = generateNumberlink(8, 8, { seed, allowAdjacent: true });
      expect(r.unique).toBe(true);
      expect(r.attempts).toBe(1);
      expect(neighbourPairs(8, 8, r.cells)).toBe(r.adjacentPairs);
    }
  });

  it('a 2x2 grid has no puzzle without neighbouring pairs: it says so', () => {
    const r = generateNumberlink(2, 2, { seed: 1 });
    expect(r.unique).toBe(true);
    expect(r.adjacentPairs).toBe(2);
    expect(r.attempts).toBeGreaterThan(1);
  });

  it('a 10x10 nikoli puzzle is good by the solver', () => {
    const r = generateNumberlink(10, 10, { seed: 3 });
    const zero = { line: 0, col: 0, endLine: 0, endCol: 0 };
    const res = checkNumberlink({
      kind: 'numberlink', rows: 10, cols: 10, cells: r.cells, labels: r.labels, rule: { fill: false, notouch: false },
      cellRanges: [], metadata: [], layout: 'compact', headerRange: zero,
    });
    expect(res.verdict).toBe('unique');
    expect(res.covers).toBe(true);
  });
});
