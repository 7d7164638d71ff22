// AssemblyScript (compiled to WebAssembly by scripts/build-wasm.mjs; not part of the TypeScript
// project). The Numberlink path-matching spec of ../spec.ts under notouch, with or without its
// canonical mode, as a compiled kernel on the engine's level-wise builder
// (../../zdd/wasm/lib/levels.ts): the same states, levels and diagram as NumberlinkSpec's `child`
// and `normalize` (the tests compare the two builds), at compiled speed. ../kernel.ts gives it the
// spec's tables.
//
// State: NumberlinkSpec's words exactly, for at most 32 frontier slots (one avoidance word per
// slot): SL cell words, SL avoidance rows, then (canonical) SL ghost words and the register. The
// spec's key masks are an optimization of its own; here a scan of the (few) slots does.

import { childOf, i32At, levelsPack, levelsSetup, pushRoot, scratch } from '../../zdd/wasm/lib/levels';
export {
  reserve, merge, expand, reduceStart, reduceLevel, storeLo, storeHi, levelStarts, rootResidues, heldBytes, levelWords,
  status, needBytes, needWhat, created, maxWidth, acceptTotal, size, rootId,
} from '../../zdd/wasm/lib/levels';

const MODE_FREE: i32 = 0, MODE_FIXED0: i32 = 1, MODE_FIXED1: i32 = 2, MODE_BY_U: i32 = 3;

// ---- configuration ----
let STEPS: i32 = 0; // plan steps (graph edges)
let SL: i32 = 0; // frontier slots (<= 32)
let FILL: bool = false;
let BASE: i32 = 0; // first key of fragments without an endpoint
let CANON: bool = false;
let HAS_CAP: bool = false;
let HAS_PEND: bool = false;
/** Word offsets of the avoidance rows, the ghosts and the register. */
let MO: i32 = 0, GO: i32 = 0, RO: i32 = 0;
/** Words of the state at scratch. */
let FULL: i32 = 0;
/** The stored (packed) state: byte offset of the avoidance rows, and whether a row takes 16 bits. */
let PROWS: i32 = 0, ROWS16: bool = false;
/** The bits of the SL slots. */
let SLOTS: u32 = 0;

// Per step (STEPS): slot u | slot v << 8 | mode << 16; leftU | leftV << 8; level (0 if implied).
let stepP: usize = 0, leftP: usize = 0, levelOfStepP: usize = 0;
let stepOfLevelP: usize = 0; // LEVELS + 1
let enterStartP: usize = 0, enterSlotP: usize = 0, enterWordP: usize = 0; // CSR
let leaveStartP: usize = 0, leaveP: usize = 0; // CSR: slot
// Capacity lookahead (NumberlinkSpec's CapacityTable) and pending pairs (its pendStart/A/B).
let groupStartP: usize = 0, groupSlotP: usize = 0, groupFreeP: usize = 0, entryStartP: usize = 0, otherP: usize = 0;
let pendStartP: usize = 0, pendAP: usize = 0, pendBP: usize = 0;
// Canonical: per leave entry, the slot of the leaving cell's next-line and next-in-line neighbours.
let leaveDownP: usize = 0, leaveRightP: usize = 0;
// Planarity of same-label pairs: per step, the points along the boundary of the region to come
// (CSR: frontier slots, then ~label for endpoints on the grid's border) and how many of the latter.
let HAS_BOUND: bool = false;
let boundStartP: usize = 0, boundSlotP: usize = 0, boundTailP: usize = 0;
// Per step, the labels among those endpoints as a 64-bit set (all bits when there are more labels).
let boundTailSetP: usize = 0;
/** planarOk's stack of labels. */
let stackP: usize = 0;
/**
 * planarOk's scratch: per label a mark (stamp << 2 | count) and its first point's position; per
 * free key a stamp and its first open end's position; the fragments' ends; the stamp.
 */
let markP: usize = 0, pointAtP: usize = 0, pointAt2P: usize = 0, fragStampP: usize = 0, fragAtP: usize = 0, fragEndsP: usize = 0;
let MARKS: i32 = 0;
let stamp: u32 = 0;
/** normalize's table: new key of each old free key (by key - BASE). */
let remapP: usize = 0;

@inline function w(k: i32): i32 { return load<i32>(scratch + (<usize>k << 2)); }
@inline function setW(k: i32, v: i32): void { store<i32>(scratch + (<usize>k << 2), v); }
@inline function row(k: i32): u32 { return load<u32>(scratch + (<usize>(MO + k) << 2)); }
@inline function setRow(k: i32, v: u32): void { store<u32>(scratch + (<usize>(MO + k) << 2), v); }
/** Ghost word t (t == SL: the register, as ghost << 1 | flag). */
@inline function gw(t: i32): i32 { return load<i32>(scratch + (<usize>(GO + t) << 2)); }
@inline function setGw(t: i32, v: i32): void { store<i32>(scratch + (<usize>(GO + t) << 2), v); }
@inline function isOpen(x: i32): bool { return x > 0 && (x & 1) != 0; }
@inline function lowSlot(bits: u32): i32 { return <i32>ctz(bits); }

