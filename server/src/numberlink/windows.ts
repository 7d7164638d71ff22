/**
 * A second solution near a first one, window by window: every edge outside a square window fixed
 * as the first solution has it, the depth-first search over the path-matching spec for a solution
 * that differs from the first (zdd/specs/differs.ts), with deduction's propagator following it
 * (pathFilter.ts). What it finds equals the first outside the window and differs inside it, so it
 * is a second solution of the whole puzzle (the caller checks it against the rules all the same).
 *
 * Why: under plain `fill` no cell is free, so the local changes of pathSearch.ts (which move paths
 * through free cells) find nothing, and the search for a different solution over the whole grid
 * gets lost on a 50x50. The first solution there comes from the fill-notouch search (witness.ts),
 * and one that never runs alongside itself often has a neighbour that does, a few cells away: a
 * path that folds back beside itself inside a window, where the first one went straight.
 */
import type { NumberlinkRule } from './puzzle';
import { StopError } from '../zdd/control';
import { planFrontier } from '../zdd/frontier';
import { DeadStates, searchSet } from '../zdd/search';
import { DiffersSpec } from '../zdd/specs/differs';
import { Propagator } from './deduce';
import { defaultSweep, sweepOrder, type NumberlinkInstance } from './instance';
import { PropagatingFilter } from './pathFilter';
import { edgesToPaths } from './paths';
import { NumberlinkSpec } from './spec';

export interface WindowOptions {
  /** Date.now() after which the search gives up (null). */
  deadline: number;
  isCancelled?: () => boolean;
  /** Window sides tried, in order; each side's windows overlap by half (default [4, 6]). */
  sides?: number[];
  /** Dead states of the search in one window (default 2000). */
  windowNodes?: number;
  /** Dead states of all the windows' searches together (the check's node limit; default none). */
  maxNodes?: number;
}

/** A solution that differs from `first` in one window and equals it elsewhere, or null when none was found. */
export function differentInWindows(inst: NumberlinkInstance, rule: NumberlinkRule, first: number[][], options: WindowOptions): number[][] | null {
  const { rows, cols } = inst;
  const n = rows * cols, m = inst.graph.edges.length >> 1;
  if (rows < 2 || cols < 2) return null;
  const on = new Uint8Array(m);
  for (const p of first) for (let i = 0; i + 1 < p.length; i++) on[edgeBetween(inst, p[i], p[i + 1])] = 1;
  const plan = planFrontier(inst.graph, sweepOrder(rows, cols, defaultSweep(rows, cols)));
  // One propagator: each window sets the outside edges on top of the rules' own fixpoint and is
  // undone after (the propagator's exact undo).
  const prop = new Propagator(inst, rule);
  prop.initial();
  if (prop.contradiction) return null;
  // The global rules read the whole grid at every state; inside a small window the local rules
  // and the spec decide nearly as much.
  prop.globalOn = false;
  const inWindow = new Uint8Array(n);
  const fixed = new Int8Array(m);
  const budget = { left: options.maxNodes ?? Infinity };
  for (const side of options.sides ?? [4, 6]) {
    const h = Math.min(side, rows), w = Math.min(side, cols);
    const stride = Math.max(1, side >> 1);
    for (let r0 = 0; ; r0 = Math.min(r0 + stride, rows - h)) {
      for (let c0 = 0; ; c0 = Math.min(c0 + stride, cols - w)) {
        if (Date.now() > options.deadline || options.isCancelled?.() || budget.left <= 0) return null;
        inWindow.fill(0);
        for (let r = r0; r < r0 + h; r++) for (let c = c0; c < c0 + w; c++) inWindow[r * cols + c] = 1;
        const found = searchWindow(inst, rule, plan, prop, on, inWindow, fixed, options, budget);
        if (found !== null) return found;
        if (c0 === cols - w) break;
      }
      if (r0 === rows - h) break;
    }
  }
  return null;
}

function searchWindow(
  inst: NumberlinkInstance, rule: NumberlinkRule, plan: ReturnType<typeof planFrontier>, prop: Propagator,
  on: Uint8Array, inWindow: Uint8Array, fixed: Int8Array, options: WindowOptions, budget: { left: number },
): number[][] | null {
  const m = fixed.length, E = inst.graph.edges;
  for (let e = 0; e < m; e++) fixed[e] = inWindow[E[2 * e]] && inWindow[E[2 * e + 1]] ? -1 : on[e];
  const edgeMark = prop.edgeLen, unionMark = prop.unionLen;
  try {
    let ok = true;
    for (let e = 0; e < m && ok; e++) if (fixed[e] >= 0) ok = prop.setEdge(e, fixed[e] as 0 | 1);
    if (ok) ok = prop.propagate();
    else prop.clearQueue();
    if (!ok) return null;
    const spec = new NumberlinkSpec({
      cellCount: inst.rows * inst.cols, endpointKey: inst.endpointKey, labelCount: inst.labelCount, plan, rule, fixed: fixed.slice(), edgeEnds: E,
    });
    if (spec.levels === 0) return null;
    const firstLevels: number[] = [];
    for (let level = 1; level <= spec.levels; level++) if (on[plan.order[spec.stepOfLevel[level]]]) firstLevels.push(level);
    const differs = new DiffersSpec(spec, spec.levels, firstLevels);
    const filter = new PropagatingFilter(spec, prop, plan.order);
    let found: number[] | false | null;
    const memo = new DeadStates();
    try {
      const maxNodes = Math.min(options.windowNodes ?? 2000, budget.left);
      found = searchSet(differs, { maxNodes, deadline: options.deadline, timeMs: 0, isCancelled: options.isCancelled }, differs.preferX, memo, filter);
    } catch (e) {
      if (e instanceof StopError) return null;
      throw e;
    } finally {
      filter.detach();
      budget.left -= memo.count;
    }
    if (found === false || found === null) return null;
    const edges = spec.decode(found);
    return edges === null ? null : edgesToPaths(inst, edges);
  } finally {
    prop.undo(edgeMark, unionMark);
  }
}

function edgeBetween(inst: NumberlinkInstance, a: number, b: number): number {
  for (let i = inst.adjStart[a]; i < inst.adjStart[a + 1]; i++) {
    const e = inst.adjEdge[i];
    if (inst.graph.edges[2 * e] === b || inst.graph.edges[2 * e + 1] === b) return e;
  }
  throw new Error(`numberlink: cells ${a} and ${b} are not neighbours`);
}
