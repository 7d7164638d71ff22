/**
 * The path-matching spec for Numberlink (Yoshinaka et al. 2012, Algorithms 1 and 2) over the cell
 * adjacency graph: cells are vertices, orthogonal neighbours are edges. Edges are decided in the
 * frontier plan's order; only "free" edges are ZDD variables (see `levels`).
 *
 * State: one word per frontier slot, plus (rule `notouch` only) a bit matrix of "these two frontier
 * cells must never end up on the same path".
 *
 * Cell word:
 *   0            unused so far (an empty cell of degree 0) or a vacant slot;
 *   -1           full and anonymous: nothing can join it any more (degree 2 when path identity is
 *                not needed, any cell of a completed path without notouch, or a cell that can
 *                no longer get two edges and so stays empty);
 *   -2 - label   (notouch only) a cell of the completed path of `label`;
 *   key<<1 | 1   an open end: an endpoint of degree 0 or an empty cell of degree 1;
 *   key<<1       (notouch only) a cell of degree 2 (or a used endpoint) of a path still open.
 * A key names a path fragment ("component"). Fragments that hold an endpoint are named by it:
 * key 1 + 2*label + half (half 0 for the label's first cell in reading order), so they need no
 * renumbering and a join of two keyed fragments is legal exactly when their labels agree (and it
 * then completes the path). Fragments with no endpoint get keys above 2*labels, renumbered by
 * first slot in `normalize` so that equal situations merge.
 *
 * Every fragment with a key has an open end in the frontier (an open end that leaves is
 * rejected), so the mate function is not needed: joining two open ends of one key would close a
 * cycle, of two labelled keys with different labels would join different labels. Endpoints must
 * leave with degree 1 and other cells with degree 0 or 2 (2 under fill: Remark 7), so no path
 * passes through an endpoint.
 *
 * notouch: two adjacent cells not linked by their edge must not lie on one path. Every adjacent
 * pair has its edge decided once, with both cells in the frontier. When it is left out, the
 * constraint is recorded between the two fragments (a cell of degree 0 is its own fragment),
 * stored symmetric and closed under fragment membership (every cell of a fragment carries the
 * bits of every cell of every fragment it must avoid), and it follows the fragments through joins.
 * It is exact:
 * - a violation means the two fragments end up on one path, i.e. are joined at some step; the
 *   join checks the bit and rejects;
 * - the constraint is dropped only when it can no longer matter: a cell leaves unused, both
 *   fragments carry different labels (they can never meet), or one fragment completes its path
 *   (nothing else can join it; two cells of one completed path keep the label in their word);
 * - two fragments with the same label must meet, so a constraint between them rejects at once.
 * The brute-force tests (test/unit/numberlink-brute.test.ts) check this on every rule.
 *
 * The canonical family (notouch, `canonical`; the argument is in canonical.ts): a cell that
 * leaves empty records, with the same avoidance bits, that no path holds two of its neighbours
 * (up and down or left and right in sweep terms, also across a straight run of empty cells), nor
 * its neighbours around a corner met after it, nor around a corner met before it unless that
 * corner links them. Its neighbours behind the frontier are known by their "ghosts" (see
 * canonLeave): one word per slot for the cell above, one register for the cell to the left.
 */
import { ACCEPT, REJECT, type Spec } from '../zdd/spec';
import type { FrontierPlan } from '../zdd/frontier';
import type { NumberlinkRule } from './puzzle';
import type { Kernel } from '../zdd/kernel';
import { numberlinkKernelFor } from './kernel';

export interface SpecInput {
  /** Number of vertices (cells). */
  cellCount: number;
  /** Endpoint key of each cell: 1 + 2*label + half, or 0 for an empty cell. */
  endpointKey: Int32Array;
  labelCount: number;
  plan: FrontierPlan;
  rule: NumberlinkRule;
  /** Per graph edge: -1 free, 0 forced out, 1 forced in (from deduction); optional. */
  fixed?: Int8Array;
  /** Tests only: use at least this many words per avoidance row (exercises the multi-word code). */
  avoidWords?: number;
  /** The graph's edge list (edge e joins edgeEnds[2e], edgeEnds[2e+1]); enables the lookahead. */
  edgeEnds?: Int32Array;
  /**
   * Every edge deduction left open is a level, a cell's last edge too (default false): the same
   * family (the wrong value of a last edge is rejected as the cell leaves), in more nodes, but
   * each edge's count can be read off its level (analysis/usage.ts).
   */
  everyEdgeALevel?: boolean;
  /**
   * Build the canonical family instead of every solution (notouch without fill only; see
   * canonical.ts): per cell, the next cell along its sweep line and the cell in the next line (-1
   * when none). Solutions in which a path could take a shorter route through empty cells (two of
   * its cells facing each other across a straight run of empty cells, or meeting at an empty cell),
   * or one of the same length that frees a cell met later in the sweep (around an empty cell, through
   * a corner met after it), are left out.
   */
  canonical?: { right: Int32Array; down: Int32Array };
  /** Tests only: leave out the canonical build's planarity check of same-label pairs (planarOk). */
  noPlanar?: boolean;
}

const MODE_FREE = 0, MODE_FIXED0 = 1, MODE_FIXED1 = 2, MODE_BY_U = 3, MODE_BY_V = 4;

export class NumberlinkSpec implements Spec {
  readonly width: number;
  /**
   * Number of ZDD levels: one per free edge. An edge is implied, not a variable, when deduction
   * fixed it or when it is the last edge of one of its cells (that cell's state then decides it,
   * as in TdZdd's Numberlink, where only horizontal links are variables); `decode` restores them.
   */
  readonly levels: number;
  /** Per step: MODE_FREE or how the implied decision is made. */
  private readonly stepMode: Uint8Array;
  /** Level of each free step (0 for implied steps), and step of each level. */
  readonly levelOfStep: Int32Array;
  readonly stepOfLevel: Int32Array;
  private readonly slots: number;
  /** Words per slot in the avoidance matrix (0 unless notouch). */
  private readonly K: number;
  private readonly fill: boolean;
  private readonly notouch: boolean;
  /** Record avoidances between fragments (notouch). */
  private readonly avoid: boolean;
  /** First key of fragments without an endpoint. */
  private readonly freeBase: number;
  private readonly plan: FrontierPlan;
  private readonly entryWord: Int32Array;
  private readonly fixedAtStep: Int8Array;
  /**
   * Per step: how many edges the cells at slotU / slotV have after this step that are not ruled
   * out (an upper bound on the edges they can still get).
   */
  private readonly leftU: Int8Array;
  private readonly leftV: Int8Array;
  /**
   * notouch lookahead, CSR by step: slot pairs of grid neighbours that are both in the frontier
   * after the step with their edge still undecided. One fragment holding both is already dead:
   * taking the edge closes a cycle, leaving it out makes the path touch itself.
   */
  private readonly pendStart: Int32Array | null = null;
  private readonly pendA: Int32Array | null = null;
  private readonly pendB: Int32Array | null = null;
  /**
   * Capacity lookahead, CSR by step, grouped by slot: for every frontier cell after the step, its
   * undecided edges, as the slot of the other end, or for a cell not yet entered -1 (empty cell)
   * or -2 - label (endpoint). A cell that needs more edges (an open end 1, an unused cell under
   * fill 2) than it has usable ones left is dead.
   */
  private readonly cap: CapacityTable | null = null;
  /**
   * Members of every key as a slot bit mask (frontiers of at most 32 slots): built once per call
   * of child (one pass over the slots) and kept exact by every step of that call, so that joins,
   * separations and completed paths visit only the slots of the fragments involved instead of
   * scanning the frontier. Entry k is valid when maskGen[k] === gen.
   */
  private readonly useMasks: boolean;
  private readonly keyMask: Int32Array;
  private readonly maskGen: Int32Array;
  private gen = 0;
  /**
   * The same spec for the compiled builder (numberlink/kernel.ts), which buildZdd runs instead of
   * `child`; undefined where it does not apply (the tests' avoidWords, too many slots or keys).
   */
  readonly kernel: Kernel | undefined;
  /** When set (pathFilter.ts), every step run writes its decision here, by step. */
  trace: Int8Array | null = null;
  /** Free keys in use, as bits (key - freeBase), kept with the masks. */
  private freeUsed = 0;
  /** The state the masks describe (normalize uses them only for that state). */
  private maskArr: Int32Array | null = null;
  private maskOff = -1;
  /** Scratch for normalize: first slot and key of each free fragment. */
  private readonly normSlot: Int32Array;
  private readonly normKey: Int32Array;
  /** Scratch for renumbering free keys, and two bit rows. */
  private readonly remap: Int32Array;
  private readonly row1: Int32Array;
  private readonly row2: Int32Array;
  /**
   * Canonical family (see SpecInput.canonical): after the slot words and the avoidance rows, one
   * ghost word per slot (the cell above it in sweep terms, or the last used cell above a run of
   * empty cells) and one register (the same for the cell to the left of the cell that leaves
   * next); see canonLeave.
   */
  private readonly canon: boolean;
  private readonly gOff: number;
  /** Per leave entry of the plan (index p in leaveVertex): slot of the cell's next-line and next-in-line neighbours then, or -1. */
  private readonly leaveDown: Int32Array | null = null;
  private readonly leaveRight: Int32Array | null = null;
  /** Planarity of same-label pairs (boundaryOrder), or null. */
  private readonly boundary: { start: Int32Array; slot: Int32Array; tail: Int32Array } | null = null;
  private readonly labelMark: Uint8Array;
  /** planarOk's scratch: per label the positions of its first and second point; per free key its first open end (-1 none). */
  private readonly pointAt: Int32Array;
  private readonly pointAt2: Int32Array;
  private readonly fragAt: Int32Array;
  private readonly fragEnds: Int32Array;

