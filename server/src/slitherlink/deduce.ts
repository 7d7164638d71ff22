/**
 * Slitherlink deduction: fixes edges that have the same state in every solution, so that the
 * ZDD only spans the edges left open. Soundness is the whole point: every rule below holds in
 * every solution (a single simple loop meeting all hints), so no solution is ever removed.
 *
 * Rules, propagated to a fixpoint with work queues:
 * - Inside/outside colouring (Shirai et al.): every cell, plus one virtual node for the region
 *   outside the grid, is inside or outside the loop; an edge is ON iff the two cells it
 *   separates differ. Relations "same" / "different" are kept in a union-find with parity; an
 *   edge whose two cells are related is fixed at once (merging components checks the edges
 *   around the smaller one).
 * - Cell enumeration: the 16 assignments of a cell's four sides are filtered by known edges,
 *   the hint, the known relations between the cell and its four neighbours, and the degree
 *   rule at its corners; sides that agree in every survivor are fixed, and relations between
 *   neighbours that agree are recorded. This subsumes hint counting and most pattern tables
 *   (0 next to 3, 3 in a corner, 1 and 2 in a corner, ...).
 * - Vertex enumeration: the 16 assignments of a vertex's four edges, filtered by degree 0 or
 *   2, known edges, the relations between the four cells around it, and each hinted cell's
 *   bounds on how many of its two sides at this vertex can be ON; fixes edges and records
 *   relations between the four cells (the classic "corner" reasoning: both-or-neither is
 *   "same", exactly-one is "different").
 * - No premature loops: an edge that would close a path into a loop is OFF unless that loop
 *   would be a complete solution (no other ON edge, every hint met); a loop that did close
 *   must be the whole solution, so every other edge is OFF (or there is no solution).
 * - Connectivity (between propagation fixpoints): the inside cells are 4-connected, and so are
 *   the outside cells with the region beyond the grid. Cells cut off from the known cells of a
 *   colour take the other colour; a cell whose removal separates known cells of a colour
 *   (an articulation point) has that colour.
 * - Probing (depth 1, `maxRounds` passes): an open edge whose ON (OFF) assumption propagates to
 *   a contradiction is OFF (ON); edges fixed the same way under both assumptions are fixed.
 *   Later passes re-probe only edges near something that changed; once a pass finds nothing,
 *   further passes also run the connectivity rule inside each probe (when the grid is small
 *   enough for that to be cheap). Probing work is bounded.
 *
 * Everything a probe writes goes through an undo log, so a probe costs what it touches.
 */
import { Grid } from '../model/grid';

export const UNKNOWN = -1, OFF = 0, ON = 1;

export interface Deduction {
  /** Per Grid edge: UNKNOWN / OFF / ON. */
  edges: Int8Array;
  /** Per cell: -1 unknown, 0 outside, 1 inside. */
  inside?: Int8Array;
  /** True only when the puzzle has no solution. */
  contradiction: boolean;
  /** Number of edges decided. */
  fixed: number;
}

export interface DeduceOptions {
  /** A cell index whose hint is treated as absent (for redundant-hint tests). */
  ignoreHint?: number;
  /** Override hints (same layout as puzzle.hints). */
  hints?: Int8Array;
  /** Start from these known edges (e.g. forced by the caller). */
  edges?: Int8Array;
  /**
   * Probing passes over the open edges (0 disables probing: a 60x60 then takes a few ms).
   * Default 8; passes stop early at a fixpoint.
   */
  maxRounds?: number;
  isCancelled?: () => boolean;
  /** Date.now() past which probing stops (what it fixed stays: the result is sound, only weaker). */
  deadline?: number;
  /** Keep the final state with the result, so that `refine` can continue from it. */
  keepState?: boolean;
  /**
   * Probing order: these edges first (in this order), then the others by index. Any order is
   * sound; a good one (the productive probes of a similar puzzle) finds facts and contradictions
   * sooner.
   */
  schedule?: ArrayLike<number>;
  /** Probe only the scheduled edges. */
  scheduleOnly?: boolean;
  /** Appended with every edge whose probe fixed something, in probing order. */
  record?: number[];
  /** Apply the connectivity rule (default true; it costs O(cells) a time, probing aside). */
  connectivity?: boolean;
  /** Rule families to leave out (the difficulty grade, grade.ts); default: every rule. */
  rules?: DeductionRules;
}

/**
 * Weaker deduction, for grading by level: each field switches one family of rules down. Hint
 * counting, the degree rule and no premature loops always apply.
 */
export interface DeductionRules {
  /**
   * What a cell check reads of the degree at its corners: 'full' (default: the cell enumerated
   * together with its four corners), or 'upper' (only that a corner already carrying k lines
   * takes at most 2 - k of the cell's sides: Loopy Easy's refinement).
   */
  corners?: 'full' | 'upper';
  /** Vertex checks read each hinted cell's bounds on its two sides there (default true). */
  hintsAtVertices?: boolean;
  /** Inside/outside colouring: relations between cells, read and recorded (default true). */
  colouring?: boolean;
  /**
   * Remember, per cell corner, "at most one" / "at least one" of the cell's two sides there,
   * written and read by cell and vertex checks alike (Loopy's dlines; default false: the full
   * rules do without them).
   */
  dlines?: boolean;
}

const DL_ATMOST = 1, DL_ATLEAST = 2;
/** The dline of cell corner q (TL, TR, BL, BR): the cell's position k around that vertex. */
const CORNER_K = [2, 3, 1, 0];

// Arrays written through the undo log (probing undoes its writes).
const A_EDGE = 0, A_PARENT = 1, A_PAR = 2, A_SIZE = 3, A_NEXT = 4, A_MATE = 5, A_CLEN = 6, A_PDEG = 7, A_DLINE = 8;

// Masks over the 16 assignments m of four edges (bit k = edge k ON): bit m of a mask is set
// when assignment m satisfies the constraint.
const bit = (m: number, k: number) => (m >> k) & 1;
function maskOf(pred: (m: number) => boolean): number {
  let mask = 0;
  for (let m = 0; m < 16; m++) if (pred(m)) mask |= 1 << m;
  return mask;
}
const popcount = (m: number) => bit(m, 0) + bit(m, 1) + bit(m, 2) + bit(m, 3);
/** Edge k is ON. */
const SIDE_ON = Int32Array.from([0, 1, 2, 3], (k) => maskOf((m) => bit(m, k) === 1));
/**
 * Hint values: -1 no hint, 0..4 the count, and NOT_HINT + k (k = 0..4) "any count but k", the
 * constraint that makes the puzzle's loops exactly the loops of P \ h that break h = k (every
 * other loop of P \ h meets h, and only the solution does when P is unique). Anything else has no
 * solution.
 */
export const NOT_HINT = 8;
/** Bit c set when a count of c ON sides meets hint value h (any negative value: no hint). */
function hintCounts(h: number): number {
  if (h < 0) return 0x1f;
  if (h <= 4) return 1 << h;
  if (h >= NOT_HINT && h <= NOT_HINT + 4) return 0x1f & ~(1 << (h - NOT_HINT));
  return 0;
}
/** Whether hint value h is one of the valid ones. */
function validHint(h: number): boolean {
  return hintCounts(h) !== 0;
}
/** Whether c ON sides meet hint value h. */
export function meets(h: number, c: number): boolean {
  return ((hintCounts(h) >> c) & 1) === 1;
}
/** A cell's sides (top, bottom, left, right) meeting hint value h (index h + 1, h = -1..12). */
const CELL_POP = Int32Array.from({ length: 14 }, (_, i) => maskOf((m) => meets(i - 1, popcount(m))));
/** Cell nodes: 0 = the cell, 1 + k = the node across side k; node 1 + k differs from the cell iff side k is ON. */
const cellVal = (m: number, i: number) => (i === 0 ? 0 : bit(m, i - 1));
/** Index ((i * 5 + j) << 1) | d: nodes i and j differ (d = 1) or not. */
const CELL_XOR = new Int32Array(50);
for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) for (let d = 0; d < 2; d++) {
  CELL_XOR[((i * 5 + j) << 1) | d] = maskOf((m) => (cellVal(m, i) ^ cellVal(m, j)) === d);
}
/** Corners TL, TR, BL, BR of a cell (sides top 0 / bottom 1 with left 2 / right 3): index corner * 3 + sum. */
const CORNER_SIDES = [[0, 2], [0, 3], [1, 2], [1, 3]];
const CORNER_SUM = new Int32Array(12);
for (let q = 0; q < 4; q++) for (let p = 0; p <= 2; p++) {
  CORNER_SUM[q * 3 + p] = maskOf((m) => bit(m, CORNER_SIDES[q]![0]!) + bit(m, CORNER_SIDES[q]![1]!) === p);
}
/** A vertex's edges (up, right, down, left) with degree 0 or 2. */
const VERT_DEG = maskOf((m) => popcount(m) === 0 || popcount(m) === 2);
/** Cells around a vertex: 0 NW, 1 NE, 2 SE, 3 SW; edge k lies between cells k and k + 1. */
const vertVal = (m: number, i: number) => { let v = 0; for (let k = 0; k < i; k++) v ^= bit(m, k); return v; };
const VERT_XOR = new Int32Array(32);
for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) for (let d = 0; d < 2; d++) {
  VERT_XOR[((i * 4 + j) << 1) | d] = maskOf((m) => (vertVal(m, i) ^ vertVal(m, j)) === d);
}
/** Cell k's two sides at the vertex are edges k - 1 and k: index k * 3 + how many are ON. */
const VERT_SUM = new Int32Array(12);
for (let k = 0; k < 4; k++) for (let p = 0; p <= 2; p++) {
  VERT_SUM[k * 3 + p] = maskOf((m) => bit(m, (k + 3) & 3) + bit(m, k) === p);
}

