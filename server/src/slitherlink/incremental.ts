/**
 * Incremental Slitherlink checking for an editor: one session per document keeps what the last
 * check built (the deduction, the ZDD, and the engine's resume data), and the next check of an
 * edited puzzle rebuilds only the ZDD levels below the first place where the edit can change the
 * spec's behaviour. Same verdict, count and solutions as `checkSlitherlink` (same deduction, same
 * spec, same edge order); the redundant-hint search for unique puzzles is not incremental.
 *
 * Tilings (puzzle.tiling) go the same way through `checkTilingSlitherlink` with this session as
 * its solver: the lattice deduction is reused when the hints are the same, and the diagram is
 * reused or resumed by the reasoning below, which reads only the spec's tables (edge ends, the
 * cells beside each edge, each cell's edges, the order): on a lattice the faces are the cells.
 *
 * Level numbering. `SlitherlinkSpec` numbers its variables (the open edges) from the bottom, so
 * its levels all shift when deduction opens or fixes one more edge anywhere. The session runs it
 * through `ShiftedSpec`, which adds a constant so that open edge k (in processing order) is level
 * `edgeCount - k` whatever the number of open edges: an edit near the end then leaves the upper
 * levels' numbers as they were, which is what resuming needs.
 *
 * What a transition reads (SlitherlinkSpec, full edge order `gridEdgeOrder`): the transition of
 * open edge e at index k, with its forced run up to the next open index j, reads, for every
 * index i <= j, the "inputs of i": the fixed state of edge order[i], the hint of each cell beside
 * it and the fixed states of that cell's four edges (initial need, open edges left, when the
 * counter slot is freed), and the fixed states of the edges at its two ends (when a vertex leaves
 * the frontier; fixed-off edges are not in the spec's order). Slot numbers depend only on the
 * inputs of earlier indices. Two global look-aheads are read when a loop closes at index i:
 * "a fixed-on edge comes after i" and "a hinted cell that still needs edges starts after i";
 * both are booleans that flip once, at the last such index, so comparing those two indices
 * covers them. The state layout depends on the number of vertex slots (must be equal) and the
 * width (a narrower new spec is padded with zero words).
 *
 * So with `a` = the first index whose inputs (or look-aheads) differ, every transition whose
 * next open index is below `a` behaves as before, and the highest level that may behave
 * differently is that of the last open edge before `a`. The engine resumes from its lowest
 * checkpoint at or above it.
 */
import { Grid } from '../model/grid';
import type { SlitherlinkPuzzle } from './puzzle';
import { deduce, type Deduction } from './deduce';
import { RedundancyMemo } from './redundancyMemo';
import { SlitherlinkSpec, tablesFor, type GridTables } from './spec';
import type { Lattice } from '../model/lattice';
import { checkTilingSlitherlink } from './checkTiling';
import { allowedCounts, deduceLattice, type LatticeDeduction } from './latticeDeduce';
import { buildZdd, type ResumeData } from '../zdd/build';
import { StopError, stopNow, type RunControl } from '../zdd/control';
import { ACCEPT, REJECT, type Spec } from '../zdd/spec';
import type { Zdd } from '../zdd/zdd';
import { checkSlitherlink, isSlitherlinkDraft, loopsOutcome, loopWitnesses, stepControl } from './check';
import { loopUsage } from './usage';
import { decide, type Outcome, type Timed } from '../analysis/witnesses';
import type { CheckOptions } from '../analysis/options';
import type { CheckResult } from '../analysis/result';

/** Same threshold as checkSlitherlink: such grids take its short path (no ZDD). */
const EMPTY_COUNT_MAX_SIDE = 8;

export interface SessionOptions {
  /**
   * Memory the session may keep for resuming (engine child references and checkpoints), in
   * bytes. Default 192 MB. Beyond it the resume data is dropped (the next check is cold).
   */
  maxBytes?: number;
  /** Aim for about this many checkpoints over the levels (default 64), fewer if they would not fit. */
  checkpoints?: number;
}

/** How the last check went (for tests, the benchmark and logs). */
export interface IncrementalStats {
  /**
   * `cold`: built from the root; `resumed`: restarted at a stored level; `same`: nothing the
   * spec reads changed, the previous diagram was reused; `none`: no diagram was needed
   * (contradiction, or a short path of checkSlitherlink).
   */
  mode: 'cold' | 'resumed' | 'same' | 'none';
  /** Why the previous build could not be used (cold only). */
  reason?: string;
  /** Levels (open edges counted from the top) of the diagram, and where the build started. */
  levels: number;
  /** Open edges decided above the level the build restarted from (0 when cold). */
  reusedLevels: number;
  /** Open edges above the first level the edit may change (what could at best be reused). */
  unchangedLevels: number;
  deduceMs: number;
  buildMs: number;
  /** States created by this build (a resumed build counts only the new ones). */
  nodes: number;
  /** Memory kept for the next check. */
  keptBytes: number;
}