  constructor(input: SpecInput) {
    const { plan, rule } = input;
    this.plan = plan;
    const m = plan.edgeCount;
    this.stepMode = new Uint8Array(m);
    let free = 0;
    for (let i = 0; i < m; i++) {
      const f = input.fixed ? input.fixed[plan.order[i]] : -1;
      let mode = MODE_FREE;
      if (f === 0) mode = MODE_FIXED0;
      else if (f === 1) mode = MODE_FIXED1;
      else if (!input.everyEdgeALevel) {
        for (let p = plan.leaveStart[i]; p < plan.leaveStart[i + 1]; p++) {
          if (plan.leaveSlot[p] === plan.slotU[i]) mode = MODE_BY_U;
          else if (plan.leaveSlot[p] === plan.slotV[i]) mode = MODE_BY_V;
        }
      }
      this.stepMode[i] = mode;
      if (mode === MODE_FREE) free++;
    }
    this.levels = free;
    this.levelOfStep = new Int32Array(m);
    this.stepOfLevel = new Int32Array(free + 1);
    for (let i = 0, k = 0; i < m; i++) {
      if (this.stepMode[i] !== MODE_FREE) continue;
      this.levelOfStep[i] = free - k;
      this.stepOfLevel[free - k] = i;
      k++;
    }
    this.slots = plan.width;
    this.fill = rule.fill;
    this.notouch = rule.notouch;
    this.avoid = rule.notouch;
    this.K = this.avoid ? Math.max(1, Math.ceil(plan.width / 32), input.avoidWords ?? 0) : 0;
    this.canon = input.canonical !== undefined && rule.notouch && !rule.fill;
    this.gOff = this.slots * (1 + this.K);
    this.width = this.slots * (1 + this.K) + (this.canon ? this.slots + 1 : 0);
    this.labelMark = new Uint8Array(input.labelCount);
    this.pointAt = new Int32Array(input.labelCount);
    this.pointAt2 = new Int32Array(input.labelCount);
    this.fragAt = new Int32Array(plan.width + 2).fill(-1);
    this.fragEnds = new Int32Array(plan.width + 2);
    if (this.canon) {
      const t = canonicalLeaveTables(plan, input.cellCount, input.canonical!);
      this.leaveDown = t.down;
      this.leaveRight = t.right;
      if (!input.noPlanar) this.boundary = boundaryOrder(plan, input.cellCount, input.canonical!, input.endpointKey);

    }
    this.freeBase = 2 * input.labelCount + 1;
    this.entryWord = new Int32Array(input.cellCount);
    for (let v = 0; v < input.cellCount; v++) {
      const k = input.endpointKey[v];
      this.entryWord[v] = k > 0 ? (k << 1) | 1 : 0;
    }
    this.fixedAtStep = new Int8Array(plan.edgeCount).fill(-1);
    if (input.fixed) {
      for (let i = 0; i < plan.edgeCount; i++) this.fixedAtStep[i] = input.fixed[plan.order[i]];
    }
    this.remap = new Int32Array(this.slots + 2);
    this.leftU = new Int8Array(m);
    this.leftV = new Int8Array(m);
    if (input.edgeEnds) {
      // Count, per cell, its edges not ruled out, then walk the steps taking each one away.
      const ends = input.edgeEnds, left = new Int8Array(input.cellCount);
      for (let e = 0; e < m; e++) {
        if (input.fixed && input.fixed[e] === 0) continue;
        left[ends[2 * e]]++;
        left[ends[2 * e + 1]]++;
      }
      for (let i = 0; i < m; i++) {
        const e = plan.order[i], u = ends[2 * e], v = ends[2 * e + 1];
        if (!(input.fixed && input.fixed[e] === 0)) { left[u]--; left[v]--; }
        this.leftU[i] = left[u];
        this.leftV[i] = left[v];
      }
    } else {
      this.leftU.fill(4);
      this.leftV.fill(4);
    }
    if (input.edgeEnds) {
      // advance reads the tables only after the step before a free one, and after the last.
      const read = new Uint8Array(m);
      for (let i = 1; i < m; i++) if (this.stepMode[i] === MODE_FREE) read[i - 1] = 1;
      if (m > 0) read[m - 1] = 1;
      const { cap, pend } = lookaheadTables(plan, input.edgeEnds, input.cellCount, input.endpointKey, input.fixed, this.notouch, read);
      this.cap = cap;
      if (pend) {
        this.pendStart = pend.start;
        this.pendA = pend.a;
        this.pendB = pend.b;
      }
    }
    this.row1 = new Int32Array(Math.max(1, this.K));
    this.row2 = new Int32Array(Math.max(1, this.K));
    this.useMasks = this.slots <= 32;
    this.normSlot = new Int32Array(33);
    this.normKey = new Int32Array(33);
    const keys = this.freeBase + this.slots + 2;
    this.keyMask = new Int32Array(keys);
    this.maskGen = new Int32Array(keys);
    this.kernel = input.avoidWords ? undefined : numberlinkKernelFor({
      plan, levels: this.levels, fill: this.fill, notouch: this.notouch, freeBase: this.freeBase, stepMode: this.stepMode,
      leftU: this.leftU, leftV: this.leftV, levelOfStep: this.levelOfStep, stepOfLevel: this.stepOfLevel,
      entryWord: this.entryWord, cap: this.cap,
      pend: this.pendStart ? { start: this.pendStart, a: this.pendA!, b: this.pendB! } : null,
      canon: this.canon ? { down: this.leaveDown!, right: this.leaveRight! } : null,
      boundary: this.boundary,
      labelCount: input.labelCount,
    });
  }

  /** Edges a cell with word w still needs: 1 for an open end, 2 for an unused cell under fill. */
  private need(w: number): number {
    return w === 0 ? (this.fill ? 2 : 0) : w > 0 && (w & 1) === 1 ? 1 : 0;
  }

  /** Starts a new call: (re)builds the key masks of the state at s[off ..]. */
  private buildMasks(s: Int32Array, off: number): void {
    if (!this.useMasks) return;
    const g = ++this.gen;
    const km = this.keyMask, kg = this.maskGen, base = this.freeBase;
    let free = 0;
    for (let j = 0; j < this.slots; j++) {
      const w = s[off + j];
      if (w <= 0) continue;
      const k = w >> 1;
      if (kg[k] !== g) { kg[k] = g; km[k] = 1 << j; } else km[k] |= 1 << j;
      if (k >= base) free |= 1 << (k - base);
    }
    this.freeUsed = free;
    this.maskArr = s;
    this.maskOff = off;
  }

