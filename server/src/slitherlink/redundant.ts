/**
 * Redundant hints of a unique Slitherlink puzzle P: every hint whose removal alone keeps the
 * solution unique.
 *
 * Hint h (value k) is necessary iff some loop other than the solution meets every hint but h;
 * such a loop breaks h (the solution is the only loop meeting all of them). So h is necessary iff
 * P[h != k] has a loop: P with h's hint replaced by "any count but k" (deduce's NOT_HINT), whose
 * loops are exactly the loops of P \ h other than the solution. The work, cheapest first:
 * 1. Witnesses near the solution: one-cell flips (`flipWitnesses`). A loop found is a real loop
 *    of P \ h, so h is necessary. (Window witnesses, small ZDDs with every edge outside a window
 *    fixed as in the solution, are an option: the searches below settle those hints for less.)
 * 2. The rest, U, by a tree of deductions (`HintTree`), in two passes (see `HintTree.run`: the
 *    first settles most hints in place, the second probes for the few left). A node is a set M
 *    of untested hints (the
 *    root is U; a node's two children split its cells in space) and carries a deduction sound for
 *    P \ M: the root's is deduced from scratch, a child's continues from its parent's state with
 *    the other child's hints put back (`refine`), which costs what the returned hints touch, not
 *    a full-grid deduction. Soundness: every loop of P \ h or of P[h != k] (h in M) is a loop of
 *    P \ M, so whatever holds in every loop of P \ M holds in all of those; and h is absent from
 *    every deduction on the way from the root to h, so nothing derived from h is used when
 *    testing h. At a node:
 *    - every edge fixed: P \ M has no loop but the solution, so every hint of M is redundant
 *      (whole subtrees end here);
 *    - a few hints (`leafGroup`): each hint h of M is tested alone from the node's state:
 *      first in place (branch.ts: M's other hints put back and h made NOT_HINT on the node's
 *      own state, propagated, then a depth-first search with propagation, the solution's values
 *      first, the edges nearest h first, all undone afterwards): a loop found makes h necessary,
 *      an exhausted search (usually a contradiction at once) redundant. Most hints end here, at
 *      the cost of a local propagation, with no copy of the state. The few left go to the second
 *      pass, whose nodes are probed: tested in place again (a larger budget, on the stronger
 *      state), then deduced as P[h != k] (one probing round, re-probing only where h and M's
 *      other hints changed something; then full deduction: a contradiction makes h redundant),
 *      each followed by that search with a larger budget (after the round, also with the
 *      connectivity rule at every step) and by a depth-first search over the cycle spec
 *      (`searchExists`, whose dead states prove emptiness where the propagation search would
 *      enumerate), then witness windows, then both searches with budgets growing to the limits
 *      (StopError: the caller reports `redundantStopped`);
 *    - optionally (`groupOpen`), few edges open: one ZDD in broken-mark mode holds the loops
 *      that agree with the deduction, meet every hint outside M and break exactly one hint of M
 *      (`mustBreak`); h in M is necessary iff its break event lies on an accepting path;
 *    - otherwise split.
 *    The first pass's node deductions are kept cheap: propagation, plus only the probes that fixed
 *    something when P itself was deduced (used as a probing order, never as facts: those facts
 *    may rest on the hints under test); the second pass's add one probing round. Every node deduction is checked against the solution (when given): one
 *    that contradicts it would be a deduction bug, and the node is then deduced from scratch, or
 *    not at all.
 * Only for puzzles with exactly one loop (the witnesses rely on it).
 */
import { Grid } from '../model/grid';
import { deadlineOf, StopError, type RunControl } from '../zdd/control';
import { findLiveEvents } from '../zdd/build';
import { deduce, NOT_HINT, refine, release, type DeduceOptions, type Deduction } from './deduce';
import { searchSet } from '../zdd/search';
import { branchSearch } from './branch';
import { gridEdgeOrder, SlitherlinkSpec } from './spec';
import { NECESSARY, REDUNDANT, type RedundancyMemo } from './redundancyMemo';

const WINDOW_NODES = 100_000;
const HARD_NODES = 500_000;

export interface PuzzleHints {
  rows: number;
  cols: number;
  hints: Int8Array;
}

