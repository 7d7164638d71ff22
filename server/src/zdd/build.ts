/**
 * The level-wise ZDD builder (TdZdd's breadth-first construction) and the reduction.
 *
 * Top-down: the states of one level live in a growing Int32Array arena (`width` words each) with
 * an open-addressing hash table, so equal states merge. Processing a level copies each state to a
 * scratch slot, asks the spec for its 0- and 1-child, and inserts the children into the tables of
 * their levels. A level's table and arena are dropped once the level is processed; only its child
 * references stay (8 bytes per state; see LevelChildren).
 *
 * Bottom-up: zero-suppression reduction, level by level, merging equal (lo, hi) pairs, into the
 * node arrays of a `Zdd` (children before parents).
 *
 * Also here: limits (StopError), events (liveEvents), existsSet (stop at the first accepting
 * path), and resuming from stored levels (options.checkpointEvery / options.resume).
 */
import { ACCEPT, REJECT, type Spec } from './spec.js';
import { deadlineOf, resolveLimits, StopError, type RunControl, type StopLimit } from './control.js';
import { NodeStore, Zdd } from './zdd.js';
import { kernelAvailable, runKernel } from './kernel.js';

export interface BuildStats {
  ms: number;
  /** States created top-down (the unreduced diagram's nodes, root included). */
  nodesCreated: number;
  /** Most states on one level. */
  maxLevelWidth: number;
  /** The root level (number of variables). */
  levels: number;
  /** Decision nodes of the reduced diagram. */
  reducedNodes: number;
  /** The level a resumed build started from (0: built from the root). */
  resumedFrom: number;
  /** Built by the spec's compiled kernel (zdd/kernel.ts). */
  compiled?: boolean;
  /** Depth-first builds: how often the memo was emptied to stay within the byte budget. */
  memoFlushes?: number;
}

/**
 * The transitions that carried an event, as distinct (target, event) pairs: the reduced node the
 * transition leads to (0 when no accepting set continues from there, 1 for the accepting
 * terminal) and the event.
 */
export interface EventLog {
  node: Int32Array;
  event: Int32Array;
}

export interface BuildResult {
  zdd: Zdd;
  stats: BuildStats;
  events?: EventLog;
  /** With options.checkpointEvery: what a later build needs to resume (options.resume). */
  resume?: ResumeData;
}

/**
 * Events that lie on at least one accepting path: the transition carrying the event starts at a
 * state reachable from the root (every built state is) and ends in a state from which the
 * 1-terminal is reachable.
 */
export function liveEvents(result: BuildResult): Set<number> {
  const out = new Set<number>();
  const ev = result.events;
  if (!ev) throw new Error('liveEvents: the build did not record events (options.events)');
  for (let i = 0; i < ev.node.length; i++) if (ev.node[i] !== 0) out.add(ev.event[i]);
  return out;
}

/** States of one level: arena + hash table (freed once the level is processed); also depthFirst.ts's memo. */
export class LevelTable {
  arena: Int32Array;
  /**
   * Open addressing with one word per slot: local index + 1 in the low bits (those under `mask`,
   * which also pick the slot) and the rest of the state's hash above them as a tag, so a probe
   * reads the arena only when the tags agree. 0 = empty. Half the memory of [hash, index] pairs.
   */
  table: Int32Array;
  mask: number; // slots - 1; slots = 2 * cap
  cap: number; // states the arena holds
  count = 0;
  /** The guard that counts the bytes this table holds (null: not counted). */
  readonly acct: Guard | null;
  constructor(readonly width: number, sizeHint: number, acct: Guard | null = null) {
    let cap = 64;
    while (cap < sizeHint) cap *= 2;
    const spare = acct !== null ? takeSpare(acct, cap * width) : null;
    // Counted (and refused when it would pass the budget) before the allocation.
    if (acct !== null) acct.reserve((spare !== null ? 0 : Math.max(1, cap * width) * 4) + cap * 2 * 4);
    this.cap = cap;
    this.arena = spare ?? new Int32Array(Math.max(1, cap * width));
    this.table = new Int32Array(cap * 2);
    this.mask = cap * 2 - 1;
    this.acct = acct;
  }
}

/**
 * Arenas are recycled: the arena of a processed level becomes the spare (the largest one is kept,
 * still counted in the guard's bytes) that the next new or growing table takes instead of
 * allocating and zeroing a fresh one (an arena needs no zeroing: only counted states are read).
 * A spare too small for that table is dropped, so that growing levels (where no arena fits the
 * next one) hold no more memory than without recycling.
 */
function takeSpare(g: Guard, words: number): Int32Array | null {
  const a = g.spare;
  if (a === null) return null;
  g.spare = null;
  if (a.length >= words && words > 0) return a;
  g.bytes -= a.length * 4;
  return null;
}

