/**
 * All hint sets that make a given loop L the unique solution (Yoshinaka et al. 2012, Section 7).
 *
 * A spec over interleaved variables builds F = {(L', H)}: L' a loop other than L, and H a set of
 * cells on which L' has the same count as L (a cell's variable comes right after its last edge,
 * and its 1-branch is allowed only when the counts agree). Projecting out the edge variables
 * gives D = the hint sets that L' "fools", i.e. the sets that do NOT make L unique (a down-set);
 * the answer is A = 2^cells \ D. From A: how many sets, how many minimal ones, the minimum size,
 * one minimum set, and the "hardest" set (fewest 4s, then 0s, 3s, 1s, 2s, in that order; on a
 * tiling: fewest full faces, then 0s, one-short-of-full, 1s, the rest).
 *
 * The spec reads only the graph's tables (spec.ts tablesFor), so it is the same on a square grid
 * and on a tiling's lattice, in the edge order of the Slitherlink spec for that board.
 */
import { deadlineOf, resolveLimits, StopError, type RunControl, type Stopped } from '../../zdd/control';
import { ACCEPT, REJECT, type Spec } from '../../zdd/spec';
import { buildZdd } from '../../zdd/build';
import { Zdd } from '../../zdd/zdd';
import type { GridTables } from '../spec';
import { difference, exists, minimalSets, minWeightSet, OpGuard, powerSet } from '../../zdd/familyOps';
import { squareBoard, type LoopBoard } from './board';

const DISAGREE = 0x7fff; // past any count: this cell can no longer agree

/** The (L', H) spec. Items are edges and cell variables; item i is level N - i. */
export class FoolingSpec implements Spec {
  readonly width: number;
  readonly levels: number;
  /** Per level: the cell of a cell variable, or -1 for an edge variable. */
  readonly cellOfLevel: Int32Array;
  private readonly vs: number;
  private readonly closedWord: number;
  private readonly diffWord: number;
  // per item
  private readonly isEdge: Uint8Array;
  private readonly lOn: Uint8Array;
  private readonly slotU: Int32Array;
  private readonly slotV: Int32Array;
  private readonly cslotA: Int32Array;
  private readonly cslotB: Int32Array;
  private readonly capA: Int32Array;
  private readonly capB: Int32Array;
  private readonly remA: Int32Array;
  private readonly remB: Int32Array;
  private readonly leaveStart: Int32Array;
  private readonly leaveSlots: Int32Array;
  private readonly lOnAfter: Uint8Array;
  private readonly cellSlot: Int32Array;
  private readonly cellNeed: Int32Array;

