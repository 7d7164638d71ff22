/**
 * A loop on a tiling given as its inside faces (the solution block of a tiling file), and the
 * helpers squares have in loop.ts: the loop's edges, each face's hint, whether it is one simple
 * loop, the inside of an edge set, and where marks fail to be one loop, face by face.
 *
 * A loop on a plane graph is exactly the boundary of a set of faces (the outside counts as
 * outside), so a per-face map is enough and always names a set of edges; it is one simple loop
 * exactly when the set is not empty, no vertex has four or more loop edges, and both the inside
 * faces and the outside ones (with the region around the grid) are connected.
 */
import type { Lattice } from './lattice';

/** Per edge: 1 when the loop around `inside` (per face) uses it: its two sides differ. */
export function latticeLoopEdges(l: Lattice, inside: ArrayLike<number>): Uint8Array {
  const on = new Uint8Array(l.edgeCount);
  for (let e = 0; e < l.edgeCount; e++) {
    const a = l.sides[2 * e]!, b = l.sides[2 * e + 1]!;
    on[e] = (a >= 0 && inside[a] ? 1 : 0) ^ (b >= 0 && inside[b] ? 1 : 0);
  }
  return on;
}

/** Per face: how many of its sides `on` (per edge) uses. */
export function latticeHintsOfEdges(l: Lattice, on: ArrayLike<number>): Int8Array {
  const hints = new Int8Array(l.faceCount);
  for (let f = 0; f < l.faceCount; f++) {
    let k = 0;
    for (const e of l.edgesOf(f)) k += on[e] ? 1 : 0;
    hints[f] = k;
  }
  return hints;
}

/** "(x, y)": a vertex by Loopy's coordinates, as the CLI's JSON gives edges. */
export function pointName(l: Lattice, v: number): string {
  return `(${l.xy[2 * v]}, ${l.xy[2 * v + 1]})`;
}

/** Why `on` (per edge) is not one simple closed loop, or null when it is. */
export function latticeLoopProblem(l: Lattice, on: ArrayLike<number>): string | null {
  const deg = new Int32Array(l.vertexCount);
  let edges = 0, first = -1;
  for (let e = 0; e < l.edgeCount; e++) {
    if (!on[e]) continue;
    edges++;
    if (first < 0) first = e;
    deg[l.ends[2 * e]!]++;
    deg[l.ends[2 * e + 1]!]++;
  }
  if (edges === 0) return 'the loop is empty (mark at least one face inside)';
  for (let v = 0; v < l.vertexCount; v++) {
    if (deg[v]! >= 4 && deg[v]! % 2 === 0) return `the loop touches itself at the point ${pointName(l, v)} (inside faces meet only at a corner there)`;
    if (deg[v] !== 0 && deg[v] !== 2) return `the point ${pointName(l, v)} has ${deg[v]} loop edges`;
  }
  // One cycle: walking from the first edge along the loop comes back after every edge.
  const at = vertexEdges(l);
  let prevEdge = first, v = l.ends[2 * first + 1]!, steps = 1;
  const start = l.ends[2 * first]!;
  while (v !== start && steps <= edges) {
    let next = -1;
    for (let i = at.off[v]!; i < at.off[v + 1]!; i++) {
      const e = at.edges[i]!;
      if (on[e] && e !== prevEdge) { next = e; break; }
    }
    prevEdge = next;
    v = l.ends[2 * next]! === v ? l.ends[2 * next + 1]! : l.ends[2 * next]!;
    steps++;
  }
  if (steps !== edges) return 'the inside faces give more than one loop (the inside must be one connected piece without holes)';
  return null;
}

/** The inside faces of a loop given by its edges: crossing a loop edge flips inside and outside. */
export function latticeInsideOfEdges(l: Lattice, on: ArrayLike<number>): Uint8Array {
  const inside = new Uint8Array(l.faceCount);
  const seen = new Uint8Array(l.faceCount);
  const queue: number[] = [];
  // From the outside: each face on the border is across its border edges from it.
  for (let e = 0; e < l.edgeCount; e++) {
    const a = l.sides[2 * e]!, b = l.sides[2 * e + 1]!;
    const f = a < 0 ? b : b < 0 ? a : -1;
    if (f < 0 || seen[f]) continue;
    seen[f] = 1;
    inside[f] = on[e] ? 1 : 0;
    queue.push(f);
  }
  for (let k = 0; k < queue.length; k++) {
    const f = queue[k]!;
    for (const e of l.edgesOf(f)) {
      const a = l.sides[2 * e]!, b = l.sides[2 * e + 1]!;
      const g = a === f ? b : a;
      if (g < 0 || seen[g]) continue;
      seen[g] = 1;
      inside[g] = inside[f]! ^ (on[e] ? 1 : 0);
      queue.push(g);
    }
  }
  return inside;
}

