/**
 * Loopy game IDs of the tilings other than squares: `WxHtN[dD]:[GRIDDESC_]CLUES`.
 * - `W`, `H`: Loopy's width and height (a lone `W` means `WxW`), `tN` the grid type
 *   (model/lattice.ts TILINGS), `dD` the difficulty letter (kept, not used);
 * - GRIDDESC: the grid's own description, before the first `_` (triangular grids: `0` for the
 *   grid Loopy makes now; none for the old grid with "ears");
 * - CLUES: one entry per face in Loopy's face order: `0`-`9` and `A`-`Z` (10..35) a clue, `a`-`z`
 *   a run of 1..26 faces without one (loopy.c new_game / state_to_text).
 */
import { makeLattice, tilingByLoopyType, tilingInfo, tilingSizeError, type TilingRef } from '../../model/lattice';

export interface LoopyTiling {
  tiling: TilingRef;
  /** Per face in Loopy's order: the clue, or -1. */
  hints: Int8Array;
  /** The parameters before the colon, as written (e.g. `10x10t2dh`). */
  params: string;
}

const PARAMS = /^(\d+)(?:x(\d+))?(?:t(\d+))?(?:d([a-z]))?$/;

/** Whether `id` names a Loopy grid type other than squares (`t` followed by a non-zero number). */
export function isLoopyTilingId(id: string): boolean {
  const m = PARAMS.exec(id.slice(0, Math.max(0, id.indexOf(':'))).trim());
  return !!m && m[3] !== undefined && Number(m[3]) !== 0;
}

export function parseLoopyTilingId(id: string): LoopyTiling | { error: string } {
  const colon = id.indexOf(':');
  if (colon < 0) return { error: 'a Loopy game ID has the form WxHtN:DESCRIPTION' };
  const params = id.slice(0, colon).trim();
  let desc = id.slice(colon + 1).trim();
  const m = PARAMS.exec(params);
  if (!m) return { error: `bad Loopy parameters "${params}" (expected WxHtN, e.g. 10x10t2)` };
  const width = Number(m[1]), height = Number(m[2] ?? m[1]);
  const type = Number(m[3] ?? 0);
  const info = tilingByLoopyType(type);
  if (!info) return { error: `Loopy grid type t${type} is not supported (the aperiodic Penrose, hat and spectre grids are not)` };
  let gridDesc: string | undefined;
  const sep = desc.indexOf('_');
  if (sep >= 0) {
    gridDesc = desc.slice(0, sep);
    desc = desc.slice(sep + 1);
  }
  const tiling: TilingRef = { name: info.name, width, height, ...(gridDesc !== undefined ? { desc: gridDesc } : {}) };
  const bad = tilingSizeError(tiling);
  if (bad) return { error: `Loopy ${info.title} ${width}x${height}: ${bad}` };
  const lattice = makeLattice(tiling);
  const n = lattice.faceCount;
  const hints = new Int8Array(n).fill(-1);
  let f = 0;
  for (let i = 0; i < desc.length; i++) {
    const ch = desc.charCodeAt(i);
    let clue = -1;
    if (ch >= 48 && ch <= 57) clue = ch - 48;
    else if (ch >= 65 && ch <= 90) clue = ch - 55;
    else if (ch >= 97 && ch <= 122) {
      f += ch - 96;
      continue;
    } else return { error: `unexpected character "${desc[i]}" at ${i} of the Loopy description` };
    if (f >= n) return { error: `the description is longer than the grid (${n} faces)` };
    if (clue > lattice.faceSize(f)) return { error: `clue ${clue} on face ${f}, which has ${lattice.faceSize(f)} sides` };
    hints[f++] = clue;
  }
  if (f !== n) return { error: `the description covers ${f} faces, the ${info.title} ${width}x${height} grid has ${n}` };
  return { tiling, hints, params };
}

/**
 * The game ID of a tiling puzzle. `params` (e.g. from a `# loopy:` line) is used when it names the
 * same grid (keeping its difficulty letter), else `WxHtN`.
 */
export function loopyTilingId(tiling: TilingRef, hints: ArrayLike<number>, params?: string): string {
  const info = tilingInfo(tiling.name);
  const own = `${tiling.width}x${tiling.height}t${info.loopyType}`;
  const m = params ? PARAMS.exec(params) : null;
  const same = m && Number(m[1]) === tiling.width && Number(m[2] ?? m[1]) === tiling.height && Number(m[3] ?? 0) === info.loopyType;
  let desc = '';
  let run = 0;
  const flush = () => {
    while (run > 0) {
      const k = Math.min(run, 26);
      desc += String.fromCharCode(96 + k);
      run -= k;
    }
  };
  for (let f = 0; f < hints.length; f++) {
    const h = hints[f];
    if (h < 0) { run++; continue; }
    flush();
    desc += h < 10 ? String(h) : String.fromCharCode(55 + h);
  }
  flush();
  return `${same ? params : own}:${tiling.desc !== undefined ? tiling.desc + '_' : ''}${desc}`;
}
