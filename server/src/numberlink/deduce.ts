/**
 * Forced moves before building: edges that every solution uses (1) or avoids (0), found by local
 * rules applied to a fixpoint, then by probing. Every rule is an implication that holds in every
 * solution, so the ZDD restricted to the result has exactly the same sets (the tests compare counts
 * with and without deduction, and against brute force).
 *
 * Rules (a "chain" is a connected set of cells joined by forced edges; it is a path):
 * - degree: an endpoint has degree 1, an empty cell 0 or 2 (exactly 2 under fill). An endpoint
 *   with one possible edge takes it; a cell that has its degree drops the rest; under fill a cell
 *   with exactly two possible edges takes both (one-cell-wide corridors); without fill an empty
 *   cell with one possible edge left drops it, and with one forced and one possible takes it.
 * - chains: an edge inside one chain would close a cycle, an edge between chains holding
 *   different labels would join them: both are dropped.
 * - notouch: two adjacent cells of one chain not linked by their edge touch: contradiction; two
 *   adjacent cells of chains with the same label will be on one path, so their edge is forced; a
 *   cell cannot join a chain when that would put it next to a cell of the same path that it
 *   cannot be linked to (see cannotJoin).
 * - global, once the local rules are at their fixpoint: every unfinished label must still reach
 *   its other end through free cells (reachability.ts, which also drops edges that lead nowhere),
 *   and the labels' paths, disjoint curves in the plane, must fit around the faces of the graph
 *   left to them (planarity.ts). The local rules see a cell and its neighbours; these see a label
 *   cut off or walled in, which otherwise shows only when the search gets there.
 * A contradiction means no solution at all.
 *
 * Probing (failed literals): an undecided edge is set to 1 (then 0) on trial and the rules run to
 * their fixpoint; when that ends in a contradiction, no solution has that value, so the edge gets
 * the other one for good. Sound because the rules are: a trial only ever concludes "no solution
 * with this value". The propagator undoes a trial exactly (stacks of fixed edges and of chain
 * unions), so a trial costs the size of its propagation and a pass of the global rules. Trials
 * run over a worklist: first the edges next to something decided, then again the edges around
 * every cell a failed literal changed; a value that an earlier successful trial implied is not
 * tried (it would most likely succeed too) until something near it changes. Probing stops when the worklist is empty, or at
 * its work budget, the deadline or cancellation (what it fixed stays). On Janko's and Ahle's
 * puzzles it fixes about half of the edges that the rules alone leave open, and the states built
 * drop two- to tenfold.
 */
import type { NumberlinkRule } from './puzzle';
import type { NumberlinkInstance } from './instance';
import { Planarity } from './planarity';
import { Reachability } from './reachability';

export interface Deduction {
  /** Per graph edge: -1 undecided, 0 in no solution, 1 in every solution. */
  fixed: Int8Array;
  /** True when the rules proved that there is no solution. */
  contradiction: boolean;
  /** Number of edges decided. */
  decided: number;
  /** Of those, decided by probing. */
  probed: number;
  /**
   * The propagator at the deduced fixpoint (fixed edges and their chains), for a builder that
   * follows its decisions with it (see pathFilter.ts).
   */
  propagator: Propagator;
}

export interface PropagatorOptions {
  /**
   * The global rules (reachability.ts, planarity.ts) after the local ones (default true); off only
   * for tests and measurements.
   */
  globalRules?: boolean;
}

export interface DeduceOptions extends PropagatorOptions {
  /** Failed-literal probing after the local rules (default true). */
  probe?: boolean;
  /**
   * Work budget for probing, in cell checks (default 100 per edge, at most 10,000,000);
   * probing stops when it runs out (what it fixed stays).
   */
  probeWork?: number;
  /** After a failed literal, edges within this many grid steps of a changed cell are probed again (default 1). */
  radius?: number;
  /** Polled between probes now and then; true stops probing (what it fixed stays). */
  isCancelled?: () => boolean;
  /** Date.now() after which probing stops (what it fixed stays). */
  deadline?: number;
}

export function deduce(inst: NumberlinkInstance, rule: NumberlinkRule, options?: DeduceOptions): Deduction {
  const p = new Propagator(inst, rule, options);
  p.initial();
  let probed = 0;
  if (!p.contradiction && options?.probe !== false) {
    const before = p.decided;
    const work = options?.probeWork ?? Math.min(10_000_000, 100 * p.m);
    p.probeAll(options?.radius ?? 1, work, options?.isCancelled, options?.deadline ?? Infinity);
    probed = p.decided - before;
  }
  return { fixed: p.fixed, contradiction: p.contradiction, decided: p.decided, probed, propagator: p };
}

