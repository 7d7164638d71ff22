/**
 * Numberlink check: verdict, exact count, one (and a second) solution, the rule used, and for
 * rules without `fill` whether the unique solution covers the grid (a "good" puzzle).
 *
 * Rule: the file's `# rule:` line when it has one, else `options.defaultRule`, else nikoli.
 * Degenerate inputs follow the definition literally: with no labels the only candidate is the
 * empty set of paths, so the answer is `unique` (count 1, no paths) under rules without `fill`,
 * and `none` under `fill` unless the grid has no cells at all.
 * `covers` is given for every rule without `fill` (nikoli, nikoli notouch) when the answer is
 * unique; under `fill` it would always be true.
 */
import type { NumberlinkPuzzle, NumberlinkRule } from './puzzle';
import { ruleName } from './puzzle';
import type { Problem } from '../model/range';
import { StopError, withDeadline, type RunControl } from '../zdd/control';
import { makeInstance, type NumberlinkInstance } from './instance';
import { edgesToPaths } from './paths';
import { buildNumberlinkZdd, type NumberlinkZdd } from './solve';
import { decideNikoli, type NikoliVerdict } from './nikoliVerdict';
import { countSolutions } from './countRace';
import type { CheckOptions } from '../analysis/options';
import type { CheckResult, PathSolution, Verdict } from '../analysis/result';
import { deduceForWitnesses, fillParityFails, findPathWitnesses, openShare } from './witness';
import type { Deduction } from './deduce';
import { decide, isDraft, type CountWish, type Outcome, type Timed } from '../analysis/witnesses';
import { linkUsage, linkUsageMap, NUMBERLINK_WALK_MAX, pathUsageMap } from './usage';
import { gradeNumberlink, NUMBERLINK_LEVELS } from './grade';

/** A Numberlink check's options: the shared ones, the default rule read (the genre reads the words, genre.ts). */
export type NumberlinkCheckOptions = Omit<CheckOptions, 'defaultRule' | 'rule'> & { defaultRule?: NumberlinkRule };

/** Deduction leaves more than this share of the edges open on a Numberlink draft. */
const DRAFT_OPEN_SHARE = 0.85;

const NIKOLI: NumberlinkRule = { fill: false, notouch: false };

/**
 * A notouch count alone (two solutions proved `multiple`) is built on the compiled kernel, with
 * the whole time, where the hopeless watch judges it by its levels. The depth-first search (the
 * rule's own, which finishes some counts the kernel cannot hold: a 10x10 with one pair,
 * 1,806,027,619, after the kernel's stop at level 77 of 81) follows with the time left only a
 * kernel stopped at the node or byte limit past this share of its levels.
 */
const NOTOUCH_COUNT_DEPTH_FROM = 0.75;

/**
 * The witnesses' depth-first searches without `fill` (dead states each): there the count (the
 * notouch route, the diagram) proves `unique` and `none` far sooner than these searches, which
 * are for a draft's two solutions (routing and local changes find most). A 15x15 Arukone with one
 * endpoint moved: 484 ms median to the verdict with the default budgets, 167 ms with these.
 */
const NO_FILL_WITNESS_BUDGET = { firstNodes: 2000, secondNodes: 2000 };

export function numberlinkRule(p: NumberlinkPuzzle, options?: NumberlinkCheckOptions): NumberlinkRule {
  if (p.ruleRange) return p.rule;
  return options?.defaultRule ?? NIKOLI;
}

