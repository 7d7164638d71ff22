/**
 * The parsers' edges: bad size headers (one problem at the bad number, no follow-on), bytes that
 * are not UTF-8 (one problem at each, never a label), grids past the size limit (refused at once
 * with one problem), many comment lines (not all kept), and the deadline (polled while reading).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeUtf8, MAX_GRID_CELLS } from '../../server/src/parse/index';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { parsePuzzle } from '../../server/src/genres/index';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { GridSize } from '../../server/src/parse/gridSize';
import { findBadBytes } from '../../server/src/parse/utf8';
import { checkInvariants, prng, sliceRange } from './parse-helpers';

const R = (line: number, col: number, endLine: number, endCol: number) => [line, col, endLine, endCol];

function nlk(text: string, options?: Parameters<typeof parseNumberlink>[1]) {
  const r = parseNumberlink(text, options);
  checkInvariants(text, r, 'numberlink');
  return { puzzle: r.puzzle, problems: r.problems.map((p) => ({ code: p.code, range: [p.range.line, p.range.col, p.range.endLine, p.range.endCol], text: sliceRange(text, p.range), message: p.message })) };
}

function slk(text: string, options?: Parameters<typeof parseSlitherlink>[1]) {
  const r = parseSlitherlink(text, options);
  checkInvariants(text, r, 'slitherlink');
  return { puzzle: r.puzzle, problems: r.problems.map((p) => ({ code: p.code, range: [p.range.line, p.range.col, p.range.endLine, p.range.endCol], text: sliceRange(text, p.range), message: p.message })) };
}

const GRID = 'a...b\n.....\n.....\n.....\nb...a\n';

describe('Numberlink size header: one problem at the bad number, the grid read from the rows', () => {
  it('a negative width', () => {
    const { puzzle, problems } = nlk(`-5 5\n${GRID}`);
    expect(problems).toEqual([{ code: 'bad-header', range: R(0, 0, 0, 2), text: '-5', message: 'The width must be at least 1, not -5' }]);
    expect([puzzle!.rows, puzzle!.cols]).toEqual([5, 5]);
  });

  it('a negative height', () => {
    const { problems } = nlk(`5 -5\n${GRID}`);
    expect(problems).toEqual([{ code: 'bad-header', range: R(0, 2, 0, 4), text: '-5', message: 'The height must be at least 1, not -5' }]);
  });

  it('a decimal width', () => {
    const { puzzle, problems } = nlk(`5.0 5\n${GRID}`);
    expect(problems).toEqual([{ code: 'bad-header', range: R(0, 0, 0, 3), text: '5.0', message: 'The width must be written as a whole number: 5, not 5.0' }]);
    expect([puzzle!.rows, puzzle!.cols]).toEqual([5, 5]);
    expect(nlk(`5.5 5\n${GRID}`).problems).toEqual([{ code: 'bad-header', range: R(0, 0, 0, 3), text: '5.5', message: 'The width must be a whole number, not 5.5' }]);
  });

  it('a width too large to be a size says "too large", not "not a whole number"', () => {
    const { puzzle, problems } = nlk(`99999999999999999999 5\n${GRID}`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'bad-header', range: R(0, 0, 0, 20), text: '99999999999999999999' });
    expect(problems[0].message).toBe('The width 99999999999999999999 is too large: the checker takes grids of at most 1,048,576 cells');
    expect(problems[0].message).not.toMatch(/whole/);
    expect([puzzle!.rows, puzzle!.cols]).toEqual([5, 5]);
  });

  it('zero and exponents', () => {
    expect(nlk(`5 0\n${GRID}`).problems).toEqual([{ code: 'bad-header', range: R(0, 2, 0, 3), text: '0', message: 'The height must be at least 1, not 0' }]);
    expect(nlk(`5 1e30\n${GRID}`).problems).toMatchObject([{ code: 'bad-header', range: R(0, 2, 0, 6), message: expect.stringMatching(/too large/) }]);
  });
});

describe('bytes that are not UTF-8', () => {
  const bytes = (...b: number[]) => Uint8Array.from(b);
  const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

  it('Numberlink "FF . FF": one problem at each byte, naming it; never a label', () => {
    const { text, badBytes } = decodeUtf8(bytes(...ascii('3 1\n'), 0xff, ...ascii(' . '), 0xff, 0x0a));
    expect(text).toBe('3 1\n\uFFFD . \uFFFD\n');
    const { puzzle, problems } = nlk(text, { badBytes });
    const message = 'Invalid UTF-8: the byte 0xFF is not a UTF-8 character (it reads as U+FFFD); save the file as UTF-8 text';
    expect(problems).toEqual([
      { code: 'invalid-utf8', range: R(1, 0, 1, 1), text: '\uFFFD', message },
      { code: 'invalid-utf8', range: R(1, 4, 1, 5), text: '\uFFFD', message },
    ]);
    expect(puzzle!.labels).toEqual([]);
  });

  it('Slitherlink: the byte is reported once, not also as a bad cell', () => {
    const { text, badBytes } = decodeUtf8(bytes(0x33, 0xe2, 0x82, 0x2e, 0x0a, ...ascii('...\n')));
    expect(text).toBe('3\uFFFD.\n...\n');
    expect(slk(text, { badBytes }).problems).toEqual([
      { code: 'invalid-utf8', range: R(0, 1, 0, 2), text: '\uFFFD', message: 'Invalid UTF-8: the bytes 0xE2 0x82 are not a UTF-8 character (it reads as U+FFFD); save the file as UTF-8 text' },
    ]);
  });

  it('in the editor (text only): U+FFFD is not a label', () => {
    const { puzzle, problems } = nlk('3 1\n\uFFFD . \uFFFD\n');
    expect(problems.map((p) => [p.code, p.range])).toEqual([['bad-cell', R(1, 0, 1, 1)], ['bad-cell', R(1, 4, 1, 5)]]);
    expect(problems[0].message).toMatch(/U\+FFFD/);
    expect(puzzle!.labels).toEqual([]);
    // Inside a longer label too.
    expect(nlk('3 1\na\uFFFD . a\uFFFD\n').problems.map((p) => [p.code, p.range])).toEqual([['bad-cell', R(1, 0, 1, 2)], ['bad-cell', R(1, 5, 1, 7)]]);
  });

  it('valid UTF-8 (with a byte-order mark) decodes as readFileSync does, with nothing to report', () => {
    const buf = Buffer.from('\uFEFF# t: é\n2 1\n😀😀\n', 'utf8');
    const d = decodeUtf8(buf);
    expect(d).toEqual({ text: buf.toString('utf8') });
  });

  it('the offsets are where the decoder put each U+FFFD (random bytes, WHATWG decoding)', () => {
    const rand = prng(21);
    for (let n = 0; n < 300; n++) {
      // No 0xEF: then no U+FFFD (EF BF BD) can be in the bytes themselves, and every one is a bad sequence.
      const b = Uint8Array.from({ length: 1 + Math.floor(rand() * 60) }, () => {
        const x = rand() < 0.5 ? Math.floor(rand() * 128) : 0x80 + Math.floor(rand() * 128);
        return x === 0xef ? 0x41 : x;
      });
      const text = new TextDecoder().decode(b);
      const found = findBadBytes(b);
      const expected = [...text.matchAll(/\uFFFD/g)].map((m) => m.index);
      expect(found.at.map((x) => x.offset)).toEqual(expected);
      expect(found.total).toBe(expected.length);
      expect(found.at.flatMap((x) => x.bytes).every((x) => x >= 0x80)).toBe(true);
    }
  });

  it('a binary file: at most 1000 listed, then a count', () => {
    const b = new Uint8Array(5000).fill(0xff);
    const { text, badBytes } = decodeUtf8(b);
    expect(badBytes!.total).toBe(5000);
    const r = parseSlitherlink(text, { badBytes });
    expect(r.problems.filter((p) => p.code === 'invalid-utf8')).toHaveLength(1000);
    expect(r.problems.find((p) => p.code === 'invalid-utf8' && /4000 more/.test(p.message))).toBeDefined();
  });
});

describe('grids past the size limit: refused at once with one problem', () => {
  it(`a Slitherlink grid of more than ${MAX_GRID_CELLS} cells, at its first row`, () => {
    const row = '.'.repeat(1025);
    const text = `# big\n\n${(row + '\n').repeat(1025)}`;
    const { puzzle, problems } = slk(text);
    expect(puzzle).toBeNull();
    expect(problems).toEqual([{
      code: 'grid-too-large', range: R(2, 0, 2, 1025), text: row,
      message: 'Grid too large to check: 1,025 rows of 1,025 cells (1,050,625 cells); the checker takes grids of at most 1,048,576 cells (e.g. 1024 × 1024)',
    }]);
  });

  it('a Numberlink grid, at its size header; ragged rows of bad cells add nothing', () => {
    const rows = Array.from({ length: 1100 }, (_, i) => (i % 2 ? 'x'.repeat(1000) : '\u0001'.repeat(990))).join('\n');
    const { puzzle, problems } = nlk(`1000 1100\n${rows}\n`);
    expect(puzzle).toBeNull();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ code: 'grid-too-large', range: R(0, 0, 0, 9), text: '1000 1100' });
    expect(problems[0].message).toMatch(/^Grid too large to check: 1,100 rows of up to 1,000 cells \(1,094,500 cells in all\)/);
  });

  it('one line of more cells than the limit', () => {
    const { problems } = slk('3'.repeat(MAX_GRID_CELLS + 5));
    expect(problems).toMatchObject([{ code: 'grid-too-large', range: R(0, 0, 0, MAX_GRID_CELLS + 5) }]);
    expect(problems[0].message).toMatch(/a row of more than 1,048,576 cells/);
  });

  it('the limit itself is accepted: exactly as many cells as allowed, and one more is not', () => {
    const size = new GridSize(12);
    const line = (text: string) => ({ index: 0, start: 0, end: text.length, first: 0, last: text.length });
    expect(size.add('3 . 2 1', line('3 . 2 1'))).toBe(true); // tokens: 4
    expect(size.add('3.21', line('3.21'))).toBe(true); // characters: 4
    expect(size.add('😀😀😀😀', line('😀😀😀😀'))).toBe(true); // code points: 4, 12 in all
    expect(size.tooLarge).toBe(false);
    expect(size.add('.', line('.'))).toBe(false);
    expect(size.tooLarge).toBe(true);
  });
});

describe('many comment lines', () => {
  it('metadata beyond the first 1000 lines is read but not kept; every duplicate rule line is still reported', () => {
    const text = '# rule: fill\n' + '# k: v\n'.repeat(3000) + '# rule: fill\n'.repeat(5) + `5 5\n${GRID}`;
    const r = parseNumberlink(text);
    expect(r.puzzle!.metadata).toHaveLength(1000);
    expect(r.puzzle!.rule).toEqual({ fill: true, notouch: false });
    expect(r.problems.map((p) => [p.code, p.range.line])).toEqual([3001, 3002, 3003, 3004, 3005].map((l) => ['rule-duplicate', l]));
  });
});

describe('the deadline reaches the parse', () => {
  afterEach(() => vi.restoreAllMocks());

  it('once a grid is known to be too large, the deadline ends the counting, not the refusal', () => {
    const text = ('.'.repeat(2000) + '\n').repeat(2000);
    // A clock that moves 1 ms per reading (the parse reads it every 65,536 characters): the grid
    // passes the limit after 16 readings, the deadline after 30 (at row 1,023).
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => ++now);
    const r = parseSlitherlink(text, { deadline: 30 });
    expect(r.stopped).toBeUndefined();
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ code: 'grid-too-large', range: { line: 0, col: 0, endLine: 0, endCol: 2000 } });
    expect(r.problems[0].message).toMatch(/^Grid too large to check: at least 1,023 rows of up to 2,000 cells \(at least 2,046,000 cells in all\)/);
  });

  const big = ('# comment\n' + '.'.repeat(70) + '\n').repeat(2000);

  it('a deadline already past stops it: nothing is known (no problems, no puzzle)', () => {
    for (const kind of ['slitherlink', 'numberlink'] as const) {
      const r = parsePuzzle(big, kind, { deadline: Date.now() - 1 });
      expect(r).toEqual({ puzzle: null, problems: [], stopped: 'time' });
      expect(parsePuzzle(big, kind, { isCancelled: () => true }).stopped).toBe('cancelled');
      expect(parsePuzzle(big, kind, { deadline: Date.now() + 60_000 }).stopped).toBeUndefined();
    }
  });
});
