/**
 * A spec composed with "differs from the set X somewhere": the family of `inner` minus X itself
 * (TdZdd composes specs the same way). One state word more, after the inner spec's words: 1 once
 * the path has decided some variable otherwise than X does. Levels the inner spec skips are 0, so
 * skipping a level that X holds is a difference too; a path that reaches the 1-terminal without
 * any difference is X itself and is rejected.
 *
 * With it, a depth-first search for a second solution is one search: `preferX` tries X's own
 * value first at every level, so the search runs down X and then backs up from the bottom,
 * trying the latest differences first (a second loop of a draft usually differs from the first
 * by a small change somewhere).
 */
import { ACCEPT, REJECT, type Spec } from '../spec.js';

export class DiffersSpec implements Spec {
  readonly width: number;
  /** inX[L] = 1 when level L is an element of X. */
  private readonly inX: Uint8Array;
  /** upTo[L] = how many elements of X have a level <= L. */
  private readonly upTo: Int32Array;

  /**
   * @param inner the spec whose family is restricted
   * @param levels number of variables of `inner` (its root level is at most this)
   * @param x the set to differ from, as levels (any order)
   */
  constructor(private readonly inner: Spec, readonly levels: number, x: Iterable<number>) {
    this.width = inner.width + 1;
    this.inX = new Uint8Array(levels + 1);
    for (const l of x) {
      if (!(Number.isInteger(l) && l >= 1 && l <= levels)) throw new Error(`DiffersSpec: level ${l} outside 1..${levels}`);
      this.inX[l] = 1;
    }
    this.upTo = new Int32Array(levels + 1);
    for (let l = 1; l <= levels; l++) this.upTo[l] = this.upTo[l - 1] + this.inX[l];
  }

  get event(): number {
    return this.inner.event ?? -1;
  }

  set event(v: number) {
    if (this.inner.event !== undefined) this.inner.event = v;
  }

  /** X's value at a level: the branch a search for a near copy of X tries first. */
  readonly preferX = (level: number): 0 | 1 => (this.inX[level] ? 1 : 0);

  root(s: Int32Array, off: number): number {
    const r = this.inner.root(s, off);
    const mark = off + this.inner.width;
    s[mark] = 0;
    return this.settle(s, mark, this.levels + 1, r);
  }

  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    const mark = off + this.inner.width;
    if (take !== this.inX[level]) s[mark] = 1;
    return this.settle(s, mark, level, this.inner.child(s, off, level, take));
  }

  normalize(s: Int32Array, off: number, level: number): void {
    this.inner.normalize?.(s, off, level);
  }

  /** After deciding `from` (levels+1 for the root), the inner spec went to `r`: levels skipped in between are 0. */
  private settle(s: Int32Array, mark: number, from: number, r: number): number {
    if (r === REJECT) return REJECT;
    const below = r === ACCEPT ? 0 : r;
    if (this.upTo[from - 1] - this.upTo[below] > 0) s[mark] = 1;
    if (r === ACCEPT) return s[mark] === 1 ? ACCEPT : REJECT;
    return r;
  }
}
