// AssemblyScript (compiled to WebAssembly by scripts/build-wasm.mjs; not part of the TypeScript
// project). The Simpath specs of ../specs/simpath.ts as a compiled kernel: their root and `child`
// on the builder of lib/levels.ts (the level-wise build, the reduction and the exact count).

import { childOf, i32At, levelsSetup, pushRoot, scratch } from './lib/levels';
export {
  reserve, merge, expand, reduceStart, reduceLevel, storeLo, storeHi, levelStarts, rootResidues, heldBytes, levelWords,
  status, needBytes, needWhat, created, maxWidth, acceptTotal, size, rootId,
} from './lib/levels';

const DONE: u32 = 255;
const U_LAST: i32 = 1, V_LAST: i32 = 2, U_NEXT_LAST: i32 = 4, V_NEXT_LAST: i32 = 8, LOOP: i32 = 16;

// ---- configuration ----
let SL: i32 = 0; // frontier slots (bytes per state used)
let M: i32 = 0; // real edges = levels
let SHIFT: i32 = 0; // plan steps before the real edges (1: the virtual s-t edge)
let STEPS: i32 = 0;
let HAM: bool = false;
let LAST_ENTRY: i32 = 0;
let infoP: usize = 0; // i32 per step: slot u | slot v << 8 | flags << 16
let occStartP: usize = 0; // i32 per step + 1 (Hamiltonian closing checks)
let occSlotP: usize = 0;

// ---- input ----

/** Sets the build up; returns the address where JS writes info (steps), occStart (steps + 1), occSlot (occ). */
export function setup(m: i32, shift: i32, slots: i32, ham: i32, lastEntry: i32, occ: i32, nodes: f64, bytes: f64): usize {
  M = m; SHIFT = shift; STEPS = m + shift; SL = slots;
  HAM = ham != 0; LAST_ENTRY = lastEntry;
  levelsSetup(m, (slots + 3) >> 2, nodes, bytes);
  childOf = child;
  const inputBytes = (STEPS + STEPS + 1 + max(occ, 1)) << 2;
  const input = heap.alloc(<usize>inputBytes);
  infoP = input;
  occStartP = input + (<usize>STEPS << 2);
  occSlotP = occStartP + (<usize>(STEPS + 1) << 2);
  return input;
}

// ---- the Simpath spec (as MateSpec in ../specs/simpath.ts) ----

@inline function mate(k: i32): u32 { return <u32>load<u8>(scratch + <usize>k); }
@inline function setMate(k: i32, v: u32): void { store<u8>(scratch + <usize>k, <u8>v); }

function canClose(i: i32, su: i32, sv: i32): bool {
  for (let k = 0; k < SL; k++) {
    if (k == su || k == sv) continue;
    const x = mate(k);
    if (x != 0 && x != DONE) return false;
  }
  if (HAM) {
    if (i < LAST_ENTRY) return false;
    const e = i32At(occStartP, i + 1);
    for (let p = i32At(occStartP, i); p < e; p++) {
      const k = i32At(occSlotP, p);
      if (k != su && k != sv && mate(k) != DONE) return false;
    }
  }
  return true;
}

@inline function takable(i: i32, x: i32): bool {
  const su = x & 255, sv = (x >> 8) & 255, f = x >> 16;
  const mu = mate(su), mv = mate(sv);
  if (mu == DONE || mv == DONE || (f & LOOP) != 0) return false;
  if ((mu == 0 && (f & U_LAST) != 0) || (mv == 0 && (f & V_LAST) != 0)) return false;
  if (mu != 0 && <i32>mu - 1 == sv) return canClose(i, su, sv);
  return true;
}

function settle(k: i32, last: bool): bool {
  const x = mate(k);
  if (last) {
    if (x != DONE && (x != 0 || HAM)) return false;
    setMate(k, 0);
  } else if (x == 0) {
    if (HAM) return false;
    setMate(k, DONE);
  }
  return true;
}

@inline function skip(x: i32): bool {
  const f = x >> 16;
  if ((f & (U_LAST | U_NEXT_LAST)) != 0 && !settle(x & 255, (f & U_LAST) != 0)) return false;
  if ((f & (V_LAST | V_NEXT_LAST)) != 0 && !settle((x >> 8) & 255, (f & V_LAST) != 0)) return false;
  return true;
}

/** The level of the first takable step from i, deciding the others 0; 0 = reject. */
function next(i: i32): i32 {
  for (; i < STEPS; i++) {
    const x = i32At(infoP, i);
    if (takable(i, x)) return M - i + SHIFT;
    if ((x >> 16) != 0 && !skip(x)) return 0;
  }
  return 0;
}

/**
 * Takes the edge of step i: 1 continue, 2 a cycle closed (accept). Every state at a level came
 * from `next`, which found its edge takable: no check again (a closing edge closes cleanly).
 */
function takeEdge(i: i32): i32 {
  const x = i32At(infoP, i);
  const su = x & 255, sv = (x >> 8) & 255, f = x >> 16;
  const mu = mate(su), mv = mate(sv);
  if (mu != 0 && <i32>mu - 1 == sv) return 2;
  const pu = mu != 0 ? <i32>mu - 1 : su;
  const pv = mv != 0 ? <i32>mv - 1 : sv;
  setMate(pu, <u32>(pv + 1));
  setMate(pv, <u32>(pu + 1));
  if (mu != 0) setMate(su, DONE);
  if (mv != 0) setMate(sv, DONE);
  if ((f & U_LAST) != 0) setMate(su, 0);
  if ((f & V_LAST) != 0) setMate(sv, 0);
  return 1;
}

/** child(state in scratch, level, take): a level, 0 (reject) or -1 (accept). */
function child(level: i32, t: i32): i32 {
  const i = M - level + SHIFT;
  if (t != 0) {
    if (takeEdge(i) != 1) return -1;
  } else {
    const x = i32At(infoP, i);
    if ((x >> 16) != 0 && !skip(x)) return 0;
  }
  return next(i + 1);
}

// ---- build ----

/** The root: its level (> 0), or 0 when the family is empty at once. */
export function start(): i32 {
  memory.fill(scratch, 0, <usize>(((SL + 3) >> 2) << 2));
  // The virtual s-t edge of a path spec (s != t: it closes nothing; not takable when s or t has no edge).
  if (SHIFT == 1 && (!takable(0, i32At(infoP, 0)) || takeEdge(0) != 1)) return 0;
  const r = next(SHIFT);
  if (r <= 0) return 0;
  return pushRoot(r) ? r : 0;
}