  private maskOf(k: number): number {
    return this.maskGen[k] === this.gen ? this.keyMask[k] : 0;
  }

  private setMask(k: number, m: number): void {
    this.maskGen[k] = this.gen;
    this.keyMask[k] = m;
    const base = this.freeBase;
    if (k >= base) {
      if (m !== 0) this.freeUsed |= 1 << (k - base);
      else this.freeUsed &= ~(1 << (k - base));
    }
  }

  /** Writes the words of the cells entering at step i (their slots are vacant). */
  private enter(s: Int32Array, off: number, i: number): void {
    const plan = this.plan;
    for (let p = plan.enterStart[i]; p < plan.enterStart[i + 1]; p++) {
      const sl = plan.enterSlot[p], w = this.entryWord[plan.enterVertex[p]];
      s[off + sl] = w;
      if (this.canon) s[off + this.gOff + sl] = 0;
      if (w > 0 && this.useMasks) this.setMask(w >> 1, this.maskOf(w >> 1) | (1 << sl));
    }
  }

  root(s: Int32Array, off: number): number {
    s.fill(0, off, off + this.width);
    this.buildMasks(s, off);
    return this.advance(s, off, 0);
  }

  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    const i = this.stepOfLevel[level];
    // Leaving out an edge that one of its cells needs (more edges needed than it has left after
    // this one) is hopeless: the usual case is an unused cell under fill with two edges left.
    if (take === 0 && (this.need(s[off + this.plan.slotU[i]]) > this.leftU[i] || this.need(s[off + this.plan.slotV[i]]) > this.leftV[i])) return REJECT;
    this.buildMasks(s, off);
    if (!this.step(s, off, i, take)) return REJECT;
    return this.advance(s, off, i + 1);
  }

  /**
   * The graph edges of a solution given as a ZDD set (levels of its free edges): replays the
   * steps, deciding the implied ones as `child` does. Null if the set is not a solution.
   */
  decode(levels: Iterable<number>): number[] | null {
    const chosen = new Set(levels);
    const s = new Int32Array(this.width);
    const out: number[] = [];
    const m = this.plan.edgeCount;
    for (let i = 0; i < m; i++) {
      this.buildMasks(s, 0);
      const take = this.stepMode[i] === MODE_FREE ? (chosen.has(this.levelOfStep[i]) ? 1 : 0) : this.impliedTake(s, 0, i);
      if (!this.step(s, 0, i, take)) return null;
      this.normalize(s, 0);
      if (take === 1) out.push(this.plan.order[i]);
    }
    return out;
  }

  /** Runs the implied steps from step i on; returns the level of the next free step (or a terminal). */
  private advance(s: Int32Array, off: number, i: number): number {
    const m = this.plan.edgeCount;
    const mode = this.stepMode;
    const plan = this.plan;
    for (; i < m; i++) {
      if (mode[i] === MODE_FREE) {
        // Lookahead (as TdZdd's zddLookahead): a free edge that cannot be taken here is 0 in
        // every set below, so the state moves on instead of becoming a node whose 1-child is
        // empty (the reduced ZDD is the same; far fewer states are stored and hashed).
        this.enter(s, off, i);
        if (this.canTake(s, off, plan.slotU[i], plan.slotV[i])) break;
        if (!this.step(s, off, i, 0)) return REJECT;
      } else if (!this.step(s, off, i, this.impliedTake(s, off, i))) {
        return REJECT;
      }
    }
    if (i > 0) {
      if (this.pendStart !== null && !this.pendingOk(s, off, i - 1)) return REJECT;
      if (this.cap !== null && !this.capacityOk(s, off, i - 1)) return REJECT;
    }
    if (this.boundary !== null && i < m && !this.planarOk(s, off, i)) return REJECT;
    return i < m ? this.levelOfStep[i] : ACCEPT;
  }

  /**
   * The decision at an implied step: the fixed value, or, when one end of the edge leaves right
   * after it, the only value it can survive with (an open end must take it; an unused or full
   * cell must not).
   */
  private impliedTake(s: Int32Array, off: number, i: number): 0 | 1 {
    const mode = this.stepMode[i];
    if (mode === MODE_FIXED0) return 0;
    if (mode === MODE_FIXED1) return 1;
    const plan = this.plan;
    // Both read always: a branch that reads only one would meet optimized code without feedback.
    const su = plan.slotU[i], sv = plan.slotV[i];
    const sl = mode === MODE_BY_U ? su : sv;
    // The deciding cell may enter at this very step (its only edge).
    let w = s[off + sl];
    for (let p = plan.enterStart[i]; p < plan.enterStart[i + 1]; p++) {
      if (plan.enterSlot[p] === sl) w = this.entryWord[plan.enterVertex[p]];
    }
    return w > 0 && (w & 1) === 1 ? 1 : 0;
  }

  /** Step i with the given decision: enter, decide the edge, leave. False when that is illegal. */
  private step(s: Int32Array, off: number, i: number, take: 0 | 1): boolean {
    const plan = this.plan;
    this.enter(s, off, i);
    const fx = this.fixedAtStep[i];
    if (fx >= 0 && fx !== take) return false;
    if (this.trace !== null) this.trace[i] = take;
    const a = plan.slotU[i], b = plan.slotV[i];
    if (take === 1) {
      if (!this.join(s, off, a, b)) return false;
    } else if (this.notouch) {
      if (!this.separate(s, off, a, b)) return false;
    }
    if (this.canon) {
      const p0 = plan.leaveStart[i], p1 = plan.leaveStart[i + 1];
      // Cells leave in line order (two at most: the ends of the step's edge).
      if (p1 - p0 === 2 && this.leaveRight![p0 + 1] === plan.leaveSlot[p0]) {
        if (!this.canonLeave(s, off, p0 + 1) || !this.canonLeave(s, off, p0)) return false;
      } else {
        for (let p = p0; p < p1; p++) if (!this.canonLeave(s, off, p)) return false;
      }
    }
    const fill = this.fill;
    for (let p = plan.leaveStart[i]; p < plan.leaveStart[i + 1]; p++) {
      const sl = plan.leaveSlot[p];
      const w = s[off + sl];
      if (w === 0) {
        if (fill) return false;
      } else if (w > 0 && (w & 1) === 1) {
        return false; // an endpoint left unused or a path end left dangling
      }
      if (w > 0 && this.useMasks) this.setMask(w >> 1, this.maskOf(w >> 1) & ~(1 << sl));
      s[off + sl] = 0;
      if (this.avoid) this.dropSlot(s, off, sl);
    }
    return true;
  }

  normalize(s: Int32Array, off: number): void {
    const base = this.freeBase;
    if (this.useMasks && s === this.maskArr && off === this.maskOff) {
      // The masks describe this state (the builder normalizes the state child just produced):
      // visit only the free fragments, in order of their first slot, as the scan below does.
      let bits = this.freeUsed, n = 0;
      const slot = this.normSlot, key = this.normKey;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const k = base + 31 - Math.clz32(low);
        const m = this.maskOf(k);
        const first = 31 - Math.clz32(m & -m);
        let t = n++;
        while (t > 0 && slot[t - 1] > first) { slot[t] = slot[t - 1]; key[t] = key[t - 1]; t--; }
        slot[t] = first;
        key[t] = k;
      }
      let same = true;
      for (let t = 0; t < n; t++) if (key[t] !== base + t) { same = false; break; }
      if (same) return;
      if (this.canon) {
        const remap = this.remap;
        for (let t = 0; t < n; t++) remap[key[t] - base] = base + t;
        this.ghostsRemap(s, off);
      }
      for (let t = 0; t < n; t++) {
        const k = key[t], nk = base + t;
        if (k === nk) continue;
        let m = this.maskOf(k);
        while (m !== 0) {
          const low = m & -m;
          m ^= low;
          const j = 31 - Math.clz32(low);
          s[off + j] = (nk << 1) | (s[off + j] & 1);
        }
      }
      this.maskArr = null; // the keys changed: the masks no longer describe the state
      return;
    }
    const remap = this.remap;
    remap.fill(0);
    let next = base;
    for (let j = 0; j < this.slots; j++) {
      const w = s[off + j];
      if (w <= 0) continue;
      const k = w >> 1;
      if (k < base) continue;
      const r = k - base;
      if (remap[r] === 0) remap[r] = next++;
      s[off + j] = (remap[r] << 1) | (w & 1);
    }
    if (this.canon) this.ghostsRemap(s, off);
  }

  // ---- the canonical family (SpecInput.canonical, canonical.ts) ----
  //
  // A ghost names the path of a used cell that has left the frontier: 0 (none); for an open
  // fragment key << 4, for a completed path (label + 1) << 4 | 1; bit 1 when it is the cell right
  // next to the one holding the ghost (direct), and for a direct ghost bit 2 / bit 3 when that cell
  // is linked to its next / previous cell in its line. The register holds the ghost of the cell that
  // left last in the current line, << 1, with bit 0 set when that cell is linked to the next one.

  /** Ghost of a used cell's word (direct, with its links along the line). */
  private ghostOf(w: number, nextLinked: boolean, prevLinked: boolean): number {
    const bits = 2 | (nextLinked ? 4 : 0) | (prevLinked ? 8 : 0);
    return w > 0 ? ((w >> 1) << 4) | bits : ((-1 - w) << 4) | bits | 1;
  }

  /** The same path, further away (a completed path is out of reach of any cell still to come). */
  private farGhost(g: number): number {
    return (g & 1) === 1 ? 0 : g & ~15;
  }

  /**
   * Slot p of the plan's leave entries leaves: it becomes the ghost of its neighbours or, when it
   * leaves empty, passes its ghosts on and records that no path holds two of its neighbours but
   * through a corner met before it (see SpecInput.canonical and canonical.ts).
   */
  private canonLeave(s: Int32Array, off: number, p: number): boolean {
    const sl = this.plan.leaveSlot[p];
    const w = s[off + sl];
    const G = off + this.gOff, R = G + this.slots;
    const up = s[G + sl], reg = s[R];
    const left = reg >> 1, leftLinked = (reg & 1) === 1;
    const down = this.leaveDown![p], right = this.leaveRight![p];
    s[G + sl] = 0;
    if (w > 0 || w <= -2) {
      const nextLinked = right >= 0 && this.linked(w, s[off + right]);
      const g = this.ghostOf(w, nextLinked, leftLinked);
      if (down >= 0) s[G + down] = this.linked(w, s[off + down]) ? 0 : g;
      s[R] = right < 0 ? 0 : nextLinked ? 1 : g << 1;
      return true;
    }
    const upNear = (up & 2) !== 0, leftNear = (left & 2) !== 0;
    if (up !== 0) {
      // Across the empty cell, or the ends of a straight run of empty cells: a shortcut.
      if (down >= 0 && !this.avoidGhost(s, off, up, down)) return false;
      if (upNear) {
        // Around a corner met before: one path only through that corner (its links to it are
        // the notouch rule's business); the corner's own link decides.
        if (right >= 0 && (up & 4) === 0 && !this.avoidGhost(s, off, up, right)) return false;
        if (leftNear && (up & 8) === 0 && !this.avoidGhosts(s, off, up, left)) return false;
      } else if (right >= 0 && !this.avoidGhostApart(s, off, up, right)) {
        return false;
      }
      // Down the run above and along the run to the left: a route as short as any.
      if (left !== 0 && !(upNear && leftNear) && !this.avoidGhostsApart(s, off, up, left)) return false;
    }
    if (left !== 0) {
      if (right >= 0 && !this.avoidGhost(s, off, left, right)) return false;
      // Around the corner below (met later): a flip through the empty cell would free it; along
      // the run to the left and down: as short as any route that is not one fragment yet.
      if (down >= 0 && !(leftNear ? this.avoidGhost(s, off, left, down) : this.avoidGhostApart(s, off, left, down))) return false;
    }
    // Right and down meet at a corner met later too.
    if (right >= 0 && down >= 0 && !this.separate(s, off, right, down)) return false;
    if (down >= 0) s[G + down] = this.farGhost(up);
    s[R] = right >= 0 ? this.farGhost(left) << 1 : 0;
    return true;
  }

  /** Two words of grid neighbours: the cells are linked (notouch: one path means linked). */
  private linked(wa: number, wb: number): boolean {
    if (wa <= -2) return wa === wb;
    return wa > 0 && wb > 0 && wa >> 1 === wb >> 1;
  }

  /** A slot of fragment `key` (open fragments always have one in the frontier). */
  private memberSlot(s: Int32Array, off: number, key: number): number {
    if (this.useMasks) {
      const m = this.maskOf(key);
      if (m !== 0) return 31 - Math.clz32(m & -m);
    }
    for (let t = 0; t < this.slots; t++) {
      const w = s[off + t];
      if (w > 0 && w >> 1 === key) return t;
    }
    throw new Error(`numberlink spec: fragment ${key} has no slot`);
  }

  /** Ghost g's path and slot j's cell are never one path (false when they are already). */
  private avoidGhost(s: Int32Array, off: number, g: number, j: number): boolean {
    if ((g & 1) === 1) return s[off + j] !== -1 - (g >> 4);
    return this.separate(s, off, this.memberSlot(s, off, g >> 4), j);
  }

  /**
   * As avoidGhost, but nothing when they are one path already: two cells at the ends of a route
   * of empty cells as short as their distance, whose path between them is complete, may be joined
   * by a route of the same length through cells met before (the colex order does not object).
   */
  private avoidGhostApart(s: Int32Array, off: number, g: number, j: number): boolean {
    const w = s[off + j];
    if ((g & 1) === 1) return true; // a completed path: the cell is on it (complete) or never will be
    if (w > 0 && w >> 1 === g >> 4) return true;
    return this.avoidGhost(s, off, g, j);
  }

  private avoidGhostsApart(s: Int32Array, off: number, g: number, h: number): boolean {
    if ((g & 1) === 1 || (h & 1) === 1 || g >> 4 === h >> 4) return true;
    return this.avoidGhosts(s, off, g, h);
  }

  private avoidGhosts(s: Int32Array, off: number, g: number, h: number): boolean {
    if ((g & 1) === 1 || (h & 1) === 1) return (g & 1) !== (h & 1) || g >> 4 !== h >> 4;
    return this.separate(s, off, this.memberSlot(s, off, g >> 4), this.memberSlot(s, off, h >> 4));
  }

  /** Ghost word at t (the register is ghost << 1 | flag) and writing it back. */
  private ghostAt(s: Int32Array, G: number, t: number): number {
    return t === this.slots ? s[G + t] >> 1 : s[G + t];
  }

  private setGhostAt(s: Int32Array, G: number, t: number, g: number): void {
    if (t === this.slots) s[G + t] = (g << 1) | (s[G + t] & 1);
    else s[G + t] = g;
  }

  /** Fragment `from` was joined into `to`: ghosts follow. */
  private ghostsRelabel(s: Int32Array, off: number, from: number, to: number): void {
    const G = off + this.gOff;
    for (let t = 0; t <= this.slots; t++) {
      const g = this.ghostAt(s, G, t);
      if (g !== 0 && (g & 1) === 0 && g >> 4 === from) this.setGhostAt(s, G, t, (to << 4) | (g & 15));
    }
  }

  /** Fragments ka and kb completed the path of `label`: direct ghosts keep it, far ones go. */
  private ghostsComplete(s: Int32Array, off: number, ka: number, kb: number, label: number): void {
    const G = off + this.gOff;
    for (let t = 0; t <= this.slots; t++) {
      const g = this.ghostAt(s, G, t);
      if (g === 0 || (g & 1) === 1 || (g >> 4 !== ka && g >> 4 !== kb)) continue;
      this.setGhostAt(s, G, t, (g & 2) !== 0 ? ((label + 1) << 4) | (g & 15) | 1 : 0);
    }
  }

  /** After normalize renumbered the free keys (this.remap, by key - freeBase), ghosts follow. */
  private ghostsRemap(s: Int32Array, off: number): void {
    const G = off + this.gOff, base = this.freeBase;
    for (let t = 0; t <= this.slots; t++) {
      const g = this.ghostAt(s, G, t);
      if (g !== 0 && (g & 1) === 0 && g >> 4 >= base) this.setGhostAt(s, G, t, (this.remap[(g >> 4) - base] << 4) | (g & 15));
    }
  }

  /** Take the edge between slots a and b; false when that is illegal. */
  private join(s: Int32Array, off: number, a: number, b: number): boolean {
    const wa = s[off + a], wb = s[off + b];
    // Only unused cells (0) and open ends (odd, positive) accept an edge.
    if (wa < 0 || wb < 0) return false;
    if (wa > 0 && (wa & 1) === 0) return false;
    if (wb > 0 && (wb & 1) === 0) return false;
    const ka = wa >> 1, kb = wb >> 1;
    if (ka !== 0 && ka === kb) return false; // would close a cycle
    const base = this.freeBase;
    const la = ka !== 0 && ka < base, lb = kb !== 0 && kb < base;
    if (this.avoid && this.hasBit(s, off, a, b)) return false;
    if (this.canon) {
      // A used cell needs no ghost of its own (what it must avoid is recorded already).
      if (wa === 0) s[off + this.gOff + a] = 0;
      if (wb === 0) s[off + this.gOff + b] = 0;
    }
    if (la && lb) {
      if ((ka - 1) >> 1 !== (kb - 1) >> 1) return false; // two different labels
      if (this.canon) this.ghostsComplete(s, off, ka, kb, (ka - 1) >> 1);
      // The two halves of one path meet: the path is complete and nothing can join it again.
      // Under notouch its cells keep the label (-2 - label): two of them may still meet unlinked.
      const done = this.notouch ? -2 - ((ka - 1) >> 1) : -1;
      if (this.useMasks) {
        let bits = this.maskOf(ka) | this.maskOf(kb);
        this.setMask(ka, 0);
        this.setMask(kb, 0);
        while (bits !== 0) {
          const low = bits & -bits;
          bits ^= low;
          const j = 31 - Math.clz32(low);
          s[off + j] = done;
          if (this.avoid) this.dropSlot(s, off, j);
        }
      } else {
        for (let j = 0; j < this.slots; j++) {
          const w = s[off + j];
          if (w > 0) {
            const k = w >> 1;
            if (k === ka || k === kb) {
              s[off + j] = done;
              if (this.avoid) this.dropSlot(s, off, j);
            }
          }
        }
      }
      s[off + a] = done;
      s[off + b] = done;
      if (this.avoid) {
        this.dropSlot(s, off, a);
        this.dropSlot(s, off, b);
      }
      return true;
    }
    let r: number;
    if (la) r = ka;
    else if (lb) r = kb;
    else if (ka !== 0) r = ka;
    else if (kb !== 0) r = kb;
    else r = this.freshKey(s, off); // a new fragment (normalize renumbers keys later)
    const other = r === ka ? kb : ka;
    if (this.canon && other !== 0) this.ghostsRelabel(s, off, other, r);
    // Relabel the other fragment, collecting the members of the joined one (<= 32 slots).
    let members = 0;
    if (this.useMasks) {
      members = this.maskOf(r);
      if (other !== 0) {
        let bits = this.maskOf(other);
        this.setMask(other, 0);
        members |= bits;
        while (bits !== 0) {
          const low = bits & -bits;
          bits ^= low;
          const j = 31 - Math.clz32(low);
          s[off + j] = (r << 1) | (s[off + j] & 1);
        }
      }
    } else {
      for (let j = 0; j < this.slots; j++) {
        const w = s[off + j];
        if (w <= 0) continue;
        const k = w >> 1;
        if (k === other) {
          s[off + j] = (r << 1) | (w & 1);
          members |= 1 << j;
        } else if (k === r) {
          members |= 1 << j;
        }
      }
    }
    // Degree 0 -> open end; open end -> full.
    const full = this.notouch ? r << 1 : -1;
    s[off + a] = wa === 0 ? (r << 1) | 1 : full;
    s[off + b] = wb === 0 ? (r << 1) | 1 : full;
    if (this.useMasks) {
      let mr = members | (1 << a) | (1 << b);
      if (full === -1) {
        if (wa !== 0) mr &= ~(1 << a);
        if (wb !== 0) mr &= ~(1 << b);
      }
      this.setMask(r, mr);
    }
    if (this.avoid) {
      if (this.K === 1) return this.mergeAvoid1(s, off, a, b, r, members | (1 << a) | (1 << b));
      return this.mergeAvoid(s, off, a, b, r);
    }
    return true;
  }

  /** Whether `join` could accept the edge between slots a and b (a necessary condition). */
  private canTake(s: Int32Array, off: number, a: number, b: number): boolean {
    const wa = s[off + a], wb = s[off + b];
    if (wa < 0 || wb < 0) return false;
    if (wa > 0 && (wa & 1) === 0) return false;
    if (wb > 0 && (wb & 1) === 0) return false;
    const ka = wa >> 1, kb = wb >> 1;
    if (ka !== 0 && ka === kb) return false;
    const base = this.freeBase;
    if (ka !== 0 && kb !== 0 && ka < base && kb < base && (ka - 1) >> 1 !== (kb - 1) >> 1) return false;
    return !(this.avoid && this.hasBit(s, off, a, b));
  }

  /**
   * The smallest free key for a fragment without an endpoint. Several steps may run before the
   * next normalize, so a constant "new" key could collide with an earlier one.
   */
  private freshKey(s: Int32Array, off: number): number {
    const base = this.freeBase, used = this.remap;
    if (this.useMasks) {
      let k = base;
      while (this.maskOf(k) !== 0) k++;
      return k;
    }
    used.fill(0);
    for (let j = 0; j < this.slots; j++) {
      const w = s[off + j];
      if (w > 0 && w >> 1 >= base) used[(w >> 1) - base] = 1;
    }
    let k = 0;
    while (used[k] === 1) k++;
    return base + k;
  }

  /** notouch: leave out the edge between slots a and b. */
  private separate(s: Int32Array, off: number, a: number, b: number): boolean {
    const wa = s[off + a], wb = s[off + b];
    // A completed path: a cell not on it can never join it; two of its cells must not touch.
    // (-1 is a cell that stays empty.)
    if (wa < 0 || wb < 0) return wa !== wb || wa === -1;
    const ka = wa >> 1, kb = wb >> 1;
    if (ka !== 0 && ka === kb) return false; // one fragment touching itself
    const base = this.freeBase;
    if (ka !== 0 && kb !== 0 && ka < base && kb < base) {
      // Both labelled: different labels never meet; the same label must meet, so they would touch.
      return (ka - 1) >> 1 !== (kb - 1) >> 1;
    }
    if (!this.avoid) return true;
    // Record: fragment of a avoids fragment of b (symmetric, closed under membership).
    const K = this.K, S = this.slots, mOff = off + S;
    if (K === 1) {
      let ma = 0, mb = 0;
      if (ka === 0) ma = 1 << a;
      if (kb === 0) mb = 1 << b;
      if (this.useMasks) {
        if (ka !== 0) ma = this.maskOf(ka);
        if (kb !== 0) mb = this.maskOf(kb);
      } else if (ka !== 0 || kb !== 0) {
        for (let t = 0; t < S; t++) {
          const w = s[off + t];
          if (w <= 0) continue;
          const k = w >> 1;
          if (k === ka) ma |= 1 << t;
          else if (k === kb) mb |= 1 << t;
        }
      }
      let bits = ma;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        s[mOff + 31 - Math.clz32(low)] |= mb;
      }
      bits = mb;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        s[mOff + 31 - Math.clz32(low)] |= ma;
      }
      return true;
    }
    const ma = this.memberBits(s, off, ka, a, this.row1);
    const mb = this.memberBits(s, off, kb, b, this.row2);
    for (let j = 0; j < S; j++) {
      const bit = 1 << (j & 31), w = j >> 5;
      if ((ma[w] & bit) !== 0) for (let k = 0; k < K; k++) s[mOff + j * K + k] |= mb[k];
      if ((mb[w] & bit) !== 0) for (let k = 0; k < K; k++) s[mOff + j * K + k] |= ma[k];
    }
    return true;
  }

  /** Bit set of the slots of fragment `key` (or of slot j alone when key is 0). */
  private memberBits(s: Int32Array, off: number, key: number, j: number, out: Int32Array): Int32Array {
    out.fill(0);
    if (key === 0) {
      out[j >> 5] |= 1 << (j & 31);
      return out;
    }
    for (let t = 0; t < this.slots; t++) {
      const w = s[off + t];
      if (w > 0 && w >> 1 === key) out[t >> 5] |= 1 << (t & 31);
    }
    return out;
  }

  /**
   * notouch, after a and b joined into fragment r: the fragment avoids the union of what its parts
   * avoided; resolve avoidances against labelled fragments when r is labelled.
   */
  private mergeAvoid(s: Int32Array, off: number, a: number, b: number, r: number): boolean {
    const K = this.K, S = this.slots, mOff = off + S;
    const union = this.row1;
    for (let k = 0; k < K; k++) union[k] = s[mOff + a * K + k] | s[mOff + b * K + k];
    const members = this.memberBits(s, off, r, a, this.row2);
    const labelled = r < this.freeBase;
    const rLabel = (r - 1) >> 1;
    for (let t = 0; t < S; t++) {
      if ((union[t >> 5] & (1 << (t & 31))) === 0) continue;
      const wt = s[off + t];
      const kt = wt > 0 ? wt >> 1 : 0;
      if (labelled && kt !== 0 && kt < this.freeBase) {
        if ((kt - 1) >> 1 === rLabel) return false; // must meet, yet must not touch
        union[t >> 5] &= ~(1 << (t & 31)); // different labels: never on one path
        for (let k = 0; k < K; k++) s[mOff + t * K + k] &= ~members[k];
        continue;
      }
      for (let k = 0; k < K; k++) s[mOff + t * K + k] |= members[k];
    }
    for (let j = 0; j < S; j++) {
      if ((members[j >> 5] & (1 << (j & 31))) === 0) continue;
      for (let k = 0; k < K; k++) s[mOff + j * K + k] = union[k];
    }
    return true;
  }

  /** mergeAvoid for at most 32 slots: one word per row, walking set bits only. */
  private mergeAvoid1(s: Int32Array, off: number, a: number, b: number, r: number, members: number): boolean {
    const S = this.slots, mOff = off + S, base = this.freeBase;
    let union = s[mOff + a] | s[mOff + b];
    const labelled = r < base;
    const rLabel = (r - 1) >> 1;
    let bits = union;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const t = 31 - Math.clz32(low);
      const wt = s[off + t];
      const kt = wt > 0 ? wt >> 1 : 0;
      if (labelled && kt !== 0 && kt < base) {
        if ((kt - 1) >> 1 === rLabel) return false; // must meet, yet must not touch
        union &= ~low; // different labels: never on one path
        s[mOff + t] &= ~members;
      } else {
        s[mOff + t] |= members;
      }
    }
    bits = members;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      s[mOff + 31 - Math.clz32(low)] = union;
    }
    return true;
  }

  /** Every frontier cell can still get the edges it needs (see cap). */
  private capacityOk(s: Int32Array, off: number, i: number): boolean {
    const cap = this.cap!;
    const gSlot = cap.groupSlot, gFree = cap.groupFree, eStart = cap.entryStart, co = cap.other;
    const base = this.freeBase, fill = this.fill, avoid = this.avoid;
    for (let g = cap.groupStart[i], gEnd = cap.groupStart[i + 1]; g < gEnd; g++) {
      const x = gSlot[g];
      const wx = s[off + x];
      // An unused cell needs 2 edges under fill; without fill, one that cannot get 2 any more
      // stays empty for good, and is marked full (-1) so that it merges with equal states.
      let need: number;
      if (wx === 0) need = 2;
      else if (wx > 0 && (wx & 1) === 1) need = 1;
      else continue;
      let got = gFree[g];
      if (got >= need) continue;
      const kx = wx >> 1;
      const lx = kx !== 0 && kx < base ? (kx - 1) >> 1 : -1;
      for (let p = eStart[g], pEnd = eStart[g + 1]; p < pEnd; p++) {
        const o = co[p];
        if (o < 0) {
          // An endpoint not yet reached: usable unless it carries another label.
          if (lx < 0 || -2 - o === lx) got++;
        } else {
          const wy = s[off + o];
          if (wy < 0 || (wy > 0 && (wy & 1) === 0)) continue;
          const ky = wy >> 1;
          if (ky !== 0) {
            if (ky === kx) continue;
            if (lx >= 0 && ky < base && (ky - 1) >> 1 !== lx) continue;
          }
          if (avoid && this.hasBit(s, off, x, o)) continue;
          got++;
        }
        if (got >= need) break;
      }
      if (got < need) {
        if (wx !== 0 || fill) return false;
        s[off + x] = -1;
        if (avoid) this.dropSlot(s, off, x);
      }
    }
    return true;
  }

  /**
   * Labels that must still meet within the region to come, both of their points on its boundary
   * (boundaryOrder, at step i: open ends in the frontier, then the endpoints not reached yet on the
   * grid's border), are joined by routes inside a disk. Along its boundary two such pairs P and Q
   * may nest or follow each other but not interleave, unless a fragment without an endpoint (its
   * two open ends in the frontier, its cells on the swept side) interleaves with P or with Q: a
   * route may pass through it. Proof: Q's route (through the disk and the fragments it takes),
   * closed by an arc on the swept side and round the outside of the grid (possible when no
   * fragment separates Q's points there), is a closed curve; walking the boundary from one point
   * of P to the other crosses it once at Q's points and an even number of times at the ends of
   * Q's fragments (none interleaves with P), so P's route would have to cross Q's.
   */
  private planarOk(s: Int32Array, off: number, i: number): boolean {
    const { start, slot } = this.boundary!;
    const b = start[i], e = start[i + 1];
    if (b === e) return true;
    const mark = this.labelMark, first = this.pointAt, last = this.pointAt2, base = this.freeBase;
    const fragAt = this.fragAt, frags = this.fragEnds;
    let pairs = 0, nFrag = 0, unpaired = 0, active = false, ok = true;
    for (let p = b; p < e; p++) {
      const entry = slot[p];
      const l = this.boundaryLabel(s, off, entry);
      if (l >= 0) {
        if (mark[l] === 0) first[l] = p;
        else last[l] = p;
        if (++mark[l] === 2) {
          pairs++;
          // Frontier points come first: a pair with one there has its first point there.
          if (slot[first[l]] >= 0) active = true;
        }
        continue;
      }
      const x = entry >= 0 ? s[off + entry] : 0;
      if (x > 0 && (x & 1) === 1 && x >> 1 >= base) {
        const k = (x >> 1) - base;
        if (fragAt[k] < 0) {
          fragAt[k] = p;
          unpaired++;
        } else {
          unpaired--;
          frags[nFrag++] = fragAt[k];
          frags[nFrag++] = p;
          fragAt[k] = -1;
        }
      }
    }
    // Only interleavings with a pair that has a point in the frontier are looked for (two pairs
    // of border endpoints that interleave are seen as soon as one of them enters). A fragment
    // with one open end here would be dead already: nothing is checked then.
    if (pairs >= 2 && active && unpaired === 0) {
      // Mark 2: a pair no fragment interleaves with, not met yet; 3: its first point met (on the stack).
      for (let p = b; p < e; p++) {
        const l = this.boundaryLabel(s, off, slot[p]);
        if (l < 0 || mark[l] !== 2 || first[l] !== p) continue;
        for (let f = 0; f < nFrag; f += 2) {
          if ((first[l] < frags[f] && frags[f] < last[l]) !== (first[l] < frags[f + 1] && frags[f + 1] < last[l])) {
            mark[l] = 1;
            break;
          }
        }
      }
      const stack: number[] = [];
      for (let p = b; p < e; p++) {
        const l = this.boundaryLabel(s, off, slot[p]);
        if (l < 0) continue;
        if (mark[l] === 2) {
          mark[l] = 3;
          stack.push(l);
        } else if (mark[l] === 3) {
          if (stack.pop() !== l) { ok = false; break; }
        }
      }
    }
    for (let p = b; p < e; p++) {
      const entry = slot[p];
      const l = this.boundaryLabel(s, off, entry);
      if (l >= 0) mark[l] = 0;
      const x = entry >= 0 ? s[off + entry] : 0;
      if (x > 0 && x >> 1 >= base) fragAt[(x >> 1) - base] = -1;
    }
    return ok;
  }

  /** The label of a boundary entry (a slot holding an open labelled end, or ~label), else -1. */
  private boundaryLabel(s: Int32Array, off: number, entry: number): number {
    if (entry < 0) return ~entry;
    const x = s[off + entry];
    return x > 0 && (x & 1) === 1 && x >> 1 < this.freeBase ? ((x >> 1) - 1) >> 1 : -1;
  }

  /** notouch: no fragment may hold both ends of a still undecided edge (see pendStart). */
  private pendingOk(s: Int32Array, off: number, i: number): boolean {
    const start = this.pendStart!, pa = this.pendA!, pb = this.pendB!;
    for (let p = start[i]; p < start[i + 1]; p++) {
      const wa = s[off + pa[p]];
      if (wa === 0 || wa === -1) continue;
      const wb = s[off + pb[p]];
      // One path: the same completed label (wa < 0), or the same key (wa > 0; keys are >= 1).
      const ka = wa < 0 ? wa : wa >> 1, kb = wb <= 0 ? wb : wb >> 1;
      if (ka === kb) return false;
    }
    return true;
  }

  private hasBit(s: Int32Array, off: number, a: number, b: number): boolean {
    return (s[off + this.slots + a * this.K + (b >> 5)] & (1 << (b & 31))) !== 0;
  }

  /** Forget every avoidance of slot j (it left, or its path is complete). */
  private dropSlot(s: Int32Array, off: number, j: number): void {
    const K = this.K, S = this.slots, mOff = off + S;
    if (K === 1) {
      // The relation is symmetric: only the slots in j's own row hold j's bit.
      let bits = s[mOff + j];
      if (bits === 0) return;
      s[mOff + j] = 0;
      const clear = ~(1 << j);
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        s[mOff + 31 - Math.clz32(low)] &= clear;
      }
      return;
    }
    const w = j >> 5, bit = ~(1 << (j & 31));
    for (let k = 0; k < K; k++) s[mOff + j * K + k] = 0;
    for (let t = 0; t < S; t++) s[mOff + t * K + w] &= bit;
  }

}

