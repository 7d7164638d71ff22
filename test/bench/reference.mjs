// The reference workload behind every ratio of `npm run bench`: open-addressing inserts of 2^21
// pseudo-random keys into an Int32Array table, the same kind of work as the engine's state
// hashing, independent of our code. Shared by the bench parent and the children that time corpus
// collections, so that a collection's ratio uses the reference run next to it (the machine's speed
// drifts over a long bench on a shared host).
import { median } from './stats.mjs';

export function referenceWorkload() {
  const n = 1 << 21, size = 1 << 22, mask = size - 1;
  const table = new Int32Array(size).fill(-1);
  let x = 12345, distinct = 0;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    const key = (x >>> 1) & 0xffffff;
    let h = Math.imul(key, 0x9e3779b1) >>> 10 & mask;
    while (table[h] !== -1 && table[h] !== key) h = (h + 1) & mask;
    if (table[h] === -1) (table[h] = key), distinct++;
  }
  return distinct;
}

/** Wall and CPU time of one run of the reference workload, in ms. */
export function timeReference() {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  referenceWorkload();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpuMs: (c.user + c.system) / 1000 };
}

/**
 * The median wall and CPU time of `runs` runs, after two warm-up runs: in a fresh process the
 * first two are slow (JIT tiers, and the first touch of the table's pages).
 */
export function measureReference(runs) {
  timeReference();
  timeReference();
  const t = [];
  for (let i = 0; i < runs; i++) t.push(timeReference());
  return { ms: median(t.map((x) => x.ms)), cpuMs: median(t.map((x) => x.cpuMs)) };
}
