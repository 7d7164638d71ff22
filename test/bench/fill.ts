/**
 * One Numberlink puzzle counted under plain `fill` (every cell on a path, U-turns allowed), the
 * way the check counts it (numberlink/solve.ts: deduction, then the build it picks: breadth-first on
 * the compiled kernel when it loads, else depth-first; `search` forces one), for the
 * bench's side-by-side with TdZdd's `ddnumlin -a -k 0` (test/bench/tdzdd.mjs). Run one puzzle per
 * process (bundled by run.mjs) so that its peak RSS is its own; prints one JSON line.
 *   node fill-runner.cjs FILE TIME_MS [depth|breadth]
 */
import { readFileSync } from 'node:fs';
import { parseNumberlink } from '../../server/src/parse/index';
import { makeInstance } from '../../server/src/numberlink/instance';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';
import { StopError } from '../../server/src/zdd/control';

export interface FillRun {
  file: string;
  count: string | null;
  /** Engine CPU (deduction, build, reduction, count) in this process. */
  cpuMs: number;
  ms: number;
  /** States the build created (TdZdd's "<n>" of its last build step) and the reduced diagram's nodes. */
  states: number | null;
  reduced: number | null;
  /** RSS before the solve (the runtime's own) and the process's peak. */
  baseMB: number;
  peakMB: number;
  stopped?: string;
}

export function countFill(file: string, timeMs: number, search?: 'depth' | 'breadth'): FillRun {
  const p = parseNumberlink(readFileSync(file, 'utf8')).puzzle;
  if (!p) throw new Error(`${file}: not a Numberlink puzzle`);
  const baseMB = Math.round(process.memoryUsage().rss / 2 ** 20);
  const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const done = (r: Omit<FillRun, 'file' | 'cpuMs' | 'ms' | 'baseMB' | 'peakMB'>): FillRun => {
    const c = process.cpuUsage(c0);
    return {
      file, ...r, cpuMs: (c.user + c.system) / 1000, ms: performance.now() - t0,
      baseMB, peakMB: Math.round(process.resourceUsage().maxRSS / 1024),
    };
  };
  try {
    const nz = buildNumberlinkZdd(inst, { fill: true, notouch: false }, { limits: { timeMs, maxNodes: 2_000_000_000 } }, search ? { search } : undefined);
    const count = nz.zdd.count();
    return done({ count: count.toString(), states: nz.stats.nodesCreated, reduced: nz.stats.reducedNodes });
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    return done({ count: null, states: null, reduced: null, stopped: e.stopped.message });
  }
}