/** Entries above these make a lookahead table too big to be worth it (huge grids). */
const MAX_PENDING = 4_000_000;
const MAX_CAPACITY = 6_000_000;

interface CapacityTable {
  /** Per step: its groups groupStart[i] .. groupStart[i + 1], one per frontier cell after the step. */
  groupStart: Int32Array;
  groupSlot: Int32Array;
  /** Edges of the group's cell to empty cells not yet entered: always usable. */
  groupFree: Int32Array;
  /** The other undecided edges: entryStart[g] .. entryStart[g + 1] in `other`. */
  entryStart: Int32Array;
  /** The slot of the other end, or -2 - label for an endpoint not yet entered. */
  other: Int32Array;
}

interface PendingTable {
  start: Int32Array;
  a: Int32Array;
  b: Int32Array;
}

/**
 * The lookahead tables of the steps marked in `read` (the others get empty entries), in one sweep
 * over the steps that keeps the cell of every frontier slot: the capacity table (the undecided edges of every frontier cell after the step;
 * edges that deduction removed are left out, but their cell keeps its group) and, when asked,
 * the pending pairs (grid neighbours both in the frontier after the step, their edge undecided).
 * Either is null when it would be too big.
 */
function lookaheadTables(
  plan: FrontierPlan, edgeEnds: Int32Array, cellCount: number, endpointKey: Int32Array,
  fixed: Int8Array | undefined, wantPending: boolean, read: Uint8Array,
): { cap: CapacityTable | null; pend: PendingTable | null } {
  const m = plan.edgeCount, W = plan.width;
  const enteredAt = new Int32Array(cellCount).fill(-1);
  const slotOf = new Int32Array(cellCount).fill(-1);
  for (let i = 0; i < m; i++) {
    for (let p = plan.enterStart[i]; p < plan.enterStart[i + 1]; p++) {
      enteredAt[plan.enterVertex[p]] = i;
      slotOf[plan.enterVertex[p]] = plan.enterSlot[p];
    }
  }
  // Sizes: an edge decided at step j has an entry for each end from its entry step to j - 1, and
  // is pending from the later entry step to j - 1; only the steps that are read count (readBefore[j]:
  // how many of the steps before j are).
  const readBefore = new Int32Array(m + 1);
  for (let i = 0; i < m; i++) readBefore[i + 1] = readBefore[i] + read[i];
  let capTotal = 0, pendTotal = 0;
  for (let j = 0; j < m; j++) {
    const e = plan.order[j];
    const a = enteredAt[edgeEnds[2 * e]], b = enteredAt[edgeEnds[2 * e + 1]];
    capTotal += 2 * readBefore[j] - readBefore[a] - readBefore[b];
    pendTotal += readBefore[j] - readBefore[Math.max(a, b)];
  }
  const doCap = capTotal <= MAX_CAPACITY, doPend = wantPending && pendTotal <= MAX_PENDING;
  if (!doCap && !doPend) return { cap: null, pend: null };
  // Incident edges of every cell (CSR), by the step that decides them: after step i a frontier
  // cell's undecided edges are a suffix of its list, which ptr[u] follows as the steps advance.
  const deg = new Int32Array(cellCount + 1);
  for (let e = 0; e < m; e++) { deg[edgeEnds[2 * e] + 1]++; deg[edgeEnds[2 * e + 1] + 1]++; }
  for (let v = 0; v < cellCount; v++) deg[v + 1] += deg[v];
  const recStep = new Int32Array(2 * m), recCell = new Int32Array(2 * m), recFirst = new Uint8Array(2 * m);
  const recOut = new Uint8Array(2 * m);
  const fillPos = deg.slice(0, cellCount);
  for (let j = 0; j < m; j++) {
    const e = plan.order[j];
    for (let k2 = 0; k2 < 2; k2++) {
      const u = edgeEnds[2 * e + k2], t = fillPos[u]++;
      recStep[t] = j;
      recCell[t] = edgeEnds[2 * e + 1 - k2];
      recFirst[t] = k2 === 0 ? 1 : 0;
      recOut[t] = fixed !== undefined && fixed[e] === 0 ? 1 : 0;
    }
  }
  const ptr = deg.slice(0, cellCount);

  const groupStart = new Int32Array(m + 1);
  const groupSlot = new Int32Array(doCap ? capTotal : 0), groupFree = new Int32Array(doCap ? capTotal : 0);
  const entryStart = new Int32Array(doCap ? capTotal + 1 : 0), other = new Int32Array(doCap ? capTotal : 0);
  const pStart = new Int32Array(m + 1);
  const pa = new Int32Array(doPend ? pendTotal : 0), pb = new Int32Array(doPend ? pendTotal : 0);
  const slotCell = new Int32Array(W).fill(-1);
  let g = 0, k = 0, q = 0;
  for (let i = 0; i < m; i++) {
    for (let p = plan.enterStart[i]; p < plan.enterStart[i + 1]; p++) slotCell[plan.enterSlot[p]] = plan.enterVertex[p];
    for (let p = plan.leaveStart[i]; p < plan.leaveStart[i + 1]; p++) slotCell[plan.leaveSlot[p]] = -1;
    groupStart[i] = g;
    pStart[i] = q;
    if (read[i] === 0) continue;
    for (let x = 0; x < W; x++) {
      const u = slotCell[x];
      if (u < 0) continue;
      const end = deg[u + 1];
      let t = ptr[u];
      while (t < end && recStep[t] <= i) t++;
      ptr[u] = t;
      let free = 0;
      if (doCap) entryStart[g] = k;
      for (; t < end; t++) {
        const v = recCell[t];
        const inside = enteredAt[v] <= i;
        if (doPend && inside && recFirst[t] === 1) {
          pa[q] = x;
          pb[q++] = slotOf[v];
        }
        if (!doCap || recOut[t] === 1) continue;
        if (inside) other[k++] = slotOf[v];
        else if (endpointKey[v] > 0) other[k++] = -2 - ((endpointKey[v] - 1) >> 1);
        else free++;
      }
      if (doCap) {
        groupSlot[g] = x;
        groupFree[g] = free;
        g++;
      }
    }
  }
  groupStart[m] = g;
  pStart[m] = q;
  if (doCap) entryStart[g] = k;
  return {
    cap: doCap ? {
      groupStart, groupSlot: groupSlot.slice(0, g), groupFree: groupFree.slice(0, g),
      entryStart: entryStart.slice(0, g + 1), other: other.slice(0, k),
    } : null,
    pend: doPend ? { start: pStart, a: pa, b: pb } : null,
  };
}

