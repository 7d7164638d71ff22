/**
 * Builds the ZDD of all solutions of a Numberlink instance under a rule: deduction first (forced
 * and forbidden edges), then the path-matching spec over the frontier plan.
 */
import type { NumberlinkRule } from '../model/puzzle';
import { buildZdd, type BuildStats } from '../zdd/build';
import { deadlineOf, type RunControl } from '../zdd/control';
import { planFrontier } from '../zdd/frontier';
import { Zdd } from '../zdd/zdd';
import { deduce } from './deduce';
import { chooseSweep, sweepOrder, type NumberlinkInstance } from './instance';
import { NumberlinkSpec } from './spec';

export interface NumberlinkZdd {
  /** Sets of free edges (levels); `edgesOf` turns one into the solution's graph edges. */
  zdd: Zdd;
  /** The graph edges of a set of the ZDD (null only for a set that is not in it). */
  edgesOf(levels: number[]): number[] | null;
  stats: BuildStats;
  /** Edges decided by deduction before building (probing included). */
  deduced: number;
  /** Of those, decided by probing (failed literals). */
  probed: number;
}

export interface SolveOptions {
  /** Deduce forced edges before building (default true); off only to test that it changes nothing. */
  deduce?: boolean;
  /** Probing (failed literals) after the local rules (default true); off only for tests. */
  probe?: boolean;
  /** Lookahead pruning in the spec (default true); off only for tests. */
  lookahead?: boolean;
  /** Tests only: see SpecInput.avoidWords. */
  avoidWords?: number;
}

export function buildNumberlinkZdd(
  inst: NumberlinkInstance,
  rule: NumberlinkRule,
  control?: RunControl,
  options?: SolveOptions,
): NumberlinkZdd {
  const m = inst.graph.edges.length >> 1;
  let fixed: Int8Array | undefined;
  let deduced = 0, probed = 0;
  // The time limit covers deduction and building together.
  const deadline = deadlineOf(control, Date.now());
  if (options?.deduce !== false) {
    const d = deduce(inst, rule, { probe: options?.probe !== false, isCancelled: control?.isCancelled, deadline });
    if (d.contradiction) {
      return {
        zdd: Zdd.empty(m), edgesOf: () => null, deduced: d.decided, probed: d.probed,
        stats: { ms: 0, nodesCreated: 0, maxLevelWidth: 0, levels: m, reducedNodes: 0, resumedFrom: 0 },
      };
    }
    fixed = d.fixed;
    deduced = d.decided;
    probed = d.probed;
  }
  // Unless the caller set it, the sweep is chosen after deduction (see chooseSweep).
  const sweep = inst.sweep ?? chooseSweep(inst.rows, inst.cols, inst.cells, fixed, inst.graph.edges);
  const plan = planFrontier(inst.graph, sweepOrder(inst.rows, inst.cols, sweep));
  const spec = new NumberlinkSpec({
    cellCount: inst.rows * inst.cols,
    endpointKey: inst.endpointKey,
    labelCount: inst.labelCount,
    plan,
    rule,
    fixed,
    edgeEnds: options?.lookahead === false ? undefined : inst.graph.edges,
    avoidWords: options?.avoidWords,
  });
  const { zdd, stats } = buildZdd(spec, { ...control, deadline });
  return { zdd, edgesOf: (levels) => spec.decode(levels), stats, deduced, probed };
}
