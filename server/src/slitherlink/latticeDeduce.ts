/**
 * Slitherlink deduction on any lattice (model/lattice.ts): fixes edges that have the same state in
 * every loop meeting each face's allowed counts, or proves there is no such loop. Square grids keep
 * their own deducer (deduce.ts: a cell's 16 side assignments, pattern strength); this one reads
 * only counts, so it works on faces of any size and vertices of any degree.
 *
 * A face's constraint is a set of allowed counts (bit c: c of its sides on the loop): a hint k is
 * {k}, no hint is every count, and "any count but k" (the loops of P \ h that break h = k, the
 * redundancy test) is the complement of {k}. Rules, propagated to a fixpoint with work queues:
 * - face counting: the counts still reachable (between the sides on and the sides on or open)
 *   that are allowed; none is a contradiction; when only the least is allowed the open sides are
 *   off, when only the greatest they are on;
 * - degree: a vertex has 0 or 2 loop edges;
 * - inside/outside colouring (union-find with parity over the faces and the outside): an edge is
 *   on iff its two faces differ; once two faces are related, the edge between them is fixed;
 * - no premature loop: an edge closing a path into a loop is off unless that loop holds every
 *   edge on; a loop that closes makes every other edge off.
 * - probing (depth 1, rounds until nothing changes): an edge whose being on (off) leads to a
 *   contradiction is off (on); edges that both assumptions fix the same way are fixed. Only edges
 *   touching a constrained face are probed.
 * Every write goes through an undo log, so a probe costs what it touches. Soundness is the whole
 * point: each rule holds in every loop, so a contradiction proves there is none
 * (test/unit/lattice-deduce.test.ts checks both against every cycle of small patches).
 */
import type { Lattice } from '../model/lattice';

export const UNKNOWN = -1, OFF = 0, ON = 1;

export interface LatticeDeduction {
  /** Per lattice edge: UNKNOWN / OFF / ON. */
  edges: Int8Array;
  /** True only when no loop meets the constraints. */
  contradiction: boolean;
  /** Edges decided. */
  fixed: number;
}

export interface LatticeDeduceOptions {
  /** Probing rounds (default 8; 0: propagation only). Rounds stop early at a fixpoint. */
  maxRounds?: number;
  /** Date.now() past which probing stops (what it fixed stays: sound, only weaker). */
  deadline?: number;
  isCancelled?: () => boolean;
}

/** Every count allowed: a face without a hint (faces have at most 15 sides here). */
export const ANY_COUNT = 0xffff;

/** Per face, the allowed counts of `hints` (-1: any); `notFace` takes every count but its hint. */
export function allowedCounts(hints: Int8Array, notFace = -1): Uint16Array {
  const allowed = new Uint16Array(hints.length);
  for (let f = 0; f < hints.length; f++) allowed[f] = hints[f] < 0 ? ANY_COUNT : 1 << hints[f];
  if (notFace >= 0 && hints[notFace] >= 0) allowed[notFace] = ANY_COUNT & ~(1 << hints[notFace]);
  return allowed;
}

// Arrays written through the undo log, by id.
const A_EDGE = 0, A_PARENT = 1, A_PAR = 2, A_SIZE = 3, A_NEXT = 4, A_MATE = 5, A_PLEN = 6;
const A_ONF = 7, A_UNF = 8, A_ONV = 9, A_UNV = 10, A_TOTAL = 11;
// A_TOTAL's words: edges on, edges open.
const T_ON = 0, T_OPEN = 1;

/** Per-lattice tables: each vertex's edges, the faces on the border. */
interface Tables {
  vertOff: Int32Array;
  vertEdges: Int32Array;
  border: Int32Array;
}
const tablesOf = new WeakMap<Lattice, Tables>();

