/**
 * The Numberlink spec (spec.ts) for the engine's compiled builder (zdd/kernel.ts): its tables for
 * the kernel of wasm/numberlink.ts, which runs the same `child` and `normalize` on one byte per
 * frontier slot, for rules without notouch when every key fits a byte; and for notouch (the
 * avoidance matrix) and the canonical family (ghosts, register) the kernel of wasm/notouch.ts, on
 * the spec's own words, for frontiers of at most 32 slots.
 *
 * Why: counting under `fill` builds millions of states on Janko's larger puzzles; in JavaScript a
 * state cost about six times what TdZdd's C++ spends on one (Janko 044: 1.3 against 0.2 us).
 */
import kernelBytes from './wasm/numberlink.wasm';
import notouchBytes from './wasm/notouch.wasm';
import type { Kernel, KernelExports } from '../zdd/kernel';
import type { FrontierPlan } from '../zdd/frontier';

/** Writes arrays one after another into the kernel's memory from word `a` on. */
function writerAt(x: KernelExports, a: number): (xs: ArrayLike<number>) => void {
  const mem = new Int32Array(x.memory.buffer);
  return (xs) => {
    for (let i = 0; i < xs.length; i++) mem[a + i] = xs[i]!;
    a += xs.length;
  };
}

/** Per step, both kernels' packed words: the slots and mode, and the cells left behind. */
function stepWords(t: NumberlinkTables, m: number): { step: Int32Array; left: Int32Array } {
  const { plan } = t;
  const step = new Int32Array(m), left = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    step[i] = plan.slotU[i]! | (plan.slotV[i]! << 8) | (t.stepMode[i]! << 16);
    left[i] = (t.leftU[i]! & 255) | ((t.leftV[i]! & 255) << 8);
  }
  return { step, left };
}

type Capacity = NonNullable<NumberlinkTables['cap']>;

/** The capacity tables as both kernels read them (without capacity: empty groups, no entries). */
function putCapacity(put: (xs: ArrayLike<number>) => void, cap: Capacity | null, m: number): void {
  if (cap) {
    put(cap.groupStart);
    put(cap.groupSlot);
    put(cap.groupFree);
    put(cap.entryStart);
    put(cap.other);
  } else {
    put(new Int32Array(m + 1));
    put(new Int32Array(1));
  }
}

/**
 * Per step, the labels of the boundary's border endpoints (entries ~label) as a 64-bit set in two
 * words, low first; every bit when a label is 64 or more (the kernel's shortcut then never applies).
 */
function tailLabelSets(boundary: NonNullable<NumberlinkTables['boundary']>, m: number, labels: number): Int32Array {
  const sets = new Int32Array(2 * (m + 1));
  for (let i = 0; i < m; i++) {
    for (let p = boundary.start[i]; p < boundary.start[i + 1]; p++) {
      const entry = boundary.slot[p];
      if (entry >= 0) continue;
      const l = labels > 64 ? -1 : ~entry;
      if (l < 0) { sets[2 * i] = -1; sets[2 * i + 1] = -1; } else sets[2 * i + (l >> 5)] |= 1 << (l & 31);
    }
  }
  return sets;
}

/** What the kernel reads of a NumberlinkSpec (see its fields of the same names). */
export interface NumberlinkTables {
  plan: FrontierPlan;
  levels: number;
  fill: boolean;
  notouch: boolean;
  freeBase: number;
  /** Per step: MODE_FREE 0, MODE_FIXED0 1, MODE_FIXED1 2, MODE_BY_U 3, MODE_BY_V 4. */
  stepMode: Uint8Array;
  leftU: Int8Array;
  leftV: Int8Array;
  levelOfStep: Int32Array;
  stepOfLevel: Int32Array;
  /** Per cell, its word on entering the frontier. */
  entryWord: Int32Array;
  cap: { groupStart: Int32Array; groupSlot: Int32Array; groupFree: Int32Array; entryStart: Int32Array; other: Int32Array } | null;
  /** notouch: the pending pairs (NumberlinkSpec's pendStart, pendA, pendB), or null. */
  pend?: { start: Int32Array; a: Int32Array; b: Int32Array } | null;
  /** The canonical family: per leave entry, the slots of the leaving cell's next-line and next-in-line neighbours. */
  canon?: { down: Int32Array; right: Int32Array } | null;
  /**
   * Per step, the points along the boundary of the region to come (spec.ts boundaryOrder: frontier
   * slots, then ~label for the endpoints on the grid's border, `tail` of them), or null: no planarity check.
   */
  boundary?: { start: Int32Array; slot: Int32Array; tail: Int32Array } | null;
  labelCount?: number;
}

/** Slots the kernel's keys allow (free keys are counted in a 64-bit set). */
const MAX_SLOTS = 60;
/** Keys are stored as key << 1 | 1 in a byte, 255 meaning full. */
const MAX_KEY = 126;

