/**
 * The difficulty grade of a Slitherlink: the lowest level whose deduction alone (no probing, no
 * search) fixes every edge. The levels are aligned with Loopy's four (loopy.c's solver: which
 * deduction functions each difficulty enables), each a superset of Loopy's rules at that level,
 * so a puzzle Loopy solves at a level grades at that level or lower:
 *
 * - easy: hint counting per cell, the degree rule per vertex, a corner already carrying a line
 *   takes no two more of a cell's sides, no premature loops
 *   (Loopy: trivial_deductions, loop_deductions).
 * - normal: + the cell enumerated together with the degree rule at its four corners (both ways:
 *   "at most one" and "at least one" of a corner pair, 3 in a corner, ...)
 *   (Loopy: dline_deductions, the dot-to-face direction).
 * - tricky: + corner pairs remembered (deduce's `dlines`: "at most one" / "at least one" of a
 *   cell's two sides at a vertex), written and read by cell and vertex checks alike, and vertex
 *   checks read each hinted cell's bounds there, so a hint's pressure crosses a vertex to the
 *   diagonal cell (3-2-2-3 chains) (Loopy: dline_deductions' face-to-dot and opposite-dline
 *   rules, enabled at Tricky).
 * - hard: + the inside/outside colouring (cells known the same or different, a parity
 *   union-find; Loopy: linedsf_deductions, edges known equal or opposite) and the connectivity
 *   of the inside and of the outside (which Loopy has not).
 *
 * Probing (failed literals) is beyond Loopy's Hard: a puzzle that needs it, or that deduction
 * cannot finish, `needs search`; `stuck` then says where Hard's fixpoint stalls.
 */
import { Grid } from '../model/grid';
import { deduce, keptState, UNKNOWN, type DeduceOptions } from './deduce';

export const GRADES = ['easy', 'normal', 'tricky', 'hard', 'needs search'] as const;
export type Grade = (typeof GRADES)[number];
/** The levels of deduction, easiest first. */
export const LEVELS = ['easy', 'normal', 'tricky', 'hard'] as const;

/** The deduction of each level (probing off everywhere). */
export const LEVEL_OPTIONS: Record<Exclude<Grade, 'needs search'>, DeduceOptions> = {
  easy: { maxRounds: 0, connectivity: false, rules: { corners: 'upper', hintsAtVertices: false, colouring: false } },
  normal: { maxRounds: 0, connectivity: false, rules: { corners: 'full', hintsAtVertices: false, colouring: false } },
  tricky: { maxRounds: 0, connectivity: false, rules: { corners: 'full', hintsAtVertices: true, colouring: false, dlines: true } },
  hard: { maxRounds: 0, connectivity: true, rules: { dlines: true } },
};

export interface Stuck {
  /** The edges the highest level left open, as [r1, c1, r2, c2] (vertex rows and columns). */
  edges: [number, number, number, number][];
  /** The cells beside them, in row-major order. */
  cells: { row: number; col: number }[];
}

export interface GradeResult {
  grade: Grade;
  /**
   * Per Grid edge (UNKNOWN / OFF / ON): what the deciding level fixed (every edge), or Hard's
   * fixpoint for `needs search` (absent after a contradiction).
   */
  edges?: Int8Array;
  /**
   * With `steps`: per Grid edge, the level (index into LEVELS) a replay of the deduction needs for
   * it (replayLevels), -1 when none finds it. The preview draws the loop by it.
   */
  levelOf?: Int8Array;
  /** With `needs search` (and not for a contradiction): where Hard's deduction stalls. */
  stuck?: Stuck;
}

type Hinted = { rows: number; cols: number; hints: Int8Array };

/**
 * The grade of a puzzle with one solution (for any other puzzle deduction cannot finish, or
 * finds a contradiction: `needs search`). Deduction is sound, so a level that fixes every edge
 * without a contradiction has found the one solution.
 */
export function gradeSlitherlink(puzzle: Hinted, options: { isCancelled?: () => boolean; steps?: boolean } = {}): GradeResult {
  const { rows, cols } = puzzle;
  if (rows <= 0 || cols <= 0) return { grade: 'needs search' };
  let last: Int8Array | null = null;
  const withSteps = (r: GradeResult, top: number): GradeResult => {
    const levelOf = options.steps ? replayLevels(puzzle, top) : null;
    return levelOf ? { ...r, levelOf } : r;
  };
  for (const [k, level] of LEVELS.entries()) {
    const d = deduce(puzzle, { ...LEVEL_OPTIONS[level], isCancelled: options.isCancelled });
    if (d.contradiction) return { grade: 'needs search' };
    if (d.fixed === d.edges.length) return withSteps({ grade: level, edges: d.edges }, k);
    last = d.edges;
  }
  return withSteps({ grade: 'needs search', edges: last!, stuck: stuckAt(new Grid(rows, cols), last!) }, LEVELS.length - 1);
}

/**
 * Which level each edge needs, by replaying the deduction the way a solver climbs the levels:
 * the easy rules to their fixpoint; then, as long as edges are open, the easiest level (up to
 * `top`) that finds more. Of what it finds, an edge the easy rules cannot derive from the ones
 * found so far is credited to that level (taken in edge order, each followed by the easy rules),
 * and whatever they then derive to easy: so a Tricky puzzle shows the few places where Tricky's
 * rules are needed, not everything that follows from them. Per Grid edge, -1 where no level up to
 * `top` finds it; null after a contradiction (no solution). Each level's closure is sound, so the
 * replay fixes nothing the levels would not.
 */
export function replayLevels(puzzle: Hinted, top: number): Int8Array | null {
  const first = deduce(puzzle, { ...LEVEL_OPTIONS.easy, keepState: true });
  const easy = keptState(first);
  if (first.contradiction || !easy) return null;
  const m = easy.E;
  const levelOf = new Int8Array(m).fill(-1);
  const credit = (): void => {
    for (let e = 0; e < m; e++) if (levelOf[e] < 0 && easy.edges[e] !== UNKNOWN) levelOf[e] = 0;
  };
  credit();
  while (easy.fixed < m) {
    let found: Int8Array | null = null, k = 1;
    for (; k <= top && k < LEVELS.length; k++) {
      const d = deduce(puzzle, { ...LEVEL_OPTIONS[LEVELS[k]!], edges: easy.edges });
      if (d.contradiction) return null;
      if (d.fixed > easy.fixed) {
        found = d.edges;
        break;
      }
    }
    if (!found) break;
    for (let f = 0; f < m; f++) {
      if (found[f] === UNKNOWN || easy.edges[f] !== UNKNOWN) continue;
      levelOf[f] = k;
      easy.setEdge(f, found[f]!);
      easy.propagate();
      if (easy.contra) return null;
    }
    credit();
  }
  return levelOf;
}

/** The open edges of a deduction and the cells beside them. */
export function stuckAt(grid: Grid, edges: Int8Array): Stuck {
  const out: Stuck = { edges: [], cells: [] };
  const near = new Uint8Array(grid.cellCount);
  for (let e = 0; e < edges.length; e++) {
    if (edges[e] !== UNKNOWN) continue;
    out.edges.push(grid.edgeEnds(e) as [number, number, number, number]);
    for (const x of grid.edgeCells(e)) if (x >= 0) near[x] = 1;
  }
  for (let x = 0; x < near.length; x++) if (near[x]) out.cells.push({ row: Math.floor(x / grid.cols), col: x % grid.cols });
  return out;
}
