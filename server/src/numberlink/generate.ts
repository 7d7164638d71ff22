/**
 * The Numberlink generator: a random Hamiltonian path of the grid (backbite moves from a
 * serpentine), cut into pieces whose ends are the endpoints, so the intended solution uses every
 * cell. While the solver finds a second solution, a path of the intended solution that the second
 * one does not have is cut in two (one more pair); with ever shorter paths this ends in a unique
 * puzzle. Under the Nikoli rule a unique puzzle built this way is good (its one solution covers the
 * grid). No cut leaves a path of two cells (a pair of neighbours, trivial) unless `allowAdjacent`;
 * when a path gives no puzzle without one, another random path is tried.
 */
import type { GenerateOptions, GenreGenerate } from '../genres/genre';
import { wholeValue } from '../util/options';
import { ruleName, type NumberlinkPuzzle, type NumberlinkRule } from './puzzle';
import type { PathSolution } from '../analysis/result';
import { writeNumberlink } from './exchange/write';
import { readRuleWords } from './rule';
import { checkNumberlink } from './check';
import { resolveLimits, type RunControl, type Stopped } from '../zdd/control';
import { seededRandom } from '../util/random';

export interface GenerateNumberlinkOptions {
  seed?: number;
  rule?: NumberlinkRule;
  /** Number of pairs to start from (default about one per 12 cells); repairs may add more. */
  pairs?: number;
  /**
   * Allow pairs whose two ends are neighbours (a path of two cells, trivial to solve). By default
   * the generator cuts no path that short and starts again from another random path when it
   * cannot avoid one; with this set it makes the same puzzles as before the option existed.
   */
  allowAdjacent?: boolean;
  /** Limits of one solver check (default 3 s, 2,000,000 nodes); an undecided check adds a pair. */
  perCheckMs?: number;
  perCheckNodes?: number;
  control?: RunControl;
}

export interface GeneratedNumberlink {
  rows: number;
  cols: number;
  /** Label index per cell (-1 empty) and the labels. */
  cells: Int32Array;
  labels: string[];
  /** The intended solution: one path of cells per label. */
  paths: number[][];
  unique: boolean;
  /** Pairs whose ends are neighbours (paths of two cells): 0 unless allowed or none could be avoided. */
  adjacentPairs: number;
  /** Random paths tried (more than 1 when a path gave only puzzles with neighbouring ends). */
  attempts: number;
  checks: number;
  stopped?: Stopped;
  ms: number;
}

/** For the generator's report: the pairs with neighbouring ends it could not avoid ('' when none or allowed). */
export function adjacentNote(p: GeneratedNumberlink, allowed: boolean): string {
  if (allowed || p.adjacentPairs === 0) return '';
  const n = p.adjacentPairs;
  return `; ${n} pair${n === 1 ? '' : 's'} of neighbouring cells (none avoided in ${p.attempts} random path${p.attempts === 1 ? '' : 's'})`;
}

/** Random paths tried at most for a puzzle without neighbouring ends, within the time limit. */
const MAX_ATTEMPTS = 20;

/** A random Hamiltonian path of the rows x cols grid graph (cells in path order). */
export function randomHamiltonianPath(rows: number, cols: number, rand: () => number, moves?: number): number[] {
  const path: number[] = [];
  for (let r = 0; r < rows; r++) for (let k = 0; k < cols; k++) path.push(r * cols + (r % 2 === 0 ? k : cols - 1 - k));
  const n = path.length;
  if (n < 3) return path;
  const pos = new Int32Array(n);
  path.forEach((v, i) => (pos[v] = i));
  const steps = moves ?? 20 * n;
  const nb = (v: number): number[] => {
    const r = Math.floor(v / cols), c = v % cols;
    const out: number[] = [];
    if (r > 0) out.push(v - cols);
    if (r < rows - 1) out.push(v + cols);
    if (c > 0) out.push(v - 1);
    if (c < cols - 1) out.push(v + 1);
    return out;
  };
  const reverse = (i: number, j: number): void => {
    while (i < j) {
      const a = path[i], b = path[j];
      path[i] = b; pos[b] = i; path[j] = a; pos[a] = j;
      i++; j--;
    }
  };
  // Backbite: join an end to one of its grid neighbours and reverse the part after it.
  for (let s = 0; s < steps; s++) {
    if (rand() < 0.5) {
      const end = path[n - 1];
      const list = nb(end);
      const u = list[Math.floor(rand() * list.length)];
      const i = pos[u];
      if (i === n - 2) continue;
      reverse(i + 1, n - 1);
    } else {
      const end = path[0];
      const list = nb(end);
      const u = list[Math.floor(rand() * list.length)];
      const i = pos[u];
      if (i === 1) continue;
      reverse(0, i - 1);
    }
  }
  return path;
}