/**
 * Sets the build up; returns the address of the input block, where JS writes, in this order:
 * step, left, levelOfStep (STEPS each), stepOfLevel (levels + 1), enterStart (STEPS + 1),
 * enterSlot, enterWord (nEnter each), leaveStart (STEPS + 1), leave (nLeave), groupStart (STEPS + 1),
 * groupSlot, groupFree (nGroup each), entryStart (nGroup + 1), other (nOther), pendStart (STEPS + 1),
 * pendA, pendB (nPend each), leaveDown, leaveRight (nLeave each, canonical only).
 */
export function setup(
  steps: i32, levels: i32, slots: i32, fill: i32, base: i32, canon: i32,
  nEnter: i32, nLeave: i32, nGroup: i32, nOther: i32, hasCap: i32, nPend: i32, hasPend: i32,
  hasBound: i32, nBound: i32, labels: i32, nodes: f64, bytes: f64,
): usize {
  HAS_BOUND = hasBound != 0;
  STEPS = steps; SL = slots; FILL = fill != 0; BASE = base; CANON = canon != 0;
  HAS_CAP = hasCap != 0; HAS_PEND = hasPend != 0;
  MO = SL; GO = 2 * SL; RO = 3 * SL;
  SLOTS = SL >= 32 ? 0xffffffff : ((<u32>1) << <u32>SL) - 1;
  FULL = CANON ? 3 * SL + 1 : 2 * SL;
  levelsSetup(levels, FULL, nodes, bytes);
  childOf = child;
  // Every word fits 16 bits when the keys do: a cell (key << 1 | 1), a ghost (key << 4 | 15), the
  // register (ghost << 1 | 1); labels and completed paths are smaller.
  if (base + slots < 1024) {
    ROWS16 = SL <= 16;
    PROWS = CANON ? 4 * SL + 2 : 2 * SL;
    levelsPack((PROWS + (ROWS16 ? 2 : 4) * SL + 3) >> 2, pack, unpack);
  }
  const words = 3 * steps + levels + 1 + (steps + 1) + 2 * nEnter + (steps + 1) + nLeave
    + (steps + 1) + 2 * nGroup + nGroup + 1 + nOther + (steps + 1) + 2 * nPend + (CANON ? 2 * nLeave : 0)
    + (HAS_BOUND ? 4 * (steps + 1) + nBound : 0);
  remapP = heap.alloc(4 * 40);
  stackP = heap.alloc(<usize>max(labels, 1) << 2);
  MARKS = max(labels, 1);
  markP = heap.alloc(<usize>MARKS << 2);
  memory.fill(markP, 0, <usize>MARKS << 2);
  pointAtP = heap.alloc(<usize>MARKS << 2);
  pointAt2P = heap.alloc(<usize>MARKS << 2);
  fragStampP = heap.alloc(<usize>(slots + 2) << 2);
  memory.fill(fragStampP, 0, <usize>(slots + 2) << 2);
  fragAtP = heap.alloc(<usize>(slots + 2) << 2);
  fragEndsP = heap.alloc(<usize>(slots + 2) << 2);
  stamp = 0;
  const input = heap.alloc(<usize>max(words, 1) << 2);
  let a = input;
  stepP = a; a += <usize>steps << 2;
  leftP = a; a += <usize>steps << 2;
  levelOfStepP = a; a += <usize>steps << 2;
  stepOfLevelP = a; a += <usize>(levels + 1) << 2;
  enterStartP = a; a += <usize>(steps + 1) << 2;
  enterSlotP = a; a += <usize>nEnter << 2;
  enterWordP = a; a += <usize>nEnter << 2;
  leaveStartP = a; a += <usize>(steps + 1) << 2;
  leaveP = a; a += <usize>nLeave << 2;
  groupStartP = a; a += <usize>(steps + 1) << 2;
  groupSlotP = a; a += <usize>nGroup << 2;
  groupFreeP = a; a += <usize>nGroup << 2;
  entryStartP = a; a += <usize>(nGroup + 1) << 2;
  otherP = a; a += <usize>nOther << 2;
  pendStartP = a; a += <usize>(steps + 1) << 2;
  pendAP = a; a += <usize>nPend << 2;
  pendBP = a; a += <usize>nPend << 2;
  leaveDownP = a; a += <usize>(CANON ? nLeave : 0) << 2;
  leaveRightP = a; a += <usize>(CANON ? nLeave : 0) << 2;
  boundStartP = a; a += <usize>(HAS_BOUND ? steps + 1 : 0) << 2;
  boundSlotP = a; a += <usize>(HAS_BOUND ? nBound : 0) << 2;
  boundTailP = a; a += <usize>(HAS_BOUND ? steps + 1 : 0) << 2;
  boundTailSetP = a;
  return input;
}

// ---- the stored state (levelsPack) ----
// Cell words as i16, then (canonical) ghost words and the register as i16, then the avoidance rows
// as u16 (at most 16 slots) or u32: about 6 to 8 bytes a slot instead of 12.

