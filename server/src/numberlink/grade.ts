/**
 * The difficulty grade of a Numberlink: the lowest level of deduction that fixes every link of
 * its one solution, under the puzzle's rule (what deduce.ts may conclude depends on it: under
 * `fill` every cell has degree 2, under `notouch` a path never runs beside itself). The levels
 * add rules to one propagator (deduce.ts), so each fixes at least what the one below fixes:
 *
 * - local: the rules that look at a cell and its neighbours, to their fixpoint (degree, chains
 *   that would close a cycle or join two labels, notouch's touching cells, fill's corridors).
 * - global: + reachability (a label cut off from its other end; edges into regions its other end
 *   cannot reach) and planarity (a closed path splitting a label's ends), which see a whole region.
 * - probing: + failed literals to their fixpoint: every open edge is tried both ways, a value
 *   whose propagation ends in a contradiction is refuted, and the passes repeat until one refutes
 *   nothing. One step of lookahead, the way a solver tries a line and sees it fail at once.
 * - needs search: none of these finishes; `stuck` says where the probing fixpoint stalls.
 *
 * Sound: every rule holds in every solution, and so does a refuted trial's other value, so what a
 * level fixes is in the one solution (the tests compare each level with brute force).
 */
import type { NumberlinkRule } from '../model/puzzle';
import type { NumberlinkInstance } from './instance';
import { Propagator } from './deduce';

export const NUMBERLINK_GRADES = ['local', 'global', 'probing', 'needs search'] as const;
export type NumberlinkGrade = (typeof NUMBERLINK_GRADES)[number];
/** The levels of deduction, easiest first. */
export const NUMBERLINK_LEVELS = ['local', 'global', 'probing'] as const;

/** Where deduction stalls: open links between cells and the cells they touch. */
export interface NumberlinkStuck {
  /** The links no level fixed, as [r1, c1, r2, c2] (cells, the first in reading order first). */
  edges: [number, number, number, number][];
  /** The cells at their ends, in row-major order. */
  cells: { row: number; col: number }[];
}

export interface NumberlinkGradeResult {
  grade: NumberlinkGrade;
  /**
   * Per graph edge: the level (index into NUMBERLINK_LEVELS) the replay of the deduction credits
   * it to (see gradeNumberlink), -1 when none fixes it (absent after a contradiction).
   */
  levelOf?: Int8Array;
  /** Per graph edge: -1 open, 0 out, 1 in the solution, at the highest level run. */
  fixed?: Int8Array;
  /** With `needs search`: where the probing fixpoint stalls. */
  stuck?: NumberlinkStuck;
}

export interface GradeControl {
  isCancelled?: () => boolean;
  /** Date.now() after which probing gives up: the grade is then unknown (null). */
  deadline?: number;
}

/**
 * The grade of a puzzle with one solution under `rule` (another puzzle may grade `needs search`,
 * or, when deduction happens to finish, a level: only a unique puzzle's grade means anything).
 * Null when cancelled or past the deadline before deduction was done.
 *
 * Computed by replaying the deduction the way a solver climbs the levels: the local rules to
 * their fixpoint; then, as long as links are open, the easiest level that finds more: one pass
 * of the global rules, else the next failed literal. What that level finds is credited to it
 * (the global rules' findings in the order they were made, each followed by the local rules,
 * which may derive the next), and whatever the local rules then derive to `local`: `levelOf`
 * shows where each level is needed, not everything that follows from it. The replay ends at the
 * same fixpoint as the levels run one after the other (the rules are monotone), so the grade is
 * the highest level it used when it fixes every link, else `needs search`.
 */
