/**
 * Knuth's Simpath as generic specs on any graph with a frontier plan: all simple cycles, all
 * simple s-t paths, optionally Hamiltonian. Puzzle-agnostic; the engine's test bed.
 *
 * State: one byte per frontier slot (4 per Int32 word, read through a Uint8Array view of the
 * builder's buffer): 0 = vertex of degree 0 (or free slot), DONE = a vertex that takes no more
 * edges (degree 2, or degree 0 with at most one edge left, which can never reach degree 2),
 * otherwise 1 + the slot of the other end of the path fragment that ends here.
 *
 * As TdZdd's SimpathBasedImpl (Iwashita et al.) does, states are canonical and the spec looks
 * ahead: after a decision, every following edge that cannot be taken (an end is DONE, would be
 * left with degree 1, or would close a cycle while another fragment is open) is decided 0 at
 * once and its level skipped, so no state is built for a node whose 1-child is the 0-terminal.
 * Such nodes vanish in the reduced diagram anyway; the family is the same.
 *
 * Level L decides edge plan.order[m - L] (m = number of graph edges).
 */
import { ACCEPT, REJECT, type Spec } from '../spec.js';
import { simpathKernel, type Kernel } from '../kernel.js';
import { edgeCount, planFrontier, type FrontierPlan, type Graph } from '../frontier.js';

const DONE = 255;

/**
 * Per step, one word: the slots of the edge's ends (bits 0-7, 8-15) and flags from bit 16: an
 * end's last edge (it leaves the frontier after the step), its last but one, a loop.
 */
const U_LAST = 1, V_LAST = 2, U_NEXT_LAST = 4, V_NEXT_LAST = 8, LOOP = 16;
/** Info words at or above this have flags. */
const FLAGGED = 1 << 16;

export interface SimpathOptions {
  /** Every vertex of the graph must lie on the cycle / path. */
  hamiltonian?: boolean;
}

class MateSpec implements Spec {
  readonly width: number;
  event = -1;
  /** The same spec for the compiled builder (zdd/kernel.ts), which buildZdd runs instead of `child`. */
  readonly kernel: Kernel;
  private arr: Int32Array | null = null;
  private u8: Uint8Array = new Uint8Array(0);
  private byteBase = 0;
  private readonly info: Int32Array;
  /** Hamiltonian checks: the frontier's occupied slots at each step (CSR) and the last entry step. */
  private readonly occStart: Int32Array;
  private readonly occSlot: Int32Array;
  private readonly lastEntry: number;
  private readonly slots: number;
  private readonly steps: number;