function pack(dst: usize): void {
  const words = (PROWS + (ROWS16 ? 2 : 4) * SL + 3) >> 2;
  store<u32>(dst + (<usize>(words - 1) << 2), 0); // the padding of the last word
  const r = dst + <usize>PROWS;
  if (SL >= 8) {
    // Eight words a vector, narrowed to i16 (every word fits: see setup). A section's last vector
    // may run past it into the next section, written after it (each is at least 16 bytes).
    for (let k = 0; k < SL; k += 8) v128.store(dst + (<usize>k << 1), narrowAt(k));
    if (CANON) for (let k = 0; k <= SL; k += 8) v128.store(dst + (<usize>(SL + k) << 1), narrowAt(GO + k));
    let k = 0;
    if (ROWS16) {
      for (; k + 8 <= SL; k += 8) v128.store(r + (<usize>k << 1), i16x8.narrow_i32x4_u(rowsAt(k), rowsAt(k + 4)));
      for (; k < SL; k++) store<u16>(r + (<usize>k << 1), <u16>row(k));
    } else {
      for (; k + 4 <= SL; k += 4) v128.store(r + (<usize>k << 2), rowsAt(k));
      for (; k < SL; k++) store<u32>(r + (<usize>k << 2), row(k));
    }
    return;
  }
  const n = CANON ? 2 * SL + 1 : SL;
  for (let k = 0; k < n; k++) store<i16>(dst + (<usize>k << 1), <i16>w(k < SL ? k : GO - SL + k));
  if (ROWS16) for (let k = 0; k < SL; k++) store<u16>(r + (<usize>k << 1), <u16>row(k));
  else for (let k = 0; k < SL; k++) store<u32>(r + (<usize>k << 2), row(k));
}

/** Scratch words k .. k + 7 as eight i16. */
@inline function narrowAt(k: i32): v128 {
  const p = scratch + (<usize>k << 2);
  return i16x8.narrow_i32x4_s(v128.load(p), v128.load(p, 16));
}

/** Avoidance rows k .. k + 3. */
@inline function rowsAt(k: i32): v128 { return v128.load(scratch + (<usize>(MO + k) << 2)); }

function unpack(src: usize): void {
  const r = src + <usize>PROWS;
  if (SL >= 8) {
    // As pack: a section's last vector may write past it, into the next section (or the scratch's
    // padding), written after it.
    for (let k = 0; k < SL; k += 8) widenTo(k, v128.load(src + (<usize>k << 1)));
    if (CANON) for (let k = 0; k <= SL; k += 8) widenTo(GO + k, v128.load(src + (<usize>(SL + k) << 1)));
    let k = 0;
    if (ROWS16) {
      for (; k + 8 <= SL; k += 8) {
        const v = v128.load(r + (<usize>k << 1));
        const p = scratch + (<usize>(MO + k) << 2);
        v128.store(p, i32x4.extend_low_i16x8_u(v));
        v128.store(p, i32x4.extend_high_i16x8_u(v), 16);
      }
      for (; k < SL; k++) setRow(k, <u32>load<u16>(r + (<usize>k << 1)));
    } else {
      for (; k + 4 <= SL; k += 4) v128.store(scratch + (<usize>(MO + k) << 2), v128.load(r + (<usize>k << 2)));
      for (; k < SL; k++) setRow(k, load<u32>(r + (<usize>k << 2)));
    }
    return;
  }
  const n = CANON ? 2 * SL + 1 : SL;
  for (let k = 0; k < n; k++) setW(k < SL ? k : GO - SL + k, <i32>load<i16>(src + (<usize>k << 1)));
  if (ROWS16) for (let k = 0; k < SL; k++) setRow(k, <u32>load<u16>(r + (<usize>k << 1)));
  else for (let k = 0; k < SL; k++) setRow(k, load<u32>(r + (<usize>k << 2)));
}

/** Eight i16 as scratch words k .. k + 7. */
@inline function widenTo(k: i32, v: v128): void {
  const p = scratch + (<usize>k << 2);
  v128.store(p, i32x4.extend_low_i16x8_s(v));
  v128.store(p, i32x4.extend_high_i16x8_s(v), 16);
}

// ---- fragments and avoidances (NumberlinkSpec's of the same names, K = 1) ----

/**
 * Slots of fragment `key` (> 0) as bits: four slot words a vector (a word's key is word >> 1; an
 * unused cell or a completed path never matches a key > 0). Lanes past SL read the next words
 * (or the scratch's padding) and are masked off.
 */
function maskOf(key: i32): u32 {
  const k = i32x4.splat(key);
  let m: u32 = 0;
  for (let j = 0; j < SL; j += 4) {
    const v = i32x4.shr_s(v128.load(scratch + (<usize>j << 2)), 1);
    m |= (<u32>i32x4.bitmask(i32x4.eq(v, k))) << <u32>j;
  }
  return m & SLOTS;
}

@inline function hasBit(a: i32, b: i32): bool { return (row(a) & ((<u32>1) << <u32>b)) != 0; }