// Lookup tables for the checks' hot paths (the same masks as the loops they replace would build).
/** Index of four edge states (UNKNOWN / OFF / ON as 0 / 1 / 2, edge k weighted 3^k). */
const stateCode = (s0: number, s1: number, s2: number, s3: number) => s0 + 1 + 3 * (s1 + 1) + 9 * (s2 + 1) + 27 * (s3 + 1);
/** Per state code: the assignments agreeing with the known edges, and how many edges are open. */
const KNOWN_MASK = new Int32Array(81);
const OPEN_COUNT = new Int8Array(81);
for (let i = 0; i < 81; i++) {
  let mask = 0xffff, open = 0;
  for (let k = 0, q = i; k < 4; k++, q = (q / 3) | 0) {
    const st = (q % 3) - 1;
    if (st === ON) mask &= SIDE_ON[k]!;
    else if (st === OFF) mask &= ~SIDE_ON[k]!;
    else open++;
  }
  KNOWN_MASK[i] = mask;
  OPEN_COUNT[i] = open;
}
/** Two edge states (index sa + 1 + 3 (sb + 1)): how many are ON and how many open. */
const PAIR_ON = Int8Array.from({ length: 9 }, (_, i) => +((i % 3) - 1 === ON) + +(((i / 3) | 0) - 1 === ON));
const PAIR_OPEN = Int8Array.from({ length: 9 }, (_, i) => +((i % 3) - 1 === UNKNOWN) + +(((i / 3) | 0) - 1 === UNKNOWN));
/**
 * A cell's corner q whose two other edges (not the cell's sides) carry k ON and u open: the
 * assignments of the cell keeping the degree there 0 or 2 (full), or only at most 2 (upper);
 * index q * 9 + pair code.
 */
const CORNER_FULL = new Int32Array(36), CORNER_UPPER = new Int32Array(36);
for (let q = 0; q < 4; q++) for (let i = 0; i < 9; i++) {
  const k = PAIR_ON[i]!, u = PAIR_OPEN[i]!;
  let full = 0, upper = 0;
  for (let p = 0; p <= 2; p++) {
    // Full: pair sum p is allowed if some t in [0, u] has p + k + t in {0, 2}.
    const t0 = -p - k, t2 = 2 - p - k;
    if ((t0 >= 0 && t0 <= u) || (t2 >= 0 && t2 <= u)) full |= CORNER_SUM[q * 3 + p]!;
    // Upper (Loopy Easy): a corner carrying k lines takes at most 2 - k more.
    if (p + k <= 2) upper |= CORNER_SUM[q * 3 + p]!;
  }
  // No ON edge and both open: anything goes (both rules).
  CORNER_FULL[q * 9 + i] = k === 0 && u >= 2 ? 0xffff : full;
  CORNER_UPPER[q * 9 + i] = k === 0 && u >= 2 ? 0xffff : upper;
}
/**
 * Cell k around a vertex (NW, NE, SE, SW) with hint h (0..12) whose two sides away from the
 * vertex carry a pair code: the assignments of the vertex allowed by how many of the cell's two
 * sides there can be ON; index (k * 13 + h) * 9 + pair code.
 */
const VERT_HINT = new Int32Array(4 * 13 * 9);
for (let k = 0; k < 4; k++) for (let h = 0; h <= 12; h++) for (let i = 0; i < 9; i++) {
  const on = PAIR_ON[i]!, unk = PAIR_OPEN[i]!;
  let m = 0;
  if (h <= 4) {
    const lo = h - on - unk, hi = h - on;
    for (let p = lo < 0 ? 0 : lo; p <= hi && p <= 2; p++) m |= VERT_SUM[k * 3 + p]!;
  } else {
    // A set of counts: p sides here are possible if some allowed count lies in [p + on, p + on + unk].
    for (let p = 0; p <= 2; p++) {
      for (let c = p + on; c <= p + on + unk; c++) if (meets(h, c)) { m |= VERT_SUM[k * 3 + p]!; break; }
    }
  }
  VERT_HINT[(k * 13 + h) * 9 + i] = m;
}
/** The sides (cellSides order) of cell k around a vertex that do not touch it. */
const AWAY_SIDES = [0, 2, 0, 3, 1, 3, 1, 2];

/** Read-only neighbourhood tables of a grid size (the outside node is rows * cols). */
interface Geometry {
  rows: number;
  cols: number;
  cellSides: Int32Array; // 4 per cell: top, bottom, left, right
  cellNb: Int32Array; // 4 per cell: node across top, bottom, left, right
  vertEdges: Int32Array; // 4 per vertex: up, right, down, left (-1 missing)
  vertCells: Int32Array; // 4 per vertex: NW, NE, SE, SW (the outside node beyond the grid)
  edgeA: Int32Array; // node on either side of an edge
  edgeB: Int32Array;
  edgeU: Int32Array; // end vertices
  edgeV: Int32Array;
  cellCorner: Int32Array; // 8 per cell: per corner (TL, TR, BL, BR), the vertex's two edges that are not the cell's sides (-1 missing)
}

// The editor re-deduces the same grid size on every change: keep the last tables.
let lastGeometry: Geometry | null = null;

