/**
 * Slitherlink on a tiling (puzzle.tiling): the diagram of every loop on the lattice's edges, its
 * verdict, exact count and solutions, and for a unique puzzle its redundant hints. Neither
 * deduction nor witnesses run on tilings yet: the count decides, within the limits.
 */
import { makeLattice, type Lattice } from '../model/lattice';
import type { SlitherlinkPuzzle } from '../model/puzzle';
import { StopError, withDeadline } from '../zdd/control';
import { buildLatticeLoops, latticeRedundantHints } from '../slitherlink/latticeSolve';
import type { CheckOptions } from './options';
import type { CellRef, CheckResult, LoopSolution } from './result';

export function checkTilingSlitherlink(puzzle: SlitherlinkPuzzle, options: CheckOptions = {}): CheckResult {
  const t0 = performance.now();
  const tiling = puzzle.tiling!;
  const base = { kind: 'slitherlink' as const, rows: puzzle.rows, cols: puzzle.cols, tiling, errors: [] };
  const done = (r: Omit<CheckResult, 'kind' | 'rows' | 'cols' | 'errors' | 'ms' | 'tiling'>): CheckResult => ({
    ...base, ...r, ms: Math.round((performance.now() - t0) * 100) / 100,
  });
  const control = withDeadline(options.control);
  const lattice = makeLattice(tiling);
  let family;
  try {
    family = buildLatticeLoops(lattice, puzzle.hints, control);
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    return done({ verdict: 'unknown', count: null, stopped: e.stopped });
  }
  const count = family.zdd.count();
  if (count === 0n) return done({ verdict: 'none', count: '0' });
  const first = family.spec.edgesOf(family.zdd.first());
  const solution = latticeLoop(lattice, first);
  if (count > 1n) {
    const second = options.secondSolution !== false ? { secondSolution: latticeLoop(lattice, family.spec.edgesOf(family.zdd.kth(1n))) } : {};
    return done({ verdict: 'multiple', count: count.toString(), solution, ...second });
  }
  if (options.redundant === false) return done({ verdict: 'unique', count: '1', solution });
  try {
    const redundant = latticeRedundantHints(lattice, puzzle.hints, control).map((f) => faceRef(lattice, f));
    return done({ verdict: 'unique', count: '1', solution, redundant });
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    const message = e.stopped.message.replace(/^undecided: /, '');
    return done({ verdict: 'unique', count: '1', solution, redundantStopped: { ...e.stopped, message: `redundant hints undecided: ${message}` } });
  }
}

/** A loop as a CheckResult solution: Loopy coordinates and edge numbers. */
export function latticeLoop(lattice: Lattice, edges: number[]): LoopSolution {
  return { edges: edges.map((e) => lattice.edgeCoords(e)), edgeIds: edges };
}

/** Face f as a CellRef: its line of the file's grid and its place in that line (0-based), and its number. */
export function faceRef(lattice: Lattice, f: number): CellRef {
  const row = lattice.rowOf[f];
  return { row, col: f - lattice.rowOff[row], face: f };
}
