import { describe, expect, it } from 'vitest';
import { NodeStore, Zdd } from '../../server/src/zdd/zdd';
import { setsPerLevel } from '../../server/src/zdd/usage';

/** Sets containing each level, counted one set at a time (the definition). */
function byEnumeration(sets: number[][], levels: number): bigint[] {
  const out: bigint[] = new Array(levels + 1).fill(0n);
  for (const s of new Set(sets.map((x) => [...new Set(x)].sort((a, b) => a - b).join(',')))) {
    if (s === '') continue;
    for (const x of s.split(',')) out[Number(x)]++;
  }
  return out;
}

/** The family of all k-subsets of {1..n}, built node by node (node (L, r): r more from levels 1..L). */
function kSubsets(n: number, k: number): Zdd {
  const store = new NodeStore();
  // node[L][r]: the family of r-subsets of {1..L}.
  const node: number[][] = [];
  for (let L = 0; L <= n; L++) {
    node.push([]);
    for (let r = 0; r <= k; r++) {
      if (r === 0) node[L].push(1);
      else if (L < r) node[L].push(0);
      else node[L].push(store.node(L, node[L - 1][r], node[L - 1][r - 1]));
    }
  }
  return new Zdd(store, node[n][k], n);
}

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

describe('setsPerLevel', () => {
  it('agrees with enumeration on random families', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
    for (let t = 0; t < 200; t++) {
      const n = 1 + Math.floor(rand() * 10);
      const sets: number[][] = [];
      const m = Math.floor(rand() * 40);
      for (let i = 0; i < m; i++) {
        const s: number[] = [];
        for (let x = 1; x <= n; x++) if (rand() < 0.4) s.push(x);
        sets.push(s);
      }
      const z = Zdd.fromSets(sets, n);
      expect(setsPerLevel(z)).toEqual(byEnumeration(sets, n));
    }
  });

  it('is exact beyond 2^53 sets (the modular pass)', () => {
    // C(70, 35) is about 1.1e20 sets; each element lies in C(69, 34) of them.
    const z = kSubsets(70, 35);
    expect(z.count()).toBe(binomial(70, 35));
    const per = setsPerLevel(z);
    for (let L = 1; L <= 70; L++) expect(per[L]).toBe(binomial(69, 34));
    // And below 2^53 (the float pass): C(40, 12) sets, C(39, 11) each.
    const small = setsPerLevel(kSubsets(40, 12));
    for (let L = 1; L <= 40; L++) expect(small[L]).toBe(binomial(39, 11));
  });

  it('gives zeros for the empty family and for {∅}', () => {
    expect(setsPerLevel(Zdd.empty(3))).toEqual([0n, 0n, 0n, 0n]);
    expect(setsPerLevel(Zdd.base(2))).toEqual([0n, 0n, 0n]);
  });
});
