/**
 * Slitherlink on a tiling (puzzle.tiling): the diagram of every loop on the lattice's edges, its
 * verdict, exact count and solutions, and for a unique puzzle its redundant hints and which of
 * them can go together. No deduction runs on tilings yet. With `witnesses`, a count that does not
 * fit a small budget gives way to a search for two loops (a draft is `multiple` at once), then
 * the count runs within the limits.
 */
import { makeLattice, type Lattice } from '../model/lattice';
import type { SlitherlinkPuzzle } from './puzzle';
import { StopError, withDeadline, type RunControl, type Stopped } from '../zdd/control';
import { breaksAlone, buildLatticeLoops, latticeLoopMeets, latticeRedundantHints, latticeWitnesses, type LatticeLoops } from './latticeSolve';
import { SlitherlinkSpec } from './spec';
import { searchSet } from '../zdd/search';
import type { CheckOptions } from '../analysis/options';
import { countUnlessHopeless } from '../analysis/hopeless';
import type { CellRef, CheckResult, LoopSolution } from '../analysis/result';
import type { MinimizeResult } from './minimize';
import { allowedCounts, deduceLattice, type LatticeDeduction } from './latticeDeduce';
import { latticeUsageMap, loopUsage } from './usage';

/** Nodes of the first count when witnesses may decide instead (the count proper gets the limits). */
const FIRST_COUNT_NODES = 300_000;

type Outcome = Omit<CheckResult, 'kind' | 'rows' | 'cols' | 'errors' | 'ms' | 'tiling'>;

/**
 * How a check deduces and builds its diagram: cold by default; the incremental session
 * (incremental.ts) reuses its last deduction and resumes its last diagram. `shift` is added to
 * the spec's levels in `zdd` (0 cold).
 */
export interface TilingSolver {
  deduce(lattice: Lattice, hints: Int8Array, control: RunControl & { deadline: number }): LatticeDeduction;
  build(lattice: Lattice, hints: Int8Array, control: RunControl, fixed: Int8Array): LatticeLoops & { shift?: number };
}

const cold: TilingSolver = {
  deduce: (lattice, hints, control) => deduceLattice(lattice, allowedCounts(hints), { deadline: control.deadline, isCancelled: control.isCancelled }),
  build: buildLatticeLoops,
};

export function checkTilingSlitherlink(puzzle: SlitherlinkPuzzle, options: CheckOptions = {}, solver: TilingSolver = cold): CheckResult {
  const t0 = performance.now();
  const tiling = puzzle.tiling!;
  const done = (r: Outcome): CheckResult => ({
    kind: 'slitherlink', rows: puzzle.rows, cols: puzzle.cols, tiling, errors: [], ...r,
    ms: Math.round((performance.now() - t0) * 100) / 100,
  });
  const control = withDeadline(options.control);
  const lattice = makeLattice(tiling);
  try {
    return done(decide(lattice, puzzle.hints, options, control, solver));
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    return done({ verdict: 'unknown', count: null, stopped: e.stopped });
  }
}

/** The outcome of a check (throws StopError when the limits stop it before a verdict). */
function decide(lattice: Lattice, hints: Int8Array, options: CheckOptions, control: RunControl & { deadline: number }, solver: TilingSolver): Outcome {
  // Deduction first (sound: every loop agrees with it), so the diagram spans only the edges left open.
  const d = solver.deduce(lattice, hints, control);
  if (control.isCancelled?.()) throw new StopError({ limit: 'cancelled', message: 'undecided: cancelled during deduction', nodes: 0, progress: 0 });
  if (d.contradiction) return { verdict: 'none', count: '0' };
  const fixed = d.edges;
  if (options.witnesses === true) {
    const budget = Math.min(FIRST_COUNT_NODES, control.limits?.maxNodes ?? FIRST_COUNT_NODES);
    try {
      return fromFamily(lattice, hints, solver.build(lattice, hints, { ...control, limits: { ...control.limits, maxNodes: budget } }, fixed), options, control);
    } catch (e) {
      if (!(e instanceof StopError) || e.stopped.limit !== 'nodes' || budget >= (control.limits?.maxNodes ?? Infinity)) throw e;
    }
    const w = latticeWitnesses(lattice, hints, control, undefined, fixed);
    if (w.verdict === 'none') return { verdict: 'none', count: '0' };
    if (w.verdict === 'unique') return uniqueOutcome(lattice, hints, w.first!, options, control);
    if (w.verdict === 'multiple') {
      const found: Outcome = {
        verdict: 'multiple', count: null, countAtLeast: '2', solution: latticeLoop(lattice, w.first!),
        ...(options.secondSolution !== false ? { secondSolution: latticeLoop(lattice, w.second!) } : {}),
      };
      if (options.countAfterWitnesses === false) return { ...found, countPending: true };
      try {
        // The count is extra now: it stops once seen not to fit.
        return countUnlessHopeless(control, (watched) => fromFamily(lattice, hints, solver.build(lattice, hints, watched, fixed), options, control));
      } catch (e) {
        if (!(e instanceof StopError)) throw e;
        return { ...found, stopped: e.stopped };
      }
    }
  }
  return fromFamily(lattice, hints, solver.build(lattice, hints, control, fixed), options, control);
}

