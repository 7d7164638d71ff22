import type { PuzzleKind } from '../model/puzzle';
import type { Problem } from '../model/range';
import type { Stopped } from '../zdd/control';
import type { TilingRef } from '../model/lattice';

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
  /** [r1, c1, r2, c2]: grid points (Slitherlink) or cells (Numberlink), 0-based; on a tiling [x1, y1, x2, y2] in Loopy's coordinates, as its loops. */
  edges: { edge: [number, number, number, number]; count: string }[];
  /** Numberlink: per cell used by some solution, how many solutions put each label there. */
  cells?: { cell: [number, number]; labels: { label: string; count: string }[] }[];
}

/** Where deduction stalls (a grade of `needs search`). */
export interface Stuck {
  /** The edges the highest level left open, as [r1, c1, r2, c2] (vertex rows and columns). */
  edges: [number, number, number, number][];
  /** The cells beside them, in row-major order. */
  cells: { row: number; col: number }[];
}

/** One level of a grade: its name and the solution's edges credited to it ([r1, c1, r2, c2]). */
export interface GradeStep {
  level: string;
  edges: [number, number, number, number][];
}

/**
 * The fields of a genre's own in its results (Numberlink's `rule`, ...), all optional: empty here;
 * each genre adds its own in its folder, by augmenting this interface
 * (`declare module '../analysis/result' { interface GenreResultFields { ... } }`), and lists
 * them in Genre.report, which says how the CLI shows them. They travel with the result as they are
 * (the worker, the language server, `check --json`); nothing outside the genre reads them.
 */
export interface GenreResultFields {}

/**
 * One serialisable result that the CLI prints, the server turns into diagnostics, and the
 * preview draws. Fields beyond FORMATS.md are optional extras.
 */
export interface CheckResult extends GenreResultFields {
  /** The genre (genres/index.ts). */
  kind: PuzzleKind;
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
   * Unique, when asked for (CheckOptions.grade) and the genre grades it: the difficulty grade, one
   * of the genre's levels (Genre.grades; Slitherlink on squares `easy` ... `hard`, Numberlink
   * `local`, `global`, `probing`) or `needs search`.
   */
  grade?: string;
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

/** A hint to add: where, its value, and how many solutions are left with it (decimal). */
export interface HintChoice {
  row: number;
  col: number;
  /** On a tiling: the face (row and col are then its line and place in the file). */
  face?: number;
  value: number;
  /** Solutions left with this hint added (decimal). */
  count: string;
}

export interface RepairChoice {
  row: number;
  col: number;
  /** On a tiling: the face (row and col are then its line and place in the file). */
  face?: number;
  /** The new value, or null to remove the hint. */
  value: number | null;
  /** Solutions with this change (decimal). */
  count: string;
}

/**
 * "Make it unique" and "repair" suggestions (a genre's `suggest`, when its extras have them), in a
 * form that crosses threads and JSON unchanged: counts as decimal strings, lists capped (the
 * totals say how many there were), so that a diagnostic can carry them to its quick fixes.
 */
export interface Suggestions {
  /** Solutions of the puzzle as given (decimal), null when a limit stopped the count. */
  count: string | null;
  /** Verdict `multiple`: single hints that make the puzzle unique (reading order, then value). */
  singles: HintChoice[];
  /** How many single hints make it unique (`singles` holds the first MAX_LISTED). */
  singleCount: number;
  /** When no single hint suffices: the one leaving the fewest solutions, and the best pair found. */
  bestSingle?: HintChoice;
  pair?: { first: HintChoice; second: HintChoice; count: string };
  /** Verdict `none`: one-hint changes or removals that give solutions again (unique ones first). */
  repairs?: RepairChoice[];
  repairCount?: number;
  /** A limit (or a cancel) cut the search short: the lists hold what was found. */
  stopped?: Stopped;
  ms: number;
}

/**
 * The pass of "Remove all redundant hints": the redundant hints removed one at a time, in order,
 * each while the puzzle stays unique (a genre's `together`).
 */
export interface TogetherPass {
  /** Hints removed, in the order they were removed. */
  removed: CellRef[];
  /** True when every candidate was decided: the remaining puzzle is minimal. */
  minimal: boolean;
  checks: number;
  /** Why the pass is not complete: a limit stopped it, or some step could not be decided. */
  stopped?: Stopped;
}

/** A pass's outcome as a check reports it (CheckResult.redundantTogether and why it is incomplete). */
export function togetherOf(m: TogetherPass): Pick<CheckResult, 'redundantTogether' | 'redundantTogetherStopped'> {
  return { redundantTogether: m.removed, ...(m.stopped ? { redundantTogetherStopped: m.stopped } : {}) };
}

/** A check's answer: the result and the extras it carries (the worker's answer to a check job). */
export interface Analysis {
  result: CheckResult;
  conflicts?: ConflictResult;
  suggestions?: Suggestions;
  /** More phases are coming (the scheduler's partial answer). */
  partial?: boolean;
  incremental?: { mode: string; levels: number; reusedLevels: number };
}

/** A small set of givens that already has no solution (analysis/conflicts.ts). */
export interface ConflictResult {
  /** Cells of the conflicting hints (both endpoints of each Numberlink label), reading order. */
  cells: CellRef[];
  /** Number of hint units (Slitherlink numbers, Numberlink labels) in the set. */
  units: number;
  /** True when the set is verified 1-minimal. */
  minimal: boolean;
  checks: number;
  stopped?: Stopped;
}