/** Forget every avoidance of slot j (it left, or its path is complete). */
function dropSlot(j: i32): void {
  let bits = row(j);
  if (bits == 0) return;
  setRow(j, 0);
  const clear = ~((<u32>1) << <u32>j);
  while (bits != 0) {
    const t = lowSlot(bits);
    bits &= bits - 1;
    setRow(t, row(t) & clear);
  }
}

/** Edges a cell with word x still needs: 1 for an open end, 2 for an unused cell under fill. */
@inline function need(x: i32): i32 { return x == 0 ? (FILL ? 2 : 0) : isOpen(x) ? 1 : 0; }

/** Writes the words of the cells entering at step i (their slots are vacant). */
function enter(i: i32): void {
  const e = i32At(enterStartP, i + 1);
  for (let p = i32At(enterStartP, i); p < e; p++) {
    const sl = i32At(enterSlotP, p);
    setW(sl, i32At(enterWordP, p));
    if (CANON) setGw(sl, 0);
  }
}

/** The smallest free key that no slot uses. */
function freshKey(): i32 {
  let used: u64 = 0;
  for (let j = 0; j < SL; j++) {
    const x = w(j);
    if (x > 0 && (x >> 1) >= BASE) used |= (<u64>1) << <u64>((x >> 1) - BASE);
  }
  return BASE + <i32>ctz(~used);
}

/** notouch: leave out the edge between slots a and b. */
function separate(a: i32, b: i32): bool {
  const wa = w(a), wb = w(b);
  // A completed path: a cell not on it can never join it; two of its cells must not touch.
  if (wa < 0 || wb < 0) return wa != wb || wa == -1;
  const ka = wa >> 1, kb = wb >> 1;
  if (ka != 0 && ka == kb) return false; // one fragment touching itself
  if (ka != 0 && kb != 0 && ka < BASE && kb < BASE) return (ka - 1) >> 1 != (kb - 1) >> 1;
  const ma = ka == 0 ? (<u32>1) << <u32>a : maskOf(ka);
  const mb = kb == 0 ? (<u32>1) << <u32>b : maskOf(kb);
  let bits = ma;
  while (bits != 0) {
    const t = lowSlot(bits);
    bits &= bits - 1;
    setRow(t, row(t) | mb);
  }
  bits = mb;
  while (bits != 0) {
    const t = lowSlot(bits);
    bits &= bits - 1;
    setRow(t, row(t) | ma);
  }
  return true;
}

/** After a and b joined into fragment r (members): the union of what its parts avoided. */
function mergeAvoid(a: i32, b: i32, r: i32, members: u32): bool {
  let union = row(a) | row(b);
  const labelled = r < BASE;
  const rLabel = (r - 1) >> 1;
  let bits = union;
  while (bits != 0) {
    const t = lowSlot(bits);
    const low = bits & (~bits + 1);
    bits &= bits - 1;
    const wt = w(t);
    const kt = wt > 0 ? wt >> 1 : 0;
    if (labelled && kt != 0 && kt < BASE) {
      if ((kt - 1) >> 1 == rLabel) return false; // must meet, yet must not touch
      union &= ~low; // different labels: never on one path
      setRow(t, row(t) & ~members);
    } else {
      setRow(t, row(t) | members);
    }
  }
  bits = members;
  while (bits != 0) {
    const t = lowSlot(bits);
    bits &= bits - 1;
    setRow(t, union);
  }
  return true;
}

/** Take the edge between slots a and b; false when that is illegal. */
function join(a: i32, b: i32): bool {
  const wa = w(a), wb = w(b);
  if (wa < 0 || wb < 0) return false;
  if (wa > 0 && (wa & 1) == 0) return false;
  if (wb > 0 && (wb & 1) == 0) return false;
  const ka = wa >> 1, kb = wb >> 1;
  if (ka != 0 && ka == kb) return false; // would close a cycle
  const la = ka != 0 && ka < BASE, lb = kb != 0 && kb < BASE;
  if (hasBit(a, b)) return false;
  if (CANON) {
    if (wa == 0) setGw(a, 0);
    if (wb == 0) setGw(b, 0);
  }
  if (la && lb) {
    const label = (ka - 1) >> 1;
    if (label != (kb - 1) >> 1) return false; // two different labels
    if (CANON) ghostsComplete(ka, kb, label);
    const done = -2 - label;
    let bits = maskOf(ka) | maskOf(kb);
    while (bits != 0) {
      const j = lowSlot(bits);
      bits &= bits - 1;
      setW(j, done);
      dropSlot(j);
    }
    setW(a, done);
    setW(b, done);
    dropSlot(a);
    dropSlot(b);
    return true;
  }
  let r: i32;
  if (la) r = ka;
  else if (lb) r = kb;
  else if (ka != 0) r = ka;
  else if (kb != 0) r = kb;
  else r = freshKey();
  const other = r == ka ? kb : ka;
  if (CANON && other != 0) ghostsRelabel(other, r);
  let members = maskOf(r);
  if (other != 0) {
    let bits = maskOf(other);
    members |= bits;
    while (bits != 0) {
      const j = lowSlot(bits);
      bits &= bits - 1;
      setW(j, (r << 1) | (w(j) & 1));
    }
  }
  setW(a, wa == 0 ? (r << 1) | 1 : r << 1);
  setW(b, wb == 0 ? (r << 1) | 1 : r << 1);
  return mergeAvoid(a, b, r, members | ((<u32>1) << <u32>a) | ((<u32>1) << <u32>b));
}

