/**
 * "Draw loop" edits of the solution block (client/src/solutionEdit.ts): one mark toggled with a
 * one-character edit, a block created when there is none, removed with its last inside cell;
 * comments, spacing and line ends kept byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { applyEdit, lineEnding, toggleSolutionMark, type ToggleResult } from '../../server/src/slitherlink/loopMarks';

function ok(r: ToggleResult): Exclude<ToggleResult, { error: string }> {
  if ('error' in r) throw new Error(r.error);
  return r;
}

/** The block as rows of x / . (what the parser attached), or null. */
function blockOf(text: string): string[] | null {
  const { puzzle, problems } = parseSlitherlink(text);
  expect(problems).toEqual([]);
  if (!puzzle?.solution) return null;
  return Array.from({ length: puzzle.rows }, (_, r) =>
    Array.from({ length: puzzle.cols }, (_, c) => (puzzle.solution![r * puzzle.cols + c] ? 'x' : '.')).join(''),
  );
}

/** The text with the one character at `offset` replaced: everything else must be unchanged. */
function withChar(text: string, offset: number, ch: string): string {
  return text.slice(0, offset) + ch + text.slice(offset + 1);
}

const tokens = [
  '# title: plus',
  '. . . .',
  '. 3 . .',
  '. . . .',
  '. . . .',
  '---',
  '. x . .',
  '# a comment in the block',
  'x x x .',
  '',
  '.  x   x x   ',
  '. . x .',
  '# after',
  '',
].join('\n');

describe('toggleSolutionMark: an existing block', () => {
  it('changes only the mark of the cell (tokens layout, comments and odd spacing kept)', () => {
    const r = ok(toggleSolutionMark(tokens, 2, 0));
    expect(r.action).toBe('toggle');
    expect(r.inside).toBe(true);
    expect(r.edit.end - r.edit.start).toBe(1);
    expect(r.edit.newText).toBe('x');
    const after = applyEdit(tokens, r.edit);
    // Row 3 of the block is '.  x   x x   ': its first mark is at the line's start.
    const rowStart = tokens.indexOf('.  x   x x');
    expect(r.edit.start).toBe(rowStart);
    expect(after).toBe(withChar(tokens, rowStart, 'x'));
    expect(blockOf(after)).toEqual(['.x..', 'xxx.', 'xxxx', '..x.']);

    // And back: x -> . on a mark after several blanks.
    const back = ok(toggleSolutionMark(after, 2, 2));
    expect(back.inside).toBe(false);
    expect(back.edit).toEqual({ start: rowStart + 7, end: rowStart + 8, newText: '.' });
    expect(blockOf(applyEdit(after, back.edit))).toEqual(['.x..', 'xxx.', 'xx.x', '..x.']);
  });

  it('keeps CRLF line ends and a compact layout', () => {
    const text = '3..\r\n...\r\n---\r\n.x.\r\n.X.\r\n';
    const r = ok(toggleSolutionMark(text, 1, 2));
    expect(r.edit).toEqual({ start: text.indexOf('.X.') + 2, end: text.indexOf('.X.') + 3, newText: 'x' });
    const after = applyEdit(text, r.edit);
    expect(after).toBe('3..\r\n...\r\n---\r\n.x.\r\n.Xx\r\n');
    // An upper-case X counts as inside and turns into '.'.
    const r2 = ok(toggleSolutionMark(after, 1, 1));
    expect(applyEdit(after, r2.edit)).toBe('3..\r\n...\r\n---\r\n.x.\r\n..x\r\n');
  });

  it('removes the block with its last inside cell (a --- without x is no block), keeping what follows', () => {
    const text = '. .\n. .\n---\n. x\n. .\n# note\n';
    const r = ok(toggleSolutionMark(text, 0, 1));
    expect(r.action).toBe('remove');
    expect(r.inside).toBe(false);
    const after = applyEdit(text, r.edit);
    expect(after).toBe('. .\n. .\n# note\n');
    expect(parseSlitherlink(after).puzzle!.solutionRange).toBeUndefined();
    // At the very end of a text without a final line break, the break before --- goes instead.
    const bare = '..\r\n..\r\n---\r\n.x\r\n..';
    const r2 = ok(toggleSolutionMark(bare, 0, 1));
    expect(applyEdit(bare, r2.edit)).toBe('..\r\n..');
  });

  it('refuses cells outside the grid and marks it cannot read', () => {
    expect(toggleSolutionMark(tokens, 4, 0)).toHaveProperty('error');
    expect(toggleSolutionMark(tokens, 0, -1)).toHaveProperty('error');
    expect(toggleSolutionMark('..\n..\n---\n.x\n.q\n', 1, 1)).toEqual({ error: expect.stringContaining("'q'") });
    // A row the block lacks.
    expect(toggleSolutionMark('..\n..\n---\n.x\n', 1, 0)).toEqual({ error: expect.stringContaining('no row 2') });
    // A block with a problem elsewhere is still edited mark by mark.
    const short = '...\n...\n---\n.x.\n..\n';
    expect(applyEdit(short, ok(toggleSolutionMark(short, 0, 0)).edit)).toBe('...\n...\n---\nxx.\n..\n');
  });
});

describe('toggleSolutionMark: no block yet', () => {
  it('appends one laid out like the grid, with the file\'s line ends, the cell inside', () => {
    const text = '# title: t\r\n. 2 .\r\n. . .\r\n';
    const r = ok(toggleSolutionMark(text, 1, 2));
    expect(r.action).toBe('create');
    expect(r.edit).toEqual({ start: text.length, end: text.length, newText: '---\r\n. . .\r\n. . x\r\n' });
    const after = applyEdit(text, r.edit);
    expect(after.startsWith(text)).toBe(true);
    expect(blockOf(after)).toEqual(['...', '..x']);
    // Then toggling works on the new block.
    expect(blockOf(applyEdit(after, ok(toggleSolutionMark(after, 0, 0)).edit))).toEqual(['x..', '..x']);
  });

  it('compact grid without a final line break', () => {
    const text = '2..\n...';
    const r = ok(toggleSolutionMark(text, 0, 0));
    expect(applyEdit(text, r.edit)).toBe('2..\n...\n---\nx..\n...');
    expect(lineEnding(text)).toBe('\n');
  });

  it('refuses when the block would not read back (a 3-wide compact grid with a row ---)', () => {
    const text = '...\n---\n...\n';
    expect(parseSlitherlink(text).problems).toEqual([]);
    expect(toggleSolutionMark(text, 0, 0)).toHaveProperty('error');
    expect(toggleSolutionMark('', 0, 0)).toHaveProperty('error');
  });
});