export interface RedundancyOptions {
  /** Node budget of a group's ZDD before the group is split (default 10,000). */
  groupNodes?: number;
  /** A group's ZDD is tried when its deduction leaves at most this many edges open (default 0: never). */
  groupOpen?: number;
  /** Window witnesses: block side and margin around it (default 2); 0 (the default) disables. */
  window?: number;
  /** Nodes of at most this many hints test each of them from the node's state (default 4). */
  leafGroup?: number;
  /**
   * The probing order of P's own deduction (what `deduce(P, { record })` recorded), when the
   * caller has deduced P already; else P is deduced here for it.
   */
  schedule?: readonly number[];
  margin?: number;
  /**
   * Test only these hint cells (the others are taken as they are, never reported); default every
   * hint. One hint at a time is how "Remove all redundant hints" asks about a shrinking puzzle.
   */
  candidates?: readonly number[];
  /**
   * Facts proved by earlier searches on puzzles of this grid (loops, unique hint sets), used and
   * extended here: a hint a kept fact settles is not searched (redundancyMemo.ts).
   */
  memo?: RedundancyMemo;
}

/**
 * Cells (index r * cols + c) whose hint is redundant, ascending. `sub` gives the limits and
 * cancellation of each step (the caller's shared deadline). Throws StopError.
 */
export function findRedundantHints(
  puzzle: PuzzleHints,
  solution: ArrayLike<number> | null,
  sub: () => RunControl | undefined,
  options: RedundancyOptions = {},
): number[] {
  const grid = new Grid(puzzle.rows, puzzle.cols);
  const necessary = solution ? flipWitnesses(puzzle, grid, solution) : new Uint8Array(grid.cellCount);
  if (options.candidates) {
    // Hints left out are marked as settled: no witness search or tree node tests them.
    const asked = new Uint8Array(grid.cellCount);
    for (const x of options.candidates) asked[x] = 1;
    for (let cell = 0; cell < grid.cellCount; cell++) if (!asked[cell]) necessary[cell] = 1;
  }
  let on: Uint8Array | null = null;
  if (solution) {
    on = new Uint8Array(grid.edgeCount);
    for (let i = 0; i < solution.length; i++) on[solution[i]] = 1;
    windowWitnesses(puzzle, grid, solution, necessary, sub, options.window ?? 0, options.margin ?? 2);
  }
  const memo = on && options.memo?.fits(puzzle.rows, puzzle.cols) ? options.memo : undefined;
  const known = memo ? memo.settle(puzzle.hints, on!, options.candidates?.length === 1 ? options.candidates[0] : -1) : null;
  const untested: number[] = [];
  for (let cell = 0; cell < grid.cellCount; cell++) {
    if (puzzle.hints[cell] < 0 || necessary[cell]) continue;
    if (known?.[cell] === NECESSARY) necessary[cell] = 1;
    else if (known?.[cell] !== REDUNDANT) untested.push(cell);
  }
  if (untested.length > 0) new HintTree(puzzle, grid, on, necessary, sub, { ...options, memo }).run(untested);
  const redundant: number[] = [];
  for (let cell = 0; cell < grid.cellCount; cell++) if (puzzle.hints[cell] >= 0 && !necessary[cell]) redundant.push(cell);
  return redundant;
}

/** Search budgets (dead states) of a single hint's steps. */
const LEAF_SEARCH = [3_000];
/** Budgets (assumptions) of the propagation search: in place (each pass), then after each deduction step. */
const BRANCH_IN_PLACE = [100, 500];
const BRANCH_ONE = 2_000;
const BRANCH_FULL = 20_000;

/** The tree of deductions of step 2 (see the module comment). */
class HintTree {
  private readonly E: number;
  private readonly groupNodes: number;
  private readonly groupOpen: number;
  private readonly leafGroup: number;
  private readonly deadline: number;
  private readonly timeMs: number;
  private readonly maxNodes: number;
  private readonly isCancelled: (() => boolean) | undefined;
  /** Edges whose probes fixed something when P was deduced, in order: a probing order only. */
  private readonly schedule: readonly number[];
  private readonly memo: RedundancyMemo | undefined;
  private done = 0;
  private total = 0;
  /** 0: the first pass (in place only; the hints it leaves go to `hard`); 1: the second, over `hard`. */
  private pass: 0 | 1 = 0;
  private readonly hard: number[] = [];

