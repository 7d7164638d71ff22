/**
 * The compiled builder: a spec's family built by WebAssembly instead of calls to the spec's
 * `child`. A kernel is an AssemblyScript program (compiled by scripts/build-wasm.mjs) made of a
 * spec's root and `child` on the shared level-wise builder (wasm/lib/levels.ts): the engine's
 * Simpath specs (wasm/simpath.ts) and a genre's own (numberlink/wasm/). Same states level by
 * level, same reduced diagram, and the exact count on the way (residues carried through the
 * reduction, so counting needs no pass of its own). buildZdd picks it for a spec that carries a
 * `kernel` description when the build needs nothing only the generic builder does; the tests
 * build every family both ways.
 *
 * Why compiled: the level loop and the spec's moves are small integer operations on bytes; in
 * JavaScript each typed-array access costs several checks, and all cycles of the 12x12 grid took
 * 2.6 times TdZdd's CPU time (C++), against about 1x compiled. Where it saves memory: the waiting
 * states are merged only when their level comes (one hash table at a time), and the reduced
 * diagram is written into the words that held the child references (see wasm/lib/levels.ts), so
 * the diagram costs no memory beyond the build's and the count none at all.
 *
 * Limits as in build.ts: nodes (checked as each level's states are merged), time and cancellation
 * (between levels and every 65,536 states), and the byte budget, which the kernel counts itself
 * (every block it holds, and 8 bytes a state for the child references).
 */
import simpathBytes from './wasm/simpath.wasm';
import type { Guard } from './build.js';
import { StopError, type Progress } from './control.js';
import { garner, NodeStore, nextPrimeBelow, PRIMES, Zdd } from './zdd.js';
import { collectGarbage } from './collect.js';

/** A spec described for a compiled kernel (see the module comment). */
export interface Kernel {
  /** The kernel's WebAssembly bytes (an empty array when it was not built). */
  readonly bytes: Uint8Array;
  /** Its source, for messages. */
  readonly source: string;
  /** Levels of the family (the spec's top level). */
  readonly m: number;
  /** The family is empty whatever the states. */
  readonly empty: boolean;
  /**
   * Calls the kernel's own setup export (which sets the shared builder up for `maxNodes` and
   * `maxBytes`) and writes the spec's tables into its memory.
   */
  init(exports: KernelExports, maxNodes: number, maxBytes: number): void;
}

/** The shared builder's exports (wasm/lib/levels.ts), the kernel's `start`, and whatever else it exports. */
export interface KernelExports {
  memory: { buffer: ArrayBuffer };
  [name: string]: unknown;
  reserve(words: number): number;
  /** The root (the kernel's): its level, 0 when the family is empty at once, -1 when it is {∅}. */
  start(): number;
  merge(level: number): number;
  expand(level: number, j0: number, j1: number): number;
  reduceStart(k: number): number;
  reduceLevel(level: number): number;
  storeLo(): number;
  storeHi(): number;
  levelStarts(): number;
  rootResidues(): number;
  heldBytes(): number;
  status: Global;
  needBytes: Global;
  needWhat: Global;
  created: Global;
  maxWidth: Global;
  acceptTotal: Global;
  size: Global;
  rootId: Global;
}

/** A Simpath spec (specs/simpath.ts) for its kernel: its per-step words and Hamiltonian tables. */
export interface SimpathTables {
  /** Per plan step: slot of one end | slot of the other << 8 | flags << 16 (see specs/simpath.ts). */
  info: Int32Array;
  /** Real edges (levels). */
  m: number;
  /** Plan steps before the real edges (1: the virtual s-t edge of a path spec). */
  shift: number;
  /** Frontier slots. */
  slots: number;
  hamiltonian: boolean;
  lastEntry: number;
  occStart: Int32Array;
  occSlot: Int32Array;
  /** The family is empty whatever the states (no edges; a Hamiltonian spec with an isolated vertex). */
  empty: boolean;
}

/** The Simpath kernel (wasm/simpath.ts) for these tables. */
export function simpathKernel(k: SimpathTables): Kernel {
  return {
    bytes: simpathBytes, source: 'zdd/wasm/simpath.ts', m: k.m, empty: k.empty,
    init(x, maxNodes, maxBytes) {
      const setup = x.setup as (m: number, shift: number, slots: number, ham: number, lastEntry: number, occ: number, nodes: number, bytes: number) => number;
      const steps = k.m + k.shift;
      const input = setup(k.m, k.shift, k.slots, k.hamiltonian ? 1 : 0, k.lastEntry, k.occSlot.length, maxNodes, maxBytes);
      const mem32 = new Int32Array(x.memory.buffer);
      mem32.set(k.info, input >> 2);
      mem32.set(k.occStart, (input >> 2) + steps);
      mem32.set(k.occSlot, (input >> 2) + 2 * steps + 1);
    },
  };
}

