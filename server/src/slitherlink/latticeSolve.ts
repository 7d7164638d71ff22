/**
 * Slitherlink on a lattice (model/lattice.ts): the family of loops, and the redundant hints of a
 * unique puzzle. No deduction runs first: every edge is a variable of the diagram.
 */
import type { Lattice } from '../model/lattice';
import { StopError, type RunControl } from '../zdd/control';
import { buildZdd, findLiveEvents } from '../zdd/build';
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