/**
 * For the canonical family: per leave entry of the plan, the slot of the leaving cell's neighbour
 * in the next line and of the next cell in its line (-1 when there is none in the frontier).
 */
function canonicalLeaveTables(plan: FrontierPlan, cellCount: number, geo: { right: Int32Array; down: Int32Array }): { down: Int32Array; right: Int32Array } {
  const m = plan.edgeCount, W = plan.width;
  const slotCell = new Int32Array(W).fill(-1);
  const slotOf = new Int32Array(cellCount).fill(-1);
  const total = plan.leaveStart[m];
  const down = new Int32Array(total).fill(-1), right = new Int32Array(total).fill(-1);
  const at = (v: number) => (v >= 0 && slotOf[v] >= 0 && slotCell[slotOf[v]] === v ? slotOf[v] : -1);
  for (let i = 0; i < m; i++) {
    for (let p = plan.enterStart[i]; p < plan.enterStart[i + 1]; p++) {
      slotCell[plan.enterSlot[p]] = plan.enterVertex[p];
      slotOf[plan.enterVertex[p]] = plan.enterSlot[p];
    }
    for (let p = plan.leaveStart[i]; p < plan.leaveStart[i + 1]; p++) {
      const v = plan.leaveVertex[p];
      down[p] = at(geo.down[v]);
      right[p] = at(geo.right[v]);
    }
    for (let p = plan.leaveStart[i]; p < plan.leaveStart[i + 1]; p++) slotCell[plan.leaveSlot[p]] = -1;
  }
  return { down, right };
}

