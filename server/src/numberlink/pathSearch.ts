/**
 * One solution of a Numberlink draft, found by routing: fast where the solutions are far too many
 * to count, and incomplete (finding none proves nothing).
 *
 * 1. Routing by negotiated congestion (McMurchie and Ebeling's PathFinder): every label is routed
 *    by a shortest path (Dijkstra) from one endpoint to the other, through cells that are not
 *    other labels' endpoints; a cell several paths use costs more on the next round, the more so
 *    the longer it stays crowded, until the paths are disjoint.
 * 2. `notouch`: a path that runs alongside itself is shortened through the place it touches.
 * 3. `fill`: free cells are taken into paths two at a time (a path step u-v beside two free cells
 *    a-b that close a square becomes u-a-b-v); cells left over are solved exactly in windows
 *    around them: every edge outside is fixed as the paths have it, and the depth-first search
 *    over the path-matching spec (zdd/search.ts), with deduction's propagator following it from
 *    those fixed edges (pathFilter.ts), looks for a solution over the edges inside.
 * The caller checks the result against the rules directly (paths.ts pathsProblem).
 */
import type { NumberlinkRule } from './puzzle';
import { StopError } from '../zdd/control';
import { planFrontier } from '../zdd/frontier';
import { searchSet } from '../zdd/search';
import { defaultSweep, sweepOrder, type NumberlinkInstance } from './instance';
import { edgesToPaths, pathsProblem } from './paths';
import { seededRandom } from '../util/random';
import { NumberlinkSpec } from './spec';
import { Propagator } from './deduce';
import { PropagatingFilter } from './pathFilter';

export interface PathSearchOptions {
  /** Date.now() past which the search gives up (null). */
  deadline: number;
  isCancelled?: () => boolean;
  /** Rounds of rip-up and reroute (default 60). */
  rounds?: number;
  /** Dead states of each window search (default 20,000). */
  windowNodes?: number;
}

/** Paths (cells, endpoint to endpoint, one per label in label order), or null when none was found. */
export function searchPaths(inst: NumberlinkInstance, rule: NumberlinkRule, options: PathSearchOptions): number[][] | null {
  const late = () => Date.now() > options.deadline || options.isCancelled?.() === true;
  // Under fill, a few attempts: the labels routed in another order give other paths to fill from.
  const attempts = rule.fill ? FILL_ATTEMPTS : 1;
  for (let attempt = 0; attempt < attempts && !late(); attempt++) {
    const paths = route(inst, options, attempt);
    if (paths === null) return null;
    if (rule.notouch) for (const p of paths) unTouch(inst, p);
    let out: number[][] | null = paths;
    if (rule.fill) {
      absorb(inst, paths, late);
      if (late()) return null;
      migrate(inst, paths, seededRandom(1 + attempt), MIGRATE_STEPS_PER_CELL * inst.rows * inst.cols, late);
      if (late()) return null;
      out = fillWindows(inst, rule, paths, options);
    }
    // Taking cells in may make a path touch itself (notouch): only solutions leave here.
    if (out !== null && pathsProblem(inst, rule, out) === null) return out;
  }
  return null;
}

/** Attempts of routing and filling under `fill`. */
const FILL_ATTEMPTS = 4;

/**
 * Solutions one local change away from `paths` (each checked by `valid`): a step u-v beside two
 * free cells a-b that close a square becomes u-a-b-v; a corner u-c-w moves to the free fourth
 * cell of its square; a detour u-a-b-v around a square whose corners u, v are neighbours becomes
 * the step u-v. At most `max` of them, each different (each changes the paths' cells differently).
 */