  constructor(
    private readonly puzzle: PuzzleHints,
    private readonly grid: Grid,
    /** The solution's edges (1 = on), when known. */
    private readonly on: Uint8Array | null,
    private readonly necessary: Uint8Array,
    private readonly sub: () => RunControl | undefined,
    options: RedundancyOptions,
  ) {
    this.E = grid.edgeCount;
    this.groupNodes = options.groupNodes ?? 10_000;
    this.groupOpen = options.groupOpen ?? 0;
    this.leafGroup = Math.max(1, options.leafGroup ?? 4);
    const control = sub();
    this.timeMs = control?.limits?.timeMs ?? Infinity;
    this.deadline = deadlineOf(control, Date.now(), this.timeMs);
    this.maxNodes = control?.limits?.maxNodes ?? Infinity;
    this.isCancelled = control?.isCancelled;
    this.memo = options.memo;
    // Only an order: what P implies is not used (it may rest on the hints under test).
    let schedule = options.schedule;
    if (schedule === undefined) {
      const record: number[] = [];
      deduce(puzzle, { record, isCancelled: this.isCancelled, deadline: this.deadline });
      schedule = record;
    }
    this.schedule = schedule;
  }

  /**
   * Two passes. The first tests every hint in place on cheap node states (propagation and P's
   * productive probes) and leaves the few hard ones. The second is a tree over those alone
   * whose nodes add a probing round and keep each probe's region: a child, and each hint's own
   * round, re-probe only where the hints they put back changed something (refine's inherited
   * regions). Before, each hard hint cost a whole-grid probing round from a state probed by
   * schedule only: most of the time on the largest puzzles.
   */
  run(untested: number[]): void {
    this.total = untested.length;
    const root = this.deduceNode(untested, null);
    this.visit(untested, root);
    if (this.hard.length === 0) return;
    this.pass = 1;
    const hard = this.hard.splice(0);
    // Continued from the first root (sound for P minus every untested hint, so for P \ hard):
    // with one candidate (the fix-all pass asks one hint at a time) that is the same puzzle.
    const second = this.deduceNode(hard, root);
    this.visit(hard, second);
    // Node states are handed back once their subtree is done: later copies reuse their memory.
    if (root) release(root);
    if (second) release(second);
  }

  /** Throws StopError when cancelled or out of time. */
  private checkStop(): void {
    const progress = this.total ? this.done / this.total : 0;
    const where = `${this.done} of ${this.total} hints tested`;
    if (this.isCancelled?.()) {
      throw new StopError({ limit: 'cancelled', message: `undecided: cancelled after ${where}`, nodes: 0, progress });
    }
    if (Date.now() > this.deadline) {
      throw new StopError({ limit: 'time', message: `undecided: stopped by the time limit (${this.timeMs} ms) after ${where}`, nodes: 0, progress });
    }
  }

  private without(cells: readonly number[]): Int8Array {
    const h = Int8Array.from(this.puzzle.hints);
    for (const x of cells) h[x] = -1;
    return h;
  }

  /** Whether deduction `d` is usable: no contradiction, and (when the solution is known) it agrees with it. */
  private sound(d: Deduction): boolean {
    if (d.contradiction) return false;
    const on = this.on;
    if (on) for (let e = 0; e < this.E; e++) if (d.edges[e] >= 0 && d.edges[e] !== on[e]) return false;
    return true;
  }

  /**
   * A deduction sound for P \ M: continued from `base` (sound for P \ B with B containing M)
   * when given, else from scratch; null (no deduction) if neither agrees with the solution.
   * Propagation and P's productive probes; in the second pass a probing round too.
   */
  private deduceNode(M: readonly number[], base: Deduction | null): Deduction | null {
    this.checkStop();
    const p = { rows: this.puzzle.rows, cols: this.puzzle.cols, hints: this.without(M) };
    const opts: DeduceOptions = {
      keepState: true, maxRounds: 1, schedule: this.schedule, isCancelled: this.isCancelled, deadline: this.deadline,
      ...(this.pass === 0 ? { scheduleOnly: true, connectivity: false } : {}),
    };
    if (base) {
      const d = refine(p, base, opts);
      if (this.sound(d)) return d;
    }
    this.checkStop();
    const d = deduce(p, opts);
    return this.sound(d) ? d : null;
  }

