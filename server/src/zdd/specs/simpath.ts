/**
 * Knuth's Simpath as generic specs on any graph with a frontier plan: all simple cycles, all
 * simple s-t paths, optionally Hamiltonian. Puzzle-agnostic; the engine's test bed.
 *
 * State: one byte per frontier slot (4 per Int32 word, read through a Uint8Array view of the
 * builder's buffer): 0 = vertex of degree 0 (or free slot), DEG2 = degree 2, otherwise 1 + the
 * slot of the other end of the path fragment that ends here.
 *
 * Level L decides edge plan.order[m - L] (m = number of graph edges).
 */
import { ACCEPT, REJECT, type Spec } from '../spec.js';
import { edgeCount, planFrontier, type FrontierPlan, type Graph } from '../frontier.js';

const DEG2 = 255;

export interface SimpathOptions {
  /** Every vertex of the graph must lie on the cycle / path. */
  hamiltonian?: boolean;
}

class MateSpec implements Spec {
  readonly width: number;
  event = -1;
  private arr: Int32Array | null = null;
  private u8: Uint8Array = new Uint8Array(0);
  private byteBase = 0;
  private readonly slotU: Int32Array;
  private readonly slotV: Int32Array;
  private readonly leaveStart: Int32Array;
  private readonly leaveSlot: Int32Array;
  /** Hamiltonian checks: the frontier's occupied slots at each step (CSR) and the last entry step. */
  private readonly occStart: Int32Array;
  private readonly occSlot: Int32Array;
  private readonly lastEntry: number;
  private readonly slots: number;

  /**
   * @param plan the plan the spec runs on (for paths, of the graph plus the virtual edge, first)
   * @param m number of real edges (levels)
   * @param shift plan steps before the real edges (1 for the virtual s-t edge)
   */
  constructor(
    plan: FrontierPlan,
    private readonly m: number,
    private readonly shift: number,
    private readonly hamiltonian: boolean,
    private readonly isolated: boolean,
  ) {
    this.slots = plan.width;
    if (plan.width > 254) throw new Error(`frontier too wide for Simpath (${plan.width} > 254)`);
    this.width = Math.ceil(plan.width / 4);
    this.slotU = plan.slotU;
    this.slotV = plan.slotV;
    this.leaveStart = plan.leaveStart;
    this.leaveSlot = plan.leaveSlot;
    // Occupied slots per step (after entering, before leaving).
    const steps = plan.edgeCount;
    const occ: number[] = [];
    const occStart = new Int32Array(steps + 1);
    const live = new Set<number>();
    let lastEntry = -1;
    for (let i = 0; i < steps; i++) {
      for (let p = plan.enterStart[i]; p < plan.enterStart[i + 1]; p++) { live.add(plan.enterSlot[p]); lastEntry = i; }
      if (hamiltonian) for (const s of live) occ.push(s);
      occStart[i + 1] = occ.length;
      for (let p = plan.leaveStart[i]; p < plan.leaveStart[i + 1]; p++) live.delete(plan.leaveSlot[p]);
    }
    this.occStart = occStart;
    this.occSlot = Int32Array.from(occ);
    this.lastEntry = lastEntry;
  }

  private view(s: Int32Array): Uint8Array {
    // Cached per array object (the builder always passes the same scratch array).
    if (s !== this.arr) {
      this.arr = s;
      this.u8 = new Uint8Array(s.buffer);
      this.byteBase = s.byteOffset;
    }
    return this.u8;
  }

