/**
 * A tiling as a planar graph: faces, edges and vertices (points with integer coordinates), each
 * face's outline as a cycle of vertices, and which faces lie on either side of each edge.
 *
 * The periodic tilings of Simon Tatham's Loopy (grid.c), numbered exactly as Loopy numbers them,
 * so that a game ID's hints (one per face, in face order) land on the right faces:
 * - faces in the order the generator adds them (rows y = 0.., then x = 0.. within a row, then the
 *   faces of that (x, y) in a fixed order); Loopy's periodic grids are never trimmed or re-sorted;
 * - vertices in the order a face first names them;
 * - edges in the order they are first met walking each face's outline, faces in order; edge k of
 *   a face joins its vertices k and k + 1.
 * Coordinates are Loopy's own (integers, y downwards), so a renderer can draw the polygons as they
 * are and a loop can be compared with one Loopy prints.
 *
 * Every face also has a text row (`rowOf`): the row y of the generator loop that added it. The
 * `.slk` form of a tiling (docs/tilings.md) writes the hints of row y on line y, in face order.
 */

export type TilingName =
  | 'square' | 'triangular' | 'honeycomb' | 'snubsquare' | 'cairo' | 'greathexagonal' | 'octagonal'
  | 'kites' | 'floret' | 'dodecagonal' | 'greatdodecagonal' | 'greatgreatdodecagonal' | 'kagome'
  | 'compassdodecagonal';

/** A tiling's name and size, and Loopy's grid description where the grid has one (triangular: "0"). */
export interface TilingRef {
  name: TilingName;
  width: number;
  height: number;
  /** Loopy's grid description (the part before `_` in a game ID); triangular grids: "0" or absent (the old grid). */
  desc?: string;
}

export interface TilingInfo {
  name: TilingName;
  /** Loopy's grid type number (`tN` in a game ID). */
  loopyType: number;
  /** Loopy's name for the grid type (its menu). */
  title: string;
  /** Loopy's limits: both sides at least `amin`, one of them at least `omin`. */
  amin: number;
  omin: number;
  /** Other names a `# grid:` line accepts. */
  aliases: string[];
  /** Most faces one unit (x, y) of the generator adds: bounds the size before anything is built. */
  unitFaces: number;
}

/** Loopy's grid types that this module generates, by Loopy's type number. */
export const TILINGS: readonly TilingInfo[] = [
  { name: 'square', unitFaces: 1, loopyType: 0, title: 'Squares', amin: 3, omin: 3, aliases: ['squares'] },
  { name: 'triangular', unitFaces: 3, loopyType: 1, title: 'Triangular', amin: 3, omin: 3, aliases: ['triangles'] },
  { name: 'honeycomb', unitFaces: 1, loopyType: 2, title: 'Honeycomb', amin: 3, omin: 3, aliases: ['hexagonal'] },
  { name: 'snubsquare', unitFaces: 3, loopyType: 3, title: 'Snub-Square', amin: 3, omin: 3, aliases: ['snub-square'] },
  { name: 'cairo', unitFaces: 2, loopyType: 4, title: 'Cairo', amin: 3, omin: 4, aliases: [] },
  { name: 'greathexagonal', unitFaces: 6, loopyType: 5, title: 'Great-Hexagonal', amin: 3, omin: 3, aliases: ['great-hexagonal'] },
  { name: 'octagonal', unitFaces: 2, loopyType: 6, title: 'Octagonal', amin: 3, omin: 3, aliases: [] },
  { name: 'kites', unitFaces: 6, loopyType: 7, title: 'Kites', amin: 3, omin: 3, aliases: ['kite'] },
  { name: 'floret', unitFaces: 6, loopyType: 8, title: 'Floret', amin: 1, omin: 2, aliases: [] },
  { name: 'dodecagonal', unitFaces: 3, loopyType: 9, title: 'Dodecagonal', amin: 2, omin: 2, aliases: [] },
  { name: 'greatdodecagonal', unitFaces: 6, loopyType: 10, title: 'Great-Dodecagonal', amin: 2, omin: 2, aliases: ['great-dodecagonal'] },
  { name: 'greatgreatdodecagonal', unitFaces: 12, loopyType: 13, title: 'Great-Great-Dodecagonal', amin: 2, omin: 2, aliases: ['great-great-dodecagonal'] },
  { name: 'kagome', unitFaces: 3, loopyType: 14, title: 'Kagome', amin: 3, omin: 3, aliases: [] },
  { name: 'compassdodecagonal', unitFaces: 6, loopyType: 15, title: 'Compass-Dodecagonal', amin: 2, omin: 2, aliases: ['compass-dodecagonal'] },
];

