// The .slk form of a tiling (docs/tilings.md): `# grid: NAME WxH`, then one line per row of the
// tiling with its faces' hints in Loopy's order; every problem at the place it is about.
import { describe, expect, it } from 'vitest';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { checkText } from '../../server/src/genres/check';
import { makeLattice } from '../../server/src/model/lattice';
import { latticeLoopMeets } from '../../server/src/slitherlink/latticeSolve';

const HONEY = '# grid: honeycomb 3x3\n. 2 .\n3 . 4\n. . 1\n';

function only(text: string) {
  const r = parseSlitherlink(text);
  expect(r.problems.length, JSON.stringify(r.problems)).toBe(1);
  return r.problems[0];
}

describe('.slk on a tiling: parse', () => {
  it('reads hints per face in Loopy order, rows of the tiling on lines, with each face\'s range', () => {
    const r = parseSlitherlink(HONEY);
    expect(r.problems).toEqual([]);
    const p = r.puzzle!;
    expect(p.tiling).toEqual({ name: 'honeycomb', width: 3, height: 3 });
    expect([p.rows, p.cols]).toEqual([3, 3]);
    expect(Array.from(p.hints)).toEqual([-1, 2, -1, 3, -1, 4, -1, -1, 1]);
    expect(p.cellRanges[5]).toEqual({ line: 2, col: 4, endLine: 2, endCol: 5 });
  });

  it('takes Loopy\'s titles, any case, and compact rows with A-Z for 10 and up', () => {
    // Faces: row 1 dodecagon, dodecagon, triangle; row 2 dodecagon, triangle, dodecagon.
    const r = parseSlitherlink('# grid: Dodecagonal 2x2\nA.2\nB..\n');
    expect(r.problems).toEqual([]);
    expect(Array.from(r.puzzle!.hints)).toEqual([10, -1, 2, 11, -1, -1]);
    const t = parseSlitherlink('# grid: dodecagonal 2x2\n12 . 2\n11 . .\n');
    expect(t.problems).toEqual([]);
    expect(Array.from(t.puzzle!.hints)).toEqual([12, -1, 2, 11, -1, -1]);
  });

  it('reads the old triangular grid with "old", and the current one by default', () => {
    expect(parseSlitherlink('# grid: triangular 3x3 old\n' + '. . . . . .\n'.repeat(3)).puzzle!.tiling).toEqual({ name: 'triangular', width: 3, height: 3 });
    const r = parseSlitherlink('# grid: triangular 3x3\n. . . . . . .\n. . . . . . .\n. . . . .\n');
    expect(r.problems).toEqual([]);
    expect(r.puzzle!.tiling!.desc).toBe('0');
  });

  it('leaves squares to the square grid ("# grid: square")', () => {
    const r = parseSlitherlink('# grid: square\n3 .\n. 2\n');
    expect(r.problems).toEqual([]);
    expect(r.puzzle!.tiling).toBeUndefined();
    expect([r.puzzle!.rows, r.puzzle!.cols]).toEqual([2, 2]);
  });

  it('an unknown tiling: grid-name at the name', () => {
    const p = only('# grid: hexagons 3x3\n. . .\n');
    expect(p.code).toBe('grid-name');
    expect(p.range).toEqual({ line: 0, col: 8, endLine: 0, endCol: 16 });
    expect(p.message).toContain('honeycomb');
  });

  it('a missing or bad size: grid-size at the size (or just after the name)', () => {
    const bad = only('# grid: honeycomb 3by3\n. . .\n');
    expect([bad.code, bad.range]).toEqual(['grid-size', { line: 0, col: 18, endLine: 0, endCol: 22 }]);
    const none = only('# grid: honeycomb\n. . .\n');
    expect([none.code, none.range]).toEqual(['grid-size', { line: 0, col: 17, endLine: 0, endCol: 17 }]);
    const small = only('# grid: cairo 3x3\n. .\n');
    expect(small.code).toBe('grid-size');
    expect(small.message).toContain('at least 4');
  });

  it('words after the size: grid-option over them', () => {
    const p = only('# grid: honeycomb 3x3 big grid\n. . .\n. . .\n. . .\n');
    expect([p.code, p.range]).toEqual(['grid-option', { line: 0, col: 22, endLine: 0, endCol: 30 }]);
  });

  it('a row with too many faces: row-length over the extra ones; too few: over the row', () => {
    const long = only('# grid: honeycomb 3x3\n. 2 . 4 4\n3 . 4\n. . 1\n');
    expect([long.code, long.range]).toEqual(['row-length', { line: 1, col: 6, endLine: 1, endCol: 9 }]);
    expect(long.message).toContain('3 faces');
    const short = only('# grid: honeycomb 3x3\n. 2 .\n3 .\n. . 1\n');
    expect([short.code, short.range]).toEqual(['row-length', { line: 2, col: 0, endLine: 2, endCol: 3 }]);
  });

  it('lines too many: row-count over them; too few: row-count at the end of the last', () => {
    const extra = only(HONEY + '. . .\n1 1 1\n');
    expect([extra.code, extra.range]).toEqual(['row-count', { line: 4, col: 0, endLine: 5, endCol: 5 }]);
    const missing = only('# grid: honeycomb 3x3\n. 2 .\n3 . 4\n');
    expect([missing.code, missing.range]).toEqual(['row-count', { line: 2, col: 5, endLine: 2, endCol: 5 }]);
  });

  it('a hint above the face\'s sides: hint-too-large at it; a stray token: bad-cell', () => {
    const big = only('# grid: honeycomb 3x3\n. 7 .\n3 . 4\n. . 1\n');
    expect([big.code, big.range]).toEqual(['hint-too-large', { line: 1, col: 2, endLine: 1, endCol: 3 }]);
    expect(big.message).toContain('6 sides');
    const tri = only('# grid: triangular 3x3\n. . . 4 . . .\n. . . . . . .\n. . . . .\n');
    expect([tri.code, tri.range.col]).toEqual(['hint-too-large', 6]);
    const bad = only('# grid: honeycomb 3x3\n. x .\n3 . 4\n. . 1\n');
    expect([bad.code, bad.range]).toEqual(['bad-cell', { line: 1, col: 2, endLine: 1, endCol: 3 }]);
  });

  it('a second grid line: grid-duplicate on it; a solution block with too few rows: solution-rows over it', () => {
    const dup = only('# grid: honeycomb 3x3\n# grid: cairo 4x4\n. 2 .\n3 . 4\n. . 1\n');
    expect([dup.code, dup.range.line]).toEqual(['grid-duplicate', 1]);
    // A tiling's block has one row per grid line (tiling-loop-block.test.ts has the rest).
    const sol = only(HONEY + '---\nx x x\n');
    expect([sol.code, sol.range]).toEqual(['solution-rows', { line: 4, col: 0, endLine: 5, endCol: 5 }]);
  });

  it('a broken tiling file checks as invalid with its problems, never a crash', () => {
    for (const text of ['# grid: honeycomb 3x3\n', '# grid: kites 0x3\n. .\n', HONEY.replace('4', '9'), '# grid: floret 99999x99999\n.\n']) {
      const r = checkText(text, 'slitherlink');
      expect(r.verdict).toBe('invalid');
      expect(r.errors.length).toBeGreaterThan(0);
    }
  });

  it('checks a small honeycomb: several loops, then unique with a redundant hint given as a face', () => {
    expect(checkText('# grid: honeycomb 3x3\n. . .\n. . .\n. . .\n', 'slitherlink').count).toBe('288');
    // The loop around face 4 (the middle) alone: its hint 6, each other face the edges it shares with it.
    const lattice = makeLattice({ name: 'honeycomb', width: 3, height: 3 });
    const hints = Array.from({ length: 9 }, (_, f) => (f === 4 ? 6 : lattice.edgesOf(f).filter((e) => lattice.edgesOf(4).includes(e)).length));
    const rows = [0, 1, 2].map((y) => hints.slice(3 * y, 3 * y + 3).join(' ')).join('\n');
    const r = checkText(`# grid: honeycomb 3x3\n${rows}\n`, 'slitherlink');
    expect(r.verdict).toBe('unique');
    expect((r.solution as { edges: unknown[] }).edges.length).toBe(6);
    expect(r.redundant!.length).toBeGreaterThan(0);
    for (const c of r.redundant!) expect(c.face).toBe(c.row * 3 + c.col);
  });
});