function geometry(rows: number, cols: number): Geometry {
  if (lastGeometry && lastGeometry.rows === rows && lastGeometry.cols === cols) return lastGeometry;
  const g = new Grid(rows, cols);
  const N = g.cellCount, V = g.vertexCount, E = g.edgeCount, OUT = N;
  const cellSides = new Int32Array(4 * N), cellNb = new Int32Array(4 * N);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = r * cols + c, o = 4 * x;
      cellSides[o] = g.horizontalEdge(r, c);
      cellSides[o + 1] = g.horizontalEdge(r + 1, c);
      cellSides[o + 2] = g.verticalEdge(r, c);
      cellSides[o + 3] = g.verticalEdge(r, c + 1);
      cellNb[o] = r > 0 ? x - cols : OUT;
      cellNb[o + 1] = r < rows - 1 ? x + cols : OUT;
      cellNb[o + 2] = c > 0 ? x - 1 : OUT;
      cellNb[o + 3] = c < cols - 1 ? x + 1 : OUT;
    }
  }
  const vertEdges = new Int32Array(4 * V), vertCells = new Int32Array(4 * V);
  const cellOr = (r: number, c: number) => (r >= 0 && r < rows && c >= 0 && c < cols ? r * cols + c : OUT);
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c <= cols; c++) {
      const v = r * (cols + 1) + c, o = 4 * v;
      vertEdges[o] = r > 0 ? g.verticalEdge(r - 1, c) : -1;
      vertEdges[o + 1] = c < cols ? g.horizontalEdge(r, c) : -1;
      vertEdges[o + 2] = r < rows ? g.verticalEdge(r, c) : -1;
      vertEdges[o + 3] = c > 0 ? g.horizontalEdge(r, c - 1) : -1;
      vertCells[o] = cellOr(r - 1, c - 1);
      vertCells[o + 1] = cellOr(r - 1, c);
      vertCells[o + 2] = cellOr(r, c);
      vertCells[o + 3] = cellOr(r, c - 1);
    }
  }
  const edgeA = new Int32Array(E), edgeB = new Int32Array(E), edgeU = new Int32Array(E), edgeV = new Int32Array(E);
  for (let e = 0; e < E; e++) {
    const [a, b] = g.edgeCells(e);
    edgeA[e] = a < 0 ? OUT : a;
    edgeB[e] = b < 0 ? OUT : b;
    const [r1, c1, r2, c2] = g.edgeEnds(e);
    edgeU[e] = r1 * (cols + 1) + c1;
    edgeV[e] = r2 * (cols + 1) + c2;
  }
  const cellCorner = new Int32Array(8 * N);
  for (let x = 0; x < N; x++) {
    const r = (x / cols) | 0, c = x - r * cols;
    for (let q = 0; q < 4; q++) {
      const v = (r + (q >> 1)) * (cols + 1) + c + (q & 1);
      const s1 = cellSides[4 * x + CORNER_SIDES[q]![0]!]!, s2 = cellSides[4 * x + CORNER_SIDES[q]![1]!]!;
      let n = 0;
      for (let d = 0; d < 4; d++) {
        const e = vertEdges[4 * v + d]!;
        if (e >= 0 && e !== s1 && e !== s2) cellCorner[8 * x + 2 * q + n++] = e;
      }
      while (n < 2) cellCorner[8 * x + 2 * q + n++] = -1;
    }
  }
  lastGeometry = { rows, cols, cellSides, cellNb, vertEdges, vertCells, edgeA, edgeB, edgeU, edgeV, cellCorner };
  return lastGeometry;
}

export class Deducer {
  readonly R: number;
  readonly C: number;
  readonly N: number; // cells; node N is the outside
  readonly OUT: number;
  readonly V: number;
  readonly E: number;
  readonly H: number;
  readonly grid: Grid;
  readonly hints: Int8Array;

  readonly edges: Int8Array;
  // Union-find with parity over cells + outside.
  readonly parent: Int32Array;
  readonly par: Int32Array;
  readonly size: Int32Array;
  readonly next: Int32Array; // circular member lists
  // Paths of processed ON edges: for an end vertex, the other end and the length.
  readonly mate: Int32Array;
  readonly clen: Int32Array;
  readonly pdeg: Int32Array;
  // Corner pairs ("dlines", DeductionRules.dlines): per vertex v and cell position k around it
  // (NW, NE, SE, SW), the cell's two sides at v: DL_ATMOST one ON, DL_ATLEAST one ON.
  readonly dline: Int8Array;
  readonly arrs: (Int8Array | Int32Array)[];

  // Geometry tables.
  readonly cellSides: Int32Array; // 4 per cell: top, bottom, left, right
  readonly cellNb: Int32Array; // 4 per cell: node across top, bottom, left, right
  readonly vertEdges: Int32Array; // 4 per vertex: up, right, down, left (-1 missing)
  readonly vertCells: Int32Array; // 4 per vertex: NW, NE, SE, SW (OUT outside)
  readonly edgeA: Int32Array; // node on one side
  readonly edgeB: Int32Array;
  readonly edgeU: Int32Array; // vertices
  readonly edgeV: Int32Array;
  readonly cellCorner: Int32Array; // 8 per cell: see Geometry

  // Undo log.
  logging = false;
  logArr: Int8Array;
  logIdx: Int32Array;
  logOld: Int32Array;
  logTop = 0;

  // Work queues.
  readonly edgeQ: Int32Array;
  edgeTop = 0;
  readonly cellQ: Int32Array;
  cellTop = 0;
  readonly inCellQ: Uint8Array;
  readonly vertQ: Int32Array;
  vertTop = 0;
  readonly inVertQ: Uint8Array;
  pending: number[] = []; // closing edges allowed so far: re-check when idle

  contra = false;
  onCount = 0;
  fixed = 0;
  fp = 0; // parity returned by find
  merges = 0; // unions that joined two classes, ever (connectivity reuses its colours while none happen)

  /**
   * A fresh state, or with `reuse` (a released state of the same size, see `release`) one whose
   * arrays are taken over uninitialised: only for `copyWith`, which overwrites them all.
   */
  constructor(rows: number, cols: number, hints: Int8Array, reuse?: Deducer) {
    this.R = rows; this.C = cols;
    const g = (this.grid = new Grid(rows, cols));
    this.N = g.cellCount; this.OUT = this.N;
    this.V = g.vertexCount; this.E = g.edgeCount; this.H = g.horizontalEdgeCount;
    this.hints = hints;
    const N = this.N, V = this.V, E = this.E;
    if (reuse) {
      this.edges = reuse.edges; this.parent = reuse.parent; this.par = reuse.par; this.size = reuse.size;
      this.next = reuse.next; this.mate = reuse.mate; this.clen = reuse.clen; this.pdeg = reuse.pdeg; this.dline = reuse.dline;
    } else {
      this.edges = new Int8Array(E).fill(UNKNOWN);
      this.parent = new Int32Array(N + 1);
      this.par = new Int32Array(N + 1);
      this.size = new Int32Array(N + 1).fill(1);
      this.next = new Int32Array(N + 1);
      for (let i = 0; i <= N; i++) { this.parent[i] = i; this.next[i] = i; }
      // Union by size: the outside touches every border cell, so it weighs as much as they do.
      this.size[N] = 2 * (rows + cols);
      this.mate = new Int32Array(V).fill(-1);
      this.clen = new Int32Array(V);
      this.pdeg = new Int32Array(V);
      this.dline = new Int8Array(4 * V);
    }
    this.arrs = [this.edges, this.parent, this.par, this.size, this.next, this.mate, this.clen, this.pdeg, this.dline];

    const geo = geometry(rows, cols);
    this.cellSides = geo.cellSides; this.cellNb = geo.cellNb;
    this.vertEdges = geo.vertEdges; this.vertCells = geo.vertCells;
    this.edgeA = geo.edgeA; this.edgeB = geo.edgeB; this.edgeU = geo.edgeU; this.edgeV = geo.edgeV;
    this.cellCorner = geo.cellCorner;
    // A released state's queues are empty (`release`), so its membership flags are all clear.
    this.edgeQ = reuse ? reuse.edgeQ : new Int32Array(E);
    this.cellQ = reuse ? reuse.cellQ : new Int32Array(N);
    this.inCellQ = reuse ? reuse.inCellQ : new Uint8Array(N);
    this.vertQ = reuse ? reuse.vertQ : new Int32Array(V);
    this.inVertQ = reuse ? reuse.inVertQ : new Uint8Array(V);
    this.logArr = reuse ? reuse.logArr : new Int8Array(1024);
    this.logIdx = reuse ? reuse.logIdx : new Int32Array(1024);
    this.logOld = reuse ? reuse.logOld : new Int32Array(1024);
  }

  // ---- logged writes ----
  w(a: number, i: number, v: number): void {
    const arr = this.arrs[a]!;
    if (this.logging) {
      if (this.logTop === this.logArr.length) this.growLog();
      this.logArr[this.logTop] = a;
      this.logIdx[this.logTop] = i;
      this.logOld[this.logTop] = arr[i]!;
      this.logTop++;
    }
    arr[i] = v;
  }

  growLog(): void {
    const n = this.logArr.length * 2;
    const la = new Int8Array(n); la.set(this.logArr); this.logArr = la;
    const li = new Int32Array(n); li.set(this.logIdx); this.logIdx = li;
    const lo = new Int32Array(n); lo.set(this.logOld); this.logOld = lo;
  }

  undo(mark: number): void {
    for (let t = this.logTop - 1; t >= mark; t--) this.arrs[this.logArr[t]!]![this.logIdx[t]!] = this.logOld[t]!;
    this.logTop = mark;
  }