export function nearbySolutions(inst: NumberlinkInstance, paths: number[][], valid: (p: number[][]) => boolean, max: number): number[][][] {
  const { cols } = inst;
  const n = inst.rows * cols;
  const used = new Uint8Array(n);
  for (const p of paths) for (const v of p) used[v] = 1;
  const out: number[][][] = [];
  const nb = new Int32Array(4);
  const adjacent = (a: number, b: number): boolean => {
    const d = Math.abs(a - b);
    return d === cols || (d === 1 && Math.floor(a / cols) === Math.floor(b / cols));
  };
  for (let l = 0; l < paths.length && out.length < max; l++) {
    const p = paths[l];
    for (let i = 0; i + 1 < p.length && out.length < max; i++) {
      const u = p[i], v = p[i + 1];
      const k = neighbours(inst, u, nb);
      for (let j = 0; j < k && out.length < max; j++) {
        const a = nb[j], b = a + (v - u);
        if (a === v || used[a] || b < 0 || b >= n || used[b] || !adjacent(a, b) || !adjacent(b, v)) continue;
        if (inst.cells[a] >= 0 || inst.cells[b] >= 0) continue;
        const q = paths.slice();
        q[l] = [...p.slice(0, i + 1), a, b, ...p.slice(i + 1)];
        if (valid(q)) out.push(q);
      }
      // A corner u-c-w (c = p[i + 1]) moved to the free fourth cell of its square: u-c'-w.
      if (i + 2 < p.length && out.length < max) {
        const c = p[i + 1], w = p[i + 2];
        const c2 = u + w - c;
        if (c2 >= 0 && c2 < n && c2 !== c && !used[c2] && inst.cells[c2] < 0 && adjacent(u, c2) && adjacent(c2, w)) {
          const q = paths.slice();
          q[l] = [...p.slice(0, i + 1), c2, ...p.slice(i + 2)];
          if (valid(q)) out.push(q);
        }
      }
      // A detour u-a-b-w (this step and the next two) around a square: the step u-w instead.
      if (i + 3 < p.length) {
        const w = p[i + 3];
        if (adjacent(u, w)) {
          const q = paths.slice();
          q[l] = [...p.slice(0, i + 1), ...p.slice(i + 3)];
          if (valid(q)) out.push(q);
        }
      }
    }
  }
  return out;
}

/** Neighbours of cell v (up to 4), written into `out`; their number. */
function neighbours(inst: NumberlinkInstance, v: number, out: Int32Array): number {
  const { rows, cols } = inst;
  const r = Math.floor(v / cols), c = v % cols;
  let k = 0;
  if (r > 0) out[k++] = v - cols;
  if (c < cols - 1) out[k++] = v + 1;
  if (r < rows - 1) out[k++] = v + cols;
  if (c > 0) out[k++] = v - 1;
  return k;
}

/** Paths by negotiated congestion; `attempt` > 0 routes the labels in another order (rotated). */
function route(inst: NumberlinkInstance, options: PathSearchOptions, attempt = 0): number[][] | null {
  const r = new Router(inst, attempt).run(options.rounds ?? 60, () => Date.now() > options.deadline || options.isCancelled?.() === true);
  return r === false ? null : r;
}

/**
 * Routing under a rule without `fill`, resumable (see Router): each call runs `rounds` more
 * rounds; paths that are disjoint are untouched under notouch and returned when they obey the
 * rule (the caller checks them again), null otherwise, false when a label is walled in.
 */
export function resumableRouting(inst: NumberlinkInstance, rule: NumberlinkRule): (rounds: number, late: () => boolean) => number[][] | null | false {
  const router = new Router(inst);
  return (rounds, late) => {
    const paths = router.run(rounds, late);
    if (paths === null || paths === false) return paths;
    if (rule.notouch) for (const p of paths) unTouch(inst, p);
    return pathsProblem(inst, rule, paths) === null ? paths : null;
  };
}

/**
 * Routing by negotiated congestion that can be resumed: `run(k)` goes on for k more rounds from
 * where the last call stopped (the crowding and history costs kept), so a caller can share its
 * time between routing and another search (witness.ts).
 */
export class Router {
  private readonly occ: Int32Array;
  private readonly hist: Float64Array;
  private readonly paths: number[][];
  private readonly dist: Float64Array;
  private readonly prev: Int32Array;
  private readonly heap: MinHeap;
  private readonly nb = new Int32Array(4);
  private pres = 0.5;
  /** Rounds run so far. */
  rounds = 0;

  constructor(private readonly inst: NumberlinkInstance, private readonly attempt = 0) {
    const n = inst.rows * inst.cols;
    this.occ = new Int32Array(n);
    this.hist = new Float64Array(n);
    this.paths = Array.from({ length: inst.labelCount }, () => []);
    this.dist = new Float64Array(n);
    this.prev = new Int32Array(n);
    this.heap = new MinHeap(n);
  }

