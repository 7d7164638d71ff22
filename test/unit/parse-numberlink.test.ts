import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { ruleName, type NumberlinkPuzzle } from '../../server/src/numberlink/puzzle';
import { checkInvariants, sliceRange, render } from './parse-helpers';

const FIX = join(__dirname, '../fixtures/parse');
const expected: Record<string, { kind: string; rows: number; cols: number; rule?: string }> = JSON.parse(
  readFileSync(join(FIX, 'expected.json'), 'utf8'),
);

function ok(text: string): NumberlinkPuzzle {
  const r = parseNumberlink(text);
  expect(r.problems).toEqual([]);
  checkInvariants(text, r, 'numberlink');
  return r.puzzle!;
}

function problems(text: string) {
  const r = parseNumberlink(text);
  checkInvariants(text, r, 'numberlink');
  return r.problems.map((p) => ({ code: p.code, range: [p.range.line, p.range.col, p.range.endLine, p.range.endCol], text: sliceRange(text, p.range), message: p.message }));
}

const R = (line: number, col: number, endLine: number, endCol: number) => ({ line, col, endLine, endCol });
const grid = (p: NumberlinkPuzzle) =>
  Array.from({ length: p.rows }, (_, r) => Array.from({ length: p.cols }, (_, c) => {
    const k = p.cells[r * p.cols + c];
    return k < 0 ? '.' : p.labels[k];
  }));

describe('parseNumberlink: well-formed files', () => {
  it('reads the FORMATS.md example', () => {
    const text = '5 4\nC...B\nA.BA.\n...C.\n.....\n';
    const p = ok(text);
    expect([p.rows, p.cols, p.layout]).toEqual([4, 5, 'compact']);
    expect(p.labels).toEqual(['C', 'B', 'A']);
    expect(Array.from(p.cells.slice(0, 10))).toEqual([0, -1, -1, -1, 1, 2, -1, 1, 2, -1]);
    expect(p.headerRange).toEqual(R(0, 0, 0, 3));
    expect(p.rule).toEqual({ fill: false, notouch: false });
    expect(p.ruleRange).toBeUndefined();
    expect(p.cellRanges[13]).toEqual(R(3, 3, 3, 4));
  });

  it('token rows with multi-character labels, `-` empty, tabs', () => {
    const text = '# title: t\n3 2\n12 -\tx\n  x . 12  \n';
    const p = ok(text);
    expect(p.layout).toBe('tokens');
    expect(grid(p)).toEqual([['12', '.', 'x'], ['x', '.', '12']]);
    expect(p.cellRanges[0]).toEqual(R(2, 0, 2, 2));
    expect(p.cellRanges[5]).toEqual(R(3, 6, 3, 8));
  });

  it('labels are case-sensitive and may be punctuation; a row can\'t start with # (a comment)', () => {
    const p = ok('4 2\na[\\^\n^\\[a\n');
    expect(p.labels).toEqual(['a', '[', '\\', '^']);
    expect(ok('2 2\naA\nAa').labels).toEqual(['a', 'A']);
  });

  it('a label may be any printable character, including a surrogate pair', () => {
    const p = ok('3 1\n😀.😀');
    expect(p.labels).toEqual(['😀']);
    expect(p.cellRanges[2]).toEqual(R(1, 3, 1, 5));
  });

  it('a one-column grid with a long token label', () => {
    const p = ok('1 3\n12\n.\n12');
    expect([p.rows, p.cols, p.layout]).toEqual([3, 1, 'tokens']);
    expect(p.labels).toEqual(['12']);
  });

  it('comments and blank lines anywhere, CRLF / CR, trailing blanks, no final newline', () => {
    for (const nl of ['\n', '\r\n', '\r']) {
      const text = ['# rule: fill', '', '  3 2  ', '# mid', 'a.b ', '', 'a.b'].join(nl);
      const p = ok(text);
      expect(grid(p)).toEqual([['a', '.', 'b'], ['a', '.', 'b']]);
      expect(p.headerRange).toEqual(R(2, 2, 2, 5));
      expect(p.cellRanges[3]).toEqual(R(6, 0, 6, 1));
    }
  });

  it('rule words in any order, separated by spaces or commas, any case', () => {
    const cases: [string, string][] = [
      ['nikoli', 'nikoli'], ['fill', 'fill'], ['notouch', 'nikoli notouch'], ['fill notouch', 'fill notouch'],
      ['notouch,fill', 'fill notouch'], ['NoTouch , Fill', 'fill notouch'], ['nikoli, notouch', 'nikoli notouch'],
    ];
    for (const [words, name] of cases) {
      const p = ok(`# rule: ${words}\n2 1\naa\n`);
      expect(ruleName(p.rule)).toBe(name);
      expect(p.ruleRange).toEqual(R(0, 8, 0, 8 + words.length));
    }
  });
});