/** Per board (grid size or tiling): the edge order and, per edge / cell, the first order index whose inputs read it. */
interface Geometry {
  key: string;
  board: Grid | Lattice;
  tables: GridTables;
  edgeCount: number;
  order: Int32Array;
  /** index[e]: position of edge e in `order`. */
  index: Int32Array;
  /** Smallest index whose inputs include the fixed state of edge e. */
  firstReaderOfEdge: Int32Array;
  /** Smallest index whose inputs include the hint of cell c (the first of its sides). */
  firstReaderOfCell: Int32Array;
}

const geometries = new Map<string, Geometry>();

/** The geometry of a square grid (key `RxC`) or a lattice (key naming its tiling), from the spec's own tables. */
function geometry(key: string, board: Grid | Lattice): Geometry {
  const hit = geometries.get(key);
  if (hit) return hit;
  const t = tablesFor(board);
  const m = t.edgeCount;
  const order = t.order;
  const index = new Int32Array(m);
  for (let i = 0; i < m; i++) index[order[i]] = i;
  const atVertex: number[][] = Array.from({ length: t.vertexCount }, () => []);
  for (let e = 0; e < m; e++) {
    atVertex[t.ends[2 * e]].push(e);
    atVertex[t.ends[2 * e + 1]].push(e);
  }
  const firstReaderOfCell = new Int32Array(t.cellCount);
  for (let c = 0; c < t.cellCount; c++) {
    let best = m;
    for (let k = t.cellOff[c]; k < t.cellOff[c + 1]; k++) best = Math.min(best, index[t.cellEdges[k]]);
    firstReaderOfCell[c] = best;
  }
  // The inputs of index i (edge f) read the fixed state of f, of the sides of f's cells and of
  // the edges at f's ends. Reversed: edge e is read by e itself, the sides of e's cells and the
  // edges at e's ends (both relations are symmetric).
  const firstReaderOfEdge = new Int32Array(m);
  for (let e = 0; e < m; e++) {
    let best = index[e];
    for (let k = 0; k < 2; k++) {
      const cell = t.sides[2 * e + k];
      if (cell >= 0) best = Math.min(best, firstReaderOfCell[cell]);
      for (const f of atVertex[t.ends[2 * e + k]]) best = Math.min(best, index[f]);
    }
    firstReaderOfEdge[e] = best;
  }
  const g: Geometry = { key, board, tables: t, edgeCount: m, order, index, firstReaderOfEdge, firstReaderOfCell };
  if (geometries.size > 8) geometries.clear();
  geometries.set(key, g);
  return g;
}

/**
 * SlitherlinkSpec with levels shifted by a constant (open edge k is level `edgeCount - k`) and
 * the state padded with zero words to `width`.
 */
class ShiftedSpec implements Spec {
  event = -1;
  constructor(readonly inner: SlitherlinkSpec, readonly shift: number, readonly width: number) {}
  root(s: Int32Array, off: number): number {
    for (let i = this.inner.width; i < this.width; i++) s[off + i] = 0;
    const r = this.inner.root(s, off);
    return r === REJECT || r === ACCEPT ? r : r + this.shift;
  }
  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    const r = this.inner.child(s, off, level - this.shift, take);
    return r === REJECT || r === ACCEPT ? r : r + this.shift;
  }
}

/** What the last successful build read, and what it left for the next one. */
interface Built {
  /** The board (geometry key). */
  key: string;
  hints: Int8Array;
  /** What deduction fixed (per edge -1 open / 0 off / 1 on). */
  fixed: Int8Array;
  /** Indices (in the full order) of the last fixed-on edge and of the last start of a cell that still needs edges (-1: none). */
  lastFixedOn: number;
  lastPendingStart: number;
  vertexSlots: number;
  width: number;
  spec: SlitherlinkSpec;
  shift: number;
  zdd: Zdd;
  count: bigint;
  resume: ResumeData | null;
  /** States per level on average (for choosing the checkpoint spacing next time). */
  statesPerLevel: number;
}

