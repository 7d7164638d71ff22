/**
 * Slitherlink on a lattice (model/lattice.ts): the family of loops, and the redundant hints of a
 * unique puzzle. No deduction runs first: every edge is a variable of the diagram.
 */
import type { Lattice } from '../model/lattice';
import { StopError, type RunControl } from '../zdd/control';
import { buildZdd, findLiveEvents } from '../zdd/build';
import { searchSet } from '../zdd/search';
import { DiffersSpec } from '../zdd/specs/differs';
import type { Zdd } from '../zdd/zdd';
import { SlitherlinkSpec } from './spec';
import { allowedCounts, deduceLattice } from './latticeDeduce';

export interface LatticeLoops {
  spec: SlitherlinkSpec;
  zdd: Zdd;
  nodes: number;
}

/**
 * Every loop of the lattice meeting `hints` (per face, -1 = none) that agrees with `fixed` (per
 * edge -1 open / 0 off / 1 on, deduction's result; default all open). Throws StopError on a limit.
 */
export function buildLatticeLoops(lattice: Lattice, hints: Int8Array, control?: RunControl, fixed?: Int8Array): LatticeLoops {
  const spec = new SlitherlinkSpec(lattice, hints, { fixed });
  const { zdd, stats } = buildZdd(spec, control);
  return { spec, zdd, nodes: stats.nodesCreated };
}

/** Dead states of the search for a loop breaking one hint alone, before the hint goes to the diagrams. */
const WITNESS_NODES = 2_000;

export interface LatticeRedundancyOptions {
  /**
   * Diagram nodes a group of several hints may take before it is split in two (default: the
   * caller's node limit). Splitting costs: each half builds nearly the whole diagram again (a
   * Loopy floret: 5.8 s in one group, 28 s split at 1,000,000 nodes), so it is the last resort.
   */
  groupNodes?: number;
  /** The unique loop (lattice edges): searches for loops breaking one hint try its edges first. */
  solution?: readonly number[];
  /** Dead states of each search (WITNESS_NODES); 0 skips the searches. */
  witnessNodes?: number;
  /** Deduce each hint first (breaksAlone; default true); false: the diagrams alone. */
  deduce?: boolean;
}

/**
 * Faces whose hint is redundant in a puzzle with exactly one loop, ascending: hint h is necessary
 * iff some loop meets every hint but h and breaks h (spec `breakable` {h}, `mustBreak`).
 * 0. One diagram as in 1. within FIRST_GROUP_NODES; past them, each hint alone (breaksAlone:
 *    witnesses near the loop, deduction, a search, its own diagram); the hints it leaves
 *    undecided (a diagram past 2,000,000 nodes) go on to 1. and 2. (`deduce: false`: straight to 1.)
 * 1. One diagram in broken-mark mode for all hints (the loops that break exactly one of them and
 *    meet all others): the hints some loop breaks (its live events) are necessary, the others
 *    redundant. On Loopy's puzzles this one diagram is the fastest way (a floret: 1.4 s).
 * 2. When it passes the node limit: a small depth-first search per hint for a loop breaking it
 *    alone, the solution's edges tried first (such a loop usually differs from the solution near
 *    the hint), takes the hints it shows necessary out; then the rest again in one diagram, split
 *    in two while too large (faces are numbered row by row, so halves are regions), down to single
 *    hints.
 * Throws StopError (time, cancellation, or a single hint past the node limit).
 */
export function latticeRedundantHints(
  lattice: Lattice, hints: Int8Array, control?: RunControl, options: LatticeRedundancyOptions = {},
): number[] {
  const hinted: number[] = [];
  for (let f = 0; f < lattice.faceCount; f++) if (hints[f] >= 0) hinted.push(f);
  const necessary = new Set<number>();
  if (options.deduce !== false) {
    // One diagram for all hints first while it stays small (the 12-gon tilings and kagome: faster than a deduction per hint).
    const first = groupLive(lattice, hints, hinted, control, FIRST_GROUP_NODES);
    if (first) return hinted.filter((f) => !first.has(f));
  }
  // Each hint by deduction and a small search first; the diagrams below get only the undecided.
  const onLoopEdges = options.solution ? new Uint8Array(lattice.edgeCount) : undefined;
  for (const e of options.solution ?? []) onLoopEdges![e] = 1;
  const undecided: number[] = [];
  for (const f of hinted) {
    const breaks = options.deduce === false ? null : breaksAlone(lattice, hints, f, control, onLoopEdges);
    if (breaks === true) necessary.add(f);
    else if (breaks === null) undecided.push(f);
  }
  if (undecided.length > 0) for (const f of diagramNecessary(lattice, hints, undecided, necessary, control, options)) necessary.add(f);
  return hinted.filter((f) => !necessary.has(f));
}