export function checkNumberlink(p: NumberlinkPuzzle, options?: NumberlinkCheckOptions): CheckResult {
  const t0 = performance.now();
  const rule = numberlinkRule(p, options);
  const result: CheckResult = {
    kind: 'numberlink', rows: p.rows, cols: p.cols, verdict: 'unknown', count: null,
    rule: ruleName(rule), errors: [], ms: 0,
  };
  const done = (): CheckResult => {
    result.ms = Math.round((performance.now() - t0) * 100) / 100;
    return result;
  };

  const errors = labelProblems(p);
  if (errors.length > 0) {
    result.verdict = 'invalid';
    result.errors = errors;
    return done();
  }
  // The time limit runs from here (or from the caller's start, when earlier: checkText's parse).
  const control = withMemoryBudget(withDeadline(options?.control), p.rows, p.cols);
  const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
  const n = p.rows * p.cols;

  // A grid without edges (0 or 1 cell) cannot hold a path; the builder never sees its cell.
  if (n <= 1) {
    const count = rule.fill && n === 1 ? 0n : 1n;
    setCount(result, count);
    if (count === 1n) {
      result.solution = { labels: [], paths: [] };
      if (!rule.fill) result.covers = n === 0;
    }
    return done();
  }

  // No labels: the empty set of paths is the only candidate (it covers nothing).
  if (p.labels.length === 0) {
    const count = rule.fill ? 0n : 1n;
    setCount(result, count);
    if (count === 1n) {
      result.solution = { labels: [], paths: [] };
      result.covers = false;
    }
    return done();
  }

  // Under fill, chessboard colours that cannot balance: no solution, without any search
  // (numberlink/witness.ts).
  if (rule.fill && fillParityFails(inst)) {
    setCount(result, 0n);
    return done();
  }

  // The diagram of every solution, and what it says (throws StopError). The Nikoli rule is
  // decided from the notouch solutions first (nikoliVerdict.ts).
  const nikoli = !rule.fill && !rule.notouch;
  const counted = (run: Timed, wish?: CountWish): Outcome => {
    // Once two solutions prove `multiple` only the count is wanted: the Nikoli rule's too is then
    // the plain diagram, built level by level (countOnly), not the canonical route to a verdict.
    const countOnly = wish?.countOnly === true;
    if (nikoli && !countOnly) {
      // The usage map needs the diagram of a `multiple`, which a second thread's leaves there.
      const v = decideNikoli(inst, run, { secondSolution: options?.secondSolution !== false, helper: options?.helper, wantsDiagram: options?.usage === true });
      const outcome = nikoliOutcome(p, inst, v);
      return options?.usage && v.verdict === 'multiple' && v.solutions ? { ...outcome, ...usageOf(p, inst, NIKOLI, v.solutions, run) } : outcome;
    }
    // Raced on two threads where the caller gives a second one (countRace.ts).
    const c = countSolutions(inst, rule, run, {
      secondSolution: options?.secondSolution !== false, helper: options?.helper, wantsDiagram: options?.usage === true,
      // The Nikoli and notouch counts' own search is depth-first, which no watch can judge by its levels.
      hopeless: wish?.judgeSides, breadthFirst: countOnly && nikoli,
      ...(countOnly && rule.notouch ? { compiledFirst: 1, depthFirstFrom: NOTOUCH_COUNT_DEPTH_FROM } : {}),
    });
    if (c.count === 0n) return { verdict: 'none', count: '0' };
    const first = toSolution(p, edgesToPaths(inst, c.first!));
    if (c.count === 1n) return { verdict: 'unique', count: '1', solution: first, ...covers(rule, first, n) };
    return {
      verdict: 'multiple', count: c.count.toString(), solution: first,
      ...(c.second !== null ? { secondSolution: toSolution(p, edgesToPaths(inst, c.second)) } : {}),
      ...(options?.usage && c.solutions ? usageOf(p, inst, rule, c.solutions, run) : {}),
    };
  };
  let draft: NumberlinkDraft = { draft: false };
  try {
    if (options?.witnesses) draft = numberlinkDraft(inst, rule, control as Timed);
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    result.verdict = 'unknown';
    result.stopped = e.stopped;
    return done();
  }
  const witnessed = (run: Timed): Outcome | null => {
    // The long routing only for a draft: near completion the count that follows needs the time.
    const budget = rule.fill ? {} : { ...NO_FILL_WITNESS_BUDGET, longRouting: draft.draft };
    const w = findPathWitnesses(inst, rule, run, budget, draft.deduction, options?.helper);
    if (w.verdict === 'none') return { verdict: 'none', count: '0' };
    if (w.verdict === 'unique') {
      const first = toSolution(p, w.first!);
      return { verdict: 'unique', count: '1', solution: first, ...covers(rule, first, n) };
    }
    if (w.verdict !== 'multiple') return null;
    return {
      verdict: 'multiple', count: null, countAtLeast: String(w.atLeast ?? 2n), solution: toSolution(p, w.first!),
      ...(options?.secondSolution !== false ? { secondSolution: toSolution(p, w.second!) } : {}),
    };
  };
  try {
    // A finished Arukone has few endpoints and leaves deduction nearly every edge: it looks like a draft.
    Object.assign(result, decide(options ?? {}, draft.draft, control as Timed, witnessed, counted, { finishedLooksLikeDraft: true, countRaces: options?.helper !== undefined }));
  } catch (e) {
    if (!(e instanceof StopError)) throw e;
    result.verdict = 'unknown';
    result.stopped = e.stopped;
  }
  if (options?.grade && result.verdict === 'unique') {
    const share = options.gradeTimeMs === undefined ? Infinity : Math.max(options.gradeTimeMs, performance.now() - t0);
    Object.assign(result, gradeOf(p, inst, rule, control, share, options.gradeSteps === true));
  }
  return done();
}

/**
 * The difficulty grade of a puzzle a check found unique, on its own (the language server's phase
 * after the verdict), under the rule the check used; within `options.gradeTimeMs` (default: the
 * time limit) and the limits' time.
 */
