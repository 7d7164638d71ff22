import { describe, expect, it } from 'vitest';
import { Grid } from '../../server/src/model/grid';
import { deduce } from '../../server/src/slitherlink/deduce';
import { buildLoops } from '../../server/src/slitherlink/solve';
import { checkSlitherlink } from '../../server/src/slitherlink/check';
import { suggestHints, valueCounts } from '../../server/src/slitherlink/design/makeUnique';
import { puzzleOf } from '../../server/src/slitherlink/design/uniqueness';
import { seededRandom } from '../../server/src/util/random';
import { bruteLoops } from './slitherlink-brute';

function bruteValueCounts(rows: number, cols: number, hints: Int8Array): number[] {
  const grid = new Grid(rows, cols);
  const out = new Array(rows * cols * 5).fill(0);
  for (const loop of bruteLoops(rows, cols, hints)) {
    const k = new Int32Array(rows * cols);
    for (const e of loop) for (const c of grid.edgeCells(e)) if (c >= 0) k[c]++;
    for (let c = 0; c < rows * cols; c++) out[c * 5 + k[c]]++;
  }
  return out;
}

function randomHints(rows: number, cols: number, seed: number, density: number): Int8Array {
  const rand = seededRandom(seed);
  const h = new Int8Array(rows * cols).fill(-1);
  for (let i = 0; i < h.length; i++) if (rand() < density) h[i] = Math.floor(rand() * 4);
  return h;
}

describe('per-cell value counts against brute force', () => {
  const cases: Array<[number, number, number]> = [[3, 3, 0], [3, 4, 0.2], [4, 4, 0.25], [4, 5, 0.3], [5, 5, 0.25]];
  let seed = 1;
  for (const [rows, cols, density] of cases) {
    it(`${rows}x${cols}, hint density ${density}`, () => {
      const grid = new Grid(rows, cols);
      let tested = 0;
      for (let trial = 0; trial < 40 && tested < 3; trial++) {
        const hints = randomHints(rows, cols, seed++, density);
        const d = deduce({ rows, cols, hints });
        if (d.contradiction) continue;
        const fam = buildLoops(grid, hints, d.edges);
        if (fam.zdd.count() < 2n) continue;
        const brute = bruteValueCounts(rows, cols, hints);
        expect(valueCounts(grid, fam).map(Number)).toEqual(brute); // explicit tally
        expect(valueCounts(grid, fam, 0).map(Number)).toEqual(brute); // DP in doubles
        expect(valueCounts(grid, fam, 0, undefined, true).map(Number)).toEqual(brute); // DP in BigInt
        tested++;
      }
      expect(tested).toBeGreaterThan(0);
    });
  }
});

describe('make-unique suggestions', () => {
  it('every suggested single hint, applied, gives a unique puzzle (and the others do not)', () => {
    let checked = 0;
    for (let seed = 100; seed < 140 && checked < 4; seed++) {
      const [rows, cols] = [4, 4];
      const hints = randomHints(rows, cols, seed, 0.4);
      const r = suggestHints(rows, cols, hints);
      if (r.count === null || r.count < 2n || r.singles.length === 0) continue;
      const brute = bruteValueCounts(rows, cols, hints);
      const expected: string[] = [];
      for (let c = 0; c < rows * cols; c++) if (hints[c] < 0) for (let v = 0; v <= 4; v++) if (brute[c * 5 + v] === 1) expected.push(`${c}:${v}`);
      expect(r.singles.map((s) => `${s.row * cols + s.col}:${s.value}`)).toEqual(expected);
      for (const s of r.singles) {
        const h2 = Int8Array.from(hints);
        h2[s.row * cols + s.col] = s.value;
        expect(checkSlitherlink(puzzleOf(rows, cols, h2), { redundant: false }).verdict).toBe('unique');
        expect(bruteLoops(rows, cols, h2, 2).length).toBe(1);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('an empty 3x3 grid needs a pair; the pair found is checked by brute force', () => {
    const hints = new Int8Array(9).fill(-1);
    const r = suggestHints(3, 3, hints);
    expect(r.count).toBe(BigInt(bruteLoops(3, 3, hints).length));
    const brute = bruteValueCounts(3, 3, hints);
    const anySingle = brute.some((n, i) => n === 1 && hints[Math.floor(i / 5)] < 0);
    expect(r.singles.length > 0).toBe(anySingle);
    if (!anySingle) {
      const best = Math.min(...brute.filter((n) => n > 1 && n < Number(r.count)));
      expect(r.bestSingle!.count).toBe(BigInt(best));
      expect(r.pair).toBeDefined();
      const h2 = Int8Array.from(hints);
      h2[r.pair!.first.row * 3 + r.pair!.first.col] = r.pair!.first.value;
      h2[r.pair!.second.row * 3 + r.pair!.second.col] = r.pair!.second.value;
      expect(BigInt(bruteLoops(3, 3, h2).length)).toBe(r.pair!.count);
    }
  });

  it('a puzzle with no solution gets hint changes that restore one', () => {
    // 3 3 side by side in a corner of a 2x2 block with a 0: no loop
    const hints = Int8Array.from([3, 0, -1, -1, 3, -1, -1, -1, -1]);
    expect(bruteLoops(3, 3, hints).length).toBe(0);
    const r = suggestHints(3, 3, hints);
    expect(r.count).toBe(0n);
    expect(r.repairs!.length).toBeGreaterThan(0);
    for (const fix of r.repairs!) {
      const h2 = Int8Array.from(hints);
      h2[fix.row * 3 + fix.col] = fix.value ?? -1;
      expect(BigInt(bruteLoops(3, 3, h2).length)).toBe(fix.count);
    }
    // unique repairs come first
    const firstNonUnique = r.repairs!.findIndex((x) => x.count !== 1n);
    if (firstNonUnique >= 0) expect(r.repairs!.slice(firstNonUnique).every((x) => x.count !== 1n)).toBe(true);
  });
});