/**
 * For the planarity of same-label pairs (canonical builds): per plan step i, the points on the
 * boundary of the region still to come, in order around it. First the slots of the frontier cells
 * when the step's cells have entered, along the line (where a cell and the one below it in the
 * next line are both there, the lower one first); then, as ~label, the endpoints not entered yet
 * on the grid's border, going on round the grid in the same sense. Under the sweep's edge order
 * (instance.ts sweepOrder) the frontier is a staircase of two lines and all edges still undecided
 * lie on or below it, so two pairs that must still meet, interleaved along that boundary, cannot
 * both be joined. A step whose frontier is not such a staircase gets no entries (no check); a grid
 * whose lines are not all of one length gets no border entries.
 */
export function boundaryOrder(
  plan: FrontierPlan, cellCount: number, geo: { right: Int32Array; down: Int32Array }, endpointKey?: Int32Array,
): { start: Int32Array; slot: Int32Array; tail: Int32Array } {
  const m = plan.edgeCount, W = plan.width;
  const hasPrev = new Uint8Array(cellCount), hasUp = new Uint8Array(cellCount);
  for (let v = 0; v < cellCount; v++) {
    if (geo.right[v] >= 0) hasPrev[geo.right[v]] = 1;
    if (geo.down[v] >= 0) hasUp[geo.down[v]] = 1;
  }
  const line = new Int32Array(cellCount).fill(-1), pos = new Int32Array(cellCount).fill(-1);
  for (let v = 0; v < cellCount; v++) {
    if (hasPrev[v] || hasUp[v]) continue;
    let a = 0;
    for (let head = v; head >= 0; head = geo.down[head], a++) {
      let b = 0;
      for (let u = head; u >= 0; u = geo.right[u], b++) { line[u] = a; pos[u] = b; }
    }
  }
  const border = endpointKey ? borderEndpoints(line, pos, cellCount, endpointKey) : [];
  const entered = new Uint8Array(cellCount);
  const slotCell = new Int32Array(W).fill(-1);
  const start = new Int32Array(m + 1), tail = new Int32Array(m + 1);
  const out: number[] = [];
  const cells: number[] = [];
  for (let i = 0; i < m; i++) {
    for (let p = plan.enterStart[i]; p < plan.enterStart[i + 1]; p++) {
      slotCell[plan.enterSlot[p]] = plan.enterVertex[p];
      entered[plan.enterVertex[p]] = 1;
    }
    start[i] = out.length;
    cells.length = 0;
    let lo = Infinity, hi = -Infinity;
    for (let x = 0; x < W; x++) {
      const v = slotCell[x];
      if (v < 0) continue;
      cells.push(x);
      lo = Math.min(lo, line[v]);
      hi = Math.max(hi, line[v]);
    }
    const key = (x: number) => 2 * pos[slotCell[x]] + (line[slotCell[x]] === hi ? 0 : 1);
    cells.sort((x, y) => key(x) - key(y));
    // A staircase: the next line's cells first, then the current line's, no two at one place.
    let ok = hi - lo <= 1 && cells.every((x) => line[slotCell[x]] >= 0);
    for (let k = 1; ok && k < cells.length; k++) {
      if (key(cells[k]) === key(cells[k - 1])) ok = false;
      if (line[slotCell[cells[k]]] === hi && line[slotCell[cells[k - 1]]] !== hi) ok = false;
    }
    if (ok) {
      out.push(...cells);
      for (const [v, label] of border) {
        if (entered[v]) continue;
        out.push(~label);
        tail[i]++;
      }
    }
    for (let p = plan.leaveStart[i]; p < plan.leaveStart[i + 1]; p++) slotCell[plan.leaveSlot[p]] = -1;
  }
  start[m] = out.length;
  return { start, slot: Int32Array.from(out), tail };
}

