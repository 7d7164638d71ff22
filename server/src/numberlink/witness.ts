/**
 * Deciding a Numberlink without counting it (as slitherlink/witness.ts): two different solutions
 * prove `multiple`; a search that exhausts proves `none` or `unique`.
 *
 * 1. Proofs of `none` that need no search: two labels whose ends alternate around a face of the
 *    grid without the other endpoints, such as its border (pairsMustCross); under `fill`, colour the grid like a chessboard; a path
 *    alternates colours, so a path whose two ends have the same colour has one cell more of that
 *    colour, and one with ends of both colours has as many of each. Covering every cell then
 *    needs (black cells - white cells) = (paths with two black ends - paths with two white ends).
 *    Then deduction (deduce.ts, with probing): a contradiction.
 * 2. A first solution: under plain fill, the depth-first search over the fill-notouch spec (a
 *    subfamily: far easier to search near completion); under fill, a short depth-first search
 *    over the path-matching spec with deduction's propagator following it (pathFilter.ts); then
 *    routing (pathSearch.ts); then the depth-first search restarted with other branch orders and
 *    sweeps (it exhausts on small or nearly solved grids: `none`). Without fill the routing is
 *    resumed between the restarts and after them (winding routes need hundreds of rounds).
 * 3. A second solution: the depth-first search for one that differs from the first
 *    (zdd/specs/differs.ts), the first's edges tried first, so it looks near the first; it finds
 *    one, or exhausts, which proves the first the only one.
 * Every solution returned is checked against the rules directly (paths.ts pathsProblem).
 */
import type { NumberlinkRule } from './puzzle';
import { StopError, stopNow, type RunControl } from '../zdd/control';
import { planFrontier } from '../zdd/frontier';
import { DeadStates, searchSet } from '../zdd/search';
import { seededRandom } from '../util/random';
import { DiffersSpec } from '../zdd/specs/differs';
import { deduce, type Deduction } from './deduce';
import { chooseSweep, sweepOrder, type NumberlinkInstance, type Sweep } from './instance';
import { PropagatingFilter } from './pathFilter';
import { nearbySolutions, resumableRouting, searchPaths } from './pathSearch';
import { edgesToPaths, pathsProblem } from './paths';
import { NumberlinkSpec } from './spec';
import { differentInWindows } from './windows';
import { halfBytes, HELPER_AFTER_MS, LateHelper, type HelperThread } from '../analysis/helper';
import { countJob, type CountHelperAnswer } from './countRace';

/** Local changes of the first solution tried (each is checked against the rules: O(cells)). */
const NEARBY_MAX = 1000;

export interface PathWitnesses {
  verdict: 'none' | 'unique' | 'multiple' | null;
  /** Paths as cells, one per label: the only solution (`unique`) or the first of two. */
  first?: number[][];
  second?: number[][];
  /** `multiple`: a proved lower bound on the number of solutions (at least 2). */
  atLeast?: bigint;
  how: string;
}

export interface PathWitnessBudget {
  /** Dead states of the depth-first searches for a first solution, restarts together (default 50,000). */
  firstNodes?: number;
  /** Dead states of the search for a different solution (default 100,000). */
  secondNodes?: number;
  /**
   * Without fill: routing resumed between the search's restarts and after them (default true).
   * Off for a puzzle near completion, whose count follows and needs the time (hard Arukone).
   */
  longRouting?: boolean;
}

/** Whether the chessboard colours forbid covering every cell (see the module comment). */
export function fillParityFails(inst: NumberlinkInstance): boolean {
  const { rows, cols } = inst;
  let surplus = 0; // black - white over the grid
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) surplus += (r + c) % 2 === 0 ? 1 : -1;
  let ends = 0; // paths with two black ends - paths with two white ends
  for (let l = 0; l < inst.labelCount; l++) {
    const a = inst.ends[2 * l], b = inst.ends[2 * l + 1];
    if (a < 0 || b < 0) return false; // not a well-formed instance: leave it to the rest
    const ca = (Math.floor(a / cols) + (a % cols)) % 2, cb = (Math.floor(b / cols) + (b % cols)) % 2;
    if (ca === cb) ends += ca === 0 ? 1 : -1;
  }
  return ends !== surplus;
}