  private visit(M: number[], d: Deduction | null): void {
    this.checkStop();
    if (d && d.fixed === this.E) {
      // P \ M has no loop but the solution: every hint of M is redundant.
      this.memo?.addUnique(this.without(M));
      this.done += M.length;
      return;
    }
    // The second pass's leaves are larger: its nodes cost a probing round each (8x: fewest
    // propagation steps on the 50x50 Hard and on puzzlekit among 1x, 2x, 4x, 8x).
    if (M.length <= this.leafGroup * (this.pass ? 8 : 1)) {
      for (const h of M) this.leaf(h, d, M);
      return;
    }
    const open = d ? this.E - d.fixed : this.E;
    if (open <= this.groupOpen) {
      const live = this.groupTest(M, d);
      if (live) {
        for (const h of M) if (live.has(h)) this.necessary[h] = 1;
        this.done += M.length;
        return;
      }
    }
    for (const half of this.split(M)) {
      // A single hint is tested from this node's state: its own P \ h state would be one more copy.
      if (half.length === 1) this.leaf(half[0]!, d, M);
      else {
        const child = this.deduceNode(half, d);
        this.visit(half, child);
        if (child) release(child);
      }
    }
  }

  /** M cut in two across the longer side of its bounding box. */
  private split(M: number[]): [number[], number[]] {
    const cols = this.grid.cols, rows = this.grid.rows;
    let r0 = Infinity, r1 = -1, c0 = Infinity, c1 = -1;
    for (const x of M) {
      const r = Math.floor(x / cols), c = x % cols;
      if (r < r0) r0 = r;
      if (r > r1) r1 = r;
      if (c < c0) c0 = c;
      if (c > c1) c1 = c;
    }
    const byRow = r1 - r0 >= c1 - c0;
    const key = (x: number): number => (byRow ? x : (x % cols) * rows + Math.floor(x / cols));
    const sorted = [...M].sort((a, b) => key(a) - key(b));
    const half = sorted.length >> 1;
    return [sorted.slice(0, half), sorted.slice(half)];
  }

  /**
   * The hints of M that some loop breaks while meeting every other hint and agreeing with `d`
   * (sound for P \ M); null when the ZDD outgrows the group budget. Throws StopError on time or
   * cancellation.
   */
  private groupTest(M: readonly number[], d: Deduction | null): Set<number> | null {
    return liveBreaks(this.grid, this.puzzle.hints, M, d?.edges, this.sub(), this.groupNodes);
  }

  /** The spec's edge order (grid sweep, `gridEdgeOrder`) forwards and backwards. */
  private orders: [Int32Array, Int32Array] | null = null;

  /**
   * The two sweep directions, the one that reaches h first (from its end of the grid) first.
   * A depth-first search fixes what comes first in the order before anything after it, and undoes
   * the latest choices first: it finds a loop that breaks h soonest when the loop's differences
   * from the solution come after h, which is likelier in the direction that meets h first.
   */
  private ordersFor(h: number): Int32Array[] {
    if (!this.orders) {
      const fwd = Int32Array.from(gridEdgeOrder(this.grid));
      this.orders = [fwd, fwd.slice().reverse()];
    }
    const [fwd, rev] = this.orders;
    const top = this.grid.horizontalEdge(Math.floor(h / this.grid.cols), h % this.grid.cols);
    return fwd.indexOf(top) * 2 < fwd.length ? [fwd, rev] : [rev, fwd];
  }

  /** The spec of P[h != k] (h breakable, must break) with `fixed`, in `order`. */
  private breakSpec(h: number, fixed: Int8Array | undefined, order: Int32Array): SlitherlinkSpec {
    const breakable = new Uint8Array(this.grid.cellCount);
    breakable[h] = 1;
    return new SlitherlinkSpec(this.grid, this.puzzle.hints, { fixed, breakable, mustBreak: true, order });
  }

  /**
   * Whether some loop breaks hint h while meeting every other hint and agreeing with `fixed`
   * (sound for P[h != k]), searched depth first in each sweep direction with each budget in
   * turn; null when every search outgrew its budget.
   */
  private breaks(h: number, fixed: Int8Array | undefined, budgets: readonly number[]): boolean | null {
    // Specs are built when first searched: most hints are settled in the first direction.
    const orders = this.ordersFor(h);
    const specs: (SlitherlinkSpec | null)[] = [null, null];
    for (const budget of budgets) {
      for (let d = 0; d < orders.length; d++) {
        const spec = specs[d] ??= this.breakSpec(h, fixed, orders[d]);
        const r = this.search(spec, budget);
        if (r !== null) return r;
      }
    }
    return null;
  }

