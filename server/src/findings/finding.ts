/**
 * A finding: what the check says about a puzzle, protocol-neutral (no LSP types). The language
 * server turns findings into diagnostics in one place (lsp/diagnostics.ts); the CLI prints them.
 * Each kind of finding is one module of this folder; index.ts lists them.
 */
import type { Analysis, CellRef, LoopSolution, PathSolution, Suggestions } from '../analysis/result';
import type { Puzzle } from '../model/puzzle';
import type { Range } from '../model/range';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** Where a finding points: a source range, a cell (its range in the text), or the grid as a whole. */
export type Place = { range: Range } | { cell: CellRef } | { grid: true };

export interface Related {
  cell: CellRef;
  message: string;
}

/** What quick fixes read back (with the content key the LSP adds). */
export interface FindingData {
  row?: number;
  col?: number;
  /** On a tiling: the face (row and col are then its line and place in the file's grid). */
  face?: number;
  limit?: string;
  /** multiple-solutions: hints that make the puzzle unique; no-solution: its repairs. */
  suggestions?: Suggestions;
}

/**
 * A finding's code as declared (the shared ones: codes.ts; a genre's own: Genre.findingCodes, in
 * its folder): what it says, for people reading the list, and how the CLI shows it.
 */
export interface FindingCode {
  about: string;
  /** The CLI's table lists its cells below the result (its columns do not show them otherwise). */
  listsCells?: boolean;
}

export interface Finding {
  /** A stable code (codes.ts for the shared ones, Genre.findingCodes for a genre's own, or a parse problem's code). */
  code: string;
  severity: Severity;
  at: Place;
  message: string;
  related?: Related[];
  /** The thing pointed at can go (shown faded). */
  unnecessary?: boolean;
  data?: FindingData;
}

/** How many related cells a finding lists at most. */
export const MAX_RELATED = 20;

export const GRID: Place = { grid: true };

/** Where two solutions differ: a cell (on a tiling a face) and what differs there. */
export interface Difference {
  row: number;
  col: number;
  /** On a tiling: the face (row and col its line and place). */
  face?: number;
  message: string;
}

/**
 * What the findings ask of a puzzle's genre (genres/genre.ts `Genre` has it all; the registry
 * passes the puzzle's genre to findingsOf). Nothing here knows which genres there are.
 */
export interface FindingsGenre<P extends Puzzle = Puzzle> {
  /** What the givens are called in messages: hints, labels. */
  givens: { one: string; many: string };
  extras: { redundantHints: boolean };
  /** What the cell holds, in words: "hint 3", "endpoint A", "empty cell". On a tiling `cell.face` names the face. */
  cellLabel(p: P, cell: CellRef): string;
  /** The given at a cell as written ("3", "A"), or null when the cell has none. */
  givenAt(p: P, cell: CellRef): string | null;
  /** A set of givens for a message: "4 at (1, 1), 1 at (1, 3)", "A (1, 1)-(2, 3)". */
  describeGivens(p: P, cells: readonly CellRef[]): string;
  /** Cells (faces) where two solutions differ, reading order, each with a short explanation. */
  differences(p: P, a: LoopSolution | PathSolution, b: LoopSolution | PathSolution): Difference[];
  /** The genre's own findings on a check's answer, after the shared ones. */
  findings?(p: P | null, a: Analysis): Finding[];
}