/** Whether `join` could accept the edge between slots a and b. */
function canTake(a: i32, b: i32): bool {
  const wa = w(a), wb = w(b);
  if (wa < 0 || wb < 0) return false;
  if (wa > 0 && (wa & 1) == 0) return false;
  if (wb > 0 && (wb & 1) == 0) return false;
  const ka = wa >> 1, kb = wb >> 1;
  if (ka != 0 && ka == kb) return false;
  if (ka != 0 && kb != 0 && ka < BASE && kb < BASE && (ka - 1) >> 1 != (kb - 1) >> 1) return false;
  return !hasBit(a, b);
}

// ---- the canonical family (NumberlinkSpec's canonLeave and its helpers) ----

/** Ghost of a used cell's word (direct, with its links along the line). */
@inline function ghostOf(x: i32, nextLinked: bool, prevLinked: bool): i32 {
  const bits = 2 | (nextLinked ? 4 : 0) | (prevLinked ? 8 : 0);
  return x > 0 ? ((x >> 1) << 4) | bits : ((-1 - x) << 4) | bits | 1;
}

/** The same path, further away. */
@inline function farGhost(g: i32): i32 { return (g & 1) == 1 ? 0 : g & ~15; }

/** Two words of grid neighbours: the cells are linked. */
@inline function linked(wa: i32, wb: i32): bool {
  if (wa <= -2) return wa == wb;
  return wa > 0 && wb > 0 && wa >> 1 == wb >> 1;
}

/** The lowest slot of fragment `key`. */
@inline function memberSlot(key: i32): i32 { return <i32>ctz(maskOf(key)); }

function avoidGhost(g: i32, j: i32): bool {
  if ((g & 1) == 1) return w(j) != -1 - (g >> 4);
  return separate(memberSlot(g >> 4), j);
}

function avoidGhostApart(g: i32, j: i32): bool {
  const x = w(j);
  if ((g & 1) == 1) return true;
  if (x > 0 && x >> 1 == g >> 4) return true;
  return avoidGhost(g, j);
}

function avoidGhosts(g: i32, h: i32): bool {
  if ((g & 1) == 1 || (h & 1) == 1) return (g & 1) != (h & 1) || g >> 4 != h >> 4;
  return separate(memberSlot(g >> 4), memberSlot(h >> 4));
}

function avoidGhostsApart(g: i32, h: i32): bool {
  if ((g & 1) == 1 || (h & 1) == 1 || g >> 4 == h >> 4) return true;
  return avoidGhosts(g, h);
}

@inline function ghostAt(t: i32): i32 { return t == SL ? gw(t) >> 1 : gw(t); }
@inline function setGhostAt(t: i32, g: i32): void {
  if (t == SL) setGw(t, (g << 1) | (gw(t) & 1));
  else setGw(t, g);
}

/**
 * Slots t < SL whose ghost is a direct ghost of fragment ka or kb (> 0), as bits: four ghost words
 * a vector (lanes past SL masked off). The register (t == SL) is the caller's.
 */
function ghostMask(ka: i32, kb: i32): u32 {
  const a = i32x4.splat(ka), b = i32x4.splat(kb), one = i32x4.splat(1), zero = i32x4.splat(0);
  let m: u32 = 0;
  for (let t = 0; t < SL; t += 4) {
    const g = v128.load(scratch + (<usize>(GO + t) << 2));
    const k = i32x4.shr_s(g, 4);
    const c = v128.and(i32x4.eq(v128.and(g, one), zero), v128.or(i32x4.eq(k, a), i32x4.eq(k, b)));
    m |= (<u32>i32x4.bitmask(c)) << <u32>t;
  }
  return m & SLOTS;
}

/** Fragment `from` was joined into `to`: ghosts follow. */
function ghostsRelabel(from: i32, to: i32): void {
  let bits = ghostMask(from, from);
  while (bits != 0) {
    const t = lowSlot(bits);
    bits &= bits - 1;
    setGw(t, (to << 4) | (gw(t) & 15));
  }
  const g = ghostAt(SL);
  if (g != 0 && (g & 1) == 0 && g >> 4 == from) setGhostAt(SL, (to << 4) | (g & 15));
}

