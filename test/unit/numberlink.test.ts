import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { checkNumberlink } from '../../server/src/numberlink/check';
import type { NumberlinkPuzzle } from '../../server/src/numberlink/puzzle';
import type { PathSolution } from '../../server/src/analysis/result';
import { makeInstance } from '../../server/src/numberlink/instance';
import { pathsProblem } from '../../server/src/numberlink/paths';
import { bruteSolve } from './numberlink-brute';

const seq = JSON.parse(readFileSync(join(__dirname, '../fixtures/sequences.json'), 'utf8'));

function puzzle(text: string): NumberlinkPuzzle {
  const { puzzle: p } = parseNumberlink(text);
  if (!p) throw new Error('test puzzle does not parse');
  return p;
}

/** n x n cells, one label in opposite corners. */
function cornerPair(n: number, rule?: string): string {
  const rows = [];
  for (let r = 0; r < n; r++) {
    let row = '';
    for (let c = 0; c < n; c++) row += (r === 0 && c === 0) || (r === n - 1 && c === n - 1) ? 'A' : '.';
    rows.push(row);
  }
  return `${rule ? `# rule: ${rule}\n` : ''}${n} ${n}\n${rows.join('\n')}\n`;
}

/** The solution's paths re-checked by the independent checker in paths.ts. */
function validate(p: NumberlinkPuzzle, sol: PathSolution, rule: { fill: boolean; notouch: boolean }): string | null {
  const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
  expect(sol.labels).toEqual(p.labels);
  return pathsProblem(inst, rule, sol.paths.map((path) => path.map(([r, c]) => r * p.cols + c)));
}

describe('numberlink counts on empty grids (OEIS)', () => {
  it('one pair in opposite corners, nikoli: self-avoiding corner-to-corner paths A007764', () => {
    const terms: string[] = seq.corner_to_corner_paths_A007764.terms;
    const first: number = seq.corner_to_corner_paths_A007764.first_n;
    for (let n = 2; n <= 7; n++) {
      const r = checkNumberlink(puzzle(cornerPair(n)));
      expect(r.rule).toBe('nikoli');
      expect(r.count, `n=${n}`).toBe(terms[n - first]);
      expect(r.verdict).toBe('multiple');
    }
  });

  it('one pair in opposite corners, fill: corner-to-corner Hamiltonian paths (0 on even sides)', () => {
    const byN: Record<string, string> = seq.corner_to_corner_hamiltonian_paths.by_n;
    for (let n = 2; n <= 7; n++) {
      const r = checkNumberlink(puzzle(cornerPair(n, 'fill')));
      expect(r.rule).toBe('fill');
      expect(r.count, `n=${n}`).toBe(n % 2 === 0 ? '0' : byN[String(n)]);
    }
  });
});