describe('parseNumberlink: problems with exact ranges', () => {
  it('empty file, header only', () => {
    expect(problems('')).toMatchObject([{ code: 'no-grid', range: [0, 0, 0, 0] }]);
    expect(problems('# x\n5 4\n')).toMatchObject([{ code: 'no-grid', range: [1, 0, 1, 3] }]);
    expect(parseNumberlink('5 4').puzzle).toBeNull();
  });

  it('missing header: the grid is still read, and the header range is an insertion point', () => {
    const r = parseNumberlink('# t: x\nC...B\nA.BA.\n...C.\n');
    expect(r.problems).toMatchObject([{ code: 'missing-header', range: R(1, 0, 1, 5) }]);
    expect(r.puzzle!.headerRange).toEqual(R(1, 0, 1, 0));
    expect([r.puzzle!.rows, r.puzzle!.cols]).toEqual([3, 5]);
  });

  it('bad headers', () => {
    expect(problems('5x2\n.....\n.....')).toMatchObject([{ code: 'bad-header', range: [0, 0, 0, 3] }]);
    expect(problems('5x2\n.....\n.....')[0].message).toContain('"5 2"');
    expect(problems('5\n.....\n.....')).toMatchObject([{ code: 'bad-header', range: [0, 0, 0, 1] }]);
    expect(problems('3 2 1\n...\n...')).toMatchObject([{ code: 'bad-header', range: [0, 0, 0, 5] }]);
    expect(problems('3 0\n...')).toMatchObject([{ code: 'bad-header', range: [0, 2, 0, 3], text: '0' }]);
    // A bad header still gives the size when it can.
    const r = parseNumberlink('3*2\na.a\n...\n...');
    expect(r.problems.map((p) => p.code)).toEqual(['bad-header', 'row-count']);
  });

  it('rows missing: an empty range at the end of the last row', () => {
    const ps = problems('5 4\nC...B\nA.BA.\n').filter((p) => p.code === 'row-count');
    expect(ps[0]).toMatchObject({ code: 'row-count', range: [2, 5, 2, 5] });
    expect(ps[0].message).toBe('2 rows missing after this one: the header gives height 4, the grid has 2 rows');
  });

  it('rows too many: the extra rows', () => {
    const ps = problems('3 2\na.a\n...\n\n# c\n.b.\n.b.\n');
    expect(ps).toMatchObject([{ code: 'row-count', range: [5, 0, 6, 3] }]);
    expect(ps[0].message).toBe('2 rows too many: the header gives height 2, the grid has 4 rows');
  });

  it('a row of the wrong width: the extra cells, or the short row', () => {
    const ps = problems('3 3\na.a\n.b..\n.b\n');
    expect(ps).toMatchObject([
      { code: 'row-length', range: [2, 3, 2, 4], text: '.' },
      { code: 'row-length', range: [3, 0, 3, 2], text: '.b' },
    ]);
    expect(ps[0].message).toBe('Row 2 has 4 cells, 1 too many: the grid is 3 cells wide (as the header says)');
  });

  it('a header width no row has is reported once, on the width', () => {
    const ps = problems('4 2\na.a\n...\n');
    expect(ps).toMatchObject([{ code: 'header-width', range: [0, 0, 0, 1], text: '4' }]);
    const ps2 = problems('2 4\n.a.\na..\n');
    expect(ps2.map((p) => p.code)).toEqual(['header-width', 'row-count']);
  });

  it('swapped width and height', () => {
    const r = parseNumberlink('2 3\na.a\n...\n');
    expect(r.problems).toMatchObject([{ code: 'header-swapped', range: R(0, 0, 0, 3) }]);
    expect(r.problems[0].message).toContain('"3 2"');
    expect([r.puzzle!.rows, r.puzzle!.cols]).toEqual([2, 3]);
  });

  it('a label once or three times: every occurrence, with the label and count', () => {
    const ps = problems('3 3\nabb\n.a.\nbc.\n');
    expect(ps).toMatchObject([
      { code: 'label-count', range: [1, 1, 1, 2], text: 'b' },
      { code: 'label-count', range: [1, 2, 1, 3], text: 'b' },
      { code: 'label-count', range: [3, 0, 3, 1], text: 'b' },
      { code: 'label-count', range: [3, 1, 3, 2], text: 'c' },
    ]);
    expect(ps[0].message).toBe("Label 'b' occurs 3 times, at (1, 2), (1, 3), (3, 1): every label must occur exactly twice");
    expect(ps[3].message).toBe("Label 'c' occurs once: every label must occur exactly twice, at the two ends of its path");
  });

  it('# is not a label; a trailing comment; bad characters; dots are not labels', () => {
    expect(problems('3 1\na#a')).toMatchObject([{ code: 'bad-cell', range: [1, 1, 1, 2], text: '#' }]);
    expect(problems('3 1\na . a  # ends here')).toMatchObject([{ code: 'trailing-comment', range: [1, 7, 1, 18] }]);
    const ctl = problems('3 1\na\u0007a');
    expect(ctl).toMatchObject([{ code: 'bad-cell', range: [1, 1, 1, 2] }]);
    expect(ctl[0].message).toContain('U+0007');
    expect(problems('3 1\na\u00a0a')[0]).toMatchObject({ code: 'bad-cell', range: [1, 1, 1, 2] });
    expect(problems('3 1\n.. a a')).toMatchObject([{ code: 'bad-cell', range: [1, 0, 1, 2], text: '..' }]);
    expect(problems('3 1\nx#y a a')).toMatchObject([{ code: 'bad-cell', range: [1, 0, 1, 3], text: 'x#y' }]);
  });

  it('mixed layout; a long token in a compact file', () => {
    const ps = problems('3 3\na.a\n12 . 12\nb.b\n');
    expect(ps).toMatchObject([
      { code: 'mixed-layout', range: [2, 0, 2, 7] },
      { code: 'long-token', range: [2, 0, 2, 2], text: '12' },
      { code: 'long-token', range: [2, 5, 2, 7], text: '12' },
    ]);
    const r = parseNumberlink('3 2\na . a\nb.b\n');
    expect(r.problems).toMatchObject([{ code: 'mixed-layout', range: R(2, 0, 2, 3) }]);
    expect(grid(r.puzzle!)).toEqual([['a', '.', 'a'], ['b', '.', 'b']]);
  });

  it('unknown rule words, with suggestions', () => {
    const ps = problems('# rule: fill flow no-touch\n2 1\naa');
    expect(ps).toMatchObject([
      { code: 'rule-word', range: [0, 13, 0, 17], text: 'flow' },
      { code: 'rule-word', range: [0, 18, 0, 26], text: 'no-touch' },
    ]);
    expect(ps[0].message).toBe("Unknown rule word 'flow': the rule words are nikoli (the default), fill and notouch");
    expect(ps[1].message).toContain("did you mean 'notouch'?");
    expect(problems('# rule: fil\n2 1\naa')[0].message).toContain("did you mean 'fill'?");
  });

  it('nikoli and fill conflict (on the later word); empty and duplicate rule lines', () => {
    expect(problems('# rule: nikoli, fill\n2 1\naa')).toMatchObject([{ code: 'rule-conflict', range: [0, 16, 0, 20], text: 'fill' }]);
    expect(problems('# rule: fill nikoli\n2 1\naa')).toMatchObject([{ code: 'rule-conflict', range: [0, 13, 0, 19], text: 'nikoli' }]);
    expect(problems('# rule:\n2 1\naa')).toMatchObject([{ code: 'rule-empty', range: [0, 0, 0, 7] }]);
    const dup = problems('# rule: fill\n2 1\n# rule: fill notouch\naa');
    expect(dup).toMatchObject([{ code: 'rule-duplicate', range: [2, 0, 2, 20] }]);
    expect(dup[0].message).toContain('line 1');
    // The first rule line is the one used.
    expect(parseNumberlink('# rule: fill\n# rule: notouch\n2 1\naa').puzzle!.rule).toEqual({ fill: true, notouch: false });
  });

  it('the same rule line in a .slk-like comment form is still metadata', () => {
    const p = parseNumberlink('#RULE:fill\n2 1\naa').puzzle!;
    expect(p.rule.fill).toBe(false); // `#RULE:fill` has no blank after the colon: a plain comment
    expect(ok('#RULE: fill\n2 1\naa').rule.fill).toBe(true);
  });

  it('recovers the grid and collects every problem at once', () => {
    const text = '# rule: flow\n4 3\nA.B\nA..C.\n';
    const r = parseNumberlink(text);
    expect(r.problems.map((p) => p.code)).toEqual(['rule-word', 'header-width', 'label-count', 'row-length', 'row-count']);
    expect(r.puzzle).not.toBeNull();
    checkInvariants(text, r, 'numberlink');
  });
});

