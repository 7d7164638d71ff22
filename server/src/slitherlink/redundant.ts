/**
 * Redundant hints of a unique Slitherlink puzzle P: every hint whose removal alone keeps the
 * solution unique.
 *
 * Hint h is necessary iff some loop other than the solution meets every hint but h; such a loop
 * breaks h (the solution is the only loop meeting all of them). Hints are taken in groups G of
 * nearby cells: deduction runs on P \ G (never on P: what it derives may rest on the hint under
 * test; what P \ G implies holds for every P \ h with h in G), and one ZDD in broken-mark mode
 * holds the loops that meet every hint outside G and all but at most one in G, raising an event
 * where a hint of G breaks. h in G is necessary iff its event lies on an accepting path. A group
 * whose ZDD grows too large is split, down to single hints.
 */
import { Grid } from '../model/grid';
import { StopError, type RunControl } from '../zdd/control';
import { buildZdd, liveEvents } from '../zdd/build';
import { deduce } from './deduce';
import { SlitherlinkSpec } from './spec';

export interface PuzzleHints {
  rows: number;
  cols: number;
  hints: Int8Array;
}

export interface RedundancyOptions {
  /** Side of the square blocks of cells whose hints are tested together (default 4). */
  block?: number;
  /** Node budget of one group's ZDD before the group is split (default 300,000). */
  groupNodes?: number;
  /** Probing rounds of the relaxed deductions (default 1). */
  rounds?: number;
}

/**
 * Cells (index r * cols + c) whose hint is redundant, ascending. `sub` gives the limits and
 * cancellation of each step (the caller's shared deadline). Throws StopError.
 */
export function findRedundantHints(
  puzzle: PuzzleHints,
  sub: () => RunControl | undefined,
  options: RedundancyOptions = {},
): number[] {
  const grid = new Grid(puzzle.rows, puzzle.cols);
  const k = Math.max(1, options.block ?? 4);
  const groupNodes = options.groupNodes ?? 300_000;
  const rounds = options.rounds ?? 1;
  const necessary = new Uint8Array(grid.cellCount);
  const groups: number[][] = [];
  for (let r0 = 0; r0 < grid.rows; r0 += k)
    for (let c0 = 0; c0 < grid.cols; c0 += k) {
      const g: number[] = [];
      for (let r = r0; r < Math.min(grid.rows, r0 + k); r++)
        for (let c = c0; c < Math.min(grid.cols, c0 + k); c++) if (puzzle.hints[grid.cell(r, c)] >= 0) g.push(grid.cell(r, c));
      if (g.length > 0) groups.push(g);
    }
  let done = 0;
  const total = groups.reduce((a, g) => a + g.length, 0);
  const test = (g: number[]): void => {
    const control = sub();
    if (control?.isCancelled?.()) {
      throw new StopError({ limit: 'cancelled', message: 'redundant hints: cancelled', nodes: 0, progress: done / total });
    }
    const single = g.length === 1;
    const limits = control?.limits;
    const budget = single ? limits?.maxNodes : Math.min(groupNodes, limits?.maxNodes ?? Infinity);
    try {
      for (const h of testGroup(puzzle, grid, g, { ...control, limits: { ...limits, maxNodes: budget } }, rounds)) necessary[h] = 1;
      done += g.length;
    } catch (e) {
      if (single || !(e instanceof StopError) || e.stopped.limit !== 'nodes') throw e;
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
