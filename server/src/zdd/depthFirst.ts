/**
 * Depth-first ZDD construction with a memo of the states already built, for specs whose
 * transitions a `PathFilter` can prune with what it knows of the whole path from the root.
 *
 * The breadth-first builder (build.ts) sees a state only as the frontier summary that many paths
 * share, so a check can use nothing but that summary. Depth-first, the path to the current state
 * is known, and a filter can keep a model of it (for Numberlink, the deduction propagator with
 * every decision of the path set) that refutes a wrong decision as soon as it is made, where the
 * frontier summary shows the contradiction only many levels later. Sound because of how the memo
 * works: the sets below a state depend on the state only, so a transition the filter refutes for
 * one path to a state leads to no set from any path to it, and the node a state gets (built
 * under whichever path reached it first) is the same for all of them.
 *
 * Nodes are made bottom-up as the search returns, reduced on the fly (NodeStore.node). The memo
 * is the breadth-first builder's level tables (a state's local index there indexes its node) and
 * keeps every state built until the end: a state can be met again from any later path. The
 * limits are the breadth-first builder's (nodes = states built, time, cancellation, bytes held).
 */
import { ACCEPT, REJECT, type Spec } from './spec.js';
import { deadlineOf, resolveLimits, type RunControl } from './control.js';
import { findOrAdd, Guard, LevelTable, type BuildStats } from './build.js';
import { NodeStore, Zdd } from './zdd.js';

/** Follows the search along the path from the root; see the module comment for soundness. */
export interface PathFilter {
  /**
   * spec.child just decided `level` as `take` and returned `next` (a lower level; not a terminal).
   * False: no set follows this transition (and nothing is kept to undo). True: the filter has
   * taken the step and will be told `back()` when the search returns from it.
   */
  follow(level: number, take: 0 | 1, next: number): boolean;
  /** Undoes the last step taken. */
  back(): void;
}

// Limits are checked every 1024 states built: a state costs more here than breadth-first (the
// filter's work; tens of microseconds with Numberlink's global rules), and a check ends near its time limit.
const CHECK_MASK = 0x3ff;

/** Progress of a depth-first build is reported in parts of this (see searched). */
const PROGRESS_SCALE = 1000;

/**
 * The share of the search done, in PROGRESS_SCALE parts: the current path read as a binary
 * fraction, each frame whose 0-branch is finished adding 1/2^(depth+1) (the position of the path
 * in the order the search visits the tree, exact for a complete binary tree). It only grows.
 */
function searched(fPhase: Int8Array, depth: number): number {
  let share = 0;
  for (let k = 0, half = 0.5; k <= depth && k < 30; k++, half /= 2) if (fPhase[k] >= 3) share += half;
  return Math.floor(share * PROGRESS_SCALE);
}

/** Bytes a node of the store holds (level, lo, hi and its share of the unique table). */
const NODE_BYTES = 12 + 8;

/**
 * Of the byte budget, what the memo may take before it is emptied (flushMemo): a table can double
 * at once, so the flush comes well before the budget stops the search.
 */
const FLUSH_SHARE = 0.4;

/**
 * The reduced ZDD of the spec's family, built depth-first; `filter` prunes transitions (see the
 * module comment). Stops with StopError at the limits of `control`, as buildZdd does.
 */
export interface DepthFirstOptions {
  /**
   * Empty the memo when it passes FLUSH_SHARE of the byte budget (flushMemo) instead of letting
   * the budget stop the search: slower (states met again are searched again), but a search whose
   * diagram fits goes on. For searches whose pruning makes that pay (Numberlink under fill); where
   * the diagram itself cannot fit (an open 70x70 grid), flushes only delay the memory stop.
   */
  forgetMemo?: boolean;
}

