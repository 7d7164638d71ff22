import { describe, expect, it } from 'vitest';
import { buildZdd, existsSet, findLiveEvents, liveEvents } from '../../server/src/zdd/build';
import { Zdd, uniformBigInt } from '../../server/src/zdd/zdd';
import { ACCEPT, REJECT, type Spec } from '../../server/src/zdd/spec';
import { StopError, type Progress } from '../../server/src/zdd/control';
import { buildZddDepthFirst, type PathFilter } from '../../server/src/zdd/depthFirst';

/** Deterministic PRNG (mulberry32) so failures reproduce. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** k-subsets of {1..n}: state = number taken so far. */
class Combination implements Spec {
  readonly width = 1;
  constructor(readonly n: number, readonly k: number) {}
  root(s: Int32Array, off: number): number {
    s[off] = 0;
    if (this.k > this.n) return REJECT;
    return this.n === 0 ? (this.k === 0 ? ACCEPT : REJECT) : this.n;
  }
  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    if (take) s[off]++;
    const c = s[off];
    if (c > this.k) return REJECT;
    if (c === this.k) return ACCEPT; // the rest are 0
    if (c + (level - 1) < this.k) return REJECT; // not enough variables left
    return level - 1;
  }
}

const key = (s: number[]) => [...s].sort((a, b) => b - a).join(',');
const famKey = (f: Iterable<number[]>) => [...new Set([...f].map(key))].sort();

function allSubsets(n: number): number[][] {
  const out: number[][] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    const s: number[] = [];
    for (let i = 0; i < n; i++) if (mask & (1 << i)) s.push(i + 1);
    out.push(s);
  }
  return out;
}

function randomFamily(r: () => number, n: number, p: number): number[][] {
  return allSubsets(n).filter(() => r() < p);
}