/**
 * The endpoints on the grid's border as [cell, label], in order round it: along the first line,
 * down its last position, back along the last line, up its first position (lines and positions as
 * boundaryOrder numbers them). None unless every cell has a place and the grid is a full
 * rectangle of at least two lines of two.
 */
function borderEndpoints(line: Int32Array, pos: Int32Array, cellCount: number, endpointKey: Int32Array): [number, number][] {
  let L = 0, P = 0;
  for (let v = 0; v < cellCount; v++) {
    if (line[v] < 0) return [];
    L = Math.max(L, line[v] + 1);
    P = Math.max(P, pos[v] + 1);
  }
  if (L < 2 || P < 2 || L * P !== cellCount) return [];
  const round = (l: number, p: number): number => {
    if (l === 0) return p;
    if (p === P - 1) return P - 1 + l;
    if (l === L - 1) return 2 * (P - 1) + L - 1 - p;
    return p === 0 ? 2 * (P - 1) + 2 * (L - 1) - l : -1;
  };
  const out: [number, number, number][] = [];
  for (let v = 0; v < cellCount; v++) {
    const k = endpointKey[v], at = round(line[v], pos[v]);
    if (k > 0 && at >= 0) out.push([at, v, (k - 1) >> 1]);
  }
  out.sort((a, b) => a[0] - b[0]);
  return out.map(([, v, label]) => [v, label]);
}
