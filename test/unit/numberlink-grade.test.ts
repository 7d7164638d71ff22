/**
 * The Numberlink difficulty grade (numberlink/grade.ts): every level sound against brute force
 * under each rule, each level the same as deduce() with those rules run afresh (so the levels
 * nest), the grade of real puzzles, and what the check and the CLI report.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/analysis/check';
import { deduce } from '../../server/src/numberlink/deduce';
import { gradeNumberlink, NUMBERLINK_GRADES, NUMBERLINK_LEVELS } from '../../server/src/numberlink/grade';
import { makeInstance, type NumberlinkInstance } from '../../server/src/numberlink/instance';
import { parseNumberlink } from '../../server/src/parse/index';
import { bruteSolve } from './numberlink-brute';
import { grid } from './numberlink-grid';
import { randomCells, rng, walkCells } from './numberlink-random';

const RULES = [
  { fill: false, notouch: false },
  { fill: true, notouch: false },
  { fill: false, notouch: true },
  { fill: true, notouch: true },
];
const fixtures = join(__dirname, '..', 'fixtures', 'numberlink');

/** Every solution's set of graph edges, from brute force (which shares no code with the solver). */
function bruteEdgeSets(inst: NumberlinkInstance, rule: { fill: boolean; notouch: boolean }): Set<number>[] | null {
  const r = bruteSolve(inst.rows, inst.cols, inst.cells, inst.labelCount, rule, 2000);
  if (r.count > r.solutions.length) return null;
  const E = inst.graph.edges;
  const edgeOf = new Map<string, number>();
  for (let e = 0; e < E.length >> 1; e++) {
    edgeOf.set(`${E[2 * e]},${E[2 * e + 1]}`, e);
    edgeOf.set(`${E[2 * e + 1]},${E[2 * e]}`, e);
  }
  return r.solutions.map((s) => {
    const set = new Set<number>();
    for (const path of s.split('|')) {
      const cells = path.split(',').map(Number);
      for (let k = 1; k < cells.length; k++) set.add(edgeOf.get(`${cells[k - 1]},${cells[k]}`)!);
    }
    return set;
  });
}

/**
 * Small unique puzzles that need global rules or probing (rare among random small ones; found by
 * a search over random walks, each unique by brute force under the rule named).
 */
const HARD_SMALL = [
  { rows: ['A..A', '..B.', '.CB.', '...C'], rule: RULES[2], grade: 'global' },
  { rows: ['AABB', '..CC', 'D...', 'EED.'], rule: RULES[2], grade: 'probing' },
  { rows: ['..ABB', '.A...', '.C.D.', '..CD.'], rule: RULES[1], grade: 'probing' },
  { rows: ['A...B', 'CA...', 'C....', 'D.ED.', '...EB'], rule: RULES[2], grade: 'probing' },
];

/** Small instances with solutions (walks) and without (random ends), each under every rule. */
function* instances(count: number, seed: number): Generator<{ inst: NumberlinkInstance; rule: (typeof RULES)[number]; what: string }> {
  for (const h of HARD_SMALL) for (const rule of RULES) yield { inst: grid(h.rows), rule, what: `${h.rows.join('/')} ${JSON.stringify(rule)}` };
  const rand = rng(seed);
  for (let t = 0; t < count; t++) {
    const rows = 2 + Math.floor(rand() * 3), cols = 3 + Math.floor(rand() * 3);
    const { cells, pairs } = t % 4 === 3
      ? { cells: randomCells(rows, cols, 2, rand), pairs: 2 }
      : walkCells(rows, cols, rand, 2 + Math.floor(rand() * 6));
    if (pairs === 0) continue;
    const inst = makeInstance(rows, cols, cells, pairs);
    for (const rule of RULES) yield { inst, rule, what: `${rows}x${cols} [${Array.from(cells).join(',')}] ${JSON.stringify(rule)}` };
  }
}