function tables(l: Lattice): Tables {
  let t = tablesOf.get(l);
  if (t) return t;
  const vertOff = new Int32Array(l.vertexCount + 1);
  for (let i = 0; i < 2 * l.edgeCount; i++) vertOff[l.ends[i] + 1]++;
  for (let v = 0; v < l.vertexCount; v++) vertOff[v + 1] += vertOff[v];
  const fill = vertOff.slice(0, l.vertexCount);
  const vertEdges = new Int32Array(2 * l.edgeCount);
  for (let e = 0; e < l.edgeCount; e++) for (let k = 0; k < 2; k++) vertEdges[fill[l.ends[2 * e + k]]++] = e;
  const border = new Set<number>();
  for (let e = 0; e < l.edgeCount; e++) if (l.sides[2 * e + 1] < 0) border.add(l.sides[2 * e]);
  t = { vertOff, vertEdges, border: Int32Array.from(border) };
  tablesOf.set(l, t);
  return t;
}

export class LatticeDeducer {
  readonly edge: Int8Array;
  contradiction = false;
  private readonly F: number;
  private readonly t: Tables;
  // Union-find with parity over faces 0..F-1 and the outside F; members in circular lists (next).
  private readonly parent: Int32Array;
  private readonly par: Int8Array;
  private readonly size: Int32Array;
  private readonly next: Int32Array;
  /** Per path end (a vertex with one edge on): the path's other end, and the path's edges. */
  private readonly mate: Int32Array;
  private readonly plen: Int32Array;
  private readonly onF: Int32Array;
  private readonly unF: Int32Array;
  private readonly onV: Int32Array;
  private readonly unV: Int32Array;
  private readonly total: Int32Array;
  private readonly arrays: (Int8Array | Int32Array)[];
  private log = new Int32Array(1024);
  private logLen = 0;
  private readonly faceQ: Int32Array;
  private readonly vertQ: Int32Array;
  private readonly inFaceQ: Uint8Array;
  private readonly inVertQ: Uint8Array;
  private faceN = 0;
  private vertN = 0;
  /** Propagation steps taken (a deterministic measure of work). */
  steps = 0;

  constructor(readonly lattice: Lattice, readonly allowed: Uint16Array) {
    const l = lattice, F = l.faceCount, V = l.vertexCount, E = l.edgeCount;
    this.F = F;
    this.t = tables(l);
    this.edge = new Int8Array(E).fill(UNKNOWN);
    this.parent = Int32Array.from({ length: F + 1 }, (_, i) => i);
    this.par = new Int8Array(F + 1);
    this.size = new Int32Array(F + 1).fill(1);
    this.next = Int32Array.from({ length: F + 1 }, (_, i) => i);
    this.mate = new Int32Array(V).fill(-1);
    this.plen = new Int32Array(V);
    this.onF = new Int32Array(F);
    this.unF = Int32Array.from({ length: F }, (_, f) => l.faceOff[f + 1] - l.faceOff[f]);
    this.onV = new Int32Array(V);
    this.unV = Int32Array.from({ length: V }, (_, v) => this.t.vertOff[v + 1] - this.t.vertOff[v]);
    this.total = Int32Array.from([0, E]);
    this.arrays = [this.edge, this.parent, this.par, this.size, this.next, this.mate, this.plen, this.onF, this.unF, this.onV, this.unV, this.total];
    this.faceQ = new Int32Array(F);
    this.vertQ = new Int32Array(V);
    this.inFaceQ = new Uint8Array(F);
    this.inVertQ = new Uint8Array(V);
    for (let f = 0; f < F; f++) this.pushFace(f);
    for (let v = 0; v < V; v++) this.pushVert(v);
  }

  private w(a: number, i: number, v: number): void {
    const arr = this.arrays[a];
    if (this.logLen + 3 > this.log.length) {
      const grown = new Int32Array(this.log.length * 2);
      grown.set(this.log);
      this.log = grown;
    }
    this.log[this.logLen++] = a;
    this.log[this.logLen++] = i;
    this.log[this.logLen++] = arr[i];
    arr[i] = v;
  }

