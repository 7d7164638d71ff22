// AssemblyScript (compiled to WebAssembly by scripts/build-wasm.mjs; not part of the TypeScript
// project). The Numberlink path-matching spec of ../spec.ts, for rules without notouch, as a
// compiled kernel on the engine's level-wise builder (../../zdd/wasm/lib/levels.ts): the same
// states, levels and diagram as NumberlinkSpec's `child` and `normalize` (the tests compare the
// two builds), at compiled speed. ../kernel.ts gives it the spec's tables.
//
// State: one byte per frontier slot (NumberlinkSpec's word): 0 unused or vacant, FULL (its -1),
// key << 1 | 1 an open end. Keys stay below 128 (../kernel.ts checks).

import { childOf, i32At, levelsSetup, pushRoot, scratch, W } from '../../zdd/wasm/lib/levels';
export {
  reserve, merge, expand, reduceStart, reduceLevel, storeLo, storeHi, levelStarts, rootResidues, heldBytes, levelWords,
  status, needBytes, needWhat, created, maxWidth, acceptTotal, size, rootId,
} from '../../zdd/wasm/lib/levels';

const FULL: u32 = 255;
const MODE_FREE: i32 = 0, MODE_FIXED0: i32 = 1, MODE_FIXED1: i32 = 2, MODE_BY_U: i32 = 3;

// ---- configuration ----
let STEPS: i32 = 0; // plan steps (graph edges)
let LEVELS: i32 = 0;
let SL: i32 = 0; // frontier slots
let FILL: bool = false;
let BASE: u32 = 0; // first key of fragments without an endpoint
let HAS_CAP: bool = false;

// Per step (STEPS): slot u | slot v << 8 | mode << 16; leftU | leftV << 8; level (0 if implied).
let stepP: usize = 0, leftP: usize = 0, levelOfStepP: usize = 0;
let stepOfLevelP: usize = 0; // LEVELS + 1
let enterStartP: usize = 0, enterP: usize = 0; // CSR: slot | word << 8
let leaveStartP: usize = 0, leaveP: usize = 0; // CSR: slot
// Capacity lookahead (NumberlinkSpec's CapacityTable).
let groupStartP: usize = 0, groupSlotP: usize = 0, groupFreeP: usize = 0, entryStartP: usize = 0, otherP: usize = 0;
/** normalize's table: new key (1-based) of each old free key. */
let remapP: usize = 0;
/** A free key was made, renamed or lost a slot since the state was normal: normalize has work. */
let dirty: bool = false;

@inline function w(k: i32): u32 { return <u32>load<u8>(scratch + <usize>k); }
@inline function setW(k: i32, v: u32): void { store<u8>(scratch + <usize>k, <u8>v); }
@inline function isOpen(x: u32): bool { return (x & 1) != 0 && x != FULL; }
/** The label of a key (keys below BASE hold an endpoint), or -1. */
@inline function labelOf(k: u32): i32 { return k != 0 && k < BASE ? <i32>((k - 1) >> 1) : -1; }

/**
 * Sets the build up; returns the address of the input block, where JS writes, in this order:
 * step (STEPS), left (STEPS), levelOfStep (STEPS), stepOfLevel (LEVELS + 1), enterStart (STEPS + 1),
 * enter (nEnter), leaveStart (STEPS + 1), leave (nLeave), groupStart (STEPS + 1), groupSlot,
 * groupFree (nGroup each), entryStart (nGroup + 1), other (nOther).
 */