  // ---- union-find with parity ----
  find(x: number): number {
    const parent = this.parent, par = this.par;
    let p = 0, r = x;
    while (parent[r] !== r) { p ^= par[r]!; r = parent[r]!; }
    let y = x, py = p;
    while (parent[y] !== r && y !== r) {
      const nx = parent[y]!, pn = py ^ par[y]!;
      this.w(A_PARENT, y, r);
      this.w(A_PAR, y, py);
      y = nx; py = pn;
    }
    this.fp = p;
    return r;
  }

  /** Records that a and b differ (d = 1) or are the same (d = 0). */
  union(a: number, b: number, d: number): void {
    let ra = this.find(a); const pa = this.fp;
    let rb = this.find(b); const pb = this.fp;
    if (ra === rb) {
      if ((pa ^ pb) !== d) this.contra = true;
      return;
    }
    if (this.size[ra]! < this.size[rb]!) { const t = ra; ra = rb; rb = t; }
    this.merges++;
    // rb (smaller) goes under ra.
    this.w(A_PARENT, rb, ra);
    this.w(A_PAR, rb, pa ^ pb ^ d);
    this.w(A_SIZE, ra, this.size[ra]! + this.size[rb]!);
    // Every new relation involves a member of the smaller side: fix its edges to the larger
    // side and revisit the cells and vertices around it.
    let m = rb;
    do {
      this.touchNode(m, ra);
      m = this.next[m]!;
    } while (m !== rb && !this.contra);
    const na = this.next[ra]!, nb = this.next[rb]!;
    this.w(A_NEXT, ra, nb);
    this.w(A_NEXT, rb, na);
  }

  touchNode(m: number, root: number): void {
    this.markChanged(m);
    if (m === this.OUT) {
      const R = this.R, C = this.C;
      for (let c = 0; c < C; c++) { this.touchCellSide(c, 0, root); this.touchCellSide((R - 1) * C + c, 1, root); }
      for (let r = 0; r < R; r++) { this.touchCellSide(r * C, 2, root); this.touchCellSide(r * C + C - 1, 3, root); }
      return;
    }
    for (let k = 0; k < 4; k++) {
      const e = this.cellSides[4 * m + k]!;
      const o = this.cellNb[4 * m + k]!;
      if (this.edges[e] === UNKNOWN) {
        if (this.find(o) === root) {
          const po = this.fp;
          this.find(m);
          this.setEdge(e, po ^ this.fp);
        }
      }
      if (o !== this.OUT) this.pushCell(o);
    }
    // The corners (the ends of m's sides).
    const C = this.C, W = C + 1, r = (m / C) | 0, v0 = r * W + m - r * C;
    this.pushVert(v0); this.pushVert(v0 + 1); this.pushVert(v0 + W); this.pushVert(v0 + W + 1);
    this.pushCell(m);
  }

  touchCellSide(x: number, k: number, root: number): void {
    this.markChanged(x);
    const e = this.cellSides[4 * x + k]!;
    if (this.edges[e] === UNKNOWN && this.find(x) === root) {
      const px = this.fp;
      this.find(this.OUT);
      this.setEdge(e, px ^ this.fp);
    }
    this.pushCell(x);
    this.pushVert(this.edgeU[e]!);
    this.pushVert(this.edgeV[e]!);
  }

  pushCell(x: number): void {
    if (this.inCellQ[x]) return;
    if (this.tracking) { const r = (x / this.C) | 0, c = x - r * this.C; this.track(r, c, r, c); }
    this.inCellQ[x] = 1;
    this.cellQ[this.cellTop++] = x;
  }

  pushVert(v: number): void {
    if (this.inVertQ[v]) return;
    if (this.tracking) { const W = this.C + 1, r = (v / W) | 0, c = v - r * W; this.track(r - 1, c - 1, r, c); }
    this.inVertQ[v] = 1;
    this.vertQ[this.vertTop++] = v;
  }

  setEdge(e: number, v: number): void {
    const cur = this.edges[e]!;
    if (cur === v) return;
    if (cur !== UNKNOWN) { this.contra = true; return; }
    this.w(A_EDGE, e, v);
    if (v === ON) this.onCount++;
    this.fixed++;
    this.edgeQ[this.edgeTop++] = e;
  }

  // ---- propagation ----
  propagate(): void {
    for (;;) {
      if (this.contra) { this.clearQueues(); return; }
      if (this.logging) {
        if (this.logTop > this.probeLimit) { this.aborted = true; this.clearQueues(); return; }
        this.probeWork++;
      }
      if (this.edgeTop > 0) { this.processEdge(this.edgeQ[--this.edgeTop]!); continue; }
      if (this.vertTop > 0) {
        const v = this.vertQ[--this.vertTop]!;
        this.inVertQ[v] = 0;
        this.vertexCheck(v);
        continue;
      }
      if (this.cellTop > 0) {
        const x = this.cellQ[--this.cellTop]!;
        this.inCellQ[x] = 0;
        this.cellCheck(x);
        continue;
      }
      if (!this.recheckPending()) return;
    }
  }

  clearQueues(): void {
    this.edgeTop = 0;
    while (this.vertTop > 0) this.inVertQ[this.vertQ[--this.vertTop]!] = 0;
    while (this.cellTop > 0) this.inCellQ[this.cellQ[--this.cellTop]!] = 0;
  }

  processEdge(e: number): void {
    const val = this.edges[e]!;
    const a = this.edgeA[e]!, b = this.edgeB[e]!;
    this.markChanged(a); this.markChanged(b);
    // The cells and vertices near this edge read it: revisit them.
    const u = this.edgeU[e]!, v = this.edgeV[e]!;
    this.pushVertAndCells(u);
    this.pushVertAndCells(v);
    // Vertex checks read a hinted cell's sides at its corners.
    if (a !== this.OUT && this.hints[a]! >= 0) this.pushCorners(a);
    if (b !== this.OUT && this.hints[b]! >= 0) this.pushCorners(b);
    if (this.colouring) this.union(a, b, val);
    if (val === ON && !this.contra) this.addToPath(e, u, v);
  }

  pushVertAndCells(v: number): void {
    this.pushVert(v);
    for (let k = 0; k < 4; k++) {
      const x = this.vertCells[4 * v + k]!;
      if (x !== this.OUT) this.pushCell(x);
    }
  }

  pushCorners(x: number): void {
    const r = (x / this.C) | 0, c = x - r * this.C, W = this.C + 1;
    const v = r * W + c;
    this.pushVert(v); this.pushVert(v + 1); this.pushVert(v + W); this.pushVert(v + W + 1);
  }

  edgeBetweenVerts(a: number, b: number): number {
    const W = this.C + 1;
    const ra = (a / W) | 0, ca = a - ra * W, rb = (b / W) | 0, cb = b - rb * W;
    return this.grid.edgeBetween(ra, ca, rb, cb);
  }

  addToPath(e: number, u: number, v: number): void {
    const du = this.pdeg[u]!, dv = this.pdeg[v]!;
    if (du >= 2 || dv >= 2) { this.contra = true; return; }
    const a = du === 0 ? u : this.mate[u]!;
    const b = dv === 0 ? v : this.mate[v]!;
    const la = du === 0 ? 0 : this.clen[u]!;
    const lb = dv === 0 ? 0 : this.clen[v]!;
    this.w(A_PDEG, u, du + 1);
    this.w(A_PDEG, v, dv + 1);
    if (a === v) {
      // u and v were the two ends of one path: this edge closes a loop.
      this.w(A_MATE, u, -1);
      this.w(A_MATE, v, -1);
      this.closedLoop(la + 1);
      return;
    }
    if (du === 1) this.w(A_MATE, u, -1);
    if (dv === 1) this.w(A_MATE, v, -1);
    const len = la + lb + 1;
    this.w(A_MATE, a, b); this.w(A_MATE, b, a);
    this.w(A_CLEN, a, len); this.w(A_CLEN, b, len);
    const f = this.edgeBetweenVerts(a, b);
    if (f >= 0 && this.edges[f] === UNKNOWN) this.checkClosing(f, len);
    void e;
  }

  /** Would closing the path with edge f (path of len edges) give a complete solution? */
  closingIsSolution(f: number, len: number): boolean {
    if (this.onCount !== len) return false;
    const hints = this.hints, N = this.N;
    for (let x = 0; x < N; x++) {
      const h = hints[x]!;
      if (h < 0) continue;
      let k = 0;
      for (let s = 0; s < 4; s++) {
        const e = this.cellSides[4 * x + s]!;
        if (this.edges[e] === ON || e === f) k++;
      }
      if (!meets(h, k)) return false;
    }
    return true;
  }