/** Nodes of the one diagram for all hints tried before each hint is tested alone. */
const FIRST_GROUP_NODES = 200_000;

/**
 * The hints of `group` that some loop breaks while meeting every other hint (the live break
 * events of one diagram in broken-mark mode), or null when the diagram passes `maxNodes`.
 */
function groupLive(lattice: Lattice, hints: Int8Array, group: readonly number[], control: RunControl | undefined, maxNodes: number): Set<number> | null {
  const breakable = new Uint8Array(lattice.faceCount);
  for (const f of group) breakable[f] = 1;
  const spec = new SlitherlinkSpec(lattice, hints, { breakable, mustBreak: true });
  try {
    const { live } = findLiveEvents(spec, { ...control, limits: { ...control?.limits, maxNodes: Math.min(maxNodes, control?.limits?.maxNodes ?? Infinity) } });
    return new Set(live);
  } catch (e) {
    if (e instanceof StopError && e.stopped.limit === 'nodes') return null;
    throw e;
  }
}

/** Dead states of the search for a loop breaking one hint alone, after its deduction (breaksAlone). */
const DEDUCED_SEARCH_NODES = 5_000;
/** Nodes of that hint's diagram when the search runs out (then the group diagrams take it). */
const DEDUCED_DIAGRAM_NODES = 2_000_000;

/**
 * Does some loop meet every hint but f's and break f's (f's hint is then necessary in a puzzle
 * with one loop)? Deduction of P[f != k] (latticeDeduce.ts): a contradiction says no; else a
 * depth-first search over the spec for such a loop on the edges the deduction left open, the
 * solution's edges (`onLoop`) tried first, and when it runs out of its budget the diagram of
 * those loops. A loop found is checked against the hints directly. Null when the diagram passes
 * its node budget (`diagramNodes`, default 2,000,000). Throws StopError on time or cancellation.
 */
export function breaksAlone(
  lattice: Lattice, hints: Int8Array, f: number, control?: RunControl, onLoop?: Uint8Array, nodes = DEDUCED_SEARCH_NODES, diagramNodes = DEDUCED_DIAGRAM_NODES,
): boolean | null {
  if (hints[f] < 0) return false;
  if (control?.isCancelled?.()) throw new StopError({ limit: 'cancelled', message: 'undecided: cancelled', nodes: 0, progress: 0 });
  if (onLoop && (flipWitness(lattice, hints, f, onLoop) || windowWitness(lattice, hints, f, onLoop, 2, control) || windowWitness(lattice, hints, f, onLoop, 3, control))) return true;
  const d = deduceLattice(lattice, allowedCounts(hints, f), { deadline: control?.deadline, isCancelled: control?.isCancelled });
  if (d.contradiction) return false;
  const breakable = new Uint8Array(lattice.faceCount);
  breakable[f] = 1;
  const spec = new SlitherlinkSpec(lattice, hints, { fixed: d.edges, breakable, mustBreak: true });
  const prefer = onLoop ? (level: number): 0 | 1 => (onLoop[spec.openEdges[spec.levels - level]] ? 1 : 0) : undefined;
  const found = searchSet(spec, {
    maxNodes: Math.min(nodes, control?.limits?.maxNodes ?? Infinity), deadline: control?.deadline ?? Infinity,
    timeMs: control?.limits?.timeMs ?? 0, isCancelled: control?.isCancelled,
  }, prefer);
  if (found === false) return false;
  let levels = found;
  if (levels === null) {
    // The diagram of those loops on the open edges (small once deduction has run).
    let zdd: Zdd;
    try {
      zdd = buildZdd(spec, { ...control, limits: { ...control?.limits, maxNodes: Math.min(diagramNodes, control?.limits?.maxNodes ?? Infinity) } }).zdd;
    } catch (e) {
      if (e instanceof StopError && e.stopped.limit === 'nodes') return null;
      throw e;
    }
    if (zdd.count() === 0n) return false;
    levels = zdd.first();
  }
  // The loop found, checked directly: it meets the other hints and breaks f's.
  const loop = spec.edgesOf(levels);
  const others = Int8Array.from(hints);
  others[f] = -1;
  if (!latticeLoopMeets(lattice, others, loop) || latticeLoopMeets(lattice, hints, loop)) return null;
  return true;
}

