/**
 * Whether a spec's family has a set, by depth-first search: the same states as the engine's
 * breadth-first construction (every state is expanded at most once: a state whose subtree held
 * no accepting path is remembered as dead, per level), but it stops at the first accepting path,
 * trying first the branch a caller prefers at each level. When the family is large (a hint whose
 * removal frees a whole region has thousands of loops), a set is found after a few hundred states
 * where a breadth-first search would expand whole levels first; when the family is empty it does
 * the breadth-first search's work.
 */
import { ACCEPT, REJECT, type Spec } from './spec.js';
import { StopError } from './control.js';
import { hashState } from './build.js';
import type { PathFilter } from './depthFirst.js';

/** Dead states of one level: arena + open addressing (index + 1, 0 = empty). */
class DeadSet {
  arena: Int32Array;
  table: Int32Array;
  count = 0;
  constructor(readonly w: number) {
    this.arena = new Int32Array(Math.max(1, 16 * w));
    this.table = new Int32Array(32);
  }

  has(s: Int32Array, off: number): boolean {
    const w = this.w, mask = this.table.length - 1, arena = this.arena;
    let i = hashState(s, off, this.w) & mask;
    for (;;) {
      const e = this.table[i]!;
      if (e === 0) return false;
      const base = (e - 1) * w;
      let k = 0;
      while (k < w && arena[base + k] === s[off + k]) k++;
      if (k === w) return true;
      i = (i + 1) & mask;
    }
  }

  add(s: Int32Array, off: number): void {
    const w = this.w;
    if ((this.count + 1) * w > this.arena.length) {
      const a = new Int32Array(this.arena.length * 2);
      a.set(this.arena);
      this.arena = a;
    }
    if (2 * (this.count + 1) > this.table.length) {
      const t = new Int32Array(this.table.length * 2);
      const mask = t.length - 1;
      for (let j = 0; j < this.count; j++) {
        let i = hashState(this.arena, j * w, w) & mask;
        while (t[i] !== 0) i = (i + 1) & mask;
        t[i] = j + 1;
      }
      this.table = t;
    }
    const base = this.count * w;
    for (let k = 0; k < w; k++) this.arena[base + k] = s[off + k]!;
    const mask = this.table.length - 1;
    let i = hashState(s, off, this.w) & mask;
    while (this.table[i] !== 0) i = (i + 1) & mask;
    this.table[i] = ++this.count;
  }
}

/**
 * The dead states of one spec, kept from one search to the next: a state is dead (no accepting
 * path below it) whatever branch order found it so, so searches of the same spec with other
 * preferences (restarts) may share them.
 */
export class DeadStates {
  readonly sets: (DeadSet | undefined)[] = [];
  count = 0;
}

export interface SearchLimits {
  /** Dead states remembered before giving up (null is returned). */
  maxNodes: number;
  /** Date.now() past which the search throws StopError('time'). */
  deadline: number;
  timeMs: number;
  isCancelled?: () => boolean;
}

/**
 * True if the spec accepts some set, false if none; null when more than `maxNodes` dead states
 * were needed. `prefer(level)` is the branch (0 or 1) tried first at that level. Throws
 * StopError on time or cancellation.
 */
export function searchExists(spec: Spec, limits: SearchLimits, prefer?: (level: number) => 0 | 1): boolean | null {
  const r = searchSet(spec, limits, prefer);
  return r === null ? null : r !== false;
}

/**
 * searchExists that also says which set it found: its elements as levels, highest first (the
 * form of `Zdd.first()`), or false when the family is empty, null past `maxNodes` dead states.
 */
export function searchSet(
  spec: Spec, limits: SearchLimits, prefer?: (level: number) => 0 | 1, memo?: DeadStates, filter?: PathFilter,
): number[] | false | null {
  const counted = filter ? new Counted(filter) : null;
  try {
    return walk(spec, limits, prefer, memo, counted);
  } finally {
    // A search that stops on its way down leaves the filter following its path: undo it.
    while (counted !== null && counted.depth > 0) counted.back();
  }
}

/** A PathFilter that counts the steps it follows. */
class Counted implements PathFilter {
  depth = 0;
  constructor(private readonly inner: PathFilter) {}
  follow(level: number, take: 0 | 1, next: number): boolean {
    if (!this.inner.follow(level, take, next)) return false;
    this.depth++;
    return true;
  }
  back(): void {
    this.depth--;
    this.inner.back();
  }
}

function walk(
  spec: Spec, limits: SearchLimits, prefer: ((level: number) => 0 | 1) | undefined, memo: DeadStates | undefined, filter: Counted | null,
): number[] | false | null {
  const w = spec.width | 0;
  let cap = 64;
  let states = new Int32Array(cap * Math.max(1, w));
  let levels = new Int32Array(cap);
  let tried = new Uint8Array(cap);
  const rootLevel = spec.root(states, 0);
  if (rootLevel === ACCEPT) return [];
  if (rootLevel === REJECT) return false;
  spec.normalize?.(states, 0, rootLevel);
  const dead = memo?.sets ?? [];
  let deadCount = 0;
  let sp = 1;
  levels[0] = rootLevel;
  tried[0] = 0;
  let steps = 0;
  while (sp > 0) {
    if ((++steps & 4095) === 0) {
      if (limits.isCancelled?.()) throw new StopError({ limit: 'cancelled', message: 'undecided: cancelled', nodes: deadCount, progress: 0 });
      if (Date.now() > limits.deadline) {
        throw new StopError({ limit: 'time', message: `undecided: stopped by the time limit (${limits.timeMs} ms)`, nodes: deadCount, progress: 0 });
      }
    }
    const f = sp - 1;
    const level = levels[f]!;
    const t = tried[f]!;
    if (t === 2) {
      // Both branches failed: this state is dead.
      let set = dead[level];
      if (!set) dead[level] = set = new DeadSet(w);
      set.add(states, f * w);
      if (memo) memo.count++;
      if (++deadCount > limits.maxNodes) return null;
      sp--;
      // The step into this frame (the root's frame has none).
      if (filter !== null && sp > 0) filter.back();
      continue;
    }
    tried[f] = t + 1;
    const first = prefer ? prefer(level) : 1;
    const take = (t === 0 ? first : 1 - first) as 0 | 1;
    if (sp === cap) {
      cap *= 2;
      const s2 = new Int32Array(cap * Math.max(1, w)); s2.set(states); states = s2;
      const l2 = new Int32Array(cap); l2.set(levels); levels = l2;
      const t2 = new Uint8Array(cap); t2.set(tried); tried = t2;
    }
    const off = sp * w;
    states.copyWithin(off, f * w, f * w + w);
    const r = spec.child(states, off, level, take);
    if (r === ACCEPT) {
      // The path: every frame's branch under way (its first or its second), this one's last.
      const set: number[] = [];
      for (let g = 0; g < f; g++) {
        const l = levels[g]!, p = prefer ? prefer(l) : 1;
        if ((tried[g] === 1 ? p : 1 - p) === 1) set.push(l);
      }
      if (take === 1) set.push(level);
      return set;
    }
    if (r === REJECT) continue;
    spec.normalize?.(states, off, r);
    const set = dead[r];
    if (set && set.has(states, off)) continue;
    if (filter !== null && !filter.follow(level, take, r)) continue;
    levels[sp] = r;
    tried[sp] = 0;
    sp++;
  }
  return false;
}
