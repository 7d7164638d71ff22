/**
 * The depth-first builder's path filter for Numberlink: the deduction propagator (deduce.ts)
 * follows the search, with every edge the path has decided set in it, and a transition whose
 * decisions lead it to a contradiction is pruned.
 *
 * Why it pays: a wrong decision usually breaks a rule only far ahead of the frontier (a corridor
 * that cannot be filled, a label cut off), so the breadth-first build carries the dead state
 * and its descendants for many levels (on Ahle's 40x20 puzzles 98.6% of the states it built were
 * dead, in subtrees of about 140 states each). With the whole path set, propagation finds most
 * such contradictions at once.
 *
 * Sound: the propagator's rules hold in every solution, so a contradiction means that no
 * solution extends the path; by the memo argument of depthFirst.ts, none extends the state.
 */
import type { PathFilter } from '../zdd/depthFirst';
import type { Propagator } from './deduce';
import type { NumberlinkSpec } from './spec';

export class PropagatingFilter implements PathFilter {
  /** Stack lengths of the propagator before each step taken (two per step). */
  private marks = new Int32Array(64);
  private depth = 0;
  private readonly trace: Int8Array;

  constructor(private readonly spec: NumberlinkSpec, private readonly prop: Propagator, private readonly order: Int32Array) {
    this.trace = new Int8Array(order.length);
    // The spec writes the decision of every step it runs, the root's implied steps included.
    spec.trace = this.trace;
  }

  follow(level: number, _take: 0 | 1, next: number): boolean {
    const spec = this.spec, prop = this.prop, order = this.order, trace = this.trace;
    // From the root, the steps the root itself ran (before its level's step) too.
    const from = this.depth === 0 ? 0 : spec.stepOfLevel[level];
    const to = spec.stepOfLevel[next];
    const edgeMark = prop.edgeLen, unionMark = prop.unionLen;
    let ok = true;
    for (let i = from; i < to; i++) {
      if (!prop.setEdge(order[i], trace[i] as 0 | 1)) { ok = false; break; }
    }
    if (ok) ok = prop.propagate();
    else prop.clearQueue();
    if (!ok) {
      prop.undo(edgeMark, unionMark);
      return false;
    }
    if (2 * this.depth + 2 > this.marks.length) {
      const m = new Int32Array(this.marks.length * 2);
      m.set(this.marks);
      this.marks = m;
    }
    this.marks[2 * this.depth] = edgeMark;
    this.marks[2 * this.depth + 1] = unionMark;
    this.depth++;
    return true;
  }

  back(): void {
    this.depth--;
    this.prop.undo(this.marks[2 * this.depth], this.marks[2 * this.depth + 1]);
  }

  /** Stops the spec's tracing (the build is over). */
  detach(): void {
    this.spec.trace = null;
  }
}
