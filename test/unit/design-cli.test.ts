/** The design commands of dist/cli.js (run `npm run build` first). */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { checkSlitherlink } from '../../server/src/slitherlink/check';
import { checkNumberlink } from '../../server/src/numberlink/check';
import { bruteLoops } from './slitherlink-brute';
import { parseSize } from '../../client/src/designInput';

const CLI = join(__dirname, '../../dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'lp-design-'));
const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: dir };
const run = (...args: string[]) => spawnSync('node', [CLI, ...args], { encoding: 'utf8', env });

describe('linkpuzzle generate', () => {
  it('slitherlink: a unique puzzle on stdout, the time on stderr; the same seed gives the same puzzle', () => {
    const a = run('generate', 'slitherlink', '8x6', '--seed', '11');
    expect(a.status).toBe(0);
    expect(a.stderr).toMatch(/generated in \d+ ms/);
    const { puzzle, problems } = parseSlitherlink(a.stdout);
    expect(problems).toEqual([]);
    expect([puzzle!.rows, puzzle!.cols]).toEqual([6, 8]);
    expect(checkSlitherlink(puzzle!, { redundant: false }).verdict).toBe('unique');
    expect(run('generate', 'slitherlink', '8x6', '--seed', '11').stdout).toBe(a.stdout);
  });
  it('numberlink under fill: unique', () => {
    const a = run('generate', 'numberlink', '6x5', '--seed', '3', '--rule', 'fill');
    expect(a.status).toBe(0);
    const { puzzle, problems } = parseNumberlink(a.stdout);
    expect(problems).toEqual([]);
    expect(puzzle!.rule.fill).toBe(true);
    expect(checkNumberlink(puzzle!).verdict).toBe('unique');
  });
  it('sizes: the same rule as VS Code\'s input box (2 to 60 a side), a usage error outside it', () => {
    for (const size of ['1x5', '5x1', '61x2', '2x61', '100x100', '0x3']) {
      const r = run('generate', 'numberlink', size, '--seed', '1');
      expect(r.status, size).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^linkpuzzle: generate: the (width|height) must be a whole number from 2 to 60 \(got \d+\) \(the size is WxH, each side from 2 to 60\)\n/);
      expect(parseSize(size), size).toHaveProperty('error');
    }
    for (const size of ['2x2', '60x2', '3x60']) {
      expect(run('generate', 'numberlink', size, '--seed', '1').status, size).toBe(0);
      expect(parseSize(size), size).not.toHaveProperty('error');
    }
  });
  it('a size that takes long is announced on stderr before the work starts', () => {
    const r = run('generate', 'slitherlink', '36x35', '--seed', '1', '--time-limit', '1');
    expect(r.stderr.split('\n')[0]).toBe('linkpuzzle: note: a 36x35 Slitherlink may take a minute or more, and may stop at the time limit before it is done (time limit 1 ms: --time-limit MS)');
    expect(run('generate', 'slitherlink', '35x35', '--seed', '1', '--time-limit', '1').stderr).not.toMatch(/note:/);
  });
  it('numberlink: no pair of neighbouring cells unless --allow-adjacent; said when none could be avoided', () => {
    const a = run('generate', 'numberlink', '8x8', '--seed', '5');
    expect(a.status).toBe(0);
    const p = parseNumberlink(a.stdout).puzzle!;
    const neighbours = (q: typeof p) => {
      const e = new Map<number, number[]>();
      q.cells.forEach((l, i) => { if (l >= 0) e.set(l, [...(e.get(l) ?? []), i]); });
      return [...e.values()].filter(([x, y]) => Math.abs(Math.floor(x! / 8) - Math.floor(y! / 8)) + Math.abs((x! % 8) - (y! % 8)) === 1).length;
    };
    expect(neighbours(p)).toBe(0);
    expect(checkNumberlink(p).verdict).toBe('unique');
    const b = run('generate', 'numberlink', '8x8', '--seed', '5', '--allow-adjacent');
    expect(b.status).toBe(0);
    expect(b.stdout).toMatch(/^# generator: linkpuzzle generate numberlink 8x8 --seed 5 --allow-adjacent\n/);
    expect(neighbours(parseNumberlink(b.stdout).puzzle!)).toBeGreaterThan(0);
    expect(run('generate', 'slitherlink', '5x5', '--allow-adjacent').status).toBe(2);
    // a 2x2 grid has no other puzzle: made, and said
    const c = run('generate', 'numberlink', '2x2', '--seed', '1');
    expect(c.status).toBe(0);
    expect(c.stderr).toMatch(/unique after \d+ checks; 2 pairs of neighbouring cells \(none avoided in 20 random paths\)\n$/);
  });
  it('usage errors exit 2', () => {
    expect(run('generate', 'sudoku', '5x5').status).toBe(2);
    expect(run('generate', 'slitherlink', '5by5').status).toBe(2);
    expect(run('generate', 'slitherlink', '5x5', '--bogus').status).toBe(2);
  });
});

