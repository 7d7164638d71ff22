import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { parsePuzzle } from '../../server/src/genres/index';
import { kindFromPath } from '../../server/src/genres/index';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { checkInvariants, sliceRange, render } from './parse-helpers';

const FIX = join(__dirname, '../fixtures/parse');
const expected: Record<string, { kind: string; rows: number; cols: number }> = JSON.parse(
  readFileSync(join(FIX, 'expected.json'), 'utf8'),
);

function ok(text: string): SlitherlinkPuzzle {
  const r = parseSlitherlink(text);
  expect(r.problems).toEqual([]);
  checkInvariants(text, r, 'slitherlink');
  return r.puzzle!;
}

function problems(text: string) {
  const r = parseSlitherlink(text);
  checkInvariants(text, r, 'slitherlink');
  return r.problems.map((p) => ({ code: p.code, range: [p.range.line, p.range.col, p.range.endLine, p.range.endCol], text: sliceRange(text, p.range), message: p.message }));
}

const R = (line: number, col: number, endLine: number, endCol: number) => ({ line, col, endLine, endCol });

describe('parseSlitherlink: well-formed files', () => {
  it('reads the FORMATS.md example (tokens) with metadata and cell ranges', () => {
    const text = '# title: tiny\n. 3 .\n3 . 3\n. 3 .\n';
    const p = ok(text);
    expect([p.rows, p.cols, p.layout]).toEqual([3, 3, 'tokens']);
    expect(Array.from(p.hints)).toEqual([-1, 3, -1, 3, -1, 3, -1, 3, -1]);
    expect(p.metadata).toEqual([{ key: 'title', value: 'tiny', range: R(0, 0, 0, 13), valueRange: R(0, 9, 0, 13) }]);
    expect(p.cellRanges[0]).toEqual(R(1, 0, 1, 1));
    expect(p.cellRanges[5]).toEqual(R(2, 4, 2, 5));
    expect(p.cellRanges[8]).toEqual(R(3, 4, 3, 5));
  });

  it('reads compact rows, `-` as empty, 0..4, no trailing newline', () => {
    const p = ok('0-4\n12.');
    expect([p.rows, p.cols, p.layout]).toEqual([2, 3, 'compact']);
    expect(Array.from(p.hints)).toEqual([0, -1, 4, 1, 2, -1]);
    expect(p.cellRanges[4]).toEqual(R(1, 1, 1, 2));
  });

  it('treats CRLF, lone CR and LF alike, with LSP line numbers', () => {
    for (const nl of ['\n', '\r\n', '\r']) {
      const text = ['# a: b', '3.2', '', '  .3.  ', '2.3', ''].join(nl);
      const p = ok(text);
      expect(Array.from(p.hints)).toEqual([3, -1, 2, -1, 3, -1, 2, -1, 3]);
      expect(p.cellRanges[4]).toEqual(R(3, 3, 3, 4));
      expect(p.metadata[0].range).toEqual(R(0, 0, 0, 6));
    }
  });

  it('accepts tabs and runs of blanks between tokens, and trailing blanks', () => {
    const p = ok('3\t.  2 \t\n.\t3 .\t\n');
    expect(p.layout).toBe('tokens');
    expect(Array.from(p.hints)).toEqual([3, -1, 2, -1, 3, -1]);
    expect(p.cellRanges[2]).toEqual(R(0, 5, 0, 6));
  });

  it('keeps comments that look like metadata or rows out of the grid', () => {
    const p = ok('# rule: fill\n#3 3 3\n  # 1.2\n#see https://x.y/z\n3.\n.1\n');
    expect([p.rows, p.cols]).toEqual([2, 2]);
    expect(p.metadata.map((m) => [m.key, m.value])).toEqual([['rule', 'fill']]);
  });

  it('lower-cases metadata keys, trims values, allows an empty value and colons in values', () => {
    const p = ok('#Title:   A: b  \n# loopy: 10x10t0:2a\n# note:\n.\n');
    expect(p.metadata.map((m) => [m.key, m.value])).toEqual([['title', 'A: b'], ['loopy', '10x10t0:2a'], ['note', '']]);
    expect(p.metadata[0].valueRange).toEqual(R(0, 10, 0, 14));
  });

  it('ignores a byte-order mark', () => {
    const p = ok('\uFEFF3.\n.2');
    expect(p.cellRanges[0]).toEqual(R(0, 1, 0, 2));
  });

  it('a one-cell and a one-column grid', () => {
    expect(Array.from(ok('4').hints)).toEqual([4]);
    const p = ok('3\n.\n0\n');
    expect([p.rows, p.cols]).toEqual([3, 1]);
  });

  it('keeps "2 2" over a 2-wide grid as a row of hints (it is a valid file)', () => {
    const p = ok('2 2\n. 3\n1 .\n');
    expect([p.rows, p.cols]).toEqual([3, 2]);
  });
});

