import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Grid } from '../../server/src/model/grid';
import { loopProblem } from '../../server/src/model/loop';
import { parseSlitherlink } from '../../server/src/parse/index';
import { deduce, OFF, ON, UNKNOWN, type DeduceOptions } from '../../server/src/slitherlink/deduce';
import { GRADES, gradeSlitherlink, LEVEL_OPTIONS, LEVELS, replayLevels, type Grade } from '../../server/src/slitherlink/grade';
import { bruteLoops } from './slitherlink-brute';
import { seededRandom } from '../../server/src/util/random';

const fixtures = join(__dirname, '..', 'fixtures', 'slitherlink');
const load = (path: string) => parseSlitherlink(readFileSync(path, 'utf8')).puzzle!;
const rank = (g: Grade) => GRADES.indexOf(g);
const LOOPY: Record<string, Grade> = { e: 'easy', n: 'normal', t: 'tricky', h: 'hard' };

/** Whether every hint meets the edges (ON = 1). */
function meetsHints(grid: Grid, hints: Int8Array, on: ArrayLike<number>): boolean {
  for (let r = 0; r < grid.rows; r++) {
    for (let c = 0; c < grid.cols; c++) {
      const h = hints[r * grid.cols + c]!;
      if (h < 0) continue;
      let k = 0;
      for (const e of grid.cellEdges(r, c)) k += on[e] === ON ? 1 : 0;
      if (k !== h) return false;
    }
  }
  return true;
}


describe('each level of deduction is sound (brute force on small grids)', () => {
  it('every edge any level fixes has that state in every solution; a contradiction only without solutions', () => {
    const rand = seededRandom(16);
    const variants: [string, DeduceOptions][] = [
      ...LEVELS.map((l): [string, DeduceOptions] => [l, LEVEL_OPTIONS[l]]),
      // The corner-pair flags under probing (their writes are undone after each probe).
      ['dlines with probing', { rules: { dlines: true } }],
    ];
    for (const [rows, cols] of [[3, 3], [4, 4], [3, 5]] as const) {
      const allLoops = bruteLoops(rows, cols, new Int8Array(rows * cols).fill(-1));
      const grid = new Grid(rows, cols);
      for (let i = 0; i < 60; i++) {
        const loop = allLoops[Math.floor(rand() * allLoops.length)]!;
        const on = new Uint8Array(grid.edgeCount);
        for (const e of loop) on[e] = 1;
        const hints = new Int8Array(rows * cols).fill(-1);
        const density = 0.3 + 0.6 * rand();
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < cols; c++) {
            if (rand() < density) hints[r * cols + c] = [...grid.cellEdges(r, c)].filter((e) => on[e]).length;
          }
        }
        // Now and then a wrong hint: puzzles without a solution too.
        if (rand() < 0.2) hints[Math.floor(rand() * hints.length)] = Math.floor(rand() * 4);
        const loops = bruteLoops(rows, cols, hints);
        const onSeen = new Uint8Array(grid.edgeCount), offSeen = new Uint8Array(grid.edgeCount);
        for (const L of loops) {
          const s = new Set(L);
          for (let e = 0; e < grid.edgeCount; e++) (s.has(e) ? onSeen : offSeen)[e] = 1;
        }
        for (const [name, options] of variants) {
          const d = deduce({ rows, cols, hints }, options);
          const where = `${name} on ${rows}x${cols} ${Array.from(hints).join(',')}`;
          if (d.contradiction) {
            expect(loops.length, where).toBe(0);
            continue;
          }
          for (let e = 0; e < grid.edgeCount; e++) {
            if (d.edges[e] === ON) expect(offSeen[e], `${where}: edge ${e} ON`).toBe(0);
            if (d.edges[e] === OFF) expect(onSeen[e], `${where}: edge ${e} OFF`).toBe(0);
          }
        }
      }
    }
  });

  it('each level fixes at least what the level below fixes', () => {
    for (const f of readdirSync(join(fixtures, 'loopy-graded')).filter((f) => f.endsWith('.slk'))) {
      const p = load(join(fixtures, 'loopy-graded', f));
      let below: Int8Array | null = null;
      for (const level of LEVELS) {
        const d = deduce(p, LEVEL_OPTIONS[level]);
        expect(d.contradiction).toBe(false);
        if (below) for (let e = 0; e < below.length; e++) if (below[e] !== UNKNOWN) expect(d.edges[e], `${f} ${level} edge ${e}`).toBe(below[e]);
        below = d.edges;
      }
    }
  });
});