/**
 * The rules of the module comment over the grid, to their fixpoint, with exact undo (`undo` to
 * the lengths of the edge and union stacks taken before a change). The global rules keep no state
 * between calls, so undo concerns the local state alone.
 */
export class Propagator {
  readonly n: number;
  readonly m: number;
  readonly E: Int32Array;
  readonly adjStart: Int32Array;
  readonly adjEdge: Int32Array;
  /** The cell at the other end of each adjacency entry. */
  readonly adjCell: Int32Array;
  readonly cells: Int32Array;
  readonly fill: boolean;
  readonly notouch: boolean;
  readonly fixed: Int8Array;
  // Chains by quick-find: each cell's root, kept exact (union by size relabels the smaller
  // chain's cells, which every union walks anyway to queue them; undo walks them back), with the
  // chain's label (-1 none) and a circular list of its cells.
  readonly root: Int32Array;
  readonly size: Int32Array;
  readonly label: Int32Array;
  readonly nextCell: Int32Array;
  /** The two ends of each chain (by root; both the cell itself for a single cell). */
  readonly endA: Int32Array;
  readonly endB: Int32Array;
  // Work queue of cells to check.
  readonly queue: Int32Array;
  readonly queued: Uint8Array;
  qHead = 0;
  qLen = 0;
  /**
   * Undo stacks: the edges fixed, in order (each at most once at a time), and the unions as five
   * words (ru, its old label, its old ends, rv). Edge and union undos are independent.
   */
  readonly edgeTrail: Int32Array;
  edgeLen = 0;
  readonly unionTrail: Int32Array;
  unionLen = 0;
  contradiction = false;
  private readonly reach: Reachability | null;
  private readonly planar: Planarity | null;
  /** Edges fixed so far (the undo stack holds exactly them). */
  get decided(): number {
    return this.edgeLen;
  }
  /** Cell checks done (the probing budget's unit). */
  work = 0;
  /** Whether propagate() runs the global rules (when built with them). */
  globalOn = true;

  constructor(inst: NumberlinkInstance, rule: NumberlinkRule, options?: PropagatorOptions) {
    const n = inst.rows * inst.cols;
    this.n = n;
    this.E = inst.graph.edges;
    this.m = this.E.length >> 1;
    this.adjStart = inst.adjStart;
    this.adjEdge = inst.adjEdge;
    this.adjCell = new Int32Array(inst.adjEdge.length);
    for (let v = 0; v < n; v++) {
      for (let p = inst.adjStart[v]; p < inst.adjStart[v + 1]; p++) {
        const e = inst.adjEdge[p];
        this.adjCell[p] = this.E[2 * e] === v ? this.E[2 * e + 1] : this.E[2 * e];
      }
    }
    this.cells = inst.cells;
    this.fill = rule.fill;
    this.notouch = rule.notouch;
    this.fixed = new Int8Array(this.m).fill(-1);
    this.root = new Int32Array(n);
    this.size = new Int32Array(n).fill(1);
    this.label = new Int32Array(n);
    this.nextCell = new Int32Array(n);
    this.endA = new Int32Array(n);
    this.endB = new Int32Array(n);
    for (let v = 0; v < n; v++) {
      this.root[v] = v;
      this.label[v] = inst.cells[v];
      this.nextCell[v] = v;
      this.endA[v] = v;
      this.endB[v] = v;
    }
    this.queue = new Int32Array(Math.max(1, n));
    this.queued = new Uint8Array(n);
    this.edgeTrail = new Int32Array(Math.max(1, this.m));
    this.unionTrail = new Int32Array(Math.max(5, 5 * n));
    const global = options?.globalRules !== false;
    this.reach = global ? new Reachability(this, inst.ends, inst.labelCount) : null;
    this.planar = global ? new Planarity(this, inst.rows, inst.cols, inst.ends, inst.labelCount) : null;
  }

  /** The end of the chain holding cell `a` (an end of it) that can still take an edge. */
  openEnd(a: number): number {
    const r = this.root[a];
    return this.endA[r] === a ? this.endB[r] : this.endA[r];
  }

  push(v: number): void {
    if (this.queued[v]) return;
    this.queued[v] = 1;
    let t = this.qHead + this.qLen++;
    if (t >= this.n) t -= this.n;
    this.queue[t] = v;
  }