/** Fragments ka and kb completed the path of `label`: direct ghosts keep it, far ones go. */
function ghostsComplete(ka: i32, kb: i32, label: i32): void {
  let bits = ghostMask(ka, kb);
  while (bits != 0) {
    const t = lowSlot(bits);
    bits &= bits - 1;
    const g = gw(t);
    setGw(t, (g & 2) != 0 ? ((label + 1) << 4) | (g & 15) | 1 : 0);
  }
  const g = ghostAt(SL);
  if (g == 0 || (g & 1) == 1 || (g >> 4 != ka && g >> 4 != kb)) return;
  setGhostAt(SL, (g & 2) != 0 ? ((label + 1) << 4) | (g & 15) | 1 : 0);
}

/** Slot of leave entry p leaves (NumberlinkSpec.canonLeave). */
function canonLeave(p: i32): bool {
  const sl = i32At(leaveP, p);
  const x = w(sl);
  const up = gw(sl), reg = gw(SL);
  const left = reg >> 1, leftLinked = (reg & 1) == 1;
  const down = i32At(leaveDownP, p), right = i32At(leaveRightP, p);
  setGw(sl, 0);
  if (x > 0 || x <= -2) {
    const nextLinked = right >= 0 && linked(x, w(right));
    const g = ghostOf(x, nextLinked, leftLinked);
    if (down >= 0) setGw(down, linked(x, w(down)) ? 0 : g);
    setGw(SL, right < 0 ? 0 : nextLinked ? 1 : g << 1);
    return true;
  }
  const upNear = (up & 2) != 0, leftNear = (left & 2) != 0;
  if (up != 0) {
    if (down >= 0 && !avoidGhost(up, down)) return false;
    if (upNear) {
      if (right >= 0 && (up & 4) == 0 && !avoidGhost(up, right)) return false;
      if (leftNear && (up & 8) == 0 && !avoidGhosts(up, left)) return false;
    } else if (right >= 0 && !avoidGhostApart(up, right)) {
      return false;
    }
    if (left != 0 && !(upNear && leftNear) && !avoidGhostsApart(up, left)) return false;
  }
  if (left != 0) {
    if (right >= 0 && !avoidGhost(left, right)) return false;
    if (down >= 0 && !(leftNear ? avoidGhost(left, down) : avoidGhostApart(left, down))) return false;
  }
  if (right >= 0 && down >= 0 && !separate(right, down)) return false;
  if (down >= 0) setGw(down, farGhost(up));
  setGw(SL, right >= 0 ? farGhost(left) << 1 : 0);
  return true;
}

// ---- steps ----

/** Step i with the given decision, its cells entered already: decide the edge, leave. */
function step(i: i32, t: i32): bool {
  const x = i32At(stepP, i);
  const a = x & 255, b = (x >> 8) & 255;
  if (t != 0) {
    if (!join(a, b)) return false;
  } else if (!separate(a, b)) {
    return false;
  }
  const p0 = i32At(leaveStartP, i), p1 = i32At(leaveStartP, i + 1);
  if (CANON) {
    // Cells leave in line order (two at most: the ends of the step's edge).
    if (p1 - p0 == 2 && i32At(leaveRightP, p0 + 1) == i32At(leaveP, p0)) {
      if (!canonLeave(p0 + 1) || !canonLeave(p0)) return false;
    } else {
      for (let p = p0; p < p1; p++) if (!canonLeave(p)) return false;
    }
  }
  for (let p = p0; p < p1; p++) {
    const sl = i32At(leaveP, p);
    const y = w(sl);
    if (y == 0) {
      if (FILL) return false;
    } else if (isOpen(y)) {
      return false; // an endpoint left unused or a path end left dangling
    }
    setW(sl, 0);
    dropSlot(sl);
  }
  return true;
}

/** The decision at an implied step whose cells have entered (NumberlinkSpec.impliedTake). */
@inline function impliedTake(x: i32): i32 {
  const mode = (x >> 16) & 255;
  if (mode == MODE_FIXED0) return 0;
  if (mode == MODE_FIXED1) return 1;
  return isOpen(w(mode == MODE_BY_U ? x & 255 : (x >> 8) & 255)) ? 1 : 0;
}

/** No fragment holds both ends of a still undecided edge (NumberlinkSpec.pendingOk). */
function pendingOk(i: i32): bool {
  const e = i32At(pendStartP, i + 1);
  for (let p = i32At(pendStartP, i); p < e; p++) {
    const wa = w(i32At(pendAP, p));
    if (wa == 0 || wa == -1) continue;
    const wb = w(i32At(pendBP, p));
    const ka = wa < 0 ? wa : wa >> 1, kb = wb <= 0 ? wb : wb >> 1;
    if (ka == kb) return false;
  }
  return true;
}

