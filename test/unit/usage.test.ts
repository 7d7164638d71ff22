/**
 * The ambiguity map (`usage`: how many solutions use each edge) against brute-force enumeration:
 * Slitherlink through the check and the incremental session, Numberlink under all four rules.
 */
import { describe, expect, it } from 'vitest';
import { checkSlitherlink } from '../../server/src/slitherlink/check';
import { checkNumberlink } from '../../server/src/numberlink/check';
import { SlitherlinkSession } from '../../server/src/slitherlink/incremental';
import { linkUsage, NUMBERLINK_WALK_MAX } from '../../server/src/numberlink/usage';
import { makeInstance } from '../../server/src/numberlink/instance';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';
import type { CheckResult, PathSolution } from '../../server/src/analysis/result';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Grid } from '../../server/src/model/grid';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { bruteLoops } from './slitherlink-brute';
import { bruteSolve } from './numberlink-brute';
import { randomCells, rng, walkCells } from './numberlink-random';

function usageMap(r: CheckResult): Map<string, string> {
  return new Map(r.usage!.edges.map((x) => [x.edge.join(','), x.count]));
}

function slitherlinkText(rows: number, cols: number, hints: Int8Array): string {
  let t = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) t += hints[r * cols + c] < 0 ? '.' : String(hints[r * cols + c]);
    t += '\n';
  }
  return t;
}

