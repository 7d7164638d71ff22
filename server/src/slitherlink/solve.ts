/**
 * Counting Slitherlink loops: the cycle spec over the edges deduction left open, built into a ZDD.
 */
import { Grid } from '../model/grid';
import type { RunControl } from '../zdd/control';
import { buildZdd } from '../zdd/build';
import type { Zdd } from '../zdd/zdd';
import { SlitherlinkSpec } from './spec';

export interface LoopFamily {
  spec: SlitherlinkSpec;
  zdd: Zdd;
  /** States created while building (the engine's nodesCreated). */
  nodes: number;
}

/**
 * All loops meeting `hints` (-1 = no hint) that agree with `fixed` (per edge -1 open / 0 off /
 * 1 on; default all open). Throws StopError on a limit.
 */
export function buildLoops(grid: Grid, hints: Int8Array, fixed?: Int8Array, control?: RunControl): LoopFamily {
  const spec = new SlitherlinkSpec(grid, hints, { fixed });
  const { zdd, stats } = buildZdd(spec, control);
  return { spec, zdd, nodes: stats.nodesCreated };
}

/** The grid edges of the set given by its ZDD levels. */
export function loopEdges(family: LoopFamily, levels: number[]): number[] {
  return family.spec.edgesOf(levels);
}

/** Grid edges as vertex pairs [r1, c1, r2, c2] (the CheckResult / FORMATS.md form). */
export function edgesAsVertexPairs(grid: Grid, edges: number[]): [number, number, number, number][] {
  return edges.map((e) => grid.edgeEnds(e));
}