export function buildZddDepthFirst(spec: Spec, filter: PathFilter | null, control?: RunControl, options?: DepthFirstOptions): { zdd: Zdd; stats: BuildStats } {
  const t0 = Date.now();
  const limits = resolveLimits(control);
  const w = spec.width | 0;
  const onProgress = control?.onProgress;
  let stack = new Int32Array(Math.max(1, 16 * w));
  const rootLevel = spec.root(stack, 0);
  const stats: BuildStats = { ms: 0, nodesCreated: 0, maxLevelWidth: 0, levels: 0, reducedNodes: 0, resumedFrom: 0 };
  if (rootLevel === REJECT || rootLevel === ACCEPT) {
    stats.ms = Date.now() - t0;
    return { zdd: new Zdd(new NodeStore(4), rootLevel === ACCEPT ? 1 : 0, 0), stats };
  }
  if (!(Number.isInteger(rootLevel) && rootLevel >= 1)) throw new Error(`spec.root returned bad level ${rootLevel}`);
  const top = rootLevel;
  const guard = new Guard(limits.maxNodes, limits.timeMs, deadlineOf(control, t0, limits.timeMs), control?.isCancelled, top, limits.maxBytes ?? Infinity);
  guard.needer = 'the search';
  guard.reserve(stack.length * 4);
  spec.normalize?.(stack, 0, top);
  // The memo: per level, the states met (level tables) and the node of each (by local index).
  const tables: (LevelTable | null)[] = new Array(top + 1).fill(null);
  const nodeOf: (Int32Array | null)[] = new Array(top + 1).fill(null);
  const key = new Int32Array(Math.max(1, w));
  const store = new NodeStore(1024);
  let storeCap = 0; // nodes counted in the guard so far

  // One frame per depth: its level, where it is (PHASE_*), and the children found so far.
  let cap = 16;
  let fLevel = new Int32Array(cap), fPhase = new Int8Array(cap), fLo = new Int32Array(cap), fHi = new Int32Array(cap);
  let fIndex = new Int32Array(cap); // the state's local index in its level's table
  // (searched() reads the order: from TAKE1 on, the 0-branch is finished.)
  const NEW = 0, TAKE0 = 1, WAIT0 = 2, TAKE1 = 3, WAIT1 = 4, DONE = 5;
  let d = 0;
  fLevel[0] = top;
  fPhase[0] = NEW;
  let ret = 0; // the node the frame just left returned
  guard.check(top);
  let flushAt = options?.forgetMemo ? FLUSH_SHARE * guard.maxBytes : Infinity;
  while (d >= 0) {
    const level = fLevel[d], off = d * w;
    const phase = fPhase[d];
    guard.level = level; // for the message of a memory stop
    if (phase === NEW) {
      if (guard.bytes > flushAt) {
        flushMemo(tables, nodeOf, guard, fLevel, fIndex, d, stack, w);
        stats.memoFlushes = (stats.memoFlushes ?? 0) + 1;
        // The next flush only after the memo has grown as much again: where what stays (the
        // diagram, the path) fills the budget, the budget stops the search instead of flushes.
        flushAt = guard.bytes + FLUSH_SHARE * guard.maxBytes;
      }
      let t = tables[level];
      if (t === null) {
        // A new level's table costs 64 states of the frontier's width: on a wide frontier (a
        // 1000-wide grid) a few thousand of them take seconds, long before CHECK_MASK nodes.
        guard.check(level);
        t = new LevelTable(w, 64, guard);
        tables[level] = t;
      }
      for (let k = 0; k < w; k++) key[k] = stack[off + k];
      const x = findOrAdd(t, key, w);
      if (x >= 0) { ret = nodeOf[level]![x]; d--; continue; }
      let nodes = nodeOf[level];
      if (nodes === null || nodes.length < t.cap) {
        guard.reserve(t.cap * 4);
        const grown = new Int32Array(t.cap);
        if (nodes !== null) { grown.set(nodes); guard.bytes -= nodes.length * 4; }
        nodeOf[level] = nodes = grown;
      }
      fIndex[d] = ~x;
      const created = ++guard.created;
      if (created > guard.maxNodes) guard.stop('nodes', level);
      if ((created & CHECK_MASK) === 0) {
        guard.check(level);
        if (onProgress) onProgress({ done: searched(fPhase, d), total: PROGRESS_SCALE, nodes: created, phase: 'depth-first' });
      }
      fPhase[d] = TAKE0;
      continue;
    }
    if (phase === WAIT0 || phase === WAIT1) {
      if (filter !== null) filter.back();
      if (phase === WAIT0) { fLo[d] = ret; fPhase[d] = TAKE1; } else { fHi[d] = ret; fPhase[d] = DONE; }
      continue;
    }
    if (phase === DONE) {
      const node = store.node(level, fLo[d], fHi[d]);
      if (store.size > storeCap) {
        const more = Math.max(1024, storeCap);
        guard.reserve(more * NODE_BYTES);
        storeCap += more;
      }
      nodeOf[level]![fIndex[d]] = node;
      ret = node;
      d--;
      continue;
    }
    // TAKE0 or TAKE1: the child state goes to the next depth's slot.
    const take = phase === TAKE0 ? 0 : 1;
    const coff = off + w;
    if (coff + w > stack.length) {
      guard.reserve(stack.length * 4);
      const s = new Int32Array(stack.length * 2);
      s.set(stack);
      stack = s;
    }
    stack.copyWithin(coff, off, off + w);
    const r = spec.child(stack, coff, level, take);
    let res = -1;
    if (r === REJECT) res = 0;
    else if (r === ACCEPT) res = 1;
    else {
      if (!(r >= 1 && r < level)) throw new Error(`spec.child at level ${level} returned bad level ${r}`);
      if (filter !== null && !filter.follow(level, take, r)) res = 0;
    }
    if (res >= 0) {
      if (take === 0) { fLo[d] = res; fPhase[d] = TAKE1; } else { fHi[d] = res; fPhase[d] = DONE; }
      continue;
    }
    spec.normalize?.(stack, coff, r);
    fPhase[d] = take === 0 ? WAIT0 : WAIT1;
    d++;
    if (d === cap) {
      cap *= 2;
      const a = new Int32Array(cap); a.set(fLevel); fLevel = a;
      const b = new Int8Array(cap); b.set(fPhase); fPhase = b;
      const c = new Int32Array(cap); c.set(fLo); fLo = c;
      const e = new Int32Array(cap); e.set(fHi); fHi = e;
      const g = new Int32Array(cap); g.set(fIndex); fIndex = g;
    }
    fLevel[d] = r;
    fPhase[d] = NEW;
  }
  let widest = 0;
  for (const t of tables) if (t !== null && t.count > widest) widest = t.count;
  onProgress?.({ done: PROGRESS_SCALE, total: PROGRESS_SCALE, nodes: guard.created, phase: 'depth-first' });
  stats.ms = Date.now() - t0;
  stats.nodesCreated = guard.created;
  stats.maxLevelWidth = widest;
  stats.levels = top;
  stats.reducedNodes = store.size - 2;
  return { zdd: new Zdd(store, ret, top), stats };
}

