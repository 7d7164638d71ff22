/**
 * Puzzles with some hints taken away: the building block of conflict search and minimisation.
 * A "hint unit" is what can be removed on its own: a Slitherlink number, or a Numberlink label
 * (both of its endpoints, since a label must occur exactly twice). Each genre lists its units and
 * keeps a subset of them (Genre.units, Genre.keepUnits).
 */
import type { CellRef } from './result';

export interface HintUnit {
  /** The cells the unit occupies: one for Slitherlink, the two endpoints for Numberlink. */
  cells: CellRef[];
  /** Slitherlink: the number; Numberlink: the label. */
  label: string;
}