/** Faces past this many are refused, as square grids past 1,048,576 cells are (parse/limits.ts). */
export const MAX_LATTICE_FACES = 1 << 20;

export function tilingInfo(name: TilingName): TilingInfo {
  return TILINGS.find((t) => t.name === name)!;
}

export function tilingByLoopyType(type: number): TilingInfo | undefined {
  return TILINGS.find((t) => t.loopyType === type);
}

/** A `# grid:` name (any case; Loopy's titles and a few aliases), or undefined. */
export function tilingByName(name: string): TilingInfo | undefined {
  const n = name.toLowerCase();
  return TILINGS.find((t) => t.name === n || t.title.toLowerCase() === n || t.aliases.includes(n));
}

/** Why Loopy would refuse this size (or a grid description), or null. */
export function tilingSizeError(ref: TilingRef): string | null {
  const info = tilingInfo(ref.name);
  const { width: w, height: h } = ref;
  if (!Number.isSafeInteger(w) || !Number.isSafeInteger(h) || w < 1 || h < 1) return 'width and height must both be positive';
  if (w < info.amin || h < info.amin) return `width and height for this grid type must both be at least ${info.amin}`;
  if (w < info.omin && h < info.omin) return `at least one of width and height for this grid type must be at least ${info.omin}`;
  if (w * h * info.unitFaces > MAX_LATTICE_FACES) {
    return `${w}x${h} is too large (up to ${w * h * info.unitFaces} faces; at most ${MAX_LATTICE_FACES} are checked)`;
  }
  if (ref.desc !== undefined && !(ref.name === 'triangular' && ref.desc === '0')) {
    return ref.name === 'triangular' ? `unknown triangular grid description "${ref.desc}" (only "0")` : 'this grid type takes no grid description';
  }
  return null;
}

export class Lattice {
  readonly faceCount: number;
  readonly vertexCount: number;
  readonly edgeCount: number;
  /** Vertex v is at (xy[2v], xy[2v + 1]), Loopy's coordinates. */
  readonly xy: Int32Array;
  /** Face f's vertices (clockwise on screen) are faceVerts[faceOff[f] .. faceOff[f + 1] - 1]; its edges likewise in faceEdges. */
  readonly faceOff: Int32Array;
  readonly faceVerts: Int32Array;
  /** faceEdges[faceOff[f] + k] joins faceVerts[faceOff[f] + k] and the next vertex. */
  readonly faceEdges: Int32Array;
  /** Edge e joins ends[2e] and ends[2e + 1]. */
  readonly ends: Int32Array;
  /** Faces beside edge e: sides[2e], sides[2e + 1] (-1: the outside). */
  readonly sides: Int32Array;
  /** Text row of each face, and the faces of row r: rowOff[r] .. rowOff[r + 1] - 1 (rows hold consecutive faces). */
  readonly rowOf: Int32Array;
  readonly rowOff: Int32Array;