/** The part of the WebAssembly API used here (the project's lib settings leave it untyped). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
  RuntimeError: new () => Error;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

type Global = { value: number };

const compiled = new WeakMap<Uint8Array, object | null>();

/** The compiled module of these bytes, or null when they are missing (not built) or cannot be compiled. */
function kernelModule(bytes: Uint8Array): object | null {
  let mod = compiled.get(bytes);
  if (mod === undefined) {
    mod = null;
    try {
      mod = bytes instanceof Uint8Array && bytes.length > 0 ? new wasm.Module(bytes) : null;
    } catch {
      // Left null: the generic builder serves.
    }
    compiled.set(bytes, mod);
  }
  return mod;
}

/** Whether the kernel (default: the Simpath one) can run, its module built; else buildZdd uses the spec's `child`. */
export function kernelAvailable(k?: Kernel): boolean {
  return kernelModule(k?.bytes ?? simpathBytes) !== null;
}

/** States between two checks of time and cancellation inside a level. */
const CHUNK = 1 << 16;
/** Most words one region may reserve (two regions: 2 GB of the 4 GB a WebAssembly memory has). */
const MAX_REGION_WORDS = 2 ** 26;
const NEEDERS = ['', 'the waiting states of a level', "a level's hash table", 'the child references of a level', 'the reduction', ''];

export interface KernelResult {
  zdd: Zdd;
  nodesCreated: number;
  maxLevelWidth: number;
  levels: number;
  reducedNodes: number;
}

/**
 * A kernel's memory past this size is handed back at once when its build ends (collect.ts): the
 * full collection costs milliseconds, the build that grew it seconds.
 */
const RETURN_MEMORY_BYTES = 64 * 2 ** 20;

/**
 * Builds the kernel's family under the guard's limits (its stops throw StopError as the generic
 * builder's do). The instance and its memory are gone when this returns (the diagram is copied
 * out where the memory is mostly the build's scratch), and a large memory is collected then.
 */
export function runKernel(k: Kernel, guard: Guard, onProgress: ((p: Progress) => void) | undefined, isCancelled: (() => boolean) | undefined): KernelResult {
  const grown = { bytes: 0 };
  try {
    return buildOnKernel(k, guard, onProgress, isCancelled, grown);
  } catch (e) {
    // A stop thrown inside keeps, in its stack trace, the closures that hold the instance: the
    // caller may keep the stop for a while (solve.ts compiledWithin), so it gets a new one.
    if (e instanceof StopError) throw new StopError(e.stopped);
    throw e;
  } finally {
    // Here, not inside, so that no frame still holds the instance.
    if (grown.bytes >= RETURN_MEMORY_BYTES) collectGarbage();
  }
}