  /**
   * Fixes edge e (with its immediate consequences for the chains); false on a contradiction.
   * (The propagator reports contradictions by return values and sets `contradiction` in one
   * place: a rarely reached property store in optimized code costs a deoptimization.)
   */
  setEdge(e: number, val: 0 | 1): boolean {
    const fixed = this.fixed;
    if (fixed[e] !== -1) return fixed[e] === val;
    fixed[e] = val;
    this.edgeTrail[this.edgeLen++] = e;
    const u = this.E[2 * e], v = this.E[2 * e + 1];
    this.push(u);
    this.push(v);
    if (val === 0) return true;
    const root = this.root;
    let ru = root[u], rv = root[v];
    if (ru === rv) return false;
    const label = this.label, size = this.size, nextCell = this.nextCell, endA = this.endA, endB = this.endB;
    const lu = label[ru], lv = label[rv];
    if (lu >= 0 && lv >= 0 && lu !== lv) return false;
    // Only an end of a chain can take another edge (an inner cell would get degree 3).
    if ((endA[ru] !== u && endB[ru] !== u) || (endA[rv] !== v && endB[rv] !== v)) return false;
    const eu = endA[ru] === u ? endB[ru] : endA[ru]; // the far ends
    const ev = endA[rv] === v ? endB[rv] : endA[rv];
    if (size[ru] < size[rv]) { const t = ru; ru = rv; rv = t; }
    // The smaller chain joins the larger: its cells get the new root and are rechecked (chain
    // rules); when the larger chain gets a label from the smaller one, its cells are rechecked too.
    let c = rv;
    do { root[c] = ru; this.push(c); c = nextCell[c]; } while (c !== rv);
    if (label[ru] < 0 && label[rv] >= 0) {
      c = ru;
      do { this.push(c); c = nextCell[c]; } while (c !== ru);
    }
    const ut = this.unionTrail;
    ut[this.unionLen++] = ru;
    ut[this.unionLen++] = label[ru];
    ut[this.unionLen++] = endA[ru];
    ut[this.unionLen++] = endB[ru];
    ut[this.unionLen++] = rv;
    size[ru] += size[rv];
    if (label[ru] < 0) label[ru] = label[rv];
    endA[ru] = eu;
    endB[ru] = ev;
    const t = nextCell[ru]; nextCell[ru] = nextCell[rv]; nextCell[rv] = t;
    // Only the ends have undecided edges; their rules change with the chain.
    return this.recheckEnd(eu, ru) && (ev === eu || this.recheckEnd(ev, ru));
  }

  /**
   * An end of chain r changed chain: its own rules run again (queued), and so does the one rule of
   * each neighbour w that reads this chain and is not symmetric: whether w can join r through
   * this end (cannotJoin; the cycle and label rules of the edge are the same from either side).
   */
  private recheckEnd(end: number, r: number): boolean {
    this.push(end);
    if (!this.notouch) return true;
    const { adjStart, adjEdge, adjCell, fixed, root } = this;
    for (let p = adjStart[end]; p < adjStart[end + 1]; p++) {
      const e = adjEdge[p];
      if (fixed[e] !== -1) continue;
      const w = adjCell[p];
      if (root[w] !== r && this.cannotJoin(w, end, r) && !this.setEdge(e, 0)) return false;
    }
    return true;
  }

  /** Undoes every change made since the stacks had these lengths. */
  undo(edgeMark: number, unionMark: number): void {
    const fixed = this.fixed, et = this.edgeTrail;
    while (this.edgeLen > edgeMark) fixed[et[--this.edgeLen]] = -1;
    const ut = this.unionTrail, nextCell = this.nextCell, root = this.root;
    while (this.unionLen > unionMark) {
      const b = this.unionLen - 5;
      this.unionLen = b;
      const ru = ut[b], rv = ut[b + 4];
      this.label[ru] = ut[b + 1];
      this.endA[ru] = ut[b + 2];
      this.endB[ru] = ut[b + 3];
      const t = nextCell[ru]; nextCell[ru] = nextCell[rv]; nextCell[rv] = t;
      this.size[ru] -= this.size[rv];
      let c = rv;
      do { root[c] = rv; c = nextCell[c]; } while (c !== rv);
    }
  }

  /** Empties the queue (after a contradiction found outside propagate). */
  clearQueue(): void {
    while (this.qLen > 0) {
      this.queued[this.queue[this.qHead]] = 0;
      this.qHead = this.qHead + 1 === this.n ? 0 : this.qHead + 1;
      this.qLen--;
    }
  }