function releaseArena(g: Guard, a: Int32Array): void {
  if (g.spare !== null && g.spare.length >= a.length) {
    g.bytes -= a.length * 4;
    return;
  }
  if (g.spare !== null) g.bytes -= g.spare.length * 4;
  g.spare = a;
}

/** The hash of the state s[off .. off + w) (also the depth-first search's, zdd/search.ts). */
export function hashState(s: Int32Array, off: number, w: number): number {
  let h = 0x7f4a7c15 ^ w;
  for (let k = 0; k < w; k++) {
    h = Math.imul(h ^ s[off + k], 0x9e3779b1);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 13), 0x85ebca6b);
  return h ^ (h >>> 16);
}

function growTable(t: LevelTable): void {
  const w = t.width;
  const cap = t.cap * 2;
  const g = t.acct;
  if (g !== null) {
    // Stop before the allocation that would pass the budget (a table doubles at once).
    g.mustFit((Math.max(1, cap * w) + cap * 2 - t.arena.length - t.table.length) * 4);
    g.bytes -= t.table.length * 4;
  }
  const spare = g !== null ? takeSpare(g, cap * w) : null;
  const arena = spare ?? new Int32Array(Math.max(1, cap * w));
  arena.set(t.arena.subarray(0, t.count * w));
  // The outgrown arena is dropped, not kept as a spare: the check above counted it as freed.
  if (g !== null) g.bytes += (spare === null ? arena.length : 0) * 4 - t.arena.length * 4;
  t.arena = arena;
  const table = new Int32Array(cap * 2);
  const mask = cap * 2 - 1;
  // The tags depend on the mask: rehash every state.
  for (let j = 0; j < t.count; j++) {
    const h = hashState(arena, j * w, w);
    let i = h & mask;
    while (table[i] !== 0) i = (i + 1) & mask;
    table[i] = (h & ~mask) | (j + 1);
  }
  t.table = table;
  t.mask = mask;
  t.cap = cap;
  if (g !== null) g.bytes += t.table.length * 4;
}

/** Finds or adds the state s[0 .. w) at this level: its local index if present, else ~(new index). */
export function findOrAdd(t: LevelTable, s: Int32Array, w: number): number {
  const h = hashState(s, 0, w);
  const table = t.table, mask = t.mask, arena = t.arena;
  const tag = h & ~mask;
  let i = h & mask;
  for (;;) {
    const e = table[i];
    if (e === 0) break;
    if ((e & ~mask) === tag) {
      const j = (e & mask) - 1;
      const base = j * w;
      let k = 0;
      while (k < w && arena[base + k] === s[k]) k++;
      if (k === w) return j;
    }
    i = (i + 1) & mask;
  }
  const j = t.count;
  if (j === t.cap) {
    growTable(t);
    return ~addNew(t, s, w, h);
  }
  const base = j * w;
  for (let k = 0; k < w; k++) arena[base + k] = s[k];
  table[i] = tag | (j + 1);
  t.count = j + 1;
  return ~j;
}

function addNew(t: LevelTable, s: Int32Array, w: number, h: number): number {
  const j = t.count;
  const base = j * w;
  for (let k = 0; k < w; k++) t.arena[base + k] = s[k];
  const table = t.table, mask = t.mask;
  let i = h & mask;
  while (table[i] !== 0) i = (i + 1) & mask;
  table[i] = (h & ~mask) | (j + 1);
  t.count = j + 1;
  return j;
}

/**
 * Child references of one processed level L: -1 (0-terminal), -2 (1-terminal), or a state of a
 * lower level in one word, (local index << SKIP_BITS) | d: the child's level is L - 1 - d, for d
 * below FAR; for d = FAR (rare: a child 15 or more levels down) `far` has it, keyed 2 * j + take.
 * One word a child whatever the spec skips (a level array beside them doubled the memory of
 * specs that look ahead).
 */
interface LevelChildren {
  lo: Int32Array;
  hi: Int32Array;
  far: Map<number, number> | null;
}

const SKIP_BITS = 4;
const SKIP_MASK = (1 << SKIP_BITS) - 1;
const FAR = SKIP_MASK;
/** Local indices must fit the bits above SKIP_BITS: a level holds fewer states. */
const MAX_LEVEL_STATES = 2 ** (31 - SKIP_BITS);

/** The level of the child reference x (>= 0) of state j's `take` child at level L. */
function refLevel(ch: LevelChildren, L: number, j: number, take: number, x: number): number {
  const d = x & SKIP_MASK;
  return d !== FAR ? L - 1 - d : ch.far!.get(2 * j + take)!;
}