/**
 * Empties the memo when it holds too much of the byte budget: every level's table goes, except
 * that each frame on the current path (depths 0 .. d - 1, whose nodes are still to be written)
 * keeps its own state, at local index 0 of a fresh table. Sound because a state's node depends
 * on the state alone (see the module comment): a state met again is searched again and gets the
 * same node from the store, which keeps every node. Costs time, never the answer.
 */
function flushMemo(
  tables: (LevelTable | null)[], nodeOf: (Int32Array | null)[], guard: Guard,
  fLevel: Int32Array, fIndex: Int32Array, d: number, stack: Int32Array, w: number,
): void {
  for (let level = 0; level < tables.length; level++) {
    const t = tables[level];
    if (t !== null) guard.bytes -= t.arena.length * 4 + t.table.length * 4;
    const nodes = nodeOf[level];
    if (nodes !== null) guard.bytes -= nodes.length * 4;
    tables[level] = null;
    nodeOf[level] = null;
  }
  if (guard.spare !== null) {
    guard.bytes -= guard.spare.length * 4;
    guard.spare = null;
  }
  const key = new Int32Array(Math.max(1, w));
  for (let k = 0; k < d; k++) {
    const level = fLevel[k];
    const t = new LevelTable(w, 64, guard);
    for (let j = 0; j < w; j++) key[j] = stack[k * w + j];
    fIndex[k] = ~findOrAdd(t, key, w);
    tables[level] = t;
    guard.reserve(t.cap * 4);
    nodeOf[level] = new Int32Array(t.cap);
  }
}
