/**
 * Deciding without counting (analysis/witnesses.ts and the searches behind it): every witness
 * answer is compared with the exact count of the diagram (breadth-first build) and with brute
 * force, on random small instances of both genres and all four Numberlink rules; every solution a
 * witness search returns is checked here by a validator of this file, against the hints or
 * labels directly.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../server/src/model/grid';
import { buildZdd } from '../../server/src/zdd/build';
import { ACCEPT, REJECT, type Spec } from '../../server/src/zdd/spec';
import { DeadStates, searchSet } from '../../server/src/zdd/search';
import type { PathFilter } from '../../server/src/zdd/depthFirst';
import { DiffersSpec } from '../../server/src/zdd/specs/differs';
import { SlitherlinkSpec } from '../../server/src/slitherlink/spec';
import { buildLoops } from '../../server/src/slitherlink/solve';
import { findLoopWitnesses, hintKeepingFlips } from '../../server/src/slitherlink/witness';
import { searchLoop } from '../../server/src/slitherlink/loopSearch';
import { makeInstance } from '../../server/src/numberlink/instance';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';
import { fillParityFails, findPathWitnesses, pairsMustCross } from '../../server/src/numberlink/witness';
import { Router, searchPaths } from '../../server/src/numberlink/pathSearch';
import { hintsOfEdges, loopEdgesOf } from '../../server/src/model/loop';
import { seededRandom } from '../../server/src/util/random';
import { randomInside } from '../../server/src/slitherlink/design/randomLoop';
import { checkText } from '../../server/src/genres/check';
import type { LoopSolution, PathSolution } from '../../server/src/analysis/result';
import { bruteLoops } from './slitherlink-brute';
import { bruteSolve } from './numberlink-brute';
import { numberlinkDraftText, slitherlinkDraftText } from '../bench/drafts';

const forever = () => ({ deadline: Date.now() + 60_000, limits: { timeMs: 60_000 } });

// ---------------------------------------------------------------------------------------------
// Validators of this file (they share nothing with the searches but the grid numbering).

/** Why `edges` is not one simple loop meeting every hint, or null. */
function loopFault(rows: number, cols: number, hints: ArrayLike<number>, edges: readonly number[]): string | null {
  const grid = new Grid(rows, cols);
  if (edges.length === 0) return 'empty';
  if (new Set(edges).size !== edges.length) return 'an edge twice';
  const W = cols + 1;
  const nb = new Map<number, number[]>();
  for (const e of edges) {
    const [r1, c1, r2, c2] = grid.edgeEnds(e);
    const a = r1 * W + c1, b = r2 * W + c2;
    nb.set(a, [...(nb.get(a) ?? []), b]);
    nb.set(b, [...(nb.get(b) ?? []), a]);
  }
  for (const [, list] of nb) if (list.length !== 2) return 'a vertex without degree 2';
  // One cycle: walk it.
  const start = nb.keys().next().value!;
  let prev = -1, cur = start, steps = 0;
  do {
    const [x, y] = nb.get(cur)!;
    const next = x !== prev ? x : y;
    prev = cur;
    cur = next;
    steps++;
  } while (cur !== start && steps <= edges.length);
  if (steps !== edges.length) return 'more than one cycle';
  const on = new Set(edges);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const h = hints[r * cols + c];
      if (h < 0) continue;
      const k = grid.cellEdges(r, c).filter((e) => on.has(e)).length;
      if (k !== h) return `hint at ${r},${c} sees ${k}`;
    }
  return null;
}

function edgeKey(edges: readonly number[]): string {
  return [...edges].sort((a, b) => a - b).join(',');
}