const CHECK_MASK = 0xffff;
const EMPTY = new Int32Array(0); // check limits every 65536 states inside a level

/**
 * Limits state shared by the level loop (kept out of closures so hot variables stay in registers);
 * also the depth-first builder's (depthFirst.ts).
 */
export class Guard {
  created = 0;
  /**
   * Bytes held now: the level tables (arenas and hash tables) and the child references kept. Every
   * allocation is checked before it is made (reserve, mustFit), so it never passes maxBytes.
   */
  bytes = 0;
  /** The level being expanded (for messages from deep inside, e.g. a table that cannot grow). */
  level = 0;
  /** Bytes of the allocation refused at a memory stop (0 otherwise). */
  pending = 0;
  /** A processed level's arena kept for reuse (see takeSpare); its bytes stay counted. */
  spare: Int32Array | null = null;
  /** What the refused allocation was for, in the message of a memory stop. */
  needer = 'a level';
  constructor(
    readonly maxNodes: number,
    readonly timeMs: number,
    readonly deadline: number,
    readonly isCancelled: (() => boolean) | undefined,
    readonly top: number,
    readonly maxBytes: number = Infinity,
  ) {
    this.level = top;
  }
  /** Stops (limit 'memory') when `bytes` more would pass the budget. */
  mustFit(bytes: number): void {
    if (this.bytes + bytes > this.maxBytes) {
      this.pending = bytes;
      this.bytes += bytes;
      this.stop('memory', this.level);
    }
  }
  /** Counts an allocation of `bytes` about to be made; stops first when it would pass the budget. */
  reserve(bytes: number): void {
    this.mustFit(bytes);
    this.bytes += bytes;
  }
  check(level: number): void {
    this.level = level;
    if (this.created > this.maxNodes) this.stop('nodes', level);
    if (Date.now() > this.deadline) this.stop('time', level);
    if (this.isCancelled && this.isCancelled()) this.stop('cancelled', level);
  }
  stop(limit: StopLimit, level: number): never {
    const top = this.top, created = this.created;
    const where = `at level ${top - level + 1} of ${top}`;
    const mb = (b: number) => Math.round(b / 2 ** 20);
    const message =
      limit === 'nodes' ? `undecided: stopped after ${created} nodes ${where} (node limit ${this.maxNodes})`
      : limit === 'time' ? `undecided: stopped by the time limit (${this.timeMs} ms) after ${created} nodes ${where}`
      : limit === 'memory' ? `undecided: stopped at the memory limit (${mb(this.maxBytes)} MB for this diagram: it held ${mb(this.bytes - this.pending)} MB${this.pending > 0 ? ` and ${this.needer} needed ${mb(this.pending)} MB more` : ''}) after ${created} nodes ${where}`
      : `undecided: cancelled after ${created} nodes ${where}`;
    throw new StopError({ limit, message, nodes: created, progress: Math.max(0, Math.min(1, (top - level) / top)) });
  }
}

/**
 * Event log under construction: distinct (child level, child local index, event) triples
 * (level 0 = terminal, index 0/1). Many parents reach the same child with the same event, so a
 * small hash set keeps each triple once.
 */
class EventBuffer {
  lev = new Int32Array(1024);
  ref = new Int32Array(1024);
  id = new Int32Array(1024);
  count = 0;
  private set = new Int32Array(2048); // index + 1, 0 = empty
  push(lev: number, ref: number, e: number): void {
    const mask = this.set.length - 1;
    let i = (Math.imul(lev, 0x9e3779b1) ^ Math.imul(ref, 0x85ebca77) ^ Math.imul(e, 0xc2b2ae3d)) >>> 0;
    i = (i ^ (i >>> 16)) & mask;
    for (;;) {
      const x = this.set[i];
      if (x === 0) break;
      if (this.ref[x - 1] === ref && this.lev[x - 1] === lev && this.id[x - 1] === e) return;
      i = (i + 1) & mask;
    }
    if (this.count === this.lev.length) {
      this.resize(this.count * 2);
      this.push(lev, ref, e);
      return;
    }
    this.lev[this.count] = lev; this.ref[this.count] = ref; this.id[this.count] = e;
    this.set[i] = ++this.count;
  }
  private resize(cap: number): void {
    const a = new Int32Array(cap); a.set(this.lev.subarray(0, this.count)); this.lev = a;
    const b = new Int32Array(cap); b.set(this.ref.subarray(0, this.count)); this.ref = b;
    const c = new Int32Array(cap); c.set(this.id.subarray(0, this.count)); this.id = c;
    this.set = new Int32Array(cap * 2);
    const mask = cap * 2 - 1;
    for (let k = 0; k < this.count; k++) {
      let i = (Math.imul(this.lev[k], 0x9e3779b1) ^ Math.imul(this.ref[k], 0x85ebca77) ^ Math.imul(this.id[k], 0xc2b2ae3d)) >>> 0;
      i = (i ^ (i >>> 16)) & mask;
      while (this.set[i] !== 0) i = (i + 1) & mask;
      this.set[i] = k + 1;
    }
  }
  snapshot(): { lev: Int32Array; ref: Int32Array; id: Int32Array; count: number } {
    return { lev: this.lev.slice(0, this.count), ref: this.ref.slice(0, this.count), id: this.id.slice(0, this.count), count: this.count };
  }
  copyFrom(src: { lev: Int32Array; ref: Int32Array; id: Int32Array }, count: number): void {
    this.lev = src.lev.slice(0, count);
    this.ref = src.ref.slice(0, count);
    this.id = src.id.slice(0, count);
    this.count = count;
    let cap = 1024;
    while (cap < count) cap *= 2;
    this.resize(cap);
  }
}