/** Slots the notouch kernel allows (one avoidance word per slot). */
const MAX_NOTOUCH_SLOTS = 32;

/** The kernel for these tables, or undefined when it does not apply (too many keys or slots). */
export function numberlinkKernelFor(t: NumberlinkTables): Kernel | undefined {
  return t.notouch ? notouchKernel(t) : numberlinkKernel(t);
}

/** The kernel for these tables, or undefined when it does not apply (notouch, too many keys or slots). */
export function numberlinkKernel(t: NumberlinkTables): Kernel | undefined {
  const { plan } = t;
  if (t.notouch || plan.width > MAX_SLOTS || t.freeBase + plan.width > MAX_KEY || t.levels === 0) return undefined;
  const m = plan.edgeCount;
  return {
    bytes: kernelBytes, source: 'numberlink/wasm/numberlink.ts', m: t.levels, empty: false,
    init(x: KernelExports, maxNodes: number, maxBytes: number) {
      const setup = x.setup as (...a: number[]) => number;
      const cap = t.cap;
      const nEnter = plan.enterStart[m], nLeave = plan.leaveStart[m];
      const nGroup = cap ? cap.groupSlot.length : 0, nOther = cap ? cap.other.length : 0;
      const a = setup(m, t.levels, plan.width, t.fill ? 1 : 0, t.freeBase, nEnter, nLeave, nGroup, nOther, cap ? 1 : 0, maxNodes, maxBytes) >> 2;
      const put = writerAt(x, a);
      const { step, left } = stepWords(t, m);
      const enter = new Int32Array(nEnter);
      for (let p = 0; p < nEnter; p++) {
        const w = t.entryWord[plan.enterVertex[p]!]!;
        enter[p] = plan.enterSlot[p]! | ((w < 0 ? 255 : w) << 8);
      }
      put(step);
      put(left);
      put(t.levelOfStep);
      put(t.stepOfLevel);
      put(plan.enterStart);
      put(enter);
      put(plan.leaveStart);
      put(plan.leaveSlot.subarray(0, nLeave));
      putCapacity(put, cap, m);
    },
  };
}

/**
 * The notouch kernel (wasm/notouch.ts; the canonical family too) for these tables, or undefined
 * when it does not apply (more than 32 slots). Its state is the spec's words, so that the spec's
 * `decode` and the tests read the same thing.
 */
export function notouchKernel(t: NumberlinkTables): Kernel | undefined {
  const { plan } = t;
  if (!t.notouch || plan.width > MAX_NOTOUCH_SLOTS || t.levels === 0) return undefined;
  const m = plan.edgeCount;
  return {
    bytes: notouchBytes, source: 'numberlink/wasm/notouch.ts', m: t.levels, empty: false,
    init(x: KernelExports, maxNodes: number, maxBytes: number) {
      const setup = x.setup as (...a: number[]) => number;
      const cap = t.cap, pend = t.pend ?? null, canon = t.canon ?? null;
      const nEnter = plan.enterStart[m], nLeave = plan.leaveStart[m];
      const nGroup = cap ? cap.groupSlot.length : 0, nOther = cap ? cap.other.length : 0;
      const nPend = pend ? pend.start[m] : 0;
      const boundary = t.boundary ?? null;
      const nBound = boundary ? boundary.start[m] : 0;
      const a = setup(
        m, t.levels, plan.width, t.fill ? 1 : 0, t.freeBase, canon ? 1 : 0,
        nEnter, nLeave, nGroup, nOther, cap ? 1 : 0, nPend, pend ? 1 : 0, boundary ? 1 : 0, nBound, t.labelCount ?? 0, maxNodes, maxBytes,
      ) >> 2;
      const put = writerAt(x, a);
      const { step, left } = stepWords(t, m);
      const enterWord = new Int32Array(nEnter);
      for (let p = 0; p < nEnter; p++) enterWord[p] = t.entryWord[plan.enterVertex[p]!]!;
      put(step);
      put(left);
      put(t.levelOfStep);
      put(t.stepOfLevel);
      put(plan.enterStart);
      put(plan.enterSlot.subarray(0, nEnter));
      put(enterWord);
      put(plan.leaveStart);
      put(plan.leaveSlot.subarray(0, nLeave));
      putCapacity(put, cap, m);
      if (pend) {
        put(pend.start);
        put(pend.a.subarray(0, nPend));
        put(pend.b.subarray(0, nPend));
      } else {
        put(new Int32Array(m + 1));
      }
      if (canon) {
        put(canon.down.subarray(0, nLeave));
        put(canon.right.subarray(0, nLeave));
      }
      if (boundary) {
        put(boundary.start);
        put(boundary.slot);
        put(boundary.tail);
        put(tailLabelSets(boundary, m, t.labelCount ?? 0));
      }
    },
  };
}