describe('parseNumberlink: corpus files', () => {
  for (const [file, exp] of Object.entries(expected)) {
    if (exp.kind !== 'numberlink') continue;
    it(`${file}: ${exp.cols} ${exp.rows}, rule ${exp.rule}, clean, ranges slice back, re-renders`, () => {
      const text = readFileSync(join(FIX, file), 'utf8');
      const p = ok(text);
      expect([p.rows, p.cols]).toEqual([exp.rows, exp.cols]);
      expect(ruleName(p.rule)).toBe(exp.rule);
      // Independent reading: lines after the header, split on blanks or into characters.
      const lines = text.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
      expect(lines[0].trim()).toBe(`${exp.cols} ${exp.rows}`);
      const rows = lines.slice(1).map((l) => (p.layout === 'tokens' ? l.trim().split(/\s+/) : [...l.trim()]));
      expect(grid(p)).toEqual(rows);
      for (let i = 0; i < p.rows * p.cols; i++) {
        expect(sliceRange(text, p.cellRanges[i])).toBe(rows[Math.floor(i / p.cols)][i % p.cols]);
      }
      const again = ok(render(p));
      expect(grid(again)).toEqual(grid(p));
      expect(again.rule).toEqual(p.rule);
    });
  }

  it('a synthetic 1002x1002 grid (the size of the stress file) parses cleanly', () => {
    const n = 1002;
    const rows: string[] = [];
    for (let r = 0; r < n; r++) rows.push(r === 0 ? 'a' + '.'.repeat(n - 2) + 'b' : r === n - 1 ? 'b' + '.'.repeat(n - 2) + 'a' : '.'.repeat(n));
    const p = ok(`# rule: fill\n${n} ${n}\n${rows.join('\n')}\n`);
    expect([p.rows, p.cols, p.labels.length]).toEqual([n, n, 2]);
    expect(p.cellRanges[n * n - 1]).toEqual(R(n + 1, n - 1, n + 1, n));
  });
});
