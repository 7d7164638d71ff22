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

export interface LatticeLoops {
  spec: SlitherlinkSpec;
  zdd: Zdd;
  nodes: number;
}

/** Every loop of the lattice meeting `hints` (per face, -1 = none). Throws StopError on a limit. */
export function buildLatticeLoops(lattice: Lattice, hints: Int8Array, control?: RunControl): LatticeLoops {
  const spec = new SlitherlinkSpec(lattice, hints);
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
}

/**
 * Faces whose hint is redundant in a puzzle with exactly one loop, ascending: hint h is necessary
 * iff some loop meets every hint but h and breaks h (spec `breakable` {h}, `mustBreak`).
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
  return hinted.filter((f) => !necessary.has(f));
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
  lattice: Lattice, hints: Int8Array, control: RunControl & { deadline: number }, budget = { first: 20_000, second: 100_000 },
): LatticeWitnesses {
  const spec = new SlitherlinkSpec(lattice, hints);
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
