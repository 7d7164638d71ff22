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

/** Diagram nodes a group of several hints may take before it is split in two. */
const GROUP_NODES = 1_000_000;

/**
 * Faces whose hint is redundant in a puzzle with exactly one loop, ascending: hint h is necessary
 * iff some loop meets every hint but h and breaks h. One diagram in broken-mark mode per group of
 * hints (spec `mustBreak`: loops that break exactly one hint of the group and meet all others)
 * says which of the group's hints some loop breaks (its live events); a group whose diagram
 * passes GROUP_NODES is split in two (faces are numbered row by row, so halves are regions), and a
 * single hint gets the caller's whole limits. Throws StopError (time, cancellation, or a single
 * hint past the node limit). `groupNodes`: GROUP_NODES, smaller in tests (more splits).
 */
export function latticeRedundantHints(lattice: Lattice, hints: Int8Array, control?: RunControl, groupNodes = GROUP_NODES): number[] {
  const hinted: number[] = [];
  for (let f = 0; f < lattice.faceCount; f++) if (hints[f] >= 0) hinted.push(f);
  const necessary = new Set<number>();
  const maxNodes = control?.limits?.maxNodes;
  const visit = (group: number[]) => {
    if (group.length === 0) return;
    const breakable = new Uint8Array(lattice.faceCount);
    for (const f of group) breakable[f] = 1;
    const spec = new SlitherlinkSpec(lattice, hints, { breakable, mustBreak: true });
    const budget = group.length > 1 ? Math.min(groupNodes, maxNodes ?? groupNodes) : maxNodes;
    try {
      const { live } = findLiveEvents(spec, { ...control, limits: { ...control?.limits, ...(budget !== undefined ? { maxNodes: budget } : {}) } });
      for (const f of live) necessary.add(f);
    } catch (e) {
      if (!(e instanceof StopError) || e.stopped.limit !== 'nodes' || group.length === 1) throw e;
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