/**
 * Whether two labels' paths would have to cross. Take the grid without the endpoints of every
 * other label (no path passes through an endpoint): a plane graph. When the four endpoints of the
 * two labels lie on one face of it as a, c, b, d (each label's two ends apart, in this cyclic
 * order), no two disjoint paths join a to b and c to d: a new vertex x drawn in that face, joined
 * to a, c, b, d in this order, would close the cycle x-a-...-b-x, with the edges x-c and x-d
 * leaving x on either side of it, so the path from c to d would cross it. The outer face is the
 * border (two labels alternating along it); a face inside is a hole of removed endpoints.
 * Faces are walked with the grid's rotation (each turn: the next neighbour clockwise). At most
 * about `work` steps (grids with many labels would take long): then null, as if none crossed.
 */
export function pairsMustCross(inst: NumberlinkInstance, work = 20_000_000): { a: number; b: number } | null {
  const { rows, cols, labelCount } = inst;
  const n = rows * cols;
  if (labelCount < 2 || rows < 2 || cols < 2) return null;
  const dr = [-1, 0, 1, 0], dc = [0, 1, 0, -1];
  const step = (v: number, d: number): number => {
    const r = Math.floor(v / cols) + dr[d], c = (v % cols) + dc[d];
    return r < 0 || c < 0 || r >= rows || c >= cols ? -1 : r * cols + c;
  };
  // An endpoint with the border or another endpoint among its eight neighbours: one whose faces
  // are not all unit squares (a pair is only tried when its four ends are such, or form a square).
  const open = new Uint8Array(n);
  for (let v = 0; v < n; v++) {
    if (inst.cells[v] < 0) continue;
    const r = Math.floor(v / cols), c = v % cols;
    if (r === 0 || c === 0 || r === rows - 1 || c === cols - 1) { open[v] = 1; continue; }
    for (let i = -1; i <= 1 && !open[v]; i++) for (let j = -1; j <= 1; j++) if ((i || j) && inst.cells[v + i * cols + j] >= 0) open[v] = 1;
  }
  const present = new Uint8Array(n);
  const seen = new Uint8Array(4 * n);
  const walk: number[] = [];
  for (let x = 0; x < labelCount; x++) {
    for (let y = x + 1; y < labelCount; y++) {
      const ends = [inst.ends[2 * x], inst.ends[2 * x + 1], inst.ends[2 * y], inst.ends[2 * y + 1]];
      if (ends.some((v) => v < 0)) continue;
      if (!ends.every((v) => open[v])) continue; // (four ends of a square are neighbours: all open)
      // Each pair walks the whole grid: past `work` steps in all, the rest is not tried (a weaker,
      // still sound answer).
      work -= 6 * n;
      if (work < 0) return null;
      for (let v = 0; v < n; v++) present[v] = inst.cells[v] < 0 || inst.cells[v] === x || inst.cells[v] === y ? 1 : 0;
      seen.fill(0);
      for (let v0 = 0; v0 < n; v0++) {
        if (!present[v0]) continue;
        for (let d0 = 0; d0 < 4; d0++) {
          const w0 = step(v0, d0);
          if (w0 < 0 || !present[w0] || seen[4 * v0 + d0]) continue;
          // One face: follow directed edges, turning to the next neighbour clockwise.
          walk.length = 0;
          let v = v0, d = d0;
          while (!seen[4 * v + d]) {
            seen[4 * v + d] = 1;
            walk.push(v);
            const w = step(v, d);
            const back = (d + 2) & 3;
            let nd = back;
            for (let k = 1; k <= 4; k++) {
              nd = (back + k) & 3;
              const u = step(w, nd);
              if (u >= 0 && present[u]) break;
            }
            v = w;
            d = nd;
          }
          if (alternate(walk, ends)) return { a: x, b: y };
        }
      }
    }
  }
  return null;
}

/** Whether occurrences of ends[0], ends[2], ends[1], ends[3] (in this cyclic order) exist in `walk`. */
function alternate(walk: number[], ends: number[]): boolean {
  const at: number[][] = [[], [], [], []];
  walk.forEach((v, i) => {
    for (let k = 0; k < 4; k++) if (v === ends[k]) at[k].push(i);
  });
  if (at.some((p) => p.length === 0)) return false;
  for (const a of at[0]) for (const b of at[1]) {
    const lo = Math.min(a, b), hi = Math.max(a, b);
    const inside = (i: number) => i > lo && i < hi;
    // c and d on different arcs between a and b.
    for (const c of at[2]) for (const d of at[3]) if (inside(c) !== inside(d)) return true;
  }
  return false;
}

