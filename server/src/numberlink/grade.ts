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
   * Per graph edge: the level (index into NUMBERLINK_LEVELS) whose deduction first fixed it, -1
   * when none did (absent after a contradiction).
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
 * Null when cancelled or past the deadline before the probing fixpoint was reached.
 */
export function gradeNumberlink(inst: NumberlinkInstance, rule: NumberlinkRule, control: GradeControl = {}): NumberlinkGradeResult | null {
  const p = new Propagator(inst, rule);
  const levelOf = new Int8Array(p.m).fill(-1);
  const mark = (level: number): void => {
    for (let e = 0; e < p.m; e++) if (levelOf[e] < 0 && p.fixed[e] !== -1) levelOf[e] = level;
  };
  const finished = (): boolean => p.decided === p.m;
  const result = (grade: NumberlinkGrade): NumberlinkGradeResult =>
    grade === 'needs search'
      ? { grade, levelOf, fixed: p.fixed.slice(), stuck: stuckAt(inst, p.fixed) }
      : { grade, levelOf, fixed: p.fixed.slice() };

  p.globalOn = false;
  p.initial();
  if (p.contradiction) return { grade: 'needs search' };
  mark(0);
  if (finished()) return result('local');

  p.globalOn = true;
  if (!p.propagate()) return { grade: 'needs search' };
  mark(1);
  if (finished()) return result('global');

  // Trials under the local rules alone first: a value they refute is refuted with the global
  // rules too, and such trials cost a fraction (no pass over the whole grid). The fixpoint is the
  // same; only the global passes that find nothing new are left to the full rules.
  p.globalOn = false;
  let probed = probeToFixpoint(p, control);
  p.globalOn = true;
  if (probed === 'done') probed = p.propagate() ? probeToFixpoint(p, control) : 'contradiction';
  if (probed === 'stopped') return null;
  if (probed === 'contradiction') return { grade: 'needs search' };
  mark(2);
  return result(finished() ? 'probing' : 'needs search');
}

/**
 * Failed literals until a pass over every open edge refutes nothing. A value that a successful
 * trial implied is not tried in the same state: propagation is monotone, so its own trial would
 * succeed too (the skips are forgotten whenever a refutation changes the state).
 */
function probeToFixpoint(p: Propagator, control: GradeControl): 'done' | 'contradiction' | 'stopped' {
  const implied = new Uint8Array(2 * p.m);
  const deadline = control.deadline ?? Infinity;
  let trials = 0;
  for (let changed = true; changed;) {
    changed = false;
    implied.fill(0);
    for (let e = 0; e < p.m; e++) {
      if (p.fixed[e] !== -1) continue;
      for (let val = 1; val >= 0; val--) {
        if (implied[2 * e + val] === 1) continue;
        if ((trials++ & 63) === 0 && (control.isCancelled?.() === true || Date.now() > deadline)) return 'stopped';
        const em = p.edgeLen, um = p.unionLen;
        const ok = p.setEdge(e, val as 0 | 1) && p.propagate();
        if (ok) {
          for (let t = em + 1; t < p.edgeLen; t++) {
            const f = p.edgeTrail[t];
            implied[2 * f + p.fixed[f]] = 1;
          }
        } else {
          p.clearQueue();
        }
        p.undo(em, um);
        if (ok) continue;
        // No solution has e = val: the other value holds (with its consequences).
        if (!(p.setEdge(e, (1 - val) as 0 | 1) && p.propagate())) {
          p.clearQueue();
          return 'contradiction';
        }
        implied.fill(0);
        changed = true;
        break;
      }
    }
  }
  return 'done';
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