describe('drafts on a tiling: witnesses decide what the count cannot', () => {
  // An empty 30x30 honeycomb: far too many loops to count within 400,000 nodes.
  const text = '# grid: honeycomb 30x30\n' + `${Array(30).fill('.').join(' ')}\n`.repeat(30);

  it('with witnesses: multiple from two different loops, each meeting the hints', () => {
    const r = checkText(text, 'slitherlink', { witnesses: true, countAfterWitnesses: false, control: { limits: { maxNodes: 400_000, timeMs: 60_000 } } });
    expect(r.verdict).toBe('multiple');
    expect([r.count, r.countAtLeast, r.countPending]).toEqual([null, '2', true]);
    const a = (r.solution as { edgeIds: number[] }).edgeIds, b = (r.secondSolution as { edgeIds: number[] }).edgeIds;
    expect(a.join()).not.toBe(b.join());
    const lattice = makeLattice({ name: 'honeycomb', width: 30, height: 30 });
    for (const loop of [a, b]) expect(latticeLoopMeets(lattice, new Int8Array(lattice.faceCount).fill(-1), loop)).toBe(true);
  });

  it('counting after the witnesses stops at the node limit: still multiple, the limit named; without witnesses: unknown', () => {
    const limits = { maxNodes: 400_000, timeMs: 60_000 };
    const r = checkText(text, 'slitherlink', { witnesses: true, control: { limits } });
    expect([r.verdict, r.count, r.countAtLeast]).toEqual(['multiple', null, '2']);
    expect(r.stopped?.limit).toBe('nodes');
    const plain = checkText(text, 'slitherlink', { control: { limits } });
    expect([plain.verdict, plain.stopped?.limit]).toEqual(['unknown', 'nodes']);
  });
});

describe('size limits of tilings', () => {
  it('a tiling of more than 1,048,576 faces is refused at its size, before anything is built', () => {
    const p = parseSlitherlink('# grid: greatgreatdodecagonal 300x300\n. .\n').problems;
    expect(p.map((x) => x.code)).toEqual(['grid-size']);
    expect(p[0].message).toMatch(/too large/);
    expect(p[0].range).toEqual({ line: 0, col: 30, endLine: 0, endCol: 37 });
  });
});
