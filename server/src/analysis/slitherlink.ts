/**
 * Slitherlink check: deduction, then the ZDD of all loops over the edges left open; verdict,
 * exact count, solutions and redundant hints.
 */
import { Grid } from '../model/grid';
import type { SlitherlinkPuzzle } from '../model/puzzle';
import { StopError, stopNow, withDeadline, type RunControl } from '../zdd/control';
import { loopUsage, loopUsageMap } from './usage';
import { deduce } from '../slitherlink/deduce';
import { buildLoops, edgesAsVertexPairs, loopEdges } from '../slitherlink/solve';
import { findRedundantHints } from '../slitherlink/redundant';
import type { RedundancyMemo } from '../slitherlink/redundancyMemo';
import { gradeSlitherlink, LEVELS } from '../slitherlink/grade';
import { ON } from '../slitherlink/deduce';
import { minimizeHints, togetherOf } from './minimize';
import type { CheckOptions } from './options';
import type { CheckResult, CellRef } from './result';
import { ALWAYS_COUNT_SIDE, decide, isDraft, type Outcome, type Timed } from './witnesses';
import { findLoopWitnesses } from '../slitherlink/witness';
import { checkTilingSlitherlink } from './tiling';

/** Above this many cells on the shorter side an all-empty grid is not counted (its count is of no use). */
const EMPTY_COUNT_MAX_SIDE = 8;

export function checkSlitherlink(puzzle: SlitherlinkPuzzle, options: CheckOptions = {}): CheckResult {
  // Everything below is for squares (deduction, witnesses, Grid): a tiling has its own check.
  if (puzzle.tiling) return checkTilingSlitherlink(puzzle, options);
  const t0 = performance.now();
  const { rows, cols } = puzzle;
  const base = { kind: 'slitherlink' as const, rows, cols, errors: [] };
  const done = (r: Omit<CheckResult, 'kind' | 'rows' | 'cols' | 'errors' | 'ms'>): CheckResult => ({
    ...base, ...r, ms: round(performance.now() - t0),
  });
  if (rows <= 0 || cols <= 0) return done({ verdict: 'none', count: '0' });

  const control = options.control;
  const sub = stepControl(control);
  const grid = new Grid(rows, cols);
  const hints = puzzle.hints;
  let hinted = 0;
  for (let i = 0; i < hints.length; i++) if (hints[i] >= 0) hinted++;

  if (hinted === 0 && Math.min(rows, cols) > EMPTY_COUNT_MAX_SIDE) {
    // Every single cell's border is a loop: at least rows * cols of them.
    return done({
      verdict: rows * cols >= 2 ? 'multiple' : 'unique',
      count: null,
      countAtLeast: String(rows * cols),
      solution: { edges: edgesAsVertexPairs(grid, [...grid.cellEdges(0, 0)]) },
      ...(options.secondSolution !== false && rows * cols >= 2
        ? { secondSolution: { edges: edgesAsVertexPairs(grid, [...grid.cellEdges(rows > 1 ? 1 : 0, rows > 1 ? 0 : 1)]) } }
        : {}),
    });
  }

  // Deduction, the diagram of every loop, and what it says (throws StopError).
  const counted = (run: Timed): Outcome => {
    // The probing order is recorded for the redundant-hint search, which would deduce P again for it.
    const schedule: number[] = [];
    const d = deduce(puzzle, { isCancelled: control?.isCancelled, deadline: run.deadline, record: schedule });
    // A deduction cut short by the deadline (or cancelled) ends the check here; a contradiction
    // it found is an answer however late (unless the check was cancelled).
    const stop = stopNow(run, 'during deduction');
    if (stop && (stop.stopped.limit === 'cancelled' || !d.contradiction)) throw stop;
    if (d.contradiction) return { verdict: 'none', count: '0' };
    const family = buildLoops(grid, hints, d.edges, run);
    return loopsOutcome(puzzle, grid, {
      count: family.zdd.count(),
      first: () => loopEdges(family, family.zdd.first()),
      second: () => loopEdges(family, family.zdd.kth(1n)),
      usage: () => loopUsage(grid, family.spec, family.zdd),
    }, options, sub, schedule);
  };
  try {
    const draft = options.witnesses === true && isSlitherlinkDraft(puzzle, hinted);
    return done(decide(options, draft, sub(), (run) => loopWitnesses(puzzle, grid, run, options, sub), counted));
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    return done({ verdict: 'unknown', count: null, stopped: e.stopped });
  }
}

