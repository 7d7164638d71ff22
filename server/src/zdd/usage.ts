/**
 * How many sets of a family contain each variable, exactly, in one pass over the diagram: the
 * sets through a node n are (paths from the root to n) x (sets below n), so the sets containing
 * n's variable by way of n number paths(n) * count(hi[n]); summed over the nodes of a level.
 *
 * Both factors and their product are at most the family's size (every path from the root to n,
 * followed by a set below n, is a different set of the family). So when the family has fewer than
 * 2^53 sets, doubles are exact throughout; otherwise the same pass runs modulo enough 30-bit
 * primes and each level's count is rebuilt from its residues (Garner), as countExact does.
 */
import { garner, nextPrimeBelow, PRIMES, type Zdd } from './zdd';

/** For every level 1..zdd.levels, the number of sets containing it (index 0 unused, 0n). */
export function setsPerLevel(zdd: Zdd): bigint[] {
  const out: bigint[] = new Array(zdd.levels + 1).fill(0n);
  const root = zdd.root;
  if (root < 2) return out;
  const total = zdd.count();
  if (total < 2n ** 53n) {
    const perLevel = floatPerLevel(zdd);
    for (let L = 1; L <= zdd.levels; L++) out[L] = BigInt(perLevel[L]);
    return out;
  }
  const bits = total.toString(2).length + 1;
  const k = Math.ceil(bits / 29);
  const primes: number[] = [];
  for (let i = 0; i < k; i++) primes.push(i < PRIMES.length ? PRIMES[i] : nextPrimeBelow(primes[primes.length - 1]));
  const residues = primes.map((p) => modPerLevel(zdd, p));
  for (let L = 1; L <= zdd.levels; L++) out[L] = garner(residues.map((r) => r[L]), primes);
  return out;
}

function floatPerLevel(zdd: Zdd): Float64Array {
  const { lo, hi, level } = zdd.store;
  const root = zdd.root;
  const below = new Float64Array(root + 1);
  below[1] = 1;
  for (let n = 2; n <= root; n++) below[n] = below[lo[n]] + below[hi[n]];
  const paths = new Float64Array(root + 1);
  paths[root] = 1;
  const perLevel = new Float64Array(zdd.levels + 1);
  // Children have smaller ids: by decreasing id, a node's paths are complete before it passes them on.
  for (let n = root; n >= 2; n--) {
    const t = paths[n];
    if (t === 0) continue;
    paths[lo[n]] += t;
    paths[hi[n]] += t;
    perLevel[level[n]] += t * below[hi[n]];
  }
  return perLevel;
}

function modPerLevel(zdd: Zdd, p: number): Float64Array {
  const { lo, hi, level } = zdd.store;
  const root = zdd.root;
  const below = new Float64Array(root + 1);
  below[1] = 1;
  for (let n = 2; n <= root; n++) {
    const s = below[lo[n]] + below[hi[n]];
    below[n] = s >= p ? s - p : s;
  }
  const paths = new Float64Array(root + 1);
  paths[root] = 1;
  const perLevel = new Float64Array(zdd.levels + 1);
  for (let n = root; n >= 2; n--) {
    const t = paths[n];
    if (t === 0) continue;
    const a = lo[n], b = hi[n];
    let s = paths[a] + t;
    paths[a] = s >= p ? s - p : s;
    s = paths[b] + t;
    paths[b] = s >= p ? s - p : s;
    s = perLevel[level[n]] + mulMod(t, below[b], p);
    perLevel[level[n]] = s >= p ? s - p : s;
  }
  return perLevel;
}

/** a * b mod p for a, b < p < 2^30, exact in doubles: b split in 15-bit halves keeps every product below 2^45. */
function mulMod(a: number, b: number, p: number): number {
  const bh = Math.floor(b / 32768), bl = b - bh * 32768;
  return (((a * bh) % p) * 32768 + a * bl) % p;
}
