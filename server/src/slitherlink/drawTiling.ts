// An SVG picture of a Slitherlink on a tiling, for `linkpuzzle solve`: the faces' outlines, the
// hints at the faces' centres, the loop on top (Loopy's coordinates, y downwards).
import type { Lattice } from '../model/lattice';

export function drawTilingSvg(lattice: Lattice, hints: ArrayLike<number>, loop: readonly number[]): string {
  const [x0, y0, x1, y1] = lattice.bounds();
  const pad = 20;
  const w = x1 - x0 + 2 * pad, h = y1 - y0 + 2 * pad;
  // Text size from the shortest edge, so that hints fit any tiling's faces.
  let short = Infinity;
  for (let e = 0; e < lattice.edgeCount; e++) {
    const [a, b, c, d] = lattice.edgeCoords(e);
    short = Math.min(short, Math.hypot(c - a, d - b));
  }
  const font = Math.max(6, Math.round(short * 0.6));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x0 - pad} ${y0 - pad} ${w} ${h}" width="${w}" height="${h}">`,
    `<rect x="${x0 - pad}" y="${y0 - pad}" width="${w}" height="${h}" fill="white"/>`,
    '<g fill="none" stroke="#bbb" stroke-width="1">',
  ];
  for (let f = 0; f < lattice.faceCount; f++) {
    out.push(`<polygon points="${lattice.polygon(f).map(([x, y]) => `${x},${y}`).join(' ')}"/>`);
  }
  out.push('</g>', `<g font-family="sans-serif" font-size="${font}" text-anchor="middle" dominant-baseline="central">`);
  for (let f = 0; f < lattice.faceCount; f++) {
    if (hints[f] < 0) continue;
    const [cx, cy] = lattice.centre(f);
    out.push(`<text x="${round(cx)}" y="${round(cy)}">${hints[f]}</text>`);
  }
  out.push('</g>', '<g stroke="black" stroke-width="3" stroke-linecap="round">');
  for (const e of loop) {
    const [a, b, c, d] = lattice.edgeCoords(e);
    out.push(`<line x1="${a}" y1="${b}" x2="${c}" y2="${d}"/>`);
  }
  out.push('</g>', '</svg>');
  return out.join('\n');
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}
