/** The pure parts of the designer commands (client/src/designInput.ts): input, replies, texts, cancellation. */
import { describe, expect, it } from 'vitest';
import {
  familyDetails, familyMessage, familyStoppedMessage, hintGrid, isErrorReply, isFamilyReply, isGenerateReply, isMakeReply, isStoppedReply,
  makeMessage, parseSeed, parseSize, raceCancellation, sizeWarning, type CancelToken,
} from '../../client/src/designInput';
import { hintFamily } from '../../server/src/slitherlink/design/hintFamily';
import { genreInfos } from '../../server/src/genres/index';

/** A genre's generator as the server tells the client of it (GenresRequest). */
function generator(kind: string): { name: string; slowCells: number } {
  const g = genreInfos().find((x) => x.kind === kind)!;
  return { name: g.name, slowCells: g.generate!.slowCells };
}

describe('size and seed input', () => {
  it('reads WxH as width x height, 2 to 60', () => {
    expect(parseSize('10x10')).toEqual({ rows: 10, cols: 10 });
    expect(parseSize(' 15 x 8 ')).toEqual({ rows: 8, cols: 15 });
    expect(parseSize('12×9')).toEqual({ rows: 9, cols: 12 });
    expect(parseSize('20X3')).toEqual({ rows: 3, cols: 20 });
    expect(parseSize('7')).toEqual({ rows: 7, cols: 7 });
    expect(parseSize('2x60')).toEqual({ rows: 60, cols: 2 });
    for (const bad of ['', 'x', '10x', '1x10', '10x61', '0x0', '10x10x10', '-3x4', '3.5x4', 'ten']) {
      expect(parseSize(bad), bad).toHaveProperty('error');
    }
    expect(parseSize('61x10')).toEqual({ error: expect.stringContaining('width') });
  });

  it('warns while typing a size that takes a minute or more (the CLI\'s note), per kind', () => {
    expect(sizeWarning(generator('slitherlink'), '35x35')).toBeNull();
    expect(sizeWarning(generator('slitherlink'), '36x35')).toBe('A 36x35 Slitherlink may take a minute or more, and may stop at the time limit before it is done (the setting linkpuzzle.limits.timeMs bounds it; you can cancel it).');
    expect(sizeWarning(generator('numberlink'), '25x25')).toBeNull();
    expect(sizeWarning(generator('numberlink'), '26')).toMatch(/^A 26x26 Numberlink may take a minute or more/);
    expect(sizeWarning(generator('numberlink'), '61x61')).toBeNull(); // an error, not a warning
  });

  it('reads an optional seed', () => {
    expect(parseSeed('')).toEqual({ seed: undefined });
    expect(parseSeed('  ')).toEqual({ seed: undefined });
    expect(parseSeed(undefined)).toEqual({ seed: undefined });
    expect(parseSeed('7')).toEqual({ seed: 7 });
    expect(parseSeed('2147483647')).toEqual({ seed: 2147483647 });
    for (const bad of ['-1', '1.5', 'abc', '2147483648']) expect(parseSeed(bad), bad).toHaveProperty('error');
  });
});