  /** Disjoint paths (a copy), null when `rounds` more rounds did not reach them, false when a label is walled in by endpoints. */
  run(rounds: number, late: () => boolean): number[][] | null | false {
    const inst = this.inst, { occ, hist, paths, dist, prev, heap, nb } = this;
    const n = inst.rows * inst.cols, L = inst.labelCount;
    for (let round = 0; round < rounds; round++) {
      if (late()) return null;
      this.rounds++;
      for (let i = 0; i < L; i++) {
        const l = (i + this.attempt) % L;
        const a = inst.ends[2 * l], b = inst.ends[2 * l + 1];
        if (a < 0 || b < 0) return false;
        for (const v of paths[l]) occ[v]--;
        dist.fill(Infinity);
        dist[a] = 0;
        prev[a] = -1;
        heap.clear();
        heap.push(a, 0);
        let pops = 0;
        while (heap.size > 0) {
          if ((++pops & 0xffff) === 0 && late()) return null;
          const v = heap.pop();
          if (v === b) break;
          const k = neighbours(inst, v, nb);
          for (let j = 0; j < k; j++) {
            const u = nb[j];
            if (u !== b && inst.cells[u] >= 0) continue; // another endpoint, or its own start
            const d = dist[v] + (1 + hist[u]) * (1 + this.pres * occ[u]);
            if (d < dist[u]) {
              dist[u] = d;
              prev[u] = v;
              heap.push(u, d);
            }
          }
        }
        if (dist[b] === Infinity) return false; // walled in by endpoints
        const p: number[] = [];
        for (let v = b; v >= 0; v = prev[v]) p.push(v);
        p.reverse();
        paths[l] = p;
        for (const v of p) occ[v]++;
      }
      let crowded = false;
      for (let v = 0; v < n; v++) {
        if (occ[v] > 1) {
          crowded = true;
          hist[v] += 1;
        }
      }
      if (!crowded) return paths.map((p) => p.slice());
      // Capped: past ~1,500 rounds the product would overflow to Infinity and 0 * Infinity (a free
      // cell) to NaN, which walls every label in. Far below the cap, crowding already dominates.
      this.pres = Math.min(this.pres * 1.6, PRES_MAX);
    }
    return null;
  }
}

/** The largest factor of crowding (see route). */
const PRES_MAX = 1e9;

/** Shortens a path wherever two of its cells that are not consecutive are neighbours. */
function unTouch(inst: NumberlinkInstance, p: number[]): void {
  const pos = new Map<number, number>();
  const nb = new Int32Array(4);
  let changed = true;
  while (changed) {
    changed = false;
    pos.clear();
    p.forEach((v, i) => pos.set(v, i));
    for (let i = 0; i < p.length && !changed; i++) {
      const k = neighbours(inst, p[i], nb);
      let far = -1;
      for (let j = 0; j < k; j++) {
        const at = pos.get(nb[j]);
        if (at !== undefined && at > i + 1 && at > far) far = at;
      }
      if (far >= 0) {
        p.splice(i + 1, far - i - 1);
        changed = true;
      }
    }
  }
}

/** Takes free cells into the paths two at a time (u-v beside a free pair a-b becomes u-a-b-v). */
function absorb(inst: NumberlinkInstance, paths: number[][], late: () => boolean): void {
  const { cols } = inst;
  const n = inst.rows * cols;
  const used = new Uint8Array(n);
  for (const p of paths) for (const v of p) used[v] = 1;
  const nb = new Int32Array(4);
  let changed = true;
  while (changed && !late()) {
    changed = false;
    for (const p of paths) {
      for (let i = 0; i + 1 < p.length; i++) {
        const u = p[i], v = p[i + 1];
        // The free pair beside the step u-v: a next to u, b next to v, on the same side.
        const k = neighbours(inst, u, nb);
        for (let j = 0; j < k; j++) {
          const a = nb[j];
          if (used[a] || a === v) continue;
          const b = a + (v - u);
          if (b < 0 || b >= n || used[b]) continue;
          // b must be a's neighbour in the same direction as v from u (no wrap across rows).
          if (Math.abs(v - u) === 1 && Math.floor(a / cols) !== Math.floor(b / cols)) continue;
          if (inst.cells[a] >= 0 || inst.cells[b] >= 0) continue;
          p.splice(i + 1, 0, a, b);
          used[a] = used[b] = 1;
          changed = true;
          break;
        }
      }
    }
  }
}

/** Moves of free cells (migrate), per cell of the grid. */
const MIGRATE_STEPS_PER_CELL = 20;