  constructor(readonly ref: TilingRef, faces: number[][], rows: number[], xy: number[]) {
    this.faceCount = faces.length;
    this.vertexCount = xy.length / 2;
    this.xy = Int32Array.from(xy);
    const off = new Int32Array(faces.length + 1);
    for (let f = 0; f < faces.length; f++) off[f + 1] = off[f] + faces[f].length;
    this.faceOff = off;
    this.faceVerts = new Int32Array(off[faces.length]);
    this.faceEdges = new Int32Array(off[faces.length]);
    // Edges in order of first appearance around the faces (grid.c's grid_make_consistent).
    const open = new Map<number, number>();
    const ends: number[] = [], sides: number[] = [];
    const V = this.vertexCount;
    for (let f = 0; f < faces.length; f++) {
      const d = faces[f];
      for (let j = 0; j < d.length; j++) {
        const a = d[j], b = d[(j + 1) % d.length];
        this.faceVerts[off[f] + j] = a;
        const key = a < b ? a * V + b : b * V + a;
        const e = open.get(key);
        if (e !== undefined) {
          open.delete(key);
          sides[2 * e + 1] = f;
          this.faceEdges[off[f] + j] = e;
        } else {
          const n = ends.length / 2;
          ends.push(a, b);
          sides.push(f, -1);
          open.set(key, n);
          this.faceEdges[off[f] + j] = n;
        }
      }
    }
    this.ends = Int32Array.from(ends);
    this.sides = Int32Array.from(sides);
    this.edgeCount = ends.length / 2;
    this.rowOf = Int32Array.from(rows);
    const nrows = rows.length ? rows[rows.length - 1] + 1 : 0;
    this.rowOff = new Int32Array(nrows + 1);
    for (const r of rows) this.rowOff[r + 1]++;
    for (let r = 0; r < nrows; r++) this.rowOff[r + 1] += this.rowOff[r];
  }

  get rowCount(): number {
    return this.rowOff.length - 1;
  }

  faceSize(f: number): number {
    return this.faceOff[f + 1] - this.faceOff[f];
  }

  /** Face f's edges. */
  edgesOf(f: number): Int32Array {
    return this.faceEdges.subarray(this.faceOff[f], this.faceOff[f + 1]);
  }

  /** Face f's outline as [x, y] points (clockwise on screen). */
  polygon(f: number): [number, number][] {
    const out: [number, number][] = [];
    for (let i = this.faceOff[f]; i < this.faceOff[f + 1]; i++) {
      const v = this.faceVerts[i];
      out.push([this.xy[2 * v], this.xy[2 * v + 1]]);
    }
    return out;
  }

  /** Edge e as [x1, y1, x2, y2]. */
  edgeCoords(e: number): [number, number, number, number] {
    const a = this.ends[2 * e], b = this.ends[2 * e + 1];
    return [this.xy[2 * a], this.xy[2 * a + 1], this.xy[2 * b], this.xy[2 * b + 1]];
  }

  /** The vertex at (x, y), or -1. */
  vertexAt(x: number, y: number): number {
    this.pointIndex ??= new Map(Array.from({ length: this.vertexCount }, (_, v) => [pointKey(this.xy[2 * v], this.xy[2 * v + 1]), v]));
    return this.pointIndex.get(pointKey(x, y)) ?? -1;
  }

  /** The edge between two vertices, or -1. */
  edgeBetween(a: number, b: number): number {
    if (!this.edgeIndex) {
      this.edgeIndex = new Map();
      for (let e = 0; e < this.edgeCount; e++) this.edgeIndex.set(pairKey(this.ends[2 * e], this.ends[2 * e + 1], this.vertexCount), e);
    }
    return this.edgeIndex.get(pairKey(a, b, this.vertexCount)) ?? -1;
  }

  /** Bounding box of the points: [minX, minY, maxX, maxY]. */
  bounds(): [number, number, number, number] {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let v = 0; v < this.vertexCount; v++) {
      const x = this.xy[2 * v], y = this.xy[2 * v + 1];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    return [x0, y0, x1, y1];
  }

  /** Centre of face f (mean of its corners), for labels. */
  centre(f: number): [number, number] {
    let sx = 0, sy = 0;
    const n = this.faceSize(f);
    for (let i = this.faceOff[f]; i < this.faceOff[f + 1]; i++) {
      const v = this.faceVerts[i];
      sx += this.xy[2 * v];
      sy += this.xy[2 * v + 1];
    }
    return [sx / n, sy / n];
  }

