/**
 * Reduced zero-suppressed decision diagrams over node arrays.
 *
 * Node 0 is the empty family, node 1 the family {∅}; a node n >= 2 has a variable `level[n]`
 * (higher levels nearer the root), a 0-child `lo[n]` (sets without the variable) and a 1-child
 * `hi[n]` (sets with it), both at lower levels. Nodes are appended bottom-up, so a node's
 * children always have smaller ids; stores only grow, so several Zdd values share one store.
 * Every node other than 0 stands for a non-empty family (no node has hi = 0).
 */

/** An append-only table of ZDD nodes with an optional unique table (built on first need). */
export class NodeStore {
  lo: Int32Array;
  hi: Int32Array;
  size: number; // number of node slots used, including the two terminals
  private levels: Int32Array | null;
  /**
   * For a store adopted from the builder, whose nodes come level by level upwards: the first id
   * of each level (levelStart[L] .. levelStart[L + 1] - 1 are the nodes of level L), so that the
   * level array (4 bytes a node) is made only when something reads it (counting does not).
   */
  private levelStart: Int32Array | null = null;
  private table: Int32Array | null = null; // open addressing: node id or 0
  private mask = 0;

  constructor(capacity = 1024) {
    const cap = Math.max(4, capacity);
    this.levels = new Int32Array(cap);
    this.lo = new Int32Array(cap);
    this.hi = new Int32Array(cap);
    this.size = 2;
  }

  /**
   * Adopt node arrays whose nodes are sorted by level (ids levelStart[L] .. levelStart[L + 1] - 1
   * at level L, levelStart of length top + 2 with levelStart[1] = 2 and levelStart[top + 1] = size).
   */
  static fromLevelRuns(lo: Int32Array, hi: Int32Array, size: number, levelStart: Int32Array): NodeStore {
    const s = new NodeStore(4);
    s.levels = null;
    s.levelStart = levelStart;
    s.lo = lo;
    s.hi = hi;
    s.size = size;
    return s;
  }

  /** level[n] = the variable of node n (terminals: 0). */
  get level(): Int32Array {
    if (this.levels === null) {
      const ls = this.levelStart!;
      const a = new Int32Array(this.lo.length);
      for (let L = 1; L + 1 < ls.length; L++) a.fill(L, ls[L], ls[L + 1]);
      this.levels = a;
      this.levelStart = null;
    }
    return this.levels;
  }

  private grow(): void {
    const cap = this.lo.length * 2;
    const l = new Int32Array(cap); l.set(this.level); this.levels = l;
    const a = new Int32Array(cap); a.set(this.lo); this.lo = a;
    const b = new Int32Array(cap); b.set(this.hi); this.hi = b;
  }

  private buildTable(): void {
    let cap = 1024;
    while (cap < this.size * 2) cap *= 2;
    this.table = new Int32Array(cap);
    if (this.levels === null) this.levels = this.level; // made now: node() reads and writes it
    this.mask = cap - 1;
    for (let n = 2; n < this.size; n++) this.insertExisting(n);
  }

  private insertExisting(n: number): void {
    const t = this.table!;
    let i = hash3(this.levels![n], this.lo[n], this.hi[n]) & this.mask;
    while (t[i] !== 0) i = (i + 1) & this.mask;
    t[i] = n;
  }

  /** The node (level, lo, hi) with zero suppression and sharing. */
  node(level: number, lo: number, hi: number): number {
    if (hi === 0) return lo;
    if (this.table === null) this.buildTable();
    const t = this.table!;
    let i = hash3(level, lo, hi) & this.mask;
    for (;;) {
      const n = t[i];
      if (n === 0) break;
      if (this.levels![n] === level && this.lo[n] === lo && this.hi[n] === hi) return n;
      i = (i + 1) & this.mask;
    }
    if (this.size === this.lo.length) this.grow();
    const n = this.size++;
    this.levels![n] = level;
    this.lo[n] = lo;
    this.hi[n] = hi;
    t[i] = n;
    if (this.size * 2 > t.length) {
      this.table = null;
      this.buildTable();
    }
    return n;
  }
}

