/**
 * One Arukone puzzle's canonical family (numberlink/canonical.ts) built one way, for the
 * comparison of the routes of issue 18: `route`, the depth-first build with the global rules at
 * every state (what decideFromCanonical runs), or `kernel`, the breadth-first build on the
 * compiled kernel (numberlink/wasm/notouch.ts) with the initial deduction's fixed edges and no
 * per-state global rules. One puzzle per process (its peak RSS is its own); prints one JSON line.
 *   node canonical-runner.cjs FILE TIME_MS route|kernel
 */
import { readFileSync } from 'node:fs';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { makeInstance } from '../../server/src/numberlink/instance';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';
import { StopError } from '../../server/src/zdd/control';

export interface CanonicalRun {
  file: string;
  how: 'route' | 'kernel';
  /** Members of the family (null when stopped). */
  members: string | null;
  states: number | null;
  compiled: boolean;
  cpuMs: number;
  ms: number;
  baseMB: number;
  peakMB: number;
  stopped?: string;
}

export function runCanonical(file: string, timeMs: number, how: 'route' | 'kernel'): CanonicalRun {
  const p = parseNumberlink(readFileSync(file, 'utf8')).puzzle;
  if (!p) throw new Error(`${file}: not a Numberlink puzzle`);
  const baseMB = Math.round(process.memoryUsage().rss / 2 ** 20);
  const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const done = (r: Omit<CanonicalRun, 'file' | 'how' | 'cpuMs' | 'ms' | 'baseMB' | 'peakMB'>): CanonicalRun => {
    const c = process.cpuUsage(c0);
    return {
      file, how, ...r, cpuMs: Math.round((c.user + c.system) / 1000), ms: Math.round(performance.now() - t0),
      baseMB, peakMB: Math.round(process.resourceUsage().maxRSS / 1024),
    };
  };
  try {
    const nz = buildNumberlinkZdd(
      inst, { fill: false, notouch: true }, { limits: { timeMs, maxNodes: 2_000_000_000 } },
      how === 'route' ? { canonical: true, searchGlobalRules: true } : { canonical: true, search: 'breadth' },
    );
    return done({ members: nz.zdd.count().toString(), states: nz.stats.nodesCreated, compiled: nz.stats.compiled === true });
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    return done({ members: null, states: e.stopped.nodes ?? null, compiled: false, stopped: e.stopped.message });
  }
}
