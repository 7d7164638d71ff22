// All cycles on n x n vertex grids (OEIS A140517) with the ZDD engine, for `npm run bench`.
// Each entry: the exact count, engine time (build + reduction + count), unreduced nodes created,
// reduced nodes, the RSS before the build (the runtime's own) and the peak RSS of this process so
// far (run one n per process for a clean peak). `generic`: the spec's child in the generic builder
// instead of the compiled kernel buildZdd picks for it.
import { buildZdd } from '../../server/src/zdd/build';
import { gridEdgeOrder, gridGraph, planFrontier } from '../../server/src/zdd/frontier';
import { cycleSpec } from '../../server/src/zdd/specs/simpath';

export interface CycleBench {
  n: number;
  count: bigint;
  ms: number;
  buildMs: number;
  countMs: number;
  cpuMs: number;
  nodes: number;
  reducedNodes: number;
  maxLevelWidth: number;
  baseMB: number;
  peakMB: number;
}

export async function benchCycles(ns: number[], options: { generic?: boolean } = {}): Promise<CycleBench[]> {
  const out: CycleBench[] = [];
  for (const n of ns) {
    const baseMB = Math.round(process.memoryUsage().rss / 2 ** 20);
    const g = gridGraph(n, n);
    const plan = planFrontier(g, gridEdgeOrder(n, n));
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const r = buildZdd(cycleSpec(g, plan), { limits: { maxNodes: 2_000_000_000, timeMs: 3_600_000 } }, { kernel: !options.generic });
    const t1 = performance.now();
    const count = r.zdd.count();
    const t2 = performance.now();
    const cpu = process.cpuUsage(cpu0);
    out.push({
      n, count, ms: t2 - t0, buildMs: t1 - t0, countMs: t2 - t1, cpuMs: (cpu.user + cpu.system) / 1000,
      nodes: r.stats.nodesCreated, reducedNodes: r.stats.reducedNodes, maxLevelWidth: r.stats.maxLevelWidth,
      baseMB, peakMB: Math.round(process.resourceUsage().maxRSS / 1024),
    });
  }
  return out;
}