/**
 * Expands every state of `level`: children go into the tables of their levels. Returns the
 * child references. Kept as one flat function without closures: this is the hot loop.
 */
function expandLevel(
  spec: Spec, level: number, t: LevelTable, tables: (LevelTable | null)[], w: number, scratch: Int32Array,
  guard: Guard, events: EventBuffer | null, normalize: ((s: Int32Array, off: number, level: number) => void) | null,
  sizeHint: number, lastUse: Int32Array,
): LevelChildren {
  const n = t.count;
  const arena = t.arena;
  guard.reserve(8 * n);
  const lo = new Int32Array(n), hi = new Int32Array(n);
  let far: Map<number, number> | null = null;
  const maxNodes = guard.maxNodes;
  let created = guard.created;
  // Cache the usual target (the next level) in a local.
  const nextLevel = level - 1;
  let next: LevelTable | null = nextLevel >= 1 ? tables[nextLevel] : null;
  for (let j = 0; j < n; j++) {
    if ((j & CHECK_MASK) === CHECK_MASK) { guard.created = created; guard.check(level); }
    const base = j * w;
    for (let take = 0; take < 2; take++) {
      for (let k = 0; k < w; k++) scratch[k] = arena[base + k];
      if (events !== null) spec.event = -1;
      const r = spec.child(scratch, 0, level, take as 0 | 1);
      let ref: number;
      if (r === REJECT) ref = -1;
      else if (r === ACCEPT) ref = -2;
      else {
        let target: LevelTable;
        let d = 0;
        if (r === nextLevel) {
          if (normalize !== null) normalize(scratch, 0, r);
          if (next === null) { next = new LevelTable(w, sizeHint, guard); tables[nextLevel] = next; }
          target = next;
        } else {
          if (!(r >= 1 && r < level)) throw new Error(`spec.child at level ${level} returned bad level ${r}`);
          if (normalize !== null) normalize(scratch, 0, r);
          let tt = tables[r];
          if (tt === null) { tt = new LevelTable(w, sizeHint, guard); tables[r] = tt; }
          target = tt;
          d = nextLevel - r;
          if (d >= FAR) {
            d = FAR;
            if (far === null) far = new Map();
            far.set(2 * j + take, r);
          }
          if (lastUse[r] < level) lastUse[r] = level;
        }
        let x = findOrAdd(target, scratch, w);
        if (x < 0) {
          x = ~x;
          if (++created > maxNodes) { guard.created = created; guard.stop('nodes', level); }
          if (x >= MAX_LEVEL_STATES) {
            // Unreachable within any memory budget (its arena and table alone pass 2 GB).
            guard.created = created;
            guard.needer = `a level of more than ${MAX_LEVEL_STATES} states`;
            guard.mustFit(Infinity);
          }
        }
        ref = (x << SKIP_BITS) | d;
        if (events !== null) {
          const e = spec.event ?? -1;
          if (e >= 0) events.push(r, x, e);
        }
      }
      if (take === 0) lo[j] = ref; else hi[j] = ref;
      if (events !== null && ref < 0) {
        const e = spec.event ?? -1;
        if (e >= 0) events.push(0, -1 - ref, e);
      }
    }
  }
  guard.created = created;
  if (nextLevel >= 1 && lastUse[nextLevel] < level) lastUse[nextLevel] = level;
  return { lo, hi, far };
}

/** The states waiting at one level when a checkpoint was taken. */
interface SavedTable {
  level: number;
  count: number;
  states: Int32Array; // count * width words, in local index order
}

interface Checkpoint {
  /** Taken just before expanding this level. */
  level: number;
  tables: SavedTable[];
  created: number;
  maxLevelWidth: number;
  eventCount: number;
  lastUse: Int32Array;
}