  /**
   * Whether `spec` accepts a loop, searched depth first (the solution's edges first: a loop
   * that breaks h usually differs from it only in part); null past `budget` dead states. A budget
   * at or above the node limit throws StopError('nodes') instead.
   */
  private search(spec: SlitherlinkSpec, budget: number): boolean | null {
    const on = this.on;
    const prefer = on ? (level: number): 0 | 1 => on[spec.openEdges[spec.levels - level]!] as 0 | 1 : undefined;
    const limit = Math.min(budget, this.maxNodes);
    const found = searchSet(spec, { maxNodes: limit, deadline: this.deadline, timeMs: this.timeMs, isCancelled: this.isCancelled }, prefer);
    const r = found === null ? null : found !== false;
    if (found && this.memo) {
      // The loop found is a fact for later searches.
      const loop = new Uint8Array(this.E);
      for (const e of spec.edgesOf(found)) loop[e] = 1;
      this.memo.addLoop(loop);
    }
    if (r === null && budget >= this.maxNodes) {
      throw new StopError({
        limit: 'nodes',
        message: `undecided: stopped after ${limit} nodes (node limit ${this.maxNodes}), ${this.done} of ${this.total} hints tested`,
        nodes: limit,
        progress: this.total ? this.done / this.total : 0,
      });
    }
    return r;
  }

  /**
   * branchSearch for a loop of P[h != k] from `state` (sound for it once `hints` are applied):
   * whether one exists, null past `maxNodes` assumptions.
   */
  private branch(h: number, state: Deduction, maxNodes: number, hints?: [number, number][], connectivity = false): boolean | null {
    const r = branchSearch(state, {
      focus: h, prefer: this.on ?? undefined, maxNodes: Math.min(maxNodes, this.maxNodes), hints, connectivity,
      deadline: this.deadline, timeMs: this.timeMs, isCancelled: this.isCancelled,
    });
    if (r.loop) this.memo?.addLoop(r.loop);
    return r.loop === null ? null : r.loop !== false;
  }

  /**
   * Whether hint h is necessary, given `d`: sound for P \ M with h in M (or null). Every step
   * works on P[h != k], whose loops are the loops of P \ h that break h.
   */
  private leaf(h: number, d: Deduction | null, M: readonly number[]): void {
    const necessary = this.test(h, d, M);
    // Left to the second pass.
    if (necessary === null) { this.hard.push(h); return; }
    this.done++;
    if (necessary) this.necessary[h] = 1;
    // P[h != k] has no loop: P \ h has only the solution.
    else this.memo?.addUnique(this.without([h]));
  }

  /** Whether h is necessary; null when the first pass leaves it to the second. */
  private test(h: number, d: Deduction | null, M: readonly number[]): boolean | null {
    const k = this.puzzle.hints[h]!;
    if (d) {
      // In place on the node's state: M's other hints back, h's count anything but k.
      const changes: [number, number][] = [[h, NOT_HINT + k]];
      for (const x of M) if (x !== h) changes.push([x, this.puzzle.hints[x]!]);
      const b = this.branch(h, d, BRANCH_IN_PLACE[this.pass]!, changes);
      if (b !== null) return b;
    }
    if (this.pass === 0) return null;
    // The states deduced here are handed back when h is settled (their memory is reused).
    const made: Deduction[] = [];
    try {
      return this.testDeduced(h, d, made);
    } finally {
      for (const x of made) release(x);
    }
  }

