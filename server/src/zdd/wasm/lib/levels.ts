// AssemblyScript (compiled into each kernel by scripts/build-wasm.mjs; not part of the TypeScript
// project). The level-wise builder, the reduction and the exact count that every compiled kernel
// shares: a kernel (wasm/simpath.ts, numberlink/wasm/numberlink.ts) supplies its spec's root and
// `child` on a state of W words at `scratch`, and JS (zdd/kernel.ts) runs the levels. The same
// states, level by level, as buildZdd with that spec's `child` (the tests compare the two), at
// the speed of compiled code.
//
// Memory (one linear memory, owned by one build):
//   heap     the allocator's (TLSF) blocks: the kernel's input arrays, the states waiting at each
//            level (appended as they are made, merged only when their level comes: one hash table
//            at a time, as TdZdd's builder does), the level being expanded, and during the
//            reduction the reduced ids and count residues of the levels still referred to;
//   regions  LO and HI, one word per state for its 0- and 1-child, filled from the top of each
//            region downwards as levels are made (so level 1 ends up lowest): the reduction, going
//            up from level 1, writes the reduced diagram's nodes into the same words, never past
//            the state it is reading (nodes <= states below it), so the diagram needs no memory
//            of its own; JS reads it in place.
// Every allocation is counted against the build's byte budget before it is made; a stop sets
// `status` and returns, and JS turns it into the build's StopError.

const SKIP_BITS: i32 = 4;
const FAR: i32 = 15;
const MAX_LEVEL_STATES: i32 = 1 << 27;

export const STOP_NODES: i32 = 1;
export const STOP_MEMORY: i32 = 2;

/** The spec's transition on the state at `scratch`: a level, 0 (reject) or -1 (accept). */
export let childOf: (level: i32, take: i32) => i32 = (level: i32, take: i32): i32 => 0;

/**
 * A kernel's own packing of its states (levelsPack): `packTo(dst)` writes the state at `scratch`
 * into W words at dst, `unpackFrom(src)` reads them back into scratch. Stored states are hashed,
 * compared and copied as W words, so a smaller packing means less memory traffic per state.
 */
let packTo: (dst: usize) => void = (dst: usize): void => {};
let unpackFrom: (src: usize) => void = (src: usize): void => {};
let PACKED: bool = false;

// ---- configuration ----
/** Words per stored state; the spec's state is at `scratch` (W words, or the kernel's own layout when packed). */
export let W: i32 = 0;
/** Most words of a scratch state (the widest kernel: notouch's 3 * 32 + 1). */
const SCRATCH_WORDS: i32 = 128;
/**
 * The state being worked on, at a fixed address (a constant in the compiled code, where a global
 * would be loaded at each access), with 32 bytes past it: a kernel may read or write its last
 * words as whole vectors (v128).
 */
export const scratch: usize = memory.data((SCRATCH_WORDS + 8) << 2, 16);
/** Packed kernels: the state unpacked once per expanded state, for its second child (SW words, a copy of scratch). */
let SW: i32 = 0;
const saved: usize = memory.data(SCRATCH_WORDS << 2, 16);
let M: i32 = 0; // levels

// ---- budget and status ----
let held: f64 = 0; // bytes held now (heap blocks asked for + region words used)
let regionBytes: f64 = 0; // the regions' address space (pages only used as they are written)
let heapTop: usize = 0; // the highest end of a heap block so far
let maxBytes: f64 = 0;
let maxNodes: f64 = 0;
export let status: i32 = 0;
export let needBytes: f64 = 0; // the allocation a memory stop refused
export let needWhat: i32 = 0; // 1 waiting states, 2 a level's table, 3 a level, 4 the reduction, 5 regions full
export let created: i32 = 0;
export let maxWidth: i32 = 0;
export let acceptTotal: f64 = 0; // forward count (float) of the family: sets to the 1-terminal

// ---- per level (index = level 0..M+1) ----
let pendP: usize = 0, pendN: usize = 0, pendCap: usize = 0; // waiting states (entries), i32 arrays
let nSt: usize = 0; // states of each level (after merging)
let offA: usize = 0; // region word index of each level's first state
let arenaA: usize = 0; // the merged states of a level, until expanded
let lastUse: usize = 0; // highest level with a child at each level
let redA: usize = 0, resA: usize = 0; // reduction: reduced ids, count residues
let levelStartA: usize = 0;