  checkClosing(f: number, len: number): void {
    if (this.closingIsSolution(f, len)) this.pending.push(f);
    else this.setEdge(f, OFF);
  }

  /** Re-checks closing edges that were allowed earlier; true if anything changed. */
  recheckPending(): boolean {
    if (this.pending.length === 0) return false;
    const before = this.fixed;
    const list = this.pending;
    this.pending = [];
    for (const f of list) {
      if (this.edges[f] !== UNKNOWN) continue;
      const u = this.edgeU[f]!, v = this.edgeV[f]!;
      if (this.pdeg[u] !== 1 || this.mate[u] !== v) continue;
      this.checkClosing(f, this.clen[u]!);
    }
    return this.fixed !== before || this.contra;
  }

  closedLoop(len: number): void {
    // A closed loop is the whole solution: nothing else may be ON, every hint must be met.
    if (this.onCount !== len) { this.contra = true; return; }
    const hints = this.hints, N = this.N;
    for (let x = 0; x < N; x++) {
      const h = hints[x]!;
      if (h < 0) continue;
      let k = 0;
      for (let s = 0; s < 4; s++) if (this.edges[this.cellSides[4 * x + s]!] === ON) k++;
      if (!meets(h, k)) { this.contra = true; return; }
    }
    for (let e = 0; e < this.E; e++) if (this.edges[e] === UNKNOWN) this.setEdge(e, OFF);
  }

  // ---- local enumeration ----
  // Each check is a set of 16 assignments (a 16-bit mask) narrowed by precomputed masks.
  private readonly roots = new Int32Array(5);
  private readonly pars = new Int32Array(5);

  cellCheck(x: number): void {
    const edges = this.edges, o = 4 * x, sides = this.cellSides;
    const h = this.hints[x]!;
    const code = stateCode(edges[sides[o]!]!, edges[sides[o + 1]!]!, edges[sides[o + 2]!]!, edges[sides[o + 3]!]!);
    let valid = (h < 0 ? 0xffff : h <= 12 ? CELL_POP[h + 1]! : 0) & KNOWN_MASK[code]!;
    if (OPEN_COUNT[code] === 0) {
      // All sides known: only the hint can fail (corners are the vertex checks' business).
      if (valid === 0) this.contra = true;
      return;
    }
    const roots = this.roots, pars = this.pars, colouring = this.colouring;
    if (colouring) {
      roots[0] = this.find(x); pars[0] = this.fp;
      for (let k = 0; k < 4; k++) { roots[k + 1] = this.find(this.cellNb[o + k]!); pars[k + 1] = this.fp; }
      for (let i = 0; i < 5; i++) {
        for (let j = i + 1; j < 5; j++) {
          if (roots[i] === roots[j]) valid &= CELL_XOR[((i * 5 + j) << 1) | (pars[i]! ^ pars[j]!)]!;
        }
      }
    }
    // Degree 0 or 2 at each corner, given the corner's other two edges.
    const cc = this.cellCorner, b = 8 * x, table = this.upperCorners ? CORNER_UPPER : CORNER_FULL;
    for (let q = 0; q < 4; q++) {
      const e1 = cc[b + 2 * q]!, e2 = cc[b + 2 * q + 1]!;
      valid &= table[q * 9 + (e1 < 0 ? OFF : edges[e1]!) + 1 + 3 * ((e2 < 0 ? OFF : edges[e2]!) + 1)]!;
    }
    if (this.dlines) {
      const r = (x / this.C) | 0, c = x - r * this.C;
      valid = this.cellDlines(r * (this.C + 1) + c, valid);
    }
    if (valid === 0) { this.contra = true; return; }
    for (let k = 0; k < 4; k++) {
      const e = sides[o + k]!;
      if (edges[e] !== UNKNOWN) continue;
      if ((valid & ~SIDE_ON[k]!) === 0) this.setEdge(e, ON);
      else if ((valid & SIDE_ON[k]!) === 0) this.setEdge(e, OFF);
    }
    if (!colouring) return;
    // Relations between neighbours that hold in every surviving assignment.
    for (let i = 1; i < 5; i++) {
      for (let j = i + 1; j < 5; j++) {
        if (roots[i] === roots[j]) continue;
        const t = (i * 5 + j) << 1;
        const same = (valid & CELL_XOR[t]!) !== 0, diff = (valid & CELL_XOR[t | 1]!) !== 0;
        if (same && diff) continue;
        this.union(this.cellNb[o + i - 1]!, this.cellNb[o + j - 1]!, diff ? 1 : 0);
        if (this.contra) return;
        // Roots may have changed; refresh them for the remaining pairs.
        for (let k = 1; k < 5; k++) roots[k] = this.find(this.cellNb[o + k - 1]!);
      }
    }
  }

  /**
   * A cell check's assignments (`valid`, the cell's top-left vertex v0) narrowed by its corners'
   * dlines; what every survivor then says of a corner pair is recorded for the vertex there.
   */
  cellDlines(v0: number, valid: number): number {
    const W = this.C + 1;
    for (let q = 0; q < 4; q++) {
      const i = 4 * (v0 + (q & 1) + (q >> 1) * W) + CORNER_K[q]!;
      const f = this.dline[i]!;
      if (f & DL_ATMOST) valid &= ~CORNER_SUM[q * 3 + 2]!;
      if (f & DL_ATLEAST) valid &= ~CORNER_SUM[q * 3]!;
    }
    if (valid === 0) return 0;
    for (let q = 0; q < 4; q++) {
      const v = v0 + (q & 1) + (q >> 1) * W;
      this.setDline(4 * v + CORNER_K[q]!, (valid & CORNER_SUM[q * 3 + 2]!) === 0, (valid & CORNER_SUM[q * 3]!) === 0, v, -1);
    }
    return valid;
  }

  /** The same for a vertex check: its four dlines narrow `valid` and are recorded for the cells. */
  vertexDlines(v: number, valid: number): number {
    const o = 4 * v;
    for (let k = 0; k < 4; k++) {
      const f = this.dline[o + k]!;
      if (f & DL_ATMOST) valid &= ~VERT_SUM[k * 3 + 2]!;
      if (f & DL_ATLEAST) valid &= ~VERT_SUM[k * 3]!;
    }
    if (valid === 0) return 0;
    for (let k = 0; k < 4; k++) {
      this.setDline(o + k, (valid & VERT_SUM[k * 3 + 2]!) === 0, (valid & VERT_SUM[k * 3]!) === 0, -1, this.vertCells[o + k]!);
    }
    return valid;
  }

  /** Adds flags to dline i; the vertex v or cell x that reads it (-1: the caller itself) is revisited. */
  setDline(i: number, atMost: boolean, atLeast: boolean, v: number, x: number): void {
    const old = this.dline[i]!;
    const f = old | (atMost ? DL_ATMOST : 0) | (atLeast ? DL_ATLEAST : 0);
    if (f === old) return;
    this.w(A_DLINE, i, f);
    if (v >= 0) this.pushVert(v);
    if (x >= 0 && x !== this.OUT) this.pushCell(x);
  }