/** Where marks fail to be one simple loop (latticeLoopDefects); faces by number. */
export type FaceDefect =
  | { kind: 'empty' }
  /** Vertex `vertex` where the inside faces `cells` meet only at a corner; `other`: the outside faces there. */
  | { kind: 'corner'; vertex: number; cells: number[]; other: number[] }
  | { kind: 'separate'; cells: number[]; mainSize: number }
  | { kind: 'hole'; cells: number[] };

/**
 * Every defect of the marks (per face, 1 = inside): corners (vertices where the loop would touch
 * itself), then inside pieces apart from the largest, then outside pieces the loop encloses. Pieces
 * are joined through shared vertices (as squares' are 8-connected), so one mistake gives one
 * defect. The list is empty exactly when latticeLoopProblem finds the marks' edges one loop.
 */
export function latticeLoopDefects(l: Lattice, inside: ArrayLike<number>): FaceDefect[] {
  const isIn = (f: number): boolean => inside[f] === 1;
  let any = false;
  for (let f = 0; f < l.faceCount && !any; f++) any = isIn(f);
  if (!any) return [{ kind: 'empty' }];
  const faces = vertexFaces(l);
  const on = latticeLoopEdges(l, inside);
  const deg = new Int32Array(l.vertexCount);
  for (let e = 0; e < l.edgeCount; e++) if (on[e]) { deg[l.ends[2 * e]!]++; deg[l.ends[2 * e + 1]!]++; }
  const out: FaceDefect[] = [];
  for (let v = 0; v < l.vertexCount; v++) {
    if (deg[v]! < 4) continue;
    const around = Array.from(faces.faces.subarray(faces.off[v]!, faces.off[v + 1]!));
    out.push({ kind: 'corner', vertex: v, cells: around.filter(isIn), other: around.filter((f) => !isIn(f)) });
  }
  const pieces = components(l, faces, isIn);
  if (pieces.length > 1) {
    let main = 0;
    pieces.forEach((p, k) => { if (p.length > pieces[main]!.length) main = k; });
    pieces.forEach((p, k) => { if (k !== main) out.push({ kind: 'separate', cells: p, mainSize: pieces[main]!.length }); });
  }
  // A border vertex touches the region around the grid, which is outside.
  const border = new Uint8Array(l.vertexCount);
  for (let e = 0; e < l.edgeCount; e++) if (l.sides[2 * e]! < 0 || l.sides[2 * e + 1]! < 0) border[l.ends[2 * e]!] = border[l.ends[2 * e + 1]!] = 1;
  for (const p of components(l, faces, (f) => !isIn(f))) {
    const open = p.some((f) => Array.from(l.faceVerts.subarray(l.faceOff[f]!, l.faceOff[f + 1]!)).some((v) => border[v] === 1));
    if (!open) out.push({ kind: 'hole', cells: p });
  }
  return out;
}

/** Faces (or edges) around each vertex, as offsets into one array. */
interface Incidence { off: Int32Array; faces: Int32Array }

function vertexFaces(l: Lattice): Incidence {
  const off = new Int32Array(l.vertexCount + 1);
  for (const v of l.faceVerts) off[v + 1]++;
  for (let v = 0; v < l.vertexCount; v++) off[v + 1] += off[v]!;
  const fill = off.slice(0, l.vertexCount);
  const faces = new Int32Array(l.faceVerts.length);
  for (let f = 0; f < l.faceCount; f++) for (let i = l.faceOff[f]!; i < l.faceOff[f + 1]!; i++) faces[fill[l.faceVerts[i]!]!++] = f;
  return { off, faces };
}

function vertexEdges(l: Lattice): { off: Int32Array; edges: Int32Array } {
  const off = new Int32Array(l.vertexCount + 1);
  for (const v of l.ends) off[v + 1]++;
  for (let v = 0; v < l.vertexCount; v++) off[v + 1] += off[v]!;
  const fill = off.slice(0, l.vertexCount);
  const edges = new Int32Array(l.ends.length);
  for (let e = 0; e < l.edgeCount; e++) { edges[fill[l.ends[2 * e]!]!++] = e; edges[fill[l.ends[2 * e + 1]!]!++] = e; }
  return { off, edges };
}

/** Components of the faces `member` accepts, joined through shared vertices; each sorted, in order of their first face. */
function components(l: Lattice, at: Incidence, member: (f: number) => boolean): number[][] {
  const seen = new Uint8Array(l.faceCount);
  const out: number[][] = [];
  for (let s = 0; s < l.faceCount; s++) {
    if (seen[s] || !member(s)) continue;
    const piece: number[] = [];
    const stack = [s];
    seen[s] = 1;
    while (stack.length > 0) {
      const f = stack.pop()!;
      piece.push(f);
      for (let i = l.faceOff[f]!; i < l.faceOff[f + 1]!; i++) {
        const v = l.faceVerts[i]!;
        for (let j = at.off[v]!; j < at.off[v + 1]!; j++) {
          const g = at.faces[j]!;
          if (!seen[g] && member(g)) { seen[g] = 1; stack.push(g); }
        }
      }
    }
    out.push(piece.sort((x, y) => x - y));
  }
  return out;
}