/**
 * A loop near `onLoop` that meets every hint but f's and breaks f's: the loop with the inside of f,
 * of a face beside f, or of f and one beside it flipped (the symmetric difference with their
 * outlines), checked directly. Such a loop usually exists when f's hint is necessary.
 */
function flipWitness(lattice: Lattice, hints: Int8Array, f: number, onLoop: Uint8Array): boolean {
  const others = Int8Array.from(hints);
  others[f] = -1;
  const near = [f];
  for (const e of lattice.edgesOf(f)) {
    const g = lattice.sides[2 * e] === f ? lattice.sides[2 * e + 1] : lattice.sides[2 * e];
    if (g >= 0 && !near.includes(g)) near.push(g);
  }
  const flips = [...near.map((g) => [g]), ...near.slice(1).map((g) => [f, g])];
  const loop = Uint8Array.from(onLoop);
  for (const faces of flips) {
    for (const g of faces) for (const e of lattice.edgesOf(g)) loop[e] ^= 1;
    const edges: number[] = [];
    for (let e = 0; e < loop.length; e++) if (loop[e]) edges.push(e);
    if (latticeLoopMeets(lattice, others, edges) && !latticeLoopMeets(lattice, hints, edges)) return true;
    for (const g of faces) for (const e of lattice.edgesOf(g)) loop[e] ^= 1;
  }
  return false;
}

/** Dead states of a window's search (windowWitness). */
const WINDOW_NODES = 500;

/**
 * A loop that agrees with `onLoop` outside the faces within `radius` steps of f (sharing an edge)
 * and meets every hint but f's and breaks f's: a small search over the window's edges, its loop
 * checked directly.
 */
function windowWitness(lattice: Lattice, hints: Int8Array, f: number, onLoop: Uint8Array, radius: number, control?: RunControl): boolean {
  const fixed = Int8Array.from(onLoop);
  const dist = new Int32Array(lattice.faceCount).fill(-1);
  dist[f] = 0;
  const queue = [f];
  for (let i = 0; i < queue.length; i++) {
    const g = queue[i];
    for (const e of lattice.edgesOf(g)) {
      fixed[e] = -1;
      const n = lattice.sides[2 * e] === g ? lattice.sides[2 * e + 1] : lattice.sides[2 * e];
      if (n >= 0 && dist[n] < 0 && dist[g] < radius) {
        dist[n] = dist[g] + 1;
        queue.push(n);
      }
    }
  }
  const breakable = new Uint8Array(lattice.faceCount);
  breakable[f] = 1;
  const spec = new SlitherlinkSpec(lattice, hints, { fixed, breakable, mustBreak: true });
  const found = searchSet(spec, {
    maxNodes: WINDOW_NODES, deadline: control?.deadline ?? Infinity, timeMs: control?.limits?.timeMs ?? 0, isCancelled: control?.isCancelled,
  });
  if (!found) return false;
  const loop = spec.edgesOf(found);
  const others = Int8Array.from(hints);
  others[f] = -1;
  return latticeLoopMeets(lattice, others, loop) && !latticeLoopMeets(lattice, hints, loop);
}

/**
 * The hints of `group` shown necessary by diagrams (see latticeRedundantHints), `necessary`
 * holding those already known.
 */