  /** Undoes every write after `mark` (a logLen), clears the queues and the contradiction. */
  undo(mark: number): void {
    while (this.logLen > mark) {
      const old = this.log[--this.logLen], i = this.log[--this.logLen], a = this.log[--this.logLen];
      this.arrays[a][i] = old;
    }
    this.clearQueues();
    this.contradiction = false;
  }

  get mark(): number {
    return this.logLen;
  }

  private clearQueues(): void {
    while (this.faceN > 0) this.inFaceQ[this.faceQ[--this.faceN]] = 0;
    while (this.vertN > 0) this.inVertQ[this.vertQ[--this.vertN]] = 0;
  }

  private pushFace(f: number): void {
    if (f >= 0 && f < this.F && !this.inFaceQ[f]) {
      this.inFaceQ[f] = 1;
      this.faceQ[this.faceN++] = f;
    }
  }

  private pushVert(v: number): void {
    if (!this.inVertQ[v]) {
      this.inVertQ[v] = 1;
      this.vertQ[this.vertN++] = v;
    }
  }

  private find(x: number): number {
    while (this.parent[x] !== x) x = this.parent[x];
    return x;
  }

  /** Parity of x against its root (0: same side of the loop, 1: the other side). */
  private parity(x: number): number {
    let p = 0;
    while (this.parent[x] !== x) {
      p ^= this.par[x];
      x = this.parent[x];
    }
    return p;
  }

  /** Records "a and b differ" (d = 1) or "are on the same side" (d = 0). */
  private relate(a: number, b: number, d: number): void {
    let ra = this.find(a), rb = this.find(b);
    const pa = this.parity(a), pb = this.parity(b);
    if (ra === rb) {
      if ((pa ^ pb) !== d) this.contradiction = true;
      return;
    }
    if (this.size[ra] > this.size[rb]) [ra, rb] = [rb, ra];
    // ra (the smaller) goes under rb; its members' edges may now be decided.
    this.w(A_PARENT, ra, rb);
    this.w(A_PAR, ra, pa ^ pb ^ d);
    this.w(A_SIZE, rb, this.size[rb] + this.size[ra]);
    let m = ra;
    do {
      if (m === this.F) for (const f of this.t.border) this.pushFace(f);
      else this.pushFace(m);
      m = this.next[m];
    } while (m !== ra);
    // Splice the two circular member lists into one.
    const na = this.next[ra], nb = this.next[rb];
    this.w(A_NEXT, ra, nb);
    this.w(A_NEXT, rb, na);
  }

  /** Sets edge e (a contradiction when it is already the other way). */
  setEdge(e: number, v: number): void {
    const cur = this.edge[e];
    if (cur === v) return;
    if (cur !== UNKNOWN) {
      this.contradiction = true;
      return;
    }
    const l = this.lattice;
    this.w(A_EDGE, e, v);
    this.w(A_TOTAL, T_OPEN, this.total[T_OPEN] - 1);
    const a = l.sides[2 * e], b = l.sides[2 * e + 1];
    for (const f of [a, b]) {
      if (f < 0) continue;
      this.w(A_UNF, f, this.unF[f] - 1);
      if (v === ON) this.w(A_ONF, f, this.onF[f] + 1);
      this.pushFace(f);
    }
    const u = l.ends[2 * e], x = l.ends[2 * e + 1];
    for (const p of [u, x]) {
      this.w(A_UNV, p, this.unV[p] - 1);
      this.pushVert(p);
    }
    this.relate(a, b < 0 ? this.F : b, v);
    if (v === ON) this.join(e, u, x);
  }