function buildOnKernel(
  k: Kernel, guard: Guard, onProgress: ((p: Progress) => void) | undefined, isCancelled: (() => boolean) | undefined, grown: { bytes: number },
): KernelResult {
  const mod = kernelModule(k.bytes);
  if (mod === null) throw new Error('the compiled builder is not available (run npm run build)');
  if (k.empty) return { zdd: new Zdd(new NodeStore(4), 0, 0, 0n), nodesCreated: 0, maxLevelWidth: 0, levels: 0, reducedNodes: 0 };
  const inst = new wasm.Instance(mod, {
    env: {
      abort: (_m: number, _f: number, line: number, col: number) => {
        throw new Error(`compiled builder aborted (${k.source} ${line}:${col})`);
      },
    },
  });
  const x = inst.exports as unknown as KernelExports;
  let level = guard.top;
  let regionStates = 0;
  /** A stop at the kernel's own bounds (its address space), which are not the build's byte budget. */
  const ownLimit = (what: string): never => {
    const top = guard.top, created = guard.created;
    throw new StopError({
      limit: 'memory',
      message: `undecided: stopped at the memory limit (the compiled builder ${what}) after ${created} nodes at level ${top - level + 1} of ${top}`,
      nodes: created,
      progress: Math.max(0, Math.min(1, (top - level) / top)),
    });
  };
  const stopped = (): never => {
    guard.created = x.created.value;
    const s = x.status.value;
    if (s === 1) guard.stop('nodes', level);
    // Not the byte budget: the regions' own bound (address space), named as such.
    if (x.needWhat.value === 5) ownLimit(`holds at most ${regionStates} states`);
    const need = x.needBytes.value;
    guard.bytes = x.heldBytes() + need;
    guard.pending = need;
    guard.needer = NEEDERS[x.needWhat.value] ?? 'the compiled builder';
    guard.stop('memory', level);
  };
  try {
    const maxBytes = Number.isFinite(guard.maxBytes) ? guard.maxBytes : 2 ** 53;
    k.init(x, guard.maxNodes, maxBytes);
    // Address space for the child references: as many states as the limits allow (pages are
    // only used as they are written).
    let words = Math.min(MAX_REGION_WORDS, Math.floor(Math.min(guard.maxNodes + 1, maxBytes / 8)) + 2);
    while (x.reserve(words) === 0) {
      words = Math.floor(words / 2);
      if (words < 1024) throw new RangeError('no address space for the compiled builder');
    }
    regionStates = words - 2;

    const top = x.start();
    if (top <= 0) {
      if ((x.status.value) !== 0) stopped();
      // 0: the family is empty; -1: the root accepts at once (every step implied), {∅}.
      return { zdd: new Zdd(new NodeStore(4), top < 0 ? 1 : 0, 0, top < 0 ? 1n : 0n), nodesCreated: 0, maxLevelWidth: 0, levels: 0, reducedNodes: 0 };
    }
    for (level = top; level >= 1; level--) {
      guard.created = x.created.value;
      guard.check(level);
      if (onProgress) onProgress({ done: top - level, total: top, nodes: guard.created, phase: 'build' });
      const n = x.merge(level);
      if (n < 0) stopped();
      for (let j = 0; j < n; j += CHUNK) {
        if (j > 0) {
          guard.created = x.created.value;
          guard.check(level);
        }
        if (x.expand(level, j, Math.min(n, j + CHUNK)) < 0) stopped();
      }
    }
    const created = x.created.value;
    guard.created = created;
    if (onProgress) onProgress({ done: top, total: top, nodes: created, phase: 'reduce' });

    // Count primes for the family's size, estimated by the forward counts (floats) the kernel
    // summed at the 1-terminal: the residues of the root then give it exactly. Past the range of
    // floats: no count here (Zdd.count() counts the diagram).
    const total = x.acceptTotal.value;
    const kp = !Number.isFinite(total) ? 0 : Math.max(1, Math.ceil((Math.ceil(Math.log2(Math.max(total, 1))) + 2) / 29));
    const primes: number[] = [];
    for (let i = 0; i < kp; i++) primes.push(i < PRIMES.length ? PRIMES[i] : nextPrimeBelow(primes[primes.length - 1]));
    const pp = x.reduceStart(kp);
    new Int32Array(x.memory.buffer).set(primes, pp >> 2);
    for (level = 1; level <= k.m; level++) {
      if ((level & 63) === 0 && isCancelled && isCancelled()) guard.stop('cancelled', 1);
      if (x.reduceLevel(level) < 0) stopped();
    }
    const buf = x.memory.buffer;
    const size = x.size.value;
    // Views keep the whole memory alive as long as the diagram lives: copies, unless the diagram
    // is most of what the build holds.
    const copy = x.heldBytes() > 2 * 8 * size;
    const view = (at: number) => (copy ? new Int32Array(buf, at, size).slice() : new Int32Array(buf, at, size));
    const lo = view(x.storeLo());
    const hi = view(x.storeHi());
    const levelStart = new Int32Array(buf, x.levelStarts(), k.m + 2).slice();
    let count: bigint | undefined;
    if (kp > 0) count = garner(Array.from(new Uint32Array(buf, x.rootResidues(), kp)), primes);
    const zdd = new Zdd(NodeStore.fromLevelRuns(lo, hi, size, levelStart), x.rootId.value, top, count);
    return { zdd, nodesCreated: created, maxLevelWidth: x.maxWidth.value, levels: top, reducedNodes: size - 2 };
  } catch (e) {
    // A trap: the memory could not grow (a WebAssembly memory holds at most 4 GB).
    if (e instanceof wasm.RuntimeError || e instanceof RangeError) {
      guard.created = x.created.value;
      ownLimit('has filled its memory (4 GB at most)');
    }
    throw e;
  } finally {
    // The memory touched (its size counts address space never used).
    grown.bytes = x.heldBytes();
  }
}
