import type { Problem } from '../model/range';
import type { Stopped } from '../zdd/control';
import type { TilingRef } from '../model/lattice';
import type { Grade, Stuck } from '../slitherlink/grade';
import type { NumberlinkGrade } from '../numberlink/grade';

export type Verdict = 'invalid' | 'none' | 'unique' | 'multiple' | 'unknown';

export interface CellRef {
  row: number;
  col: number;
  /** On a tiling: the face (Loopy's number); `row` and `col` are then its line and place in the file's grid. */
  face?: number;
}

/**
 * A Slitherlink solution: the loop's edges as vertex pairs [r1, c1, r2, c2] (0-based grid points).
 * On a tiling: [x1, y1, x2, y2] in Loopy's coordinates, and `edgeIds` the lattice's edge numbers.
 */
export interface LoopSolution {
  edges: [number, number, number, number][];
  edgeIds?: number[];
}

/** A Numberlink solution: one path per label, endpoint to endpoint, as [row, col] cells. */
export interface PathSolution {
  /** Parallel to `paths`. */
  labels: string[];
  paths: [number, number][][];
}

/**
 * The ambiguity map of a puzzle with several solutions: how many of them use each edge (Slitherlink:
 * the loop's edges; Numberlink: the links between cells), exact, as decimal strings. Edges used by
 * no solution are left out; an edge used by all has `count` equal to `of`.
 */
export interface Usage {
  /** The number of solutions (the exact count). */
  of: string;
  /** [r1, c1, r2, c2]: grid points (Slitherlink) or cells (Numberlink), 0-based. */
  edges: { edge: [number, number, number, number]; count: string }[];
  /** Numberlink: per cell used by some solution, how many solutions put each label there. */
  cells?: { cell: [number, number]; labels: { label: string; count: string }[] }[];
}

/** A difficulty grade of either genre. */
export type PuzzleGrade = Grade | NumberlinkGrade;

/** One level of a grade: its name and the solution's edges credited to it ([r1, c1, r2, c2]). */
export interface GradeStep {
  level: string;
  edges: [number, number, number, number][];
}

/**
 * One serialisable result that the CLI prints, the server turns into diagnostics, and the
 * preview draws. Fields beyond FORMATS.md are optional extras.
 */
export interface CheckResult {
  kind: 'slitherlink' | 'numberlink';
  rows: number;
  cols: number;
  /** Slitherlink on a tiling (rows, cols: its height and width). */
  tiling?: TilingRef;
  verdict: Verdict;
  /** Exact count as a decimal string, or null when unknown. */
  count: string | null;
  countAtLeast?: string;
  /** The unique solution, or the first one when there are several. */
  solution?: LoopSolution | PathSolution;
  /** A second, different solution when the verdict is `multiple`. */
  secondSolution?: LoopSolution | PathSolution;
  /** Slitherlink, unique: hints whose removal alone keeps the solution unique. */
  redundant?: CellRef[];
  /** Set when redundancy was asked for but could not be decided within the limits. */
  redundantStopped?: Stopped;
  /**
   * Slitherlink, unique: the redundant hints that can go together, i.e. what "Remove all
   * redundant hints" removes (one at a time, in `redundant`'s order, each while the solution
   * stays unique; analysis/minimize.ts), in that order. Complete unless `redundantTogetherStopped`.
   */
  redundantTogether?: CellRef[];
  /** The pass behind `redundantTogether` stopped (a limit) before deciding every hint: the list is what it removed until then. */
  redundantTogetherStopped?: Stopped;
  /**
   * Unique, when asked for (CheckOptions.grade): the difficulty grade. Slitherlink (squares):
   * `easy`, `normal`, `tricky`, `hard` (slitherlink/grade.ts); Numberlink: `local`, `global`,
   * `probing` (numberlink/grade.ts); either: `needs search`.
   */
  grade?: PuzzleGrade;
  /**
   * With grade `needs search`: the edges the highest level leaves open (Slitherlink: grid points;
   * Numberlink: links between cells) and the cells beside them.
   */
  stuck?: Stuck;
  /**
   * With `grade` and CheckOptions.gradeSteps: how deduction reaches the solution, for the preview.
   * Per level, easiest first (up to the deciding one; every level for `needs search`), the
   * solution's edges (Slitherlink: the loop's, as grid points; Numberlink: the links, as cells)
   * that a replay of the deduction credits to that level (the easiest level that finds more, and
   * of what it finds only what the easiest rules cannot then derive). Not in the CLI's JSON.
   */
  gradeSteps?: GradeStep[];
  /** The grade was asked for but not found within its share of the time (Numberlink's probing). */
  gradeStopped?: Stopped;
  /** `multiple` with an exact count, when asked for (CheckOptions.usage): the ambiguity map. */
  usage?: Usage;
  /** The ambiguity map was asked for but not made (why: too many solutions to go through). */
  usageStopped?: Stopped;
  /** Numberlink: the rule used, e.g. `nikoli`, `fill notouch`. */
  rule?: string;
  /** Numberlink under the default rule, unique: whether the solution uses every cell. */
  covers?: boolean;
  /**
   * Why the work stopped: when the verdict is `unknown`, and when it is `multiple` (proved by two
   * solutions) but the exact count was stopped (`count` null, `countAtLeast` the lower bound).
   */
  stopped?: Stopped;
  /**
   * `multiple` proved by two solutions, the exact count not tried yet (the language server's first
   * phase: it counts in a later one). Absent once the count ran (`count`, or `stopped`).
   */
  countPending?: boolean;
  errors: Problem[];
  ms: number;
}