describe('grade on Loopy puzzles', () => {
  it("Loopy's own Hard puzzles (10x10 to 20x20) grade Hard or lower, never needs search, and the deduction is their loop", () => {
    const dir = join(fixtures, 'loopy-hard');
    const files = readdirSync(dir).filter((f) => f.endsWith('.slk'));
    expect(files.length).toBe(43);
    for (const f of files) {
      const p = load(join(dir, f));
      const g = gradeSlitherlink(p);
      expect(g.grade, f).not.toBe('needs search');
      expect(rank(g.grade), f).toBeLessThanOrEqual(rank('hard'));
      expect(g.stuck).toBeUndefined();
      const grid = new Grid(p.rows, p.cols);
      const on = Array.from(g.edges!, (s) => (s === ON ? 1 : 0));
      expect(loopProblem(grid, on), f).toBeNull();
      expect(meetsHints(grid, p.hints, g.edges!), f).toBe(true);
    }
  });

  it("calibration: on Loopy's graded puzzles our grade is never above Loopy's, and the solved edges are Loopy's solution", () => {
    const dir = join(fixtures, 'loopy-graded');
    const meta: { file: string; difficulty: string; solution_edges: [number, number, number, number][] }[] =
      JSON.parse(readFileSync(join(dir, 'loopy.json'), 'utf8'));
    expect(meta.length).toBe(40);
    const seen = new Set<Grade>();
    for (const m of meta) {
      const p = load(join(dir, m.file));
      const g = gradeSlitherlink(p);
      const loopy = LOOPY[m.difficulty]!;
      expect(rank(g.grade), `${m.file}: ${g.grade} above Loopy's ${loopy}`).toBeLessThanOrEqual(rank(loopy));
      seen.add(g.grade);
      const grid = new Grid(p.rows, p.cols);
      const want = new Int8Array(grid.edgeCount).fill(OFF);
      for (const [r1, c1, r2, c2] of m.solution_edges) want[grid.edgeBetween(r1, c1, r2, c2)] = ON;
      expect(Array.from(g.edges!), m.file).toEqual(Array.from(want));
    }
    // The levels are not collapsed: Loopy's four levels give all four of ours.
    for (const level of LEVELS) expect(seen.has(level), level).toBe(true);
    // The README's calibration table says what this run found.
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    for (const [code, loopy] of Object.entries(LOOPY)) {
      const name = loopy[0]!.toUpperCase() + loopy.slice(1);
      const row = readme.split('\n').find((l) => l.startsWith(`| ${name} |`));
      expect(row, `README calibration row ${name}`).toBeDefined();
      const cells = row!.split('|').slice(2, 7).map((c) => Number(c.trim() || '0'));
      const want = GRADES.map((g) => meta.filter((m) => m.difficulty === code && gradeSlitherlink(load(join(dir, m.file))).grade === g).length);
      expect(cells, `README calibration row ${name}`).toEqual(want);
    }
  });
});

