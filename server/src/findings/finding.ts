/**
 * A finding: what the check says about a puzzle, protocol-neutral (no LSP types). The language
 * server turns findings into diagnostics in one place (lsp/diagnostics.ts); the CLI prints them.
 * Each kind of finding is one module of this folder; index.ts lists them.
 */
import type { CellRef } from '../analysis/result';
import type { Suggestions } from '../slitherlink/design/suggestions';
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

export interface Finding {
  /** A stable code (protocol-types.ts Codes, or a parse problem's code). */
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