describe('Zdd basics', () => {
  it('k-subsets of n: count is the binomial coefficient, and the sets are exactly the k-subsets', () => {
    for (let n = 0; n <= 12; n++) {
      for (let k = 0; k <= n + 1; k++) {
        const z = buildZdd(new Combination(n, k)).zdd;
        expect(z.count()).toBe(binomial(n, k));
        expect(z.countBig()).toBe(binomial(n, k));
        if (n <= 8) {
          const want = famKey(allSubsets(n).filter((s) => s.length === k));
          expect(famKey(z.sets())).toEqual(want);
        }
      }
    }
  });

  it('large binomials are exact (beyond 2^53: residue counting)', () => {
    const z = buildZdd(new Combination(200, 100)).zdd;
    expect(z.count()).toBe(binomial(200, 100));
    expect(z.countBig()).toBe(binomial(200, 100));
    expect(z.size).toBe(100 * 101);
  });

  it('fromSets builds exactly the given family (duplicates merged)', () => {
    const r = rng(1);
    for (let t = 0; t < 30; t++) {
      const fam = randomFamily(r, 5, 0.3);
      const withDup = fam.concat(fam.slice(0, 2));
      const z = Zdd.fromSets(withDup, 5);
      expect(z.count()).toBe(BigInt(fam.length));
      expect(famKey(z.sets())).toEqual(famKey(fam));
      expect(z.isEmpty()).toBe(fam.length === 0);
    }
  });

  it('union / intersect / difference / onset / offset agree with explicit set algebra', () => {
    const r = rng(42);
    for (let t = 0; t < 60; t++) {
      const n = 1 + Math.floor(r() * 6);
      const A = randomFamily(r, n, r());
      const B = randomFamily(r, n, r());
      const a = Zdd.fromSets(A, n);
      // Half of the time B lives in a different store (exercises import).
      const b = t % 2 === 0 ? Zdd.fromSets(B, n) : a.union(Zdd.fromSets(B, n)).difference(a).union(a.intersect(Zdd.fromSets(B, n)));
      const ka = new Set(A.map(key)), kb = new Set(B.map(key));
      expect(famKey(b.sets())).toEqual(famKey(B));
      expect(famKey(a.union(b).sets())).toEqual([...new Set([...ka, ...kb])].sort());
      expect(famKey(a.intersect(b).sets())).toEqual([...ka].filter((x) => kb.has(x)).sort());
      expect(famKey(a.difference(b).sets())).toEqual([...ka].filter((x) => !kb.has(x)).sort());
      expect(a.difference(a).isEmpty()).toBe(true);
      for (let v = 1; v <= n; v++) {
        expect(famKey(a.onset(v).sets())).toEqual(famKey(A.filter((s) => s.includes(v))));
        expect(famKey(a.offset(v).sets())).toEqual(famKey(A.filter((s) => !s.includes(v))));
      }
      const u = a.union(b);
      expect(u.count()).toBe(BigInt(new Set([...ka, ...kb]).size));
    }
  });

  it('kth over all k enumerates the family once each, in order; first() = kth(0)', () => {
    const r = rng(7);
    for (let t = 0; t < 20; t++) {
      const n = 2 + Math.floor(r() * 6);
      const A = randomFamily(r, n, 0.4);
      const z = Zdd.fromSets(A, n);
      const total = z.count();
      const got: string[] = [];
      for (let k = 0n; k < total; k++) got.push(key(z.kth(k)));
      expect(new Set(got).size).toBe(got.length);
      expect([...got].sort()).toEqual(famKey(A));
      expect(got).toEqual([...z.sets()].map(key));
      if (total > 0n) expect(key(z.first())).toBe(got[0]);
      expect(() => z.kth(total)).toThrow(RangeError);
      expect(() => z.kth(-1n)).toThrow(RangeError);
    }
    expect(() => Zdd.fromSets([]).first()).toThrow();
    expect(Zdd.fromSets([[]]).first()).toEqual([]);
  });

  it('kth matches combinatorial unranking of k-subsets, below and above 2^53', () => {
    // In kth order, at level x with r elements still to choose, C(x - 1, r) sets (without x) come first.
    const rank = (set: number[], k: number): bigint => {
      let r = k, acc = 0n;
      for (const x of set) { acc += binomial(x - 1, r); r--; }
      return acc;
    };
    const r = rng(3);
    for (const [n, k] of [[20, 10], [60, 30], [120, 40]] as const) {
      const z = buildZdd(new Combination(n, k)).zdd;
      const total = z.count();
      expect(total).toBe(binomial(n, k));
      expect(z.kth(0n)).toEqual(z.first());
      expect(z.kth(0n)).toEqual(Array.from({ length: k }, (_, i) => k - i));
      expect(z.kth(total - 1n)).toEqual(Array.from({ length: k }, (_, i) => n - i));
      for (let t = 0; t < 20; t++) {
        const idx = uniformBigInt(total, r);
        const set = z.kth(idx);
        expect(set.length).toBe(k);
        expect(rank(set, k)).toBe(idx);
      }
    }
  });

  it('sample returns members, and covers a small family roughly uniformly', () => {
    const z = buildZdd(new Combination(6, 3)).zdd; // 20 sets
    const r = rng(99);
    const hist = new Map<string, number>();
    const N = 4000;
    for (let i = 0; i < N; i++) {
      const s = z.sample(r);
      expect(s.length).toBe(3);
      hist.set(key(s), (hist.get(key(s)) ?? 0) + 1);
    }
    expect(hist.size).toBe(20);
    for (const c of hist.values()) {
      // Expected 200 each; 6 sigma is about 85.
      expect(Math.abs(c - N / 20)).toBeLessThan(85);
    }
    // uniformBigInt on a range above 2^64 stays in range and is not constant.
    const big = 3n ** 50n;
    const xs = Array.from({ length: 50 }, () => uniformBigInt(big, r));
    for (const x of xs) expect(x >= 0n && x < big).toBe(true);
    expect(new Set(xs.map(String)).size).toBeGreaterThan(45);
  });

  it('onset/offset split the family: count(onset) + count(offset) = count', () => {
    const z = buildZdd(new Combination(30, 10)).zdd;
    for (const v of [1, 7, 30]) {
      expect(z.onset(v).count() + z.offset(v).count()).toBe(z.count());
      expect(z.onset(v).count()).toBe(binomial(29, 9));
    }
  });
});