export function gradeNumberlink(inst: NumberlinkInstance, rule: NumberlinkRule, control: GradeControl = {}): NumberlinkGradeResult | null {
  const p = new Propagator(inst, rule);
  const m = p.m;
  const levelOf = new Int8Array(m).fill(-1);
  const credit = (): void => {
    for (let e = 0; e < m; e++) if (levelOf[e] < 0 && p.fixed[e] !== -1) levelOf[e] = 0;
  };
  p.globalOn = false;
  p.initial();
  if (p.contradiction) return { grade: 'needs search' };
  credit();
  let top = 0;
  const probe = new Prober(p, control);
  while (p.decided < m) {
    // One pass of the global rules (with the local ones after each finding), then undone: its
    // findings, in the order made, are replayed one by one under the local rules.
    const em = p.edgeLen, um = p.unionLen;
    p.globalOn = true;
    const ok = p.propagate();
    p.globalOn = false;
    if (!ok) return { grade: 'needs search' };
    if (p.edgeLen > em) {
      const found: number[] = [];
      for (let t = em; t < p.edgeLen; t++) found.push(p.edgeTrail[t], p.fixed[p.edgeTrail[t]]);
      p.undo(em, um);
      for (let i = 0; i < found.length; i += 2) {
        const f = found[i]!;
        if (p.fixed[f] !== -1) continue;
        levelOf[f] = 1;
        if (!(p.setEdge(f, found[i + 1] as 0 | 1) && p.propagate())) return { grade: 'needs search' };
      }
      credit();
      top = Math.max(top, 1);
      probe.changed();
      continue;
    }
    const r = probe.next();
    if (r === 'stopped') return null;
    if (r === 'none') break;
    // No solution has e = val: the other value holds (with what the local rules derive from it).
    levelOf[r.edge] = 2;
    if (!(p.setEdge(r.edge, (1 - r.val) as 0 | 1) && p.propagate())) return { grade: 'needs search' };
    credit();
    top = 2;
    probe.changed();
  }
  const fixed = p.fixed.slice();
  if (p.decided < m) return { grade: 'needs search', levelOf, fixed, stuck: stuckAt(inst, fixed) };
  return { grade: NUMBERLINK_LEVELS[top]!, levelOf, fixed };
}

/**
 * Failed literals, one at a time: the next open edge value (in a round over the edges that goes
 * on where the last one stopped) whose propagation ends in a contradiction. Trials run under the
 * local rules first, which refute a value at a fraction of the cost (no pass over the grid; what
 * they refute the full rules refute too), then under the full rules; `none` after a whole round
 * of both refutes nothing. A value that a successful trial implied is not tried again in the
 * same state (propagation is monotone, so it would succeed too): the skips are forgotten when the
 * state changes.
 */
class Prober {
  private readonly implied: [Uint8Array, Uint8Array];
  private at = 0;
  private trials = 0;
  private readonly deadline: number;

  constructor(private readonly p: Propagator, private readonly control: GradeControl) {
    this.implied = [new Uint8Array(2 * p.m), new Uint8Array(2 * p.m)];
    this.deadline = control.deadline ?? Infinity;
  }

  /** The state changed (something was fixed): every trial may fail now. */
  changed(): void {
    this.implied[0].fill(0);
    this.implied[1].fill(0);
  }

  next(): { edge: number; val: 0 | 1 } | 'none' | 'stopped' {
    const p = this.p, m = p.m;
    for (const full of [false, true]) {
      const implied = this.implied[full ? 1 : 0];
      for (let i = 0; i < m; i++) {
        const e = (this.at + i) % m;
        if (p.fixed[e] !== -1) continue;
        for (let val = 1; val >= 0; val--) {
          if (implied[2 * e + val] === 1) continue;
          if ((this.trials++ & 63) === 0 && (this.control.isCancelled?.() === true || Date.now() > this.deadline)) return 'stopped';
          const em = p.edgeLen, um = p.unionLen;
          p.globalOn = full;
          const ok = p.setEdge(e, val as 0 | 1) && p.propagate();
          p.globalOn = false;
          if (ok) {
            for (let t = em + 1; t < p.edgeLen; t++) {
              const f = p.edgeTrail[t];
              implied[2 * f + p.fixed[f]] = 1;
            }
          } else {
            p.clearQueue();
          }
          p.undo(em, um);
          if (!ok) {
            this.at = e;
            return { edge: e, val: val as 0 | 1 };
          }
        }
      }
    }
    return 'none';
  }
}

/** The open edges of a deduction (graph edges, -1 open) and the cells at their ends. */
export function stuckAt(inst: NumberlinkInstance, fixed: Int8Array): NumberlinkStuck {
  const { cols } = inst;
  const E = inst.graph.edges;
  const out: NumberlinkStuck = { edges: [], cells: [] };
  const near = new Uint8Array(inst.rows * cols);
  for (let e = 0; e < fixed.length; e++) {
    if (fixed[e] !== -1) continue;
    const a = Math.min(E[2 * e], E[2 * e + 1]), b = Math.max(E[2 * e], E[2 * e + 1]);
    out.edges.push([Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols]);
    near[a] = 1;
    near[b] = 1;
  }
  out.edges.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3]);
  for (let v = 0; v < near.length; v++) if (near[v]) out.cells.push({ row: Math.floor(v / cols), col: v % cols });
  return out;
}