export function setup(
  steps: i32, levels: i32, slots: i32, fill: i32, base: i32,
  nEnter: i32, nLeave: i32, nGroup: i32, nOther: i32, hasCap: i32, nodes: f64, bytes: f64,
): usize {
  STEPS = steps; LEVELS = levels; SL = slots; FILL = fill != 0; BASE = <u32>base; HAS_CAP = hasCap != 0;
  levelsSetup(levels, (slots + 3) >> 2, nodes, bytes);
  childOf = child;
  const words = 3 * steps + levels + 1 + (steps + 1) + nEnter + (steps + 1) + nLeave + (steps + 1) + 2 * nGroup + nGroup + 1 + nOther;
  remapP = heap.alloc(64);
  const input = heap.alloc(<usize>max(words, 1) << 2);
  let a = input;
  stepP = a; a += <usize>steps << 2;
  leftP = a; a += <usize>steps << 2;
  levelOfStepP = a; a += <usize>steps << 2;
  stepOfLevelP = a; a += <usize>(levels + 1) << 2;
  enterStartP = a; a += <usize>(steps + 1) << 2;
  enterP = a; a += <usize>nEnter << 2;
  leaveStartP = a; a += <usize>(steps + 1) << 2;
  leaveP = a; a += <usize>nLeave << 2;
  groupStartP = a; a += <usize>(steps + 1) << 2;
  groupSlotP = a; a += <usize>nGroup << 2;
  groupFreeP = a; a += <usize>nGroup << 2;
  entryStartP = a; a += <usize>(nGroup + 1) << 2;
  otherP = a;
  return input;
}

// ---- the spec (as NumberlinkSpec without notouch) ----

/** Writes the words of the cells entering at step i. */
@inline function enter(i: i32): void {
  const e = i32At(enterStartP, i + 1);
  for (let p = i32At(enterStartP, i); p < e; p++) {
    const x = i32At(enterP, p);
    setW(x & 255, <u32>(x >> 8));
  }
}

/** Edges a cell with word x still needs: 1 for an open end, 2 for an unused cell under fill. */
@inline function need(x: u32): i32 { return x == 0 ? (FILL ? 2 : 0) : isOpen(x) ? 1 : 0; }

/** The smallest key of a fragment without an endpoint that no slot uses. */
function freshKey(): u32 {
  let used: u64 = 0;
  for (let j = 0; j < SL; j++) {
    const x = w(j);
    if (isOpen(x) && (x >> 1) >= BASE) used |= (<u64>1) << <u64>((x >> 1) - BASE);
  }
  return BASE + <u32>ctz(~used);
}

/** Takes the edge between slots a and b; false when that is illegal. */
function join(a: i32, b: i32): bool {
  const wa = w(a), wb = w(b);
  if (wa == FULL || wb == FULL) return false;
  const ka = wa >> 1, kb = wb >> 1;
  if (ka != 0 && ka == kb) return false; // would close a cycle
  const la = labelOf(ka), lb = labelOf(kb);
  if (la >= 0 && lb >= 0) {
    if (la != lb) return false; // two different labels
    // The two halves of one path meet: complete, nothing can join it again (labelled keys only:
    // the free keys keep their order).
    for (let j = 0; j < SL; j++) {
      const x = w(j);
      if (isOpen(x) && ((x >> 1) == ka || (x >> 1) == kb)) setW(j, FULL);
    }
    setW(a, FULL);
    setW(b, FULL);
    return true;
  }
  let r: u32;
  if (la >= 0) r = ka;
  else if (lb >= 0) r = kb;
  else if (ka != 0) r = ka;
  else if (kb != 0) r = kb;
  else r = freshKey();
  const other = r == ka ? kb : ka;
  if (r >= BASE || other >= BASE) dirty = true;
  if (other != 0) {
    for (let j = 0; j < SL; j++) {
      const x = w(j);
      if (isOpen(x) && (x >> 1) == other) setW(j, (r << 1) | 1);
    }
  }
  // Degree 0 -> open end; open end -> full.
  setW(a, wa == 0 ? (r << 1) | 1 : FULL);
  setW(b, wb == 0 ? (r << 1) | 1 : FULL);
  return true;
}

/** Whether `join` could accept the edge between slots a and b. */
@inline function canTake(a: i32, b: i32): bool {
  const wa = w(a), wb = w(b);
  if (wa == FULL || wb == FULL) return false;
  const ka = wa >> 1, kb = wb >> 1;
  if (ka != 0 && ka == kb) return false;
  const la = labelOf(ka), lb = labelOf(kb);
  return !(la >= 0 && lb >= 0 && la != lb);
}

/**
 * Step i with the given decision, its cells entered already: decide the edge, leave. False when
 * that is illegal.
 */