/** A spec with a state that grows without merging (for limits): all subsets, state = bitmask prefix. */
class Wide implements Spec {
  readonly width = 2;
  constructor(readonly n: number) {}
  root(s: Int32Array, off: number): number { s[off] = 0; s[off + 1] = 0; return this.n; }
  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    s[off] = (s[off] * 2 + take) | 0;
    s[off + 1] += take;
    return level > 1 ? level - 1 : ACCEPT;
  }
}

describe('limits and cancellation', () => {
  it('node limit: StopError naming the limit, with nodes and progress', () => {
    let err: unknown;
    try {
      buildZdd(new Wide(24), { limits: { maxNodes: 5000 } });
    } catch (e) { err = e; }
    expect(err).toBeInstanceOf(StopError);
    const st = (err as StopError).stopped;
    expect(st.limit).toBe('nodes');
    expect(st.nodes).toBeGreaterThan(5000);
    expect(st.message).toMatch(/^undecided: stopped after \d+ nodes at level \d+ of 24/);
    expect(st.progress).toBeGreaterThan(0);
    expect(st.progress).toBeLessThan(1);
  });

  it('time limit inside a single large level', () => {
    let err: unknown;
    const t = Date.now();
    try {
      buildZdd(new Wide(30), { limits: { timeMs: 30, maxNodes: 1e9 } });
    } catch (e) { err = e; }
    expect(err).toBeInstanceOf(StopError);
    expect((err as StopError).stopped.limit).toBe('time');
    expect((err as StopError).stopped.message).toMatch(/^undecided: stopped by the time limit/);
    expect(Date.now() - t).toBeLessThan(5000);
  });

  it('cancellation between levels and inside levels', () => {
    let calls = 0;
    let err: unknown;
    try {
      buildZdd(new Wide(40), { isCancelled: () => ++calls > 3, limits: { maxNodes: 1e9 } });
    } catch (e) { err = e; }
    expect(err).toBeInstanceOf(StopError);
    expect((err as StopError).stopped.limit).toBe('cancelled');
    expect(calls).toBe(4);
    // Inside one level: Wide(17) polls once before each of its 17 levels, and its last level
    // holds 2^16 states, so the 18th poll can only come from inside that level.
    calls = 0;
    err = undefined;
    try {
      buildZdd(new Wide(17), { isCancelled: () => ++calls > 17, limits: { maxNodes: 1e9 } });
    } catch (e) { err = e; }
    expect((err as StopError).stopped.limit).toBe('cancelled');
    expect((err as StopError).stopped.message).toMatch(/at level 17 of 17/);
    expect(calls).toBe(18);
  });

  it('memory limit: counted by the builder per build, stops before the allocation that would pass it', () => {
    const budget = 2 ** 20;
    const stopAt = () => {
      try {
        buildZdd(new Wide(24), { limits: { maxNodes: 1e9, maxBytes: budget } });
      } catch (e) {
        return e;
      }
      return null;
    };
    const err = stopAt();
    expect(err).toBeInstanceOf(StopError);
    const st = (err as StopError).stopped;
    expect(st.limit).toBe('memory');
    expect(st.message).toMatch(/^undecided: stopped at the memory limit \(1 MB for this diagram: it held \d+ MB/);
    expect(st.message).toMatch(/after \d+ nodes at level \d+ of 24$/);
    // It never held more than the budget: a table that would pass it is refused before it grows.
    const held = Number(/it held (\d+) MB/.exec(st.message)![1]);
    expect(held).toBeLessThanOrEqual(1);
    // Each build has its own budget: whatever the earlier one allocated, the same build stops at
    // the same point, and a small build under the same budget finishes.
    expect((stopAt() as StopError).stopped.message).toBe(st.message);
    expect(buildZdd(new Combination(10, 4), { limits: { maxBytes: budget } }).zdd.count()).toBe(210n);
    expect(existsSet(new Wide(12), { limits: { maxBytes: budget } })).toBe(true);
  });

  it('memory limit: a build never holds more than its budget, nor an arena it cannot reuse', () => {
    // Levels that double: no processed arena fits the next table, so a kept spare would only add.
    for (const mb of [2, 4, 8, 16]) {
      let err: unknown;
      try {
        buildZdd(new Wide(30), { limits: { maxNodes: 1e9, maxBytes: mb * 2 ** 20 } });
      } catch (e) { err = e; }
      expect(err).toBeInstanceOf(StopError);
      const held = Number(/it held (\d+) MB/.exec((err as StopError).stopped.message)![1]);
      expect(held).toBeLessThanOrEqual(mb);
      // A processed arena too small for the next table is not kept: what is held at the stop is
      // the level being expanded and the table being filled, three quarters of these budgets
      // (keeping the spare would hold 14 and 28 MB, as it did on the Ahle 50x50s).
      if (mb >= 16) expect(held).toBe((mb * 3) / 4);
    }
  });

  it('progress is reported per level and a finished build is not affected by limits it did not hit', () => {
    const seen: number[] = [];
    const r = buildZdd(new Combination(10, 4), { onProgress: (p) => seen.push(p.done), limits: { maxNodes: 1000 } });
    expect(r.zdd.count()).toBe(210n);
    expect(seen[0]).toBe(0);
    expect(seen.length).toBeGreaterThanOrEqual(10);
    expect(r.stats.levels).toBe(10);
    expect(r.stats.nodesCreated).toBeGreaterThan(0);
  });
});

/**
 * Subsets of {1..n} of size <= k whose element sum is divisible by q. Taking level L while c
 * elements are already taken raises event L*16 + c (also when that breaks the size bound).
 */
class EventSpec implements Spec {
  readonly width = 2;
  event = -1;
  constructor(readonly n: number, readonly k: number, readonly q: number) {}
  root(s: Int32Array, off: number): number { s[off] = 0; s[off + 1] = 0; return this.n; }
  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    if (take) {
      this.event = level * 16 + s[off];
      s[off]++;
      s[off + 1] = (s[off + 1] + level) % this.q;
      if (s[off] > this.k) return REJECT;
    }
    if (level === 1) return s[off + 1] === 0 ? ACCEPT : REJECT;
    return level - 1;
  }
}