export function gradeNumberlinkPuzzle(p: NumberlinkPuzzle, options?: NumberlinkCheckOptions): Pick<CheckResult, 'grade' | 'stuck' | 'gradeSteps' | 'gradeStopped'> {
  const control = withDeadline(options?.control);
  const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
  return gradeOf(p, inst, numberlinkRule(p, options), control, options?.gradeTimeMs ?? Infinity, options?.gradeSteps === true);
}

/**
 * The difficulty grade of a unique puzzle (numberlink/grade.ts) under its rule, with `steps` the
 * links by the level the replay credits them to (gradeSteps), within `share` ms and the check's
 * deadline.
 */
function gradeOf(
  p: NumberlinkPuzzle, inst: NumberlinkInstance, rule: NumberlinkRule, control: RunControl, share: number, steps: boolean,
): Pick<CheckResult, 'grade' | 'stuck' | 'gradeSteps' | 'gradeStopped'> {
  const deadline = Math.min(control.deadline ?? Infinity, Date.now() + share);
  const g = gradeNumberlink(inst, rule, { isCancelled: control.isCancelled, deadline });
  if (g === null) {
    const cancelled = control.isCancelled?.() === true;
    const ms = Number.isFinite(share) ? `after ${Math.round(share)} ms` : 'by the time limit';
    const message = cancelled ? 'grade not found: cancelled' : `grade not found: probing stopped ${ms}`;
    return { gradeStopped: { limit: cancelled ? 'cancelled' : 'time', message, nodes: 0, progress: 0 } };
  }
  const stuck = g.stuck ? { stuck: g.stuck } : {};
  if (!steps || !g.levelOf || !g.fixed) return { grade: g.grade, ...stuck };
  const last = g.grade === 'needs search' ? NUMBERLINK_LEVELS.length - 1 : NUMBERLINK_LEVELS.indexOf(g.grade);
  const gradeSteps = NUMBERLINK_LEVELS.slice(0, last + 1).map((level) => ({ level, edges: [] as [number, number, number, number][] }));
  const E = inst.graph.edges, cols = p.cols;
  for (let e = 0; e < g.fixed.length; e++) {
    if (g.fixed[e] !== 1 || g.levelOf[e] < 0) continue;
    const a = Math.min(E[2 * e], E[2 * e + 1]), b = Math.max(E[2 * e], E[2 * e + 1]);
    gradeSteps[g.levelOf[e]]!.edges.push([Math.floor(a / cols), a % cols, Math.floor(b / cols), b % cols]);
  }
  return { grade: g.grade, ...stuck, gradeSteps };
}

interface NumberlinkDraft {
  /** Witnesses first (analysis/witnesses.ts). */
  draft: boolean;
  /** The deduction that decided it, which the witnesses reuse. */
  deduction?: Deduction;
}

/**
 * Whether a Numberlink is a draft: few endpoints for the grid, and deduction leaves nearly every
 * edge open (a puzzle near completion, even with few endpoints, such as Ahle's 40x20 under fill,
 * leaves far fewer); a contradiction too (the witnesses say `none` at once). Throws StopError.
 */
function numberlinkDraft(inst: NumberlinkInstance, rule: NumberlinkRule, control: Timed): NumberlinkDraft {
  if (!isDraft(inst.rows, inst.cols, 2 * inst.labelCount)) return { draft: false };
  const deduction = deduceForWitnesses(inst, rule, control);
  return { draft: deduction.contradiction || openShare(deduction) > DRAFT_OPEN_SHARE, deduction };
}

/** Under a rule without `fill`, whether the unique solution uses every cell. */
function covers(rule: NumberlinkRule, s: PathSolution, n: number): Pick<CheckResult, 'covers'> {
  if (rule.fill) return {};
  let used = 0;
  for (const path of s.paths) used += path.length;
  return { covers: used === n };
}

/**
 * Wide frontier states (50-wide grids, huge stress grids) make a level cost far more memory than
 * the node limit suggests: each check may hold at most this much in the diagram under
 * construction (counted by the builder, so each check has its own budget whatever earlier checks
 * in the same process left behind) and stops cleanly with limit 'memory' beyond it.
 * The full budget goes to grids up to WIDE_SIDE on their shorter side (Ahle's 50x50 set needs it);
 * wider grids, which no search finishes in time anyway, get less, so that no input takes the
 * process past 1 GB.
 */
const MEMORY_BUDGET_MB = 2048;
const WIDE_MEMORY_BUDGET_MB = 512;
const WIDE_SIDE = 64;

function withMemoryBudget(control: RunControl, rows: number, cols: number): RunControl {
  if (control.limits?.maxBytes !== undefined) return control;
  const mb = Math.min(rows, cols) > WIDE_SIDE ? WIDE_MEMORY_BUDGET_MB : MEMORY_BUDGET_MB;
  return { ...control, limits: { ...control.limits, maxBytes: mb * 2 ** 20 } };
}