describe('Slitherlink usage', () => {
  it('equals the per-edge counts of brute force, in the check and the incremental session', () => {
    const rand = rng(11);
    let compared = 0;
    const session = new SlitherlinkSession();
    for (let t = 0; t < 120; t++) {
      const rows = 2 + Math.floor(rand() * 3), cols = 2 + Math.floor(rand() * 3);
      const hints = new Int8Array(rows * cols).fill(-1);
      for (let i = 0; i < hints.length; i++) if (rand() < 0.3) hints[i] = Math.floor(rand() * 4);
      const loops = bruteLoops(rows, cols, hints);
      const p = parseSlitherlink(slitherlinkText(rows, cols, hints)).puzzle!;
      for (const r of [checkSlitherlink(p, { usage: true, redundant: false }), session.check(p, { usage: true, redundant: false })]) {
        expect(r.count).toBe(String(loops.length));
        if (loops.length < 2) {
          expect(r.usage).toBeUndefined();
          continue;
        }
        const grid = new Grid(rows, cols);
        const want = new Map<string, string>();
        const per = new Map<number, number>();
        for (const loop of loops) for (const e of loop) per.set(e, (per.get(e) ?? 0) + 1);
        for (const [e, k] of per) want.set(grid.edgeEnds(e).join(','), String(k));
        expect(r.usage!.of).toBe(String(loops.length));
        expect(usageMap(r)).toEqual(want);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(60);
  });

  it('is left out unless asked for', () => {
    const p = parseSlitherlink('...\n...\n...\n').puzzle!;
    const r = checkSlitherlink(p, { redundant: false });
    expect(r.verdict).toBe('multiple');
    expect(r.usage).toBeUndefined();
  });
});

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('Numberlink usage', () => {
  const rules = [
    { fill: false, notouch: false },
    { fill: false, notouch: true },
    { fill: true, notouch: false },
    { fill: true, notouch: true },
  ];
  for (const rule of rules) {
    const name = [rule.fill ? 'fill' : '', rule.notouch ? 'notouch' : ''].filter(Boolean).join(' ') || 'nikoli';
    it(`equals the link and label counts of brute force under ${name}`, () => {
      const rand = rng(5 + (rule.fill ? 2 : 0) + (rule.notouch ? 1 : 0));
      let compared = 0;
      for (let t = 0; t < (rule.fill ? 200 : 80); t++) {
        const rows = 2 + Math.floor(rand() * 3), cols = 2 + Math.floor(rand() * 3);
        // Under fill, walks leave few ways to cover the grid: one or two pairs anywhere leave many.
        const cells = rule.fill
          ? randomCells(rows, cols, 1 + Math.floor(rand() * (rule.notouch ? 4 : 2)), rand)
          : walkCells(rows, cols, rand, 2 + Math.floor(rand() * 6), 1 + Math.floor(rand() * 3)).cells;
        let text = `${cols} ${rows}\n`;
        for (let r = 0; r < rows; r++) {
          const row: string[] = [];
          for (let c = 0; c < cols; c++) row.push(cells[r * cols + c] < 0 ? '.' : LETTERS[cells[r * cols + c]]);
          text += row.join(' ') + '\n';
        }
        const p = parseNumberlink(text).puzzle!;
        const brute = bruteSolve(rows, cols, p.cells, p.labels.length, rule, Infinity);
        const r = checkNumberlink(p, { usage: true, defaultRule: rule });
        expect(r.count).toBe(String(brute.count));
        if (brute.count < 2) {
          expect(r.usage).toBeUndefined();
          continue;
        }
        const links = new Map<string, number>();
        const labels = new Map<string, number>();
        const at = (v: number) => `${Math.floor(v / cols)},${v % cols}`;
        for (const s of brute.solutions) {
          s.split('|').forEach((path, label) => {
            const vs = path.split(',').map(Number);
            vs.forEach((v, k) => {
              labels.set(`${at(v)}:${p.labels[label]}`, (labels.get(`${at(v)}:${p.labels[label]}`) ?? 0) + 1);
              if (k === 0) return;
              const a = Math.min(vs[k - 1], v), b = Math.max(vs[k - 1], v);
              links.set(`${at(a)},${at(b)}`, (links.get(`${at(a)},${at(b)}`) ?? 0) + 1);
            });
          });
        }
        expect(r.usage!.of).toBe(String(brute.count));
        expect(usageMap(r)).toEqual(new Map([...links].map(([k, v]) => [k, String(v)])));
        const got = new Map<string, string>();
        for (const c of r.usage!.cells!) for (const l of c.labels) got.set(`${c.cell.join(',')}:${l.label}`, l.count);
        expect(got).toEqual(new Map([...labels].map(([k, v]) => [k, String(v)])));
        compared++;
      }
      // Small grids almost never have two solutions under fill notouch (Janko's 156 below has).
      if (!(rule.fill && rule.notouch)) expect(compared).toBeGreaterThan(15);
    });
  }

  it('Janko 156 (two solutions under fill notouch): each link counted in one or both', () => {
    const text = readFileSync(join(__dirname, '../fixtures/numberlink/janko/156_14x14.nlk'), 'utf8');
    const p = parseNumberlink(text).puzzle!;
    const r = checkNumberlink(p, { usage: true, secondSolution: true });
    expect(r.count).toBe('2');
    const links = new Map<string, number>();
    for (const s of [r.solution, r.secondSolution] as PathSolution[]) {
      for (const path of s.paths) {
        for (let k = 1; k < path.length; k++) {
          const [a, b] = [path[k - 1], path[k]].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
          links.set([...a, ...b].join(','), (links.get([...a, ...b].join(',')) ?? 0) + 1);
        }
      }
    }
    expect(usageMap(r)).toEqual(new Map([...links].map(([k, v]) => [k, String(v)])));
    expect([...usageMap(r).values()].filter((c) => c === '1').length).toBeGreaterThan(0);
  });

  it(`past ${NUMBERLINK_WALK_MAX} solutions, the links from a diagram with every edge a level (corner to corner on 6x6: 1,262,816 paths)`, () => {
    // One pair in opposite corners under nikoli: every self-avoiding path between them (OEIS
    // A007764: 1, 2, 12, 184, 8512, 1262816); by symmetry each corner's two links carry half.
    const p = parseNumberlink('6 6\nA . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . A\n').puzzle!;
    const r = checkNumberlink(p, { usage: true });
    expect(r.count).toBe('1262816');
    expect(r.usage!.of).toBe('1262816');
    expect(r.usage!.cells).toBeUndefined();
    const m = usageMap(r);
    expect(m.get('0,0,0,1')).toBe('631408');
    expect(m.get('0,0,1,0')).toBe('631408');
    expect(m.get('4,5,5,5')).toBe('631408');
    // Every path crosses the cut between columns 2 and 3 an odd number of times: the links across
    // it are used at least once per path in all, and their sum has the parity of the path count.
    let across = 0n;
    for (const [k, v] of m) {
      const [, c1, , c2] = k.split(',').map(Number);
      if (c1 === 2 && c2 === 3) across += BigInt(v);
    }
    expect(across).toBeGreaterThan(1262816n);
    expect(across % 2n).toBe(1262816n % 2n);
  });

  it('the diagram with every edge a level gives the walk\'s link counts (all four rules)', () => {
    const rand = rng(23);
    let compared = 0;
    for (const rule of rules) {
      for (let t = 0; t < 40; t++) {
        const rows = 2 + Math.floor(rand() * 4), cols = 2 + Math.floor(rand() * 4);
        const cells = rule.fill ? randomCells(rows, cols, 1 + Math.floor(rand() * 2), rand) : walkCells(rows, cols, rand, 3 + Math.floor(rand() * 6), 1 + Math.floor(rand() * 3)).cells;
        const inst = makeInstance(rows, cols, cells, Math.max(...cells) + 1);
        const nz = buildNumberlinkZdd(inst, rule);
        const every = buildNumberlinkZdd(inst, rule, undefined, { everyEdgeALevel: true });
        expect(every.zdd.count()).toBe(nz.zdd.count());
        const total = nz.zdd.count();
        if (total < 2n || total > 3000n) continue;
        const walked = new Array(inst.graph.edges.length >> 1).fill(0n);
        for (let i = 0n; i < total; i++) for (const e of nz.edgesOf(nz.zdd.kth(i))!) walked[e]++;
        expect(linkUsage(inst.graph.edges.length >> 1, every)).toEqual(walked);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

});
