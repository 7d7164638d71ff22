/**
 * What the designer's tools (a puzzle from a loop, the hint family of a loop, hint suggestions)
 * need of the board they work on, for square grids and tilings alike: its cells (a tiling's
 * faces), the loop of a set of inside cells, and the solver's answers (all loops, their count,
 * another loop than a given one). Each tool is one algorithm over this interface; the two
 * adapters below hold everything that differs (squares keep their own deducer and the one-cell
 * flips of redundant.ts; tilings the lattice deducer and latticeSolve.ts's witnesses).
 */
import { Grid } from '../../model/grid';
import { makeLattice, type Lattice } from '../../model/lattice';
import { latticeHintsOfEdges, latticeLoopEdges, latticeLoopProblem } from '../../model/latticeLoop';
import { edgeList, hintsOfEdges, loopEdgesOf, loopProblem } from '../../model/loop';
import type { RunControl } from '../../zdd/control';
import { deduce } from '../deduce';
import { allowedCounts, deduceLattice } from '../latticeDeduce';
import { breaksAlone, buildLatticeLoops } from '../latticeSolve';
import type { SlitherlinkPuzzle } from '../puzzle';
import { flipWitnesses } from '../redundant';
import { buildLoops } from '../solve';
import { tablesFor, type GridTables, type SlitherlinkSpec } from '../spec';
import type { Zdd } from '../../zdd/zdd';
import { hasOtherLoop } from './uniqueness';

/** All loops meeting some hints: the diagram over the spec's open edges. */
export interface LoopDiagram {
  spec: SlitherlinkSpec;
  zdd: Zdd;
}

/** A cell as the tools report it: its row and column, or on a tiling its line, place and face number. */
export interface CellPlace {
  row: number;
  col: number;
  face?: number;
}

export interface LoopBoard {
  /** The puzzle's rows and columns (a tiling's: its height and width, as the parsed puzzle has them). */
  readonly rows: number;
  readonly cols: number;
  readonly cellCount: number;
  /** The graph as the Slitherlink spec reads it: edge ends, the cells beside each edge, each cell's edges, the edge order. */
  readonly tables: GridTables;
  /** The tiling, or undefined on squares. */
  readonly lattice?: Lattice;
  /**
   * Whether a suggestion is kept only after the puzzle with it is solved again and has the count
   * said (tilings: their deduction is the newer one, so its answers are checked twice).
   */
  readonly verifies: boolean;
  /** Sides of a cell (the largest hint it can carry). */
  sides(cell: number): number;
  /** Where a cell is, as the tools report it. */
  place(cell: number): CellPlace;
  /** Per edge: 1 on the loop around `inside` (per cell). */
  loopEdges(inside: ArrayLike<number>): Uint8Array;
  /** Why `on` (per edge) is not one simple loop, or null. */
  loopProblem(on: ArrayLike<number>): string | null;
  /** Per cell: how many of its sides `on` uses. */
  loopHints(on: ArrayLike<number>): Int8Array;
  /** The loops meeting `hints` (deduction first), or null when deduction finds none. Throws StopError. */
  loops(hints: Int8Array, control: RunControl): LoopDiagram | null;
  /** How many loops meet `hints`. Throws StopError. */
  count(hints: Int8Array, control: RunControl): bigint;
  /** Whether a loop other than `on` (which meets `hints`) meets `hints`. Throws StopError. */
  otherLoop(hints: Int8Array, on: Uint8Array, control: RunControl): boolean;
  /**
   * For `hints` whose only loop is `on`: whether some loop meets every hint but the cell's (the
   * hint is necessary). Throws StopError. `hints` is as given when it returns.
   */
  needed(hints: Int8Array, cell: number, on: Uint8Array, control: RunControl): boolean;
  /** Hints cheaply shown necessary from the loop alone (a cell flip breaking only them); may be none. */
  flipNecessary(hints: Int8Array, on: Uint8Array): Uint8Array;
}

/** A square grid of rows x cols cells. */
export function squareBoard(rows: number, cols: number): LoopBoard {
  const grid = new Grid(rows, cols);
  return {
    rows, cols, cellCount: grid.cellCount, tables: tablesFor(grid), verifies: false,
    sides: () => 4,
    place: (c) => ({ row: Math.floor(c / cols), col: c % cols }),
    loopEdges: (inside) => loopEdgesOf(grid, inside),
    loopProblem: (on) => loopProblem(grid, on),
    loopHints: (on) => hintsOfEdges(grid, on),
    loops(hints, control) {
      const d = deduce({ rows, cols, hints }, { isCancelled: control.isCancelled });
      return d.contradiction ? null : buildLoops(grid, hints, d.edges, control);
    },
    count(hints, control) {
      return this.loops(hints, control)?.zdd.count() ?? 0n;
    },
    otherLoop: (hints, on, control) => hasOtherLoop(grid, hints, on, control),
    needed(hints, cell, on, control) {
      const v = hints[cell];
      hints[cell] = -1;
      try {
        return hasOtherLoop(grid, hints, on, control);
      } finally {
        hints[cell] = v;
      }
    },
    flipNecessary: (hints, on) => flipWitnesses({ rows, cols, hints }, grid, edgeList(on)),
  };
}

/** A tiling's lattice. */
export function latticeBoard(lattice: Lattice): LoopBoard {
  const ref = lattice.ref;
  return {
    rows: ref.height, cols: ref.width, cellCount: lattice.faceCount, tables: tablesFor(lattice), lattice, verifies: true,
    sides: (f) => lattice.faceSize(f),
    place(f) {
      const row = lattice.rowOf[f]!;
      return { row, col: f - lattice.rowOff[row]!, face: f };
    },
    loopEdges: (inside) => latticeLoopEdges(lattice, inside),
    loopProblem: (on) => latticeLoopProblem(lattice, on),
    loopHints: (on) => latticeHintsOfEdges(lattice, on),
    loops(hints, control) {
      const d = deduceLattice(lattice, allowedCounts(hints), { deadline: control.deadline, isCancelled: control.isCancelled });
      return d.contradiction ? null : buildLatticeLoops(lattice, hints, control, d.edges);
    },
    count(hints, control) {
      return this.loops(hints, control)?.zdd.count() ?? 0n;
    },
    otherLoop: (hints, on, control) => hasOtherLoop(lattice, hints, on, control),
    needed(hints, f, on, control) {
      // Witnesses near the loop, deduction and a search first (latticeSolve.ts); the search's
      // diagram gets the whole node limit, and past it the plain test for another loop decides.
      const breaks = breaksAlone(lattice, hints, f, control, on, undefined, control.limits?.maxNodes ?? Infinity);
      if (breaks !== null) return breaks;
      const v = hints[f]!;
      hints[f] = -1;
      try {
        return hasOtherLoop(lattice, hints, on, control);
      } finally {
        hints[f] = v;
      }
    },
    // breaksAlone tries the flips near each hint itself.
    flipNecessary: () => new Uint8Array(lattice.faceCount),
  };
}

/** The board of a parsed puzzle (or a tool's input): its tiling's lattice, or its square grid. */
export function boardOf(p: Pick<SlitherlinkPuzzle, 'rows' | 'cols' | 'tiling'>): LoopBoard {
  return p.tiling ? latticeBoard(makeLattice(p.tiling)) : squareBoard(p.rows, p.cols);
}
