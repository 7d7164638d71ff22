/**
 * Planarity: the paths of different labels are disjoint curves in the plane, so a label's path
 * closed through a face of the graph they must be routed in splits the plane in two, and no other
 * label can have its two ends on different sides. Sound under every rule.
 *
 * H: the free cells (cells of chains without a label, single cells included) and the open ends
 * of the unfinished labels ("terminals"), with every edge not decided out between them except an
 * edge between terminals of different labels. The rest of label l's path (from open end x to
 * open end y) is a path of H whose inner cells are free; the paths of two labels are disjoint.
 *
 * The faces of H in the grid's embedding are walked as boundary walks (each half-edge once; a
 * cell is met once per corner, i.e. per angle of the face at it). Let label a have a corner c_x
 * at x and a corner c_y at y on one walk W of face F. An arc inside F from c_x to c_y and the path
 * of a make a closed curve J. The arc splits F in two: one part along W from c_x to c_y ("side
 * 1"), the other along the rest of W ("side 2"); J separates them (they meet only across the
 * arc). Then, with T any terminal of another label (never on J):
 * - a corner of T on W lies on the side of its part of W;
 * - every other walk lies wholly on one side: the walk of another face, because that face does
 *   not meet J; a further boundary of F itself (a hole of H inside F), because a thin strip of F
 *   along it can be kept clear of the arc;
 * - T lies on the side of each of its corners;
 * - the two ends of another label lie on one side (its path is in H, so it crosses neither the
 *   path of a nor the arc).
 * Union-find over side 1, side 2 and the other walks: if the sides meet, a cannot be routed
 * together with the others (contradiction). This covers two labels whose ends alternate around
 * one face, and chords that cut off labels whose ends sit around an obstacle (a hole of H).
 */
import type { Propagator } from './deduce';

/** Directions in clockwise order: north, east, south, west. */
const DIRS = 4;

export class Planarity {
  private readonly cols: number;
  /** Per cell: terminal tag (2 * label + end) or -1 for a free cell; -2 for a cell not in H. */
  private readonly tag: Int32Array;
  /** Per cell and direction: the edge, or -1 at the border. */
  private readonly dirEdge: Int32Array;
  /** Half-edge visit stamps (4 per cell). */
  private readonly seen: Int32Array;
  private stamp = 0;
  /** Terminal corners of the walks of one check, walk by walk, in walk order: tag and walk. */
  private readonly cornerTag: Int32Array;
  private readonly cornerWalk: Int32Array;
  private readonly walkStart: Int32Array;
  private walks = 0;
  private corners = 0;
  // Scratch for sides(): corners grouped by terminal, union-find, each terminal's node.
  private readonly tagStart: Int32Array;
  private readonly tagList: Int32Array;
  private readonly fillPos: Int32Array;
  private readonly uf: Int32Array;
  private readonly node: Int32Array;

  constructor(private readonly p: Propagator, rows: number, cols: number, private readonly ends: Int32Array, private readonly labelCount: number) {
    this.cols = cols;
    const n = p.n, H = rows * (cols - 1);
    this.tag = new Int32Array(n);
    this.dirEdge = new Int32Array(4 * n).fill(-1);
    for (let v = 0; v < n; v++) {
      const r = (v / cols) | 0, c = v % cols;
      if (r > 0) this.dirEdge[4 * v] = H + (r - 1) * cols + c;
      if (c + 1 < cols) this.dirEdge[4 * v + 1] = r * (cols - 1) + c;
      if (r + 1 < rows) this.dirEdge[4 * v + 2] = H + r * cols + c;
      if (c > 0) this.dirEdge[4 * v + 3] = r * (cols - 1) + c - 1;
    }
    this.seen = new Int32Array(4 * n);
    // At most 4 corners per terminal, and a walk starts at a terminal's half-edge.
    const T = 2 * labelCount;
    this.cornerTag = new Int32Array(4 * T + 1);
    this.cornerWalk = new Int32Array(4 * T + 1);
    this.walkStart = new Int32Array(4 * T + 2);
    this.tagStart = new Int32Array(T + 1);
    this.tagList = new Int32Array(4 * T + 1);
    this.fillPos = new Int32Array(T + 1);
    this.uf = new Int32Array(4 * T + 2);
    this.node = new Int32Array(T + 1);
  }

  private neighbour(v: number, d: number): number {
    return d === 0 ? v - this.cols : d === 1 ? v + 1 : d === 2 ? v + this.cols : v - 1;
  }

  /** Whether the half-edge from v (in H) in direction d is an edge of H. */
  private inH(v: number, d: number): boolean {
    const e = this.dirEdge[4 * v + d];
    if (e < 0 || this.p.fixed[e] === 0) return false;
    const tw = this.tag[this.neighbour(v, d)];
    if (tw === -2) return false;
    const tv = this.tag[v];
    // Between two terminals only the edge joining the two ends of one label.
    if (tv >= 0 && tw >= 0) return tv >> 1 === tw >> 1 && tv !== tw;
    return true;
  }

