/**
 * Redundant hints of a unique Slitherlink puzzle P: every hint whose removal alone keeps the
 * solution unique.
 *
 * Hint h is necessary iff some loop other than the solution meets every hint but h; such a loop
 * breaks h (the solution is the only loop meeting all of them). The work, cheapest first:
 * 1. Witnesses near the solution: one-cell flips (`flipWitnesses`) and small ZDDs with every edge
 *    outside a window fixed as in the solution (`windowWitnesses`). A loop found is a real loop of
 *    P \ h, so h is necessary; most necessary hints go here.
 * 2. The rest (mostly redundant hints) one by one, or in groups when deduction is weak on P:
 *    deduction runs on P \ G (never on P: what it derives may rest on the hint under test; what
 *    P \ G implies holds for every P \ h with h in G), then one ZDD in broken-mark mode holds the
 *    loops meeting every hint outside G and all but at most one in G, raising an event where a
 *    hint of G breaks; h in G is necessary iff its event lies on an accepting path. For a redundant
 *    hint deduction usually fixes every edge and the ZDD is a single path. A group whose ZDD grows
 *    too large is split; a single hint that still does gets witness windows growing around it
 *    (with the edges deduction fixes for P \ h), then is decided by its other values
 *    (`isRedundantByValues`), which may hit the limits (StopError: the caller reports
 *    `redundantStopped`).
 * Only for puzzles with exactly one loop (the witnesses rely on it).
 */
import { Grid } from '../model/grid';
import { StopError, type RunControl } from '../zdd/control';
import { buildZdd, liveEvents } from '../zdd/build';
import { deduce } from './deduce';
import { SlitherlinkSpec } from './spec';

const WINDOW_NODES = 100_000;
const HARD_WINDOW_NODES = 500_000;

export interface PuzzleHints {
  rows: number;
  cols: number;
  hints: Int8Array;
}

export interface RedundancyOptions {
  /**
   * Side of the square blocks of cells whose hints are tested together in step 2 (default 1:
   * one by one; 4 suits puzzles where deduction leaves much open, see `suggestedBlock`).
   */
  block?: number;
  /** Node budget of one group's ZDD before the group is split (default 300,000). */
  groupNodes?: number;
  /** Probing rounds of the relaxed deductions (default 1; 0 is much slower: the ZDDs grow). */
  rounds?: number;
  /** Window witnesses: block side (default 3) and margin around it (default 2); 0 disables. */
  window?: number;
  margin?: number;
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
  const k = Math.max(1, options.block ?? 1);
  const groupNodes = options.groupNodes ?? 300_000;
  const rounds = options.rounds ?? 1;
  const necessary = solution ? flipWitnesses(puzzle, grid, solution) : new Uint8Array(grid.cellCount);
  let on: Uint8Array | null = null;
  if (solution) {
    on = new Uint8Array(grid.edgeCount);
    for (let i = 0; i < solution.length; i++) on[solution[i]] = 1;
    windowWitnesses(puzzle, grid, solution, necessary, sub, options.window ?? 3, options.margin ?? 2);
  }
  const groups: number[][] = [];
  for (let r0 = 0; r0 < grid.rows; r0 += k)
    for (let c0 = 0; c0 < grid.cols; c0 += k) {
      const g: number[] = [];
      for (let r = r0; r < Math.min(grid.rows, r0 + k); r++)
        for (let c = c0; c < Math.min(grid.cols, c0 + k); c++) {
          const cell = grid.cell(r, c);
          if (puzzle.hints[cell] >= 0 && !necessary[cell]) g.push(cell);
        }
      if (g.length > 0) groups.push(g);
    }
  let done = 0;
  const total = groups.reduce((a, g) => a + g.length, 0);
  const test = (g: number[]): void => {
    const control = sub();
    if (control?.isCancelled?.()) {
      throw new StopError({ limit: 'cancelled', message: 'redundant hints: cancelled', nodes: 0, progress: done / total });
    }
    const limits = control?.limits;
    const budget = Math.min(groupNodes, limits?.maxNodes ?? Infinity);
    try {
      for (const h of testGroup(puzzle, grid, g, { ...control, limits: { ...limits, maxNodes: budget } }, rounds)) necessary[h] = 1;
      done += g.length;
    } catch (e) {
      if (!(e instanceof StopError) || e.stopped.limit !== 'nodes') throw e;
      if (g.length === 1) {
        // P \ h alone is too loose for one ZDD
        if (decideHard(puzzle, grid, on, g[0], control)) necessary[g[0]] = 1;
        done++;
        return;
      }
      const half = g.length >> 1;
      test(g.slice(0, half));
      test(g.slice(half));
    }
  };
  for (const g of groups) test(g);
  const redundant: number[] = [];
  for (let cell = 0; cell < grid.cellCount; cell++) if (puzzle.hints[cell] >= 0 && !necessary[cell]) redundant.push(cell);
  return redundant;
}

