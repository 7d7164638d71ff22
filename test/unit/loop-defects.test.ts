/** Where a drawn loop is not one simple loop: the defects (design/loopDefects.ts) and the `loop-not-simple` diagnostics at their marks. */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../server/src/model/grid';
import { loopEdgesOf, loopProblem } from '../../server/src/model/loop';
import { loopDefects } from '../../server/src/slitherlink/design/loopDefects';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { loopTextDiagnostics } from '../../server/src/lsp/loopDiagnostics';

const marks = (rows: string[]) => Uint8Array.from(rows.join('').split('').map((ch) => (ch === 'x' ? 1 : 0)));

/** A file with an empty grid and the block `rows` (marks separated by blanks): block row r is on line rows.length + 1 + r. */
function file(rows: string[]): string {
  const grid = rows.map((r) => r.split('').map(() => '.').join(' '));
  return [...grid, '---', ...rows.map((r) => r.split('').join(' ')), ''].join('\n');
}

/** The squiggles of `loop-not-simple`: [line, startCol, endCol] and the message. */
function squiggles(text: string) {
  const { puzzle, problems } = parseSlitherlink(text);
  expect(problems).toEqual([]);
  return loopTextDiagnostics(puzzle).map((d) => {
    expect(d.code).toBe('loop-not-simple');
    expect(d.severity).toBe(1);
    expect(d.range.start.line).toBe(d.range.end.line);
    return { at: [d.range.start.line, d.range.start.character, d.range.end.character], message: d.message };
  });
}

describe('loopDefects', () => {
  it('is empty exactly when loopProblem finds one simple loop (every 4x4 and 3x5 marking)', () => {
    for (const [rows, cols] of [[4, 4], [3, 5]] as const) {
      const g = new Grid(rows, cols);
      const n = rows * cols;
      for (let m = 0; m < 1 << n; m++) {
        const inside = new Uint8Array(n);
        for (let i = 0; i < n; i++) inside[i] = (m >> i) & 1;
        const simple = loopProblem(g, loopEdgesOf(g, inside)) === null;
        const defects = loopDefects(rows, cols, inside);
        if (simple !== (defects.length === 0)) throw new Error(`${rows}x${cols} marking ${m}: loopProblem ${simple ? 'null' : 'set'}, defects ${JSON.stringify(defects)}`);
      }
    }
  });

  it('names each kind with its cells', () => {
    expect(loopDefects(2, 2, [0, 0, 0, 0])).toEqual([{ kind: 'empty' }]);
    expect(loopDefects(3, 3, marks(['x..', '.x.', '...']))).toEqual([{ kind: 'corner', row: 1, col: 1, cells: [0, 4], other: [1, 3] }]);
    // the outside pair diagonal: the inside pair is the other one
    expect(loopDefects(2, 2, marks(['.x', 'x.']))).toEqual([{ kind: 'corner', row: 1, col: 1, cells: [1, 2], other: [0, 3] }]);
    expect(loopDefects(3, 4, marks(['xx..', 'xx..', '...x']))).toEqual([{ kind: 'separate', cells: [11], mainSize: 4 }]);
    expect(loopDefects(3, 3, marks(['xxx', 'x.x', 'xxx']))).toEqual([{ kind: 'hole', cells: [4] }]);
    // an island in a lake: the island is a second loop, the lake a hole
    expect(loopDefects(5, 5, marks(['xxxxx', 'x...x', 'x.x.x', 'x...x', 'xxxxx']))).toEqual([
      { kind: 'separate', cells: [12], mainSize: 16 },
      { kind: 'hole', cells: [6, 7, 8, 11, 13, 16, 17, 18] },
    ]);
    // a pinch at a corner is one mistake: reported as the corner, not also as a hole or a second piece
    expect(loopDefects(3, 3, marks(['xxx', 'x.x', 'xx.']))).toEqual([{ kind: 'corner', row: 2, col: 2, cells: [5, 7], other: [4, 8] }]);
  });
});

describe('loop-not-simple diagnostics at the offending marks', () => {
  it('a hole: its cells, one squiggle per row run, first mark to last', () => {
    const rows = ['xxxxx', 'x..xx', 'x.xxx', 'xxxxx', '.....'];
    // grid lines 0-4, --- on line 5, block rows on lines 6-10; mark c at column 2c
    expect(squiggles(file(rows))).toEqual([
      { at: [7, 2, 5], message: 'Cells (2, 2), (2, 3) and (3, 2) are an outside hole enclosed by the loop (it would need a second loop around them): mark them x, or open the hole to the border with a line of . cells.' },
      { at: [8, 2, 3], message: 'Cells (2, 2), (2, 3) and (3, 2) are an outside hole enclosed by the loop (it would need a second loop around them): mark them x, or open the hole to the border with a line of . cells.' },
    ]);
  });

  it('two loops: the smaller piece', () => {
    expect(squiggles(file(['xx...', 'xx...', '.....', '...xx', '.....']))).toEqual([
      { at: [9, 6, 9], message: 'Cells (4, 4) and (4, 5) are a second loop, apart from the main one (4 cells): connect them to the main one with x cells, or mark them .' },
    ]);
  });

  it('inside cells meeting at a corner: both marks', () => {
    const message = 'The loop touches itself: inside cells (1, 1) and (2, 2) meet only at a corner. Mark (1, 2) or (2, 1) x to join them, or one of them . to part them.';
    // compact block rows, a comment line inside the block
    const text = '. . .\n. . .\n. . .\n---\nx..\n# middle\n.x.\n...\n';
    expect(squiggles(text)).toEqual([{ at: [4, 0, 1], message }, { at: [6, 1, 2], message }]);
  });

  it('an island in a lake: the island and every run of the lake', () => {
    const got = squiggles(file(['xxxxx', 'x...x', 'x.x.x', 'x...x', 'xxxxx']));
    expect(got.map((d) => d.at)).toEqual([[8, 4, 5], [7, 2, 7], [8, 2, 3], [8, 6, 7], [9, 2, 7]]);
    expect(got[0]!.message).toMatch(/^Cell \(3, 3\) is a second loop/);
    expect(got[1]!.message).toMatch(/^Cells \(2, 2\), \(2, 3\), \(2, 4\) and 5 more are an outside hole/);
  });

  it('a checkerboard: the first 20 defects, then one over the block for the rest', () => {
    const rows = Array.from({ length: 6 }, (_, r) => Array.from({ length: 6 }, (_, c) => ((r + c) % 2 === 0 ? 'x' : '.')).join(''));
    const { puzzle } = parseSlitherlink(file(rows));
    const diags = loopTextDiagnostics(puzzle);
    const defects = loopDefects(6, 6, marks(rows)).length;
    expect(defects).toBe(25);
    // 20 corners, two marks each, then the summary
    expect(diags.length).toBe(41);
    expect(diags[40]!.range).toEqual({ start: { line: 6, character: 0 }, end: { line: 12, character: 11 } });
    expect(diags[40]!.message).toBe('The marks are not one simple loop: 5 more problems than the 20 shown.');
  });

  it('one simple loop: none', () => {
    expect(squiggles(file(['.x..', 'xxx.', '.xxx', '..x.']))).toEqual([]);
  });
});