function step(i: i32, t: i32): bool {
  if (t != 0) {
    const x = i32At(stepP, i);
    if (!join(x & 255, (x >> 8) & 255)) return false;
  }
  const e = i32At(leaveStartP, i + 1);
  for (let p = i32At(leaveStartP, i); p < e; p++) {
    const sl = i32At(leaveP, p);
    const x = w(sl);
    if (x == 0) {
      if (FILL) return false;
    } else if (isOpen(x)) {
      return false; // an endpoint left unused or a path end left dangling
    }
    setW(sl, 0);
  }
  return true;
}

/** The decision at an implied step whose cells have entered (see NumberlinkSpec.impliedTake). */
@inline function impliedTake(x: i32): i32 {
  const mode = (x >> 16) & 255;
  if (mode == MODE_FIXED0) return 0;
  if (mode == MODE_FIXED1) return 1;
  return isOpen(w(mode == MODE_BY_U ? x & 255 : (x >> 8) & 255)) ? 1 : 0;
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
    const lx = labelOf(kx);
    const pEnd = i32At(entryStartP, g + 1);
    for (let p = i32At(entryStartP, g); p < pEnd; p++) {
      const o = i32At(otherP, p);
      if (o < 0) {
        // An endpoint not yet reached: usable unless it carries another label.
        if (lx < 0 || -2 - o == lx) got++;
      } else {
        const wy = w(o);
        if (wy == FULL) continue;
        const ky = wy >> 1;
        if (ky != 0) {
          if (ky == kx) continue;
          if (lx >= 0 && ky < BASE && labelOf(ky) != lx) continue;
        }
        got++;
      }
      if (got >= needed) break;
    }
    if (got < needed) {
      if (wx != 0 || FILL) return false;
      setW(x, FULL);
    }
  }
  return true;
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
  if (i > 0 && HAS_CAP && !capacityOk(i - 1)) return 0;
  return i < STEPS ? i32At(levelOfStepP, i) : -1;
}

/**
 * Renumbers the fragments without an endpoint by their first slot (NumberlinkSpec.normalize).
 * Called only when `dirty`: a state comes normal, and only `join` changes free keys (an open end
 * never leaves, and enter and the capacity check write no free key).
 */
function normalize(): void {
  // Usually the free keys already appear as BASE, BASE + 1, ... in slot order: nothing to do.
  let seen: u64 = 0;
  let next = BASE;
  let j = 0;
  for (; j < SL; j++) {
    const x = w(j);
    if (!isOpen(x) || (x >> 1) < BASE) continue;
    const k = x >> 1;
    const bit = (<u64>1) << <u64>(k - BASE);
    if ((seen & bit) != 0) continue;
    if (k != next) break;
    seen |= bit;
    next++;
  }
  if (j == SL) return;
  memory.fill(remapP, 0, 64);
  let fresh: u32 = 1;
  for (j = 0; j < SL; j++) {
    const x = w(j);
    if (!isOpen(x) || (x >> 1) < BASE) continue;
    const r = <usize>((x >> 1) - BASE);
    let m = <u32>load<u8>(remapP + r);
    if (m == 0) {
      m = fresh++;
      store<u8>(remapP + r, <u8>m);
    }
    setW(j, ((BASE + m - 1) << 1) | 1);
  }
}

/** child(state in scratch, level, take): a level, 0 (reject) or -1 (accept). */
function child(level: i32, t: i32): i32 {
  const i = i32At(stepOfLevelP, level);
  const x = i32At(stepP, i);
  // Leaving out an edge that one of its cells needs is hopeless (NumberlinkSpec.child).
  if (t == 0) {
    const left = i32At(leftP, i);
    if (need(w(x & 255)) > (left & 255) || need(w((x >> 8) & 255)) > ((left >> 8) & 255)) return 0;
  }
  dirty = false;
  if (!step(i, t)) return 0;
  const r = advance(i + 1);
  if (r > 0 && dirty) normalize();
  return r;
}

/** The root: its level (> 0), or 0 when the family is empty at once (-1: accepted at once, not built here). */
export function start(): i32 {
  memory.fill(scratch, 0, <usize>(W << 2));
  dirty = false;
  const r = advance(0);
  if (r <= 0) return r;
  if (dirty) normalize();
  return pushRoot(r) ? r : 0;
}