describe('events', () => {
  it('live events are exactly those on accepting sets (brute force)', () => {
    for (const [n, k, q] of [[8, 3, 5], [10, 4, 7], [6, 6, 4], [9, 2, 50]] as const) {
      const r = buildZdd(new EventSpec(n, k, q), undefined, { events: true });
      const live = liveEvents(r);
      const want = new Set<number>();
      let count = 0n;
      for (const s of allSubsets(n)) {
        const sum = s.reduce((a, b) => a + b, 0);
        if (s.length > k || sum % q !== 0) continue;
        count++;
        const desc = [...s].sort((a, b) => b - a);
        desc.forEach((L, c) => want.add(L * 16 + c));
      }
      expect(r.zdd.count()).toBe(count);
      expect([...live].sort((a, b) => a - b)).toEqual([...want].sort((a, b) => a - b));
      // Dead events were recorded too (taking beyond k, or sums that never close).
      expect(r.events!.node.some((x) => x === 0)).toBe(true);
    }
  });

  it('liveEvents refuses a build without events', () => {
    const r = buildZdd(new Combination(4, 2));
    expect(() => liveEvents(r)).toThrow();
  });
});

/**
 * Subsets of {1..n} with no two consecutive elements and element sum divisible by q. Taking L
 * jumps straight to level L - 2 (the builder must treat the skipped level as 0). Event: L.
 */
class NoAdjacent implements Spec {
  readonly width = 1;
  event = -1;
  constructor(readonly n: number, readonly q: number) {}
  root(s: Int32Array, off: number): number { s[off] = 0; return this.n; }
  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    let next = level - 1;
    if (take) {
      this.event = level;
      s[off] = (s[off] + level) % this.q;
      next = level - 2;
    }
    if (next < 1) return s[off] === 0 ? ACCEPT : REJECT;
    return next;
  }
}