/** Deduction for the witnesses, and whether it leaves the puzzle open (a draft: see openShare). */
export function deduceForWitnesses(inst: NumberlinkInstance, rule: NumberlinkRule, control: RunControl & { deadline: number }): Deduction {
  const d = deduce(inst, rule, { isCancelled: control.isCancelled, deadline: control.deadline });
  const stop = stopNow(control, 'during deduction');
  if (stop && (stop.stopped.limit === 'cancelled' || !d.contradiction)) throw stop;
  return d;
}

/** The share of the edges deduction left undecided (a puzzle near completion leaves few). */
export function openShare(d: Deduction): number {
  let open = 0;
  for (let e = 0; e < d.fixed.length; e++) if (d.fixed[e] < 0) open++;
  return d.fixed.length === 0 ? 0 : open / d.fixed.length;
}

/**
 * `deduction`: deduceForWitnesses's, when the caller has it (else it is made here). `helper`: a
 * second thread for the first solution under plain fill (see notouchFirst).
 */
export function findPathWitnesses(
  inst: NumberlinkInstance, rule: NumberlinkRule, control: RunControl & { deadline: number }, budget: PathWitnessBudget = {}, deduction?: Deduction,
  helper?: HelperThread,
): PathWitnesses {
  const n = inst.rows * inst.cols;
  if (rule.fill && n > 0 && fillParityFails(inst)) return { verdict: 'none', how: 'colours' };
  if (pairsMustCross(inst)) return { verdict: 'none', how: 'crossing' };
  const d = deduction ?? deduceForWitnesses(inst, rule, control);
  if (d.contradiction) return { verdict: 'none', how: 'deduction' };
  const poll = () => {
    const s = stopNow(control, 'while looking for solutions');
    if (s) throw s;
  };
  // Dead states count as the check's nodes: the node limit bounds every search too.
  const limits = (maxNodes: number) => ({
    maxNodes: Math.min(maxNodes, control.limits?.maxNodes ?? Infinity), deadline: control.deadline, timeMs: control.limits?.timeMs ?? 0, isCancelled: control.isCancelled,
  });
  const firstNodes = budget.firstNodes ?? 50_000;
  const search = new RuleSearch(inst, rule, d, poll);
  try {
    // The first solution.
    let first: number[][] | null = null;
    let how = '';
    // Under plain fill, a solution that never touches itself is one too, and that far smaller
    // family is far easier to search on grids near completion (Ahle's 50x50 sets: the notouch
    // search finds one in seconds where the fill search finds none in minutes); on a draft its
    // deduction fails at once. Its exhausting proves nothing under fill.
    if (rule.fill && !rule.notouch) {
      first = notouchFirst(inst, control, poll, helper);
      if (first !== null) how = 'search under notouch';
    }
    // Under fill, the propagator (global rules included) guides the depth-first search so well
    // that a short search finds most drafts' first solution, where routing spends far longer
    // (it also proves `none` when it exhausts).
    if (first === null && rule.fill) {
      const found = search.first(limits(FILL_PROBE_NODES), () => 1);
      if (found === false) return { verdict: 'none', how: 'search' };
      if (found !== null) { first = found; how = 'search'; }
    }
    // Routing (pathSearch.ts), then the depth-first search with restarts; without fill the routing
    // goes on between the restarts and after them (see LONG_ROUNDS).
    const late = () => Date.now() > control.deadline || control.isCancelled?.() === true;
    const routing = rule.fill ? null : resumableRouting(inst, rule);
    const routeLong = routing !== null && budget.longRouting !== false;
    let walled = false;
    // `rounds` more rounds of routing, until `until` at the latest: valid paths or null.
    const routeMore = (rounds: number, until = Infinity): number[][] | null => {
      if (routing === null || walled) return null;
      const r = routing(rounds, () => Date.now() > until || late());
      poll();
      if (r === false) walled = true;
      return r === false || r === null || pathsProblem(inst, rule, r) !== null ? null : r;
    };
    if (first === null) {
      first = routing === null ? searchPaths(inst, rule, { deadline: control.deadline, isCancelled: control.isCancelled }) : routeMore(FIRST_ROUNDS);
      poll();
      if (first !== null && pathsProblem(inst, rule, first) !== null) first = null;
      if (first !== null) how = 'routing';
    }
    if (first === null) {
      let routed: number[][] | null = null;
      // After each restart, routing for a share of the time that restart took (so a draft the
      // search proves `none` pays at most that share more).
      const found = search.withRestarts(limits, firstNodes, (restartMs) =>
        routeLong ? (routed = routeMore(LONG_ROUNDS, Date.now() + ROUTING_SHARE_BETWEEN_RESTARTS * restartMs)) : null);
      if (found === false) return { verdict: 'none', how: 'search' };
      if (found !== null) { first = found; how = 'search'; } else if (routed !== null) { first = routed; how = 'routing between restarts'; }
    }
    if (first === null && routeLong) {
      // On a share of the time left: the count that follows an undecided search keeps the rest.
      const now = Date.now();
      first = routeMore(LONG_ROUNDS, now + LONG_ROUTING_SHARE * Math.max(0, control.deadline - now));
      if (first !== null) how = 'long routing';
    }
    if (first === null || pathsProblem(inst, rule, first) !== null) return { verdict: null, how: `${how || 'routing and search'}: no solution found` };

    // A second one: a local change of the first (and their number is a lower bound), or the
    // search for one that differs.
    const near = nearbySolutions(inst, first, (q) => pathsProblem(inst, rule, q) === null, NEARBY_MAX);
    if (near.length > 0) return { verdict: 'multiple', first, second: near[0], atLeast: BigInt(near.length + 1), how: `${how}, local changes` };
    // Under fill no cell is free for those changes: windows of the grid re-solved around the first
    // (windows.ts), in a share of the time left, before the search over the whole grid.
    if (rule.fill) {
      const now = Date.now();
      const local = differentInWindows(inst, rule, first, {
        deadline: now + WINDOW_SHARE * Math.max(0, control.deadline - now), isCancelled: control.isCancelled, maxNodes: control.limits?.maxNodes,
      });
      poll();
      if (local !== null && pathsProblem(inst, rule, local) === null && !samePaths(first, local)) {
        return { verdict: 'multiple', first, second: local, atLeast: 2n, how: `${how}, a window re-solved` };
      }
    }
    const other = search.differing(first, limits(budget.secondNodes ?? 100_000));
    if (other === false) return { verdict: 'unique', first, how: `${how}, no other solution` };
    if (other === null) return { verdict: null, first, how: `${how}, second solution not found` };
    if (pathsProblem(inst, rule, other) !== null || samePaths(first, other)) {
      return { verdict: null, first, how: `${how}: bad second solution` };
    }
    return { verdict: 'multiple', first, second: other, atLeast: 2n, how: `${how}, search for another solution` };
  } finally {
    search.detach();
  }
}