  /**
   * Runs the local rules to their fixpoint, then the global ones (reachability, which may fix
   * edges and so start the local rules again, then planarity); false on a contradiction (which
   * empties the queue).
   */
  propagate(): boolean {
    for (;;) {
      if (!this.propagateLocal()) return false;
      if (this.reach === null || this.planar === null || !this.globalOn) return true;
      // A global rule reads the whole grid: it counts as that many cell checks (probing's budget).
      this.work += this.n;
      if (!this.reach.check()) {
        this.clearQueue();
        return false;
      }
      if (this.qLen === 0) return this.planar.check();
    }
  }

  /** The local rules (check) to their fixpoint; false on a contradiction (which empties the queue). */
  private propagateLocal(): boolean {
    while (this.qLen > 0) {
      const v = this.queue[this.qHead];
      this.qHead = this.qHead + 1 === this.n ? 0 : this.qHead + 1;
      this.qLen--;
      this.queued[v] = 0;
      this.work++;
      if (!this.check(v)) {
        this.clearQueue();
        return false;
      }
    }
    return true;
  }

  initial(): void {
    for (let v = 0; v < this.n; v++) this.push(v);
    this.contradiction = !this.propagate();
  }

  /**
   * Failed-literal probing over a worklist of edges: every undecided edge next to something
   * decided once, then again every undecided edge near a cell whose edges a failed literal fixed
   * (within `radius` grid steps),
   * until the worklist is empty, the work budget runs out, or a contradiction shows that there is
   * no solution at all.
   */
  probeAll(radius: number, budget: number, isCancelled: (() => boolean) | undefined, deadline: number): void {
    const fixed = this.fixed, m = this.m, E = this.E;
    const { adjStart, adjEdge, cells } = this;
    const limit = this.work + budget;
    // Worklist: a ring of power-of-two size (holds every edge at most once), no closures, so that
    // the optimized code does not meet code it has never run (each such meeting recompiles it).
    let size = 1;
    while (size < m) size *= 2;
    const ring = new Int32Array(size), ringMask = size - 1;
    const inList = new Uint8Array(m);
    let head = 0, len = 0;
    // implied[2e + val]: a trial that succeeded implied e = val, so trying it would succeed too
    // (its consequences are a part of a consistent set): skipped until something near e changes.
    const implied = new Uint8Array(2 * m);
    // Seed: the edges at a cell that is an endpoint or has a decided edge. A trial far from
    // anything decided rarely fails; the worklist reaches such edges as fixes spread.
    for (let e = 0; e < m; e++) {
      if (fixed[e] !== -1) continue;
      let active = false;
      for (let k = 0; k < 2 && !active; k++) {
        const v = E[2 * e + k];
        if (cells[v] >= 0) active = true;
        for (let p = adjStart[v]; p < adjStart[v + 1] && !active; p++) if (fixed[adjEdge[p]] !== -1) active = true;
      }
      if (active) {
        inList[e] = 1;
        ring[(head + len++) & ringMask] = e;
      }
    }
    // Cells within `radius` of a changed cell, by BFS over the grid (scratch arrays reused).
    const seen = new Int32Array(this.n).fill(-1);
    const dist = new Int32Array(this.n);
    const bfs = new Int32Array(this.n);
    const adjCell = this.adjCell;
    let stamp = 0, count = 0;
    while (len > 0) {
      const e = ring[head];
      head = (head + 1) & ringMask;
      len--;
      inList[e] = 0;
      if (fixed[e] !== -1) continue;
      if (this.work > limit) return;
      // Polled from the first trial on (every 256th), so that the poll has run before optimization.
      if ((count++ & 255) === 0 && ((isCancelled !== undefined && isCancelled()) || Date.now() > deadline)) return;
      for (let val = 1; val >= 0; val--) {
        if (implied[2 * e + val] === 1) continue;
        const em = this.edgeLen, um = this.unionLen;
        const ok = this.setEdge(e, val as 0 | 1) && this.propagate();
        if (ok) {
          for (let t = em + 1; t < this.edgeLen; t++) {
            const f = this.edgeTrail[t];
            implied[2 * f + fixed[f]] = 1;
          }
        } else {
          this.clearQueue();
        }
        this.undo(em, um);
        if (ok) continue;
        // No solution has e = val: keep the other value (with its consequences).
        if (!(this.setEdge(e, (1 - val) as 0 | 1) && this.propagate())) {
          // Neither value works: no solution at all.
          this.clearQueue();
          this.contradiction = true;
          return;
        }
        // Probe again the undecided edges near every cell that changed.
        stamp++;
        let bl = 0;
        for (let t = em; t < this.edgeLen; t++) {
          const x = this.edgeTrail[t];
          for (let k = 0; k < 2; k++) {
            const c = E[2 * x + k];
            if (seen[c] !== stamp) { seen[c] = stamp; dist[c] = 0; bfs[bl++] = c; }
          }
        }
        for (let q = 0; q < bl; q++) {
          const c = bfs[q];
          for (let p = adjStart[c]; p < adjStart[c + 1]; p++) {
            const f = adjEdge[p];
            implied[2 * f] = 0;
            implied[2 * f + 1] = 0;
            if (inList[f] === 0 && fixed[f] === -1) {
              inList[f] = 1;
              ring[(head + len++) & ringMask] = f;
            }
            if (dist[c] >= radius) continue;
            const w = adjCell[p];
            if (seen[w] !== stamp) { seen[w] = stamp; dist[w] = dist[c] + 1; bfs[bl++] = w; }
          }
        }
        break;
      }
    }
  }