  private pointIndex?: Map<number, number>;
  private edgeIndex?: Map<number, number>;
}

function pointKey(x: number, y: number): number {
  // Loopy's coordinates of any accepted size stay well inside +-2^24.
  return (x + 2 ** 24) * 2 ** 26 + (y + 2 ** 24);
}

function pairKey(a: number, b: number, n: number): number {
  return a < b ? a * n + b : b * n + a;
}

/** Collects faces as Loopy's generators add them: points looked up by coordinates, new ones numbered in order. */
class Builder {
  readonly faces: number[][] = [];
  readonly rows: number[] = [];
  readonly xy: number[] = [];
  private readonly index = new Map<number, number>();

  dot(x: number, y: number): number {
    const k = pointKey(x, y);
    let v = this.index.get(k);
    if (v === undefined) {
      v = this.xy.length / 2;
      this.xy.push(x, y);
      this.index.set(k, v);
    }
    return v;
  }

  /** A face with corners given as x0, y0, x1, y1, ... */
  face(row: number, ...c: number[]): void {
    const f: number[] = [];
    for (let i = 0; i < c.length; i += 2) f.push(this.dot(c[i], c[i + 1]));
    this.faces.push(f);
    this.rows.push(row);
  }
}

type Generator = (b: Builder, w: number, h: number, desc: string | undefined) => void;