function diagramNecessary(
  lattice: Lattice, hints: Int8Array, hinted: readonly number[], known: ReadonlySet<number>, control: RunControl | undefined, options: LatticeRedundancyOptions,
): Set<number> {
  const necessary = new Set<number>(known);
  const maxNodes = control?.limits?.maxNodes;
  const groupNodes = options.groupNodes ?? maxNodes;
  const witnessNodes = options.witnessNodes ?? WITNESS_NODES;
  const specFor = (group: readonly number[]) => {
    const breakable = new Uint8Array(lattice.faceCount);
    for (const f of group) breakable[f] = 1;
    return new SlitherlinkSpec(lattice, hints, { breakable, mustBreak: true });
  };
  const onLoop = new Uint8Array(lattice.edgeCount);
  for (const e of options.solution ?? []) onLoop[e] = 1;
  /** The hints of `group` that no small search shows necessary (those it does are marked). */
  const searchWitnesses = (group: readonly number[]): number[] => {
    const rest: number[] = [];
    for (const f of group) {
      const spec = specFor([f]);
      const prefer = (level: number): 0 | 1 => (onLoop[spec.openEdges[spec.levels - level]] ? 1 : 0);
      const limits = {
        maxNodes: Math.min(witnessNodes, maxNodes ?? Infinity), deadline: control?.deadline ?? Infinity,
        timeMs: control?.limits?.timeMs ?? 0, isCancelled: control?.isCancelled,
      };
      const found = searchSet(spec, limits, prefer);
      if (found === null) rest.push(f);
      else if (found !== false) necessary.add(f);
      // found === false: no loop breaks f alone, so f is redundant.
    }
    return rest;
  };
  let searched = witnessNodes <= 0;
  const visit = (group: readonly number[]): void => {
    if (group.length === 0) return;
    const budget = group.length > 1 && groupNodes !== undefined ? Math.min(groupNodes, maxNodes ?? groupNodes) : maxNodes;
    try {
      const { live } = findLiveEvents(specFor(group), { ...control, limits: { ...control?.limits, ...(budget !== undefined ? { maxNodes: budget } : {}) } });
      for (const f of live) necessary.add(f);
    } catch (e) {
      if (!(e instanceof StopError) || e.stopped.limit !== 'nodes' || group.length === 1) throw e;
      if (!searched) {
        searched = true;
        visit(searchWitnesses(group));
        return;
      }
      const half = group.length >> 1;
      visit(group.slice(0, half));
      visit(group.slice(half));
    }
  };
  visit(hinted);
  return necessary;
}

export interface LatticeWitnesses {
  /** 'none' / 'unique': proved by an exhausted search; 'multiple': two loops found; null: undecided. */
  verdict: 'none' | 'unique' | 'multiple' | null;
  first?: number[];
  second?: number[];
}

/**
 * Two loops, or a proof of none or of one, by depth-first search over the spec (zdd/search.ts)
 * without building the diagram: a draft with too many loops to count is still `multiple`. Dead
 * states count against `budget` (and the caller's node limit); time and cancellation throw StopError.
 * Every loop returned is checked against the hints directly.
 */
export function latticeWitnesses(
  lattice: Lattice, hints: Int8Array, control: RunControl & { deadline: number }, budget = { first: 20_000, second: 100_000 }, fixed?: Int8Array,
): LatticeWitnesses {
  const spec = new SlitherlinkSpec(lattice, hints, { fixed });
  const limits = (maxNodes: number) => ({
    maxNodes: Math.min(maxNodes, control.limits?.maxNodes ?? Infinity), deadline: control.deadline,
    timeMs: control.limits?.timeMs ?? 0, isCancelled: control.isCancelled,
  });
  const found = searchSet(spec, limits(budget.first));
  if (found === false) return { verdict: 'none' };
  if (found === null) return { verdict: null };
  const first = spec.edgesOf(found);
  if (!latticeLoopMeets(lattice, hints, first)) return { verdict: null };
  const differs = new DiffersSpec(spec, spec.levels, found);
  const other = searchSet(differs, limits(budget.second), differs.preferX);
  if (other === false) return { verdict: 'unique', first };
  if (other === null) return { verdict: null, first };
  const second = spec.edgesOf(other);
  if (!latticeLoopMeets(lattice, hints, second) || second.join() === first.join()) return { verdict: null, first };
  return { verdict: 'multiple', first, second };
}

/** Whether `edges` are one simple loop of the lattice meeting every hint (checked directly, not by the spec). */
export function latticeLoopMeets(lattice: Lattice, hints: Int8Array, edges: readonly number[]): boolean {
  if (edges.length < 3) return false;
  const count = new Int32Array(lattice.faceCount);
  const degree = new Int32Array(lattice.vertexCount);
  const parent = Int32Array.from({ length: lattice.vertexCount }, (_, v) => v);
  const find = (v: number): number => {
    while (parent[v] !== v) v = parent[v] = parent[parent[v]];
    return v;
  };
  let components = 0;
  for (const e of edges) {
    const a = lattice.ends[2 * e], b = lattice.ends[2 * e + 1];
    for (const v of [a, b]) if (degree[v]++ === 0) components++;
    const ra = find(a), rb = find(b);
    if (ra !== rb) { parent[ra] = rb; components--; }
    for (let k = 0; k < 2; k++) {
      const f = lattice.sides[2 * e + k];
      if (f >= 0) count[f]++;
    }
  }
  for (let v = 0; v < lattice.vertexCount; v++) if (degree[v] !== 0 && degree[v] !== 2) return false;
  if (components !== 1) return false;
  for (let f = 0; f < lattice.faceCount; f++) if (hints[f] >= 0 && count[f] !== hints[f]) return false;
  return true;
}