describe('checkNumberlink', () => {
  it('uses the file rule, else the default rule option, else nikoli', () => {
    const text = '3 3\nA.A\n...\n...\n';
    const p = puzzle(text);
    const brute = (fill: boolean) => String(bruteSolve(3, 3, p.cells, 1, { fill, notouch: false }).count);
    expect(brute(false)).not.toBe(brute(true));
    expect(checkNumberlink(p).rule).toBe('nikoli');
    expect(checkNumberlink(p).count).toBe(brute(false));
    const filled = checkNumberlink(p, { defaultRule: { fill: true, notouch: false } });
    expect(filled.rule).toBe('fill');
    expect(filled.count).toBe(brute(true));
    const withLine = checkNumberlink(puzzle('# rule: nikoli\n' + text), { defaultRule: { fill: true, notouch: false } });
    expect(withLine.rule).toBe('nikoli');
    expect(withLine.count).toBe(brute(false));
  });

  it('gives a valid first solution, a different second one, and covers for the nikoli rule', () => {
    const p = puzzle('4 3\nA..B\n....\nA..B\n');
    for (const rule of [{ fill: false, notouch: false }, { fill: true, notouch: false }, { fill: false, notouch: true }, { fill: true, notouch: true }]) {
      const r = checkNumberlink(p, { defaultRule: rule });
      expect(r.verdict).not.toBe('unknown');
      if (r.solution) expect(validate(p, r.solution as PathSolution, rule)).toBeNull();
      if (r.verdict === 'multiple') {
        expect(r.secondSolution).toBeDefined();
        expect(validate(p, r.secondSolution as PathSolution, rule)).toBeNull();
        expect(JSON.stringify(r.secondSolution)).not.toBe(JSON.stringify(r.solution));
      }
      if (r.verdict === 'unique' && !rule.fill) expect(typeof r.covers).toBe('boolean');
      if (rule.fill) expect(r.covers).toBeUndefined();
    }
    // A good puzzle: unique under nikoli and its solution fills the grid.
    const good = checkNumberlink(puzzle('2 2\nAB\nAB\n'));
    expect(good.verdict).toBe('unique');
    expect(good.covers).toBe(true);
    expect((good.solution as PathSolution).paths).toEqual([[[0, 0], [1, 0]], [[0, 1], [1, 1]]]);
    // Unique but not covering: the last cell stays empty.
    const thin = checkNumberlink(puzzle('3 1\nAA.\n'));
    expect(thin.count).toBe('1');
    expect(thin.covers).toBe(false);
  });

  it('paths run from the first endpoint (reading order) to the second, in label order', () => {
    const p = puzzle('3 3\nB.A\n...\nB.A\n');
    const r = checkNumberlink(p);
    expect(r.count).toBe(String(bruteSolve(3, 3, p.cells, 2, { fill: false, notouch: false }).count));
    const sol = r.solution as PathSolution;
    expect(sol.labels).toEqual(['B', 'A']);
    expect(sol.paths[0][0]).toEqual([0, 0]);
    expect(sol.paths[0][sol.paths[0].length - 1]).toEqual([2, 0]);
    expect(sol.paths[1][0]).toEqual([0, 2]);
    expect(sol.paths[1][sol.paths[1].length - 1]).toEqual([2, 2]);
  });

  it('notouch changes the answer: a path may not run alongside itself', () => {
    // Under plain fill the pair can snake through the grid; notouch forbids the snakes.
    const text = '3 3\nA..\n...\n..A\n';
    const fill = checkNumberlink(puzzle(text), { defaultRule: { fill: true, notouch: false } });
    const nt = checkNumberlink(puzzle(text), { defaultRule: { fill: true, notouch: true } });
    expect(fill.count).toBe('2');
    expect(nt.count).toBe('0');
    expect(nt.rule).toBe('fill notouch');
  });

  it('degenerate inputs: no labels, one cell', () => {
    const empty = checkNumberlink(puzzle('2 2\n..\n..\n'));
    expect(empty.verdict).toBe('unique');
    expect(empty.solution).toEqual({ labels: [], paths: [] });
    expect(empty.covers).toBe(false);
    expect(checkNumberlink(puzzle('2 2\n..\n..\n'), { defaultRule: { fill: true, notouch: false } }).verdict).toBe('none');
    expect(checkNumberlink(puzzle('1 1\n.\n')).count).toBe('1');
    expect(checkNumberlink(puzzle('# rule: fill\n1 1\n.\n')).count).toBe('0');
  });

  it('a label that does not occur twice makes the check invalid, never a crash', () => {
    const { puzzle: p } = parseNumberlink('3 1\nA.B\n');
    expect(p).not.toBeNull();
    const r = checkNumberlink(p!);
    expect(r.verdict).toBe('invalid');
    expect(r.errors.length).toBeGreaterThan(0);
    expect(r.count).toBeNull();
  });

  it('a frontier wider than 32 cells (33 rows, each joined straight across)', () => {
    // Each path needs at least 33 cells and there are 33 x 33 cells: all run straight.
    const n = 33;
    const rows = [];
    for (let r = 0; r < n; r++) {
      const tok = `L${r}`;
      rows.push([tok, ...Array(n - 2).fill('.'), tok].join(' '));
    }
    const text = `${n} ${n}\n${rows.join('\n')}\n`;
    for (const rule of ['nikoli', 'fill notouch', 'nikoli notouch']) {
      const r = checkNumberlink(puzzle(`# rule: ${rule}\n` + text));
      expect(r.count, rule).toBe('1');
      const sol = r.solution as PathSolution;
      expect(sol.paths[5]).toEqual(Array.from({ length: n }, (_, c) => [5, c]));
    }
  });

  it('stops cleanly with unknown on a node limit', () => {
    const r = checkNumberlink(puzzle(cornerPair(7)), { control: { limits: { maxNodes: 50 } } });
    expect(r.verdict).toBe('unknown');
    expect(r.count).toBeNull();
    expect(r.stopped?.limit).toBe('nodes');
    expect(r.stopped?.message).toMatch(/undecided: stopped after \d+ nodes/);
  });

  it('each check has its own memory budget, and the stop says how far the work got', () => {
    // The bench runs a whole collection in one process: a check must not be stopped by memory an
    // earlier check held (the budget is what this check's diagram holds, counted by the builder).
    // (Under plain fill: under the Nikoli rule the canonical family of one pair is tiny, and the
    // compiled build decides it within the budget.)
    const control = { limits: { maxBytes: 2 ** 20 } };
    const big = puzzle(cornerPair(11, 'fill'));
    const r1 = checkNumberlink(big, { control });
    expect(r1.verdict).toBe('unknown');
    expect(r1.count).toBeNull();
    expect(r1.stopped?.limit).toBe('memory');
    expect(r1.stopped?.message).toMatch(/^undecided: stopped at the memory limit \(1 MB for this diagram: it held \d+ MB.*\) after \d+ nodes at level \d+ of \d+$/);
    const [, nodes, level] = /after (\d+) nodes at level (\d+)/.exec(r1.stopped!.message)!.map(Number);
    expect(nodes).toBeGreaterThan(1000);
    expect(level).toBeGreaterThan(1);
    // A small puzzle right after, under the same budget, is decided; the big one stops again at
    // exactly the same point.
    expect(checkNumberlink(puzzle(cornerPair(5)), { control }).count).toBe('8512');
    expect(checkNumberlink(big, { control }).stopped?.message).toBe(r1.stopped?.message);
  });

  it('stops cleanly when cancelled', () => {
    const r = checkNumberlink(puzzle(cornerPair(7)), { control: { isCancelled: () => true } });
    expect(r.verdict).toBe('unknown');
    expect(r.stopped?.limit).toBe('cancelled');
  });
});