/**
 * The control of every step of one check: the caller's limits (resolved) and the deadline of the
 * whole check, so that the steps share one time budget and a stop names the whole of it.
 */
export function stepControl(control: RunControl | undefined): () => RunControl & { deadline: number } {
  const run = withDeadline(control);
  return () => run;
}

/** The family of loops of a puzzle, as a check reads it (grid edge indices). */
export interface FoundLoops {
  count: bigint;
  first(): number[];
  /** The second loop in the family's order (called only when count > 1). */
  second(): number[];
  /** Per grid edge, how many loops use it (analysis/usage.ts), where the family can say. */
  usage?(): bigint[];
}

/** Hint density at or above which a puzzle is near completion, whatever its deduction leaves. */
const NEAR_DENSITY = 0.35;
/** Between DRAFT_DENSITY and NEAR_DENSITY: a draft when deduction without probing leaves more than this share of the edges open. */
const DRAFT_OPEN_SHARE = 0.8;

/**
 * Whether a Slitherlink is a draft (witnesses first, witnesses.ts): few hints for its size, or
 * somewhat more that deduction without probing (a few ms) barely constrains. No puzzle of the
 * corpus wider than 8 has fewer than 22% of its cells hinted, and none below 35% leaves more than
 * 80% of its edges open after that deduction; drafts leave 90% and more.
 */
export function isSlitherlinkDraft(puzzle: SlitherlinkPuzzle, hinted: number): boolean {
  const { rows, cols } = puzzle;
  if (Math.min(rows, cols) <= ALWAYS_COUNT_SIDE) return false;
  if (isDraft(rows, cols, hinted)) return true;
  if (hinted >= NEAR_DENSITY * rows * cols) return false;
  const d = deduce(puzzle, { maxRounds: 0 });
  if (d.contradiction) return true; // the witnesses say `none` at once
  let open = 0;
  for (let e = 0; e < d.edges.length; e++) if (d.edges[e] < 0) open++;
  return open > DRAFT_OPEN_SHARE * d.edges.length;
}

/**
 * What the witnesses (slitherlink/witness.ts) decide, as a check's outcome (witnesses.ts), or null
 * when they do not: a loop proved the only one is reported as a family of one loop (redundant
 * hints and so on); two loops as `multiple` without a count.
 */
export function loopWitnesses(puzzle: SlitherlinkPuzzle, grid: Grid, control: Timed, options: CheckOptions, sub: () => RunControl): Outcome | null {
  const w = findLoopWitnesses(puzzle, control);
  if (w.verdict === 'none') return { verdict: 'none', count: '0' };
  if (w.verdict === 'unique') {
    const loop = w.first!;
    return loopsOutcome(puzzle, grid, { count: 1n, first: () => loop, second: () => loop }, options, sub);
  }
  if (w.verdict !== 'multiple') return null;
  return {
    verdict: 'multiple',
    count: null,
    countAtLeast: String(w.atLeast ?? 2n),
    solution: { edges: edgesAsVertexPairs(grid, w.first!) },
    ...(options.secondSolution !== false ? { secondSolution: { edges: edgesAsVertexPairs(grid, w.second!) } } : {}),
  };
}

/**
 * What a check reports from the family of loops: the verdict and solutions, and for a unique
 * puzzle its redundant hints and which of them can go together (or why they are undecided;
 * `schedule`: see RedundancyOptions). Throws StopError only from the family.
 */