  /** Edge e = (u, x) goes on: paths join, or a loop closes. */
  private join(e: number, u: number, x: number): void {
    const du = this.onV[u], dx = this.onV[x];
    this.w(A_ONV, u, du + 1);
    this.w(A_ONV, x, dx + 1);
    this.w(A_TOTAL, T_ON, this.total[T_ON] + 1);
    if (du >= 2 || dx >= 2) {
      this.contradiction = true;
      return;
    }
    const pu = du === 0 ? u : this.mate[u], lu = du === 0 ? 0 : this.plen[u];
    const px = dx === 0 ? x : this.mate[x], lx = dx === 0 ? 0 : this.plen[x];
    if (pu === x) {
      // A loop closed: it must hold every edge on, and every other edge is off.
      if (this.total[T_ON] !== lu + 1) {
        this.contradiction = true;
        return;
      }
      for (let f = 0; f < this.lattice.edgeCount && !this.contradiction; f++) if (this.edge[f] === UNKNOWN) this.setEdge(f, OFF);
      return;
    }
    const len = lu + lx + 1;
    this.w(A_MATE, pu, px);
    this.w(A_MATE, px, pu);
    this.w(A_PLEN, pu, len);
    this.w(A_PLEN, px, len);
    // Closing this path would leave the other edges on outside the loop.
    if (this.total[T_ON] > len) {
      const c = this.edgeBetween(pu, px);
      if (c >= 0 && this.edge[c] === UNKNOWN) this.setEdge(c, OFF);
    }
  }

  private edgeBetween(a: number, b: number): number {
    const { vertOff, vertEdges } = this.t, ends = this.lattice.ends;
    for (let i = vertOff[a]; i < vertOff[a + 1]; i++) {
      const e = vertEdges[i];
      if (ends[2 * e] === b || ends[2 * e + 1] === b) return e;
    }
    return -1;
  }

  /** Runs the rules to a fixpoint (or a contradiction). */
  propagate(): void {
    while (!this.contradiction && (this.faceN > 0 || this.vertN > 0)) {
      this.steps++;
      if (this.vertN > 0) {
        const v = this.vertQ[--this.vertN];
        this.inVertQ[v] = 0;
        this.vertexCheck(v);
      } else {
        const f = this.faceQ[--this.faceN];
        this.inFaceQ[f] = 0;
        this.faceCheck(f);
      }
    }
    if (this.contradiction) this.clearQueues();
    // Everything decided and nothing on: no loop.
    else if (this.total[T_OPEN] === 0 && this.total[T_ON] === 0) this.contradiction = true;
  }

  private vertexCheck(v: number): void {
    const on = this.onV[v], un = this.unV[v];
    if (un === 0) {
      if (on === 1 || on > 2) this.contradiction = true;
      return;
    }
    let set = -1;
    if (on >= 2) set = on === 2 ? OFF : -2;
    else if (on === 1 && un === 1) set = ON;
    else if (on === 0 && un === 1) set = OFF;
    if (set === -2) {
      this.contradiction = true;
      return;
    }
    if (set < 0) return;
    const { vertOff, vertEdges } = this.t;
    for (let i = vertOff[v]; i < vertOff[v + 1] && !this.contradiction; i++) {
      const e = vertEdges[i];
      if (this.edge[e] === UNKNOWN) this.setEdge(e, set);
    }
  }

  private faceCheck(f: number): void {
    const l = this.lattice, on = this.onF[f], un = this.unF[f];
    // The allowed counts still reachable.
    const reach = (this.allowed[f] >> on) & ((1 << (un + 1)) - 1);
    if (reach === 0) {
      this.contradiction = true;
      return;
    }
    if (un === 0) return;
    let set = -1;
    if (reach === 1) set = OFF;
    else if (reach === 1 << un) set = ON;
    const rf = this.find(f), pf = this.parity(f);
    for (let i = l.faceOff[f]; i < l.faceOff[f + 1] && !this.contradiction; i++) {
      const e = l.faceEdges[i];
      if (this.edge[e] !== UNKNOWN) continue;
      if (set >= 0) {
        this.setEdge(e, set);
        continue;
      }
      // Colouring: the face beyond this side already related to f fixes the side.
      const g = l.sides[2 * e] === f ? l.sides[2 * e + 1] : l.sides[2 * e];
      const n = g < 0 ? this.F : g;
      if (this.find(n) === rf) this.setEdge(e, pf ^ this.parity(n));
    }
  }

