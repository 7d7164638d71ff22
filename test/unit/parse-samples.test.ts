/**
 * The puzzles in samples/: each parses as its title says, and its stated verdict holds by an
 * independent brute force (the README's first command prints these verdicts).
 */
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { checkInvariants } from './parse-helpers';
import { slkCount, nlkCount } from './parse-samples-brute';

const SAMPLES = join(__dirname, '../../samples');
const read = (f: string) => readFileSync(join(SAMPLES, f), 'utf8');

/** Expected verdicts (count of solutions under the file's rule) of the samples. */
const verdicts: Record<string, number | 'invalid'> = {
  'unique-5x5.slk': 1,
  'ambiguous.slk': 2,
  'no-solution.slk': 0,
  'broken.slk': 'invalid',
  'unique.nlk': 1,
  'flow.nlk': 1,
  'ambiguous.nlk': 2,
  'broken.nlk': 'invalid',
};

describe('samples/', () => {
  it('has the samples this test knows, and every sample has a title', () => {
    const files = readdirSync(SAMPLES).filter((f) => f.endsWith('.slk') || f.endsWith('.nlk')).sort();
    expect(files).toEqual(expect.arrayContaining(Object.keys(verdicts)));
    for (const f of files) {
      const r = f.endsWith('.slk') ? parseSlitherlink(read(f)) : parseNumberlink(read(f));
      expect(r.puzzle?.metadata.some((m) => m.key === 'title'), f).toBe(true);
    }
  });

  for (const [file, verdict] of Object.entries(verdicts)) {
    if (verdict === 'invalid') continue;
    it(`${file}: clean parse, ${verdict} solution(s) by brute force`, () => {
      const text = read(file);
      if (file.endsWith('.slk')) {
        const r = parseSlitherlink(text);
        expect(r.problems).toEqual([]);
        checkInvariants(text, r, 'slitherlink');
        const p = r.puzzle!;
        expect(slkCount(p.rows, p.cols, p.hints, 10).count).toBe(verdict);
      } else {
        const r = parseNumberlink(text);
        expect(r.problems).toEqual([]);
        checkInvariants(text, r, 'numberlink');
        const p = r.puzzle!;
        const res = nlkCount(p.rows, p.cols, p.cells, p.labels.length, p.rule.fill, p.rule.notouch, 10);
        expect(res.count).toBe(verdict);
        // Under the default rule a unique puzzle is good when its solution uses every cell.
        if (verdict === 1) expect(res.covering).toBe(1);
      }
    });
  }

  it('unique-5x5.slk: the official solution, and exactly the hints at (3,5) and (5,5) are redundant', () => {
    const p = parseSlitherlink(read('unique-5x5.slk')).puzzle!;
    const { first } = slkCount(p.rows, p.cols, p.hints, 2);
    // Official solution of puzzlekit 13_5x5 (../shared/corpus/answers.json, `inside`).
    const official = ['xx.xx', 'xxxxx', '.xxx.', '.xxx.', '.....'].join('');
    expect(first!.map((v) => (v ? 'x' : '.')).join('')).toBe(official);
    const redundant: string[] = [];
    for (let i = 0; i < p.hints.length; i++) {
      if (p.hints[i] < 0) continue;
      const h = Int8Array.from(p.hints);
      h[i] = -1;
      if (slkCount(p.rows, p.cols, h, 2).count === 1) redundant.push(`${Math.floor(i / p.cols) + 1},${(i % p.cols) + 1}`);
    }
    expect(redundant).toEqual(['3,5', '5,5']);
  });

  it('broken.slk: a hint of 5 and a short row, with their ranges; the grid is still recovered', () => {
    const text = read('broken.slk');
    const r = parseSlitherlink(text);
    checkInvariants(text, r, 'slitherlink');
    expect(r.problems.map((p) => [p.code, p.range.line, p.range.col, p.range.endCol])).toEqual([
      ['hint-too-large', 2, 2, 3],
      ['row-length', 3, 0, 5],
    ]);
    expect([r.puzzle!.rows, r.puzzle!.cols]).toEqual([4, 4]);
  });

  it('broken.nlk: labels C and D occur once each', () => {
    const text = read('broken.nlk');
    const r = parseNumberlink(text);
    checkInvariants(text, r, 'numberlink');
    expect(r.problems.map((p) => [p.code, p.range.line, p.range.col, p.range.endCol])).toEqual([
      ['label-count', 2, 0, 1],
      ['label-count', 4, 3, 4],
    ]);
    expect(r.problems[0].message).toContain("'C' occurs once");
    expect(r.problems[1].message).toContain("'D' occurs once");
  });
});

describe('the brute force used above agrees with known counts', () => {
  it('cycles on empty grids: OEIS A140517 (3x3, 4x4, 5x5 vertices: 13, 213, 9349)', () => {
    for (const [n, count] of [[2, 13], [3, 213], [4, 9349]]) {
      expect(slkCount(n, n, new Int8Array(n * n).fill(-1)).count).toBe(count);
    }
  });

  it('Numberlink: corpus answers (flow 5x5 unique, unsolvable cross none) and FORMATS.md example', () => {
    const flow = parseNumberlink('5 5\nR.G.Y\n..B.O\n.....\n.G.Y.\n.RBO.\n').puzzle!;
    expect(nlkCount(5, 5, flow.cells, flow.labels.length, true, true).count).toBe(1);
    const cross = parseNumberlink('5 5\nR...G\n.....\n.....\n.....\nG...R\n').puzzle!;
    expect(nlkCount(5, 5, cross.cells, cross.labels.length, true, true).count).toBe(0);
    // Two disjoint pairs on a 1x4 strip: exactly one way under every rule.
    const strip = parseNumberlink('4 1\naabb').puzzle!;
    expect(nlkCount(1, 4, strip.cells, 2, true, true).count).toBe(1);
    // One pair in opposite corners of a 2x2: two paths, and neither covers the fourth cell.
    const sq = parseNumberlink('2 2\na.\n.a').puzzle!;
    expect(nlkCount(2, 2, sq.cells, 1, false, false).count).toBe(2);
    expect(nlkCount(2, 2, sq.cells, 1, true, false).count).toBe(0);
  });
});