/**
 * Free cells absorb cannot take (no path step beside a free pair) move until two of opposite
 * colours meet beside a path step. A free cell c moves to w, its diagonal neighbour, when a path
 * runs u-w-z round the other two corners of their square: the path then runs u-c-z and w is free
 * (w has c's colour: colours only meet when one moves next to a cell of the other colour). Each
 * step moves a free cell towards the nearest free cell of the other colour (now and then at
 * random), then absorb takes what it can.
 */
function migrate(inst: NumberlinkInstance, paths: number[][], rand: () => number, steps: number, late: () => boolean): void {
  const { rows, cols } = inst;
  const n = rows * cols;
  const owner = new Int32Array(n), pos = new Int32Array(n);
  const index = (): number[] => {
    owner.fill(-1);
    paths.forEach((p, l) => p.forEach((v, i) => { owner[v] = l; pos[v] = i; }));
    const free: number[] = [];
    for (let v = 0; v < n; v++) if (owner[v] < 0) free.push(v);
    return free;
  };
  const colour = (v: number) => (Math.floor(v / cols) + (v % cols)) & 1;
  const dist = (a: number, b: number) => Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) + Math.abs((a % cols) - (b % cols));
  let free = index();
  for (let step = 0; step < steps && free.length > 0; step++) {
    if ((step & 63) === 0 && late()) return;
    const c = free[Math.floor(rand() * free.length)];
    let target = -1;
    for (const v of free) if (colour(v) !== colour(c) && (target < 0 || dist(c, v) < dist(c, target))) target = v;
    if (target < 0) return; // one colour only: no move can pair them
    const r = Math.floor(c / cols), q = c % cols;
    let best = -1, bestD = Infinity, ties = 0;
    for (const [dr, dq] of [[-1, -1], [-1, 1], [1, -1], [1, 1]]) {
      const r2 = r + dr, q2 = q + dq;
      if (r2 < 0 || q2 < 0 || r2 >= rows || q2 >= cols) continue;
      const w = r2 * cols + q2, u = r * cols + q2, z = r2 * cols + q;
      const l = owner[w];
      if (l < 0 || inst.cells[w] >= 0 || owner[u] !== l || owner[z] !== l) continue;
      if (Math.abs(pos[u] - pos[w]) !== 1 || Math.abs(pos[z] - pos[w]) !== 1) continue;
      const d = rand() < 0.1 ? -1 : dist(w, target);
      if (d < bestD) { best = w; bestD = d; ties = 1; } else if (d === bestD && rand() * ++ties < 1) best = w;
    }
    if (best < 0) continue;
    paths[owner[best]][pos[best]] = c;
    absorb(inst, paths, late);
    free = index();
  }
}

/**
 * Free cells left after absorb: every edge outside windows around them fixed as the paths have
 * it, a depth-first search for a solution over the rest; windows grow until one is found.
 */
