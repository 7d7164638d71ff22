/**
 * The Slitherlink cycle spec (Yoshinaka et al. 2012, Algorithm 4): one simple cycle over the grid's
 * edges, as a mate function over the frontier vertices, plus a counter per hinted cell.
 *
 * The ZDD's variables are only the *open* edges (those deduction left undecided): open edge k in
 * processing order is level `levels - k`. Edges fixed off are dropped from the order; edges fixed
 * on are applied inside the transitions (they change the mates but have no level), so a set in the
 * ZDD is the loop minus its fixed-on edges.
 *
 * State layout (Int32 words): `vertexSlots` mate words, then `cellSlots` counter words, then (in
 * broken-mark mode) one word: 1 once a breakable hint is broken.
 * - mate word: 0 = vertex of degree 0, -1 = degree 2, s + 1 = end of a path whose other end is in slot s.
 * - counter word: how many more of the cell's open edges must be on (hint minus fixed-on minus taken),
 *   or BROKEN for the one broken hint (no longer checked).
 * Slots are assigned deterministically per position and freed slots are zeroed, so equal
 * situations give equal words and merge without a normalize pass.
 */
import { Grid } from '../model/grid';
import type { Lattice } from '../model/lattice';
import { ACCEPT, REJECT, type Spec } from '../zdd/spec';
import { gridEdgeOrder as pointGridEdgeOrder } from '../zdd/frontier';
import { latticeEdgeOrder } from './sweep';

const BROKEN = -9;

/**
 * Per-graph tables (edge ends, cells beside each edge, each cell's edges, the default order), built
 * once per grid size or lattice. A cell is a square of a Grid or a face of a Lattice.
 */
export interface GridTables {
  vertexCount: number;
  cellCount: number;
  edgeCount: number;
  /** Vertices of edge e: ends[2e], ends[2e + 1]. */
  ends: Int32Array;
  /** Cells beside edge e (-1 outside): sides[2e], sides[2e + 1]. */
  sides: Int32Array;
  /** Edges of cell c: cellEdges[cellOff[c] .. cellOff[c + 1] - 1]. */
  cellOff: Int32Array;
  cellEdges: Int32Array;
  order: Int32Array;
}
const tableCache = new Map<string, GridTables>();
const latticeTables = new WeakMap<Lattice, GridTables>();

export function tablesFor(grid: Grid | Lattice): GridTables {
  if (!(grid instanceof Grid)) {
    let t = latticeTables.get(grid);
    if (!t) {
      t = {
        vertexCount: grid.vertexCount, cellCount: grid.faceCount, edgeCount: grid.edgeCount,
        ends: grid.ends, sides: grid.sides, cellOff: grid.faceOff, cellEdges: grid.faceEdges,
        order: latticeEdgeOrder(grid),
      };
      latticeTables.set(grid, t);
    }
    return t;
  }
  const key = `${grid.rows}x${grid.cols}`;
  let t = tableCache.get(key);
  if (t) return t;
  const m = grid.edgeCount, W = grid.cols + 1;
  const ends = new Int32Array(2 * m), sides = new Int32Array(2 * m);
  for (let e = 0; e < m; e++) {
    const [r1, c1, r2, c2] = grid.edgeEnds(e);
    ends[2 * e] = r1 * W + c1;
    ends[2 * e + 1] = r2 * W + c2;
    const [a, b] = grid.edgeCells(e);
    sides[2 * e] = a;
    sides[2 * e + 1] = b;
  }
  const cellOff = new Int32Array(grid.cellCount + 1), cellEdges = new Int32Array(4 * grid.cellCount);
  for (let r = 0; r < grid.rows; r++)
    for (let c = 0; c < grid.cols; c++) {
      const cell = grid.cell(r, c);
      cellOff[cell + 1] = 4 * (cell + 1);
      cellEdges.set(grid.cellEdges(r, c), 4 * cell);
    }
  t = {
    vertexCount: grid.vertexCount, cellCount: grid.cellCount, edgeCount: grid.edgeCount,
    ends, sides, cellOff, cellEdges, order: Int32Array.from(gridEdgeOrder(grid)),
  };
  if (tableCache.size > 16) tableCache.clear();
  tableCache.set(key, t);
  return t;
}