export class SlitherlinkSession {
  private last: Built | null = null;
  /** The deduction of the last hints checked (even when the build then stopped). */
  private lastDeduction: { rows: number; cols: number; hints: Int8Array; d: Deduction; schedule: number[] } | null = null;
  /** The lattice deduction of the last tiling hints checked. */
  private lastTilingDeduction: { key: string; hints: Int8Array; d: LatticeDeduction } | null = null;
  stats: IncrementalStats | null = null;
  private readonly maxBytes: number;
  private readonly checkpoints: number;
  private memo: RedundancyMemo | null = null;

  constructor(options: SessionOptions = {}) {
    this.maxBytes = options.maxBytes ?? 192 * 2 ** 20;
    this.checkpoints = Math.max(1, options.checkpoints ?? 64);
  }

  /** Memory held for the next check (approximate). */
  get bytes(): number {
    const l = this.last;
    const memo = this.memo?.bytes ?? 0;
    if (!l) return memo;
    return (l.resume?.bytes ?? 0) + l.zdd.size * 12 + l.hints.length + l.fixed.length + memo;
  }

  /** Forget everything (the next check is cold). */
  clear(): void {
    this.last = null;
    this.lastDeduction = null;
    this.lastTilingDeduction = null;
    this.memo = null;
  }

  /**
   * What the redundant-hint searches of this document proved so far (slitherlink/redundancyMemo.ts),
   * for a grid of this size: a new memo when the size changed.
   */
  redundancyMemo(rows: number, cols: number): RedundancyMemo {
    if (!this.memo?.fits(rows, cols)) this.memo = new RedundancyMemo(rows, cols);
    return this.memo;
  }

  /** `checkSlitherlink(puzzle, options)`, reusing what the previous check of this session built. */
  check(puzzle: SlitherlinkPuzzle, options: CheckOptions = {}): CheckResult {
    if (puzzle.tiling) return this.checkTiling(puzzle, options);
    const t0 = performance.now();
    const { rows, cols } = puzzle;
    const hints = puzzle.hints;
    let hinted = 0;
    for (let i = 0; i < hints.length; i++) if (hints[i] >= 0) hinted++;
    if (rows <= 0 || cols <= 0 || (hinted === 0 && Math.min(rows, cols) > EMPTY_COUNT_MAX_SIDE)) {
      this.stats = emptyStats('none');
      return checkSlitherlink(puzzle, options);
    }
    const base = { kind: 'slitherlink' as const, rows, cols, errors: [] };
    const done = (r: Omit<CheckResult, 'kind' | 'rows' | 'cols' | 'errors' | 'ms'>): CheckResult => ({
      ...base, ...r, ms: Math.round((performance.now() - t0) * 100) / 100,
    });
    const control = options.control;
    const sub = stepControl(control);
    const stats = emptyStats('none');
    this.stats = stats;
    const grid = new Grid(rows, cols);
    const counted = (run: Timed): Outcome => {
      const td = performance.now();
      const d = this.deduce(puzzle, run);
      stats.deduceMs = performance.now() - td;
      if (d.contradiction) return { verdict: 'none', count: '0' };
      const b = this.build(geometry(`${rows}x${cols}`, grid), hints, d.edges, run, stats);
      const { zdd, count, spec, shift } = b;
      const edgesOf = (levels: number[]): number[] => spec.edgesOf(levels.map((L) => L - shift));
      // As checkSlitherlink; redundant hints are not incremental (unique puzzles are mostly settled by deduction).
      return loopsOutcome(puzzle, grid, {
        count,
        first: () => edgesOf(zdd.first()),
        second: () => edgesOf(zdd.kth(1n)),
        usage: () => loopUsage(grid, spec, zdd, shift),
      }, { ...options, redundancyMemo: this.redundancyMemo(rows, cols) }, sub, this.lastDeduction?.schedule);
    };
    try {
      const draft = options.witnesses === true && isSlitherlinkDraft(puzzle, hinted);
      return done(decide(options, draft, sub(), (run) => loopWitnesses(puzzle, grid, run, options, sub), counted));
    } catch (e) {
      if (!(e instanceof StopError)) throw e;
      return done({ verdict: 'unknown', count: null, stopped: e.stopped });
    }
  }

