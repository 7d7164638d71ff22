/**
 * The verdict under the Nikoli rule (paths join their labels, nothing more) from the solutions
 * under `notouch` (no path runs alongside itself), which are far fewer and far faster to build.
 *
 * Shortening: a path that touches itself (two cells adjacent on the grid, not on the path) can take
 * the shortcut between them; that leaves a Nikoli solution with fewer cells. Repeated, it ends at
 * a notouch solution. So:
 * - no notouch solution: no Nikoli solution (none);
 * - two notouch solutions: two Nikoli solutions (every notouch solution is one; multiple);
 * - exactly one, C: every other Nikoli solution S shortens to C, and its last shortening step
 *   replaced a detour by one edge (a, b) of C: a path from a to b through cells that C leaves
 *   empty. So S exists if and only if C has an edge (a, b) whose two cells are both next to one
 *   connected region of C's empty cells (the detour through that region is a second solution,
 *   different from C since it uses more cells): multiple; without such an edge C is the only
 *   solution (unique, count exactly 1).
 * For `multiple` the exact Nikoli count comes from building the Nikoli diagram when that fits in
 * a share of what the limits leave (see EXACT_COUNT_*), else it is left unknown (at least 2).
 *
 * Neither build is always the faster: on Janko's Arukone the Nikoli diagram itself (deduction
 * with the global rules, the search with the local ones) decides most puzzles, the notouch route
 * some that it does not, and those fast (160_12x12: 0.6 s against more than 5 s). So the notouch
 * route goes first with a small share of the time (NOTOUCH_FIRST_SHARE), and the Nikoli build
 * gets what is left when that stops. (Measured on the 84 Arukone puzzles that take 0.8 to 5 s,
 * 5 s each: Nikoli alone decides 80, notouch first with 15% 78, Nikoli first with 60% 74.)
 */
import type { NumberlinkRule } from './puzzle';
import { deadlineOf, resolveLimits, StopError, type RunControl, type Stopped } from '../zdd/control';
import type { NumberlinkInstance } from './instance';
import { buildNumberlinkZdd, type NumberlinkZdd } from './solve';

const NOTOUCH: NumberlinkRule = { fill: false, notouch: true };
const NIKOLI: NumberlinkRule = { fill: false, notouch: false };

/**
 * The exact count of a `multiple` puzzle is extra (the verdict is known): it gets what the limits
 * leave, but at most EXACT_COUNT_FACTOR times the time the verdict took, and at least
 * EXACT_COUNT_MIN_MS, so that an editor shows the verdict without waiting for a count that may
 * take the whole time limit.
 */
const EXACT_COUNT_FACTOR = 4;
const EXACT_COUNT_MIN_MS = 1000;

export interface NikoliVerdict {
  verdict: 'none' | 'unique' | 'multiple';
  /** The exact number of Nikoli solutions, or null when it could not be counted in time (then at least 2). */
  count: bigint | null;
  /** A solution (graph edges), null for none; the unique one for unique. */
  first: number[] | null;
  /** A second, different solution for multiple (when asked for). */
  second: number[] | null;
  /** Why the exact count of a multiple is missing (count null). */
  countStopped?: Stopped;
  /** The diagram of every Nikoli solution, when one was built (the exact count came from it). */
  solutions?: NumberlinkZdd;
}

export interface NikoliVerdictOptions {
  /** Give a second solution for multiple (default true). */
  secondSolution?: boolean;
  /** Until when the exact count of a `multiple` may run (default: the control's deadline). */
  countDeadline?: number;
}

/** Of the time limit, the share the notouch route gets before the Nikoli build starts. */
const NOTOUCH_FIRST_SHARE = 0.1;

/**
 * The verdict under the Nikoli rule (see the module comment): the notouch route within its share,
 * else the Nikoli build with the rest of the time. Throws StopError when both stop at a limit (the
 * verdict is then unknown; the Nikoli build's stop is the one reported).
 */
export function decideNikoli(inst: NumberlinkInstance, control?: RunControl, options?: NikoliVerdictOptions): NikoliVerdict {
  const t0 = Date.now();
  const deadline = deadlineOf(control, t0);
  const share = deadline === Infinity ? Infinity : t0 + NOTOUCH_FIRST_SHARE * (deadline - t0);
  try {
    // A `multiple` found within the share may take the whole time limit for its exact count.
    return decideFromNotouch(inst, { ...control, deadline: share }, { ...options, countDeadline: deadline });
  } catch (e) {
    if (!(e instanceof StopError) || e.stopped.limit === 'cancelled') throw e;
  }
  const nz = buildNumberlinkZdd(inst, NIKOLI, { ...control, deadline });
  const count = nz.zdd.count();
  if (count === 0n) return { verdict: 'none', count, first: null, second: null };
  const first = nz.edgesOf(nz.zdd.first());
  if (first === null) throw new Error('numberlink: a ZDD set does not decode into edges');
  if (count === 1n) return { verdict: 'unique', count, first, second: null };
  const second = options?.secondSolution === false ? null : nz.edgesOf(nz.zdd.kth(1n));
  return { verdict: 'multiple', count, first, second, solutions: nz };
}