  /** The second pass's steps for h after the in-place search: deductions of P[h != k] and searches from them. */
  private testDeduced(h: number, d: Deduction | null, made: Deduction[]): boolean | null {
    const k = this.puzzle.hints[h]!;
    const hints = Int8Array.from(this.puzzle.hints);
    hints[h] = NOT_HINT + k;
    const p = { rows: this.puzzle.rows, cols: this.puzzle.cols, hints };
    const step = (base: Deduction | null, opts: DeduceOptions): Deduction => {
      this.checkStop();
      const all: DeduceOptions = { keepState: true, isCancelled: this.isCancelled, deadline: this.deadline, schedule: this.schedule, ...opts };
      // P[h != k] has every hint of P \ M: d's state is a sound start.
      const r = base ? refine(p, base, all) : deduce(p, all);
      made.push(r);
      return r;
    };
    // Each deduction step, then the propagation search and the spec's search from its result.
    const settle = (state: Deduction, branchNodes: number, budgets: readonly number[]): boolean | null =>
      this.branch(h, state, branchNodes) ?? this.breaks(h, state.edges, budgets);
    // One probing round (P's productive probes first; from the node's state, re-probing only
    // where h and M's other hints changed something).
    const one = step(d, { maxRounds: 1 });
    if (one.contradiction) return false;
    // The searches: the plain one, then the spec's with a small budget (it settles most of what
    // the plain one leaves, in a few ms), then the one with the connectivity rule at every
    // assumption (O(cells) each: it prunes what the others enumerate, but its 2,000 assumptions
    // cost 100-300 ms on a 30x40, where most of that puzzle's time went).
    let found = this.branch(h, one, BRANCH_ONE) ?? this.breaks(h, one.edges, LEAF_SEARCH) ?? this.branch(h, one, BRANCH_ONE, undefined, true);
    if (found !== null) return found;
    // Full deduction.
    const full = step(one, {});
    if (full.contradiction) return false;
    // Between the plain search and the spec's: the search with the connectivity rule at every
    // assumption (O(cells) each, but it prunes what the other two enumerate).
    found = this.branch(h, full, BRANCH_FULL) ?? this.branch(h, full, BRANCH_FULL, undefined, true) ?? this.breaks(h, full.edges, [HARD_NODES]);
    if (found !== null) return found;
    // Witnesses in growing windows around h.
    if (this.on) {
      const r = Math.floor(h / this.grid.cols), c = h % this.grid.cols;
      for (const radius of [3, 6, 10, 15]) {
        this.checkStop();
        const w = windowTest(this.puzzle, this.grid, this.on, [h], r - radius, r + radius + 1, c - radius, c + radius + 1, this.sub(), HARD_NODES, full.edges);
        if (w && w.length > 0) return true;
      }
    }
    // Last: both searches with budgets growing to the node limit (which throws StopError).
    for (let b = 4 * HARD_NODES; ; b *= 4) {
      if (b >= this.maxNodes) return this.breaks(h, full.edges, [Infinity])!;
      found = settle(full, b, [b]);
      if (found !== null) return found;
    }
  }
}

/**
 * Hints proved necessary by a one-cell flip of the solution: toggling the four sides of a cell c
 * whose loop sides form one run of 1 to 3 consecutive sides replaces that run by the other sides;
 * the result is again one simple loop when the corners inside the new run were off the loop. It
 * changes the count of c (k -> 4 - k) and of each side neighbour (by one); if exactly one hinted
 * cell's count changes, that hint is necessary (the new loop meets every other hint).
 */
export function flipWitnesses(puzzle: PuzzleHints, grid: Grid, solution: ArrayLike<number>): Uint8Array {
  const { rows, cols, hints } = puzzle;
  const necessary = new Uint8Array(grid.cellCount);
  const on = new Uint8Array(grid.edgeCount);
  for (let i = 0; i < solution.length; i++) on[solution[i]] = 1;
  const W = cols + 1;
  const deg = new Uint8Array((rows + 1) * W);
  for (let e = 0; e < grid.edgeCount; e++) {
    if (!on[e]) continue;
    const [r1, c1, r2, c2] = grid.edgeEnds(e);
    deg[r1 * W + c1]++;
    deg[r2 * W + c2]++;
  }
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      // sides in cyclic order top, right, bottom, left; corner i is between side i-1 and side i
      const sides = [grid.horizontalEdge(r, c), grid.verticalEdge(r, c + 1), grid.horizontalEdge(r + 1, c), grid.verticalEdge(r, c)];
      const corners = [r * W + c, r * W + c + 1, (r + 1) * W + c + 1, (r + 1) * W + c];
      let mask = 0;
      for (let i = 0; i < 4; i++) if (on[sides[i]]) mask |= 1 << i;
      const k = popcount4(mask);
      if (k === 0 || k === 4) continue;
      // one run of consecutive on-sides (cyclically)
      let starts = 0;
      for (let i = 0; i < 4; i++) if ((mask >> i) & 1 && !((mask >> ((i + 3) & 3)) & 1)) starts++;
      if (starts !== 1) continue;
      // corners strictly inside the off-run must be off the loop (they gain two edges)
      let ok = true;
      for (let i = 0; i < 4 && ok; i++) {
        const before = (mask >> ((i + 3) & 3)) & 1, after = (mask >> i) & 1;
        if (!before && !after && deg[corners[i]] !== 0) ok = false;
      }
      if (!ok) continue;
      // hinted cells whose count changes
      let changed = -1, n = 0;
      const self = grid.cell(r, c);
      if (hints[self] >= 0 && hints[self] !== 4 - k) { changed = self; n++; }
      if (r > 0 && hints[self - cols] >= 0) { changed = self - cols; n++; }
      if (r < rows - 1 && hints[self + cols] >= 0) { changed = self + cols; n++; }
      if (c > 0 && hints[self - 1] >= 0) { changed = self - 1; n++; }
      if (c < cols - 1 && hints[self + 1] >= 0) { changed = self + 1; n++; }
      if (n === 1) necessary[changed] = 1;
    }
  return necessary;
}