// ---- regions ----
let loBase: usize = 0, hiBase: usize = 0; // byte addresses
let regionWords: i32 = 0;
let fill: i32 = 0; // words of each region not yet used (levels take words from the top down)

// ---- children more than FAR levels down: slot address -> level ----
let farP: usize = 0, farCap: i32 = 0, farN: i32 = 0;

// ---- reduction ----
let K: i32 = 0; // count primes
let primesP: usize = 0;
let storeBase: i32 = 0; // region word index of node 0
export let size: i32 = 2; // reduced nodes, the terminals included
export let rootId: i32 = 0;
let rootLevel: i32 = 0;

@inline export function i32At(a: usize, i: i32): i32 { return load<i32>(a + (<usize>i << 2)); }
@inline export function setI32(a: usize, i: i32, v: i32): void { store<i32>(a + (<usize>i << 2), v); }
@inline function ptrAt(a: usize, i: i32): usize { return <usize>load<u32>(a + (<usize>i << 2)); }
@inline function setPtr(a: usize, i: i32, v: usize): void { store<u32>(a + (<usize>i << 2), <u32>v); }

/**
 * The memory in use: the heap up to its highest block (a freed block's pages stay with the
 * allocator, and fragmentation leaves gaps: 1.4 GB resident for 1 GB of blocks held on a 20x20
 * Numberlink), less the regions' address space, and the regions' words used. Not the memory's
 * size: the allocator grows it by doubling, pages it has not touched yet.
 */
function inUse(): f64 {
  const top = <f64>heapTop;
  const lo = <f64>loBase;
  const heapBytes = regionBytes == 0 || top <= lo ? top : lo + max(0, top - lo - regionBytes);
  return heapBytes + <f64>(regionWords - fill) * 8;
}

/** Notes a block's end for inUse. */
@inline function reached(p: usize, bytes: usize): void {
  if (p + bytes > heapTop) heapTop = p + bytes;
}

/** Sets the memory stop: `bytes` more for `what` did not fit. */
function refuse(bytes: f64, what: i32): void {
  status = STOP_MEMORY;
  needBytes = bytes;
  needWhat = what;
}

/**
 * A heap block of `bytes`, counted; 0 (and status set) when it would pass the budget, as blocks
 * held or as memory in use (a block past it is handed back untouched, its pages never resident).
 */
export function take(bytes: i32, what: i32): usize {
  const b = <f64>bytes;
  if (held + b > maxBytes || bytes > (1 << 30) - 64) {
    refuse(b, what);
    return 0;
  }
  const p = heap.alloc(<usize>max(bytes, 8));
  const top = heapTop;
  reached(p, <usize>bytes);
  if (inUse() > maxBytes) {
    heap.free(p);
    heapTop = top;
    refuse(b, what);
    return 0;
  }
  held += b;
  return p;
}

function give(p: usize, bytes: i32): void {
  if (p == 0) return;
  held -= <f64>bytes;
  heap.free(p);
}

function zeroed(bytes: i32, what: i32): usize {
  const p = take(bytes, what);
  if (p != 0) memory.fill(p, 0, <usize>bytes);
  return p;
}

/**
 * Sets the builder up for m levels and states of `words` words, under the node and byte limits
 * (the kernel's own setup calls it first). Returns false when the budget refuses even this.
 */
export function levelsSetup(m: i32, words: i32, nodes: f64, bytes: f64): bool {
  M = m; W = words;
  maxNodes = nodes; maxBytes = bytes;
  if (W > SCRATCH_WORDS) unreachable(); // wider than any kernel's state
  SW = (max(W, 1) + 3) & ~3;
  const per = (m + 2) << 2;
  pendP = zeroed(per * 11, 1);
  if (pendP == 0) return false;
  pendN = pendP + per; pendCap = pendN + per; nSt = pendCap + per; offA = nSt + per; arenaA = offA + per;
  lastUse = arenaA + per; redA = lastUse + per; resA = redA + per; levelStartA = resA + per;
  return true;
}

/**
 * After levelsSetup (whose `words` sized the scratch state): stored states take `words` words,
 * written by `pack` and read back by `unpack` (both on `scratch`). The mapping must be one to one
 * on the states the kernel makes, and `pack` must write every byte of its words.
 */