function adjacent(a: number, b: number, cols: number): boolean {
  const d = Math.abs(a - b);
  return d === cols || (d === 1 && Math.floor(a / cols) === Math.floor(b / cols));
}

/**
 * Cuts a path where it runs alongside itself (for the notouch rule) until none does, keeping
 * pieces at least `minLen` cells long where it can; a short piece that still runs alongside
 * itself (a U of 4 or 5 cells) is cut into pieces of 2 rather than left touching.
 */
function splitTouching(paths: number[][], cols: number, minLen: number): number[][] {
  const out: number[][] = [];
  const stack = [...paths];
  while (stack.length > 0) {
    const p = stack.pop()!;
    const cut = touchingCut(p, cols, minLen) ?? (minLen > 2 ? touchingCut(p, cols, 2) : null);
    if (cut === null || p.length < 4) { out.push(p); continue; }
    const a = p.slice(0, cut), b = p.slice(cut);
    if (a.length < 2 || b.length < 2) { out.push(p); continue; }
    stack.push(a, b);
  }
  return out;
}

/** Where to cut `p` between two of its cells that are neighbours (first such pair), both pieces at least `minLen` long; null when none can be. */
function touchingCut(p: number[], cols: number, minLen: number): number | null {
  const at = new Map<number, number>();
  p.forEach((v, i) => at.set(v, i));
  for (let i = 0; i < p.length; i++) {
    for (const d of [-cols, cols, -1, 1]) {
      const w = p[i] + d;
      const j = at.get(w);
      if (j === undefined || Math.abs(j - i) <= 1 || !adjacent(p[i], w, cols)) continue;
      // any cut between the two cells separates them
      const k = Math.max(Math.min(i, j) + 1, minLen);
      if (k <= Math.min(Math.max(i, j), p.length - minLen)) return k;
    }
  }
  return null;
}

/** Whether a path runs alongside itself: two of its cells adjacent but not consecutive. */
function touches(p: number[], cols: number): boolean {
  const at = new Map<number, number>();
  p.forEach((v, i) => at.set(v, i));
  for (let i = 0; i < p.length; i++) {
    for (const d of [cols, 1]) {
      const w = p[i] + d;
      const j = at.get(w);
      if (j !== undefined && Math.abs(j - i) > 1 && adjacent(p[i], w, cols)) return true;
    }
  }
  return false;
}

/** Joins paths whose ends are adjacent, in random order, while none runs alongside itself. */
function mergeEnds(paths: number[][], rows: number, cols: number, rand: () => number, want: number): number[][] {
  let list = paths.map((p) => p.slice());
  void rows;
  for (;;) {
    if (list.length <= want) return list;
    const endOf = new Map<number, number>(); // end cell -> path index
    list.forEach((p, i) => { endOf.set(p[0], i); endOf.set(p[p.length - 1], i); });
    const cands: [number, number, number, number][] = [];
    list.forEach((p, i) => {
      for (const e of [p[0], p[p.length - 1]])
        for (const d of [-cols, cols, -1, 1]) {
          const w = e + d;
          const j = endOf.get(w);
          if (j !== undefined && j > i && adjacent(e, w, cols)) cands.push([i, e, j, w]);
        }
    });
    shuffleInPlace(cands, rand);
    let merged = false;
    for (const [i, e, j, w] of cands) {
      const a = list[i][list[i].length - 1] === e ? list[i] : list[i].slice().reverse();
      const b = list[j][0] === w ? list[j] : list[j].slice().reverse();
      const m = a.concat(b);
      if (touches(m, cols)) continue;
      list = list.filter((_, k) => k !== i && k !== j);
      list.push(m);
      merged = true;
      break;
    }
    if (!merged) return list;
  }
}

function shuffleInPlace<T>(a: T[], rand: () => number): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = a[i]; a[i] = a[j]; a[j] = t;
  }
}

function puzzleOfPaths(rows: number, cols: number, paths: number[][], rule: NumberlinkRule): NumberlinkPuzzle {
  const cells = new Int32Array(rows * cols).fill(-1);
  const labels: string[] = [];
  paths.forEach((p, l) => {
    cells[p[0]] = l;
    cells[p[p.length - 1]] = l;
    labels.push(labelName(l));
  });
  const zero = { line: 0, col: 0, endLine: 0, endCol: 0 };
  return { kind: 'numberlink', rows, cols, cells, labels, rule, cellRanges: [], metadata: [], layout: 'compact', headerRange: zero };
}