/**
 * What a build keeps (with `options.checkpointEvery`) so that a later build with a spec that
 * behaves the same on the upper levels can start from a stored level instead of the root:
 * the child references of every level (read-only from then on) and the waiting states at some
 * levels. Opaque to callers; pass it back as `options.resume`.
 */
export class ResumeData {
  /** @internal */
  constructor(
    readonly top: number,
    readonly width: number,
    readonly rootState: Int32Array,
    readonly children: (LevelChildren | null)[],
    readonly checkpoints: Checkpoint[], // by decreasing level
    readonly events: { lev: Int32Array; ref: Int32Array; id: Int32Array; count: number } | null,
  ) {}

  /** Levels at which a resumed build can start (decreasing). */
  get levels(): number[] {
    return this.checkpoints.map((c) => c.level);
  }

  /** Approximate memory held, in bytes. */
  get bytes(): number {
    let b = 0;
    for (const c of this.children) if (c) b += (c.lo.length + c.hi.length) * 4 + (c.far?.size ?? 0) * 32;
    for (const k of this.checkpoints) for (const t of k.tables) b += t.states.length * 4;
    if (this.events) b += this.events.count * 12;
    return b;
  }
}

export interface BuildOptions {
  /** Record spec events (Spec.event) on transitions; see `liveEvents`. */
  events?: boolean;
  /**
   * Keep what a later build needs to resume (result.resume): the states waiting at every k-th
   * level from the top (k >= 1), within `checkpointBudgetBytes` (default 256 MB; checkpoints
   * beyond it are skipped).
   */
  checkpointEvery?: number;
  checkpointBudgetBytes?: number;
  /**
   * Resume from an earlier build's data. The caller promises that this spec has the same width,
   * root (state and level) and children (results, states and events) as that build's spec at
   * every level above `resumeLevel`; the build restarts from the lowest stored level at or
   * above `resumeLevel`. Falls back to a full build when no stored level qualifies or the root
   * differs (`stats.resumedFrom` tells which happened).
   */
  resume?: ResumeData;
  resumeLevel?: number;
  /**
   * false: build with the spec's `child` even when the spec has a compiled kernel (zdd/kernel.ts);
   * the tests compare the two. The kernel is used only for builds without events and checkpoints.
   */
  kernel?: boolean;
}

export function buildZdd(spec: Spec, control?: RunControl, options?: BuildOptions): BuildResult {
  return build(spec, control, options, false) as BuildResult;
}

export interface LiveEventsResult {
  /** Events on at least one accepting path (as liveEvents of a full build). */
  live: Set<number>;
  /** Whether the family is empty. */
  empty: boolean;
  stats: BuildStats;
}

/**
 * liveEvents without the reduced diagram: the same top-down construction, then one bottom-up
 * pass marking the states from which the 1-terminal is reachable (no hashing, no node arrays).
 * For callers that only need the events, e.g. which hints are necessary.
 */
export function findLiveEvents(spec: Spec, control?: RunControl): LiveEventsResult {
  return build(spec, control, { events: true }, true) as LiveEventsResult;
}

