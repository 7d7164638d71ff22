/**
 * What the preview needs to draw a tiling, as plain serialisable data: each face's outline and
 * centre, in Loopy's coordinates (y downwards). The client may not run the lattice code
 * (it imports only the shared types), so the server sends this with the result of a tiling puzzle.
 */
import { tilingInfo, tilingSizeError, makeLattice, type TilingName, type TilingRef } from './lattice';

/** Beyond this many faces no picture is made (the preview says the puzzle is too large to draw). */
export const MAX_PICTURE_FACES = 20_000;

export interface TilingPicture {
  tiling: TilingRef;
  /** Face f's outline: x0, y0, x1, y1, ... (its corners in order). */
  faces: number[][];
  /** Face f's centre (where its hint goes): centres[2f], centres[2f + 1]. */
  centres: number[];
  /** Faces of text line r (the file's grid line): rowOff[r] .. rowOff[r + 1] - 1. */
  rowOff: number[];
  /** [x0, y0, x1, y1] of every corner. */
  bounds: [number, number, number, number];
}

/** The picture of a tiling, or null when it is too large to draw (or a size the lattice refuses). */
export function tilingPicture(ref: TilingRef): TilingPicture | null {
  if (tilingSizeError(ref) !== null) return null;
  if (ref.width * ref.height * tilingInfo(ref.name).unitFaces > MAX_PICTURE_FACES) return null;
  const lattice = makeLattice(ref);
  const faces: number[][] = [];
  const centres: number[] = [];
  for (let f = 0; f < lattice.faceCount; f++) {
    faces.push(lattice.polygon(f).flat());
    const [cx, cy] = lattice.centre(f);
    centres.push(round(cx), round(cy));
  }
  return { tiling: { ...ref }, faces, centres, rowOff: Array.from(lattice.rowOff), bounds: lattice.bounds() };
}

/** Names of the faces by their number of sides, for people. */
const POLYGONS: Record<number, string> = {
  3: 'triangle', 4: 'square', 5: 'pentagon', 6: 'hexagon', 8: 'octagon', 12: 'dodecagon',
};

/** "hexagon", "kite", "12-gon": what a face of `sides` sides on this tiling is called. */
export function polygonName(name: TilingName, sides: number): string {
  if (name === 'kites' && sides === 4) return 'kite';
  return POLYGONS[sides] ?? `${sides}-gon`;
}

/** The same ref (name, size, grid description). */
export function sameTiling(a: TilingRef | undefined, b: TilingRef | undefined): boolean {
  return !!a && !!b && a.name === b.name && a.width === b.width && a.height === b.height && (a.desc ?? '') === (b.desc ?? '');
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