export interface CycleSpecOptions {
  /** Per grid edge: -1 open, 0 fixed off, 1 fixed on (deduction's result). Default: all open. */
  fixed?: Int8Array;
  /** Processing order of all grid edges; default along the shorter side (see `gridEdgeOrder`). */
  order?: ArrayLike<number>;
  /**
   * Redundancy mode: per cell, 1 when its hint may be broken. A loop may break at most one of
   * these hints; the state carries a "one hint broken" mark, and `event` is set to the cell
   * index on the transition where a break becomes definite (see the engine's `liveEvents`).
   */
  breakable?: Uint8Array;
  /**
   * Broken-mark mode only: accept only loops that break one breakable hint (the loops that meet
   * every hint are left out), so that an existence test alone tells whether some hint can break.
   */
  mustBreak?: boolean;
}

/**
 * All grid edges in the engine's grid sweep (`zdd/frontier.ts` gridEdgeOrder on the grid points,
 * whose edge numbering is the Grid's): the frontier runs across the shorter side.
 */
export function gridEdgeOrder(grid: Grid): number[] {
  return Array.from(pointGridEdgeOrder(grid.rows + 1, grid.cols + 1));
}

export class SlitherlinkSpec implements Spec {
  readonly width: number;
  /** Number of ZDD variables (open edges). */
  readonly levels: number;
  /** Open index k (level `levels - k`) -> grid edge. */
  readonly openEdges: Int32Array;
  /** Grid edges fixed on (part of every solution, not ZDD variables). */
  readonly fixedOnEdges: Int32Array;
  /** False when the fixed edges already contradict a hint or a vertex; root() then rejects. */
  readonly feasible: boolean;
  /** Broken-mark mode: a breakable cell whose hint the fixed edges already break (-1 if none). */
  readonly brokenAtRoot: number;
  readonly vertexSlots: number;
  readonly cellSlots: number;
  event = -1;

  // Per position p of the reduced order (fixed-off edges removed):
  private readonly posCount: number;
  private readonly isOpen: Uint8Array;
  private readonly slotU: Int32Array;
  private readonly slotV: Int32Array;
  /** Slots of the vertices whose last edge is at p (checked and cleared after p). */
  private readonly leaveOff: Int32Array;
  private readonly leaveSlots: Int32Array;
  /** Up to two hinted cells beside an open edge: counter word (absolute), initial need if p is
   * the cell's first open edge (else -1), open edges of the cell after p; word -1 if none. */
  private readonly cellWordA: Int32Array;
  private readonly cellInitA: Int32Array;
  private readonly cellRemA: Int32Array;
  private readonly cellWordB: Int32Array;
  private readonly cellInitB: Int32Array;
  private readonly cellRemB: Int32Array;
  private readonly cellIdA: Int32Array;
  private readonly cellIdB: Int32Array;
  /** Broken-mark mode: word of the mark (-1 otherwise), breakable flag per cell. */
  private readonly markWord: number;
  private readonly breakable: Uint8Array;
  private readonly mustBreak: boolean;
  /** mustBreak: the last position where a breakable hint can still break (-1: none can). */
  private readonly lastBreakPos: number;
  /** Breakable cells with positive initial need starting after p, and the last such cell. */
  private readonly bPendingAfter: Int32Array;
  private readonly bPendingCell: Int32Array;
  /**
   * Broken-mark mode: which cell holds each counter slot when: slot i's tenants are entries
   * slotOff[i] .. slotOff[i + 1] - 1 of tenantStart (first position, ascending) and tenantCell.
   */
  private readonly slotOff: Int32Array;
  private readonly tenantStart: Int32Array;
  private readonly tenantCell: Int32Array;
  /** Fixed-on positions after p. */
  private readonly fixedOnAfter: Int32Array;
  /** Hinted cells with positive initial need whose first open edge comes after p. */
  private readonly pendingAfter: Int32Array;
  /** Open index of position p, or of the next open position (levels when none). */
  private readonly nextOpen: Int32Array;
  private readonly posOfOpen: Int32Array;