  /** False when some label cannot be routed with the others (see the module comment). */
  check(): boolean {
    const p = this.p, tag = this.tag, n = p.n, ends = this.ends, L = this.labelCount;
    const { root, label } = p;
    for (let v = 0; v < n; v++) tag[v] = label[root[v]] >= 0 ? -2 : -1;
    let open = 0;
    for (let l = 0; l < L; l++) {
      const a = ends[2 * l], b = ends[2 * l + 1];
      if (a < 0 || root[a] === root[b]) continue;
      tag[p.openEnd(a)] = 2 * l;
      tag[p.openEnd(b)] = 2 * l + 1;
      open++;
    }
    // One label alone can always be separated from nothing.
    if (open < 2) return true;
    if (this.stamp > 0x3fffffff) { this.stamp = 0; this.seen.fill(0); }
    const s = ++this.stamp, seen = this.seen;
    this.walks = 0;
    this.corners = 0;
    for (let l = 0; l < L; l++) {
      const a = ends[2 * l], b = ends[2 * l + 1];
      if (a < 0 || root[a] === root[b]) continue;
      for (let k = 0; k < 2; k++) {
        const x = p.openEnd(k === 0 ? a : b);
        for (let d = 0; d < DIRS; d++) {
          if (seen[4 * x + d] !== s && this.inH(x, d)) this.walk(x, d, s);
        }
      }
    }
    return this.sides();
  }

  /** Walks the face boundary that starts with half-edge (x, d0), recording its terminal corners. */
  private walk(x: number, d0: number, s: number): void {
    const seen = this.seen, tag = this.tag;
    const w = this.walks++;
    this.walkStart[w] = this.corners;
    let v = x, d = d0;
    for (;;) {
      seen[4 * v + d] = s;
      const u = this.neighbour(v, d);
      // At u, arriving from direction back: the next edge of H clockwise after it (back itself
      // at a dead end).
      const back = (d + 2) & 3;
      let nd = back;
      for (let t = 1; t < 4; t++) {
        const c = (back + t) & 3;
        if (this.inH(u, c)) { nd = c; break; }
      }
      if (tag[u] >= 0) {
        const c = this.corners++;
        this.cornerTag[c] = tag[u];
        this.cornerWalk[c] = w;
      }
      v = u;
      d = nd;
      if (v === x && d === d0) break;
    }
    this.walkStart[w + 1] = this.corners;
  }

  /** The union-find argument of the module comment, for every label with two corners on one walk. */
  private sides(): boolean {
    const W = this.walks, C = this.corners, L = this.labelCount, T = 2 * L;
    const cornerTag = this.cornerTag, cornerWalk = this.cornerWalk, walkStart = this.walkStart;
    const tagStart = this.tagStart, tagList = this.tagList, fillPos = this.fillPos;
    // Corners by terminal (counting sort; each terminal's corners stay in walk order).
    tagStart.fill(0, 0, T + 1);
    for (let c = 0; c < C; c++) tagStart[cornerTag[c] + 1]++;
    for (let t = 0; t < T; t++) tagStart[t + 1] += tagStart[t];
    for (let t = 0; t < T; t++) fillPos[t] = tagStart[t];
    for (let c = 0; c < C; c++) tagList[fillPos[cornerTag[c]]++] = c;
    const uf = this.uf, node = this.node;
    for (let l = 0; l < L; l++) {
      const tx = 2 * l, ty = 2 * l + 1;
      for (let i = tagStart[tx]; i < tagStart[tx + 1]; i++) {
        const cx = tagList[i], w = cornerWalk[cx];
        for (let j = tagStart[ty]; j < tagStart[ty + 1]; j++) {
          const cy = tagList[j];
          if (cornerWalk[cy] !== w) continue;
          // Corners are numbered in walk order: side 1 is strictly between cx and cy going on.
          // A side is joined to anything only through a corner of another terminal on its part
          // of W: without one on either part, the sides cannot meet.
          let in1 = 0, in2 = 0;
          for (let c = walkStart[w], ce = walkStart[w + 1]; c < ce; c++) {
            const tc = cornerTag[c];
            if (tc === tx || tc === ty) continue;
            if (cx < cy ? c > cx && c < cy : c > cx || c < cy) in1++; else in2++;
          }
          if (in1 === 0 || in2 === 0) continue;
          // Nodes: 0 = side 1, 1 = side 2, 2 + k = walk k (k !== w).
          for (let k = 0; k < W + 2; k++) uf[k] = k;
          for (let t = 0; t < T; t++) {
            node[t] = -1;
            if (t === tx || t === ty) continue;
            let r = -1;
            for (let q = tagStart[t]; q < tagStart[t + 1]; q++) {
              const c = tagList[q];
              let nd: number;
              if (cornerWalk[c] !== w) nd = 2 + cornerWalk[c];
              else nd = (cx < cy ? c > cx && c < cy : c > cx || c < cy) ? 0 : 1;
              r = r < 0 ? find(uf, nd) : union(uf, r, nd);
            }
            node[t] = r;
          }
          for (let b = 0; b < L; b++) {
            if (b === l) continue;
            const u = node[2 * b], v = node[2 * b + 1];
            if (u >= 0 && v >= 0) union(uf, u, v);
          }
          if (find(uf, 0) === find(uf, 1)) return false;
        }
      }
    }
    return true;
  }
}

function find(uf: Int32Array, x: number): number {
  while (uf[x] !== x) { uf[x] = uf[uf[x]]; x = uf[x]; }
  return x;
}

function union(uf: Int32Array, x: number, y: number): number {
  const a = find(uf, x), b = find(uf, y);
  if (a !== b) uf[b] = a;
  return a;
}