/** Every frontier cell after step i can still get the edges it needs (NumberlinkSpec.capacityOk). */
function capacityOk(i: i32): bool {
  const gEnd = i32At(groupStartP, i + 1);
  for (let g = i32At(groupStartP, i); g < gEnd; g++) {
    const x = i32At(groupSlotP, g);
    const wx = w(x);
    let needed: i32;
    if (wx == 0) needed = 2;
    else if (isOpen(wx)) needed = 1;
    else continue;
    let got = i32At(groupFreeP, g);
    if (got >= needed) continue;
    const kx = wx >> 1;
    const lx = kx != 0 && kx < BASE ? (kx - 1) >> 1 : -1;
    const pEnd = i32At(entryStartP, g + 1);
    for (let p = i32At(entryStartP, g); p < pEnd; p++) {
      const o = i32At(otherP, p);
      if (o < 0) {
        if (lx < 0 || -2 - o == lx) got++;
      } else {
        const wy = w(o);
        if (wy < 0 || (wy > 0 && (wy & 1) == 0)) continue;
        const ky = wy >> 1;
        if (ky != 0) {
          if (ky == kx) continue;
          if (lx >= 0 && ky < BASE && (ky - 1) >> 1 != lx) continue;
        }
        if (hasBit(x, o)) continue;
        got++;
      }
      if (got >= needed) break;
    }
    if (got < needed) {
      if (wx != 0 || FILL) return false;
      setW(x, -1);
      dropSlot(x);
    }
  }
  return true;
}

/**
 * Labels that must still meet within the region to come, both of their points on its boundary
 * (boundStart/boundSlot of step i: frontier slots, then ~label for the endpoints not reached yet
 * on the grid's border, boundTail of them), may nest or follow each other along it but not
 * interleave, unless a fragment without an endpoint interleaves with one of the two pairs
 * (NumberlinkSpec.planarOk).
 */
function planarOk(i: i32): bool {
  const e = i32At(boundStartP, i + 1), b = i32At(boundStartP, i);
  if (e == b) return true;
  // Four slots a vector: open ends with a label, and open ends of fragments without one.
  const base = i32x4.splat(BASE), one = i32x4.splat(1), zero = i32x4.splat(0);
  let labelled: u32 = 0, loose: u32 = 0;
  for (let j = 0; j < SL; j += 4) {
    const v = v128.load(scratch + (<usize>j << 2));
    const open = v128.and(i32x4.eq(v128.and(v, one), one), i32x4.gt_s(v, zero));
    const free = i32x4.ge_s(i32x4.shr_s(v, 1), base);
    labelled |= (<u32>i32x4.bitmask(v128.andnot(open, free))) << <u32>j;
    loose |= (<u32>i32x4.bitmask(v128.and(open, free))) << <u32>j;
  }
  labelled &= SLOTS;
  loose &= SLOTS;
  // Two pairs need four points, and one pair with a point in the frontier (a shortcut for the
  // exact test below, which the set answers when there are at most 64 labels).
  if (<i32>popcnt(labelled) + i32At(boundTailP, i) < 4) return true;
  const tailSet = load<u64>(boundTailSetP + (<usize>i << 3));
  let seen: u64 = 0, active = false;
  for (let bits = labelled; bits != 0; bits &= bits - 1) {
    const bit: u64 = <u64>1 << <u64>(((w(lowSlot(bits)) >> 1) - 1) >> 1);
    if (((seen | tailSet) & bit) != 0) { active = true; break; }
    seen |= bit;
  }
  if (!active) return true;
  const g = nextStamp();
  let pairs = 0, nFrag = 0, unpaired = 0;
  active = false;
  for (let p = b; p < e; p++) {
    const l = pointLabel(i32At(boundSlotP, p), labelled);
    if (l >= 0) {
      const q = markP + (<usize>l << 2);
      const m = load<u32>(q);
      if (m >> 2 != g) {
        store<u32>(q, (g << 2) | 1);
        store<i32>(pointAtP + (<usize>l << 2), p);
      } else {
        store<u32>(q, (g << 2) | 2);
        store<i32>(pointAt2P + (<usize>l << 2), p);
        store<i32>(stackP + (<usize>pairs << 2), l);
        pairs++;
        if (i32At(boundSlotP, i32At(pointAtP, l)) >= 0) active = true;
      }
      continue;
    }
    const entry = i32At(boundSlotP, p);
    if (entry < 0 || ((loose >> <u32>entry) & 1) == 0) continue;
    const k = <usize>((w(entry) >> 1) - BASE) << 2;
    if (load<u32>(fragStampP + k) != g) {
      store<u32>(fragStampP + k, g);
      store<i32>(fragAtP + k, p);
      unpaired++;
    } else {
      store<i32>(fragEndsP + (<usize>nFrag << 2), load<i32>(fragAtP + k));
      store<i32>(fragEndsP + (<usize>(nFrag + 1) << 2), p);
      nFrag += 2;
      unpaired--;
    }
  }
  // (A fragment with one open end here would be dead already; nothing is checked then.)
  if (pairs < 2 || !active || unpaired != 0) return true;
  // A pair some fragment interleaves with is let off (mark 1); the others are checked (mark 2).
  let left = pairs;
  for (let t = 0; t < pairs && nFrag > 0; t++) {
    const l = i32At(stackP, t);
    const lo = i32At(pointAtP, l), hi = i32At(pointAt2P, l);
    for (let f = 0; f < nFrag; f += 2) {
      const f1 = i32At(fragEndsP, f), f2 = i32At(fragEndsP, f + 1);
      if ((lo < f1 && f1 < hi) != (lo < f2 && f2 < hi)) {
        store<u32>(markP + (<usize>l << 2), (g << 2) | 1);
        left--;
        break;
      }
    }
  }
  if (left < 2) return true;
  // Mark 2: not met yet; 3: first point met (on the stack).
  let top = 0;
  for (let p = b; p < e; p++) {
    const l = pointLabel(i32At(boundSlotP, p), labelled);
    if (l < 0) continue;
    const q = markP + (<usize>l << 2);
    const m = load<u32>(q);
    if (m >> 2 != g) continue;
    const c = m & 3;
    if (c == 2) {
      store<u32>(q, (g << 2) | 3);
      store<i32>(stackP + (<usize>top << 2), l);
      top++;
    } else if (c == 3) {
      if (i32At(stackP, top - 1) != l) return false;
      top--;
    }
  }
  return true;
}

