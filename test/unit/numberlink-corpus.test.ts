/**
 * Real puzzles copied from ../shared/corpus/numberlink into test/fixtures/numberlink, with what
 * is known about them (answers.json, from the corpus): exact counts under the file's rule (an
 * ASP model), counts under plain fill (TdZdd), verdicts and official solutions (Janko Arukone).
 * count_fill is left out of the fixtures for the four puzzles where plain fill takes too long
 * for a unit test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { checkNumberlink } from '../../server/src/numberlink/check';
import type { PathSolution } from '../../server/src/analysis/result';
import type { NumberlinkPuzzle } from '../../server/src/numberlink/puzzle';
import { makeInstance } from '../../server/src/numberlink/instance';
import { pathsProblem } from '../../server/src/numberlink/paths';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';

const dir = join(__dirname, '../fixtures/numberlink');
interface Answer {
  file: string;
  rule: string;
  verdict?: string;
  count?: string;
  count_fill?: string;
  official?: string;
  count_tdzdd_nouturn?: string;
}
const answers: Answer[] = JSON.parse(readFileSync(join(dir, 'answers.json'), 'utf8'));

function load(file: string): NumberlinkPuzzle {
  const { puzzle, problems } = parseNumberlink(readFileSync(join(dir, file), 'utf8'));
  expect(problems).toEqual([]);
  return puzzle!;
}

/** Per-cell directions (n, s, e, w in that order) of a solution, as in the official answers. */
function directions(p: NumberlinkPuzzle, sol: PathSolution): string[][] {
  const grid = Array.from({ length: p.rows }, () => Array<string>(p.cols).fill(''));
  const add = (r: number, c: number, r2: number, c2: number) => {
    grid[r][c] += r2 < r ? 'n' : r2 > r ? 's' : c2 > c ? 'e' : 'w';
  };
  for (const path of sol.paths) {
    for (let k = 0; k + 1 < path.length; k++) {
      const [r1, c1] = path[k], [r2, c2] = path[k + 1];
      add(r1, c1, r2, c2);
      add(r2, c2, r1, c1);
    }
  }
  const order = 'nsew';
  return grid.map((row) => row.map((d) => [...d].sort((x, y) => order.indexOf(x) - order.indexOf(y)).join('')));
}

function officialDirections(official: string): string[][] {
  const lines = official.split('\n').slice(1);
  const order = 'nsew';
  return lines.map((l) => l.trim().split(/\s+/).map((d) => [...d].sort((x, y) => order.indexOf(x) - order.indexOf(y)).join('')));
}

function valid(p: NumberlinkPuzzle, sol: PathSolution, rule: { fill: boolean; notouch: boolean }): string | null {
  const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
  return pathsProblem(inst, rule, sol.paths.map((path) => path.map(([r, c]) => r * p.cols + c)));
}

describe('numberlink corpus fixtures', () => {
  for (const a of answers) {
    it(`${a.file} under its rule (${a.rule})`, () => {
      const p = load(a.file);
      const r = checkNumberlink(p);
      expect(r.rule).toBe(a.rule);
      expect(r.verdict).not.toBe('unknown');
      if (a.count !== undefined) expect(r.count).toBe(a.count);
      if (a.verdict !== undefined) expect(r.verdict).toBe(a.verdict);
      const rule = p.rule;
      if (r.solution) expect(valid(p, r.solution as PathSolution, rule)).toBeNull();
      if (r.secondSolution) expect(valid(p, r.secondSolution as PathSolution, rule)).toBeNull();
      if (a.official !== undefined && r.verdict === 'unique') {
        expect(directions(p, r.solution as PathSolution)).toEqual(officialDirections(a.official));
        expect(r.covers).toBe(true); // the official solutions use every cell
      }
      if (a.count_tdzdd_nouturn !== undefined) {
        // notouch forbids every U-turn and more, so its solutions are among TdZdd's.
        expect(BigInt(r.count!)).toBeGreaterThanOrEqual(1n);
        expect(BigInt(r.count!)).toBeLessThanOrEqual(BigInt(a.count_tdzdd_nouturn));
      }
    });
    if (a.count_fill !== undefined) {
      it(`${a.file} under plain fill`, () => {
        const p = load(a.file);
        const r = checkNumberlink({ ...p, ruleRange: undefined }, { defaultRule: { fill: true, notouch: false } });
        expect(r.rule).toBe('fill');
        expect(r.count).toBe(a.count_fill);
      });
    }
  }
});

describe('the depth-first build on real puzzles (pathFilter.ts)', () => {
  it('builds the same diagram as the breadth-first one from fewer states: the propagator refutes wrong decisions early', () => {
    // Puzzles that deduction alone does not finish (the others build no state either way).
    const files = ['ahle40x20/001_40x20.nlk', 'janko/104_17x17.nlk', 'arukone/565_10x10.nlk'];
    let depthStates = 0, breadthStates = 0;
    for (const file of files) {
      const p = load(file);
      const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
      const depth = buildNumberlinkZdd(inst, p.rule);
      const breadth = buildNumberlinkZdd(inst, p.rule, undefined, { search: 'breadth' });
      expect(depth.zdd.count(), file).toBe(breadth.zdd.count());
      expect(depth.stats.reducedNodes, file).toBe(breadth.stats.reducedNodes);
      expect(depth.stats.nodesCreated, file).toBeLessThan(breadth.stats.nodesCreated);
      depthStates += depth.stats.nodesCreated;
      breadthStates += breadth.stats.nodesCreated;
    }
    // (38,878 against 63,013 when written; Ahle's 001 alone 285 against 1,737)
    expect(depthStates).toBeLessThan(0.7 * breadthStates);
  });
});