function hash3(a: number, b: number, c: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

/** A memo table keyed by pairs of node ids (open addressing, typed arrays; a Map tops out at 2^24 entries); `get` gives -1 for a missing pair. */
export class PairMemo {
  private ka: Int32Array;
  private kb: Int32Array;
  private val: Int32Array;
  private used = 0;
  private mask: number;
  constructor(cap = 1 << 12) {
    this.ka = new Int32Array(cap).fill(-1);
    this.kb = new Int32Array(cap);
    this.val = new Int32Array(cap);
    this.mask = cap - 1;
  }
  get(a: number, b: number): number {
    let i = hash3(a, b, 7) & this.mask;
    for (;;) {
      const x = this.ka[i];
      if (x === -1) return -1;
      if (x === a && this.kb[i] === b) return this.val[i];
      i = (i + 1) & this.mask;
    }
  }
  set(a: number, b: number, v: number): void {
    if ((this.used + 1) * 2 > this.ka.length) this.rehash();
    let i = hash3(a, b, 7) & this.mask;
    for (;;) {
      const x = this.ka[i];
      if (x === -1) break;
      if (x === a && this.kb[i] === b) { this.val[i] = v; return; }
      i = (i + 1) & this.mask;
    }
    this.ka[i] = a; this.kb[i] = b; this.val[i] = v;
    this.used++;
  }
  private rehash(): void {
    const oa = this.ka, ob = this.kb, ov = this.val;
    const cap = oa.length * 2;
    this.ka = new Int32Array(cap).fill(-1);
    this.kb = new Int32Array(cap);
    this.val = new Int32Array(cap);
    this.mask = cap - 1;
    this.used = 0;
    for (let i = 0; i < oa.length; i++) if (oa[i] !== -1) this.set(oa[i], ob[i], ov[i]);
  }
}

const OP_UNION = 0, OP_INTERSECT = 1, OP_DIFF = 2;

/** 30-bit primes for exact counting by residues (Chinese remaindering at the root only). */
export const PRIMES = [
  1073741789, 1073741783, 1073741741, 1073741723, 1073741719, 1073741717, 1073741689, 1073741671,
  1073741663, 1073741651, 1073741621, 1073741567, 1073741561, 1073741527, 1073741503, 1073741477,
  1073741467, 1073741441, 1073741419, 1073741399, 1073741387, 1073741381, 1073741371, 1073741329,
  1073741311, 1073741309, 1073741287, 1073741237, 1073741213, 1073741197, 1073741189, 1073741173,
];

export class Zdd {
  private _count: bigint | undefined;
  private _counts: bigint[] | undefined;
  private _fcounts: Float64Array | undefined;

  /**
   * @param store the node arrays
   * @param root the root node id
   * @param levels number of variables (levels 1..levels); sets are lists of levels
   * @param count the number of sets when the builder already knows it (exact)
   */
  constructor(readonly store: NodeStore, readonly root: number, readonly levels: number, count?: bigint) {
    this._count = count;
  }

  static empty(levels = 0): Zdd {
    return new Zdd(new NodeStore(4), 0, levels);
  }

  static base(levels = 0): Zdd {
    return new Zdd(new NodeStore(4), 1, levels);
  }

  /** The family of the given sets (each a list of levels >= 1); for tests and small inputs. */
  static fromSets(sets: number[][], levels?: number): Zdd {
    const store = new NodeStore();
    let top = 0;
    for (const s of sets) for (const x of s) {
      if (!(Number.isInteger(x) && x >= 1)) throw new Error(`bad level ${x}`);
      top = Math.max(top, x);
    }
    const L = levels ?? top;
    let root = 0;
    for (const s of sets) {
      const sorted = [...new Set(s)].sort((a, b) => a - b);
      let n = 1;
      for (const x of sorted) n = store.node(x, 0, n);
      root = applyOp(store, OP_UNION, root, n);
    }
    return new Zdd(store, root, L);
  }

  isEmpty(): boolean {
    return this.root === 0;
  }

  /** Number of decision nodes reachable from the root (terminals not counted). */
  get size(): number {
    if (this.root < 2) return 0;
    const { lo, hi } = this.store;
    const seen = new Uint8Array(this.root + 1);
    const stack = [this.root];
    seen[this.root] = 1;
    let k = 0;
    while (stack.length > 0) {
      const n = stack.pop()!;
      k++;
      const a = lo[n], b = hi[n];
      if (a >= 2 && !seen[a]) { seen[a] = 1; stack.push(a); }
      if (b >= 2 && !seen[b]) { seen[b] = 1; stack.push(b); }
    }
    return k;
  }

  /** Exact number of sets. */
  count(): bigint {
    if (this._count === undefined) this._count = countExact(this.store, this.root);
    return this._count;
  }

  /** Number of sets with BigInt arithmetic at every node (slower; an independent check of count()). */
  countBig(): bigint {
    const c = this.bigCounts();
    return this.root < 2 ? BigInt(this.root) : c[this.root];
  }

  /** One set (the first in the order of kth), as levels in decreasing order; [] for {∅}. */
  first(): number[] {
    if (this.root === 0) throw new Error('first() of the empty family');
    const { level, lo, hi } = this.store;
    const out: number[] = [];
    let n = this.root;
    while (n >= 2) {
      if (lo[n] !== 0) n = lo[n];
      else { out.push(level[n]); n = hi[n]; }
    }
    return out;
  }

  /**
   * The k-th set (0-based) in the order where, at every node, the sets without its variable come
   * before the sets with it. Levels in decreasing order.
   */
  kth(k: bigint): number[] {
    const total = this.count();
    if (k < 0n || k >= total) throw new RangeError(`kth: ${k} outside 0..${total - 1n}`);
    const { level, lo, hi } = this.store;
    const out: number[] = [];
    let n = this.root;
    if (total <= BigInt(Number.MAX_SAFE_INTEGER)) {
      // Every node's count is at most the root's (all lie below it): doubles are exact here.
      const c = this.floatCounts();
      let kk = Number(k);
      while (n >= 2) {
        const a = lo[n];
        const ca = c[a];
        if (kk < ca) n = a;
        else { kk -= ca; out.push(level[n]); n = hi[n]; }
      }
      return out;
    }
    const c = this.bigCounts();
    while (n >= 2) {
      const a = lo[n];
      const ca = a < 2 ? BigInt(a) : c[a];
      if (k < ca) n = a;
      else { k -= ca; out.push(level[n]); n = hi[n]; }
    }
    return out;
  }

  /** A uniformly random set; `rand` returns numbers uniform in [0, 1). */
  sample(rand: () => number): number[] {
    const total = this.count();
    if (total === 0n) throw new Error('sample() of the empty family');
    return this.kth(uniformBigInt(total, rand));
  }

  /** Every set (in kth order); for tests and small families. */
  *sets(): Generator<number[]> {
    const { level, lo, hi } = this.store;
    const path: number[] = [];
    function* rec(n: number): Generator<number[]> {
      if (n === 0) return;
      if (n === 1) { yield path.slice(); return; }
      yield* rec(lo[n]);
      path.push(level[n]);
      yield* rec(hi[n]);
      path.pop();
    }
    yield* rec(this.root);
  }

  union(other: Zdd): Zdd {
    return this.apply(OP_UNION, other);
  }

  intersect(other: Zdd): Zdd {
    return this.apply(OP_INTERSECT, other);
  }

  difference(other: Zdd): Zdd {
    return this.apply(OP_DIFF, other);
  }

  /** The sets that contain `level` (the element is kept). */
  onset(level: number): Zdd {
    return new Zdd(this.store, restrict(this.store, this.root, level, true), this.levels);
  }

  /** The sets that do not contain `level`. */
  offset(level: number): Zdd {
    return new Zdd(this.store, restrict(this.store, this.root, level, false), this.levels);
  }

  private apply(op: number, other: Zdd): Zdd {
    const b = other.store === this.store ? other.root : importInto(this.store, other.store, other.root);
    return new Zdd(this.store, applyOp(this.store, op, this.root, b), Math.max(this.levels, other.levels));
  }

  /** Float64 count of every node up to the root (memoised); index = node id. */
  private floatCounts(): Float64Array {
    if (this._fcounts === undefined) {
      const { lo, hi } = this.store;
      const r = this.root;
      const c = new Float64Array(Math.max(2, r + 1));
      c[1] = 1;
      for (let n = 2; n <= r; n++) c[n] = c[lo[n]] + c[hi[n]];
      this._fcounts = c;
    }
    return this._fcounts;
  }

  /** BigInt count of every node up to the root (memoised); index = node id. */
  private bigCounts(): bigint[] {
    if (this._counts === undefined) {
      const { lo, hi } = this.store;
      const r = this.root;
      const c: bigint[] = new Array(Math.max(2, r + 1));
      c[0] = 0n;
      c[1] = 1n;
      for (let n = 2; n <= r; n++) c[n] = c[lo[n]] + c[hi[n]];
      this._counts = c;
    }
    return this._counts;
  }
}

/** A uniform BigInt in [0, n) from 32-bit chunks of rand(), by rejection. */
export function uniformBigInt(n: bigint, rand: () => number): bigint {
  if (n <= 0n) throw new RangeError('uniformBigInt: n must be positive');
  const bits = n.toString(2).length;
  const words = Math.ceil(bits / 32);
  const excess = BigInt(words * 32 - bits);
  for (;;) {
    let x = 0n;
    for (let i = 0; i < words; i++) x = (x << 32n) | BigInt(Math.floor(rand() * 4294967296) >>> 0);
    x >>= excess;
    if (x < n) return x;
  }
}

/**
 * Exact count of the family at `root`. All node counts are at most the root's (every node lies
 * below the root), so a Float64 pass tells how many bits are needed: if under 2^53 the doubles
 * are exact, otherwise count modulo enough 30-bit primes and combine at the root (Garner).
 */
export function countExact(store: NodeStore, root: number): bigint {
  if (root < 2) return BigInt(root);
  const { lo, hi } = store;
  // One buffer for both passes: the float counts, then the residues over the same bytes.
  const buf = new ArrayBuffer(8 * (root + 1));
  const { max, value } = floatPass(store, root, new Float64Array(buf));
  if (max < 2 ** 53) return BigInt(value);
  // Bits needed: from the estimate (relative error tiny; +2 margin) or, on overflow, the level count.
  const bits = Number.isFinite(max) ? Math.ceil(Math.log2(max)) + 2 : levelBound(store, root) + 1;
  const k = Math.ceil(bits / 29);
  const primes: number[] = [];
  for (let i = 0; i < k; i++) primes.push(i < PRIMES.length ? PRIMES[i] : nextPrimeBelow(primes[primes.length - 1]));
  // Two primes per pass: the child ids are read once for both.
  const ra = new Int32Array(buf, 0, root + 1), rb = new Int32Array(buf, 4 * (root + 1), root + 1);
  const residues: number[] = [];
  for (let q = 0; q < k; q += 2) {
    const p = primes[q], p2 = q + 1 < k ? primes[q + 1] : primes[q];
    ra[0] = 0;
    rb[0] = 0;
    ra[1] = 1;
    rb[1] = 1;
    for (let n = 2; n <= root; n++) {
      const a = lo[n], b = hi[n];
      let s = ra[a] + ra[b]; // < 2^31: exact
      if (s >= p) s -= p;
      ra[n] = s;
      let t = rb[a] + rb[b];
      if (t >= p2) t -= p2;
      rb[n] = t;
    }
    residues.push(ra[root]);
    if (q + 1 < k) residues.push(rb[root]);
  }
  return garner(residues, primes);
}

/** Float64 counts of all nodes up to the root, into f: the largest and the root's. */
function floatPass(store: NodeStore, root: number, f: Float64Array): { max: number; value: number } {
  const { lo, hi } = store;
  f[0] = 0;
  f[1] = 1;
  let max = 0;
  for (let n = 2; n <= root; n++) {
    const v = f[lo[n]] + f[hi[n]];
    f[n] = v;
    if (v > max) max = v;
  }
  return { max, value: f[root] };
}

function levelBound(store: NodeStore, root: number): number {
  return store.level[root];
}

export function nextPrimeBelow(p: number): number {
  let q = p - 2;
  for (;;) {
    let prime = true;
    for (let d = 3; d * d <= q; d += 2) if (q % d === 0) { prime = false; break; }
    if (prime) return q;
    q -= 2;
  }
}

/** The integer below the product of the primes p with residues r (Garner's algorithm). */
export function garner(r: number[], p: number[]): bigint {
  // x = sum c_i * prod_{j<i} p_j with 0 <= c_i < p_i.
  const P = p.map(BigInt);
  const R = r.map(BigInt);
  const c: bigint[] = [];
  for (let i = 0; i < P.length; i++) {
    let x = R[i];
    let prod = 1n;
    let acc = 0n;
    for (let j = 0; j < i; j++) {
      acc = (acc + c[j] * prod) % P[i];
      prod = (prod * P[j]) % P[i];
    }
    x = (((x - acc) % P[i]) + P[i]) % P[i];
    x = (x * modInverse(prod, P[i])) % P[i];
    c.push(x);
  }
  let result = 0n;
  let prod = 1n;
  for (let i = 0; i < P.length; i++) {
    result += c[i] * prod;
    prod *= P[i];
  }
  return result;
}

function modInverse(a: bigint, m: bigint): bigint {
  let [oldR, r] = [((a % m) + m) % m, m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

/** Copies the nodes below `root` of `from` into `to` (bottom-up by id) and returns the new root. */
function importInto(to: NodeStore, from: NodeStore, root: number): number {
  if (root < 2) return root;
  const map = new Int32Array(root + 1).fill(-1);
  map[0] = 0;
  map[1] = 1;
  // Mark reachable nodes, then copy in increasing id order (children first).
  const seen = new Uint8Array(root + 1);
  seen[root] = 1;
  for (let n = root; n >= 2; n--) {
    if (!seen[n]) continue;
    seen[from.lo[n]] = 1;
    seen[from.hi[n]] = 1;
  }
  for (let n = 2; n <= root; n++) {
    if (seen[n]) map[n] = to.node(from.level[n], map[from.lo[n]], map[from.hi[n]]);
  }
  return map[root];
}

/**
 * Union / intersection / difference of two nodes in one store, with an explicit stack (deep
 * diagrams would overflow the call stack) and a memo on node pairs.
 */
function applyOp(store: NodeStore, op: number, a0: number, b0: number): number {
  const memo = new PairMemo();
  // Frames: [a, b, stage]; results on a value stack.
  const fa: number[] = [a0], fb: number[] = [b0], fs: number[] = [0];
  const vals: number[] = [];
  while (fa.length > 0) {
    const t = fa.length - 1;
    const a = fa[t], b = fb[t], stage = fs[t];
    const { level, lo, hi } = store;
    if (stage === 0) {
      const term = terminalCase(op, a, b);
      if (term >= 0) { vals.push(term); fa.pop(); fb.pop(); fs.pop(); continue; }
      const m = memo.get(a, b);
      if (m >= 0) { vals.push(m); fa.pop(); fb.pop(); fs.pop(); continue; }
      const la = a < 2 ? 0 : level[a], lb = b < 2 ? 0 : level[b];
      fs[t] = 1;
      // Push the two sub-problems; children's results come back in order lo, hi.
      let a1: number, b1: number, a2: number, b2: number;
      if (la > lb) {
        // Variable only in a.
        a1 = lo[a]; b1 = b; a2 = hi[a]; b2 = 0;
      } else if (lb > la) {
        a1 = a; b1 = lo[b]; a2 = 0; b2 = hi[b];
      } else {
        a1 = lo[a]; b1 = lo[b]; a2 = hi[a]; b2 = hi[b];
      }
      fa.push(a2, a1); fb.push(b2, b1); fs.push(0, 0); // a1/b1 computed first (top of stack)
      continue;
    }
    // stage 1: both children done; vals has [..., loRes, hiRes]
    const hiRes = vals.pop()!;
    const loRes = vals.pop()!;
    const la = a < 2 ? 0 : level[a], lb = b < 2 ? 0 : level[b];
    const top = Math.max(la, lb);
    let r: number;
    if (la !== lb && (op === OP_INTERSECT || (op === OP_DIFF && lb > la))) {
      // The variable appears in only one operand: intersection has no set with it; for
      // a \ b with the variable only in b, the result is a \ lo(b), i.e. loRes.
      r = loRes;
    } else {
      r = store.node(top, loRes, hiRes);
    }
    memo.set(a, b, r);
    vals.push(r);
    fa.pop(); fb.pop(); fs.pop();
  }
  return vals[0];
}

function terminalCase(op: number, a: number, b: number): number {
  switch (op) {
    case OP_UNION:
      if (a === 0) return b;
      if (b === 0 || a === b) return a;
      return -1;
    case OP_INTERSECT:
      if (a === 0 || b === 0) return 0;
      if (a === b) return a;
      return -1;
    default:
      if (a === 0 || a === b) return 0;
      if (b === 0) return a;
      return -1;
  }
}

/** Sets containing (onset) or avoiding (offset) variable `v`, below `root`. */
function restrict(store: NodeStore, root: number, v: number, on: boolean): number {
  const memo = new Map<number, number>();
  const fa: number[] = [root], fs: number[] = [0];
  const vals: number[] = [];
  while (fa.length > 0) {
    const t = fa.length - 1;
    const n = fa[t];
    const { level, lo, hi } = store;
    if (fs[t] === 0) {
      if (n < 2 || level[n] < v) {
        // The variable cannot occur below: no set contains it.
        vals.push(on ? 0 : n); fa.pop(); fs.pop(); continue;
      }
      if (level[n] === v) {
        vals.push(on ? store.node(v, 0, hi[n]) : lo[n]); fa.pop(); fs.pop(); continue;
      }
      const m = memo.get(n);
      if (m !== undefined) { vals.push(m); fa.pop(); fs.pop(); continue; }
      fs[t] = 1;
      fa.push(hi[n], lo[n]); fs.push(0, 0);
      continue;
    }
    const hiRes = vals.pop()!;
    const loRes = vals.pop()!;
    const r = store.node(level[n], loRes, hiRes);
    memo.set(n, r);
    vals.push(r);
    fa.pop(); fs.pop();
  }
  return vals[0];
}