export function levelsPack(words: i32, pack: (dst: usize) => void, unpack: (src: usize) => void): void {
  W = words;
  packTo = pack;
  unpackFrom = unpack;
  PACKED = true;
}

/** Reserves the regions (address space only: pages are used as they are written). 0: no room. */
export function reserve(words: i32): i32 {
  regionWords = words;
  const bytes = <usize>words << 2;
  const pages = <i32>((bytes * 2 + 0xffff) >>> 16);
  const before = memory.grow(pages);
  if (before < 0) return 0;
  regionBytes = <f64>(<i64>pages << 16);
  loBase = <usize>before << 16;
  hiBase = loBase + bytes;
  fill = words;
  return 1;
}

// ---- waiting states ----
// Entry: f64 forward count, u32 address of the parent's child word, then the state (W words).

@inline function entryBytes(): i32 { return (12 + (W << 2) + 7) & ~7; }
@inline function arenaBytes(): i32 { return (8 + (W << 2) + 7) & ~7; }

/** W words' hash: four words a vector (four independent lanes, folded), the rest one at a time. */
function hashState(p: usize): u32 {
  let v = i32x4(0x7f4a7c15, 0x2545f491, 0x6c8e9cf5, 0x1b873593);
  const c = i32x4.splat(0x9e3779b1);
  const n = W & ~3;
  let k = 0;
  for (; k < n; k += 4) {
    v = i32x4.mul(v128.xor(v, v128.load(p + (<usize>k << 2))), c);
    v = v128.xor(v, i32x4.shr_u(v, 15));
  }
  let h: u32 = <u32>W;
  h = (h ^ <u32>i32x4.extract_lane(v, 0)) * 0x85ebca6b;
  h = (h ^ <u32>i32x4.extract_lane(v, 1)) * 0x85ebca6b;
  h = (h ^ <u32>i32x4.extract_lane(v, 2)) * 0x85ebca6b;
  h = (h ^ <u32>i32x4.extract_lane(v, 3)) * 0x85ebca6b;
  for (; k < W; k++) {
    h = (h ^ load<u32>(p + (<usize>k << 2))) * 0x9e3779b1;
    h ^= h >>> 15;
  }
  h = (h ^ (h >>> 13)) * 0x85ebca6b;
  return h ^ (h >>> 16);
}

/** Whether the W words at p and q are equal (four a vector, then one at a time). */
@inline function sameState(p: usize, q: usize): bool {
  const n = W & ~3;
  let k = 0;
  for (; k < n; k += 4) {
    if (v128.any_true(v128.xor(v128.load(p + (<usize>k << 2)), v128.load(q + (<usize>k << 2))))) return false;
  }
  for (; k < W; k++) if (load<u32>(p + (<usize>k << 2)) != load<u32>(q + (<usize>k << 2))) return false;
  return true;
}

/** Copies W words from src to dst (four a vector, then one at a time). */
@inline function copyState(dst: usize, src: usize): void {
  const n = W & ~3;
  let k = 0;
  for (; k < n; k += 4) v128.store(dst + (<usize>k << 2), v128.load(src + (<usize>k << 2)));
  for (; k < W; k++) store<u32>(dst + (<usize>k << 2), load<u32>(src + (<usize>k << 2)));
}

/** Appends the state in scratch to level r's waiting list. false: stopped (memory). */
function push(r: i32, slot: usize, f: f64): bool {
  const es = entryBytes();
  let n = i32At(pendN, r);
  let cap = i32At(pendCap, r);
  let list = ptrAt(pendP, r);
  if (n == cap) {
    const ncap = max(256, cap * 2);
    let nl: usize;
    if (list == 0) {
      nl = take(ncap * es, 1);
      if (nl == 0) return false;
    } else {
      // Grown in place where the allocator can (no copy of the list, no fresh pages for it).
      // The same budget checks as a fresh block's (take), the old block counted as held; in use,
      // as if it moved (it is copied then, so it cannot be handed back untouched).
      if (held + <f64>(ncap * es) > maxBytes || inUse() + <f64>(ncap * es) > maxBytes || ncap * es > (1 << 30) - 64) {
        refuse(<f64>(ncap * es), 1);
        return false;
      }
      held += <f64>((ncap - cap) * es);
      nl = heap.realloc(list, <usize>(ncap * es));
      reached(nl, <usize>(ncap * es));
    }
    list = nl;
    setPtr(pendP, r, nl);
    setI32(pendCap, r, ncap);
  }
  const q = list + <usize>n * es;
  store<f64>(q, f);
  store<u32>(q, <u32>slot, 8);
  if (PACKED) packTo(q + 12);
  else for (let k = 0; k < W; k++) store<u32>(q + 12 + (<usize>k << 2), load<u32>(scratch + (<usize>k << 2)));
  setI32(pendN, r, n + 1);
  return true;
}