function build(spec: Spec, control: RunControl | undefined, options: BuildOptions | undefined, liveOnly: boolean): BuildResult | LiveEventsResult {
  const t0 = Date.now();
  const limits = resolveLimits(control);
  const onProgress = control?.onProgress;
  const isCancelled = control?.isCancelled;
  const wantEvents = options?.events === true;
  const w = spec.width | 0;
  const scratch = new Int32Array(Math.max(1, w));
  const every = options?.checkpointEvery ?? 0;
  const keep = every >= 1;
  let budget = options?.checkpointBudgetBytes ?? 256 * 2 ** 20;

  let maxLevelWidth = 0;

  if (spec.kernel !== undefined && !liveOnly && !wantEvents && !keep && options?.resume === undefined &&
      options?.kernel !== false && kernelAvailable(spec.kernel)) {
    const guard = new Guard(limits.maxNodes, limits.timeMs, deadlineOf(control, t0, limits.timeMs), isCancelled, spec.kernel.m, limits.maxBytes ?? Infinity);
    const k = runKernel(spec.kernel, guard, onProgress, isCancelled);
    return {
      zdd: k.zdd,
      stats: { ms: Date.now() - t0, nodesCreated: k.nodesCreated, maxLevelWidth: k.maxLevelWidth, levels: k.levels, reducedNodes: k.reducedNodes, resumedFrom: 0, compiled: true },
    };
  }

  const rootLevel = spec.root(scratch, 0);
  if (rootLevel === REJECT || rootLevel === ACCEPT) {
    const root = rootLevel === ACCEPT ? 1 : 0;
    const stats0 = { ms: Date.now() - t0, nodesCreated: 0, maxLevelWidth: 0, levels: 0, reducedNodes: 0, resumedFrom: 0 };
    if (liveOnly) return { live: new Set<number>(), empty: root === 0, stats: stats0 };
    const zdd = new Zdd(new NodeStore(4), root, 0);
    return {
      zdd,
      stats: { ms: Date.now() - t0, nodesCreated: 0, maxLevelWidth: 0, levels: 0, reducedNodes: 0, resumedFrom: 0 },
      events: wantEvents ? { node: new Int32Array(0), event: new Int32Array(0) } : undefined,
    };
  }
  if (!(Number.isInteger(rootLevel) && rootLevel >= 1)) throw new Error(`spec.root returned bad level ${rootLevel}`);
  const top = rootLevel;
  const guard = new Guard(limits.maxNodes, limits.timeMs, deadlineOf(control, t0, limits.timeMs), isCancelled, top, limits.maxBytes ?? Infinity);
  const normalize = spec.normalize ? spec.normalize.bind(spec) : null;
  if (normalize) normalize(scratch, 0, top);
  const rootState = scratch.slice(0, w);

  const tables: (LevelTable | null)[] = new Array(top + 1).fill(null);
  let children: (LevelChildren | null)[] = new Array(top + 1).fill(null);
  let lastUse = new Int32Array(top + 1); // highest level with a child at each level
  const evbuf = wantEvents ? new EventBuffer() : null;
  const checkpoints: Checkpoint[] = [];

  // Resume: the lowest checkpoint at or above resumeLevel of a build with the same root.
  let start = top;
  let resumedFrom = 0;
  const from = options?.resume;
  if (from && from.top === top && from.width === w && sameWords(from.rootState, rootState) &&
      (evbuf === null || from.events !== null)) {
    const want = options?.resumeLevel ?? top;
    let cp: Checkpoint | null = null;
    for (const c of from.checkpoints) if (c.level >= want && (cp === null || c.level < cp.level)) cp = c;
    if (cp !== null && cp.level < top) {
      start = cp.level;
      resumedFrom = cp.level;
      for (let L = start + 1; L <= top; L++) children[L] = from.children[L];
      for (const st of cp.tables) {
        const t = new LevelTable(w, st.count, guard);
        for (let j = 0; j < st.count; j++) {
          for (let k = 0; k < w; k++) scratch[k] = st.states[j * w + k];
          findOrAdd(t, scratch, w);
        }
        tables[st.level] = t;
      }
      guard.created = cp.created;
      maxLevelWidth = cp.maxLevelWidth;
      lastUse = cp.lastUse.slice();
      if (evbuf !== null) evbuf.copyFrom(from.events!, cp.eventCount);
      // Checkpoints at or above the start stay valid for this spec.
      for (const c of from.checkpoints) if (c.level >= start) { checkpoints.push(c); budget -= checkpointBytes(c); }
    }
  }
  if (start === top) {
    tables[top] = new LevelTable(w, 64, guard);
    findOrAdd(tables[top]!, rootState, w);
    guard.created = 1;
  }

  for (let level = start; level >= 1; level--) {
    guard.check(level);
    if (onProgress) onProgress({ done: top - level, total: top, nodes: guard.created, phase: 'build' });
    if (keep && (top - level) % every === 0 && !(level === start && resumedFrom !== 0)) {
      const c = takeCheckpoint(level, tables, w, guard.created, maxLevelWidth, evbuf, lastUse);
      const bytes = checkpointBytes(c);
      if (bytes <= budget) { checkpoints.push(c); budget -= bytes; }
    }
    const t = tables[level];
    if (t === null) continue;
    tables[level] = null;
    const n = t.count;
    if (n > maxLevelWidth) maxLevelWidth = n;
    // This level's hash table is no longer needed: only its arena is read below.
    guard.bytes -= t.table.length * 4;
    t.table = EMPTY;
    // Levels grow gradually: size the next table like this one to avoid most regrowth.
    children[level] = expandLevel(spec, level, t, tables, w, scratch, guard, evbuf, normalize, n, lastUse);
    // Its states are dropped too (only the child references stay).
    releaseArena(guard, t.arena);
    t.arena = EMPTY;
  }
  const created = guard.created;
  if (onProgress) onProgress({ done: top, total: top, nodes: created, phase: 'reduce' });

  if (liveOnly) {
    const alive = liveness(children, top, isCancelled, guard);
    const live = new Set<number>();
    for (let i = 0; i < evbuf!.count; i++) {
      const lev = evbuf!.lev[i];
      if (lev === 0 ? evbuf!.ref[i] === 1 : alive[lev]![evbuf!.ref[i]] === 1) live.add(evbuf!.id[i]);
    }
    return {
      live,
      empty: alive[top]![0] === 0,
      stats: { ms: Date.now() - t0, nodesCreated: created, maxLevelWidth, levels: top, reducedNodes: 0, resumedFrom },
    };
  }

  // Resumable builds keep the child arrays intact for the next build (the reduction then writes
  // reduced ids into fresh arrays instead of over `lo`).
  const resume = keep
    ? new ResumeData(top, w, rootState, children.slice(), checkpoints.sort((a, b) => b.level - a.level), evbuf?.snapshot() ?? null)
    : undefined;
  const inPlace = !keep && resumedFrom === 0;
  const { store, root, red } = reduce(children, top, lastUse, evbuf !== null, inPlace, isCancelled, guard);
  children = [];

  let events: EventLog | undefined;
  if (evbuf !== null) {
    const evCount = evbuf.count;
    const node = new Int32Array(evCount), event = new Int32Array(evCount);
    for (let i = 0; i < evCount; i++) {
      const lev = evbuf.lev[i];
      node[i] = lev === 0 ? evbuf.ref[i] : red[lev]![evbuf.ref[i]];
      event[i] = evbuf.id[i];
    }
    events = { node, event };
  }

  const zdd = new Zdd(store, root, top);
  return {
    zdd,
    stats: { ms: Date.now() - t0, nodesCreated: created, maxLevelWidth, levels: top, reducedNodes: store.size - 2, resumedFrom },
    events,
    resume,
  };
}

