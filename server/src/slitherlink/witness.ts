/**
 * Deciding a Slitherlink without counting it: two different loops that meet every hint prove
 * `multiple` however many loops there are; a search that exhausts proves `none` or `unique`.
 * A draft (few hints) has far too many loops to count, but two of them are easy to find.
 *
 * 1. Deduction without probing (a few ms): a contradiction is `none`; the edges it fixes hold
 *    in every loop, so the searches below may assume them.
 * 2. A first loop: the depth-first search over the cycle spec (zdd/search.ts) with a small
 *    budget (it exhausts on small or nearly solved grids: `none`), then local search
 *    (loopSearch.ts), which finds a loop of a large open draft where the depth-first search
 *    gets lost.
 * 3. A second loop: every single-cell flip of the first loop that keeps every hint met is one
 *    (and their number plus one is a lower bound on the count); without one, the depth-first
 *    search for a loop that differs from the first (zdd/specs/differs.ts) either finds one or
 *    exhausts, which proves the first loop the only one.
 * Each loop returned is checked against the hints directly (loop.ts loopProblem and the hint
 * counts), independently of the searches that found it. Budgets are counted in search steps, not
 * time, so the same puzzle gets the same answer on a fast or a loaded machine (the caller's
 * deadline still stops everything).
 */
import { Grid } from '../model/grid';
import { loopProblem } from '../model/loop';
import { StopError, stopNow, type RunControl } from '../zdd/control';
import { searchSet } from '../zdd/search';
import { DiffersSpec } from '../zdd/specs/differs';
import { deduce } from './deduce';
import { searchLoop } from './loopSearch';
import { SlitherlinkSpec } from './spec';

export type WitnessVerdict = 'none' | 'unique' | 'multiple' | null;

export interface LoopWitnesses {
  /** What the searches proved; null: undecided within the budget. */
  verdict: WitnessVerdict;
  /** A loop (grid edges, ascending): the only one when `unique`, the first of two when `multiple`. */
  first?: number[];
  /** A second, different loop (`multiple`). */
  second?: number[];
  /** `multiple`: a proved lower bound on the number of loops (at least 2). */
  atLeast?: bigint;
  /** Steps of each search, for tests and the bench. */
  how: string;
}

export interface WitnessBudget {
  /** Dead states of the first depth-first search (default 2,000). */
  firstNodes?: number;
  /** Flips of the local search, per cell (default 2,000). */
  flipsPerCell?: number;
  /** Dead states of the search for a different loop (default 100,000). */
  secondNodes?: number;
  /** Seed of the local search (default 1). */
  seed?: number;
}

/**
 * Witnesses for `hints` on a rows x cols grid, within `control` (its deadline and cancellation;
 * a stop there throws StopError) and `budget`.
 */
export function findLoopWitnesses(
  puzzle: { rows: number; cols: number; hints: Int8Array }, control: RunControl & { deadline: number }, budget: WitnessBudget = {},
): LoopWitnesses {
  const { rows, cols, hints } = puzzle;
  const grid = new Grid(rows, cols);
  const d = deduce(puzzle, { maxRounds: 0, isCancelled: control.isCancelled, deadline: control.deadline });
  const stop = stopNow(control, 'during deduction');
  if (stop) throw stop;
  if (d.contradiction) return { verdict: 'none', how: 'deduction' };
  const spec = new SlitherlinkSpec(grid, hints, { fixed: d.edges });
  // Dead states count as the check's nodes: the node limit bounds every search too.
  const limits = (maxNodes: number) => ({
    maxNodes: Math.min(maxNodes, control.limits?.maxNodes ?? Infinity), deadline: control.deadline, timeMs: control.limits?.timeMs ?? 0, isCancelled: control.isCancelled,
  });

  // The first loop.
  let first: number[] | null = null;
  let how = '';
  const dfs = searchSet(spec, limits(budget.firstNodes ?? 2000));
  if (dfs === false) return { verdict: 'none', how: 'search' };
  if (dfs !== null) {
    first = spec.edgesOf(dfs);
    how = 'search';
  } else {
    const flips = (budget.flipsPerCell ?? 2000) * grid.cellCount;
    first = searchLoop(grid, hints, { fixed: d.edges, seed: budget.seed ?? 1, deadline: control.deadline, maxFlips: flips, isCancelled: control.isCancelled });
    const late = stopNow(control, 'while looking for solutions');
    if (late) throw late;
    how = 'local search';
  }
  if (first === null || !meets(grid, hints, d.edges, first)) return { verdict: null, how: `${how}: no loop found` };

  // A second loop: a flip of the first, or the search for one that differs.
  const flips = hintKeepingFlips(grid, hints, first);
  if (flips.length > 0) {
    const second = flipped(grid, first, flips[0]);
    if (meets(grid, hints, d.edges, second)) {
      return { verdict: 'multiple', first, second, atLeast: BigInt(flips.length + 1), how: `${how}, flips` };
    }
  }
  const levelOf = new Int32Array(grid.edgeCount);
  for (let k = 0; k < spec.levels; k++) levelOf[spec.openEdges[k]] = spec.levels - k;
  const x: number[] = [];
  for (const e of first) if (levelOf[e] > 0) x.push(levelOf[e]);
  const differs = new DiffersSpec(spec, spec.levels, x);
  const other = searchSet(differs, limits(budget.secondNodes ?? 100_000), differs.preferX);
  if (other === false) return { verdict: 'unique', first, how: `${how}, no other loop` };
  if (other === null) return { verdict: null, first, how: `${how}, second loop not found` };
  const second = spec.edgesOf(other);
  if (!meets(grid, hints, d.edges, second) || sameSet(first, second)) return { verdict: null, first, how: `${how}: bad second loop` };
  return { verdict: 'multiple', first, second, atLeast: 2n, how: `${how}, search for another loop` };
}