  /** `lHints`: per cell, how many of its sides L uses. */
  constructor(readonly graph: GridTables, readonly lEdges: Uint8Array, lHints: Int8Array, readonly mask: ArrayLike<number>) {
    const order = graph.order;
    const ends = (e: number): [number, number] => [graph.ends[2 * e], graph.ends[2 * e + 1]];
    const edgeCells = (e: number): [number, number] => [graph.sides[2 * e], graph.sides[2 * e + 1]];
    const sides = (c: number): number => graph.cellOff[c + 1] - graph.cellOff[c];
    const vLast = new Int32Array(graph.vertexCount).fill(-1);
    const cLast = new Int32Array(graph.cellCount).fill(-1);
    order.forEach((e, p) => {
      for (const v of ends(e)) vLast[v] = p;
      for (const c of edgeCells(e)) if (c >= 0) cLast[c] = p;
    });
    // Item sequence: each edge, then the (masked) cells whose last edge it is.
    const items: number[] = []; // >= 0 edge, < 0: ~cell
    order.forEach((e, p) => {
      items.push(e);
      for (const c of edgeCells(e)) if (c >= 0 && cLast[c] === p && mask[c]) items.push(~c);
    });
    const N = items.length;
    this.levels = N;
    this.isEdge = new Uint8Array(N);
    this.lOn = new Uint8Array(N);
    this.slotU = new Int32Array(N);
    this.slotV = new Int32Array(N);
    this.cslotA = new Int32Array(N).fill(-1);
    this.cslotB = new Int32Array(N).fill(-1);
    this.capA = new Int32Array(N);
    this.capB = new Int32Array(N);
    this.remA = new Int32Array(N);
    this.remB = new Int32Array(N);
    this.leaveStart = new Int32Array(N + 1);
    this.lOnAfter = new Uint8Array(N);
    this.cellSlot = new Int32Array(N).fill(-1);
    this.cellNeed = new Int32Array(N);
    this.cellOfLevel = new Int32Array(N + 1).fill(-1);
    const leave: number[] = [];
    const vSlot = new Int32Array(graph.vertexCount).fill(-1);
    const cSlot = new Int32Array(graph.cellCount).fill(-1);
    const vFree: boolean[] = [], cFree: boolean[] = [];
    const alloc = (free: boolean[]): number => {
      let i = free.indexOf(true);
      if (i < 0) { i = free.length; free.push(false); } else free[i] = false;
      return i;
    };
    const cellCells: number[][] = [];
    let p = -1;
    for (let i = 0; i < N; i++) {
      const it = items[i];
      if (it >= 0) {
        p++;
        this.isEdge[i] = 1;
        this.lOn[i] = lEdges[it];
        const [u, v] = ends(it);
        for (const x of [u, v]) if (vSlot[x] < 0) vSlot[x] = alloc(vFree);
        this.slotU[i] = vSlot[u];
        this.slotV[i] = vSlot[v];
        const cs: number[] = [];
        for (const c of edgeCells(it)) {
          if (c < 0 || !mask[c]) continue;
          if (cSlot[c] < 0) cSlot[c] = alloc(cFree);
          cs.push(c);
        }
        cellCells.push(cs);
        for (const x of [u, v])
          if (vLast[x] === p) { leave.push(vSlot[x]); vFree[vSlot[x]] = true; vSlot[x] = -1; }
      } else {
        const c = ~it;
        this.cellSlot[i] = cSlot[c];
        this.cellNeed[i] = lHints[c];
        this.cellOfLevel[N - i] = c;
        cFree[cSlot[c]] = true;
        cSlot[c] = -1;
        cellCells.push([]);
      }
      this.leaveStart[i + 1] = leave.length;
    }
    this.leaveSlots = Int32Array.from(leave);
    this.vs = vFree.length;
    // second pass: counter words (after the vertex slots) and caps of the cells beside each edge
    const vsN = this.vs;
    // replay the allocation to learn each cell's slot at each edge (slots are fixed per cell)
    const cSlot2 = new Int32Array(graph.cellCount).fill(-1);
    const seenEdges = new Int32Array(graph.cellCount);
    const cFree2: boolean[] = [];
    for (let i = 0; i < N; i++) {
      const it = items[i];
      if (it >= 0) {
        const cs = cellCells[i];
        for (const c of cs) { if (cSlot2[c] < 0) cSlot2[c] = alloc(cFree2); seenEdges[c]++; }
        if (cs.length > 0) { this.cslotA[i] = vsN + cSlot2[cs[0]]; this.capA[i] = lHints[cs[0]]; this.remA[i] = sides(cs[0]) - seenEdges[cs[0]]; }
        if (cs.length > 1) { this.cslotB[i] = vsN + cSlot2[cs[1]]; this.capB[i] = lHints[cs[1]]; this.remB[i] = sides(cs[1]) - seenEdges[cs[1]]; }
      } else {
        const c = ~it;
        this.cellSlot[i] = vsN + cSlot2[c];
        cFree2[cSlot2[c]] = true;
        cSlot2[c] = -1;
      }
    }
    const cs = cFree.length;
    this.closedWord = vsN + cs;
    this.diffWord = vsN + cs + 1;
    this.width = vsN + cs + 2;
    let after = 0;
    for (let i = N - 1; i >= 0; i--) {
      this.lOnAfter[i] = after ? 1 : 0;
      if (this.isEdge[i] && this.lOn[i]) after = 1;
    }
  }

  root(s: Int32Array, off: number): number {
    for (let i = 0; i < this.width; i++) s[off + i] = 0;
    return this.levels;
  }

  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    const i = this.levels - level;
    const next = level === 1 ? (s[off + this.closedWord] && s[off + this.diffWord] ? ACCEPT : REJECT) : level - 1;
    if (!this.isEdge[i]) {
      const w = off + this.cellSlot[i];
      if (take && s[w] !== this.cellNeed[i]) return REJECT;
      s[w] = 0;
      return next;
    }
    const closed = s[off + this.closedWord];
    if (closed && take) return REJECT;
    // Counters of the cells beside the edge; a cell that can no longer reach L's count disagrees.
    const a0 = this.cslotA[i];
    if (a0 >= 0) {
      const x = s[off + a0];
      if (x !== DISAGREE) {
        const y = x + take;
        s[off + a0] = y > this.capA[i] || y + this.remA[i] < this.capA[i] ? DISAGREE : y;
      }
      const b0 = this.cslotB[i];
      if (b0 >= 0) {
        const x2 = s[off + b0];
        if (x2 !== DISAGREE) {
          const y2 = x2 + take;
          s[off + b0] = y2 > this.capB[i] || y2 + this.remB[i] < this.capB[i] ? DISAGREE : y2;
        }
      }
    }
    if (closed) return next;
    if (take !== this.lOn[i]) s[off + this.diffWord] = 1;
    if (take) {
      const su = this.slotU[i], sv = this.slotV[i];
      const a = s[off + su], b = s[off + sv];
      if (a < 0 || b < 0) return REJECT;
      if (a === 0 && b === 0) {
        s[off + su] = sv + 1;
        s[off + sv] = su + 1;
      } else if (a === 0) {
        s[off + su] = b;
        s[off + b - 1] = su + 1;
        s[off + sv] = -1;
      } else if (b === 0) {
        s[off + sv] = a;
        s[off + a - 1] = sv + 1;
        s[off + su] = -1;
      } else if (a - 1 === sv) {
        // The loop closes: no other path may be open; later edges are all off.
        for (let k = 0; k < this.vs; k++) if (k !== su && k !== sv && s[off + k] > 0) return REJECT;
        for (let k = 0; k < this.vs; k++) s[off + k] = 0;
        s[off + this.closedWord] = 1;
        if (this.lOnAfter[i]) s[off + this.diffWord] = 1;
        return next;
      } else {
        s[off + a - 1] = b;
        s[off + b - 1] = a;
        s[off + su] = -1;
        s[off + sv] = -1;
      }
    }
    for (let k = this.leaveStart[i], n = this.leaveStart[i + 1]; k < n; k++) {
      const x = off + this.leaveSlots[k];
      if (s[x] > 0) return REJECT;
      s[x] = 0;
    }
    return level === 1 ? REJECT : next;
  }
}