  /** `grid`: a square grid, or a lattice (a cell is then a face, `hints` per face). */
  constructor(readonly grid: Grid | Lattice, readonly hints: Int8Array, options: CycleSpecOptions = {}) {
    const tables = tablesFor(grid);
    const cellCount = tables.cellCount, vertexCount = tables.vertexCount;
    const breakable = options.breakable ?? new Uint8Array(cellCount);
    this.breakable = breakable;
    this.mustBreak = options.mustBreak === true;
    let anyBreakable = false;
    for (let i = 0; i < breakable.length; i++) if (breakable[i] && hints[i] >= 0) anyBreakable = true;
    const fixed = options.fixed ?? new Int8Array(tables.edgeCount).fill(-1);
    const fullOrder = options.order ?? tables.order;
    const endsArr = tables.ends, sidesArr = tables.sides;
    const order: number[] = [];
    for (let i = 0; i < fullOrder.length; i++) if (fixed[fullOrder[i]] !== 0) order.push(fullOrder[i]);
    const P = order.length;
    this.posCount = P;

    // Static check of hinted cells against fixed edges; initial need over open edges.
    let feasible = true;
    let brokenAtRoot = -1;
    const need0 = new Int32Array(cellCount);
    const openLeft = new Int32Array(cellCount);
    const { cellOff, cellEdges } = tables;
    for (let cell = 0; cell < cellCount; cell++) {
      const h = hints[cell];
      if (h < 0) continue;
      let on = 0, open = 0;
      for (let i = cellOff[cell]; i < cellOff[cell + 1]; i++) {
        const e = cellEdges[i];
        if (fixed[e] === 1) on++;
        else if (fixed[e] < 0) open++;
      }
      need0[cell] = h - on;
      openLeft[cell] = open;
      if (h - on < 0 || h - on > open) {
        // a breakable hint already broken by the fixed edges: no counter, the mark is set
        if (breakable[cell] && brokenAtRoot < 0) { brokenAtRoot = cell; need0[cell] = 0; }
        else feasible = false;
      }
    }
    // Must break a hint, but none may: no loop qualifies.
    this.feasible = feasible && !(this.mustBreak && !anyBreakable);
    this.brokenAtRoot = brokenAtRoot;

    // First and last position of every vertex and of every hinted cell's open edges.
    const vFirst = new Int32Array(vertexCount).fill(-1);
    const vLast = new Int32Array(vertexCount).fill(-1);
    const cFirst = new Int32Array(cellCount).fill(-1);
    const cLast = new Int32Array(cellCount).fill(-1);
    for (let p = 0; p < P; p++) {
      const e = order[p];
      for (let i = 0; i < 2; i++) {
        const v = endsArr[2 * e + i];
        if (vFirst[v] < 0) vFirst[v] = p;
        vLast[v] = p;
      }
      if (fixed[e] < 0)
        for (let i = 0; i < 2; i++) {
          const cell = sidesArr[2 * e + i];
          if (cell < 0 || hints[cell] < 0 || cell === brokenAtRoot) continue;
          if (cFirst[cell] < 0) cFirst[cell] = p;
          cLast[cell] = p;
        }
    }

    let lastBreakPos = -1;
    for (let cell = 0; cell < cellCount; cell++) {
      if (breakable[cell] && hints[cell] >= 0 && cLast[cell] > lastBreakPos) lastBreakPos = cLast[cell];
    }
    this.lastBreakPos = lastBreakPos;

    // Slot allocation: lowest free slot, in order of entry; freed after the last position.
    this.isOpen = new Uint8Array(P);
    this.slotU = new Int32Array(P);
    this.slotV = new Int32Array(P);
    this.leaveOff = new Int32Array(P + 1);
    const leave: number[] = [];
    const cellWord = [new Int32Array(P).fill(-1), new Int32Array(P).fill(-1)];
    const cellInit = [new Int32Array(P).fill(-1), new Int32Array(P).fill(-1)];
    const cellRem = [new Int32Array(P), new Int32Array(P)];
    const cellId = [new Int32Array(P).fill(-1), new Int32Array(P).fill(-1)];
    // Counter slot tenancies (slot, first position, cell), in order of allocation.
    const tenSlot: number[] = [], tenStart: number[] = [], tenCell: number[] = [];
    const vSlot = new Int32Array(vertexCount).fill(-1);
    const cSlot = new Int32Array(cellCount).fill(-1);
    const vFree: boolean[] = [];
    const cFree: boolean[] = [];
    const alloc = (free: boolean[]): number => {
      let i = free.indexOf(true);
      if (i < 0) { i = free.length; free.push(false); } else free[i] = false;
      return i;
    };
    for (let p = 0; p < P; p++) {
      const e = order[p];
      const u = endsArr[2 * e], v = endsArr[2 * e + 1];
      if (vFirst[u] === p) vSlot[u] = alloc(vFree);
      if (vFirst[v] === p) vSlot[v] = alloc(vFree);
      this.slotU[p] = vSlot[u];
      this.slotV[p] = vSlot[v];
      this.isOpen[p] = fixed[e] < 0 ? 1 : 0;
      if (fixed[e] < 0) {
        let k = 0;
        for (let i = 0; i < 2; i++) {
          const cell = sidesArr[2 * e + i];
          if (cell < 0 || hints[cell] < 0 || cell === brokenAtRoot) continue;
          if (cFirst[cell] === p) {
            cSlot[cell] = alloc(cFree);
            if (anyBreakable) { tenSlot.push(cSlot[cell]); tenStart.push(p); tenCell.push(cell); }
          }
          cellId[k][p] = cell;
          cellWord[k][p] = cSlot[cell]; // relative for now
          cellInit[k][p] = cFirst[cell] === p ? need0[cell] : -1;
          cellRem[k][p] = --openLeft[cell];
          k++;
        }
        for (let i = 0; i < 2; i++) {
          const cell = sidesArr[2 * e + i];
          if (cell >= 0 && hints[cell] >= 0 && cell !== brokenAtRoot && cLast[cell] === p) cFree[cSlot[cell]] = true;
        }
      }
      if (vLast[u] === p) { leave.push(vSlot[u]); vFree[vSlot[u]] = true; }
      if (vLast[v] === p) { leave.push(vSlot[v]); vFree[vSlot[v]] = true; }
      this.leaveOff[p + 1] = leave.length;
    }
    this.leaveSlots = Int32Array.from(leave);
    this.vertexSlots = vFree.length;
    this.cellSlots = cFree.length;
    this.markWord = anyBreakable ? this.vertexSlots + this.cellSlots : -1;
    this.width = this.vertexSlots + this.cellSlots + (anyBreakable ? 1 : 0);
    // Tenancies grouped by slot (a stable counting sort keeps each slot's in position order).
    const nt = tenSlot.length;
    this.slotOff = new Int32Array(this.cellSlots + 1);
    for (let t = 0; t < nt; t++) this.slotOff[tenSlot[t] + 1]++;
    for (let i = 0; i < this.cellSlots; i++) this.slotOff[i + 1] += this.slotOff[i];
    this.tenantStart = new Int32Array(nt);
    this.tenantCell = new Int32Array(nt);
    const fill = this.slotOff.slice(0, this.cellSlots);
    for (let t = 0; t < nt; t++) {
      const j = fill[tenSlot[t]]++;
      this.tenantStart[j] = tenStart[t];
      this.tenantCell[j] = tenCell[t];
    }
    [this.cellIdA, this.cellIdB] = cellId;
    for (let k = 0; k < 2; k++)
      for (let p = 0; p < P; p++) if (cellWord[k][p] >= 0) cellWord[k][p] += this.vertexSlots;
    [this.cellWordA, this.cellWordB] = cellWord;
    [this.cellInitA, this.cellInitB] = cellInit;
    [this.cellRemA, this.cellRemB] = cellRem;

    this.fixedOnAfter = new Int32Array(P);
    this.pendingAfter = new Int32Array(P + 1);
    let fixedOn = 0;
    for (let p = P - 1; p >= 0; p--) {
      this.fixedOnAfter[p] = fixedOn;
      if (!this.isOpen[p]) fixedOn++;
    }
    // pending cells with first open position > p
    const startsAt = new Int32Array(P + 1);
    const bStartsAt = new Int32Array(P + 1);
    const bStartCell = new Int32Array(P + 1).fill(-1);
    for (let cell = 0; cell < cellCount; cell++)
      if (hints[cell] >= 0 && need0[cell] > 0 && cFirst[cell] >= 0) {
        if (breakable[cell]) { bStartsAt[cFirst[cell]]++; bStartCell[cFirst[cell]] = cell; } else startsAt[cFirst[cell]]++;
      }
    this.bPendingAfter = new Int32Array(P + 1);
    this.bPendingCell = new Int32Array(P + 1).fill(-1);
    let acc = 0, bAcc = 0, bCell = -1;
    for (let p = P - 1; p >= 0; p--) {
      this.pendingAfter[p] = acc;
      this.bPendingAfter[p] = bAcc;
      this.bPendingCell[p] = bCell;
      acc += startsAt[p];
      bAcc += bStartsAt[p];
      if (bStartCell[p] >= 0) bCell = bStartCell[p];
    }

    const openEdges: number[] = [];
    const fixedOnEdges: number[] = [];
    this.nextOpen = new Int32Array(P + 1);
    const posOfOpen: number[] = [];
    for (let p = 0; p < P; p++) {
      if (this.isOpen[p]) { openEdges.push(order[p]); posOfOpen.push(p); } else fixedOnEdges.push(order[p]);
    }
    let next = openEdges.length;
    this.nextOpen[P] = next;
    for (let p = P - 1; p >= 0; p--) {
      if (this.isOpen[p]) next--;
      this.nextOpen[p] = next;
    }
    this.openEdges = Int32Array.from(openEdges);
    this.fixedOnEdges = Int32Array.from(fixedOnEdges);
    this.posOfOpen = Int32Array.from(posOfOpen);
    this.levels = openEdges.length;
  }