  root(s: Int32Array, off: number): number {
    for (let k = 0; k < this.width; k++) s[off + k] = 0;
    if (this.hamiltonian && this.isolated) return REJECT;
    if (this.m === 0) return REJECT;
    if (this.shift === 1) {
      // Take the virtual s-t edge (step 0).
      const r = this.step(s, off, 0, 1);
      if (r !== 1) return REJECT; // a closed cycle of the virtual edge alone cannot happen (s != t)
    }
    return this.m;
  }

  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    const i = this.m - level + this.shift;
    // Most 0-children change nothing: no edge taken and no vertex leaving.
    if (take === 0 && this.leaveStart[i] === this.leaveStart[i + 1]) return level > 1 ? level - 1 : REJECT;
    const r = this.step(s, off, i, take);
    if (r === 1) return level > 1 ? level - 1 : REJECT;
    return r === 0 ? REJECT : ACCEPT;
  }

  /** Applies plan step i; returns 1 to continue, 0 to reject, 2 when a cycle closed and is accepted. */
  private step(s: Int32Array, off: number, i: number, take: number): number {
    const u8 = this.view(s);
    const b = this.byteBase + off * 4;
    if (take === 1) {
      const su = this.slotU[i], sv = this.slotV[i];
      if (su === sv) return 0; // loop edge
      const mu = u8[b + su], mv = u8[b + sv];
      if (mu === DEG2 || mv === DEG2) return 0;
      if (mu !== 0 && mu - 1 === sv) {
        // Closing the cycle: nothing else may be open (single component).
        const W = this.slots;
        for (let k = 0; k < W; k++) {
          if (k === su || k === sv) continue;
          const x = u8[b + k];
          if (x !== 0 && x !== DEG2) return 0;
        }
        if (this.hamiltonian) {
          if (i < this.lastEntry) return 0;
          for (let p = this.occStart[i]; p < this.occStart[i + 1]; p++) {
            const k = this.occSlot[p];
            if (k !== su && k !== sv && u8[b + k] !== DEG2) return 0;
          }
        }
        return 2;
      }
      const pu = mu !== 0 ? mu - 1 : su;
      const pv = mv !== 0 ? mv - 1 : sv;
      u8[b + pu] = pv + 1;
      u8[b + pv] = pu + 1;
      if (mu !== 0) u8[b + su] = DEG2;
      if (mv !== 0) u8[b + sv] = DEG2;
    }
    const ls = this.leaveStart;
    for (let p = ls[i], e = ls[i + 1]; p < e; p++) {
      const k = b + this.leaveSlot[p];
      const x = u8[k];
      if (x !== DEG2 && (x !== 0 || this.hamiltonian)) return 0;
      u8[k] = 0;
    }
    return 1;
  }
}

function hasIsolated(graph: Graph): boolean {
  const deg = new Uint8Array(graph.vertexCount);
  for (let k = 0; k < graph.edges.length; k++) deg[graph.edges[k]] = 1;
  return deg.some((d) => d === 0);
}

/** All simple cycles (non-empty, one component) of `graph`; level L = edge plan.order[m - L]. */
export function cycleSpec(graph: Graph, plan: FrontierPlan, options: SimpathOptions = {}): Spec {
  return new CycleSpec(graph, plan, options);
}

/**
 * All simple paths from s to t (s != t), as edge sets; level L = edge plan.order[m - L].
 * Runs as cycles through a virtual edge s-t decided before every real edge.
 */
export function pathSpec(graph: Graph, plan: FrontierPlan, s: number, t: number, options: SimpathOptions = {}): Spec {
  return new PathSpec(graph, plan, s, t, options);
}

/** The plan of the graph plus the virtual edge s-t, which comes first. */
function virtualEdgePlan(graph: Graph, plan: FrontierPlan, s: number, t: number): FrontierPlan {
  if (s === t) throw new Error('pathSpec: s and t must differ');
  const n = graph.vertexCount;
  if (!(s >= 0 && s < n && t >= 0 && t < n)) throw new Error('pathSpec: s or t is not a vertex');
  const m = edgeCount(graph);
  const edges = new Int32Array(2 * m + 2);
  edges.set(graph.edges);
  edges[2 * m] = s;
  edges[2 * m + 1] = t;
  const order = new Int32Array(m + 1);
  order[0] = m;
  order.set(plan.order, 1);
  return planFrontier({ vertexCount: n, edges }, order);
}

/** All simple cycles; see cycleSpec. */
export class CycleSpec extends MateSpec {
  constructor(graph: Graph, plan: FrontierPlan, options: SimpathOptions = {}) {
    super(plan, edgeCount(graph), 0, options.hamiltonian === true, hasIsolated(graph));
  }
}

/** All simple s-t paths; see pathSpec. */
export class PathSpec extends MateSpec {
  constructor(graph: Graph, plan: FrontierPlan, s: number, t: number, options: SimpathOptions = {}) {
    super(virtualEdgePlan(graph, plan, s, t), edgeCount(graph), 1, options.hamiltonian === true, hasIsolated(graph));
  }
}