// ---- build ----

/** The root, its state at `scratch` and its level r (> 0): the first waiting state. */
export function pushRoot(r: i32): bool {
  rootLevel = r;
  const rootSlot = take(8, 1);
  if (rootSlot == 0) return false;
  store<i32>(rootSlot, 0);
  return push(r, rootSlot, 1.0);
}

/** Waiting entries at level L (before merging). */
export function waiting(L: i32): i32 { return i32At(pendN, L); }

/**
 * Merges level L's waiting states: numbers the distinct ones, writes each parent's child word,
 * and takes the level's words in the regions. Returns the level's state count, or -1 (stopped).
 */
export function merge(L: i32): i32 {
  const np = i32At(pendN, L);
  if (np == 0) return 0;
  const list = ptrAt(pendP, L);
  const es = entryBytes(), as = arenaBytes();
  let tcap = 16;
  while (tcap < np * 2) tcap <<= 1;
  const table = zeroed(tcap << 2, 2);
  if (table == 0) return -1;
  const arena = take(np * as, 2);
  if (arena == 0) { give(table, tcap << 2); return -1; }
  const mask = <u32>(tcap - 1);
  let count = 0;
  for (let e = 0; e < np; e++) {
    const p = list + <usize>e * es;
    const s = p + 12;
    const h = hashState(s);
    const tag = h & ~mask;
    let i = h & mask;
    let id = -1;
    for (;;) {
      const t = load<u32>(table + (<usize>i << 2));
      if (t == 0) break;
      if ((t & ~mask) == tag) {
        const j = <i32>(t & mask) - 1;
        if (sameState(arena + <usize>j * as + 8, s)) { id = j; break; }
      }
      i = (i + 1) & mask;
    }
    const f = load<f64>(p);
    if (id < 0) {
      id = count++;
      const q = arena + <usize>id * as;
      store<f64>(q, f);
      copyState(q + 8, s);
      store<u32>(table + (<usize>i << 2), tag | <u32>(id + 1));
    } else {
      const q = arena + <usize>id * as;
      store<f64>(q, load<f64>(q) + f);
    }
    const slot = <usize>load<u32>(p, 8);
    store<i32>(slot, load<i32>(slot) | (id << SKIP_BITS));
  }
  give(table, tcap << 2);
  give(list, i32At(pendCap, L) * es);
  setPtr(pendP, L, 0); setI32(pendN, L, 0); setI32(pendCap, L, 0);
  created += count;
  if (<f64>created > maxNodes) { give(arena, np * as); status = STOP_NODES; return -1; }
  // The level's words in both regions (2 spare words stay at the bottom for the terminals).
  const over = held + <f64>count * 8 > maxBytes || inUse() + <f64>count * 8 > maxBytes;
  if (fill - count < 2 || count >= MAX_LEVEL_STATES || over) {
    give(arena, np * as);
    refuse(<f64>count * 8, over ? 3 : 5);
    return -1;
  }
  fill -= count;
  held += <f64>count * 8;
  setI32(offA, L, fill);
  setI32(nSt, L, count);
  setPtr(arenaA, L, arena);
  if (count > maxWidth) maxWidth = count;
  return count;
}