function fromFamily(lattice: Lattice, hints: Int8Array, family: LatticeLoops & { shift?: number }, options: CheckOptions, control: RunControl): Outcome {
  const count = family.zdd.count();
  if (count === 0n) return { verdict: 'none', count: '0' };
  const shift = family.shift ?? 0;
  const edgesOf = (levels: number[]): number[] => family.spec.edgesOf(shift === 0 ? levels : levels.map((L) => L - shift));
  const first = edgesOf(family.zdd.first());
  if (count === 1n) return uniqueOutcome(lattice, hints, first, options, control);
  const second = options.secondSolution !== false ? { secondSolution: latticeLoop(lattice, edgesOf(family.zdd.kth(1n))) } : {};
  // The ambiguity map: how many loops use each edge (one pass over the diagram).
  const usage = options.usage ? { usage: latticeUsageMap(lattice, loopUsage(lattice, family.spec, family.zdd, shift), count) } : {};
  return { verdict: 'multiple', count: count.toString(), solution: latticeLoop(lattice, first), ...second, ...usage };
}

/** A unique puzzle: its loop, redundant hints, and which of them can go together (as asked). */
function uniqueOutcome(lattice: Lattice, hints: Int8Array, loop: number[], options: CheckOptions, control: RunControl): Outcome {
  const solution = latticeLoop(lattice, loop);
  if (options.redundant === false) return { verdict: 'unique', count: '1', solution };
  let redundant: number[];
  try {
    redundant = latticeRedundantHints(lattice, hints, control, { solution: loop });
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    return { verdict: 'unique', count: '1', solution, redundantStopped: undecided('redundant hints', e.stopped) };
  }
  const refs = redundant.map((f) => faceRef(lattice, f));
  if (options.redundantTogether === false) return { verdict: 'unique', count: '1', solution, redundant: refs };
  const together = redundantTogether(lattice, hints, redundant, togetherControl(control, options.togetherTimeMs), loop);
  return {
    verdict: 'unique', count: '1', solution, redundant: refs, redundantTogether: together.removed.map((f) => faceRef(lattice, f)),
    ...(together.stopped ? { redundantTogetherStopped: undecided('redundant hints together', together.stopped) } : {}),
  };
}

/**
 * "Remove all redundant hints" on a tiling (`hints` with exactly one loop): the redundant hints
 * removed one at a time, in order, each while the loop stays the only one (breaksAlone, else a
 * count). Stops at the limits with what it removed until then.
 */
export function redundantTogether(
  lattice: Lattice, hints: Int8Array, redundant: readonly number[], control: RunControl, solution?: readonly number[],
): { removed: number[]; stopped?: Stopped } {
  const now = Int8Array.from(hints);
  // The loop stays the same throughout: witnesses near it are tried first.
  const onLoop = solution ? new Uint8Array(lattice.edgeCount) : undefined;
  for (const e of solution ?? []) onLoop![e] = 1;
  const removed: number[] = [];
  for (const f of redundant) {
    try {
      // `now` has one loop: f can go iff no loop meets the others and breaks f (else a count).
      // The diagram of those loops gets the whole node limit: it is a part of the count's (any
      // other loop meeting the rest breaks f), so giving up on it at 2M nodes to build the
      // larger count cost both (Cairo p026, floret p063: about half their time).
      let keep = breaksAlone(lattice, now, f, control, onLoop, undefined, control.limits?.maxNodes ?? Infinity);
      if (keep === null) {
        now[f] = -1;
        const d = deduceLattice(lattice, allowedCounts(now), { deadline: control.deadline, isCancelled: control.isCancelled });
        keep = d.contradiction || buildLatticeLoops(lattice, now, control, d.edges).zdd.count() !== 1n;
      }
      now[f] = keep ? hints[f] : -1;
      if (!keep) removed.push(f);
    } catch (e) {
      if (!(e instanceof StopError)) throw e;
      now[f] = hints[f];
      return { removed, stopped: e.stopped };
    }
  }
  return { removed };
}

function togetherControl(control: RunControl, timeMs: number | undefined): RunControl {
  if (timeMs === undefined) return control;
  const deadline = Date.now() + timeMs;
  if (control.deadline !== undefined && control.deadline <= deadline) return control;
  return { ...control, limits: { ...control.limits, timeMs }, deadline };
}