/**
 * Routing without fill: rounds before the search, between its restarts, and after it. A label that
 * must wind round other labels' ends (from the border back to the border, on the far side of an
 * end) is found only after hundreds of rounds of growing history costs (bench drafts: 100 to 400),
 * while a failed routing of 1,000 rounds costs seconds at 20x20: so routing goes on between the
 * restarts for half the time each restart took, and after them on a share of the time left.
 */
const FIRST_ROUNDS = 60;
const LONG_ROUNDS = 2000;

/** Routing between restarts: this share of the time the last restart took. */
const ROUTING_SHARE_BETWEEN_RESTARTS = 0.5;

/** The share of the time left that the long routing after the search may take. */
const LONG_ROUTING_SHARE = 0.5;

/** Sweeps the restarts go through (the chosen one first; see RuleSearch.withRestarts). */
const RESTART_SWEEPS = 4;

/** The sweeps along the shorter side (either for a square) other than `chosen`, the reverse of it first. */
function otherSweeps(inst: NumberlinkInstance, chosen: Sweep): Sweep[] {
  const out: Sweep[] = [];
  const same = (a: Sweep, b: Sweep) => a.transpose === b.transpose && a.reverseLines === b.reverseLines && a.reverseCells === b.reverseCells;
  const transposes = inst.rows === inst.cols ? [chosen.transpose, !chosen.transpose] : [chosen.transpose];
  for (const transpose of transposes) {
    for (const reverseLines of [!chosen.reverseLines, chosen.reverseLines]) {
      const s = { transpose, reverseLines, reverseCells: false };
      if (!same(s, chosen)) out.push(s);
    }
  }
  return out;
}