/** Whether `edges` is one simple loop meeting every hint and every fixed edge (checked directly). */
export function meets(grid: Grid, hints: Int8Array, fixed: Int8Array | null, edges: readonly number[]): boolean {
  const on = new Uint8Array(grid.edgeCount);
  for (const e of edges) on[e] = 1;
  if (loopProblem(grid, on) !== null) return false;
  for (let r = 0; r < grid.rows; r++)
    for (let c = 0; c < grid.cols; c++) {
      const h = hints[grid.cell(r, c)];
      if (h < 0) continue;
      let k = 0;
      for (const e of grid.cellEdges(r, c)) k += on[e];
      if (k !== h) return false;
    }
  if (fixed) for (let e = 0; e < grid.edgeCount; e++) if (fixed[e] >= 0 && fixed[e] !== on[e]) return false;
  return true;
}

/**
 * Cells whose flip (the loop summed with the cell's four sides) gives another simple loop with
 * every hint still met: the loop's sides of the cell form one run of 1 to 3 sides, the corners
 * inside the other run are off the loop, and no hinted cell's count changes (the cell's own goes
 * from k to 4 - k, each side neighbour's by one).
 */
export function hintKeepingFlips(grid: Grid, hints: Int8Array, loop: readonly number[]): number[] {
  const { rows, cols } = grid;
  const on = new Uint8Array(grid.edgeCount);
  for (const e of loop) on[e] = 1;
  const W = cols + 1;
  const deg = new Uint8Array(grid.vertexCount);
  for (const e of loop) {
    const [r1, c1, r2, c2] = grid.edgeEnds(e);
    deg[r1 * W + c1]++;
    deg[r2 * W + c2]++;
  }
  const out: number[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const x = r * cols + c;
      if (r > 0 && hints[x - cols] >= 0) continue;
      if (r < rows - 1 && hints[x + cols] >= 0) continue;
      if (c > 0 && hints[x - 1] >= 0) continue;
      if (c < cols - 1 && hints[x + 1] >= 0) continue;
      const sides = [grid.horizontalEdge(r, c), grid.verticalEdge(r, c + 1), grid.horizontalEdge(r + 1, c), grid.verticalEdge(r, c)];
      const corners = [r * W + c, r * W + c + 1, (r + 1) * W + c + 1, (r + 1) * W + c];
      let mask = 0;
      for (let i = 0; i < 4; i++) if (on[sides[i]]) mask |= 1 << i;
      const k = (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1);
      if (k === 0 || k === 4) continue;
      if (hints[x] >= 0 && hints[x] !== 4 - k) continue;
      let starts = 0;
      for (let i = 0; i < 4; i++) if ((mask >> i) & 1 && !((mask >> ((i + 3) & 3)) & 1)) starts++;
      if (starts !== 1) continue;
      let ok = true;
      for (let i = 0; i < 4 && ok; i++) {
        const before = (mask >> ((i + 3) & 3)) & 1, after = (mask >> i) & 1;
        if (!before && !after && deg[corners[i]] !== 0) ok = false;
      }
      if (ok) out.push(x);
    }
  return out;
}

/** The loop with cell x flipped: its edges summed with x's four sides, ascending. */
function flipped(grid: Grid, loop: readonly number[], x: number): number[] {
  const set = new Set(loop);
  for (const e of grid.cellEdges(Math.floor(x / grid.cols), x % grid.cols)) {
    if (set.has(e)) set.delete(e);
    else set.add(e);
  }
  return [...set].sort((a, b) => a - b);
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((e) => s.has(e));
}