function farPut(slot: usize, level: i32): bool {
  if ((farN + 1) * 2 > farCap) {
    const ncap = max(64, farCap * 2);
    const nt = zeroed(ncap << 3, 1);
    if (nt == 0) return false;
    for (let i = 0; i < farCap; i++) {
      const k = load<u32>(farP + (<usize>i << 3));
      if (k == 0) continue;
      let j = (k * 0x9e3779b1 >>> 7) & <u32>(ncap - 1);
      while (load<u32>(nt + (<usize>j << 3)) != 0) j = (j + 1) & <u32>(ncap - 1);
      store<u32>(nt + (<usize>j << 3), k);
      store<i32>(nt + (<usize>j << 3), load<i32>(farP + (<usize>i << 3), 4), 4);
    }
    give(farP, farCap << 3);
    farP = nt;
    farCap = ncap;
  }
  let j = (<u32>slot * 0x9e3779b1 >>> 7) & <u32>(farCap - 1);
  while (load<u32>(farP + (<usize>j << 3)) != 0) j = (j + 1) & <u32>(farCap - 1);
  store<u32>(farP + (<usize>j << 3), <u32>slot);
  store<i32>(farP + (<usize>j << 3), level, 4);
  farN++;
  return true;
}

function farGet(slot: usize): i32 {
  let j = (<u32>slot * 0x9e3779b1 >>> 7) & <u32>(farCap - 1);
  while (load<u32>(farP + (<usize>j << 3)) != <u32>slot) j = (j + 1) & <u32>(farCap - 1);
  return load<i32>(farP + (<usize>j << 3), 4);
}

/** Copies `words` (a multiple of 4) words from src to dst, a vector at a time. */
@inline function copyVec(dst: usize, src: usize, words: i32): void {
  for (let k = 0; k < words; k += 4) v128.store(dst + (<usize>k << 2), v128.load(src + (<usize>k << 2)));
}

/** Expands states j0 .. j1 - 1 of level L (merged). 0, or -1 when stopped. */
export function expand(L: i32, j0: i32, j1: i32): i32 {
  const arena = ptrAt(arenaA, L);
  const as = arenaBytes();
  const off = <usize>i32At(offA, L) << 2;
  const lo = loBase + off, hi = hiBase + off;
  const bytes = W << 2;
  for (let j = j0; j < j1; j++) {
    const src = arena + <usize>j * as;
    const f = load<f64>(src);
    if (PACKED) {
      unpackFrom(src + 8);
      copyVec(saved, scratch, SW);
    }
    for (let t = 0; t < 2; t++) {
      if (PACKED) { if (t != 0) copyVec(scratch, saved, SW); }
      else for (let k = 0; k < bytes; k += 4) store<u32>(scratch + <usize>k, load<u32>(src + 8 + <usize>k));
      const r = childOf(L, t);
      const slot = (t != 0 ? hi : lo) + (<usize>j << 2);
      if (r == 0) store<i32>(slot, -1);
      else if (r < 0) { store<i32>(slot, -2); acceptTotal += f; }
      else {
        let d = L - 1 - r;
        if (d >= FAR) {
          if (!farPut(slot, r)) return -1;
          d = FAR;
        }
        store<i32>(slot, d);
        if (!push(r, slot, f)) return -1;
        if (i32At(lastUse, r) < L) setI32(lastUse, r, L);
      }
    }
  }
  if (j1 == i32At(nSt, L)) {
    give(arena, i32At(nSt, L) * as);
    setPtr(arenaA, L, 0);
  }
  return 0;
}

// ---- reduction and count ----

/** Prepares the reduction with k count primes (0: no count); returns where JS writes them. */
export function reduceStart(k: i32): usize {
  K = k;
  primesP = heap.alloc(<usize>max(k, 1) << 2);
  storeBase = fill - 2;
  size = 2;
  store<i32>(loBase + (<usize>storeBase << 2), 0);
  store<i32>(hiBase + (<usize>storeBase << 2), 0);
  store<i32>(loBase + (<usize>(storeBase + 1) << 2), 0);
  store<i32>(hiBase + (<usize>(storeBase + 1) << 2), 0);
  return primesP;
}

/** A reference's reduced id (refs to states: through the reduced ids of their level). */
@inline function refLevel(L: i32, x: i32, slot: usize): i32 {
  const d = x & FAR;
  return d != FAR ? L - 1 - d : farGet(slot);
}