/** Dead states of the short depth-first search that goes first under fill. */
const FILL_PROBE_NODES = 2000;

type Limits = { maxNodes: number; deadline: number; timeMs: number; isCancelled?: () => boolean };

/**
 * The depth-first searches over the path-matching spec of one rule, with the deduction's
 * propagator following them (pathFilter.ts); they share their dead states (a dead state is dead
 * whatever the branch order). Each returns paths (cells), false when the family is empty, null
 * when the budget ran out.
 */
class RuleSearch {
  readonly spec: NumberlinkSpec;
  readonly sweep: Sweep;
  private readonly order: Int32Array;
  private readonly filter: PropagatingFilter;
  private readonly memo = new DeadStates();

  constructor(
    private readonly inst: NumberlinkInstance, private readonly rule: NumberlinkRule, private readonly d: Deduction,
    private readonly poll: () => void, sweep?: Sweep,
  ) {
    const fixed = d.fixed.slice();
    this.sweep = sweep ?? chooseSweep(inst.rows, inst.cols, inst.cells, fixed, inst.graph.edges, poll);
    const plan = planFrontier(inst.graph, sweepOrder(inst.rows, inst.cols, this.sweep), poll);
    this.order = plan.order;
    this.spec = new NumberlinkSpec({
      cellCount: inst.rows * inst.cols, endpointKey: inst.endpointKey, labelCount: inst.labelCount, plan, rule, fixed, edgeEnds: inst.graph.edges,
    });
    this.filter = new PropagatingFilter(this.spec, d.propagator, plan.order);
  }

  first(limits: Limits, prefer: (level: number) => 0 | 1): number[][] | false | null {
    return this.paths(searchSet(this.spec, limits, prefer, this.memo, this.filter));
  }

  /**
   * The search restarted with other branch orders (all 0 first, all 1 first, at random), then
   * along other sweeps, with growing budgets, each sweep keeping its dead states: which sweep meets a draft's
   * contradiction or its easy solution early varies (a 15x15 Nikoli draft: no solution after
   * 20,000 dead states along the chosen sweep, one at once from the top row). `between` runs
   * after each restart that finds nothing (given the ms it took); when it returns paths, the
   * restarts stop (null).
   */
  withRestarts(limits: (maxNodes: number) => Limits, total: number, between?: (restartMs: number) => number[][] | null): number[][] | false | null {
    const sweeps: RuleSearch[] = [this];
    const rand = seededRandom(1);
    let budget = 500, spent = 0;
    try {
      for (let round = 0; spent < total; round++) {
        // Each sweep gets its three branch orders in turn (on a small budget, as the Nikoli rule's,
        // only the chosen sweep is searched), then the next sweep.
        const k = Math.floor(round / 3) % RESTART_SWEEPS;
        if (k === sweeps.length) {
          const next = otherSweeps(this.inst, this.sweep)[k - 1];
          sweeps.push(next === undefined ? this : new RuleSearch(this.inst, this.rule, this.d, this.poll, next));
        }
        const s = sweeps[k];
        const mode = round % 3;
        const prefer = new Uint8Array(s.spec.levels + 1);
        for (let i = 0; i < prefer.length; i++) prefer[i] = mode === 0 ? 0 : mode === 1 ? 1 : rand() < 0.5 ? 1 : 0;
        const before = s.memo.count, t0 = Date.now();
        const r = s.paths(searchSet(s.spec, limits(Math.min(budget, total - spent)), (l) => prefer[l] as 0 | 1, s.memo, s.filter));
        spent += s.memo.count - before + 1;
        if (r !== null) return r;
        if (between?.(Date.now() - t0) != null) return null;
        budget = Math.ceil(budget * 1.3);
      }
      return null;
    } finally {
      for (const s of sweeps) if (s !== this) s.detach();
    }
  }