describe('needs search', () => {
  it('a puzzle that needs probing grades needs search, stuck where Hard stalls', () => {
    // Unique (answers.json); deduction solves it only with probing.
    const p = load(join(fixtures, '21_6x6.slk'));
    const full = deduce(p);
    const grid = new Grid(p.rows, p.cols);
    expect(full.fixed).toBe(grid.edgeCount);
    const g = gradeSlitherlink(p);
    expect(g.grade).toBe('needs search');
    const hard = deduce(p, LEVEL_OPTIONS.hard);
    const open: string[] = [];
    for (let e = 0; e < grid.edgeCount; e++) if (hard.edges[e] === UNKNOWN) open.push(grid.edgeEnds(e).join(','));
    expect(open.length).toBeGreaterThan(0);
    expect(g.stuck!.edges.map((e) => e.join(','))).toEqual(open);
    // The cells are exactly those beside an open edge.
    const beside = new Set<string>();
    for (let e = 0; e < grid.edgeCount; e++) {
      if (hard.edges[e] !== UNKNOWN) continue;
      for (const x of grid.edgeCells(e)) if (x >= 0) beside.add(`${Math.floor(x / p.cols)},${x % p.cols}`);
    }
    expect(g.stuck!.cells.length).toBeGreaterThan(0);
    expect(new Set(g.stuck!.cells.map((c) => `${c.row},${c.col}`))).toEqual(beside);
  });

  it('a puzzle with several solutions or none is needs search', () => {
    const empty = { rows: 3, cols: 3, hints: new Int8Array(9).fill(-1) };
    expect(gradeSlitherlink(empty).grade).toBe('needs search');
    expect(gradeSlitherlink(empty).stuck!.edges.length).toBe(24);
    const none = { rows: 2, cols: 2, hints: Int8Array.from([4, 4, -1, -1]) };
    const g = gradeSlitherlink(none);
    expect(g.grade).toBe('needs search');
    expect(g.stuck).toBeUndefined();
  });
});

describe('the replay behind the preview (replayLevels)', () => {
  it('starts from the easy closure, ends at the grade\'s deduction, and credits the grade\'s level where it is needed', () => {
    const dir = join(fixtures, 'loopy-graded');
    const files = [...readdirSync(dir).filter((f) => f.endsWith('.slk')).map((f) => join(dir, f)), join(fixtures, '21_6x6.slk'), join(fixtures, '10x10_hard_01.slk')];
    for (const f of files) {
      const p = load(f);
      const g = gradeSlitherlink(p, { steps: true });
      const levelOf = g.levelOf!;
      const easy = deduce(p, LEVEL_OPTIONS.easy);
      const top = g.grade === 'needs search' ? LEVELS.length - 1 : LEVELS.indexOf(g.grade);
      const end = deduce(p, LEVEL_OPTIONS[LEVELS[top]!]);
      for (let e = 0; e < levelOf.length; e++) {
        if (easy.edges[e] !== UNKNOWN) expect(levelOf[e], `${f} edge ${e}`).toBe(0);
        // Exactly the edges the grade's level fixes, each at a level no higher than the grade.
        expect(levelOf[e] >= 0, `${f} edge ${e}`).toBe(end.edges[e] !== UNKNOWN);
        expect(levelOf[e], `${f} edge ${e}`).toBeLessThanOrEqual(top);
      }
      if (g.grade !== 'needs search') {
        // The grade's level is needed somewhere, and far from everywhere: most follows by the easy rules.
        const at = Array.from(levelOf).filter((l) => l === top).length;
        expect(at, f).toBeGreaterThan(0);
        if (top > 0) expect(at, f).toBeLessThan(Array.from(levelOf).filter((l) => l === 0).length);
      }
    }
    // Without `steps` no replay.
    expect(gradeSlitherlink(load(files[0]!)).levelOf).toBeUndefined();
  });

  it('on random small puzzles: the replay\'s edges are Hard\'s closure (sound, brute force above), null only without solutions', () => {
    const rand = seededRandom(61);
    for (let i = 0; i < 150; i++) {
      const rows = 3 + Math.floor(rand() * 3), cols = 3 + Math.floor(rand() * 3);
      const hints = new Int8Array(rows * cols).fill(-1);
      for (let x = 0; x < hints.length; x++) if (rand() < 0.6) hints[x] = Math.floor(rand() * 4);
      const p = { rows, cols, hints };
      const levelOf = replayLevels(p, LEVELS.length - 1);
      const hard = deduce(p, LEVEL_OPTIONS.hard);
      if (levelOf === null) {
        expect(hard.contradiction || deduce(p, LEVEL_OPTIONS.easy).contradiction, `${rows}x${cols} ${Array.from(hints)}`).toBe(true);
        continue;
      }
      if (hard.contradiction) continue;
      for (let e = 0; e < levelOf.length; e++) expect(levelOf[e] >= 0, `${rows}x${cols} ${Array.from(hints)} edge ${e}`).toBe(hard.edges[e] !== UNKNOWN);
    }
  });
});