  vertexCheck(v: number): void {
    const edges = this.edges, o = 4 * v, ve = this.vertEdges;
    const e0 = ve[o]!, e1 = ve[o + 1]!, e2 = ve[o + 2]!, e3 = ve[o + 3]!;
    const code = stateCode(e0 < 0 ? OFF : edges[e0]!, e1 < 0 ? OFF : edges[e1]!, e2 < 0 ? OFF : edges[e2]!, e3 < 0 ? OFF : edges[e3]!);
    let valid = VERT_DEG & KNOWN_MASK[code]!;
    const open = OPEN_COUNT[code]!;
    // With every edge known, the relations around v follow from the edges themselves.
    if (valid === 0 || open === 0) { if (valid === 0) this.contra = true; return; }
    const roots = this.roots, pars = this.pars, colouring = this.colouring;
    if (colouring) {
      for (let k = 0; k < 4; k++) { roots[k] = this.find(this.vertCells[o + k]!); pars[k] = this.fp; }
      for (let i = 0; i < 4; i++) {
        for (let j = i + 1; j < 4; j++) {
          if (roots[i] === roots[j]) valid &= VERT_XOR[((i * 4 + j) << 1) | (pars[i]! ^ pars[j]!)]!;
        }
      }
    }
    // How many of each hinted cell's two sides at v can be ON, given its other sides.
    if (this.vertexHints) {
      const hints = this.hints, cells = this.vertCells, sides = this.cellSides, OUT = this.OUT;
      for (let k = 0; k < 4; k++) {
        const x = cells[o + k]!;
        if (x === OUT) continue;
        const h = hints[x]!;
        if (h < 0) continue;
        // No count meets a hint value above NOT_HINT + 4.
        if (h > 12) { valid = 0; break; }
        // The cell's two sides away from v: how many are ON and open.
        const pair = edges[sides[4 * x + AWAY_SIDES[2 * k]!]!]! + 1 + 3 * (edges[sides[4 * x + AWAY_SIDES[2 * k + 1]!]!]! + 1);
        valid &= VERT_HINT[(k * 13 + h) * 9 + pair]!;
      }
    }
    if (this.dlines) valid = this.vertexDlines(v, valid);
    if (valid === 0) { this.contra = true; return; }
    for (let k = 0; k < 4; k++) {
      const e = ve[o + k]!;
      if (e < 0 || edges[e] !== UNKNOWN) continue;
      if ((valid & ~SIDE_ON[k]!) === 0) this.setEdge(e, ON);
      else if ((valid & SIDE_ON[k]!) === 0) this.setEdge(e, OFF);
    }
    if (!colouring) return;
    // Relations between the four cells (the classic corner reasoning: both-or-neither / one).
    for (let i = 0; i < 4; i++) {
      for (let j = i + 1; j < 4; j++) {
        if (roots[i] === roots[j]) continue;
        const t = (i * 4 + j) << 1;
        const same = (valid & VERT_XOR[t]!) !== 0, diff = (valid & VERT_XOR[t | 1]!) !== 0;
        if (same && diff) continue;
        this.union(this.vertCells[o + i]!, this.vertCells[o + j]!, diff ? 1 : 0);
        if (this.contra) return;
        for (let k = 0; k < 4; k++) roots[k] = this.find(this.vertCells[o + k]!);
      }
    }
  }

  // ---- probing ----
  private probeIdx = new Int32Array(0);
  private probeVal = new Int8Array(0);
  private probeN = 0;
  // Bounding box (in cell rows/cols) of the cells and vertices a probe visited.
  tracking = false;
  br0 = 0; bc0 = 0; br1 = 0; bc1 = 0;
  // Cells changed in the main state during the current probing pass.
  changed: Uint8Array | null = null;
  // After probing: each open edge's probe box (-1 = none) and the cells changed since those
  // probes' pass began; kept with the state so that `refine` re-probes only edges whose box
  // changed (skipping a probe never costs soundness, only possibly a fact).
  keptBox: Int32Array | null = null;
  keptChanged: Uint8Array | null = null;
  // Set by copyWith: boxes inherited from the state copied (with `changed` holding the cells
  // changed since).
  inheritBox: Int32Array | null = null;

  track(r0: number, c0: number, r1: number, c1: number): void {
    if (r0 < this.br0) this.br0 = r0;
    if (c0 < this.bc0) this.bc0 = c0;
    if (r1 > this.br1) this.br1 = r1;
    if (c1 > this.bc1) this.bc1 = c1;
  }

  markChanged(x: number): void {
    if (this.changed && !this.logging && x !== this.OUT) this.changed[x] = 1;
  }

  /**
   * Assumes edge e = val, propagates, and undoes. Returns true on a contradiction; otherwise
   * the edges the assumption fixed are left in probeIdx/probeVal.
   */
  // Work bounds: a probe that writes more than PROBE_WRITES undo entries is dropped as
  // inconclusive, and probing stops once all probes together did more than a total (counted in
  // steps, writes and a fixed cost per probe). Sound either way; every corpus puzzle stays well
  // below both, and huge ambiguous grids no longer take minutes.
  static readonly PROBE_WRITES = 20_000;
  useConnectivity = true;
  // Rule families (DeductionRules; the defaults are every rule).
  upperCorners = false;
  vertexHints = true;
  colouring = true;
  dlines = false;
  aborted = false;
  probeConnectivity = false;
  probeLimit = 0;
  probeWork = 0;

  probe(e: number, val: number): boolean {
    const mark = this.logTop, on = this.onCount, fx = this.fixed;
    this.aborted = false;
    this.probeLimit = mark + Deducer.PROBE_WRITES;
    const pendingCopy = this.pending.length > 0 ? this.pending.slice() : null;
    this.logging = true;
    this.tracking = true;
    this.setEdge(e, val);
    this.propagate();
    if (this.probeConnectivity) {
      while (!this.contra && !this.aborted && this.connectivity()) this.probeWork += this.N;
      this.probeWork += this.N;
    }
    this.tracking = false;
    const bad = this.contra && !this.aborted;
    this.probeWork += 100 + this.logTop - mark; // a probe's fixed cost, then its writes
    if (this.aborted) this.probeN = 0;
    else if (!bad) {
      let n = 0;
      for (let t = mark; t < this.logTop; t++) if (this.logArr[t] === A_EDGE) n++;
      if (this.probeIdx.length < n) { this.probeIdx = new Int32Array(n * 2); this.probeVal = new Int8Array(n * 2); }
      n = 0;
      for (let t = mark; t < this.logTop; t++) {
        if (this.logArr[t] !== A_EDGE) continue;
        const i = this.logIdx[t]!;
        this.probeIdx[n] = i; this.probeVal[n] = this.edges[i]!; n++;
      }
      this.probeN = n;
    }
    // Nothing queued may outlive the probe: its edges are about to be undone.
    this.clearQueues();
    this.undo(mark);
    this.logging = false;
    this.contra = false;
    this.aborted = false;
    this.onCount = on; this.fixed = fx;
    if (pendingCopy) this.pending = pendingCopy;
    else this.pending.length = 0;
    return bad;
  }

  /**
   * True when nothing near edge e carries information (no hint, no fixed side, no known
   * relation, not at the border): assuming e either way then fixes nothing, so skip it.
   */
  quiet(e: number): boolean {
    const u = this.edgeU[e]!, v = this.edgeV[e]!;
    for (const w of [u, v]) {
      for (let k = 0; k < 4; k++) {
        const x = this.vertCells[4 * w + k]!;
        if (x === this.OUT || this.hints[x]! >= 0) return false;
        if (this.parent[x] !== x || this.size[x] !== 1) return false;
        for (let s = 0; s < 4; s++) if (this.edges[this.cellSides[4 * x + s]!] !== UNKNOWN) return false;
      }
    }
    return true;
  }

