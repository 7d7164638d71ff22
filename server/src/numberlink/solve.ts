/**
 * Builds the ZDD of all solutions of a Numberlink instance under a rule: deduction first (forced
 * and forbidden edges), then the path-matching spec over the frontier plan.
 */
import type { NumberlinkRule } from '../model/puzzle';
import { buildZdd, type BuildStats } from '../zdd/build';
import type { RunControl } from '../zdd/control';
import { planFrontier } from '../zdd/frontier';
import { Zdd } from '../zdd/zdd';
import { deduce } from './deduce';
import type { NumberlinkInstance } from './instance';
import { NumberlinkSpec } from './spec';

export interface NumberlinkZdd {
  /** Sets of free edges (levels); `edgesOf` turns one into the solution's graph edges. */
  zdd: Zdd;
  /** The graph edges of a set of the ZDD (null only for a set that is not in it). */
  edgesOf(levels: number[]): number[] | null;
  stats: BuildStats;
  /** Edges decided by deduction before building. */
  deduced: number;
}

export interface SolveOptions {
  /** Deduce forced edges before building (default true); off only to test that it changes nothing. */
  deduce?: boolean;
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
  const plan = planFrontier(inst.graph, inst.order);
  const m = plan.edgeCount;
  let fixed: Int8Array | undefined;
  let deduced = 0;
  if (options?.deduce !== false) {
    const d = deduce(inst, rule);
    if (d.contradiction) {
      return {
        zdd: Zdd.empty(m), edgesOf: () => null, deduced: d.decided,
        stats: { ms: 0, nodesCreated: 0, maxLevelWidth: 0, levels: m, reducedNodes: 0, resumedFrom: 0 },
      };
    }
    fixed = d.fixed;
    deduced = d.decided;
  }
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
  const { zdd, stats } = buildZdd(spec, control);
  return { zdd, edgesOf: (levels) => spec.decode(levels), stats, deduced };
}