  root(s: Int32Array, off: number): number {
    for (let i = 0; i < this.width; i++) s[off + i] = 0;
    if (!this.feasible) return REJECT;
    if (this.brokenAtRoot >= 0) s[off + this.markWord] = 1;
    return this.runForced(s, off, 0);
  }

  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    const p = this.posOfOpen[this.levels - level];
    // Hint counters of the cells beside this open edge.
    const w = this.cellWordA[p];
    if (w >= 0) {
      if (!this.count(s, off, w, this.cellInitA[p], this.cellRemA[p], take, this.cellIdA[p])) return REJECT;
      const wb = this.cellWordB[p];
      if (wb >= 0 && !this.count(s, off, wb, this.cellInitB[p], this.cellRemB[p], take, this.cellIdB[p])) return REJECT;
    }
    const r = this.step(s, off, p, take);
    if (r !== 1) return r;
    // mustBreak: past the last breakable hint's last open edge with nothing broken, no loop can qualify.
    if (this.mustBreak && p >= this.lastBreakPos && s[off + this.markWord] === 0) return REJECT;
    return this.runForced(s, off, p + 1);
  }

  /** One hint counter update; false to reject. A breakable hint that can no longer be met breaks. */
  private count(s: Int32Array, off: number, w: number, init: number, rem: number, take: number, cell: number): boolean {
    let need = init >= 0 ? init : s[off + w];
    if (need === BROKEN) {
      if (rem === 0) s[off + w] = 0;
      return true;
    }
    need -= take;
    if (need < 0 || need > rem) {
      if (!this.breakable[cell] || s[off + this.markWord] !== 0) return false;
      s[off + this.markWord] = 1;
      this.event = cell;
      s[off + w] = rem === 0 ? 0 : BROKEN;
      return true;
    }
    s[off + w] = rem === 0 ? 0 : need;
    return true;
  }

  /** Applies forced (fixed-on) positions from p on; returns the next open level or a terminal. */
  private runForced(s: Int32Array, off: number, p: number): number {
    const P = this.posCount;
    while (p < P && !this.isOpen[p]) {
      const r = this.step(s, off, p, 1);
      if (r !== 1) return r;
      p++;
    }
    if (p >= P) return REJECT; // the order ended without closing a loop
    return this.levels - this.nextOpen[p];
  }

  /**
   * The mate update for position p. Returns 1 to continue, or REJECT / ACCEPT. Counters of the
   * edge's cells have already been updated.
   */
  private step(s: Int32Array, off: number, p: number, take: 0 | 1): number {
    if (take) {
      const su = off + this.slotU[p], sv = off + this.slotV[p];
      const a = s[su], b = s[sv];
      if (a < 0 || b < 0) return REJECT; // degree 3
      if (a === 0) {
        if (b === 0) {
          s[su] = this.slotV[p] + 1;
          s[sv] = this.slotU[p] + 1;
        } else {
          s[su] = b; // u takes over v's path end
          s[off + b - 1] = this.slotU[p] + 1;
          s[sv] = -1;
        }
      } else if (b === 0) {
        s[sv] = a;
        s[off + a - 1] = this.slotV[p] + 1;
        s[su] = -1;
      } else if (a - 1 === this.slotV[p]) {
        return this.closes(s, off, p) ? ACCEPT : REJECT;
      } else {
        s[off + a - 1] = b;
        s[off + b - 1] = a;
        s[su] = -1;
        s[sv] = -1;
      }
    }
    for (let i = this.leaveOff[p], n = this.leaveOff[p + 1]; i < n; i++) {
      const x = off + this.leaveSlots[i];
      if (s[x] > 0) return REJECT; // a path end may not leave the frontier
      s[x] = 0;
    }
    return 1;
  }

  /** Whether closing the loop at p (so every later edge is off) leaves a valid solution. */
  private closes(s: Int32Array, off: number, p: number): boolean {
    if (this.fixedOnAfter[p] > 0 || this.pendingAfter[p] > 0) return false;
    const su = this.slotU[p], sv = this.slotV[p];
    for (let i = 0; i < this.vertexSlots; i++) if (i !== su && i !== sv && s[off + i] > 0) return false;
    if (this.markWord < 0) {
      for (let i = this.vertexSlots; i < this.width; i++) if (s[off + i] !== 0) return false;
      return true;
    }
    // Broken-mark mode: the hints left unmet (counters not at 0, breakable cells not reached yet
    // that need an edge) break now; at most one break in all.
    let mark = s[off + this.markWord];
    let broke = -1;
    for (let i = 0; i < this.cellSlots; i++) {
      const v = s[off + this.vertexSlots + i];
      if (v === 0 || v === BROKEN) continue;
      const cell = this.slotTenant(i, p);
      if (!this.breakable[cell] || mark) return false;
      mark = 1;
      broke = cell;
    }
    const pending = this.bPendingAfter[p];
    if (pending > 0) {
      if (pending > 1 || mark) return false;
      broke = this.bPendingCell[p];
    }
    if (this.mustBreak && !mark && broke < 0) return false;
    if (broke >= 0) this.event = broke;
    return true;
  }

  /** The cell holding counter slot i at position p (the last tenant that started at or before p). */
  private slotTenant(i: number, p: number): number {
    let lo = this.slotOff[i], hi = this.slotOff[i + 1] - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.tenantStart[mid] <= p) lo = mid; else hi = mid - 1;
    }
    return this.tenantCell[lo];
  }

  /** Grid edges of a solution given the levels of its elements (as the engine returns them). */
  edgesOf(levels: ArrayLike<number>): number[] {
    const out = Array.from(this.fixedOnEdges);
    for (let i = 0; i < levels.length; i++) out.push(this.openEdges[this.levels - levels[i]]);
    return out.sort((x, y) => x - y);
  }
}