function undecided(what: string, stopped: Stopped): Stopped {
  return { ...stopped, message: `${what} undecided: ${stopped.message.replace(/^undecided: /, '')}` };
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

/**
 * The pass of "Remove all redundant hints" on a tiling, as the language server's phase 3 asks for
 * it (a MinimizeResult of faces): `redundant` tried in order (every hinted face when omitted), each
 * removed while the loop stays the only one.
 */
export function minimizeTilingHints(puzzle: SlitherlinkPuzzle, redundant: readonly CellRef[] | undefined, control: RunControl): MinimizeResult | null {
  const lattice = makeLattice(puzzle.tiling!);
  // The pass keeps the loop the only one, so it starts from a puzzle with exactly one (else null, as on squares).
  let loop: number[] | null;
  try {
    loop = theLoop(lattice, puzzle.hints, withDeadline(control));
    if (!loop) return null;
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    return { removed: [], minimal: false, checks: 0, stopped: undecided('redundant hints together', e.stopped) };
  }
  const faces = redundant
    ? redundant.map((c) => c.face ?? -1).filter((f) => f >= 0 && f < lattice.faceCount && puzzle.hints[f]! >= 0)
    : Array.from(puzzle.hints.keys()).filter((f) => puzzle.hints[f]! >= 0);
  const { removed, stopped } = redundantTogether(lattice, puzzle.hints, faces, control, loop);
  const checks = stopped ? removed.length : faces.length;
  return {
    // A hint needed in the whole puzzle stays needed with fewer hints: deciding every candidate is minimal.
    removed: removed.map((f) => faceRef(lattice, f)), minimal: !stopped, checks,
    ...(stopped ? { stopped: undecided('redundant hints together', stopped) } : {}),
  };
}

/** The loop when exactly one meets `hints` (else null): deduction, a search for two loops, else a count. Throws StopError. */
function theLoop(lattice: Lattice, hints: Int8Array, control: RunControl & { deadline: number }): number[] | null {
  const d = deduceLattice(lattice, allowedCounts(hints), { deadline: control.deadline, isCancelled: control.isCancelled });
  if (d.contradiction) return null;
  const w = latticeWitnesses(lattice, hints, control, undefined, d.edges);
  if (w.verdict !== null) return w.verdict === 'unique' ? w.first! : null;
  const family = buildLatticeLoops(lattice, hints, control, d.edges);
  return family.zdd.count() === 1n ? family.spec.edgesOf(family.zdd.first()) : null;
}

/** Dead states of the search for one loop before hasTilingLoop builds the diagram. */
const EXISTS_NODES = 20_000;

/**
 * Whether some loop meets the puzzle's hints on its tiling, as the conflict search asks for each
 * subset of hints (null: undecided within the limits): deduction (a contradiction is proof of
 * none), a depth-first search for one loop on the edges it left open (a loop found is checked
 * against the hints directly; an exhausted search is proof of none), else the diagram's count.
 * Cheaper than a check on the nearly empty subsets, whose loops are far too many to count.
 */
export function hasTilingLoop(puzzle: SlitherlinkPuzzle, control?: RunControl): boolean | null {
  return findTilingLoop(puzzle, control).solvable;
}

/** hasTilingLoop with the loop it found (lattice edges), when it found one. */
export function findTilingLoop(puzzle: SlitherlinkPuzzle, control?: RunControl): { solvable: boolean | null; witness?: number[] } {
  const lattice = makeLattice(puzzle.tiling!);
  const c = withDeadline(control);
  const hints = puzzle.hints;
  try {
    const d = deduceLattice(lattice, allowedCounts(hints), { deadline: c.deadline, isCancelled: c.isCancelled });
    if (c.isCancelled?.()) return { solvable: null };
    if (d.contradiction) return { solvable: false };
    const spec = new SlitherlinkSpec(lattice, hints, { fixed: d.edges });
    const found = searchSet(spec, {
      maxNodes: Math.min(EXISTS_NODES, c.limits.maxNodes), deadline: c.deadline, timeMs: c.limits.timeMs, isCancelled: c.isCancelled,
    });
    if (found === false) return { solvable: false };
    const loop = found === null ? null : spec.edgesOf(found);
    if (loop && latticeLoopMeets(lattice, hints, loop)) return { solvable: true, witness: loop };
    const family = buildLatticeLoops(lattice, hints, c, d.edges);
    if (family.zdd.count() === 0n) return { solvable: false };
    return { solvable: true, witness: family.spec.edgesOf(family.zdd.first()) };
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    return { solvable: null };
  }
}

/** Whether `loop` (lattice edges, from findTilingLoop) is a loop meeting the puzzle's hints, checked directly. */
export function tilingLoopMeets(puzzle: SlitherlinkPuzzle, loop: readonly number[]): boolean {
  return latticeLoopMeets(makeLattice(puzzle.tiling!), puzzle.hints, loop);
}