describe('each level is sound (brute force on small grids, every rule)', () => {
  it('what a level fixes holds in every solution; a contradiction only without solutions; a grade only when deduction gives the one solution', () => {
    const seen = new Set<string>();
    let checked = 0;
    for (const { inst, rule, what } of instances(240, 16)) {
      const sols = bruteEdgeSets(inst, rule);
      if (sols === null) continue;
      checked++;
      const g = gradeNumberlink(inst, rule)!;
      expect(g, what).not.toBeNull();
      seen.add(g.grade);
      if (!g.fixed || !g.levelOf) {
        // A contradiction: no solution at all.
        expect(g.grade, what).toBe('needs search');
        expect(sols.length, what).toBe(0);
        continue;
      }
      for (let e = 0; e < g.fixed.length; e++) {
        expect(g.levelOf[e] >= 0, `${what}: edge ${e} level and value`).toBe(g.fixed[e] !== -1);
        if (g.fixed[e] === -1) continue;
        for (const s of sols) expect(s.has(e) ? 1 : 0, `${what}: edge ${e} fixed ${g.fixed[e]} at ${NUMBERLINK_LEVELS[g.levelOf[e]]}`).toBe(g.fixed[e]);
      }
      if (g.grade !== 'needs search') {
        // Every edge fixed: at most the one solution, and the graded puzzles here have it.
        expect(sols.length, what).toBeLessThanOrEqual(1);
        if (sols.length === 1) for (let e = 0; e < g.fixed.length; e++) expect(g.fixed[e], `${what}: edge ${e}`).toBe(sols[0].has(e) ? 1 : 0);
      } else {
        expect(g.stuck!.edges.length, what).toBe(Array.from(g.fixed).filter((x) => x === -1).length);
      }
    }
    expect(checked).toBeGreaterThan(500);
    // The random puzzles reach every grade (the test is not vacuous for any level).
    for (const grade of NUMBERLINK_GRADES) expect(seen.has(grade), grade).toBe(true);
  });

  it('the replay against deduce() run afresh per level: it contains each closure, and grades by the first that finishes', () => {
    const credited = [0, 0, 0];
    for (const { inst, rule, what } of instances(120, 7)) {
      const g = gradeNumberlink(inst, rule)!;
      const local = deduce(inst, rule, { probe: false, globalRules: false });
      const global = deduce(inst, rule, { probe: false });
      const probed = deduce(inst, rule, { probeWork: 1e9, radius: 1e9 });
      if (!g.levelOf) {
        // The grade met a contradiction: so does deduce at some level.
        expect(local.contradiction || global.contradiction || probed.contradiction, what).toBe(true);
        continue;
      }
      expect(local.contradiction || global.contradiction || probed.contradiction, what).toBe(false);
      const m = g.fixed!.length;
      for (let e = 0; e < m; e++) {
        // The replay starts with the local closure and ends at a fixpoint of every rule.
        if (local.fixed[e] !== -1) expect(g.levelOf[e], `${what}: edge ${e} local`).toBe(0);
        for (const d of [local, global, probed]) if (d.fixed[e] !== -1) expect(g.fixed![e], `${what}: edge ${e}`).toBe(d.fixed[e]);
        if (g.levelOf[e] >= 0) credited[g.levelOf[e]]++;
      }
      const done = (d: { decided: number }) => d.decided === m;
      const want = done(local) ? 'local' : done(global) ? 'global' : done(probed) ? 'probing' : null;
      if (want) expect(g.grade, what).toBe(want);
      else expect(['probing', 'needs search'], what).toContain(g.grade);
      // The highest level credited is the grade's.
      const top = Math.max(...g.levelOf);
      if (g.grade !== 'needs search') expect(NUMBERLINK_LEVELS[top], what).toBe(g.grade);
    }
    for (const n of credited) expect(n).toBeGreaterThan(0);
  });

  it('a grade needs its level: the level below leaves edges open', () => {
    for (const { inst, rule, what } of instances(120, 3)) {
      const g = gradeNumberlink(inst, rule)!;
      const k = NUMBERLINK_LEVELS.indexOf(g.grade as (typeof NUMBERLINK_LEVELS)[number]);
      if (k <= 0) continue;
      expect(Array.from(g.levelOf!).some((lv) => lv === k), what).toBe(true);
    }
  });
});

describe('grade of small puzzles', () => {
  it('the hand-picked ones grade as found, each unique by brute force', () => {
    for (const h of HARD_SMALL) {
      const inst = grid(h.rows);
      expect(bruteSolve(inst.rows, inst.cols, inst.cells, inst.labelCount, h.rule).count, h.rows.join('/')).toBe(1);
      expect(gradeNumberlink(inst, h.rule)!.grade, h.rows.join('/')).toBe(h.grade);
    }
  });
});