  /**
   * @param graph the graph the plan orders (for paths, with the virtual edge)
   * @param plan the plan the spec runs on (for paths, of the graph plus the virtual edge, first)
   * @param m number of real edges (levels)
   * @param shift plan steps before the real edges (1 for the virtual s-t edge)
   */
  constructor(
    graph: Graph,
    plan: FrontierPlan,
    private readonly m: number,
    private readonly shift: number,
    private readonly hamiltonian: boolean,
    private readonly isolated: boolean,
  ) {
    this.slots = plan.width;
    if (plan.width > 254) throw new Error(`frontier too wide for Simpath (${plan.width} > 254)`);
    this.width = Math.ceil(plan.width / 4);
    const steps = plan.edgeCount;
    this.steps = steps;
    // Edges left at each vertex after each step (a loop counts twice: "at most one left" stays true).
    const left = new Int32Array(graph.vertexCount);
    for (let k = 0; k < 2 * steps; k++) left[graph.edges[k]]++;
    const info = new Int32Array(steps);
    for (let i = 0; i < steps; i++) {
      const e = plan.order[i];
      const u = graph.edges[2 * e], v = graph.edges[2 * e + 1];
      left[u]--;
      left[v]--;
      const lu = left[u], lv = left[v];
      const f = (lu === 0 ? U_LAST : lu === 1 ? U_NEXT_LAST : 0) | (lv === 0 ? V_LAST : lv === 1 ? V_NEXT_LAST : 0) |
        (u === v ? LOOP : 0);
      info[i] = plan.slotU[i] | (plan.slotV[i] << 8) | (f << 16);
    }
    this.info = info;
    // Occupied slots per step (after entering, before leaving).
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
    this.kernel = simpathKernel({
      info, m, shift, slots: plan.width, hamiltonian, lastEntry,
      occStart, occSlot: this.occSlot, empty: (hamiltonian && isolated) || m === 0,
    });
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
    const u8 = this.view(s);
    const b = this.byteBase + off * 4;
    if (this.shift === 1) {
      // Take the virtual s-t edge (step 0); a cycle of it alone cannot close (s != t).
      if (this.take(u8, b, 0) !== 1) return REJECT;
    }
    return this.next(u8, b, this.shift);
  }

  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    const i = this.m - level + this.shift;
    const u8 = s === this.arr ? this.u8 : this.view(s);
    const b = this.byteBase + off * 4;
    if (take === 1) {
      const r = this.take(u8, b, i);
      if (r !== 1) return r === 0 ? REJECT : ACCEPT;
    } else {
      const x = this.info[i];
      if (x >= FLAGGED && !this.skip(u8, b, x)) return REJECT;
    }
    return this.next(u8, b, i + 1);
  }

  /**
   * The level of the first step from i on whose edge can be taken, deciding the others 0; or
   * REJECT. The hot loop of the lookahead: `takable` and `skip` inlined.
   */
  private next(u8: Uint8Array, b: number, i: number): number {
    const steps = this.steps, info = this.info;
    for (; i < steps; i++) {
      const x = info[i];
      const su = x & 255, sv = (x >> 8) & 255, f = x >> 16;
      const mu = u8[b + su], mv = u8[b + sv];
      if (mu !== DONE && mv !== DONE && (f & LOOP) === 0 &&
          !(mu === 0 && (f & U_LAST) !== 0) && !(mv === 0 && (f & V_LAST) !== 0)) {
        if (mu === 0 || mu - 1 !== sv || this.canClose(u8, b, i, su, sv)) return this.m - i + this.shift;
      }
      if (f !== 0 && !this.skip(u8, b, x)) return REJECT;
    }
    return REJECT; // no cycle closed
  }

  /** Whether taking the edge of step i does not reject at once. */
  private takable(u8: Uint8Array, b: number, i: number): boolean {
    const x = this.info[i];
    const su = x & 255, sv = (x >> 8) & 255, f = x >> 16;
    if ((f & LOOP) !== 0) return false;
    const mu = u8[b + su], mv = u8[b + sv];
    if (mu === DONE || mv === DONE) return false;
    // An end of degree 0 on its last edge would be left with degree 1.
    if ((mu === 0 && (f & U_LAST) !== 0) || (mv === 0 && (f & V_LAST) !== 0)) return false;
    if (mu !== 0 && mu - 1 === sv) return this.canClose(u8, b, i, su, sv);
    return true;
  }

  /** Closing the cycle at step i: nothing else may be open (single component), and Hamiltonian coverage. */
  private canClose(u8: Uint8Array, b: number, i: number, su: number, sv: number): boolean {
    const W = this.slots;
    for (let k = 0; k < W; k++) {
      if (k === su || k === sv) continue;
      const x = u8[b + k];
      if (x !== 0 && x !== DONE) return false;
    }
    if (this.hamiltonian) {
      if (i < this.lastEntry) return false;
      for (let p = this.occStart[i]; p < this.occStart[i + 1]; p++) {
        const k = this.occSlot[p];
        if (k !== su && k !== sv && u8[b + k] !== DONE) return false;
      }
    }
    return true;
  }

  /** Takes the edge of step i: 1 to continue, 0 to reject, 2 when a cycle closed and is accepted. */
  private take(u8: Uint8Array, b: number, i: number): number {
    if (!this.takable(u8, b, i)) return 0;
    const x = this.info[i];
    const su = x & 255, sv = (x >> 8) & 255, f = x >> 16;
    const mu = u8[b + su], mv = u8[b + sv];
    if (mu !== 0 && mu - 1 === sv) return 2;
    const pu = mu !== 0 ? mu - 1 : su;
    const pv = mv !== 0 ? mv - 1 : sv;
    u8[b + pu] = pv + 1;
    u8[b + pv] = pu + 1;
    if (mu !== 0) u8[b + su] = DONE;
    if (mv !== 0) u8[b + sv] = DONE;
    // Ends on their last edge now have degree 2 (takable excluded degree 0): they leave.
    if ((f & U_LAST) !== 0) u8[b + su] = 0;
    if ((f & V_LAST) !== 0) u8[b + sv] = 0;
    return 1;
  }

  /** Leaves out the edge of step info x: false to reject (an end that can no longer reach degree 2 or 0). */
  private skip(u8: Uint8Array, b: number, x: number): boolean {
    const f = x >> 16;
    if ((f & (U_LAST | U_NEXT_LAST)) !== 0 && !this.settle(u8, b + (x & 255), (f & U_LAST) !== 0)) return false;
    if ((f & (V_LAST | V_NEXT_LAST)) !== 0 && !this.settle(u8, b + ((x >> 8) & 255), (f & V_LAST) !== 0)) return false;
    return true;
  }

  /**
   * An end left out on its last edge (it leaves: degree 1 rejects, and degree 0 for a Hamiltonian
   * cycle) or on its last but one (degree 0 can no longer reach degree 2: DONE, or reject).
   */
  private settle(u8: Uint8Array, k: number, last: boolean): boolean {
    const x = u8[k];
    if (last) {
      if (x !== DONE && (x !== 0 || this.hamiltonian)) return false;
      u8[k] = 0;
    } else if (x === 0) {
      if (this.hamiltonian) return false;
      u8[k] = DONE;
    }
    return true;
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
function virtualEdgePlan(graph: Graph, plan: FrontierPlan, s: number, t: number): { graph: Graph; plan: FrontierPlan } {
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
  const virtual = { vertexCount: n, edges };
  return { graph: virtual, plan: planFrontier(virtual, order) };
}

/** All simple cycles; see cycleSpec. */
export class CycleSpec extends MateSpec {
  constructor(graph: Graph, plan: FrontierPlan, options: SimpathOptions = {}) {
    super(graph, plan, edgeCount(graph), 0, options.hamiltonian === true, hasIsolated(graph));
  }
}

/** All simple s-t paths; see pathSpec. */
export class PathSpec extends MateSpec {
  constructor(graph: Graph, plan: FrontierPlan, s: number, t: number, options: SimpathOptions = {}) {
    const v = virtualEdgePlan(graph, plan, s, t);
    super(v.graph, v.plan, edgeCount(graph), 1, options.hamiltonian === true, hasIsolated(graph));
  }
}