describe('specs that skip levels', () => {
  it('no-two-adjacent subsets with a sum condition: exact family and live events (brute force)', () => {
    for (const [n, q] of [[1, 1], [5, 1], [12, 1], [12, 5], [14, 9]] as const) {
      const r = buildZdd(new NoAdjacent(n, q), undefined, { events: true });
      const want = allSubsets(n).filter(
        (s) => s.every((x) => !s.includes(x + 1)) && s.reduce((a, b) => a + b, 0) % q === 0,
      );
      expect(r.zdd.count()).toBe(BigInt(want.length));
      expect(famKey(r.zdd.sets())).toEqual(famKey(want));
      expect([...liveEvents(r)].sort((a, b) => a - b)).toEqual([...new Set(want.flat())].sort((a, b) => a - b));
    }
    // Without events (lets the builder drop lower levels early), the same family.
    const z = buildZdd(new NoAdjacent(30, 1)).zdd;
    let f0 = 1n, f1 = 2n; // subsets of {1..k} without adjacent elements: Fibonacci
    for (let k = 2; k <= 30; k++) [f0, f1] = [f1, f0 + f1];
    expect(z.count()).toBe(f1);
  });
});

/** k-subsets of {1..n} with element sum S (pruned only when exceeded: emptiness shows late). */
class SumSpec implements Spec {
  readonly width = 2;
  constructor(readonly n: number, readonly k: number, readonly S: number) {}
  root(s: Int32Array, off: number): number { s[off] = 0; s[off + 1] = 0; return this.n; }
  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    if (take) { s[off]++; s[off + 1] += level; }
    if (s[off] > this.k || s[off + 1] > this.S) return REJECT;
    if (level === 1) return s[off] === this.k && s[off + 1] === this.S ? ACCEPT : REJECT;
    return level - 1;
  }
}

describe('existsSet', () => {
  it('agrees with the built diagram on empty and non-empty families', () => {
    const specs: Spec[] = [
      new Combination(6, 7), new Combination(6, 0), new Combination(10, 5), new Combination(0, 0),
      new EventSpec(8, 3, 5), new EventSpec(5, 1, 50), new EventSpec(9, 2, 50),
      new NoAdjacent(12, 5), new NoAdjacent(3, 100), new NoAdjacent(14, 9),
      new SumSpec(12, 2, 24), new SumSpec(12, 2, 23), new SumSpec(16, 5, 79), new SumSpec(16, 5, 80),
    ];
    let empties = 0;
    for (const spec of specs) {
      const empty = buildZdd(spec).zdd.isEmpty();
      if (empty) empties++;
      expect(existsSet(spec)).toBe(!empty);
    }
    expect(empties).toBeGreaterThanOrEqual(2);
    expect(empties).toBeLessThan(specs.length);
  });

  it('honours the node limit when the family is empty', () => {
    const spec = new SumSpec(40, 10, 1000); // empty, with many distinct (count, sum) states
    expect(buildZdd(spec).zdd.isEmpty()).toBe(true);
    expect(() => existsSet(spec, { limits: { maxNodes: 500 } })).toThrow(StopError);
  });
});

describe('state handling', () => {
  it('width-0 specs (all subsets: 2^n sets, one node per level)', () => {
    const all: Spec = {
      width: 0,
      root: () => 20,
      child: (_s, _o, level) => (level > 1 ? level - 1 : ACCEPT),
    };
    const r = buildZdd(all);
    expect(r.zdd.count()).toBe(2n ** 20n);
    // Beyond the double range (2^1100 > 1e308): the count falls back to the level bound.
    const huge: Spec = { width: 0, root: () => 1100, child: (_s, _o, level) => (level > 1 ? level - 1 : ACCEPT) };
    const h = buildZdd(huge).zdd;
    expect(h.count()).toBe(2n ** 1100n);
    expect(h.countBig()).toBe(2n ** 1100n);
    expect(h.kth(2n ** 1099n + 5n)).toEqual([1100, 3, 1]);
    expect(r.stats.nodesCreated).toBe(20);
    expect(r.zdd.size).toBe(20);
  });

  it('normalize merges states that differ only in ignored words', () => {
    // Word 1 records the last taken level (ignored by the family): without normalize, states split.
    class Noisy implements Spec {
      readonly width = 2;
      constructor(readonly useNormalize: boolean) {
        if (useNormalize) this.normalize = (s: Int32Array, off: number) => { s[off + 1] = 0; };
      }
      normalize?: (s: Int32Array, off: number, level: number) => void;
      root(s: Int32Array, off: number): number { s[off] = 0; s[off + 1] = 0; return 12; }
      child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
        if (take) { s[off]++; s[off + 1] = level; }
        if (s[off] > 4) return REJECT;
        return level > 1 ? level - 1 : ACCEPT;
      }
    }
    const a = buildZdd(new Noisy(false)), b = buildZdd(new Noisy(true));
    let want = 0n;
    for (let k = 0; k <= 4; k++) want += binomial(12, k);
    expect(a.zdd.count()).toBe(want);
    expect(b.zdd.count()).toBe(want);
    expect(b.stats.nodesCreated).toBeLessThan(a.stats.nodesCreated);
    expect(b.zdd.size).toBe(a.zdd.size); // the reduced diagram is canonical either way
  });
});