describe('grade of real puzzles', () => {
  const load = (path: string) => parseNumberlink(readFileSync(join(fixtures, path), 'utf8')).puzzle!;
  const grade = (path: string) => {
    const p = load(path);
    return gradeNumberlink(makeInstance(p.rows, p.cols, p.cells, p.labels.length), p.ruleRange ? p.rule : RULES[0])!;
  };

  it('Janko, Flow Free and Arukone fixtures get the grades the corpus table reports for them', () => {
    expect(grade('flow/regular_5x5_01.nlk').grade).toBe('local');
    expect(grade('arukone/01_5x5.nlk').grade).toBe('local');
    expect(grade('janko/001_8x8.nlk').grade).toBe('probing');
    expect(grade('janko/140_36x20.nlk').grade).toBe('probing');
    const stuck = grade('janko/104_17x17.nlk');
    expect(stuck.grade).toBe('needs search');
    expect(stuck.stuck!.edges.length).toBeGreaterThan(0);
    // The cells listed are exactly the ends of the open links.
    const ends = new Set(stuck.stuck!.edges.flatMap(([a, b, c, d]) => [`${a},${b}`, `${c},${d}`]));
    expect(new Set(stuck.stuck!.cells.map(({ row, col }) => `${row},${col}`))).toEqual(ends);
  });

  it('a grade found is the official solution: the check\'s gradeSteps are its links, level by level', () => {
    for (const f of ['janko/001_8x8.nlk', 'janko/012_10x10.nlk', 'flow/regular_5x5_01.nlk', 'arukone/03_8x8.nlk']) {
      const r = checkText(readFileSync(join(fixtures, f), 'utf8'), 'numberlink', { grade: true, gradeSteps: true });
      expect(r.verdict, f).toBe('unique');
      expect(r.grade, f).not.toBe('needs search');
      const links = new Set<string>();
      for (const path of (r.solution as { paths: [number, number][][] }).paths) {
        for (let k = 1; k < path.length; k++) {
          const [a, b] = [path[k - 1], path[k]].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
          links.add(`${a[0]},${a[1]},${b[0]},${b[1]}`);
        }
      }
      const steps = r.gradeSteps!;
      expect(steps.map((s) => s.level), f).toEqual(NUMBERLINK_LEVELS.slice(0, NUMBERLINK_LEVELS.indexOf(r.grade as 'local') + 1));
      const found = steps.flatMap((s) => s.edges.map((e) => e.join(',')));
      expect(found.length, f).toBe(links.size);
      expect(new Set(found), f).toEqual(links);
    }
  });

  it('the check grades under the rule it used: the file\'s, or the one it was given', () => {
    const cases: [string, Parameters<typeof checkText>[2]][] = [
      ['janko/001_8x8.nlk', {}], ['arukone/03_8x8.nlk', {}], ['flow/regular_5x5_01.nlk', {}],
      ['arukone/02_6x6.nlk', { defaultRule: { fill: false, notouch: true } }], ['arukone/01_5x5.nlk', { defaultRule: { fill: true, notouch: true } }],
    ];
    let graded = 0;
    for (const [f, options] of cases) {
      const text = readFileSync(join(fixtures, f), 'utf8');
      const r = checkText(text, 'numberlink', { ...options, grade: true });
      const p = load(f);
      const rule = { fill: r.rule!.includes('fill'), notouch: r.rule!.includes('notouch') };
      if (r.verdict !== 'unique') {
        expect(r.grade, f).toBeUndefined();
        continue;
      }
      graded++;
      expect(r.grade, `${f} under ${r.rule}`).toBe(gradeNumberlink(makeInstance(p.rows, p.cols, p.cells, p.labels.length), rule)!.grade);
    }
    expect(graded).toBeGreaterThanOrEqual(4);
  });

  it('past its time the grade is missing and says why, never a wrong grade', () => {
    const p = load('janko/104_17x17.nlk');
    const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
    expect(gradeNumberlink(inst, p.rule, { deadline: Date.now() - 1 })).toBeNull();
    expect(gradeNumberlink(inst, p.rule, { isCancelled: () => true })).toBeNull();
    const r = checkText(readFileSync(join(fixtures, 'janko/104_17x17.nlk'), 'utf8'), 'numberlink', {
      grade: true, control: { isCancelled: (() => { let n = 0; return () => ++n > 1e9; })() }, gradeTimeMs: 0,
    });
    // gradeTimeMs 0 still leaves the verdict's own time: either a grade or why it is missing.
    expect(r.grade !== undefined || r.gradeStopped !== undefined).toBe(true);
  });
});