const GENERATORS: Record<TilingName, Generator> = {
  square(b, w, h) {
    const a = 20;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const px = a * x, py = a * y;
        b.face(y, px, py, px + a, py, px + a, py + a, px, py + a);
      }
  },

  honeycomb(b, w, h) {
    const a = 15, bb = 26;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const cx = 3 * a * x, cy = 2 * bb * y + (x % 2 ? bb : 0);
        b.face(y, cx - a, cy - bb, cx + a, cy - bb, cx + 2 * a, cy, cx + a, cy + bb, cx - a, cy + bb, cx - 2 * a, cy);
      }
  },

  triangular(b, w, h, desc) {
    const vx = 15, vy = 26;
    if (desc === undefined) {
      // The old grid (game IDs without "0_"): dots on a fixed lattice, numbered row by row first.
      const W = w + 1;
      for (let y = 0; y <= h; y++) for (let x = 0; x <= w; x++) b.dot(x * 2 * vx + (y % 2 ? vx : 0), y * vy);
      const d = (i: number) => [b.xy[2 * i], b.xy[2 * i + 1]];
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          if (y % 2) {
            b.face(y, ...d(y * W + x), ...d((y + 1) * W + x + 1), ...d((y + 1) * W + x));
            b.face(y, ...d(y * W + x), ...d(y * W + x + 1), ...d((y + 1) * W + x + 1));
          } else {
            b.face(y, ...d(y * W + x), ...d(y * W + x + 1), ...d((y + 1) * W + x));
            b.face(y, ...d(y * W + x + 1), ...d((y + 1) * W + x + 1), ...d((y + 1) * W + x));
          }
        }
      return;
    }
    for (let y = 0; y < h; y++) {
      let y0 = y * vy, y1 = y * vy;
      let n1: number, n2: number;
      if (y % 2) { y1 += vy; n1 = 2; n2 = 1; } else { y0 += vy; n1 = 1; n2 = 2; }
      const tri = (p0: number[], p1: number[], p2: number[], i1: number, i2: number) => {
        const c: number[][] = [p0, [], []];
        c[i1] = p1;
        c[i2] = p2;
        b.face(y, ...c[0], ...c[1], ...c[2]);
      };
      for (let x = 0; x <= w; x++) {
        const x0 = 2 * x * vx, x1 = x0 + vx, x2 = x1 + vx;
        if (h % 2 === 1 && y === h - 1 && (x === 0 || x === w)) continue;
        tri([x0, y0], [x1, y1], [x2, y0], n1, n2);
      }
      for (let x = 0; x < w; x++) {
        const x0 = (2 * x + 1) * vx, x1 = x0 + vx, x2 = x1 + vx;
        tri([x0, y1], [x1, y0], [x2, y1], n2, n1);
      }
    }
  },

  snubsquare(b, w, h) {
    const a = 15, c = 26;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const px = (a + c) * x, py = (a + c) * y;
        const odd = (x + y) % 2 === 1;
        if (odd) b.face(y, px + a, py, px + a + c, py + a, px + c, py + a + c, px, py + c);
        else b.face(y, px + c, py, px + a + c, py + c, px + a, py + a + c, px, py + a);
        if (x > 0) {
          if (odd) b.face(y, px + a, py, px, py + c, px - a, py);
          else b.face(y, px, py + a, px + a, py + a + c, px - a, py + a + c);
        }
        if (y > 0) {
          if (odd) b.face(y, px + a, py, px + a + c, py - a, px + a + c, py + a);
          else b.face(y, px, py - a, px + c, py, px, py + a);
        }
      }
  },

  cairo(b, w, h) {
    const a = 14, c = 31;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const px = 2 * c * x, py = 2 * c * y;
        const odd = (x + y) % 2 === 1;
        if (y > 0) {
          if (odd) b.face(y, px + a, py - c, px + 2 * c - a, py - c, px + 2 * c, py, px + c, py + a, px, py);
          else b.face(y, px, py, px + c, py - a, px + 2 * c, py, px + 2 * c - a, py + c, px + a, py + c);
        }
        if (x > 0) {
          if (odd) b.face(y, px, py, px + c, py + a, px + c, py + 2 * c - a, px, py + 2 * c, px - a, py + c);
          else b.face(y, px, py, px + a, py + c, px, py + 2 * c, px - c, py + 2 * c - a, px - c, py + a);
        }
      }
  },

  greathexagonal(b, w, h) {
    const a = 15, c = 26;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const px = (3 * a + c) * x, py = (2 * a + 2 * c) * y + (x % 2 ? a + c : 0);
        b.face(y, px - a, py - c, px + a, py - c, px + 2 * a, py, px + a, py + c, px - a, py + c, px - 2 * a, py);
        if (y < h - 1) b.face(y, px - a, py + c, px + a, py + c, px + a, py + 2 * a + c, px - a, py + 2 * a + c);
        if (x < w - 1 && (x % 2 === 0 || y < h - 1)) {
          b.face(y, px + 2 * a, py, px + 2 * a + c, py + a, px + a + c, py + a + c, px + a, py + c);
        }
        if (x > 0 && (x % 2 === 0 || y < h - 1)) {
          b.face(y, px - 2 * a, py, px - a, py + c, px - a - c, py + a + c, px - 2 * a - c, py + a);
        }
        if (x < w - 1 && y < h - 1) b.face(y, px + a, py + c, px + a + c, py + a + c, px + a, py + 2 * a + c);
        if (x > 0 && y < h - 1) b.face(y, px - a, py + c, px - a, py + 2 * a + c, px - a - c, py + a + c);
      }
  },

  kagome(b, w, h) {
    const a = 15, c = 26;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const px = 4 * a * x + (y % 2 ? 2 * a : 0), py = 2 * c * y;
        b.face(y, px + a, py - c, px + 2 * a, py, px + a, py + c, px - a, py + c, px - 2 * a, py, px - a, py - c);
        if (x < w - 1 || (y % 2 === 0 && y > 0)) b.face(y, px + 3 * a, py - c, px + 2 * a, py, px + a, py - c);
        if (x < w - 1 || (y % 2 === 0 && y < h - 1)) b.face(y, px + 3 * a, py + c, px + a, py + c, px + 2 * a, py);
        if (x === 0 && y % 2 === 1) {
          b.face(y, px - a, py - c, px - 2 * a, py, px - 3 * a, py - c);
          if (y < h - 1) b.face(y, px - a, py + c, px - 3 * a, py + c, px - 2 * a, py);
        }
      }
  },

  octagonal(b, w, h) {
    const a = 29, c = 41;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const px = (2 * a + c) * x, py = (2 * a + c) * y;
        b.face(y, px + a, py, px + a + c, py, px + 2 * a + c, py + a, px + 2 * a + c, py + a + c,
          px + a + c, py + 2 * a + c, px + a, py + 2 * a + c, px, py + a + c, px, py + a);
        if (x > 0 && y > 0) b.face(y, px, py - a, px + a, py, px, py + a, px - a, py);
      }
  },

  kites(b, w, h) {
    const a = 15, c = 26;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const px = 4 * c * x + (y % 2 ? 2 * c : 0), py = 6 * a * y;
        b.face(y, px, py, px + 2 * c, py, px + 2 * c, py + 2 * a, px + c, py + 3 * a);
        b.face(y, px, py, px + c, py + 3 * a, px, py + 4 * a, px - c, py + 3 * a);
        b.face(y, px, py, px - c, py + 3 * a, px - 2 * c, py + 2 * a, px - 2 * c, py);
        b.face(y, px, py, px - 2 * c, py, px - 2 * c, py - 2 * a, px - c, py - 3 * a);
        b.face(y, px, py, px - c, py - 3 * a, px, py - 4 * a, px + c, py - 3 * a);
        b.face(y, px, py, px + c, py - 3 * a, px + 2 * c, py - 2 * a, px + 2 * c, py);
      }
  },

  floret(b, w, h) {
    const px = 75, py = -26;
    const qx = Math.trunc((4 * px) / 5), qy = -py * 2;
    const rx = qx - px, ry = qy - py;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const cx = Math.trunc((6 * px + 3 * qx) / 2) * x;
        let cy = (4 * py - 5 * qy) * y;
        if (x % 2) cy -= Math.trunc((4 * py - 5 * qy) / 2);
        else if (y && y === h - 1 && w > 1) continue;
        b.face(y, cx, cy, cx + 2 * rx, cy + 2 * ry, cx + 2 * rx + qx, cy + 2 * ry + qy, cx + 2 * qx + rx, cy + 2 * qy + ry, cx + 2 * qx, cy + 2 * qy);
        b.face(y, cx, cy, cx + 2 * qx, cy + 2 * qy, cx + 2 * qx + px, cy + 2 * qy + py, cx + 2 * px + qx, cy + 2 * py + qy, cx + 2 * px, cy + 2 * py);
        b.face(y, cx, cy, cx + 2 * px, cy + 2 * py, cx + 2 * px - rx, cy + 2 * py - ry, cx - 2 * rx + px, cy - 2 * ry + py, cx - 2 * rx, cy - 2 * ry);
        b.face(y, cx, cy, cx - 2 * rx, cy - 2 * ry, cx - 2 * rx - qx, cy - 2 * ry - qy, cx - 2 * qx - rx, cy - 2 * qy - ry, cx - 2 * qx, cy - 2 * qy);
        b.face(y, cx, cy, cx - 2 * qx, cy - 2 * qy, cx - 2 * qx - px, cy - 2 * qy - py, cx - 2 * px - qx, cy - 2 * py - qy, cx - 2 * px, cy - 2 * py);
        b.face(y, cx, cy, cx - 2 * px, cy - 2 * py, cx - 2 * px + rx, cy - 2 * py + ry, cx + 2 * rx - px, cy + 2 * ry - py, cx + 2 * rx, cy + 2 * ry);
      }
  },

  dodecagonal(b, w, h) {
    const a = 15, c = 26;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const px = (4 * a + 2 * c) * x + (y % 2 ? 2 * a + c : 0), py = (3 * a + 2 * c) * y;
        dodecagon(b, y, px, py);
        const inner = (x < w - 1 || y % 2 === 0) && (x > 0 || y % 2 === 1);
        if (y < h - 1 && inner) b.face(y, px + a, py + (2 * a + c), px, py + (2 * a + 2 * c), px - a, py + (2 * a + c));
        if (y > 0 && inner) b.face(y, px - a, py - (2 * a + c), px, py - (2 * a + 2 * c), px + a, py - (2 * a + c));
      }
  },

  greatdodecagonal(b, w, h) {
    const a = 15, c = 26;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const px = (6 * a + 2 * c) * x + (y % 2 ? 3 * a + c : 0), py = (3 * a + 3 * c) * y;
        dodecagon(b, y, px, py);
        const inner = (x < w - 1 || y % 2 === 0) && (x > 0 || y % 2 === 1);
        if (y < h - 1 && inner) {
          b.face(y, px + a, py + (2 * a + c), px + 2 * a, py + (2 * a + 2 * c), px + a, py + (2 * a + 3 * c),
            px - a, py + (2 * a + 3 * c), px - 2 * a, py + (2 * a + 2 * c), px - a, py + (2 * a + c));
        }
        if (y > 0 && inner) {
          b.face(y, px - a, py - (2 * a + c), px - 2 * a, py - (2 * a + 2 * c), px - a, py - (2 * a + 3 * c),
            px + a, py - (2 * a + 3 * c), px + 2 * a, py - (2 * a + 2 * c), px + a, py - (2 * a + c));
        }
        if (x < w - 1) b.face(y, px + 2 * a + c, py - a, px + 4 * a + c, py - a, px + 4 * a + c, py + a, px + 2 * a + c, py + a);
        if (y > 0 && (x < w - 1 || y % 2 === 0)) {
          b.face(y, px + a, py - (2 * a + c), px + 2 * a, py - (2 * a + 2 * c), px + (2 * a + c), py - (a + 2 * c), px + (a + c), py - (a + c));
        }
        if (y > 0 && (x > 0 || y % 2 === 1)) {
          b.face(y, px - (a + c), py - (a + c), px - (2 * a + c), py - (a + 2 * c), px - 2 * a, py - (2 * a + 2 * c), px - a, py - (2 * a + c));
        }
      }
  },

  greatgreatdodecagonal(b, w, h) {
    const a = 15, c = 26;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const px = (4 * a + 4 * c) * x + (y % 2 ? 2 * a + 2 * c : 0), py = (6 * a + 2 * c) * y;
        dodecagon(b, y, px, py);
        const right = x < w - 1, rightOrEven = right || y % 2 === 0;
        if (y > 0 && rightOrEven) {
          b.face(y, px + (a + 2 * c), py - (4 * a + c), px + (a + 2 * c), py - (2 * a + c), px + (a + c), py - (a + c),
            px + a, py - (2 * a + c), px + a, py - (4 * a + c), px + (a + c), py - (5 * a + c));
        }
        if (right) {
          b.face(y, px + (2 * a + 3 * c), py - a, px + (2 * a + 3 * c), py + a, px + (2 * a + 2 * c), py + 2 * a,
            px + (2 * a + c), py + a, px + (2 * a + c), py - a, px + (2 * a + 2 * c), py - 2 * a);
        }
        if (y < h - 1 && rightOrEven) {
          b.face(y, px + (a + 2 * c), py + (2 * a + c), px + (a + 2 * c), py + (4 * a + c), px + (a + c), py + (5 * a + c),
            px + a, py + (4 * a + c), px + a, py + (2 * a + c), px + (a + c), py + (a + c));
        }
        if (y > 0 && right) b.face(y, px + (a + 2 * c), py - (2 * a + c), px + (2 * a + 2 * c), py - 2 * a, px + (2 * a + c), py - a, px + (a + c), py - (a + c));
        if (y < h - 1 && right) b.face(y, px + (2 * a + 2 * c), py + 2 * a, px + (a + 2 * c), py + (2 * a + c), px + (a + c), py + (a + c), px + (2 * a + c), py + a);
        const inner = rightOrEven && (x > 0 || y % 2 === 1);
        if (y < h - 1 && inner) b.face(y, px + a, py + (2 * a + c), px + a, py + (4 * a + c), px - a, py + (4 * a + c), px - a, py + (2 * a + c));
        if (x > 0 && y < h - 1) b.face(y, px - (2 * a + c), py + a, px - (a + c), py + (a + c), px - (a + 2 * c), py + (2 * a + c), px - (2 * a + 2 * c), py + 2 * a);
        if (x > 0 && y > 0) b.face(y, px - (a + c), py - (a + c), px - (2 * a + c), py - a, px - (2 * a + 2 * c), py - 2 * a, px - (a + 2 * c), py - (2 * a + c));
        if (y > 0 && inner) b.face(y, px + a, py - (4 * a + c), px + a, py - (2 * a + c), px - a, py - (2 * a + c), px - a, py - (4 * a + c));
        if (y > 0 && right) b.face(y, px + (3 * a + 2 * c), py - (2 * a + c), px + (2 * a + 2 * c), py - 2 * a, px + (a + 2 * c), py - (2 * a + c));
        if (y < h - 1 && right) b.face(y, px + (3 * a + 2 * c), py + (2 * a + c), px + (a + 2 * c), py + (2 * a + c), px + (2 * a + 2 * c), py + 2 * a);
      }
  },

  compassdodecagonal(b, w, h) {
    const a = 15, c = 26;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const px = (4 * a + 2 * c) * x, py = (4 * a + 2 * c) * y;
        dodecagon(b, y, px, py);
        if (x < w - 1 && y < h - 1) {
          b.face(y, px + (2 * a + c), py + a, px + (3 * a + c), py + (a + c), px + (a + c), py + (a + c));
          b.face(y, px + (3 * a + 2 * c), py + (2 * a + c), px + (3 * a + c), py + (3 * a + c), px + (3 * a + c), py + (a + c));
          b.face(y, px + (3 * a + c), py + (3 * a + c), px + (2 * a + c), py + (3 * a + 2 * c), px + (a + c), py + (3 * a + c));
          b.face(y, px + (a + c), py + (a + c), px + (a + c), py + (3 * a + c), px + a, py + (2 * a + c));
          b.face(y, px + (3 * a + c), py + (a + c), px + (3 * a + c), py + (3 * a + c), px + (a + c), py + (3 * a + c), px + (a + c), py + (a + c));
        }
      }
  },
};