function sameWords(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function takeCheckpoint(
  level: number, tables: (LevelTable | null)[], w: number, created: number, maxLevelWidth: number,
  evbuf: EventBuffer | null, lastUse: Int32Array,
): Checkpoint {
  const saved: SavedTable[] = [];
  for (let L = level; L >= 1; L--) {
    const t = tables[L];
    if (t !== null) saved.push({ level: L, count: t.count, states: t.arena.slice(0, t.count * w) });
  }
  return { level, tables: saved, created, maxLevelWidth, eventCount: evbuf?.count ?? 0, lastUse: lastUse.slice() };
}

function checkpointBytes(c: Checkpoint): number {
  let b = c.lastUse.length * 4;
  for (const t of c.tables) b += t.states.length * 4;
  return b;
}

/** alive[L][j] = 1 when state j of level L reaches the 1-terminal (its family is not empty). */
function liveness(
  children: (LevelChildren | null)[], top: number, isCancelled: (() => boolean) | undefined, guard: Guard,
): (Uint8Array | null)[] {
  const alive: (Uint8Array | null)[] = new Array(top + 1).fill(null);
  for (let L = 1; L <= top; L++) {
    if ((L & 63) === 0 && isCancelled && isCancelled()) guard.stop('cancelled', 1);
    const ch = children[L];
    if (ch === null) continue;
    const { lo, hi } = ch;
    const n = lo.length;
    const out = new Uint8Array(n);
    for (let j = 0; j < n; j++) {
      const x = lo[j], y = hi[j];
      const a = x < 0 ? x === -2 : alive[refLevel(ch, L, j, 0, x)]![x >> SKIP_BITS] === 1;
      const b = y < 0 ? y === -2 : alive[refLevel(ch, L, j, 1, y)]![y >> SKIP_BITS] === 1;
      if (a || b) out[j] = 1;
    }
    alive[L] = out;
  }
  return alive;
}

/**
 * Bottom-up reduction into a node store. `red[L][j]` = reduced id of state j of level L; written
 * over `children[L].lo` when `inPlace`, and dropped once no level above needs it (unless `keepRed`).
 */
function reduce(
  children: (LevelChildren | null)[], top: number, lastUse: Int32Array, keepRed: boolean, inPlace: boolean,
  isCancelled: (() => boolean) | undefined, guard: Guard,
): { store: NodeStore; root: number; red: (Int32Array | null)[] } {
  // The diagram has at most as many nodes as states: allocated once, no copies as it grows (pages
  // never written are never touched). Nodes come level by level, so levels are kept as runs.
  let states = 0;
  for (let L = 1; L <= top; L++) states += children[L]?.lo.length ?? 0;
  const nLo = new Int32Array(states + 2), nHi = new Int32Array(states + 2);
  const levelStart = new Int32Array(top + 2);
  let size = 2;
  const red: (Int32Array | null)[] = new Array(top + 1).fill(null);
  const freeAfter: number[][] = new Array(top + 1);
  if (!keepRed) for (let L = 1; L <= top; L++) if (lastUse[L] > 0) (freeAfter[lastUse[L]] ??= []).push(L);
  for (let L = 1; L <= top; L++) {
    if ((L & 63) === 0 && isCancelled && isCancelled()) guard.stop('cancelled', 1);
    levelStart[L] = size;
    const ch = children[L];
    if (ch !== null) {
      children[L] = null;
      const { lo, hi, far } = ch;
      const n = lo.length;
      const out = inPlace ? lo : new Int32Array(n);
      let tcap = 16;
      while (tcap < n * 2) tcap *= 2;
      const table = new Int32Array(tcap);
      const mask = tcap - 1;
      for (let j = 0; j < n; j++) {
        const x = lo[j], y = hi[j];
        let a: number, b: number;
        if (x < 0) a = -1 - x;
        else {
          const d = x & SKIP_MASK;
          a = red[d !== FAR ? L - 1 - d : far!.get(2 * j)!]![x >> SKIP_BITS];
        }
        if (y < 0) b = -1 - y;
        else {
          const d = y & SKIP_MASK;
          b = red[d !== FAR ? L - 1 - d : far!.get(2 * j + 1)!]![y >> SKIP_BITS];
        }
        if (b === 0) { out[j] = a; continue; }
        let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77);
        h = (h ^ (h >>> 15)) & mask;
        let id = 0;
        for (;;) {
          const e = table[h];
          if (e === 0) break;
          if (nLo[e] === a && nHi[e] === b) { id = e; break; }
          h = (h + 1) & mask;
        }
        if (id === 0) {
          id = size++;
          nLo[id] = a; nHi[id] = b;
          table[h] = id;
        }
        out[j] = id;
      }
      red[L] = out;
    }
    const done = freeAfter[L];
    if (done !== undefined && L < top) for (const k of done) red[k] = null;
  }
  levelStart[top + 1] = size;
  const root = red[top]![0];
  return { store: NodeStore.fromLevelRuns(nLo, nHi, size, levelStart), root, red };
}