/** The label of a boundary entry: ~label, or a slot among `labelled` (open ends with a label); else -1. */
@inline
function pointLabel(entry: i32, labelled: u32): i32 {
  if (entry < 0) return ~entry;
  if (((labelled >> <u32>entry) & 1) == 0) return -1;
  return ((w(entry) >> 1) - 1) >> 1;
}

/** A stamp for planarOk's marks, new on every call (the marks are cleared when the stamps wrap). */
function nextStamp(): u32 {
  if (++stamp >= 0x3fffffff) {
    memory.fill(markP, 0, <usize>MARKS << 2);
    memory.fill(fragStampP, 0, <usize>(SL + 2) << 2);
    stamp = 1;
  }
  return stamp;
}

/** Runs the implied steps from step i on; the level of the next free step, 0 (reject) or -1 (accept). */
function advance(i: i32): i32 {
  for (; i < STEPS; i++) {
    const x = i32At(stepP, i);
    enter(i);
    if (((x >> 16) & 255) == MODE_FREE) {
      if (canTake(x & 255, (x >> 8) & 255)) break;
      if (!step(i, 0)) return 0;
    } else if (!step(i, impliedTake(x))) {
      return 0;
    }
  }
  if (i > 0) {
    if (HAS_PEND && !pendingOk(i - 1)) return 0;
    if (HAS_CAP && !capacityOk(i - 1)) return 0;
  }
  if (HAS_BOUND && i < STEPS && !planarOk(i)) return 0;
  return i < STEPS ? i32At(levelOfStepP, i) : -1;
}

/** Renumbers the fragments without an endpoint by their first slot (NumberlinkSpec.normalize). */
function normalize(): void {
  // The slots of fragments without an endpoint (key >= BASE), four slots a vector: most states
  // have few, already in order.
  const base = i32x4.splat(BASE);
  let free: u32 = 0;
  for (let j = 0; j < SL; j += 4) {
    free |= (<u32>i32x4.bitmask(i32x4.ge_s(i32x4.shr_s(v128.load(scratch + (<usize>j << 2)), 1), base))) << <u32>j;
  }
  free &= SLOTS;
  let seen: u64 = 0;
  let next = BASE;
  let inOrder = true;
  while (free != 0) {
    const k = w(lowSlot(free)) >> 1;
    free &= free - 1;
    const bit = (<u64>1) << <u64>(k - BASE);
    if ((seen & bit) != 0) continue;
    if (k != next) { inOrder = false; break; }
    seen |= bit;
    next++;
  }
  if (inOrder) return;
  memory.fill(remapP, 0, 4 * 40);
  let fresh = BASE;
  for (let j = 0; j < SL; j++) {
    const x = w(j);
    if (x <= 0 || (x >> 1) < BASE) continue;
    const r = <usize>((x >> 1) - BASE) << 2;
    let m = load<i32>(remapP + r);
    if (m == 0) {
      m = fresh++;
      store<i32>(remapP + r, m);
    }
    setW(j, (m << 1) | (x & 1));
  }
  if (!CANON) return;
  for (let t = 0; t <= SL; t++) {
    const g = ghostAt(t);
    if (g != 0 && (g & 1) == 0 && g >> 4 >= BASE) setGhostAt(t, (load<i32>(remapP + (<usize>((g >> 4) - BASE) << 2)) << 4) | (g & 15));
  }
}

/** child(state in scratch, level, take): a level, 0 (reject) or -1 (accept). */
function child(level: i32, t: i32): i32 {
  const i = i32At(stepOfLevelP, level);
  const x = i32At(stepP, i);
  if (t == 0) {
    const left = i32At(leftP, i);
    if (need(w(x & 255)) > ((left << 24) >> 24) || need(w((x >> 8) & 255)) > ((left << 16) >> 24)) return 0;
  }
  if (!step(i, t)) return 0;
  const r = advance(i + 1);
  if (r > 0) normalize();
  return r;
}

/** The root: its level (> 0), or 0 when the family is empty at once (-1: accepted at once, not built here). */
export function start(): i32 {
  memory.fill(scratch, 0, <usize>(FULL << 2));
  const r = advance(0);
  if (r <= 0) return r;
  normalize();
  return pushRoot(r) ? r : 0;
}
