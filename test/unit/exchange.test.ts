import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode4Cell, encode4Cell, parseSlitherUrl, slitherlinkUrl } from '../../server/src/slitherlink/exchange/puzzlink';
import { decodeNumber16, encodeNumber16, numberlinkUrl, parseNumlinUrl } from '../../server/src/numberlink/exchange/puzzlink';
import { puzzLinkType } from '../../server/src/exchange/puzzlink';
import { importText } from '../../server/src/genres/exchange';
import { loopyId, parseLoopyId } from '../../server/src/slitherlink/exchange/loopy';
import { copiedMessage } from '../../client/src/exchangeText';
import { urlFromText } from '../../server/src/genres/exchange';

/** A puzz.link URL as its genre reads it (the grid), or why not: the import's own error. */
function parsePuzzLink(url: string) {
  const imported = importText(url);
  if ('error' in imported) return imported;
  const { type } = puzzLinkType(url);
  if (type === 'slither') {
    const g = parseSlitherUrl(url);
    return 'error' in g ? g : { kind: 'slitherlink' as const, ...g };
  }
  const g = parseNumlinUrl(url);
  return 'error' in g ? g : { kind: 'numberlink' as const, ...g };
}

interface UrlFixture { file: string; url: string; grid: string[]; loopy?: string }
const fixtures: UrlFixture[] = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/exchange/slitherlink-urls.json'), 'utf8'),
);

function gridHints(grid: string[]): number[] {
  return grid.join('').split('').map((ch) => (ch === '.' ? -1 : Number(ch)));
}