/** Why `paths` (cells) is not a solution under the rule, or null. */
function pathsFault(rows: number, cols: number, cells: Int32Array, labels: number, rule: { fill: boolean; notouch: boolean }, paths: number[][]): string | null {
  if (paths.length !== labels) return 'wrong number of paths';
  const owner = new Int32Array(rows * cols).fill(-1);
  const index = new Int32Array(rows * cols);
  const near = (a: number, b: number) => Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) + Math.abs((a % cols) - (b % cols)) === 1;
  for (let l = 0; l < labels; l++) {
    const p = paths[l];
    if (p.length < 2 || cells[p[0]] !== l || cells[p[p.length - 1]] !== l || p[0] === p[p.length - 1]) return `path ${l} does not join its ends`;
    for (let i = 0; i < p.length; i++) {
      if (owner[p[i]] >= 0) return `cell ${p[i]} twice`;
      if (i > 0 && i < p.length - 1 && cells[p[i]] >= 0) return 'through an endpoint';
      if (i > 0 && !near(p[i - 1], p[i])) return 'a jump';
      owner[p[i]] = l;
      index[p[i]] = i;
    }
  }
  for (let v = 0; v < rows * cols; v++) {
    if (rule.fill && owner[v] < 0) return `cell ${v} empty`;
    if (rule.notouch && owner[v] >= 0) {
      for (const u of [v + 1, v + cols]) {
        if (u < rows * cols && near(u, v) && owner[u] === owner[v] && Math.abs(index[u] - index[v]) !== 1) return 'a path touches itself';
      }
    }
  }
  return null;
}

/** A draft's text (test/bench/drafts.ts writes one character a cell) as cells and its label count. */
function draftCells(text: string, rows: number, cols: number): { cells: Int32Array; labels: number } {
  const lines = text.split('\n').filter((l) => l && !l.startsWith('#')).slice(1);
  const cells = new Int32Array(rows * cols).fill(-1);
  const names: string[] = [];
  lines.forEach((line, r) => [...line].forEach((ch, c) => {
    if (ch === '.') return;
    let l = names.indexOf(ch);
    if (l < 0) { l = names.length; names.push(ch); }
    cells[r * cols + c] = l;
  }));
  return { cells, labels: names.length };
}

/** A bench draft (test/bench/drafts.ts) as an instance. */
function draftInstance(n: number, pairs: number, rule: string, seed: number, mode: 'paths' | 'random') {
  const { cells, labels } = draftCells(numberlinkDraftText(n, n, pairs, rule, seed, mode), n, n);
  return makeInstance(n, n, cells, labels);
}

function pathKey(paths: number[][]): string {
  return paths.map((p) => p.join('-')).join('|');
}

// ---------------------------------------------------------------------------------------------

/** A random spec over `levels` variables (table-driven, with skipped levels and early accepts). */
class TableSpec implements Spec {
  readonly width = 1;
  private readonly next = new Map<string, [number, number]>();
  constructor(readonly levels: number, states: number, seed: number) {
    const rand = seededRandom(seed);
    for (let level = 1; level <= levels; level++)
      for (let s = 0; s < states; s++)
        for (const take of [0, 1]) {
          const x = rand();
          const to = x < 0.12 ? REJECT : x < 0.22 || level === 1 ? (rand() < 0.7 ? ACCEPT : REJECT) : 1 + Math.floor(rand() * (level - 1));
          this.next.set(`${level},${s},${take}`, [to, Math.floor(rand() * states)]);
        }
  }
  root(s: Int32Array, off: number): number {
    s[off] = 0;
    return this.levels;
  }
  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    const [to, state] = this.next.get(`${level},${s[off]},${take}`)!;
    s[off] = state;
    return to;
  }
}

function family(spec: Spec): string[] {
  const { zdd } = buildZdd(spec);
  return [...zdd.sets()].map((s) => [...s].sort((a, b) => b - a).join(',')).sort();
}