describe('findLiveEvents (no reduced diagram)', () => {
  it('agrees with liveEvents of a full build, with skips and empty families', () => {
    const specs: Spec[] = [
      new EventSpec(8, 3, 5), new EventSpec(10, 4, 7), new EventSpec(9, 2, 50),
      new NoAdjacent(12, 5), new NoAdjacent(14, 9), new NoAdjacent(6, 1000),
    ];
    for (const spec of specs) {
      const full = buildZdd(spec, undefined, { events: true });
      const quick = findLiveEvents(spec);
      expect([...quick.live].sort((a, b) => a - b)).toEqual([...liveEvents(full)].sort((a, b) => a - b));
      expect(quick.empty).toBe(full.zdd.isEmpty());
      expect(quick.stats.nodesCreated).toBe(full.stats.nodesCreated);
    }
    // NoAdjacent(6, 1000): only the empty set (sum 0) is accepted, so nothing is live.
    expect(findLiveEvents(new NoAdjacent(6, 1000)).live.size).toBe(0);
    expect(findLiveEvents(new SumSpec(12, 2, 24)).empty).toBe(true);
  });
});

describe('depth-first build (zdd/depthFirst.ts)', () => {
  it('without a filter: the same families as the breadth-first build (skips, empty families, ACCEPT early)', () => {
    const specs: Spec[] = [
      new Combination(10, 4), new Combination(6, 0), new Combination(3, 5), new NoAdjacent(14, 9),
      new NoAdjacent(1, 1), new SumSpec(12, 4, 30), new SumSpec(10, 3, 100), new Wide(9),
    ];
    for (const spec of specs) {
      const a = buildZdd(spec).zdd, b = buildZddDepthFirst(spec, null).zdd;
      expect(b.count()).toBe(a.count());
      expect(famKey(b.sets())).toEqual(famKey(a.sets()));
    }
  });

  it('a filter that prunes transitions with no completion (from what it knows of the path) keeps the family and saves states', () => {
    // k-subsets of {1..n} with sum S; the filter keeps the path's elements and prunes a step when
    // even the largest elements left cannot reach S (the spec alone sees it only at level 1).
    const [n, k, S] = [16, 5, 60];
    const spec = new SumSpec(n, k, S);
    const path: number[] = []; // per step taken: the element taken, or 0
    let maxDepth = 0;
    const filter: PathFilter = {
      follow(level, take, next) {
        const taken = path.filter((x) => x > 0).length + take;
        let best = path.reduce((x, y) => x + y, 0) + (take ? level : 0);
        for (let x = next, left = k - taken; x >= 1 && left > 0; x--, left--) best += x;
        if (best < S) return false;
        path.push(take ? level : 0);
        maxDepth = Math.max(maxDepth, path.length);
        return true;
      },
      back() {
        path.pop();
      },
    };
    const want = allSubsets(n).filter((s) => s.length === k && s.reduce((a, b) => a + b, 0) === S);
    const plain = buildZddDepthFirst(spec, null);
    const pruned = buildZddDepthFirst(spec, filter);
    expect(pruned.zdd.count()).toBe(BigInt(want.length));
    expect(famKey(pruned.zdd.sets())).toEqual(famKey(want));
    expect(pruned.stats.reducedNodes).toBe(plain.stats.reducedNodes);
    expect(pruned.stats.nodesCreated).toBeLessThan(plain.stats.nodesCreated);
    expect(path.length).toBe(0); // every step taken was undone
    expect(maxDepth).toBeGreaterThan(1);
  });

  it('empties a memo that outgrows its share of the byte budget, and builds the same diagram', () => {
    const spec = new SumSpec(40, 8, 200);
    const plain = buildZddDepthFirst(spec, null);
    const bytes = [1_000_000, 400_000];
    for (const maxBytes of bytes) {
      const small = buildZddDepthFirst(spec, null, { limits: { maxBytes } }, { forgetMemo: true });
      expect(small.stats.memoFlushes, `${maxBytes}`).toBeGreaterThan(0);
      expect(small.zdd.count()).toBe(plain.zdd.count());
      expect(small.stats.reducedNodes).toBe(plain.stats.reducedNodes);
      expect(famKey(small.zdd.sets())).toEqual(famKey(plain.zdd.sets()));
      // States met again after a flush are searched again.
      expect(small.stats.nodesCreated).toBeGreaterThan(plain.stats.nodesCreated);
    }
    expect(plain.stats.memoFlushes).toBeUndefined();
    // Not asked: the same budget stops the search (here its memo alone outgrows 400 KB).
    expect(() => buildZddDepthFirst(spec, null, { limits: { maxBytes: 400_000 } })).toThrow(/memory limit/);
  });

  it('reports progress as the share of the tree searched: growing, ending at the whole', () => {
    const seen: Progress[] = [];
    expect(buildZddDepthFirst(new Wide(16), null, { onProgress: (p) => seen.push(p) }).zdd.count()).toBe(65536n);
    expect(seen.length).toBeGreaterThan(3);
    for (let i = 1; i < seen.length; i++) expect(seen[i].done).toBeGreaterThanOrEqual(seen[i - 1].done);
    expect(seen[0].done).toBeLessThan(seen[0].total);
    expect(seen.every((p) => p.phase === 'depth-first' && p.total === seen[0].total)).toBe(true);
    expect(seen[seen.length - 1].done).toBe(seen[0].total);
    // Its 2^16 - 1 states are all distinct (a complete binary tree, built in post-order): half of
    // them built is half of the tree.
    const mid = seen.find((p) => p.nodes >= 32768)!;
    expect(Math.abs(mid.done / mid.total - 0.5)).toBeLessThan(0.02);
  });

  it('limits: nodes, cancellation and memory stop it as they stop the breadth-first build', () => {
    const stopOf = (f: () => unknown) => {
      try { f(); } catch (e) { expect(e).toBeInstanceOf(StopError); return (e as StopError).stopped; }
      throw new Error('did not stop');
    };
    const nodes = stopOf(() => buildZddDepthFirst(new Wide(24), null, { limits: { maxNodes: 5000 } }));
    expect(nodes.limit).toBe('nodes');
    expect(nodes.message).toMatch(/^undecided: stopped after \d+ nodes at level \d+ of 24/);
    let polls = 0;
    const cancelled = stopOf(() => buildZddDepthFirst(new Wide(24), null, { isCancelled: () => ++polls > 3 }));
    expect(cancelled.limit).toBe('cancelled');
    const memory1 = stopOf(() => buildZddDepthFirst(new Wide(24), null, { limits: { maxBytes: 2 ** 20 } }));
    expect(memory1.limit).toBe('memory');
    expect(memory1.message).toMatch(/^undecided: stopped at the memory limit \(1 MB for this diagram/);
    // With forgetMemo, what the memo cannot give back (the path, the diagram) past the budget: a memory stop.
    const memory = stopOf(() => buildZddDepthFirst(new Wide(24), null, { limits: { maxBytes: 2 ** 16 } }, { forgetMemo: true }));
    expect(memory.limit).toBe('memory');
    expect(memory.message).toMatch(/^undecided: stopped at the memory limit \(0 MB for this diagram/);
    // Within its limits the same build finishes; a memo past its share is emptied, not a stop.
    expect(buildZddDepthFirst(new Wide(12), null, { limits: { maxBytes: 2 ** 20 } }).zdd.count()).toBe(4096n);
    const flushed = buildZddDepthFirst(new Wide(18), null, { limits: { maxBytes: 2 ** 20 } }, { forgetMemo: true });
    expect(flushed.zdd.count()).toBe(2n ** 18n);
    expect(flushed.stats.memoFlushes).toBeGreaterThan(0);
  });
});