export function loopsOutcome(
  puzzle: SlitherlinkPuzzle, grid: Grid, family: FoundLoops, options: CheckOptions, sub: () => RunControl,
  schedule?: readonly number[],
): Outcome {
  const { count } = family;
  if (count === 0n) return { verdict: 'none', count: '0' };
  const firstEdges = family.first();
  const solution = { edges: edgesAsVertexPairs(grid, firstEdges) };
  if (count > 1n) {
    const second = options.secondSolution !== false ? { secondSolution: { edges: edgesAsVertexPairs(grid, family.second()) } } : {};
    const usage = options.usage && family.usage ? { usage: loopUsageMap(grid, family.usage(), count) } : {};
    return { verdict: 'multiple', count: count.toString(), solution, ...second, ...usage };
  }
  const unique = { verdict: 'unique' as const, count: '1', solution, ...(options.grade ? gradeOf(puzzle, grid, options.gradeSteps === true) : {}) };
  const memo = options.redundancyMemo;
  if (memo?.fits(puzzle.rows, puzzle.cols)) {
    // Facts for later checks: the loop itself, and that these hints have no other.
    const on = new Uint8Array(grid.edgeCount);
    for (const e of firstEdges) on[e] = 1;
    memo.addLoop(on);
    memo.addUnique(puzzle.hints);
  }
  if (options.redundant === false) return unique;
  let redundant: CellRef[];
  try {
    redundant = findRedundantHints(puzzle, firstEdges, sub, { schedule, memo }).map((x) => ({ row: Math.floor(x / grid.cols), col: x % grid.cols }));
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    const message = e.stopped.message.replace(/^undecided: /, '');
    return { ...unique, redundantStopped: { ...e.stopped, message: `redundant hints undecided: ${message}` } };
  }
  if (options.redundantTogether === false) return { ...unique, redundant };
  if (redundant.length === 0) return { ...unique, redundant, redundantTogether: [] };
  return { ...unique, redundant, ...redundantTogether(puzzle, redundant, firstEdges, togetherControl(sub(), options.togetherTimeMs), schedule, memo) };
}

/** The difficulty grade of a puzzle a check found unique, on its own (squares only: none on a tiling). */
export function gradeSlitherlinkPuzzle(puzzle: SlitherlinkPuzzle, options: CheckOptions = {}): Pick<CheckResult, 'grade' | 'stuck' | 'gradeSteps'> {
  if (puzzle.tiling || puzzle.rows <= 0 || puzzle.cols <= 0) return {};
  return gradeOf(puzzle, new Grid(puzzle.rows, puzzle.cols), options.gradeSteps === true);
}

/** The difficulty grade of a unique puzzle, as a check reports it, with the loop's edges by level (gradeSteps). */
function gradeOf(puzzle: SlitherlinkPuzzle, grid: Grid, steps: boolean): Pick<CheckResult, 'grade' | 'stuck' | 'gradeSteps'> {
  const g = gradeSlitherlink(puzzle, { steps });
  if (!g.levelOf || !g.edges) return g.stuck ? { grade: g.grade, stuck: g.stuck } : { grade: g.grade };
  const last = g.grade === 'needs search' ? LEVELS.length - 1 : LEVELS.indexOf(g.grade);
  const gradeSteps = LEVELS.slice(0, last + 1).map((level) => ({ level, edges: [] as [number, number, number, number][] }));
  for (let e = 0; e < g.edges.length; e++) if (g.edges[e] === ON && g.levelOf[e] >= 0) gradeSteps[g.levelOf[e]]!.edges.push(grid.edgeEnds(e));
  return { grade: g.grade, ...(g.stuck ? { stuck: g.stuck } : {}), gradeSteps };
}

/**
 * Which of the redundant hints can go together: the very pass of "Remove all redundant hints"
 * (analysis/minimize.ts), under `control` (the check's limits and deadline).
 */
export function redundantTogether(
  puzzle: SlitherlinkPuzzle, redundant: readonly CellRef[], solution: readonly number[], control: RunControl,
  schedule?: readonly number[], memo?: RedundancyMemo,
): Pick<CheckResult, 'redundantTogether' | 'redundantTogetherStopped'> {
  return togetherOf(minimizeHints(puzzle, redundant, { control, solution, ...(schedule ? { schedule } : {}), ...(memo ? { memo } : {}) }));
}

/** The check's control, with the pass's own time budget when it is shorter than what is left. */
function togetherControl(control: RunControl, timeMs: number | undefined): RunControl {
  if (timeMs === undefined) return control;
  const deadline = Date.now() + timeMs;
  if (control.deadline !== undefined && control.deadline <= deadline) return control;
  return { ...control, limits: { ...control.limits, timeMs }, deadline };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