  /**
   * `checkTilingSlitherlink(puzzle, options)` with its deduction reused when the hints are the
   * same and its diagram reused or resumed as on squares (the spec and the reasoning above are
   * the same on a lattice's tables: its faces are the cells).
   */
  private checkTiling(puzzle: SlitherlinkPuzzle, options: CheckOptions): CheckResult {
    const stats = emptyStats('none');
    this.stats = stats;
    const t = puzzle.tiling!;
    const key = `tiling ${t.name} ${t.width}x${t.height} ${t.desc ?? ''}`;
    return checkTilingSlitherlink(puzzle, options, {
      deduce: (lattice, hints, control) => {
        const td = performance.now();
        const ld = this.lastTilingDeduction;
        if (ld && ld.key === key && sameBytes(ld.hints, hints)) return ld.d;
        const d = deduceLattice(lattice, allowedCounts(hints), { deadline: control.deadline, isCancelled: control.isCancelled });
        // Cut short by the deadline or cancelled, it is sound but weaker: used, not kept.
        if (Date.now() < control.deadline && !control.isCancelled?.()) this.lastTilingDeduction = { key, hints: Int8Array.from(hints), d };
        stats.deduceMs = performance.now() - td;
        return d;
      },
      build: (lattice, hints, control, fixed) => {
        const b = this.build(geometry(key, lattice), hints, fixed, control ?? {}, stats);
        return { spec: b.spec, zdd: b.zdd, nodes: stats.nodes, shift: b.shift };
      },
    });
  }

  /** The probing order recorded when these very hints were deduced last (RedundancyOptions.schedule), if they were. */
  scheduleFor(puzzle: SlitherlinkPuzzle): readonly number[] | undefined {
    const ld = this.lastDeduction;
    return ld && ld.rows === puzzle.rows && ld.cols === puzzle.cols && sameBytes(ld.hints, puzzle.hints) ? ld.schedule : undefined;
  }

  /** Deduction depends only on the hints: the same hints give the same edges. */
  private deduce(puzzle: SlitherlinkPuzzle, control: RunControl | undefined): Deduction {
    const ld = this.lastDeduction;
    if (ld && ld.rows === puzzle.rows && ld.cols === puzzle.cols && sameBytes(ld.hints, puzzle.hints)) return ld.d;
    // The probing order is recorded for the redundant-hint search, which would deduce P again for it.
    const schedule: number[] = [];
    const d = deduce(puzzle, { isCancelled: control?.isCancelled, deadline: control?.deadline, record: schedule });
    // Stopped early, the deduction is sound but weaker: neither used nor kept for later checks
    // (a contradiction is an answer however late).
    const stop = stopNow(control, 'during deduction');
    if (stop && (stop.stopped.limit === 'cancelled' || !d.contradiction)) throw stop;
    this.lastDeduction = { rows: puzzle.rows, cols: puzzle.cols, hints: Int8Array.from(puzzle.hints), d, schedule };
    return d;
  }