/** A seeded PRNG so that failures reproduce. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('puzz.link Slitherlink URLs', () => {
  it(`decodes all ${fixtures.length} corpus URLs to the grid of their file`, () => {
    for (const f of fixtures) {
      const p = parsePuzzLink(f.url);
      if ('error' in p) throw new Error(`${f.file}: ${p.error}`);
      expect(p.kind).toBe('slitherlink');
      expect(p.rows, f.file).toBe(f.grid.length);
      expect(p.cols, f.file).toBe(f.grid[0].length);
      if (p.kind === 'slitherlink') expect(Array.from(p.hints), f.file).toEqual(gridHints(f.grid));
    }
  });

  it('re-encodes every corpus URL exactly (file -> URL)', () => {
    for (const f of fixtures) {
      const hints = gridHints(f.grid);
      const url = slitherlinkUrl({ rows: f.grid.length, cols: f.grid[0].length, hints });
      expect(url, f.file).toBe(f.url);
    }
  });

  it('round-trips random grids, including long empty runs and hints at the end', () => {
    const rand = rng(7);
    for (let t = 0; t < 2000; t++) {
      const n = 1 + Math.floor(rand() * 60);
      const density = rand();
      const hints = Array.from({ length: n }, () => (rand() < density ? Math.floor(rand() * 5) : -1));
      const decoded = decode4Cell(encode4Cell(hints), n);
      if ('error' in decoded) throw new Error(decoded.error);
      expect(Array.from(decoded)).toEqual(hints);
    }
  });

  it('reports bad URLs instead of throwing', () => {
    expect(parsePuzzLink('https://puzz.link/p?nurikabe/3/3/abc')).toHaveProperty('error');
    expect(parsePuzzLink('https://puzz.link/p?slither/x/3/abc')).toHaveProperty('error');
    expect(parsePuzzLink('https://puzz.link/p?slither/3/3/5!')).toHaveProperty('error');
    expect(parsePuzzLink('')).toHaveProperty('error');
  });
});

describe('puzz.link Numberlink URLs', () => {
  it('encodes numbers of every width as pzprjs does', () => {
    expect(encodeNumber16([1, -1, -1, 2])).toBe('1h2');
    expect(encodeNumber16([17, -1, 300, 5000, 9000])).toBe('-11g+12c=388%328');
    expect(encodeNumber16([4100])).toBe('=004');
    expect(encodeNumber16(new Array(25).fill(-1))).toBe('zk');
  });

  it('round-trips random numbers', () => {
    const rand = rng(11);
    for (let t = 0; t < 1000; t++) {
      const n = 1 + Math.floor(rand() * 50);
      const numbers = Array.from({ length: n }, () => {
        if (rand() < 0.6) return -1;
        const scale = [16, 256, 4096, 8192, 12240, 100000][Math.floor(rand() * 6)];
        return Math.floor(rand() * scale);
      });
      const decoded = decodeNumber16(encodeNumber16(numbers), n);
      if ('error' in decoded) throw new Error(decoded.error);
      expect(Array.from(decoded)).toEqual(numbers);
    }
  });

  it('maps letters to numbers and back to a URL that imports as the same pairs', () => {
    const grid = { rows: 2, cols: 3, labels: ['A', 'B'], cells: [0, -1, 1, 1, -1, 0] };
    const url = numberlinkUrl(grid);
    expect(url).toBe('https://puzz.link/p?numlin/3/2/1g22g1');
    const back = parsePuzzLink(url);
    if ('error' in back || back.kind !== 'numberlink') throw new Error('not numberlink');
    expect(back.labels).toEqual(['1', '2']);
    expect(Array.from(back.cells)).toEqual([0, -1, 1, 1, -1, 0]);
    expect(numberlinkUrl(back)).toBe(url);
  });
});

describe('Loopy game IDs', () => {
  const withIds = fixtures.filter((f) => f.loopy);

  it(`parses the ${withIds.length} corpus IDs to the grid of their file and writes them back exactly`, () => {
    expect(withIds.length).toBeGreaterThan(0);
    for (const f of withIds) {
      const p = parseLoopyId(f.loopy!);
      if ('error' in p) throw new Error(`${f.file}: ${p.error}`);
      expect(Array.from(p.hints), f.file).toEqual(gridHints(f.grid));
      expect(loopyId(p, p.params)).toBe(f.loopy);
    }
  });

  it('splits runs longer than 26', () => {
    const hints = new Array(30).fill(-1);
    hints[29] = 2;
    expect(loopyId({ rows: 1, cols: 30, hints })).toBe('30x1t0:zc2');
    const back = parseLoopyId('30x1t0:zc2');
    if ('error' in back) throw new Error(back.error);
    expect(Array.from(back.hints)).toEqual(hints);
  });

  it('rejects other grid types and wrong lengths', () => {
    expect(parseLoopyId('3x3t1:abc')).toHaveProperty('error');
    expect(parseLoopyId('3x3t0:a')).toHaveProperty('error');
    expect(parseLoopyId('nonsense')).toHaveProperty('error');
  });
});

describe('replaceHints (text with only the hint cells changed)', () => {
  it('keeps comments, spacing, CRLF line ends and the loop block; works for compact and token rows', async () => {
    const { parseSlitherlink } = await import('../../server/src/slitherlink/parse');
    const { replaceHints } = await import('../../server/src/slitherlink/exchange/write');
    const cases = [
      '# a\r\n.  3 .\r\n2 . .\r\n# middle\r\n. . 1\r\n---\r\n. x .\r\n. x .\r\n. . .\r\n',
      '# compact\n.3.\n2..\n..1\n',
      '\t. 3 .\t\n2 - .\n. . 1',
    ];
    for (const text of cases) {
      const { puzzle, problems } = parseSlitherlink(text);
      expect(problems).toEqual([]);
      const hints = [0, -1, 4, -1, 2, -1, 3, -1, -1];
      const out = replaceHints(text, puzzle!, hints);
      const again = parseSlitherlink(out);
      expect(again.problems).toEqual([]);
      expect(Array.from(again.puzzle!.hints)).toEqual(hints);
      // Everything but the cells is untouched: blank out the cells of both texts and compare.
      const blank = (t: string, p: typeof puzzle) => {
        const lines = t.split('\n');
        for (const r of p!.cellRanges) lines[r.line] = lines[r.line]!.slice(0, r.col) + '_' + lines[r.line]!.slice(r.endCol);
        return lines.join('\n');
      };
      expect(blank(out, again.puzzle)).toBe(blank(text, puzzle));
      expect(replaceHints(text, puzzle!, puzzle!.hints)).toBe(text);
    }
  });
});

describe('export to puzz.link: a Numberlink rule the URL cannot carry is named', () => {
  const grid = '5 5\n1.2.3\n.....\n.....\n.....\n1.2.3\n';
  const url = 'https://puzz.link/p?numlin/5/5/1g2g3u1g2g3';

  it('rule nikoli (or none): the URL alone', () => {
    expect(urlFromText(grid, 'numberlink')).toEqual({ url });
    expect(urlFromText('# rule: nikoli\n' + grid, 'numberlink')).toEqual({ url });
    expect(copiedMessage({ url })).toEqual({ level: 'info', text: `Copied ${url}` });
  });

  it('other rules: the same URL and a warning naming the rule; Copy as puzz.link URL shows it', () => {
    for (const [line, rule] of [['fill notouch', 'fill notouch'], ['fill', 'fill'], ['notouch', 'nikoli notouch']]) {
      const r = urlFromText(`# rule: ${line}\n` + grid, 'numberlink');
      expect(r).toEqual({ url, warning: `puzz.link numlin URLs carry no rule: this puzzle's rule \`${rule}\` is lost` });
      expect(copiedMessage(r as { url: string; warning: string })).toEqual({
        level: 'warning', text: `Link Puzzles: copied ${url}, but puzz.link numlin URLs carry no rule: this puzzle's rule \`${rule}\` is lost.`,
      });
    }
  });

  it('Slitherlink: no warning', () => {
    expect(urlFromText('3.\n.2\n', 'slitherlink')).toEqual({ url: 'https://puzz.link/p?slither/2/2/' + encode4Cell([3, -1, -1, 2]) });
  });
});
