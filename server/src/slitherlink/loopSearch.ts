/**
 * One loop that meets the hints, found by local search: fast on drafts, where a loop is easy to
 * find but the loops are far too many to count, and incomplete (finding none proves nothing).
 *
 * The loop is always one simple loop: the boundary of a region of cells, changed one cell at a
 * time. Flipping cell x (taking it into the region or out of it) replaces the loop by its sum
 * with x's four sides; that is again one simple loop exactly when the loop's sides of x form one
 * run of 1 to 3 consecutive sides and the corners inside the other run are off the loop (the
 * rule of redundant.ts's flipWitnesses). The search is WalkSAT's: pick an unmet constraint (a
 * hint whose count is wrong, or an edge deduction fixed that the loop gets wrong), then flip one
 * of the cells that change it, the best one (fewest unmet, ties at random; recently flipped cells
 * wait) or now and then a random one. A hint that no loop-side flip reaches (the loop is far
 * away) draws the loop nearer: the loop cell closest to it is flipped, which brings a side of the
 * loop one cell closer. Restarts from a new random region when it stalls.
 */
import { Grid } from '../model/grid';
import { seededRandom } from '../util/random';
import { StopError } from '../zdd/control';
import { searchSet } from '../zdd/search';
import { SlitherlinkSpec } from './spec';

export interface LoopSearchOptions {
  /** Per grid edge -1 open, 0 off, 1 on (deduction's result): constraints like the hints. */
  fixed?: Int8Array;
  seed?: number;
  /** Date.now() past which the search gives up (null). */
  deadline: number;
  /** Most flips in all (default 2,000,000). */
  maxFlips?: number;
  isCancelled?: () => boolean;
}

/** The edges of a loop meeting every hint (and every fixed edge), ascending; null if none was found. */
export function searchLoop(grid: Grid, hints: Int8Array, options: LoopSearchOptions): number[] | null {
  const s = new LoopSearch(grid, hints, options.fixed, seededRandom(options.seed ?? 1));
  return s.run(options.deadline, options.maxFlips ?? 2_000_000, options.isCancelled);
}

const NOISE = 0.15;
/** Window repair is tried when this few constraints are unmet. */
const REPAIR_MAX = 8;
/** ... after this many flips per cell without a new best. */
const REPAIR_AFTER = 4;
const TABU = 6;

class LoopSearch {
  private readonly N: number;
  private readonly E: number;
  /** Per cell, 4 entries in cyclic order top, right, bottom, left: sides, cells across them (-1 outside), corners (corner i is between side i-1 and side i). */
  private readonly side: Int32Array;
  private readonly across: Int32Array;
  private readonly corner: Int32Array;
  /** Per edge: the cells on either side (-1 outside). */
  private readonly edgeCell: Int32Array;
  private readonly on: Uint8Array;
  private readonly deg: Uint8Array;
  private readonly cnt: Int8Array;
  private readonly inside: Uint8Array;
  private loopEdges = 0;
  /** Unmet constraints: ids 0..N-1 hinted cells, N + e fixed edges; with their positions in the list. */
  private readonly unmet: Int32Array;
  private readonly pos: Int32Array;
  private unmetCount = 0;
  private readonly lastFlip: Float64Array;
  private flips = 0;
  private readonly fixed: Int8Array;
  // BFS scratch for the approach move.
  private readonly seen: Int32Array;
  private readonly queue: Int32Array;
  private stamp = 0;