export interface HintFamilyOptions {
  /** Per cell: 1 when the cell may carry a hint (default every cell). */
  mask?: ArrayLike<number>;
  control?: RunControl;
}

export interface HintFamily {
  /** Number of hint sets (within the mask) that make the loop unique. */
  count: bigint;
  /** How many of them are minimal (no hint can be dropped). */
  minimalCount: bigint;
  /** Fewest hints of a set that makes the loop unique, or -1 when no set does. */
  minimumSize: number;
  /** One set of minimum size (cells, ascending), and one "hardest" set (fewest 4, 0, 3, 1, 2; see hardRank). */
  minimum: number[] | null;
  hardest: number[] | null;
  /** Hint per cell of the loop (the value a hint in the set carries). */
  loopHints: Int8Array;
  nodes: number;
  ms: number;
}

export type HintFamilyResult = ({ ok: true } & HintFamily) | { ok: false; stopped: Stopped };

/** Digit of a hint value in the hardness weight (0 = least significant): a full face weighs most, then 0, one short of full, 1, the rest (squares: 4, 0, 3, 1, 2). */
function hardRank(value: number, sides: number): number {
  return value === sides ? 4 : value === 0 ? 3 : value === sides - 1 ? 2 : value === 1 ? 1 : 0;
}

/** Throws Error when `inside` is not one loop. */
export function hintFamily(rows: number, cols: number, inside: ArrayLike<number>, options: HintFamilyOptions = {}): HintFamilyResult {
  return hintFamilyOn(squareBoard(rows, cols), inside, options);
}

/** hintFamily on any board (a square grid or a tiling's lattice; `inside` per cell or face). */
export function hintFamilyOn(board: LoopBoard, inside: ArrayLike<number>, options: HintFamilyOptions = {}): HintFamilyResult {
  const t0 = performance.now();
  const on = board.loopEdges(inside);
  const bad = board.loopProblem(on);
  if (bad) throw new Error(bad);
  const mask = options.mask ?? new Uint8Array(board.cellCount).fill(1);
  const loopHints = board.loopHints(on);
  const limits = resolveLimits(options.control);
  const deadline = deadlineOf(options.control, Date.now(), limits.timeMs);
  try {
    const spec = new FoolingSpec(board.tables, on, loopHints, mask);
    // One time limit for the whole count: the build and the family operations after it.
    const built = buildZdd(spec, { ...options.control, deadline });
    const s = built.zdd.store;
    const guard = new OpGuard(s, limits.maxNodes, deadline, options.control?.isCancelled, 'hint family', limits.timeMs);
    const eliminate = new Uint8Array(spec.levels + 1);
    const cellLevels: number[] = [];
    for (let l = 1; l <= spec.levels; l++) {
      if (spec.cellOfLevel[l] < 0) eliminate[l] = 1;
      else cellLevels.push(l);
    }
    const fooled = exists(s, built.zdd.root, eliminate, guard);
    const all = powerSet(s, cellLevels);
    const good = difference(s, all, fooled, guard);
    const fam = new Zdd(s, good, spec.levels);
    const count = fam.count();
    const cellsOf = (levels: number[]): number[] => levels.map((l) => spec.cellOfLevel[l]).sort((a, b) => a - b);
    if (count === 0n) {
      return { ok: true, count, minimalCount: 0n, minimumSize: -1, minimum: null, hardest: null, loopHints, nodes: s.size, ms: performance.now() - t0 };
    }
    const minimal = minimalSets(s, good, guard);
    const minimalCount = new Zdd(s, minimal, spec.levels).count();
    const ones = new Float64Array(spec.levels + 1).fill(1);
    const mn = minWeightSet(s, good, ones);
    // Hardness as one number: digits base (cells + 1), 4s most significant, then 0s, 3s, 1s, 2s.
    const B = board.cellCount + 1;
    const hw = new Float64Array(spec.levels + 1);
    for (const l of cellLevels) {
      const c = spec.cellOfLevel[l];
      hw[l] = B ** hardRank(loopHints[c], board.sides(c));
    }
    const hard = minWeightSet(s, minimal, hw);
    return {
      ok: true, count, minimalCount, minimumSize: mn.weight, minimum: cellsOf(mn.set), hardest: cellsOf(hard.set),
      loopHints, nodes: s.size, ms: performance.now() - t0,
    };
  } catch (e) {
    if (e instanceof StopError) return { ok: false, stopped: e.stopped };
    throw e;
  }
}