  probeAll(maxRounds: number, isCancelled?: () => boolean, schedule?: ArrayLike<number>, record?: number[], scheduleOnly = false): void {
    const E = this.E, R = this.R, C = this.C;
    let order: Int32Array | null = scheduleOnly ? new Int32Array(0) : null;
    if (schedule && schedule.length > 0) {
      order = new Int32Array(E);
      const seen = new Uint8Array(E);
      let n = 0;
      for (let i = 0; i < schedule.length; i++) {
        const e = schedule[i]!;
        if (e >= 0 && e < E && !seen[e]) { seen[e] = 1; order[n++] = e; }
      }
      if (scheduleOnly) {
        order = order.subarray(0, n);
      } else {
        for (let e = 0; e < E; e++) if (!seen[e]) order[n++] = e;
      }
    }
    const end = order !== null ? order.length : E;
    // Per edge, the region its last probes read (cells, with a margin); -1 = never probed.
    const inherited = this.inheritBox !== null && this.changed !== null;
    const box = inherited ? this.inheritBox! : new Int32Array(4 * E).fill(-1);
    this.inheritBox = null;
    this.keptBox = null;
    this.keptChanged = null;
    const changed = inherited ? this.changed! : (this.changed = new Uint8Array(this.N));
    const prefix = new Int32Array((R + 1) * (C + 1));
    let idx = new Int32Array(64), val = new Int8Array(64);
    const common: number[] = [];
    const scratch = this.scratch;
    const workLimit = Math.min(10_000_000, Math.max(3_000_000, 200 * E));
    for (let round = 0; round < maxRounds && !this.contra; round++) {
      const before = this.fixed;
      if (round > 0 || inherited) {
        // Prefix sums of the cells changed in the previous pass, for O(1) box queries.
        for (let r = 0; r < R; r++) {
          let row = 0;
          for (let c = 0; c < C; c++) {
            row += changed[r * C + c]!;
            prefix[(r + 1) * (C + 1) + c + 1] = prefix[r * (C + 1) + c + 1]! + row;
          }
        }
        changed.fill(0);
      }
      for (let i = 0; i < end && !this.contra; i++) {
        const e = order !== null ? order[i]! : i;
        if (this.edges[e] !== UNKNOWN) continue;
        if ((isCancelled && (i & 63) === 0 && isCancelled()) || this.probeWork > workLimit) { this.changed = null; return; }
        if ((round > 0 || inherited) && box[4 * e]! >= 0) {
          // Nothing changed where this edge's probes looked: the result would be the same.
          const r0 = box[4 * e]!, c0 = box[4 * e + 1]!, r1 = box[4 * e + 2]! + 1, c1 = box[4 * e + 3]! + 1;
          const W = C + 1;
          const sum = prefix[r1 * W + c1]! - prefix[r0 * W + c1]! - prefix[r1 * W + c0]! + prefix[r0 * W + c0]!;
          if (sum === 0) continue;
        }
        if (this.quiet(e)) continue;
        this.br0 = R; this.bc0 = C; this.br1 = 0; this.bc1 = 0;
        if (this.probe(e, ON)) { record?.push(e); this.setEdge(e, OFF); this.propagate(); box[4 * e] = -1; continue; }
        // Edges fixed under ON, kept for comparison with OFF.
        const n = this.probeN;
        if (idx.length < n) { idx = new Int32Array(2 * n); val = new Int8Array(2 * n); }
        idx.set(this.probeIdx.subarray(0, n)); val.set(this.probeVal.subarray(0, n));
        if (this.probe(e, OFF)) { record?.push(e); this.setEdge(e, ON); this.propagate(); box[4 * e] = -1; continue; }
        // Connectivity reads the whole grid: such probes have no box (always re-probed).
        const m = this.probeConnectivity ? R + C : 2;
        box[4 * e] = Math.max(0, this.br0 - m); box[4 * e + 1] = Math.max(0, this.bc0 - m);
        box[4 * e + 2] = Math.min(R - 1, this.br1 + m); box[4 * e + 3] = Math.min(C - 1, this.bc1 + m);
        // Edges fixed the same way under both assumptions hold in every solution.
        common.length = 0;
        if (this.probeN > 0 && n > 0) {
          for (let t = 0; t < this.probeN; t++) scratch[this.probeIdx[t]!] = this.probeVal[t]! + 1;
          for (let t = 0; t < n; t++) {
            const i = idx[t]!;
            if (i !== e && scratch[i] === val[t]! + 1) common.push(i, val[t]!);
          }
          for (let t = 0; t < this.probeN; t++) scratch[this.probeIdx[t]!] = 0;
        }
        if (common.length > 0) record?.push(e);
        for (let t = 0; t < common.length; t += 2) this.setEdge(common[t]!, common[t + 1]!);
        if (common.length > 0) this.propagate();
      }
      if (this.fixed === before && !(this.useConnectivity && this.connectivity())) {
        if (this.probeConnectivity || !this.useConnectivity || this.N * (this.E - this.fixed) > 2_000_000) break;
        // Plain probing is stuck: probe again, now checking connectivity inside every probe
        // (O(cells) per probe, so only once cheaper passes found nothing more).
        this.probeConnectivity = true;
        box.fill(-1);
      }
    }
    // Every box is still valid but for the cells in `changed` (see keptBox); not so for the
    // edges a partial (scheduled-only) pass did not visit: `changed` no longer holds what
    // changed since their probes, so they count as never probed.
    if (scheduleOnly) {
      const visited = this.scratch;
      for (let i = 0; i < end; i++) visited[order![i]!] = 1;
      for (let e = 0; e < E; e++) {
        if (!visited[e]) box[4 * e] = -1;
        visited[e] = 0;
      }
    }
    this.keptBox = box;
    this.keptChanged = changed;
    this.changed = null;
  }

  private _scratch: Int8Array | null = null;
  get scratch(): Int8Array {
    if (!this._scratch) this._scratch = new Int8Array(this.E);
    return this._scratch;
  }

  // ---- connectivity of the inside and of the outside ----
  private cColour = new Int8Array(0);
  private cDisc = new Int32Array(0);
  private cLow = new Int32Array(0);
  private cKnown = new Int32Array(0); // known nodes of the target colour in the DFS subtree
  private cStack = new Int32Array(0);
  private cIter = new Int32Array(0);
  private cParent = new Int32Array(0);

  /** Neighbour i of node x in the graph of cells plus the outside node. */
  private cNeighbour(x: number, i: number): number {
    if (x !== this.OUT) return this.cellNb[4 * x + i]!;
    const R = this.R, C = this.C;
    if (i < C) return i;
    i -= C;
    if (i < C) return (R - 1) * C + i;
    i -= C;
    if (i < R) return i * C;
    return (i - R) * C + C - 1;
  }

  /**
   * The inside cells are 4-connected, and so are the outside cells with the region beyond the
   * grid (a simple loop has no pinch vertex). Nodes that cannot reach the known nodes of a
   * colour without crossing the other colour take the other colour; a node whose removal
   * would cut known nodes of a colour apart has that colour. Returns true if it fixed anything.
   */
  connectivity(): boolean {
    const N = this.N, OUT = this.OUT, M = N + 1;
    if (this.cColour.length !== M) {
      this.cColour = new Int8Array(M); this.cDisc = new Int32Array(M); this.cLow = new Int32Array(M);
      this.cKnown = new Int32Array(M); this.cStack = new Int32Array(M); this.cIter = new Int32Array(M);
      this.cParent = new Int32Array(M);
    }
    const before = this.fixed;
    const outDeg = 2 * (this.R + this.C);
    let colouredAt = -1;
    for (let t = 1; t >= 0 && !this.contra; t--) {
      const colour = this.cColour;
      // Colours change only by a merge (and once computed, every path is compressed).
      if (colouredAt !== this.merges) {
        const ro = this.find(OUT), po = this.fp;
        for (let x = 0; x < N; x++) colour[x] = this.find(x) === ro ? this.fp ^ po : -1;
        colour[OUT] = 0;
        colouredAt = this.merges;
      }
      let start = -1;
      for (let x = 0; x <= N && start < 0; x++) if (colour[x] === t) start = x;
      if (start < 0) continue;
      // Iterative DFS (Tarjan's low links) over the nodes not of colour 1 - t.
      const disc = this.cDisc, low = this.cLow, kn = this.cKnown, stack = this.cStack, it = this.cIter, par = this.cParent;
      disc.fill(0);
      const mustBe: number[] = [];
      let time = 0, sp = 0;
      disc[start] = ++time; low[start] = time; kn[start] = 1; it[start] = 0; par[start] = -1;
      stack[sp++] = start;
      while (sp > 0) {
        const x = stack[sp - 1]!;
        const deg = x === OUT ? outDeg : 4;
        let pushed = false;
        while (it[x]! < deg) {
          const y = this.cNeighbour(x, it[x]!);
          it[x]!++;
          if (colour[y] === 1 - t || y === par[x]) continue;
          if (disc[y] === 0) {
            disc[y] = ++time; low[y] = time; kn[y] = colour[y] === t ? 1 : 0; it[y] = 0; par[y] = x;
            stack[sp++] = y;
            pushed = true;
            break;
          }
          if (disc[y]! < low[x]!) low[x] = disc[y]!;
        }
        if (pushed) continue;
        sp--;
        const p = par[x]!;
        if (p < 0) continue;
        if (low[x]! < low[p]!) low[p] = low[x]!;
        // Without p, x's subtree is cut off from the start (a known node): if the subtree holds a
        // known node too, p has colour t.
        if (low[x]! >= disc[p]! && kn[x]! > 0 && colour[p] !== t) mustBe.push(p);
        kn[p]! += kn[x]!;
      }
      // Nodes not reached cannot join the start: they have the other colour.
      for (let x = 0; x <= N; x++) {
        if (colour[x] === 1 - t || disc[x] !== 0) continue;
        if (colour[x] === t) { this.contra = true; this.clearQueues(); return true; }
        this.union(x, OUT, t === 1 ? 0 : 1);
        if (this.contra) { this.clearQueues(); return true; }
      }
      for (const z of mustBe) {
        this.union(z, OUT, t);
        if (this.contra) { this.clearQueues(); return true; }
      }
      this.propagate();
    }
    return this.fixed !== before || this.contra;
  }

