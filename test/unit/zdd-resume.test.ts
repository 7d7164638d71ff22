import { describe, expect, it } from 'vitest';
import { buildZdd, liveEvents, type BuildResult } from '../../server/src/zdd/build';
import { gridEdgeOrder, gridGraph, planFrontier } from '../../server/src/zdd/frontier';
import { cycleSpec } from '../../server/src/zdd/specs/simpath';
import { ACCEPT, REJECT, type Spec } from '../../server/src/zdd/spec';
import type { Zdd } from '../../server/src/zdd/zdd';

/** A spec that forbids taking the variables in `forbidden` (all at low levels) and otherwise defers. */
class Forbid implements Spec {
  readonly width: number;
  constructor(readonly inner: Spec, readonly forbidden: Set<number>) {
    this.width = inner.width;
  }
  root(s: Int32Array, off: number): number { return this.inner.root(s, off); }
  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    if (take && this.forbidden.has(level)) return REJECT;
    return this.inner.child(s, off, level, take);
  }
}

function sameFamily(a: Zdd, b: Zdd): boolean {
  return a.count() === b.count() && a.difference(b).isEmpty() && b.difference(a).isEmpty();
}

const n = 6;
const g = gridGraph(n, n);
const plan = planFrontier(g, gridEdgeOrder(n, n));
const m = plan.edgeCount;

describe('resuming a build from stored levels', () => {
  it('gives the same family as a cold build, starting at or above the changed level', () => {
    const base = buildZdd(cycleSpec(g, plan), undefined, { checkpointEvery: 4 });
    expect(base.resume).toBeDefined();
    expect(base.resume!.levels.length).toBeGreaterThan(m / 4 - 2);
    const cases = [[1], [3, 5], [12], [17, 2], [m - 9], [m - 1], [m]];
    for (const F of cases) {
      const spec = new Forbid(cycleSpec(g, plan), new Set(F));
      const cold = buildZdd(spec);
      const D = Math.max(...F);
      const warm = buildZdd(spec, undefined, { resume: base.resume, resumeLevel: D });
      expect(sameFamily(warm.zdd, cold.zdd)).toBe(true);
      expect(warm.zdd.count()).toBeLessThan(base.zdd.count());
      if (D < m - 1) {
        expect(warm.stats.resumedFrom).toBeGreaterThanOrEqual(D);
        expect(warm.stats.resumedFrom).toBeLessThan(D + 4);
        expect(warm.stats.nodesCreated).toBe(cold.stats.nodesCreated);
      } else {
        expect(warm.stats.resumedFrom === 0 || warm.stats.resumedFrom >= D).toBe(true);
      }
    }
    // The stored data is not changed by the builds that used it.
    const again = buildZdd(cycleSpec(g, plan), undefined, { resume: base.resume, resumeLevel: 10 });
    expect(again.stats.resumedFrom).toBeGreaterThanOrEqual(10);
    expect(sameFamily(again.zdd, base.zdd)).toBe(true);
  });

  it('chains: a resumed build can keep checkpoints for the next edit', () => {
    const first = buildZdd(cycleSpec(g, plan), undefined, { checkpointEvery: 3 });
    const spec2 = new Forbid(cycleSpec(g, plan), new Set([20]));
    const second = buildZdd(spec2, undefined, { resume: first.resume, resumeLevel: 20, checkpointEvery: 3 });
    expect(second.stats.resumedFrom).toBeGreaterThanOrEqual(20);
    const spec3 = new Forbid(cycleSpec(g, plan), new Set([20, 8]));
    const third = buildZdd(spec3, undefined, { resume: second.resume, resumeLevel: 8 });
    expect(third.stats.resumedFrom).toBeGreaterThanOrEqual(8);
    expect(third.stats.resumedFrom).toBeLessThan(20);
    expect(sameFamily(third.zdd, buildZdd(spec3).zdd)).toBe(true);
  });

  it('falls back to a full build when the root differs or nothing qualifies', () => {
    const base = buildZdd(cycleSpec(g, plan), undefined, { checkpointEvery: 5 });
    const ham = cycleSpec(g, plan, { hamiltonian: true });
    // Same root state but resumeLevel above every checkpoint below the root: full build.
    const r = buildZdd(ham, undefined, { resume: base.resume, resumeLevel: m });
    expect(r.stats.resumedFrom).toBe(0);
    expect(r.zdd.count()).toBe(1072n);
    // A budget of 0 bytes keeps no checkpoint: nothing to resume from.
    const none = buildZdd(cycleSpec(g, plan), undefined, { checkpointEvery: 1, checkpointBudgetBytes: 0 });
    expect(none.resume!.levels).toEqual([]);
    const r2 = buildZdd(new Forbid(cycleSpec(g, plan), new Set([1])), undefined, { resume: none.resume, resumeLevel: 1 });
    expect(r2.stats.resumedFrom).toBe(0);
  });

  it('keeps events of the reused levels (live events equal a cold build)', () => {
    // Subsets with a weight condition; the weight of levels <= split depends on a parameter.
    class Weighted implements Spec {
      readonly width = 1;
      event = -1;
      constructor(readonly bonus: number) {}
      root(s: Int32Array, off: number): number { s[off] = 0; return 16; }
      child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
        if (take) {
          this.event = level;
          s[off] += level <= 5 ? level + this.bonus : level;
          if (s[off] > 40) return REJECT;
        }
        if (level === 1) return s[off] === 40 ? ACCEPT : REJECT;
        return level - 1;
      }
    }
    const base: BuildResult = buildZdd(new Weighted(0), undefined, { events: true, checkpointEvery: 2 });
    for (const bonus of [1, 7, 30]) {
      const cold = buildZdd(new Weighted(bonus), undefined, { events: true });
      const warm = buildZdd(new Weighted(bonus), undefined, { events: true, resume: base.resume, resumeLevel: 5 });
      expect(warm.stats.resumedFrom).toBeGreaterThanOrEqual(5);
      expect(sameFamily(warm.zdd, cold.zdd)).toBe(true);
      expect([...liveEvents(warm)].sort()).toEqual([...liveEvents(cold)].sort());
    }
  });
});