describe('parseSlitherlink: problems with exact ranges', () => {
  it('no grid rows', () => {
    expect(problems('')).toMatchObject([{ code: 'no-grid', range: [0, 0, 0, 0] }]);
    expect(problems('# title: x\n\n  \n')).toMatchObject([{ code: 'no-grid', range: [0, 0, 0, 10] }]);
    expect(parseSlitherlink('# only').puzzle).toBeNull();
  });

  it('a long row: the extra cells; a short row: the whole row', () => {
    const ps = problems('3 . 2\n. 3 . 1 0\n2 .\n. . .\n');
    expect(ps).toMatchObject([
      { code: 'row-length', range: [1, 6, 1, 9], text: '1 0' },
      { code: 'row-length', range: [2, 0, 2, 3], text: '2 .' },
    ]);
    expect(ps[0].message).toBe('Row 2 has 5 cells, 2 too many: the grid is 3 cells wide (as the first row is)');
    expect(ps[1].message).toBe('Row 3 has 2 cells, 1 too few: the grid is 3 cells wide (as the first row is)');
  });

  it('the width is the one most rows have, so a bad first row is the one flagged', () => {
    const r = parseSlitherlink('3.2.\n...\n.1.\n');
    expect(r.problems).toMatchObject([{ code: 'row-length', range: R(0, 3, 0, 4) }]);
    expect([r.puzzle!.rows, r.puzzle!.cols]).toEqual([3, 3]);
  });

  it('recovers the grid of a ragged file (short rows padded with empty cells)', () => {
    const text = '3.2\n1\n.3.\n';
    const r = parseSlitherlink(text);
    expect(Array.from(r.puzzle!.hints)).toEqual([3, -1, 2, 1, -1, -1, -1, 3, -1]);
    // A missing cell gets an empty range at the end of its row.
    expect(r.puzzle!.cellRanges[4]).toEqual(R(1, 1, 1, 1));
    checkInvariants(text, r, 'slitherlink');
  });

  it('bad characters and tokens, each with its own range', () => {
    const ps = problems('3x.\n.\u0000a\n');
    expect(ps).toMatchObject([
      { code: 'bad-cell', range: [0, 1, 0, 2], text: 'x' },
      { code: 'bad-cell', range: [1, 1, 1, 2] },
      { code: 'bad-cell', range: [1, 2, 1, 3], text: 'a' },
    ]);
    expect(ps[0].message).toBe("Unexpected 'x': a cell is a hint 0 to 4, or '.' (or '-') when empty");
    expect(ps[1].message).toContain('U+0000');
    expect(problems('3 ab .\n. . .')).toMatchObject([{ code: 'bad-cell', range: [0, 2, 0, 4], text: 'ab' }]);
  });

  it('a surrogate pair is one cell; a lone surrogate is one bad cell', () => {
    expect(problems('3😀.\n...')).toMatchObject([{ code: 'bad-cell', range: [0, 1, 0, 3], text: '😀' }]);
    expect(problems('3\uD83D.\n...')).toMatchObject([{ code: 'bad-cell', range: [0, 1, 0, 2] }]);
  });

  it('hints of 5 and more', () => {
    const ps = problems('5 . 9\n. 10 .\n');
    expect(ps).toMatchObject([
      { code: 'hint-too-large', range: [0, 0, 0, 1], text: '5' },
      { code: 'hint-too-large', range: [0, 4, 0, 5], text: '9' },
      { code: 'hint-too-large', range: [1, 2, 1, 4], text: '10' },
    ]);
    expect(ps[2].message).toBe('Hint 10 is impossible: a cell has only 4 sides (hints are 0 to 4)');
  });

  it('mixed compact and token rows: the odd row, recovered as written', () => {
    const r = parseSlitherlink('3.2\n. 3 .\n2.3\n');
    expect(r.problems).toMatchObject([{ code: 'mixed-layout', range: R(1, 0, 1, 5) }]);
    expect(r.problems[0].message).toContain('compact');
    expect(Array.from(r.puzzle!.hints)).toEqual([3, -1, 2, -1, 3, -1, 2, -1, 3]);
    const t = parseSlitherlink('3 . 2\n.3.\n');
    expect(t.problems).toMatchObject([{ code: 'mixed-layout', range: R(1, 0, 1, 3) }]);
    expect(t.puzzle!.layout).toBe('tokens');
    expect(Array.from(t.puzzle!.hints)).toEqual([3, -1, 2, -1, 3, -1]);
  });

  it('a Numberlink-style size header', () => {
    const r = parseSlitherlink('3 3\n3.2\n...\n.1.\n');
    expect(r.problems).toMatchObject([{ code: 'unexpected-header', range: R(0, 0, 0, 3) }]);
    expect([r.puzzle!.rows, r.puzzle!.cols]).toEqual([3, 3]);
    expect(parseSlitherlink('10 7\n3.2\n').problems.map((p) => p.code)).toEqual(['unexpected-header']);
  });

  it('a comment after the cells of a row', () => {
    const r = parseSlitherlink('3 . 2  # top\n. . .\n');
    expect(r.problems).toMatchObject([{ code: 'trailing-comment', range: R(0, 7, 0, 12) }]);
    expect([r.puzzle!.rows, r.puzzle!.cols]).toEqual([2, 3]);
  });

  it('collects every problem, not just the first, in document order', () => {
    const ps = problems('3.7\n..\nx..\n3 3 3\n');
    expect(ps.map((p) => p.code)).toEqual(['hint-too-large', 'row-length', 'bad-cell', 'mixed-layout']);
  });

  it('caps a flood of problems with a summary', () => {
    const text = 'x'.repeat(3000) + '\n';
    const r = parseSlitherlink(text);
    expect(r.problems.length).toBe(1001);
    expect(r.problems[1000].code).toBe('too-many-problems');
    expect(r.problems[1000].message).toMatch(/^2000 more problems/);
    checkInvariants(text, r, 'slitherlink');
  });
});

