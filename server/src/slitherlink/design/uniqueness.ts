/**
 * The one uniqueness test the design tools use: deduction, then the ZDD of all loops over the
 * edges left open (the same path as checkSlitherlink, without redundancy or second solutions).
 */
import { Grid } from '../../model/grid';
import type { Lattice } from '../../model/lattice';
import { allowedCounts, deduceLattice } from '../latticeDeduce';
import type { SlitherlinkPuzzle } from '../puzzle';
import type { RunControl } from '../../zdd/control';
import { deduce } from '../deduce';
import { buildLoops } from '../solve';
import { SlitherlinkSpec } from '../spec';
import { existsSet } from '../../zdd/build';
import { ACCEPT, REJECT, type Spec } from '../../zdd/spec';

/** Exact number of loops meeting `hints`. Throws StopError on a limit. */
export function countLoops(grid: Grid, hints: Int8Array, control?: RunControl): bigint {
  const d = deduce({ rows: grid.rows, cols: grid.cols, hints }, { isCancelled: control?.isCancelled });
  if (d.contradiction) return 0n;
  return buildLoops(grid, hints, d.edges, control).zdd.count();
}

/** A puzzle model for hints built in memory (no source text: empty ranges). */
export function puzzleOf(rows: number, cols: number, hints: Int8Array): SlitherlinkPuzzle {
  return { kind: 'slitherlink', rows, cols, hints, cellRanges: [], metadata: [], layout: 'tokens' };
}

/**
 * The loops of a cycle spec that differ from a known loop L: one extra state word says whether
 * an edge decided so far disagrees with L; edges skipped by the inner spec are off.
 */
export class DifferSpec implements Spec {
  readonly width: number;
  private readonly lOpen: Uint8Array; // per level: L uses this open edge
  private readonly onBelow: Int32Array; // onBelow[l] = L's open edges among levels 1..l
  constructor(readonly inner: SlitherlinkSpec, lOn: ArrayLike<number>) {
    this.width = inner.width + 1;
    const L = inner.levels;
    this.lOpen = new Uint8Array(L + 1);
    this.onBelow = new Int32Array(L + 1);
    for (let l = 1; l <= L; l++) {
      this.lOpen[l] = lOn[inner.openEdges[L - l]] ? 1 : 0;
      this.onBelow[l] = this.onBelow[l - 1] + this.lOpen[l];
    }
  }
  root(s: Int32Array, off: number): number {
    const r = this.inner.root(s, off);
    const L = this.inner.levels;
    if (r === REJECT) return REJECT;
    const skipped = r === ACCEPT ? this.onBelow[L] : this.onBelow[L] - this.onBelow[r];
    if (r === ACCEPT) return skipped > 0 ? ACCEPT : REJECT;
    s[off + this.inner.width] = skipped > 0 ? 1 : 0;
    return r;
  }
  child(s: Int32Array, off: number, level: number, take: 0 | 1): number {
    const w = off + this.inner.width;
    let d = s[w] | (take !== this.lOpen[level] ? 1 : 0);
    const r = this.inner.child(s, off, level, take);
    if (r === REJECT) return REJECT;
    if (r === ACCEPT) return d || this.onBelow[level - 1] > 0 ? ACCEPT : REJECT;
    if (this.onBelow[level - 1] - this.onBelow[r] > 0) d = 1;
    s[w] = d;
    return r;
  }
}

/**
 * Whether some loop other than `lOn` (a loop meeting `hints`) meets `hints`, on a square grid or a
 * tiling's lattice: deduction first (a puzzle it solves completely is unique), then a search that
 * stops at the first such loop. Throws StopError on a limit.
 */
export function hasOtherLoop(grid: Grid | Lattice, hints: Int8Array, lOn: ArrayLike<number>, control?: RunControl): boolean {
  const fixed = grid instanceof Grid ? squareFixed(grid, hints, control) : latticeFixed(grid, hints, control);
  if (fixed === 'solved') return false;
  return existsSet(new DifferSpec(new SlitherlinkSpec(grid, hints, { fixed }), lOn), control);
}

/** The edges deduction fixes on a square grid ('solved': all of them). */
function squareFixed(grid: Grid, hints: Int8Array, control?: RunControl): Int8Array | undefined | 'solved' {
  const quick = deduce({ rows: grid.rows, cols: grid.cols, hints }, { maxRounds: 0, isCancelled: control?.isCancelled });
  if (!quick.contradiction && quick.fixed === grid.edgeCount) return 'solved';
  const d = deduce({ rows: grid.rows, cols: grid.cols, hints }, { edges: quick.contradiction ? undefined : quick.edges, maxRounds: 1, isCancelled: control?.isCancelled });
  // L meets the hints, so deduction cannot end in a contradiction; if it did, trust the search alone.
  const fixed = d.contradiction ? undefined : d.edges;
  if (fixed && d.fixed === grid.edgeCount) return 'solved';
  return fixed;
}

/** The edges the lattice deducer fixes ('solved': all of them). */
function latticeFixed(lattice: Lattice, hints: Int8Array, control?: RunControl): Int8Array | undefined | 'solved' {
  const d = deduceLattice(lattice, allowedCounts(hints), { deadline: control?.deadline, isCancelled: control?.isCancelled });
  if (d.contradiction) return undefined; // as on squares: the search alone decides
  return d.fixed === lattice.edgeCount ? 'solved' : d.edges;
}
