// `generate slitherlink WxH --grade LEVEL`: puzzles of a given difficulty grade (design/gradedGenerate.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATE_GRADES } from '../../server/src/protocol-types';
import { SLITHERLINK_DIFFICULTIES } from '../../client/src/designInput';
import { checkText } from '../../server/src/analysis/check';
import { generateGradedSlitherlink, gradedText } from '../../server/src/design/gradedGenerate';
import { Grid } from '../../server/src/model/grid';
import { loopEdgesOf } from '../../server/src/model/loop';
import { gradeSlitherlink, LEVELS } from '../../server/src/slitherlink/grade';

const cli = join(resolve(__dirname, '../..'), 'dist', 'cli.js');
const home = mkdtempSync(join(tmpdir(), 'lp-gen-grade-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
function run(...args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home } });
}

describe('generate --grade', () => {
  it('each level gives a puzzle of that grade whose one solution (counted by the ZDD) is the loop it was made from', () => {
    for (const level of LEVELS) {
      for (const seed of [1, 2]) {
        const { text, result } = gradedText(8, 7, level, seed, true);
        const p = result.puzzle!;
        expect(p.grade, `${level} seed ${seed}`).toBe(level);
        expect(gradeSlitherlink({ rows: 8, cols: 7, hints: p.hints }).grade).toBe(level);
        const checked = checkText(text!, 'slitherlink', { redundant: false });
        expect(checked.verdict, `${level} seed ${seed}`).toBe('unique');
        const grid = new Grid(8, 7);
        const loop = loopEdgesOf(grid, p.inside);
        const want = new Set<string>();
        for (let e = 0; e < grid.edgeCount; e++) if (loop[e]) want.add(grid.edgeEnds(e).join(','));
        const got = (checked.solution as { edges: number[][] }).edges.map((e) => e.join(','));
        expect(new Set(got)).toEqual(want);
        expect(text!.split('\n')[0]).toBe(`# generator: linkpuzzle generate slitherlink 7x8 --seed ${seed} --grade ${level}`);
      }
    }
  });

  it('the language server and the client offer exactly these levels (protocol-types GENERATE_GRADES)', () => {
    expect([...GENERATE_GRADES]).toEqual([...LEVELS]);
    expect(SLITHERLINK_DIFFICULTIES.map((d) => d.grade)).toEqual([undefined, ...LEVELS]);
  });

  it('the same seed gives the same puzzle', () => {
    const a = generateGradedSlitherlink(6, 6, 'tricky', { seed: 9 }).puzzle!;
    const b = generateGradedSlitherlink(6, 6, 'tricky', { seed: 9 }).puzzle!;
    expect(Array.from(a.hints)).toEqual(Array.from(b.hints));
  });

  it('the CLI prints a puzzle that check --grade grades as asked; bad uses exit 2', () => {
    const g = run('generate', 'slitherlink', '9x9', '--seed', '3', '--grade', 'tricky');
    expect(g.status).toBe(0);
    expect(g.stderr).toMatch(/unique, grade tricky/);
    const file = join(home, 'tricky.slk');
    writeFileSync(file, g.stdout);
    const c = run('check', '--json', '--grade', '--no-redundant', file);
    expect(JSON.parse(c.stdout)[0]).toMatchObject({ verdict: 'unique', grade: 'tricky' });
    expect(run('generate', 'numberlink', '5x5', '--grade', 'easy').status).toBe(2);
    expect(run('generate', 'slitherlink', '5x5', '--grade', 'needs search').status).toBe(2);
    expect(run('generate', 'slitherlink', '5x5', '--grade', 'easy', '--density', '0.5').status).toBe(2);
  });
});