/** The notouch route of the module comment (the shortening argument). */
export function decideFromNotouch(inst: NumberlinkInstance, control?: RunControl, options?: NikoliVerdictOptions): NikoliVerdict {
  const t0 = Date.now();
  const deadline = deadlineOf(control, t0);
  // Under notouch the global rules pay at every state of the search (see SolveOptions).
  const nz = buildNumberlinkZdd(inst, NOTOUCH, { ...control, deadline }, { searchGlobalRules: true });
  const notouch = nz.zdd.count();
  if (notouch === 0n) return { verdict: 'none', count: 0n, first: null, second: null };
  const first = nz.edgesOf(nz.zdd.first());
  if (first === null) throw new Error('numberlink: a ZDD set does not decode into edges');
  let second: number[] | null = null;
  if (notouch === 1n) {
    const detour = findDetour(inst, first);
    if (detour === null) return { verdict: 'unique', count: 1n, first, second: null };
    second = detour;
  } else if (options?.secondSolution !== false) {
    second = nz.edgesOf(nz.zdd.kth(1n));
  }
  if (options?.secondSolution === false) second = null;
  // The exact count, in a share of what is left.
  const now = Date.now();
  const share = Math.max(EXACT_COUNT_MIN_MS, EXACT_COUNT_FACTOR * (now - t0));
  const maxNodes = resolveLimits(control).maxNodes - nz.stats.nodesCreated;
  let count: bigint | null = null;
  let countStopped: Stopped | undefined;
  let solutions: NumberlinkZdd | undefined;
  if (maxNodes > 0 && now < (options?.countDeadline ?? deadline)) {
    try {
      const exact = buildNumberlinkZdd(inst, NIKOLI, {
        ...control,
        limits: { ...control?.limits, maxNodes },
        deadline: Math.min(options?.countDeadline ?? deadline, now + share),
      });
      count = exact.zdd.count();
      solutions = exact;
    } catch (e) {
      if (!(e instanceof StopError) || e.stopped.limit === 'cancelled') throw e;
      countStopped = e.stopped;
    }
  }
  // The theorem and the count must agree; a disagreement is a solver bug, never an answer.
  if (count !== null && count < 2n) throw new Error(`numberlink: ${count} Nikoli solutions after a proof of two`);
  return { verdict: 'multiple', count, first, second, ...(count === null && countStopped ? { countStopped } : {}), ...(solutions ? { solutions } : {}) };
}

/**
 * A second solution made from `edges` (a solution, as graph edges) by a detour: an edge (a, b)
 * replaced by a path from a through cells no path uses to b. Null when no edge has one (both
 * cells of every edge never touch one region of empty cells).
 */
export function findDetour(inst: NumberlinkInstance, edges: number[]): number[] | null {
  const n = inst.rows * inst.cols, E = inst.graph.edges;
  const { adjStart, adjEdge } = inst;
  const other = (v: number, q: number) => {
    const e = adjEdge[q];
    return E[2 * e] === v ? E[2 * e + 1] : E[2 * e];
  };
  const used = new Uint8Array(n);
  for (const e of edges) { used[E[2 * e]] = 1; used[E[2 * e + 1]] = 1; }
  // Regions of empty cells: each cell's region number (-1 for used cells), by flood fill.
  const region = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  let regions = 0;
  for (let s = 0; s < n; s++) {
    if (used[s] || region[s] >= 0) continue;
    region[s] = regions;
    let sp = 0;
    stack[sp++] = s;
    while (sp > 0) {
      const v = stack[--sp];
      for (let q = adjStart[v]; q < adjStart[v + 1]; q++) {
        const w = other(v, q);
        if (!used[w] && region[w] < 0) { region[w] = regions; stack[sp++] = w; }
      }
    }
    regions++;
  }
  for (const e of edges) {
    const a = E[2 * e], b = E[2 * e + 1];
    for (let q = adjStart[a]; q < adjStart[a + 1]; q++) {
      const x = other(a, q), rx = region[x];
      if (rx < 0) continue;
      for (let r = adjStart[b]; r < adjStart[b + 1]; r++) {
        const y = other(b, r);
        if (region[y] !== rx) continue;
        // a - x ... y - b, with x ... y a shortest path in the region (breadth-first from x).
        const inner = regionPath(inst, region, x, y);
        const out = edges.filter((f) => f !== e);
        out.push(adjEdge[q]);
        for (let k = 0; k + 1 < inner.length; k++) out.push(edgeBetween(inst, inner[k], inner[k + 1]));
        out.push(adjEdge[r]);
        return out;
      }
    }
  }
  return null;
}

/** A shortest path of cells from x to y within x's region (y in it). */
function regionPath(inst: NumberlinkInstance, region: Int32Array, x: number, y: number): number[] {
  const n = inst.rows * inst.cols, E = inst.graph.edges;
  const prev = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0, tail = 0;
  queue[tail++] = x;
  prev[x] = x;
  while (head < tail && prev[y] < 0) {
    const v = queue[head++];
    for (let q = inst.adjStart[v]; q < inst.adjStart[v + 1]; q++) {
      const e = inst.adjEdge[q];
      const w = E[2 * e] === v ? E[2 * e + 1] : E[2 * e];
      if (region[w] === region[x] && prev[w] < 0) { prev[w] = v; queue[tail++] = w; }
    }
  }
  const path = [y];
  for (let v = y; v !== x; v = prev[v]) path.push(prev[v]);
  return path.reverse();
}

function edgeBetween(inst: NumberlinkInstance, u: number, v: number): number {
  const E = inst.graph.edges;
  for (let q = inst.adjStart[u]; q < inst.adjStart[u + 1]; q++) {
    const e = inst.adjEdge[q];
    if (E[2 * e] === v || E[2 * e + 1] === v) return e;
  }
  throw new Error(`numberlink: cells ${u} and ${v} are not neighbours`);
}