/** Labels 1-9, then A-Z, a-z, then numbers from 62 on (token rows). */
export function labelName(i: number): string {
  const alphabet = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return i < alphabet.length ? alphabet[i] : String(i + 1);
}

export function generateNumberlink(rows: number, cols: number, options: GenerateNumberlinkOptions = {}): GeneratedNumberlink {
  const t0 = performance.now();
  const rand = seededRandom(options.seed ?? 1);
  const rule = options.rule ?? { fill: false, notouch: false };
  if (rows * cols < 2) throw new Error('a Numberlink grid needs at least two cells');
  const limits = resolveLimits(options.control);
  const deadline = Date.now() + limits.timeMs;
  const minLen = options.allowAdjacent ? 2 : 3;
  let checks = 0;
  let best: Attempt | null = null;
  for (let attempts = 1; ; attempts++) {
    const a = attempt(rows, cols, rule, rand, minLen, deadline, limits.maxNodes, options);
    checks += a.checks;
    // A unique puzzle without neighbouring ends is the answer; else keep the best one seen (unique first).
    if (!best || (a.unique && (!best.unique || a.adjacentPairs < best.adjacentPairs))) best = a;
    const done = best.unique && (minLen === 2 || best.adjacentPairs === 0);
    const stop = a.stopped?.limit === 'cancelled' || Date.now() >= deadline || attempts >= MAX_ATTEMPTS || minLen === 2;
    if (done || stop) {
      const b = best;
      return {
        rows, cols, cells: b.cells, labels: b.labels, paths: b.paths, unique: b.unique, adjacentPairs: b.adjacentPairs, attempts, checks,
        ...(b.stopped ? { stopped: b.stopped } : {}), ms: performance.now() - t0,
      };
    }
  }
}

interface Attempt {
  cells: Int32Array;
  labels: string[];
  paths: number[][];
  unique: boolean;
  adjacentPairs: number;
  checks: number;
  stopped?: Stopped;
}

/**
 * One random Hamiltonian path cut into a puzzle: cut where it runs alongside itself, merged down
 * to the wanted number of pairs, then cut further while the solver finds a second solution.
 * Pieces are cut no shorter than `minLen` cells (2 allows neighbouring ends).
 */
function attempt(rows: number, cols: number, rule: NumberlinkRule, rand: () => number, minLen: number, deadline: number, maxNodes: number, options: GenerateNumberlinkOptions): Attempt {
  const n = rows * cols;
  const ham = randomHamiltonianPath(rows, cols, rand);
  // Pieces that never run alongside themselves (a path that does could take the shortcut, a
  // second solution under the Nikoli rule, and it breaks notouch), then merged end to end at
  // random, never creating such a path, down to the wanted number of pairs.
  const want = Math.max(1, Math.min(Math.floor(n / 2), options.pairs ?? Math.max(1, Math.round(n / 12))));
  let paths = mergeEnds(splitTouching([ham], cols, minLen), rows, cols, rand, want);
  let checks = 0;
  for (;;) {
    const p = puzzleOfPaths(rows, cols, paths, rule);
    checks++;
    const left = Math.max(1, deadline - Date.now());
    const control: RunControl = {
      isCancelled: options.control?.isCancelled,
      limits: { timeMs: Math.min(left, options.perCheckMs ?? 3000), maxNodes: Math.min(maxNodes, options.perCheckNodes ?? 2_000_000) },
    };
    const r = checkNumberlink(p, { control, defaultRule: rule, secondSolution: true });
    const result = (unique: boolean, stopped?: Stopped): Attempt => ({
      cells: p.cells, labels: p.labels, paths, unique, adjacentPairs: paths.filter((q) => q.length === 2).length, checks, ...(stopped ? { stopped } : {}),
    });
    if (r.verdict === 'unique') return result(true);
    if (r.verdict === 'unknown' && r.stopped?.limit !== 'cancelled' && Date.now() < deadline) {
      // Too loose to decide quickly: cut the longest path and try again.
      let l = 0;
      paths.forEach((q, i) => { if (q.length > paths[l].length) l = i; });
      if (paths[l].length < 2 * minLen) return result(false, r.stopped);
      const path = paths[l];
      const c = Math.floor(path.length / 2);
      paths = [...paths.slice(0, l), path.slice(0, c), path.slice(c), ...paths.slice(l + 1)];
      continue;
    }
    if (r.verdict !== 'multiple' || !r.secondSolution) {
      if (r.verdict !== 'unknown') throw new Error(`numberlink generator: the intended solution was rejected (${r.verdict}${r.errors[0] ? ': ' + r.errors[0].message : ''})`);
      return result(false, r.stopped);
    }
    // Cut a path that the second solution routes differently (random one, near its middle).
    const second = r.secondSolution as PathSolution;
    const differs: number[] = [];
    paths.forEach((path, l) => {
      const other = second.paths[second.labels.indexOf(p.labels[l])]?.map(([rr, cc]) => rr * cols + cc) ?? [];
      const same = other.length === path.length && (other.every((v, i) => v === path[i]) || other.every((v, i) => v === path[path.length - 1 - i]));
      if (!same && path.length >= 2 * minLen) differs.push(l);
    });
    const pool = differs.length > 0 ? differs : paths.map((q, l) => (q.length >= 2 * minLen ? l : -1)).filter((l) => l >= 0);
    if (pool.length === 0) return result(false);
    // prefer the longest differing paths
    pool.sort((a, b) => paths[b].length - paths[a].length);
    const l = pool[Math.floor(rand() * Math.min(3, pool.length))];
    const path = paths[l];
    const lo = Math.max(minLen, Math.floor(path.length / 3)), hi = Math.min(path.length - minLen, Math.ceil((2 * path.length) / 3));
    const c = lo + Math.floor(rand() * (hi - lo + 1));
    paths = [...paths.slice(0, l), path.slice(0, c), path.slice(c), ...paths.slice(l + 1)];
  }
}