/** The regular dodecagon of the dodecagonal grids, centred at (px, py), side 2a (a = 15, b = 26). */
function dodecagon(b: Builder, row: number, px: number, py: number): void {
  const a = 15, c = 26;
  b.face(row,
    px + a, py - (2 * a + c), px + (a + c), py - (a + c), px + (2 * a + c), py - a, px + (2 * a + c), py + a,
    px + (a + c), py + (a + c), px + a, py + (2 * a + c), px - a, py + (2 * a + c), px - (a + c), py + (a + c),
    px - (2 * a + c), py + a, px - (2 * a + c), py - a, px - (a + c), py - (a + c), px - a, py - (2 * a + c));
}

const cache = new Map<string, Lattice>();

/** The lattice of a tiling (cached: lattices are immutable). Throws on a size `tilingSizeError` refuses. */
export function makeLattice(ref: TilingRef): Lattice {
  const key = `${ref.name} ${ref.width}x${ref.height} ${ref.desc ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const bad = tilingSizeError(ref);
  if (bad) throw new Error(`${ref.name} ${ref.width}x${ref.height}: ${bad}`);
  const lattice = generateLattice(ref);
  if (cache.size >= 32) cache.clear();
  cache.set(key, lattice);
  return lattice;
}

/**
 * The lattice of any size, even one Loopy refuses as too small (small patches for tests); not
 * cached. Sizes of at least 1 only.
 */
export function generateLattice(ref: TilingRef): Lattice {
  const b = new Builder();
  GENERATORS[ref.name](b, ref.width, ref.height, ref.desc);
  return new Lattice({ ...ref }, b.faces, b.rows, b.xy);
}