function popcount4(m: number): number {
  return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);
}


/**
 * Hints proved necessary by loops that differ from the solution only near them: for each block
 * of untested hints, every edge outside the block's cells grown by `margin` is fixed as in the
 * solution and a broken-mark ZDD over the few open edges finds loops that break one hint of the
 * block and meet all others. Any such loop is a real loop of P \ h, so h is necessary; finding
 * none proves nothing (the other loop may differ farther away).
 */
export function windowWitnesses(
  puzzle: PuzzleHints, grid: Grid, solution: ArrayLike<number>, necessary: Uint8Array,
  sub: () => RunControl | undefined, k: number, margin: number,
): void {
  if (k <= 0) return;
  const { rows, cols, hints } = puzzle;
  const on = new Uint8Array(grid.edgeCount);
  for (let i = 0; i < solution.length; i++) on[solution[i]] = 1;
  for (let r0 = 0; r0 < rows; r0 += k)
    for (let c0 = 0; c0 < cols; c0 += k) {
      const g: number[] = [];
      for (let r = r0; r < Math.min(rows, r0 + k); r++)
        for (let c = c0; c < Math.min(cols, c0 + k); c++) {
          const cell = grid.cell(r, c);
          if (hints[cell] >= 0 && !necessary[cell]) g.push(cell);
        }
      if (g.length === 0) continue;
      const found = windowTest(puzzle, grid, on, g, r0 - margin, r0 + k + margin, c0 - margin, c0 + k + margin, sub(), WINDOW_NODES);
      if (found) for (const h of found) necessary[h] = 1;
    }
}

/**
 * The hints of `g` that some loop breaks (meeting all other hints) while agreeing with the
 * solution `on` outside the cells [r0, r1) x [c0, c1) and with `known` (edges every loop of the
 * relaxed puzzle has, if given) everywhere; null when the ZDD outgrows `maxNodes`.
 */
function windowTest(
  puzzle: PuzzleHints, grid: Grid, on: Uint8Array, g: number[],
  r0: number, r1: number, c0: number, c1: number, control: RunControl | undefined, maxNodes: number,
  known?: Int8Array,
): number[] | null {
  const fixed = Int8Array.from(on);
  for (let r = Math.max(0, r0); r < Math.min(grid.rows, r1); r++)
    for (let c = Math.max(0, c0); c < Math.min(grid.cols, c1); c++)
      for (const e of grid.cellEdges(r, c)) fixed[e] = -1;
  if (known) for (let e = 0; e < grid.edgeCount; e++) if (known[e] >= 0) fixed[e] = known[e];
  const live = liveBreaks(grid, puzzle.hints, g, fixed, control, maxNodes);
  return live === null ? null : g.filter((h) => live.has(h));
}

/**
 * The hints of `M` that some loop breaks while meeting every other hint and agreeing with
 * `fixed`, from the events of a ZDD whose loops must break one of them; null when it outgrows
 * `maxNodes` (capped by the caller's node limit). Throws StopError on time or cancellation.
 */
function liveBreaks(
  grid: Grid, hints: Int8Array, M: readonly number[], fixed: Int8Array | undefined,
  control: RunControl | undefined, maxNodes: number,
): Set<number> | null {
  const breakable = new Uint8Array(grid.cellCount);
  for (const h of M) breakable[h] = 1;
  const spec = new SlitherlinkSpec(grid, hints, { fixed, breakable, mustBreak: true });
  try {
    const limit = Math.min(maxNodes, control?.limits?.maxNodes ?? Infinity);
    const r = findLiveEvents(spec, { ...control, limits: { ...control?.limits, maxNodes: limit } });
    if (spec.brokenAtRoot >= 0 && !r.empty) r.live.add(spec.brokenAtRoot);
    return r.live;
  } catch (e) {
    if (!(e instanceof StopError) || e.stopped.limit !== 'nodes') throw e;
    return null;
  }
}