/** Reduces level L (levels go upwards from 1). 0, or -1 when stopped (memory). */
export function reduceLevel(L: i32): i32 {
  setI32(levelStartA, L, size);
  const n = i32At(nSt, L);
  if (n == 0) return 0;
  if (<f64>n * <f64>(K + 1) * 4 > <f64>(1 << 30)) { status = STOP_MEMORY; needBytes = <f64>n * <f64>(K + 1) * 4; needWhat = 4; return -1; }
  const red = take(n << 2, 4);
  if (red == 0) return -1;
  const res = K > 0 ? take(n * K << 2, 4) : 0;
  if (K > 0 && res == 0) { give(red, n << 2); return -1; }
  let tcap = 16;
  while (tcap < n * 2) tcap <<= 1;
  const table = zeroed(tcap << 2, 4);
  if (table == 0) { give(red, n << 2); give(res, n * K << 2); return -1; }
  const mask = tcap - 1;
  const off = <usize>i32At(offA, L) << 2;
  const lo = loBase + off, hi = hiBase + off;
  const nLo = loBase + (<usize>storeBase << 2), nHi = hiBase + (<usize>storeBase << 2);
  for (let j = 0; j < n; j++) {
    const ls = lo + (<usize>j << 2), hs = hi + (<usize>j << 2);
    const x = load<i32>(ls), y = load<i32>(hs);
    let a: i32, b: i32;
    let ra: usize = 0, rb: usize = 0; // residues of the children (0: a terminal)
    if (x < 0) a = -1 - x;
    else {
      const lev = refLevel(L, x, ls), idx = x >> SKIP_BITS;
      a = i32At(ptrAt(redA, lev), idx);
      ra = ptrAt(resA, lev) + (<usize>(idx * K) << 2);
    }
    if (y < 0) b = -1 - y;
    else {
      const lev = refLevel(L, y, hs), idx = y >> SKIP_BITS;
      b = i32At(ptrAt(redA, lev), idx);
      rb = ptrAt(resA, lev) + (<usize>(idx * K) << 2);
    }
    if (K > 0) {
      const out = res + (<usize>(j * K) << 2);
      const ta: u32 = x == -2 ? 1 : 0, tb: u32 = y == -2 ? 1 : 0;
      for (let q = 0; q < K; q++) {
        const p = load<u32>(primesP + (<usize>q << 2));
        let s = (ra != 0 ? load<u32>(ra + (<usize>q << 2)) : ta) + (rb != 0 ? load<u32>(rb + (<usize>q << 2)) : tb);
        if (s >= p) s -= p;
        store<u32>(out + (<usize>q << 2), s);
      }
    }
    if (b == 0) { setI32(red, j, a); continue; }
    let h = <i32>((<u32>a * 0x9e3779b1) ^ (<u32>b * 0x85ebca77));
    h = (h ^ (h >>> 15)) & mask;
    let id = 0;
    for (;;) {
      const e = i32At(table, h);
      if (e == 0) break;
      if (i32At(nLo, e) == a && i32At(nHi, e) == b) { id = e; break; }
      h = (h + 1) & mask;
    }
    if (id == 0) {
      // Written at or below the state being read (nodes so far <= states so far).
      id = size++;
      setI32(nLo, id, a);
      setI32(nHi, id, b);
      setI32(table, h, id);
    }
    setI32(red, j, id);
  }
  give(table, tcap << 2);
  setPtr(redA, L, red);
  setPtr(resA, L, res);
  // Levels no level above L refers to are done with.
  if (L < rootLevel) {
    for (let r = 1; r < L; r++) {
      if (i32At(lastUse, r) == L && ptrAt(redA, r) != 0) {
        const m = i32At(nSt, r);
        give(ptrAt(redA, r), m << 2);
        give(ptrAt(resA, r), m * K << 2);
        setPtr(redA, r, 0);
        setPtr(resA, r, 0);
      }
    }
  } else {
    rootId = i32At(red, 0);
  }
  return 0;
}

/** After the last level: the node arrays' addresses, the first node of each level, the root's residues. */
export function storeLo(): usize { return loBase + (<usize>storeBase << 2); }
export function storeHi(): usize { return hiBase + (<usize>storeBase << 2); }
export function levelStarts(): usize { setI32(levelStartA, M + 1, size); return levelStartA; }
export function rootResidues(): usize { return ptrAt(resA, rootLevel); }
/** What the build holds, for a memory stop's message: its blocks, or the memory in use where gaps make that more. */
export function heldBytes(): f64 { return max(held, inUse()); }
export function levelWords(L: i32): i32 { return i32At(nSt, L); }