describe('parseSlitherlink: corpus files', () => {
  for (const [file, exp] of Object.entries(expected)) {
    if (exp.kind !== 'slitherlink') continue;
    it(`${file}: ${exp.rows}x${exp.cols}, clean, cell ranges slice back, re-renders to the same puzzle`, () => {
      const text = readFileSync(join(FIX, file), 'utf8');
      const p = ok(text);
      expect([p.rows, p.cols]).toEqual([exp.rows, exp.cols]);
      // Independent reading of the grid: non-comment lines split on blanks.
      const grid = text.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#')).map((l) => l.trim().split(/\s+/));
      for (let r = 0; r < p.rows; r++) {
        for (let c = 0; c < p.cols; c++) {
          const cell = grid[r][c];
          expect(p.hints[r * p.cols + c]).toBe(cell === '.' ? -1 : Number(cell));
          expect(sliceRange(text, p.cellRanges[r * p.cols + c])).toBe(cell);
        }
      }
      const again = ok(render(p));
      expect(Array.from(again.hints)).toEqual(Array.from(p.hints));
      expect(again.metadata.map((m) => [m.key, m.value])).toEqual(p.metadata.map((m) => [m.key, m.value]));
    });
  }
});

describe('cellRanges (built on first use)', () => {
  it('behaves as a plain enumerable data property: spread, JSON, structuredClone, assignment', () => {
    const p = parseSlitherlink('3.\n.2').puzzle!;
    expect(Object.keys(p)).toContain('cellRanges');
    expect({ ...p }.cellRanges).toHaveLength(4);
    expect(JSON.parse(JSON.stringify(p)).cellRanges[3]).toEqual(R(1, 1, 1, 2));
    expect(structuredClone(p).cellRanges[1]).toEqual(R(0, 1, 0, 2));
    expect(p.cellRanges).toBe(p.cellRanges); // the same array every time
    const q = parseSlitherlink('3.\n.2').puzzle!;
    q.cellRanges = [];
    expect(q.cellRanges).toEqual([]);
  });
});

describe('parsePuzzle and kindFromPath', () => {
  it('dispatches on kind', () => {
    expect(parsePuzzle('3.\n..', 'slitherlink').puzzle?.kind).toBe('slitherlink');
    expect(parsePuzzle('2 1\naa', 'numberlink').puzzle?.kind).toBe('numberlink');
  });
  it('maps extensions', () => {
    expect(kindFromPath('samples/a.slk')).toBe('slitherlink');
    expect(kindFromPath('C:\\x\\B.NLK')).toBe('numberlink');
    expect(kindFromPath('file:///x/y.Slk')).toBe('slitherlink');
    expect(kindFromPath('a.txt')).toBeNull();
    expect(kindFromPath('slk')).toBeNull();
    expect(kindFromPath('a.slk.bak')).toBeNull();
  });
});