describe('DiffersSpec: the family minus one set', () => {
  it('equals the family without X, for every X of random specs that skip levels (brute force over the family)', () => {
    let checked = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const spec = new TableSpec(6, 3, seed);
      const all = family(spec);
      const sets = all.map((k) => (k === '' ? [] : k.split(',').map(Number)));
      for (const x of sets) {
        const key = [...x].sort((a, b) => b - a).join(',');
        const got = family(new DiffersSpec(spec, spec.levels, x));
        expect(got).toEqual(all.filter((k) => k !== key));
        checked++;
      }
      // A set outside the family: nothing to take out.
      const outside = [6, 1];
      if (!all.includes('6,1')) expect(family(new DiffersSpec(spec, spec.levels, outside))).toEqual(all);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('searchSet finds a member of the family, or proves it empty; a different one, or proves X the only one', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const spec = new TableSpec(7, 3, 100 + seed);
      const all = family(spec);
      const first = searchSet(spec, { maxNodes: 1e6, deadline: Date.now() + 10_000, timeMs: 10_000 });
      if (all.length === 0) {
        expect(first).toBe(false);
        continue;
      }
      expect(first).not.toBe(false);
      expect(first).not.toBeNull();
      const key = (first as number[]).join(',');
      expect(all).toContain(key);
      const d = new DiffersSpec(spec, spec.levels, first as number[]);
      const second = searchSet(d, { maxNodes: 1e6, deadline: Date.now() + 10_000, timeMs: 10_000 }, d.preferX);
      if (all.length === 1) expect(second).toBe(false);
      else {
        expect(all).toContain((second as number[]).join(','));
        expect((second as number[]).join(',')).not.toBe(key);
      }
    }
  });

  it('searchSet with a filter leaves it as it found it, whether it finds, exhausts or stops', () => {
    let depth = 0, maxDepth = 0;
    const filter: PathFilter = {
      follow: (level, take) => {
        if (take === 1 && level % 3 === 0) return false; // prunes some transitions
        depth++;
        maxDepth = Math.max(maxDepth, depth);
        return true;
      },
      back: () => { depth--; },
    };
    for (let seed = 1; seed <= 30; seed++) {
      const spec = new TableSpec(9, 4, 300 + seed);
      for (const maxNodes of [1, 5, 1e6]) {
        const memo = new DeadStates();
        searchSet(spec, { maxNodes, deadline: Date.now() + 10_000, timeMs: 10_000 }, () => 0, memo, filter);
        expect(depth).toBe(0);
      }
    }
    expect(maxDepth).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------

/** Random small Slitherlink instances: hints from a random loop (some of its cells) or random values. */
function slitherlinkCases(count: number, seed: number): { rows: number; cols: number; hints: Int8Array }[] {
  const rand = seededRandom(seed);
  const out: { rows: number; cols: number; hints: Int8Array }[] = [];
  for (let i = 0; i < count; i++) {
    const rows = 2 + Math.floor(rand() * 4), cols = 2 + Math.floor(rand() * 4);
    const n = rows * cols;
    const hints = new Int8Array(n).fill(-1);
    const density = rand();
    if (rand() < 0.6) {
      const grid = new Grid(rows, cols);
      const all = hintsOfEdges(grid, loopEdgesOf(grid, randomInside(rows, cols, rand, 0.2 + 0.6 * rand())));
      for (let x = 0; x < n; x++) if (rand() < density) hints[x] = all[x];
    } else {
      for (let x = 0; x < n; x++) if (rand() < density * 0.6) hints[x] = Math.floor(rand() * 4);
    }
    out.push({ rows, cols, hints });
  }
  return out;
}

describe('Slitherlink witnesses agree with the exact count', () => {
  const cases = slitherlinkCases(400, 7);

  it('on 400 random small puzzles: none <=> 0, unique <=> 1 (that loop), multiple => at least 2 (two valid loops, and the bound holds)', () => {
    const seen = { none: 0, unique: 0, multiple: 0, undecided: 0 };
    for (const p of cases) {
      const grid = new Grid(p.rows, p.cols);
      const exact = buildLoops(grid, p.hints).zdd.count();
      const brute = p.rows * p.cols <= 16 ? bruteLoops(p.rows, p.cols, p.hints) : null;
      if (brute) expect(BigInt(brute.length)).toBe(exact);
      for (const budget of [{}, { firstNodes: 0 }]) {
        const w = findLoopWitnesses(p, forever(), budget);
        const what = `${p.rows}x${p.cols} [${Array.from(p.hints)}] ${w.how}`;
        if (w.verdict === null) { seen.undecided++; continue; }
        seen[w.verdict]++;
        if (w.verdict === 'none') expect(exact, what).toBe(0n);
        if (w.verdict === 'unique') {
          expect(exact, what).toBe(1n);
          expect(loopFault(p.rows, p.cols, p.hints, w.first!), what).toBeNull();
          if (brute) expect(edgeKey(w.first!)).toBe(edgeKey(brute[0]));
        }
        if (w.verdict === 'multiple') {
          expect(exact, what).toBeGreaterThanOrEqual(2n);
          expect(loopFault(p.rows, p.cols, p.hints, w.first!), what).toBeNull();
          expect(loopFault(p.rows, p.cols, p.hints, w.second!), what).toBeNull();
          expect(edgeKey(w.first!)).not.toBe(edgeKey(w.second!));
          expect(w.atLeast! <= exact, what).toBe(true);
        }
      }
    }
    // Every kind of answer occurs, and the searches decide (nearly) everything on small grids.
    expect(seen.none).toBeGreaterThan(20);
    expect(seen.unique).toBeGreaterThan(20);
    expect(seen.multiple).toBeGreaterThan(20);
    expect(seen.undecided).toBeLessThan(10);
  });

  it('single-cell flips of a loop are distinct valid loops (the lower bound)', () => {
    for (const p of cases.slice(0, 150)) {
      const loops = bruteLoops(p.rows, p.cols, p.hints, 50);
      for (const loop of loops.slice(0, 3)) {
        const grid = new Grid(p.rows, p.cols);
        const flips = hintKeepingFlips(grid, p.hints, loop);
        const keys = new Set<string>();
        for (const x of flips) {
          const set = new Set(loop);
          for (const e of grid.cellEdges(Math.floor(x / p.cols), x % p.cols)) if (set.has(e)) set.delete(e); else set.add(e);
          const other = [...set];
          expect(loopFault(p.rows, p.cols, p.hints, other)).toBeNull();
          keys.add(edgeKey(other));
        }
        expect(keys.size).toBe(flips.length);
        expect(keys.has(edgeKey(loop))).toBe(false);
        expect(flips.length + 1).toBeLessThanOrEqual(loops.length);
      }
    }
  });

  it('local search returns only valid loops, and finds one on drafts with a known loop', () => {
    let found = 0;
    for (let i = 0; i < 40; i++) {
      const n = 8 + (i % 8);
      const hints = Int8Array.from(slitherlinkHints(n, 6 + (i % 5) * 6, 'loop', 900 + i));
      const loop = searchLoop(new Grid(n, n), hints, { deadline: Date.now() + 20_000, seed: i });
      if (loop) {
        found++;
        expect(loopFault(n, n, hints, loop)).toBeNull();
      }
    }
    expect(found).toBe(40);
  });
});

function slitherlinkHints(n: number, k: number, mode: 'loop' | 'random', seed: number): number[] {
  return slitherlinkDraftText(n, n, k, mode, seed).split('\n').slice(1, n + 1).flatMap((line) => [...line].map((ch) => (ch === '.' ? -1 : Number(ch))));
}

// ---------------------------------------------------------------------------------------------

const RULES = [
  { fill: false, notouch: false },
  { fill: true, notouch: false },
  { fill: false, notouch: true },
  { fill: true, notouch: true },
];

/** Random small Numberlink instances: pairs on random cells, or ends of pieces of a random path. */
function numberlinkCases(count: number, seed: number): { rows: number; cols: number; cells: Int32Array; labels: number }[] {
  const rand = seededRandom(seed);
  const out: { rows: number; cols: number; cells: Int32Array; labels: number }[] = [];
  for (let i = 0; i < count; i++) {
    const rows = 3 + Math.floor(rand() * 3), cols = 3 + Math.floor(rand() * 3);
    const pairs = 1 + Math.floor(rand() * 4);
    const text = numberlinkDraftText(rows, cols, pairs, 'nikoli', Math.floor(rand() * 1e9), rand() < 0.5 ? 'paths' : 'random');
    out.push({ rows, cols, ...draftCells(text, rows, cols) });
  }
  return out;
}

describe('Numberlink witnesses agree with the exact count, under all four rules', () => {
  const cases = numberlinkCases(150, 11);

  for (const rule of RULES) {
    const name = `${rule.fill ? 'fill' : 'nikoli'}${rule.notouch ? ' notouch' : ''}`;
    it(`${name}: none <=> 0, unique <=> 1 (that solution), multiple => at least 2 (two valid solutions); brute force agrees`, () => {
      const seen = { none: 0, unique: 0, multiple: 0, undecided: 0 };
      for (const p of cases) {
        const inst = makeInstance(p.rows, p.cols, p.cells, p.labels);
        const exact = buildNumberlinkZdd(inst, rule, undefined, { search: 'breadth', deduce: false }).zdd.count();
        const brute = bruteSolve(p.rows, p.cols, p.cells, p.labels, rule);
        expect(BigInt(brute.count)).toBe(exact);
        const w = findPathWitnesses(inst, rule, forever());
        const what = `${p.rows}x${p.cols} [${Array.from(p.cells)}] ${w.how}`;
        if (w.verdict === null) { seen.undecided++; continue; }
        seen[w.verdict]++;
        if (w.verdict === 'none') expect(exact, what).toBe(0n);
        if (w.verdict === 'unique') {
          expect(exact, what).toBe(1n);
          expect(pathsFault(p.rows, p.cols, p.cells, p.labels, rule, w.first!), what).toBeNull();
        }
        if (w.verdict === 'multiple') {
          expect(exact, what).toBeGreaterThanOrEqual(2n);
          expect(pathsFault(p.rows, p.cols, p.cells, p.labels, rule, w.first!), what).toBeNull();
          expect(pathsFault(p.rows, p.cols, p.cells, p.labels, rule, w.second!), what).toBeNull();
          expect(pathKey(w.first!)).not.toBe(pathKey(w.second!));
          expect(w.atLeast! <= exact, what).toBe(true);
        }
        // The proofs of `none` without search are sound.
        if (pairsMustCross(inst)) expect(exact, what).toBe(0n);
        if (rule.fill && fillParityFails(inst)) expect(exact, what).toBe(0n);
      }
      expect(seen.none).toBeGreaterThan(5);
      expect(seen.multiple + seen.unique).toBeGreaterThan(2);
      expect(seen.undecided).toBeLessThan(5);
    });
  }

  it('routing returns only valid solutions (fill: every cell used)', () => {
    for (const rule of RULES) {
      for (let i = 0; i < 30; i++) {
        const n = 6 + (i % 6);
        const text = numberlinkDraftText(n, n, 2 + (i % 5), 'nikoli', 500 + i, 'paths');
        const lines = text.split('\n').filter((l) => l && !l.startsWith('#')).slice(1);
        const cells = new Int32Array(n * n).fill(-1);
        const names: string[] = [];
        lines.forEach((line, r) => [...line].forEach((ch, c) => {
          if (ch === '.') return;
          let l = names.indexOf(ch);
          if (l < 0) { l = names.length; names.push(ch); }
          cells[r * n + c] = l;
        }));
        const inst = makeInstance(n, n, cells, names.length);
        const paths = searchPaths(inst, rule, { deadline: Date.now() + 20_000 });
        if (paths) expect(pathsFault(n, n, cells, names.length, rule, paths)).toBeNull();
      }
    }
  });

  it('routing resumed goes on where it stopped, and stays finite over thousands of rounds', () => {
    for (const [n, pairs, seed] of [[12, 8, 12106], [14, 6, 14080], [16, 10, 16132]] as const) {
      const inst = draftInstance(n, pairs, 'nikoli', seed, 'random');
      const one = new Router(inst);
      const once = one.run(90, () => false);
      const resumed = new Router(inst);
      const first = resumed.run(30, () => false);
      if (first !== null) {
        expect(JSON.stringify(first)).toBe(JSON.stringify(once));
        continue;
      }
      expect(JSON.stringify(resumed.run(60, () => false))).toBe(JSON.stringify(once));
      expect(resumed.rounds).toBe(one.rounds);
    }
    // The bench's 16x16 draft with 10 random pairs: no routing is found, but it is never walled
    // in (before the cap on crowding, 0 * Infinity made free cells cost NaN after ~1,500 rounds).
    const stuck = new Router(draftInstance(16, 10, 'nikoli', 16132, 'random'));
    expect(stuck.run(1700, () => false)).toBeNull();
    expect(stuck.rounds).toBe(1700);
  });

  // Bench drafts (seeds of test/bench/run.mjs) where a label must wind round other labels' ends:
  // routing finds them only after hundreds of rounds (resumed between the search's restarts).
  it('nikoli drafts with winding routes are multiple, with two valid solutions', () => {
    const nikoli = { fill: false, notouch: false };
    for (const [n, pairs, seed] of [[15, 6, 15080], [18, 10, 18132]] as const) {
      const inst = draftInstance(n, pairs, 'nikoli', seed, 'random');
      const w = findPathWitnesses(inst, nikoli, forever());
      const what = `${n}x${n}, ${pairs} random pairs, seed ${seed}: ${w.how}`;
      expect(w.verdict, what).toBe('multiple');
      expect(pathsFault(n, n, inst.cells, inst.labelCount, nikoli, w.first!), what).toBeNull();
      expect(pathsFault(n, n, inst.cells, inst.labelCount, nikoli, w.second!), what).toBeNull();
      expect(pathKey(w.first!)).not.toBe(pathKey(w.second!));
    }
  });

  // A puzzle near completion leaves the long routing out (its count needs the time): the same
  // winding draft is then not found, so the switch really removes that routing.
  it('without the long routing the winding draft stays undecided', () => {
    const nikoli = { fill: false, notouch: false };
    const inst = draftInstance(18, 10, 'nikoli', 18132, 'random');
    const w = findPathWitnesses(inst, nikoli, forever(), { longRouting: false });
    expect(w.verdict).toBeNull();
  });

  // Bench drafts (test/bench/run.mjs seeds) whose last free cells lie far apart after routing:
  // the windows round them are solved with deduction's propagator following the search.
  it('under fill, routing completes drafts whose last free cells lie far apart (valid solutions)', () => {
    const fill = { fill: true, notouch: false };
    for (const [n, pairs, mode] of [[16, 5, 'random'], [19, 5, 'random'], [20, 5, 'paths'], [18, 30, 'paths']] as const) {
      const text = numberlinkDraftText(n, n, pairs, 'fill', n * 1000 + pairs * 13 + (mode === 'paths' ? 1 : 2), mode);
      const lines = text.split('\n').filter((l) => l && !l.startsWith('#')).slice(1);
      const cells = new Int32Array(n * n).fill(-1);
      const names: string[] = [];
      lines.forEach((line, r) => [...line].forEach((ch, c) => {
        if (ch === '.') return;
        let l = names.indexOf(ch);
        if (l < 0) { l = names.length; names.push(ch); }
        cells[r * n + c] = l;
      }));
      const inst = makeInstance(n, n, cells, names.length);
      const paths = searchPaths(inst, fill, { deadline: Date.now() + 60_000 });
      expect(paths, `${n}x${n}, ${pairs} ${mode} pairs`).not.toBeNull();
      expect(pathsFault(n, n, cells, names.length, fill, paths!)).toBeNull();
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('checks of drafts too open to count', () => {
  const draft20 = slitherlinkDraftText(20, 20, 15, 'random', 4);

  it('a 20x20 Slitherlink with 15 random hints is multiple, with two valid loops, a lower bound and why the count is missing', () => {
    const r = checkText(draft20, 'slitherlink', { witnesses: true, redundant: false, control: { limits: { maxNodes: 50_000 } } });
    expect(r.verdict).toBe('multiple');
    expect(r.count).toBeNull();
    expect(BigInt(r.countAtLeast!)).toBeGreaterThanOrEqual(2n);
    expect(r.stopped?.limit).toBe('nodes');
    expect(r.countPending).toBeUndefined();
    const hints = slitherlinkHints(20, 15, 'random', 4);
    const grid = new Grid(20, 20);
    const edges = (s: LoopSolution) => s.edges.map(([a, b, c, d]) => grid.edgeBetween(a, b, c, d));
    const first = edges(r.solution as LoopSolution), second = edges(r.secondSolution as LoopSolution);
    expect(loopFault(20, 20, hints, first)).toBeNull();
    expect(loopFault(20, 20, hints, second)).toBeNull();
    expect(edgeKey(first)).not.toBe(edgeKey(second));
    // Without witnesses the same limits leave it undecided.
    expect(checkText(draft20, 'slitherlink', { redundant: false, control: { limits: { maxNodes: 50_000 } } }).verdict).toBe('unknown');
  });

  it('the verdict alone (the language server\'s first phase) says the count is pending', () => {
    const r = checkText(draft20, 'slitherlink', { witnesses: true, countAfterWitnesses: false, redundant: false });
    expect(r.verdict).toBe('multiple');
    expect(r.countPending).toBe(true);
    expect(r.stopped).toBeUndefined();
    expect(r.count).toBeNull();
  });

  it('a draft whose count fits gets the exact count (the diagram decides once it finishes)', () => {
    const small = slitherlinkDraftText(10, 10, 12, 'loop', 3);
    const exact = checkText(small, 'slitherlink', { redundant: false });
    const w = checkText(small, 'slitherlink', { witnesses: true, redundant: false });
    expect(exact.verdict).toBe('multiple');
    expect(w.count).toBe(exact.count);
    expect(w.stopped).toBeUndefined();
  });

  it('a 20x20 Numberlink draft is decided under every rule, with two valid solutions when multiple', () => {
    for (const rule of ['nikoli', 'fill', 'nikoli notouch', 'fill notouch']) {
      const text = numberlinkDraftText(20, 20, 4, rule, 8, 'paths');
      const r = checkText(text, 'numberlink', { witnesses: true, control: { limits: { maxNodes: 50_000 } } });
      if (rule === 'fill notouch') {
        // The random path's pieces touch themselves: no solution, as the count says too.
        expect(r.verdict).toBe('none');
        expect(checkText(text, 'numberlink').verdict).toBe('none');
        continue;
      }
      expect(r.verdict, rule).toBe('multiple');
      const lines = text.split('\n').filter((l) => l && !l.startsWith('#')).slice(1);
      const labels = (r.solution as PathSolution).labels;
      const cells = new Int32Array(400).fill(-1);
      lines.forEach((line, row) => [...line].forEach((ch, c) => { if (ch !== '.') cells[row * 20 + c] = labels.indexOf(ch); }));
      const asCells = (s: PathSolution) => s.paths.map((p) => p.map(([row, c]) => row * 20 + c));
      const ruleOf = { fill: rule.startsWith('fill'), notouch: rule.endsWith('notouch') };
      expect(pathsFault(20, 20, cells, labels.length, ruleOf, asCells(r.solution as PathSolution))).toBeNull();
      expect(pathsFault(20, 20, cells, labels.length, ruleOf, asCells(r.secondSolution as PathSolution))).toBeNull();
      expect(pathKey(asCells(r.solution as PathSolution))).not.toBe(pathKey(asCells(r.secondSolution as PathSolution)));
    }
  });

  it('a Numberlink without labels is unique under nikoli (no paths) and has no solution under fill, at once', () => {
    const empty = (rule: string) => `# rule: ${rule}\n15 15\n${'.'.repeat(15).concat('\n').repeat(15)}`;
    const nikoli = checkText(empty('nikoli'), 'numberlink', { control: { limits: { timeMs: 2000 } } });
    expect(nikoli.verdict).toBe('unique');
    expect(nikoli.covers).toBe(false);
    expect(checkText(empty('fill'), 'numberlink', { control: { limits: { timeMs: 2000 } } }).verdict).toBe('none');
  });
});
