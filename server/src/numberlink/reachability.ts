/**
 * Reachability: every label whose path is not finished must still be able to finish it, through
 * cells that no other path uses. The local rules of deduce.ts see a cell and its neighbours, never
 * that a label is cut off. Sound under every rule.
 *
 * The free cells (those of chains without a label, single cells included) fall into components
 * joined by edges not decided out. A label's path runs from the open end x of its first
 * endpoint's chain to the open end y of its second's, either along one edge x-y or through free
 * cells, which are all in one component next to both x and y. So:
 * - a label whose open ends share no component and no edge: contradiction;
 * - an edge from x into a component that y does not touch is out (and the same from y);
 * - a component that no label can cross holds no path: under fill (every cell used) or with a
 *   chain in it (a piece of path that could never reach an endpoint) that is a contradiction,
 *   otherwise all its edges are out (its cells stay empty).
 */
import type { Propagator } from './deduce';

export class Reachability {
  private readonly comp: Int32Array;
  private readonly stack: Int32Array;
  /** Per component: stamp of the label whose first end touches it (negated once the second does). */
  private readonly touched: Int32Array;
  /** Per component: whether some label can cross it. */
  private readonly crossed: Uint8Array;
  private stamp = 0;

  constructor(private readonly p: Propagator, private readonly ends: Int32Array, private readonly labelCount: number) {
    this.comp = new Int32Array(p.n);
    this.stack = new Int32Array(Math.max(1, p.n));
    this.touched = new Int32Array(p.n + 1);
    this.crossed = new Uint8Array(p.n + 1);
  }

  /** Numbers the components of free cells (labelled cells get -1); returns how many. */
  private components(): number {
    const { p, comp, stack } = this;
    const { root, label, adjStart, adjEdge, adjCell, fixed } = p;
    const n = p.n;
    comp.fill(-2);
    let k = 0;
    for (let s = 0; s < n; s++) {
      if (comp[s] !== -2) continue;
      if (label[root[s]] >= 0) { comp[s] = -1; continue; }
      comp[s] = k;
      let sp = 0;
      stack[sp++] = s;
      while (sp > 0) {
        const v = stack[--sp];
        for (let q = adjStart[v]; q < adjStart[v + 1]; q++) {
          if (fixed[adjEdge[q]] === 0) continue;
          const w = adjCell[q];
          if (comp[w] !== -2 || label[root[w]] >= 0) continue;
          comp[w] = k;
          stack[sp++] = w;
        }
      }
      k++;
    }
    return k;
  }

  /** Applies the rules of the module comment (fixing edges in the propagator); false on a contradiction. */
  check(): boolean {
    const p = this.p;
    const { root, adjStart, adjEdge, adjCell, fixed } = p;
    const count = this.components();
    const { comp, touched, crossed, ends } = this;
    crossed.fill(0, 0, count);
    if (this.stamp > 0x3fffffff) { this.stamp = 0; touched.fill(0); }
    for (let l = 0; l < this.labelCount; l++) {
      const a = ends[2 * l], b = ends[2 * l + 1];
      if (a < 0 || root[a] === root[b]) continue;
      const x = p.openEnd(a), y = p.openEnd(b);
      const s = ++this.stamp;
      let direct = false;
      for (let q = adjStart[x]; q < adjStart[x + 1]; q++) {
        if (fixed[adjEdge[q]] !== -1) continue;
        const w = adjCell[q];
        if (w === y) direct = true;
        else if (comp[w] >= 0) touched[comp[w]] = s;
      }
      let through = false;
      for (let q = adjStart[y]; q < adjStart[y + 1]; q++) {
        if (fixed[adjEdge[q]] !== -1) continue;
        const c = comp[adjCell[q]];
        if (c < 0) continue;
        if (touched[c] === s) { through = true; crossed[c] = 1; touched[c] = -s; }
        else if (touched[c] === -s) through = true;
      }
      if (!direct && !through) return false;
      // Edges from x or y into a component the other end does not touch lead nowhere.
      for (let q = adjStart[x]; q < adjStart[x + 1]; q++) {
        const e = adjEdge[q];
        if (fixed[e] !== -1) continue;
        const w = adjCell[q];
        if (w !== y && comp[w] >= 0 && touched[comp[w]] !== -s && !p.setEdge(e, 0)) return false;
      }
      for (let q = adjStart[y]; q < adjStart[y + 1]; q++) {
        const e = adjEdge[q];
        if (fixed[e] !== -1) continue;
        const w = adjCell[q];
        if (w !== x && comp[w] >= 0 && touched[comp[w]] !== -s && !p.setEdge(e, 0)) return false;
      }
    }
    // Components no label crosses hold no path.
    for (let v = 0; v < p.n; v++) {
      const c = comp[v];
      if (c < 0 || crossed[c]) continue;
      if (p.fill || p.size[root[v]] > 1) return false;
      for (let q = adjStart[v]; q < adjStart[v + 1]; q++) {
        const e = adjEdge[q];
        if (fixed[e] === -1 && !p.setEdge(e, 0)) return false;
      }
    }
    return true;
  }
}