  /**
   * A solution that differs from `x` (zdd/specs/differs.ts), x's edges tried first, so that it
   * looks near x; false when x is the only one (x must be a solution of this rule).
   */
  differing(x: number[][], limits: Limits): number[][] | false | null {
    const inst = this.inst, spec = this.spec;
    const inX = new Uint8Array(inst.graph.edges.length >> 1);
    const edgeOf = edgeIndex(inst);
    for (const p of x) for (let i = 0; i + 1 < p.length; i++) inX[edgeOf(p[i], p[i + 1])] = 1;
    const levels: number[] = [];
    for (let level = 1; level <= spec.levels; level++) if (inX[this.order[spec.stepOfLevel[level]]]) levels.push(level);
    const differs = new DiffersSpec(spec, spec.levels, levels);
    return this.paths(searchSet(differs, limits, differs.preferX, undefined, this.filter));
  }

  detach(): void {
    this.filter.detach();
  }

  private paths(found: number[] | false | null): number[][] | false | null {
    if (found === false || found === null) return found;
    const edges = this.spec.decode(found);
    return edges === null ? null : edgesToPaths(this.inst, edges);
  }
}

/**
 * Under plain fill: a solution under fill notouch (one of plain fill's), by the depth-first search
 * over that rule's spec, or null (none found; that proves nothing under fill). On a draft its
 * deduction fails at once; near completion (Ahle's 50x50: 50,000 to 150,000 dead states, 5 to 15 s)
 * it is the way to a first solution, so it gets a share of the time rather than a node budget.
 * With a second thread, the count under fill notouch from the other end of the sweep races it
 * (countRace.ts): its first solution serves as well, and one end is often far faster (Ahle 002
 * 23 s against 166 s).
 */
function notouchFirst(inst: NumberlinkInstance, control: RunControl & { deadline: number }, poll: () => void, helper?: HelperThread): number[][] | null {
  const rule: NumberlinkRule = { fill: true, notouch: true };
  const d = deduceForWitnesses(inst, rule, control);
  if (d.contradiction) return null;
  const search = new RuleSearch(inst, rule, d, poll);
  const now = Date.now();
  const deadline = now + (helper ? NOTOUCH_SHARE_RACED : NOTOUCH_SHARE) * Math.max(0, control.deadline - now);
  const other = helper === undefined ? undefined
    : new LateHelper(helper, now + HELPER_AFTER_MS, () => countJob(inst, rule, deadline, halfBytes(control.limits), false));
  // Their first solution, once there (`start`: start the count when its time has come).
  const theirFirst = (start: boolean): number[][] | null => {
    const a = (start ? other?.poll() : other?.peek()) as CountHelperAnswer | undefined;
    const edges = a !== undefined && 'counted' in a ? a.counted.first : null;
    return edges === null ? null : edgesToPaths(inst, edges);
  };
  try {
    const found = search.first({
      maxNodes: control.limits?.maxNodes ?? Infinity, deadline, timeMs: control.limits?.timeMs ?? 0,
      isCancelled: () => control.isCancelled?.() === true || theirFirst(true) !== null,
    }, () => 1);
    return found === false ? null : found;
  } catch (e) {
    if (!(e instanceof StopError) || control.isCancelled?.() === true) throw e;
    const quick = theirFirst(false);
    if (quick !== null) return quick;
    // Its own share of the time ran out: the other searches get the rest.
    if (e.stopped.limit === 'time' && Date.now() <= control.deadline) return null;
    throw e;
  } finally {
    search.detach();
    other?.stop();
  }
}

/** The share of the time left that the windows around a first solution under fill may take (windows.ts). */
const WINDOW_SHARE = 0.5;

/**
 * The share of the time left that the notouch search may take (see notouchFirst); raced with the
 * second thread's count, more (Ahle's 006_50x50 under plain fill: the other end counts in about
 * 40 s, so `multiple` within the 60 s default needs three quarters).
 */
const NOTOUCH_SHARE = 0.5;
const NOTOUCH_SHARE_RACED = 0.75;

/** The graph edge between two neighbouring cells. */
function edgeIndex(inst: NumberlinkInstance): (a: number, b: number) => number {
  return (a, b) => {
    for (let i = inst.adjStart[a]; i < inst.adjStart[a + 1]; i++) {
      const e = inst.adjEdge[i];
      if (inst.graph.edges[2 * e] === b || inst.graph.edges[2 * e + 1] === b) return e;
    }
    return -1;
  };
}

function samePaths(a: number[][], b: number[][]): boolean {
  return a.length === b.length && a.every((p, i) => p.length === b[i].length && p.every((v, j) => v === b[i][j]));
}