  /** Edges open. */
  get open(): number {
    return this.total[T_OPEN];
  }

  /**
   * Probing rounds over the open edges (see the header); stops at a fixpoint, after `maxRounds`,
   * at the deadline or on cancellation. Leaves `contradiction` set when both values of an edge fail.
   */
  probe(maxRounds: number, deadline = Infinity, isCancelled?: () => boolean): void {
    const E = this.lattice.edgeCount;
    const near = this.nearHints();
    const seen = new Int8Array(E).fill(UNKNOWN);
    const touched: number[] = [];
    const agree: number[] = [];
    for (let round = 0; round < maxRounds && !this.contradiction; round++) {
      let changed = false;
      for (let e = 0; e < E && !this.contradiction; e++) {
        if (this.edge[e] !== UNKNOWN || !near[e]) continue;
        if ((e & 31) === 0 && (Date.now() > deadline || isCancelled?.())) return;
        const mark = this.logLen;
        this.setEdge(e, ON);
        this.propagate();
        if (this.contradiction) {
          this.undo(mark);
          this.setEdge(e, OFF);
          this.propagate();
          changed = true;
          continue;
        }
        // Remember what "on" fixed, then try "off".
        touched.length = 0;
        for (let i = mark; i < this.logLen; i += 3) {
          if (this.log[i] === A_EDGE) {
            const x = this.log[i + 1];
            seen[x] = this.edge[x];
            touched.push(x);
          }
        }
        this.undo(mark);
        this.setEdge(e, OFF);
        this.propagate();
        if (this.contradiction) {
          this.undo(mark);
          for (const x of touched) seen[x] = UNKNOWN;
          this.setEdge(e, ON);
          this.propagate();
          changed = true;
          continue;
        }
        agree.length = 0;
        for (let i = mark; i < this.logLen; i += 3) {
          if (this.log[i] === A_EDGE) {
            const x = this.log[i + 1];
            if (x !== e && seen[x] === this.edge[x]) agree.push(x, this.edge[x]);
          }
        }
        for (const x of touched) seen[x] = UNKNOWN;
        this.undo(mark);
        for (let i = 0; i < agree.length && !this.contradiction; i += 2) this.setEdge(agree[i], agree[i + 1]);
        if (agree.length > 0) {
          this.propagate();
          changed = true;
        }
      }
      if (!changed) return;
    }
  }

  /**
   * The edges worth probing: those with a constrained face at one of their ends (a probe far from
   * every hint finds nothing; leaving it out keeps a draft with few hints from probing the whole grid).
   */
  private nearHints(): Uint8Array {
    const l = this.lattice, { vertOff, vertEdges } = this.t;
    const hinted = new Uint8Array(l.vertexCount);
    for (let f = 0; f < this.F; f++) {
      if (this.allowed[f] === ANY_COUNT) continue;
      for (let i = l.faceOff[f]; i < l.faceOff[f + 1]; i++) hinted[l.faceVerts[i]] = 1;
    }
    const near = new Uint8Array(l.edgeCount);
    for (let v = 0; v < l.vertexCount; v++) if (hinted[v]) for (let i = vertOff[v]; i < vertOff[v + 1]; i++) near[vertEdges[i]] = 1;
    return near;
  }

  result(): LatticeDeduction {
    let fixed = 0;
    for (let e = 0; e < this.edge.length; e++) if (this.edge[e] !== UNKNOWN) fixed++;
    return { edges: Int8Array.from(this.edge), contradiction: this.contradiction, fixed };
  }
}

/** Deduction on a lattice from scratch (propagation, then probing). */
export function deduceLattice(lattice: Lattice, allowed: Uint16Array, options: LatticeDeduceOptions = {}): LatticeDeduction {
  const d = new LatticeDeducer(lattice, allowed);
  d.propagate();
  if (!d.contradiction) d.probe(options.maxRounds ?? 8, options.deadline, options.isCancelled);
  return d.result();
}