/**
 * Whether the spec's family has at least one set, without building the diagram: the same
 * breadth-first expansion, but it stops at the first transition into ACCEPT (every expanded state
 * is reachable from the root, so that transition ends an accepting path). Much cheaper than
 * buildZdd when a set exists early; the same work when the family is empty. Same limits.
 */
export function existsSet(spec: Spec, control?: RunControl): boolean {
  const t0 = Date.now();
  const limits = resolveLimits(control);
  const w = spec.width | 0;
  const scratch = new Int32Array(Math.max(1, w));
  const rootLevel = spec.root(scratch, 0);
  if (rootLevel === ACCEPT) return true;
  if (rootLevel === REJECT) return false;
  if (!(Number.isInteger(rootLevel) && rootLevel >= 1)) throw new Error(`spec.root returned bad level ${rootLevel}`);
  const top = rootLevel;
  const guard = new Guard(limits.maxNodes, limits.timeMs, deadlineOf(control, t0, limits.timeMs), control?.isCancelled, top, limits.maxBytes ?? Infinity);
  const normalize = spec.normalize ? spec.normalize.bind(spec) : null;
  if (normalize) normalize(scratch, 0, top);
  const tables: (LevelTable | null)[] = new Array(top + 1).fill(null);
  tables[top] = new LevelTable(w, 64, guard);
  findOrAdd(tables[top]!, scratch, w);
  guard.created = 1;
  for (let level = top; level >= 1; level--) {
    guard.check(level);
    control?.onProgress?.({ done: top - level, total: top, nodes: guard.created, phase: 'search' });
    const t = tables[level];
    if (t === null) continue;
    tables[level] = null;
    const n = t.count, arena = t.arena;
    guard.bytes -= t.table.length * 4;
    t.table = EMPTY;
    for (let j = 0; j < n; j++) {
      if ((j & CHECK_MASK) === CHECK_MASK) guard.check(level);
      for (let take = 0; take < 2; take++) {
        for (let k = 0; k < w; k++) scratch[k] = arena[j * w + k];
        const r = spec.child(scratch, 0, level, take as 0 | 1);
        if (r === ACCEPT) return true;
        if (r === REJECT) continue;
        if (!(r >= 1 && r < level)) throw new Error(`spec.child at level ${level} returned bad level ${r}`);
        if (normalize !== null) normalize(scratch, 0, r);
        let tt = tables[r];
        if (tt === null) { tt = new LevelTable(w, r === level - 1 ? n : 64, guard); tables[r] = tt; }
        if (findOrAdd(tt, scratch, w) < 0 && ++guard.created > guard.maxNodes) guard.stop('nodes', level);
      }
    }
    releaseArena(guard, arena);
    t.arena = EMPTY;
  }
  return false;
}