function nikoliOutcome(p: NumberlinkPuzzle, inst: NumberlinkInstance, v: NikoliVerdict): Outcome {
  if (v.first === null) return { verdict: 'none', count: '0' };
  const first = toSolution(p, edgesToPaths(inst, v.first));
  const second = v.second === null ? {} : { secondSolution: toSolution(p, edgesToPaths(inst, v.second)) };
  if (v.verdict === 'unique') return { verdict: 'unique', count: '1', solution: first, ...covers(NIKOLI, first, p.rows * p.cols) };
  if (v.count !== null) return { verdict: 'multiple', count: v.count.toString(), solution: first, ...second };
  return { verdict: 'multiple', count: null, countAtLeast: '2', solution: first, ...second, ...(v.countStopped ? { stopped: v.countStopped } : {}) };
}

function setCount(result: CheckResult, count: bigint): void {
  result.count = count.toString();
  const v: Verdict = count === 0n ? 'none' : count === 1n ? 'unique' : 'multiple';
  result.verdict = v;
}

/** The least time the ambiguity map's second build gets (see usageOf). */
const USAGE_MIN_MS = 1000;

/**
 * The ambiguity map (analysis/usage.ts): the solutions of `nz` walked when they are few, else one
 * pass over a diagram built again with every edge a level, within what `run` leaves.
 */
function usageOf(p: NumberlinkPuzzle, inst: NumberlinkInstance, rule: NumberlinkRule, nz: NumberlinkZdd, run: RunControl): Pick<Outcome, 'usage' | 'usageStopped'> {
  const total = nz.zdd.count();
  if (total <= BigInt(NUMBERLINK_WALK_MAX)) {
    return {
      usage: pathUsageMap(p, total, (i) => {
        const paths = decodeSet(inst, nz, nz.zdd.kth(BigInt(i)));
        if (paths === null) throw new Error('numberlink: a ZDD set does not decode into paths');
        return paths;
      }),
    };
  }
  // The map is extra (the verdict and count are known): the second build gets at most what the
  // first one took, and at least USAGE_MIN_MS, not the rest of the time limit.
  const deadline = Math.min(run.deadline ?? Infinity, Date.now() + Math.max(USAGE_MIN_MS, nz.stats.ms));
  try {
    const every = buildNumberlinkZdd(inst, rule, { ...run, deadline }, { everyEdgeALevel: true });
    // The same family in another form: a different count is a solver bug, never an answer.
    if (every.zdd.count() !== total) throw new Error(`numberlink: ${every.zdd.count()} solutions with every edge a level, ${total} without`);
    return { usage: linkUsageMap(p, inst.graph.edges, linkUsage(inst.graph.edges.length >> 1, every), total) };
  } catch (e) {
    if (!(e instanceof StopError) || e.stopped.limit === 'cancelled') throw e;
    return { usageStopped: { ...e.stopped, message: `ambiguity map not made: ${e.stopped.message}` } };
  }
}

function decodeSet(inst: NumberlinkInstance, nz: NumberlinkZdd, levels: number[]): number[][] | null {
  const edges = nz.edgesOf(levels);
  return edges === null ? null : edgesToPaths(inst, edges);
}

function toSolution(p: NumberlinkPuzzle, paths: number[][] | null): PathSolution {
  // The ZDD holds only valid solutions; a decoding failure is a solver bug, not a user error.
  if (paths === null) throw new Error('numberlink: a ZDD set does not decode into paths');
  return {
    labels: p.labels.slice(),
    paths: paths.map((path) => path.map((v) => [Math.floor(v / p.cols), v % p.cols] as [number, number])),
  };
}

/** Every label must occur exactly twice (the parser reports this too; the check must not rely on it). */
function labelProblems(p: NumberlinkPuzzle): Problem[] {
  const seen = new Int32Array(p.labels.length);
  const firstCell = new Int32Array(p.labels.length).fill(-1);
  for (let v = 0; v < p.cells.length; v++) {
    const l = p.cells[v];
    if (l < 0) continue;
    if (l >= p.labels.length) {
      return [{ range: p.cellRanges[v] ?? p.headerRange, message: `cell ${Math.floor(v / p.cols) + 1},${(v % p.cols) + 1} has an unknown label`, code: 'label-count' }];
    }
    if (seen[l]++ === 0) firstCell[l] = v;
  }
  const out: Problem[] = [];
  for (let l = 0; l < p.labels.length; l++) {
    if (seen[l] === 2) continue;
    const v = firstCell[l];
    out.push({
      range: (v >= 0 ? p.cellRanges[v] : undefined) ?? p.headerRange,
      message: `label ${p.labels[l]} occurs ${seen[l]} time${seen[l] === 1 ? '' : 's'}; every label must occur exactly twice`,
      code: 'label-count',
    });
  }
  return out;
}