  /** A copy of this (finished) state with more hints; the caller queues what they touch. */
  copyWith(hints: Int8Array): Deducer {
    const reuse = released(this.R, this.C);
    const d = new Deducer(this.R, this.C, hints, reuse);
    for (let a = 0; a < this.arrs.length; a++) (d.arrs[a] as Int32Array).set(this.arrs[a] as Int32Array);
    d.onCount = this.onCount;
    d.fixed = this.fixed;
    d.pending = this.pending.slice();
    if (this.keptBox && this.keptChanged) {
      // The probes' boxes stay valid where nothing changes: the copy records what does.
      const box = reuse?.keptBox ?? reuse?.inheritBox, changed = reuse?.keptChanged ?? reuse?.changed;
      d.inheritBox = box && box.length === this.keptBox.length ? (box.set(this.keptBox), box) : this.keptBox.slice();
      d.changed = changed && changed.length === this.keptChanged.length ? (changed.set(this.keptChanged), changed) : this.keptChanged.slice();
    }
    return d;
  }

  finish(): Deduction {
    if (!this.contra && this.fixed === this.E && this.onCount === 0) this.contra = true; // no loop at all
    const inside = new Int8Array(this.N).fill(-1);
    const ro = this.find(this.OUT), po = this.fp;
    for (let x = 0; x < this.N; x++) {
      if (this.find(x) === ro) inside[x] = this.fp ^ po;
    }
    return { edges: this.edges, inside, contradiction: this.contra, fixed: this.fixed };
  }
}


function effectiveHints(puzzle: { rows: number; cols: number; hints: Int8Array }, options: DeduceOptions): Int8Array {
  // Cells beyond a short hint array have no hint; extra entries are ignored.
  const n = Math.max(0, puzzle.rows * puzzle.cols);
  const hints = new Int8Array(n).fill(-1);
  hints.set((options.hints ?? puzzle.hints).subarray(0, n));
  if (options.ignoreHint !== undefined && options.ignoreHint >= 0 && options.ignoreHint < hints.length) {
    hints[options.ignoreHint] = -1;
  }
  return hints;
}

// Final states of deductions made with `keepState`, for `refine`.
const states = new WeakMap<Deduction, Deducer>();

// States handed back by `release`, all of one grid size, for the next copies to reuse: a copy
// then allocates nothing (a fresh one costs ~100 KB on a 30x40, the most of a cheap refine).
const pool: Deducer[] = [];
const POOL_SIZE = 8;

/** A released state of this size to reuse, if any. */
function released(rows: number, cols: number): Deducer | undefined {
  const d = pool.pop();
  if (d && d.R === rows && d.C === cols) return d;
  pool.length = 0;
  return undefined;
}

/**
 * Hands the state kept with `d` (made with keepState) back for reuse by later copies. The caller
 * promises to pass `d` to nothing again but for its `edges` and `inside`, which stay valid.
 */
export function release(d: Deduction): void {
  const s = states.get(d);
  if (!s) return;
  states.delete(d);
  // Only a state at rest: empty queues (all membership flags clear), not inside a probe or search.
  if (s.logging || s.edgeTop > 0 || s.cellTop > 0 || s.vertTop > 0) return;
  if (pool.length > 0 && (pool[0]!.R !== s.R || pool[0]!.C !== s.C)) pool.length = 0;
  if (pool.length < POOL_SIZE) pool.push(s);
}

/** The final state kept with a deduction made with `keepState` (for searches that continue it). */
export function keptState(d: Deduction): Deducer | undefined {
  return states.get(d);
}

function run(d: Deducer, options: DeduceOptions): Deduction {
  const rules = options.rules;
  if (rules) {
    d.upperCorners = rules.corners === 'upper';
    d.vertexHints = rules.hintsAtVertices !== false;
    d.colouring = rules.colouring !== false;
    d.dlines = rules.dlines === true;
  }
  if (options.edges) {
    const given = options.edges;
    for (let e = 0; e < d.E && e < given.length; e++) {
      const s = given[e]!;
      if (s === ON || s === OFF) d.setEdge(e, s);
    }
  }
  d.propagate();
  d.useConnectivity = options.connectivity !== false;
  const stop = stopOf(options);
  while (!d.contra && d.useConnectivity && !stop?.() && d.connectivity());
  if (!d.contra && !stop?.()) {
    d.probeAll(options.maxRounds ?? 8, stop, options.schedule, options.record, options.scheduleOnly === true);
  }
  const result = d.finish();
  if (options.keepState && !d.contra) {
    // The caller owns the result; the kept state must not change under it.
    result.edges = Int8Array.from(result.edges);
    states.set(result, d);
  }
  return result;
}

/** Cancellation or the deadline, as one check for the probing loop (undefined: never stop). */
function stopOf(options: DeduceOptions): (() => boolean) | undefined {
  const { isCancelled, deadline } = options;
  if (deadline === undefined) return isCancelled;
  return () => Date.now() > deadline || (isCancelled !== undefined && isCancelled());
}

export function deduce(
  puzzle: { rows: number; cols: number; hints: Int8Array },
  options: DeduceOptions = {},
): Deduction {
  const { rows, cols } = puzzle;
  const hints = effectiveHints(puzzle, options);
  if (rows <= 0 || cols <= 0) {
    return { edges: new Int8Array(0), inside: new Int8Array(0), contradiction: true, fixed: 0 };
  }
  const d = new Deducer(rows, cols, hints);
  for (let x = 0; x < d.N; x++) if (!validHint(hints[x]!)) d.contra = true;
  for (let x = 0; x < d.N; x++) d.pushCell(x);
  for (let v = 0; v < d.V; v++) d.pushVert(v);
  return run(d, options);
}

/**
 * The deduction for `puzzle` (with `options` as in `deduce`), starting from `base`: a deduction
 * of the same grid whose hints are a subset of these (each of base's hints present here with
 * the same value), and assuming the edges base was given. Sound because whatever fewer hints
 * imply, more hints imply too. Typical use:
 * redundant-hint tests deduce P minus a small group G from the deduction of P minus a larger
 * block B containing G. When `base` was made with `keepState`, its final state is copied and
 * only the cells whose hint came back are revisited (much cheaper than starting over);
 * otherwise this is `deduce` with base's edges as given edges.
 */
export function refine(
  puzzle: { rows: number; cols: number; hints: Int8Array },
  base: Deduction,
  options: DeduceOptions = {},
): Deduction {
  const { rows, cols } = puzzle;
  const hints = effectiveHints(puzzle, options);
  const src = states.get(base);
  let subset = !!src && src.R === rows && src.C === cols && hints.length === rows * cols;
  for (let x = 0; subset && x < hints.length; x++) {
    const h = src!.hints[x]!;
    if (h >= 0 && hints[x] !== h) subset = false;
  }
  if (!subset || base.contradiction) {
    // A kept state shows when base's hints are not a subset: then base says nothing here.
    if (src || base.contradiction || base.edges.length !== new Grid(rows, cols).edgeCount) return deduce(puzzle, options);
    const given = Int8Array.from(base.edges);
    if (options.edges) {
      for (let e = 0; e < given.length && e < options.edges.length; e++) {
        const s = options.edges[e]!;
        if (s === ON || s === OFF) {
          if (given[e] !== UNKNOWN && given[e] !== s) return { edges: given, contradiction: true, fixed: 0 };
          given[e] = s;
        }
      }
    }
    // Without a kept state base's hints are unknown here: its edges are trusted as given.
    return deduce(puzzle, { ...options, edges: given });
  }
  const d = src!.copyWith(hints);
  for (let x = 0; x < d.N; x++) {
    if (src!.hints[x] === hints[x]) continue;
    if (!validHint(hints[x]!)) d.contra = true;
    // The hint of x is read by x's cell check and by the vertex checks at its corners.
    d.markChanged(x);
    d.pushCell(x);
    d.pushCorners(x);
  }
  return run(d, options);
}