describe('server replies', () => {
  const family = { count: '1234567', minimalCount: '89', minimumSize: 5, minimum: [{ row: 0, col: 1, value: 3 }], hardest: [{ row: 1, col: 0, value: 2 }, { row: 1, col: 1, value: 0 }], ms: 1500 };

  it('tells the reply kinds apart', () => {
    expect(isErrorReply({ error: 'no loop' })).toBe(true);
    expect(isErrorReply({ applied: true })).toBe(false);
    expect(isStoppedReply({ stopped: 'time limit' })).toBe(true);
    expect(isFamilyReply(family)).toBe(true);
    expect(isFamilyReply({ stopped: 'x' })).toBe(false);
    expect(isMakeReply({ applied: false, hints: 0, minimal: false, checks: 0, ms: 0, message: '' })).toBe(true);
    expect(isGenerateReply({ text: '. .\n', ms: 3, seed: 9 })).toBe(true);
    expect(isGenerateReply(null)).toBe(false);
  });

  it('a count stopped by the time limit: the reason once, without the engine\'s verdict word, and the setting to raise', () => {
    const inside = Uint8Array.from('..........x.xx..x.xxx.x.xxxxxxxxxxxx'.split('').map((c) => (c === 'x' ? 1 : 0)));
    const r = hintFamily(6, 6, inside, { control: { limits: { timeMs: 300 } } });
    if (r.ok) throw new Error('the 6x6 family finished in 300 ms');
    const m = familyStoppedMessage(r.stopped.message);
    expect(m).toMatch(/^The count stopped: (the hint family was )?stopped by the time limit \(300 ms\) after \d+ (ZDD )?nodes[^]*\. Raise the setting linkpuzzle\.limits\.timeMs to give it longer\.$/);
    expect(m).not.toMatch(/unknown|undecided/);
  });

  it('words the outcomes', () => {
    expect(makeMessage({ applied: true, hints: 17, minimal: true, checks: 40, ms: 900, message: '' }))
      .toBe('17 hints left, minimal (40 uniqueness checks, 900 ms)');
    expect(makeMessage({ applied: true, hints: 1, minimal: false, checks: 1, ms: 2500, message: '' }))
      .toBe('1 hint left, unique but not proved minimal (1 uniqueness check, 2.50 s)');
    expect(makeMessage({ applied: true, hints: 17, minimal: true, checks: 40, ms: 900, message: 'server says' })).toBe('server says');
    expect(makeMessage({ applied: false, hints: 0, minimal: false, checks: 0, ms: 1, message: 'the loop is not simple' })).toBe('Nothing changed: the loop is not simple');
    expect(familyMessage(family)).toBe('1,234,567 hint sets make this loop the only solution; 89 minimal, the smallest with 5 hints (1.50 s).');
    expect(hintGrid(2, 3, family.hardest)).toEqual(['. . .', '2 0 .']);
    expect(hintGrid(2, 3, family.minimum, 'compact')).toEqual(['.3.', '...']);
    // A tiling's lines, each as long as its faces (a snub-square 3x3: 5, 8, 8 faces).
    expect(hintGrid(3, 3, [{ row: 1, col: 7, face: 12, value: 2 }, { row: 0, col: 4, face: 4, value: 1 }], 'compact', [5, 8, 8])).toEqual(['....1', '.......2', '........']);
    const tiled = familyDetails('snub.slk', 3, 3, { ...family, lines: [5, 8, 8], minimum: [{ row: 1, col: 7, face: 12, value: 2 }] });
    expect(tiled).toContain('  . . . . . . . 2');
    expect(tiled.join('\n')).toContain('fewest full faces');
    const details = familyDetails('loop.slk', 2, 3, family);
    expect(details.join('\n')).toContain('1,234,567');
    expect(details).toContain('  . 3 .');
    const none = { count: '0', minimalCount: '0', minimumSize: -1, minimum: [], hardest: [], ms: 20 };
    expect(familyMessage(none)).toBe('No set of hints makes this loop the only solution (20 ms).');
    expect(familyDetails('loop.slk', 2, 3, none)).toHaveLength(1);
  });
});

describe('raceCancellation', () => {
  function source(): { token: CancelToken; cancel(): void; listeners: number } {
    const listeners = new Set<() => unknown>();
    const s = {
      cancelled: false,
      token: {
        get isCancellationRequested() { return s.cancelled; },
        onCancellationRequested(l: () => unknown) { listeners.add(l); return { dispose: () => listeners.delete(l) }; },
      } as CancelToken,
      cancel() { s.cancelled = true; for (const l of [...listeners]) l(); },
      get listeners() { return listeners.size; },
    };
    return s;
  }

  it('gives the value when the work finishes first', async () => {
    const s = source();
    await expect(raceCancellation(Promise.resolve(42), s.token)).resolves.toEqual({ value: 42 });
    expect(s.listeners).toBe(0);
  });

  it('stops waiting at once when cancelled, whatever the work does later', async () => {
    const s = source();
    let finish!: (v: number) => void;
    const work = new Promise<number>((resolve) => { finish = resolve; });
    const raced = raceCancellation(work, s.token);
    s.cancel();
    await expect(raced).resolves.toEqual({ cancelled: true });
    finish(1);
    const s2 = source();
    s2.cancel();
    await expect(raceCancellation(new Promise<number>(() => undefined), s2.token)).resolves.toEqual({ cancelled: true });
    // A failure after cancelling is ignored (no unhandled rejection).
    const s3 = source();
    let fail!: (e: Error) => void;
    const r3 = raceCancellation(new Promise<number>((_, reject) => { fail = reject; }), s3.token);
    s3.cancel();
    fail(new Error('late'));
    await expect(r3).resolves.toEqual({ cancelled: true });
  });

  it('passes a failure on', async () => {
    await expect(raceCancellation(Promise.reject(new Error('boom')), source().token)).rejects.toThrow('boom');
  });
});