  /**
   * notouch: linking v to u puts v on the path of u's chain (root r), so every other neighbour w
   * of v on that path must be linked to v. That fails when w is in the chain itself and not
   * linked to v (the link would close a cycle, or it is out), or when w's chain has the same
   * label and its edge to v is out.
   */
  private cannotJoin(v: number, u: number, r: number): boolean {
    const { adjStart, adjEdge, adjCell, fixed, label, root } = this;
    const lr = label[r];
    for (let p = adjStart[v], end = adjStart[v + 1]; p < end; p++) {
      const w = adjCell[p];
      if (w === u) continue;
      const rw = root[w];
      const f = fixed[adjEdge[p]], sameLabel = label[rw] === lr;
      if (rw === r && f !== 1) return true;
      if (lr >= 0 && f === 0 && sameLabel) return true;
    }
    return false;
  }

  /** The rules at cell v; false on a contradiction. */
  private check(v: number): boolean {
    const { adjStart, adjEdge, adjCell, fixed, label, root } = this;
    const notouch = this.notouch, fill = this.fill;
    const start = adjStart[v], end = adjStart[v + 1];
    let ones = 0, unk = 0;
    for (let p = start; p < end; p++) {
      const f = fixed[adjEdge[p]];
      if (f === 1) ones++;
      else if (f === -1) unk++;
    }
    const rv = root[v];
    // Chain rules on the undecided edges.
    if (unk > 0) {
      for (let p = start; p < end; p++) {
        const e = adjEdge[p];
        if (fixed[e] !== -1) continue;
        const u = adjCell[p];
        const ru = root[u];
        let force = -1;
        if (ru === rv) {
          // Both ends already on one path: the edge would close a cycle; without it they touch.
          if (notouch) return false;
          force = 0;
        } else if (label[ru] >= 0 && label[rv] >= 0) {
          if (label[ru] !== label[rv]) force = 0;
          else if (notouch) force = 1;
        } else if (notouch && this.cannotJoin(v, u, ru)) {
          force = 0;
        }
        if (force >= 0 && !this.setEdge(e, force as 0 | 1)) return false;
      }
      // Counted again whether or not anything changed: a loop that runs only now and then would
      // meet optimized code without type feedback (a deoptimization and a recompile).
      ones = 0; unk = 0;
      for (let p = start; p < end; p++) {
        const f = fixed[adjEdge[p]];
        if (f === 1) ones++;
        else if (f === -1) unk++;
      }
    }
    if (notouch) {
      // Decided-out edges inside one chain make it touch itself.
      const r = root[v];
      const big = this.size[r] > 1, lv = label[r];
      for (let p = start; p < end; p++) {
        if (fixed[adjEdge[p]] !== 0) continue;
        const ru = root[adjCell[p]];
        if (ru === r && big) return false;
        // Chains with a label are used cells; the same label means the same path.
        if (lv >= 0 && label[ru] === lv) return false;
      }
    }
    const isEnd = this.cells[v] >= 0;
    const maxDeg = isEnd ? 1 : 2;
    if (ones > maxDeg) return false;
    if (unk === 0) return isEnd ? ones === 1 : !(ones === 1 || (fill && ones !== 2));
    let force: -1 | 0 | 1 = -1;
    if (ones === maxDeg) force = 0;
    else if (isEnd) { if (unk === 1) force = 1; }
    else if (fill) { if (ones + unk < 2) return false; if (ones + unk === 2) force = 1; }
    else if (ones === 1 && unk === 1) force = 1;
    else if (ones === 0 && unk === 1) force = 0;
    if (force < 0) return true;
    for (let p = start; p < end; p++) {
      const e = adjEdge[p];
      if (fixed[e] === -1 && !this.setEdge(e, force === 1 ? 1 : 0)) return false;
    }
    return true;
  }
}