/**
 * `linkpuzzle generate numberlink WxH` and the language server's generate command: the puzzle as
 * the file the CLI prints, with the `# generator:` line (the command that makes it again; the rule
 * changes which puzzle comes out, so the line names it).
 */
export const generate: GenreGenerate = {
  description: 'a random path cut into pairs while the solution stays unique',
  usage: `    numberlink WxH [--pairs N] [--rule RULE] [--allow-adjacent]: a random path cut into pairs
        (starting from N) while the solution stays unique under RULE; pairs are never two
        neighbouring cells unless --allow-adjacent`,
  flags: { values: ['--pairs', '--rule'], switches: ['--allow-adjacent'] },
  read(values) {
    const o: GenerateOptions = {};
    const pairs = values.get('--pairs');
    if (pairs !== undefined) {
      const n = wholeValue('--pairs', pairs, 1, 5000);
      if (typeof n !== 'number') return n;
      o.pairs = n;
    }
    const rule = values.get('--rule');
    if (rule !== undefined) {
      const { problems } = readRuleWords(rule);
      if (problems.length > 0) return { error: `--rule ${JSON.stringify(rule)} is an unknown rule: ${problems[0]!.message}` };
      o.rule = rule;
    }
    if (values.has('--allow-adjacent')) o.allowAdjacent = true;
    return o;
  },
  slowCells: 25 * 25,
  choices: {
    option: 'rule',
    name: 'rule',
    title: 'Which rule must the puzzle be unique under?',
    items: [
      { value: 'nikoli', description: 'cells may stay empty; the generator makes it unique and covering' },
      { value: 'fill', description: 'every cell must be used (Flow Free)' },
      { value: 'nikoli notouch', description: 'cells may stay empty; no path runs alongside itself' },
      { value: 'fill notouch', description: 'every cell used, no path alongside itself (Janko)' },
    ],
  },
  run({ rows, cols, seed, options = {} }, control) {
    const rule = typeof options.rule === 'string' ? readRuleWords(options.rule).rule : { fill: false, notouch: false };
    const allowAdjacent = options.allowAdjacent === true;
    const pairs = typeof options.pairs === 'number' ? options.pairs : undefined;
    const p = generateNumberlink(rows, cols, { seed, rule, pairs, allowAdjacent, control });
    const words = ruleName(rule);
    const generator = `linkpuzzle generate numberlink ${cols}x${rows} --seed ${seed}${pairs ? ` --pairs ${pairs}` : ''}` +
      `${words === 'nikoli' ? '' : ` --rule ${words.replace(/ /g, ',')}`}${allowAdjacent ? ' --allow-adjacent' : ''}`;
    const text = writeNumberlink({ rows, cols, cells: p.cells, labels: p.labels, rule: words === 'nikoli' ? undefined : words }, { generator });
    const note = `${p.labels.length} pairs, ${p.unique ? 'unique' : 'NOT proved unique'} after ${p.checks} checks${adjacentNote(p, allowAdjacent)}${p.stopped ? `; ${p.stopped.message}` : ''}`;
    return { text, ok: p.unique, note, ms: p.ms };
  },
};