function fillWindows(inst: NumberlinkInstance, rule: NumberlinkRule, paths: number[][], options: PathSearchOptions): number[][] | null {
  const { rows, cols } = inst;
  const n = rows * cols;
  const used = new Uint8Array(n);
  for (const p of paths) for (const v of p) used[v] = 1;
  const free: number[] = [];
  for (let v = 0; v < n; v++) if (!used[v]) free.push(v);
  if (free.length === 0) return paths;
  const m = inst.graph.edges.length >> 1;
  const on = new Uint8Array(m);
  const edgeOf = (a: number, b: number): number => {
    for (let i = inst.adjStart[a]; i < inst.adjStart[a + 1]; i++) {
      const e = inst.adjEdge[i];
      if (inst.graph.edges[2 * e] === b || inst.graph.edges[2 * e + 1] === b) return e;
    }
    return -1;
  };
  for (const p of paths) for (let i = 0; i + 1 < p.length; i++) on[edgeOf(p[i], p[i + 1])] = 1;
  const plan = planFrontier(inst.graph, sweepOrder(rows, cols, defaultSweep(rows, cols)));
  // Free cells in pairs of both colours, nearest first: a window must hold as many cells of each
  // colour as its paths can take, so each window spans a pair (a lone cell's window cannot).
  const boxes = pairBoxes(free, cols);
  for (const margin of [1, 2, 3, 4]) {
    const open = new Uint8Array(n);
    for (const [r1, c1, r2, c2] of boxes) {
      for (let r = Math.max(0, r1 - margin); r <= Math.min(rows - 1, r2 + margin); r++)
        for (let c = Math.max(0, c1 - margin); c <= Math.min(cols - 1, c2 + margin); c++) open[r * cols + c] = 1;
    }
    const fixed = new Int8Array(m);
    for (let e = 0; e < m; e++) {
      const a = inst.graph.edges[2 * e], b = inst.graph.edges[2 * e + 1];
      fixed[e] = open[a] && open[b] ? -1 : on[e];
    }
    const spec = new NumberlinkSpec({
      cellCount: n, endpointKey: inst.endpointKey, labelCount: inst.labelCount, plan, rule, fixed, edgeEnds: inst.graph.edges,
    });
    // Deduction's propagator follows the search (pathFilter.ts), from the window's fixed edges.
    const prop = new Propagator(inst, rule);
    prop.initial();
    let ok = !prop.contradiction;
    for (let e = 0; e < m && ok; e++) if (fixed[e] >= 0) ok = prop.setEdge(e, fixed[e] as 0 | 1);
    if (ok) ok = prop.propagate();
    else prop.clearQueue();
    if (!ok) continue;
    const filter = new PropagatingFilter(spec, prop, plan.order);
    let found: number[] | false | null;
    try {
      found = searchSet(spec, { maxNodes: options.windowNodes ?? 20_000, deadline: options.deadline, timeMs: 0, isCancelled: options.isCancelled }, () => 1, undefined, filter);
    } catch (e) {
      if (e instanceof StopError) return null;
      throw e;
    } finally {
      filter.detach();
    }
    if (found === false || found === null) continue;
    const edges = spec.decode(found);
    const solved = edges === null ? null : edgesToPaths(inst, edges);
    if (solved) return solved;
  }
  return null;
}

/** Bounding boxes [r1, c1, r2, c2] of the free cells paired by colour, nearest pairs first (a cell left over: its own box). */
function pairBoxes(free: number[], cols: number): [number, number, number, number][] {
  const colour = (v: number) => (Math.floor(v / cols) + (v % cols)) & 1;
  const dist = (a: number, b: number) => Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) + Math.abs((a % cols) - (b % cols));
  const pairs: [number, number, number][] = [];
  for (const a of free) for (const b of free) if (colour(a) === 0 && colour(b) === 1) pairs.push([dist(a, b), a, b]);
  pairs.sort((x, y) => x[0] - y[0]);
  const taken = new Set<number>();
  const boxes: [number, number, number, number][] = [];
  const box = (a: number, b: number): [number, number, number, number] => {
    const ra = Math.floor(a / cols), ca = a % cols, rb = Math.floor(b / cols), cb = b % cols;
    return [Math.min(ra, rb), Math.min(ca, cb), Math.max(ra, rb), Math.max(ca, cb)];
  };
  for (const [, a, b] of pairs) {
    if (taken.has(a) || taken.has(b)) continue;
    taken.add(a);
    taken.add(b);
    boxes.push(box(a, b));
  }
  for (const v of free) if (!taken.has(v)) boxes.push(box(v, v));
  return boxes;
}

/** A binary min-heap of cells by priority (duplicates allowed; stale entries are skipped by the caller's distance check). */
class MinHeap {
  private readonly items: Int32Array;
  private readonly keys: Float64Array;
  size = 0;
  constructor(n: number) {
    this.items = new Int32Array(4 * n + 16);
    this.keys = new Float64Array(4 * n + 16);
  }
  clear(): void {
    this.size = 0;
  }
  push(v: number, key: number): void {
    if (this.size === this.items.length) return; // cannot happen: each cell enters at most 4 times
    let i = this.size++;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (this.keys[up] <= key) break;
      this.items[i] = this.items[up];
      this.keys[i] = this.keys[up];
      i = up;
    }
    this.items[i] = v;
    this.keys[i] = key;
  }
  pop(): number {
    const top = this.items[0];
    const v = this.items[--this.size], key = this.keys[this.size];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= this.size) break;
      if (c + 1 < this.size && this.keys[c + 1] < this.keys[c]) c++;
      if (this.keys[c] >= key) break;
      this.items[i] = this.items[c];
      this.keys[i] = this.keys[c];
      i = c;
    }
    this.items[i] = v;
    this.keys[i] = key;
    return top;
  }
}
