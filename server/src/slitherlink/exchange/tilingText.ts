/** Writes a Slitherlink on a tiling as `.slk` text (docs/tilings.md; the inverse of parse/tiling.ts). */
import { makeLattice, type TilingRef } from '../../model/lattice';
import { metadataLines } from '../../exchange/text';

/** The `# grid:` value of a tiling: `honeycomb 10x10`, `triangular 12x10 old` for Loopy's old triangular grid. */
export function gridLineValue(tiling: TilingRef): string {
  const old = tiling.name === 'triangular' && tiling.desc === undefined ? ' old' : '';
  return `${tiling.name} ${tiling.width}x${tiling.height}${old}`;
}

/** One line per row of the tiling, its faces' hints as blank-separated tokens (`.` for none). */
export function writeTilingSlitherlink(tiling: TilingRef, hints: ArrayLike<number>, metadata: Record<string, string> = {}): string {
  const lattice = makeLattice(tiling);
  let out = metadataLines({ grid: gridLineValue(tiling), ...metadata });
  for (let y = 0; y < lattice.rowCount; y++) {
    const row: string[] = [];
    for (let f = lattice.rowOff[y]; f < lattice.rowOff[y + 1]; f++) row.push(hints[f] >= 0 ? String(hints[f]) : '.');
    out += row.join(' ') + '\n';
  }
  return out;
}