describe('linkpuzzle import / export', () => {
  const urls = JSON.parse(readFileSync(join(__dirname, '../fixtures/exchange/slitherlink-urls.json'), 'utf8')) as Array<{ url: string }>;
  it('puzz.link URL -> file -> URL is exact', () => {
    for (const { url } of urls.slice(0, 3)) {
      const imp = run('import', url);
      expect(imp.status).toBe(0);
      const file = join(dir, 'p.slk');
      writeFileSync(file, imp.stdout);
      expect(run('export', '--url', file).stdout.trim()).toBe(url);
    }
  });
  it('Loopy game IDs round-trip', () => {
    const id = '5x5t0:a3b2a0c1a3b2b1f';
    const imp = run('import', id);
    expect(imp.status).toBe(0);
    const file = join(dir, 'l.slk');
    writeFileSync(file, imp.stdout);
    expect(run('export', '--loopy', file).stdout.trim()).toBe('5x5t0:' + id.split(':')[1]);
  });
  it('numberlink URLs round-trip', () => {
    const url = 'https://puzz.link/p?numlin/5/5/1g2h3g1k2h3n';
    const imp = run('import', url);
    expect(imp.status).toBe(0);
    const file = join(dir, 'n.nlk');
    writeFileSync(file, imp.stdout);
    expect(run('export', '--url', file).stdout.trim()).toBe(url);
  });
  it('export --url of a Numberlink whose rule is not nikoli: the URL on stdout, a warning on stderr', () => {
    const url = 'https://puzz.link/p?numlin/5/5/1g2h3g1k2h3n';
    const grid = run('import', url).stdout.replace(/^# source:.*\n/m, '');
    const plain = join(dir, 'plain.nlk'), fill = join(dir, 'fill.nlk');
    writeFileSync(plain, grid);
    writeFileSync(fill, '# rule: fill notouch\n' + grid);
    const a = run('export', '--url', plain);
    expect([a.status, a.stdout, a.stderr]).toEqual([0, url + '\n', '']);
    const b = run('export', '--url', fill);
    expect(b.status).toBe(0);
    expect(b.stdout).toBe(url + '\n');
    expect(b.stderr).toBe("linkpuzzle: warning: puzz.link numlin URLs carry no rule: this puzzle's rule `fill notouch` is lost\n");
  });
  it('a file that is not UTF-8 is refused at its byte, as check does (never exported with U+FFFD)', () => {
    const f = join(dir, 'latin1.slk');
    writeFileSync(f, Buffer.from([0x33, 0x20, 0x2e, 0x0a, 0x2e, 0x20, 0xff, 0x0a]));
    const r = run('export', '--url', f);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${f}:2:3: Invalid UTF-8: the byte 0xFF`);
  });
  it('a bad URL exits 1 with a message', () => {
    const r = run('import', 'https://puzz.link/p?sudoku/9/9/abc');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/not a Slitherlink or Numberlink URL/);
  });
});

describe('linkpuzzle design / suggest', () => {
  const loopFile = join(dir, 'loop.slk');
  const loopText = '# title: plus\n# my notes on this loop\n. . . .\n. . . .\n\n. . . .\n. . . .\n---\n. x . .\nx x x .\n# the middle\n. x x x\n. . x .\n';
  writeFileSync(loopFile, loopText);
  it('design prints a minimal puzzle whose unique solution is the loop (brute force)', () => {
    const r = run('design', loopFile, '--seed', '2');
    expect(r.status).toBe(0);
    // The file as it was, but for the hint cells: comments, blank lines and the block stay.
    const before = loopText.split('\n'), after = r.stdout.split('\n');
    expect(after.length).toBe(before.length);
    after.forEach((line, i) => {
      if (/^[.0-4]( [.0-4]){3}$/.test(line) && i < before.indexOf('---')) expect(line.replace(/[0-4]/g, '.')).toBe(before[i]);
      else expect(line).toBe(before[i]);
    });
    const { puzzle, problems } = parseSlitherlink(r.stdout);
    expect(problems).toEqual([]);
    expect(Array.from(puzzle!.solution!)).toEqual([0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0]);
    expect(bruteLoops(4, 4, puzzle!.hints, 2).length).toBe(1);
    for (let c = 0; c < 16; c++) {
      if (puzzle!.hints[c] < 0) continue;
      const less = Int8Array.from(puzzle!.hints);
      less[c] = -1;
      expect(bruteLoops(4, 4, less, 2).length).toBe(2);
    }
  });
  it('design --family --json gives the section 7 statistics', () => {
    const r = run('design', loopFile, '--family', '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Number(j.count)).toBeGreaterThan(0);
    expect(j.minimum.length).toBe(j.minimumSize);
  });
  it('design --family stopped by the time limit: one line, `unknown:` once, a larger --time-limit suggested', () => {
    // a 6x6 loop: its family takes tens of seconds, far beyond one second
    const f = join(dir, 'loop6.slk');
    writeFileSync(f, '. . . . . .\n'.repeat(6) + '---\n......\n....x.\nxx..x.\nxxx.x.\nxxxxxx\nxxxxxx\n');
    const r = run('design', f, '--family', '--time-limit', '1000');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^unknown: [^\n]*time limit \(1000 ms\)[^\n]*; try a larger --time-limit \(e\.g\. --time-limit 4000\)\n$/);
    expect(r.stdout.match(/unknown|undecided/g)).toEqual(['unknown']);
    const j = run('design', f, '--family', '--time-limit', '1000', '--json');
    expect(j.status).toBe(0);
    const o = JSON.parse(j.stdout);
    expect(o.count).toBeNull();
    expect(o.limit).toBe('time');
    expect(o.stopped).toMatch(/^(the hint family was )?stopped by the time limit \(1000 ms\)/);
  });
  it('design without a solution block explains what to add', () => {
    const f = join(dir, 'plain.slk');
    writeFileSync(f, '3..\n...\n');
    const r = run('design', f);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/no solution block/);
  });
  it('design with marks that are no loop names each defect at its first mark (file:line:col)', () => {
    const f = join(dir, 'holes.slk');
    writeFileSync(f, '. . . .\n. . . .\n. . . .\n---\nxxxx\nx.xx\nxxx.\n');
    const r = run('design', f);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `linkpuzzle: ${f}: the solution block is not one loop:\n` +
      `${f}:6:2: Cell (2, 2) is an outside hole enclosed by the loop (it would need a second loop around it): mark it x, or open the hole to the border with a line of . cells.\n`,
    );
  });
  it('suggest lists hints that make the puzzle unique', () => {
    const f = join(dir, 'multi.slk');
    writeFileSync(f, '. 3 . .\n. 2 . 1\n. . 2 .\n3 . . .\n');
    const r = run('suggest', f, '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Number(j.count)).toBeGreaterThan(1);
    expect(j.singles.length).toBeGreaterThan(0);
    for (const s of j.singles) {
      const h = Int8Array.from([-1, 3, -1, -1, -1, 2, -1, 1, -1, -1, 2, -1, 3, -1, -1, -1]);
      h[s.row * 4 + s.col] = s.value;
      expect(bruteLoops(4, 4, h, 2).length).toBe(1);
    }
  });
});
void execFileSync;

import { Grid } from '../../server/src/model/grid';
import { hintsOfEdges, loopEdgesOf } from '../../server/src/model/loop';
import { seededRandom } from '../../server/src/util/random';
import { randomInside } from '../../server/src/slitherlink/design/randomLoop';
import { writeSlitherlink, writeSolutionBlock } from '../../server/src/slitherlink/exchange/write';

describe('linkpuzzle design under limits: never "unique" unless a check proved it', () => {
  /** A .slk of the loop with the loop's hints on the cells `keep` says, and the loop block. */
  const loopFile = (name: string, rows: number, cols: number, inside: ArrayLike<number>, keep: (c: number) => boolean) => {
    const g = new Grid(rows, cols);
    const full = hintsOfEdges(g, loopEdgesOf(g, inside));
    const hints = Int8Array.from(full, (h, c) => (keep(c) ? h : -1));
    const f = join(dir, name);
    writeFileSync(f, writeSlitherlink({ rows, cols, hints }) + writeSolutionBlock(rows, cols, inside));
    return f;
  };
  it('--node-limit 1 stops the check with every allowed hint in: exit 1, nothing on stdout, "not proved unique"', () => {
    const f = loopFile('sparse4.slk', 4, 4, [0, 1, 1, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0], (c) => c === 5 || c === 10);
    const r = run('design', f, '--only-hinted', '--node-limit', '1');
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^linkpuzzle: \S+sparse4\.slk: the loop was not proved unique \(1 checks, \d+ ms\): the check with every allowed hint in stopped after \d+ nodes [^\n]*\(node limit 1\)\n$/);
    expect(r.stderr).not.toMatch(/hints, (minimal|unique)/);
    expect(r.status).toBe(1);
    // Without the limit the same file gets its verdict (two hints do not make this loop unique).
    const free = run('design', f, '--only-hinted');
    expect([free.status, free.stdout]).toEqual([1, '']);
    expect(free.stderr).toMatch(/even with every allowed hint the loop is not the only solution/);
  });
  it('--time-limit 1 on a 30x30 loop with few hints: the first check is stopped, not called unique', () => {
    const inside = randomInside(30, 30, seededRandom(5), 0.55);
    const f = loopFile('sparse30.slk', 30, 30, inside, (c) => c % 37 === 0);
    const r = run('design', f, '--only-hinted', '--time-limit', '1');
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/: the loop was not proved unique \(1 checks, \d+ ms\): the check with every allowed hint in stopped by the time limit \(1 ms\)/);
    expect(r.status).toBe(1);
  });
  it('--node-limit is a usage error unless a positive whole number', () => {
    const f = loopFile('sparse3.slk', 3, 3, [0, 1, 0, 1, 1, 1, 0, 1, 0], () => true);
    for (const bad of ['0', '-3', '2.5', 'many']) {
      const r = run('design', f, '--node-limit', bad);
      expect([r.status, r.stdout], bad).toEqual([2, '']);
      expect(r.stderr, bad).toMatch(/--node-limit must be a (number from 1 to 2147483647|whole number)/);
    }
  });
});