/**
 * The block size for step 2: when deduction leaves much of P open it will leave as much of
 * every P \ G open, so testing hints together costs little more than one by one.
 */
export function suggestedBlock(edgeCount: number, openAfterDeduction: number): number {
  return openAfterDeduction > 0.2 * edgeCount ? 4 : 1;
}

/** The hints of group `g` that are necessary. Throws StopError. */
export function testGroup(puzzle: PuzzleHints, grid: Grid, g: number[], control: RunControl | undefined, rounds = 1): number[] {
  const relaxed = Int8Array.from(puzzle.hints);
  const breakable = new Uint8Array(grid.cellCount);
  for (const h of g) { relaxed[h] = -1; breakable[h] = 1; }
  const d = deduce({ rows: puzzle.rows, cols: puzzle.cols, hints: relaxed }, { maxRounds: rounds, isCancelled: control?.isCancelled });
  // P \ G has at least the solution of P; a contradiction would be a deduction bug: then no
  // deduction at all, rather than a wrong answer.
  const fixed = d.contradiction ? undefined : d.edges;
  const spec = new SlitherlinkSpec(grid, puzzle.hints, { fixed, breakable });
  const result = buildZdd(spec, control, { events: true });
  const live = liveEvents(result);
  if (spec.brokenAtRoot >= 0 && !result.zdd.isEmpty()) live.add(spec.brokenAtRoot);
  return g.filter((h) => live.has(h));
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
 * Whether the hint of `cell` is redundant, decided through its other values: every loop of P \ h
 * other than the solution breaks h, so it meets h := v for some v != hint. h is redundant iff no
 * P[h := v] has a loop; each is a whole puzzle, as constrained as P, so full deduction applies
 * and usually ends in a contradiction. Throws StopError.
 */
export function isRedundantByValues(puzzle: PuzzleHints, grid: Grid, cell: number, control?: RunControl): boolean {
  const hints = Int8Array.from(puzzle.hints);
  const k = puzzle.hints[cell];
  for (let v = 0; v <= 4; v++) {
    if (v === k) continue;
    hints[cell] = v;
    const d = deduce({ rows: puzzle.rows, cols: puzzle.cols, hints }, { isCancelled: control?.isCancelled });
    if (d.contradiction) continue;
    const { zdd } = buildZdd(new SlitherlinkSpec(grid, hints, { fixed: d.edges }), control);
    if (!zdd.isEmpty()) return false;
  }
  return true;
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
  const breakable = new Uint8Array(grid.cellCount);
  for (const h of g) breakable[h] = 1;
  const spec = new SlitherlinkSpec(grid, puzzle.hints, { fixed, breakable });
  try {
    const limit = Math.min(maxNodes, control?.limits?.maxNodes ?? Infinity);
    const result = buildZdd(spec, { ...control, limits: { ...control?.limits, maxNodes: limit } }, { events: true });
    const live = liveEvents(result);
    if (spec.brokenAtRoot >= 0 && !result.zdd.isEmpty()) live.add(spec.brokenAtRoot);
    return g.filter((h) => live.has(h));
  } catch (e) {
    if (!(e instanceof StopError) || e.stopped.limit !== 'nodes') throw e;
    return null;
  }
}

/**
 * A hint whose relaxed puzzle is too loose for one ZDD: look for a witness in growing windows
 * around it (true = necessary), else decide it by its other values (may throw StopError).
 */
function decideHard(puzzle: PuzzleHints, grid: Grid, on: Uint8Array | null, h: number, control: RunControl | undefined): boolean {
  if (on) {
    const relaxed = Int8Array.from(puzzle.hints);
    relaxed[h] = -1;
    const d = deduce({ rows: puzzle.rows, cols: puzzle.cols, hints: relaxed }, { isCancelled: control?.isCancelled });
    const known = d.contradiction ? undefined : d.edges;
    const r = Math.floor(h / grid.cols), c = h % grid.cols;
    for (const radius of [3, 6, 10, 15]) {
      const found = windowTest(puzzle, grid, on, [h], r - radius, r + radius + 1, c - radius, c + radius + 1, control, HARD_WINDOW_NODES, known);
      if (found && found.length > 0) return true;
    }
  }
  return !isRedundantByValues(puzzle, grid, h, control);
}