  /** The ZDD of the loops over the open edges: reused, resumed or cold. Throws StopError. */
  private build(geo: Geometry, hints: Int8Array, fixed: Int8Array, control: RunControl, stats: IncrementalStats): Built {
    const m = geo.edgeCount;
    const spec = new SlitherlinkSpec(geo.board, hints, { fixed });
    const shift = m - spec.levels;
    const lookahead = lookaheads(geo, hints, fixed);
    stats.levels = spec.levels;

    // The first order index whose inputs differ from the last build's, and the level to resume at.
    const last = this.last;
    let resumeLevel = 0; // 0: cold
    let reason = 'no earlier build';
    let width = spec.width;
    if (last && last.key === geo.key) {
      let a = m;
      const oldFixed = last.fixed;
      for (let e = 0; e < m; e++) if (oldFixed[e] !== fixed[e] && geo.firstReaderOfEdge[e] < a) a = geo.firstReaderOfEdge[e];
      for (let c = 0; c < hints.length; c++) if (last.hints[c] !== hints[c] && geo.firstReaderOfCell[c] < a) a = geo.firstReaderOfCell[c];
      if (last.lastFixedOn !== lookahead.lastFixedOn) a = Math.min(a, last.lastFixedOn, lookahead.lastFixedOn);
      if (last.lastPendingStart !== lookahead.lastPendingStart) a = Math.min(a, last.lastPendingStart, lookahead.lastPendingStart);
      // Open edges before index a (the same in both builds: their fixed states are inputs there).
      let openBefore = 0;
      while (openBefore < spec.levels && geo.index[spec.openEdges[openBefore]] < a) openBefore++;
      stats.unchangedLevels = Math.max(0, openBefore - 1);
      if (spec.vertexSlots !== last.vertexSlots) reason = 'the frontier layout changed';
      else if (spec.width > last.width) reason = 'the state grew wider';
      else if (a >= m && spec.levels === last.spec.levels) {
        // Nothing the spec reads changed: the same diagram.
        stats.mode = 'same';
        stats.unchangedLevels = spec.levels;
        stats.reusedLevels = spec.levels;
        stats.keptBytes = this.bytes;
        return { ...last, hints: Int8Array.from(hints), fixed: Int8Array.from(fixed), spec, shift };
      } else if (openBefore === 0) reason = 'the edit changes the first level';
      else if (!last.resume) reason = 'no resume data kept';
      else {
        // The last open edge before `a`: its transition lands at or after `a`.
        resumeLevel = m - (openBefore - 1);
        width = last.width;
      }
    }

    // Checkpoints every `every` levels: about `checkpoints` of them, fewer if the last build
    // suggests they would not fit (a checkpoint holds about one level's states).
    const levelBytes = Math.max(1, (last?.statesPerLevel ?? 0) * width * 4);
    const affordable = Math.max(2, Math.floor(this.maxBytes / 4 / levelBytes));
    const every = Math.max(1, Math.ceil(spec.levels / Math.min(this.checkpoints, affordable)));
    const wrapped = new ShiftedSpec(spec, shift, width);
    const tb = performance.now();
    let r: ReturnType<typeof buildZdd>;
    try {
      r = buildZdd(wrapped, control, {
        checkpointEvery: every,
        checkpointBudgetBytes: Math.floor(this.maxBytes / 2),
        ...(resumeLevel > 0 && last?.resume ? { resume: last.resume, resumeLevel } : {}),
      });
    } catch (e) {
      throw e instanceof StopError ? unshifted(e, m, spec.levels) : e;
    }
    stats.buildMs = performance.now() - tb;
    stats.nodes = r.stats.nodesCreated;
    if (r.stats.resumedFrom > 0) {
      stats.mode = 'resumed';
      stats.reusedLevels = m - r.stats.resumedFrom;
    } else {
      stats.mode = 'cold';
      stats.reason = resumeLevel > 0 ? 'no checkpoint at or above the changed level' : reason;
    }
    let resume = r.resume ?? null;
    if (resume && resume.bytes > this.maxBytes) resume = null;
    const built: Built = {
      key: geo.key,
      hints: Int8Array.from(hints),
      fixed: Int8Array.from(fixed),
      lastFixedOn: lookahead.lastFixedOn,
      lastPendingStart: lookahead.lastPendingStart,
      vertexSlots: spec.vertexSlots,
      width,
      spec,
      shift,
      zdd: r.zdd,
      count: r.zdd.count(),
      resume,
      statesPerLevel: r.stats.nodesCreated / Math.max(1, spec.levels),
    };
    this.last = built;
    stats.keptBytes = this.bytes;
    return built;
  }
}

/** The two look-ahead thresholds of SlitherlinkSpec (see the module comment), as order indices. */
function lookaheads(geo: Geometry, hints: Int8Array, fixed: Int8Array): { lastFixedOn: number; lastPendingStart: number } {
  const { tables: t, index } = geo;
  let lastFixedOn = -1;
  for (let e = 0; e < fixed.length; e++) if (fixed[e] === 1 && index[e] > lastFixedOn) lastFixedOn = index[e];
  let lastPendingStart = -1;
  for (let c = 0; c < t.cellCount; c++) {
    const h = hints[c];
    if (h < 0) continue;
    let on = 0, first = Infinity;
    for (let k = t.cellOff[c]; k < t.cellOff[c + 1]; k++) {
      const e = t.cellEdges[k];
      if (fixed[e] === 1) on++;
      else if (fixed[e] < 0 && index[e] < first) first = index[e];
    }
    if (h - on > 0 && first !== Infinity && first > lastPendingStart) lastPendingStart = first;
  }
  return { lastFixedOn, lastPendingStart };
}

/**
 * A stop of the shifted build as the cold build reports it: the place counted from the top is the
 * same, the levels are `levels` not `top`, and so is the progress.
 */
function unshifted(e: StopError, top: number, levels: number): StopError {
  if (top === levels || levels <= 0) return e;
  const s = e.stopped;
  const at = new RegExp(`at level (\\d+) of ${top}\\b`).exec(s.message);
  if (!at) return e;
  // The build stopped at the `place`-th level from the top: progress (place - 1) / levels.
  const place = Number(at[1]);
  const message = s.message.replace(at[0], `at level ${place} of ${levels}`);
  return new StopError({ ...s, message, progress: Math.max(0, Math.min(1, (place - 1) / levels)) });
}

function emptyStats(mode: IncrementalStats['mode']): IncrementalStats {
  return { mode, levels: 0, reusedLevels: 0, unchangedLevels: 0, deduceMs: 0, buildMs: 0, nodes: 0, keptBytes: 0 };
}

function sameBytes(a: Int8Array, b: Int8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