  constructor(private readonly grid: Grid, private readonly hints: Int8Array, fixed: Int8Array | undefined, private readonly rand: () => number) {
    const { rows, cols } = grid;
    const N = (this.N = grid.cellCount), E = (this.E = grid.edgeCount);
    const W = cols + 1;
    this.side = new Int32Array(4 * N);
    this.across = new Int32Array(4 * N);
    this.corner = new Int32Array(4 * N);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const x = r * cols + c, b = 4 * x;
        this.side.set([grid.horizontalEdge(r, c), grid.verticalEdge(r, c + 1), grid.horizontalEdge(r + 1, c), grid.verticalEdge(r, c)], b);
        this.across.set([r > 0 ? x - cols : -1, c < cols - 1 ? x + 1 : -1, r < rows - 1 ? x + cols : -1, c > 0 ? x - 1 : -1], b);
        this.corner.set([r * W + c, r * W + c + 1, (r + 1) * W + c + 1, (r + 1) * W + c], b);
      }
    this.edgeCell = new Int32Array(2 * E);
    for (let e = 0; e < E; e++) {
      const [a, bb] = grid.edgeCells(e);
      this.edgeCell[2 * e] = a;
      this.edgeCell[2 * e + 1] = bb;
    }
    this.fixed = fixed ?? new Int8Array(E).fill(-1);
    this.on = new Uint8Array(E);
    this.deg = new Uint8Array(grid.vertexCount);
    this.cnt = new Int8Array(N);
    this.inside = new Uint8Array(N);
    this.unmet = new Int32Array(N + E);
    this.pos = new Int32Array(N + E).fill(-1);
    this.lastFlip = new Float64Array(N).fill(-Infinity);
    this.seen = new Int32Array(N);
    this.queue = new Int32Array(N);
  }

  run(deadline: number, maxFlips: number, isCancelled?: () => boolean): number[] | null {
    const { N } = this;
    // Restart after this many flips without a new best, growing (a larger grid needs longer walks).
    let patience = 20 * N;
    while (this.flips < maxFlips) {
      this.restart();
      let best = this.unmetCount, sinceBest = 0;
      let repairAt = Math.min(patience, REPAIR_AFTER * this.N);
      while (this.unmetCount > 0) {
        if ((this.flips & 1023) === 0 && (Date.now() > deadline || isCancelled?.())) return null;
        if (this.flips >= maxFlips) return null;
        this.step();
        if (this.unmetCount < best) { best = this.unmetCount; sinceBest = 0; } else if (++sinceBest > patience) break;
        if (sinceBest === repairAt && this.unmetCount <= REPAIR_MAX) {
          if (this.repair(deadline, isCancelled)) break;
          repairAt *= 2;
        }
      }
      if (this.unmetCount === 0 && this.loopEdges > 0) {
        const out: number[] = [];
        for (let e = 0; e < this.E; e++) if (this.on[e]) out.push(e);
        return out;
      }
      patience *= 2;
    }
    return null;
  }

  /** A new random region (a random blob of about a third to two thirds of the grid). */
  private restart(): void {
    const { grid, N } = this;
    this.on.fill(0);
    this.deg.fill(0);
    this.cnt.fill(0);
    this.inside.fill(0);
    this.loopEdges = 0;
    for (let i = 0; i < this.unmetCount; i++) this.pos[this.unmet[i]] = -1;
    this.unmetCount = 0;
    this.lastFlip.fill(-Infinity);
    // A random rectangle (its border is one simple loop).
    const { rows, cols } = grid;
    const h = 1 + Math.floor(this.rand() * rows), w = 1 + Math.floor(this.rand() * cols);
    const r0 = Math.floor(this.rand() * (rows - h + 1)), c0 = Math.floor(this.rand() * (cols - w + 1));
    for (let r = r0; r < r0 + h; r++) for (let c = c0; c < c0 + w; c++) this.inside[r * cols + c] = 1;
    void N;
    for (let e = 0; e < this.E; e++) {
      const a = this.edgeCell[2 * e], b = this.edgeCell[2 * e + 1];
      const v = (a >= 0 ? this.inside[a] : 0) ^ (b >= 0 ? this.inside[b] : 0);
      if (v) this.toggleEdge(e);
    }
    for (let x = 0; x < N; x++) this.recheckCell(x);
    for (let e = 0; e < this.E; e++) this.recheckEdge(e);
  }

  private toggleEdge(e: number): void {
    const [r1, c1, r2, c2] = this.grid.edgeEnds(e);
    const W = this.grid.cols + 1;
    const d = this.on[e] ? -1 : 1;
    this.on[e] ^= 1;
    this.loopEdges += d;
    this.deg[r1 * W + c1] += d;
    this.deg[r2 * W + c2] += d;
    for (let i = 0; i < 2; i++) {
      const x = this.edgeCell[2 * e + i];
      if (x >= 0) this.cnt[x] += d;
    }
  }

  private setUnmet(id: number, bad: boolean): void {
    const p = this.pos[id];
    if (bad && p < 0) {
      this.pos[id] = this.unmetCount;
      this.unmet[this.unmetCount++] = id;
    } else if (!bad && p >= 0) {
      const last = this.unmet[--this.unmetCount];
      this.unmet[p] = last;
      this.pos[last] = p;
      this.pos[id] = -1;
    }
  }

  private recheckCell(x: number): void {
    const h = this.hints[x];
    if (h >= 0) this.setUnmet(x, this.cnt[x] !== h);
  }

  private recheckEdge(e: number): void {
    const f = this.fixed[e];
    if (f >= 0) this.setUnmet(this.N + e, this.on[e] !== f);
  }

  /** Whether flipping x leaves one simple loop (an empty loop may become x's square). */
  private canFlip(x: number): boolean {
    const b = 4 * x;
    let mask = 0;
    for (let i = 0; i < 4; i++) if (this.on[this.side[b + i]]) mask |= 1 << i;
    if (mask === 0) return this.loopEdges === 0;
    if (mask === 15) return false;
    let starts = 0;
    for (let i = 0; i < 4; i++) if ((mask >> i) & 1 && !((mask >> ((i + 3) & 3)) & 1)) starts++;
    if (starts !== 1) return false;
    for (let i = 0; i < 4; i++) {
      const before = (mask >> ((i + 3) & 3)) & 1, after = (mask >> i) & 1;
      if (!before && !after && this.deg[this.corner[b + i]] !== 0) return false;
    }
    return true;
  }

  /** Change in the number of unmet constraints if x were flipped. */
  private delta(x: number): number {
    const b = 4 * x;
    let d = 0;
    const h = this.hints[x];
    if (h >= 0) d += (4 - this.cnt[x] === h ? 0 : 1) - (this.cnt[x] === h ? 0 : 1);
    for (let i = 0; i < 4; i++) {
      const e = this.side[b + i];
      const s = this.on[e] ? -1 : 1;
      const y = this.across[b + i];
      if (y >= 0) {
        const hy = this.hints[y];
        if (hy >= 0) d += (this.cnt[y] + s === hy ? 0 : 1) - (this.cnt[y] === hy ? 0 : 1);
      }
      const f = this.fixed[e];
      if (f >= 0) d += (this.on[e] ? 0 : 1) === f ? -1 : 1;
    }
    return d;
  }

  private flip(x: number): void {
    const b = 4 * x;
    this.inside[x] ^= 1;
    for (let i = 0; i < 4; i++) this.toggleEdge(this.side[b + i]);
    this.recheckCell(x);
    for (let i = 0; i < 4; i++) {
      const y = this.across[b + i];
      if (y >= 0) this.recheckCell(y);
      this.recheckEdge(this.side[b + i]);
    }
    this.lastFlip[x] = this.flips++;
  }

  private readonly cand = new Int32Array(5);

  private step(): void {
    const id = this.unmet[Math.floor(this.rand() * this.unmetCount)];
    // The cells whose flip changes this constraint.
    let n = 0;
    if (id < this.N) {
      this.cand[n++] = id;
      for (let i = 0; i < 4; i++) {
        const y = this.across[4 * id + i];
        if (y >= 0) this.cand[n++] = y;
      }
    } else {
      const e = id - this.N;
      for (let i = 0; i < 2; i++) {
        const y = this.edgeCell[2 * e + i];
        if (y >= 0) this.cand[n++] = y;
      }
    }
    let k = 0;
    for (let i = 0; i < n; i++) if (this.canFlip(this.cand[i])) this.cand[k++] = this.cand[i];
    if (k === 0) {
      this.approach(id < this.N ? id : this.edgeCell[2 * (id - this.N)] >= 0 ? this.edgeCell[2 * (id - this.N)] : this.edgeCell[2 * (id - this.N) + 1]);
      return;
    }
    if (this.rand() < NOISE) {
      this.flip(this.cand[Math.floor(this.rand() * k)]);
      return;
    }
    let best = Infinity, pick = -1, ties = 0;
    for (let i = 0; i < k; i++) {
      const x = this.cand[i];
      const d = this.delta(x);
      // A recent flip waits unless it improves.
      if (d >= 0 && this.flips - this.lastFlip[x] < TABU) continue;
      if (d < best) { best = d; pick = x; ties = 1; } else if (d === best && this.rand() * ++ties < 1) pick = x;
    }
    this.flip(pick >= 0 ? pick : this.cand[Math.floor(this.rand() * k)]);
  }

  /**
   * The few unmet constraints left, solved exactly in a window: every edge outside boxes around
   * them is fixed as the loop has it, and the depth-first search (zdd/search.ts) looks for a loop
   * meeting every hint over the edges inside; windows grow until one gives a loop or the budget
   * is spent. True when the loop now meets everything.
   */
  private repair(deadline: number, isCancelled?: () => boolean): boolean {
    const { grid, N } = this;
    const { rows, cols } = grid;
    const centres: number[] = [];
    for (let i = 0; i < this.unmetCount; i++) {
      const id = this.unmet[i];
      centres.push(id < N ? id : Math.max(this.edgeCell[2 * (id - N)], this.edgeCell[2 * (id - N) + 1]));
    }
    for (const margin of [2, 3, 5]) {
      const fixed = new Int8Array(this.E);
      for (let e = 0; e < this.E; e++) fixed[e] = this.on[e];
      for (const x of centres) {
        const r0 = Math.floor(x / cols), c0 = x % cols;
        for (let r = Math.max(0, r0 - margin); r <= Math.min(rows - 1, r0 + margin); r++)
          for (let c = Math.max(0, c0 - margin); c <= Math.min(cols - 1, c0 + margin); c++)
            for (const e of grid.cellEdges(r, c)) fixed[e] = this.fixed[e] >= 0 ? this.fixed[e] : -1;
      }
      const spec = new SlitherlinkSpec(grid, this.hints, { fixed });
      let found: number[] | false | null;
      try {
        found = searchSet(spec, { maxNodes: 2000 * margin * margin, deadline, timeMs: 0, isCancelled });
      } catch (e) {
        if (e instanceof StopError) return false;
        throw e;
      }
      if (found === false || found === null) continue;
      const want = new Uint8Array(this.E);
      for (const e of spec.edgesOf(found)) want[e] = 1;
      // Become that loop: toggle the edges that differ (cell colours follow from the edges).
      for (let e = 0; e < this.E; e++) if (want[e] !== this.on[e]) this.toggleEdge(e);
      for (let x = 0; x < N; x++) this.recheckCell(x);
      for (let e = 0; e < this.E; e++) this.recheckEdge(e);
      return this.unmetCount === 0;
    }
    return false;
  }

  /** Flips the nearest cell (breadth first from `from`) that touches the loop and may flip. */
  private approach(from: number): void {
    const st = ++this.stamp;
    let head = 0, tail = 0;
    this.queue[tail++] = from;
    this.seen[from] = st;
    while (head < tail) {
      const x = this.queue[head++];
      if (this.cnt[x] > 0 && this.canFlip(x)) {
        this.flip(x);
        return;
      }
      for (let i = 0; i < 4; i++) {
        const y = this.across[4 * x + i];
        if (y >= 0 && this.seen[y] !== st) { this.seen[y] = st; this.queue[tail++] = y; }
      }
    }
    // The loop is empty: start one here.
    if (this.loopEdges === 0) this.flip(from);
  }
}
