/**
 * Random sparse drafts, seeded and reproducible: what a designer's file looks like early on, for
 * the bench's `drafts` part and the witness tests.
 * - Slitherlink `loop`: hints read off a random loop (so the draft has at least that solution),
 *   on `hints` random cells; `random`: random values 0..3 on random cells (often no solution).
 * - Numberlink `paths`: a random path through every cell (design/generate.ts) cut into `pairs`
 *   pieces, whose ends are the pairs (so the draft has at least that solution, under every rule);
 *   `random`: the pairs on random distinct cells (often no solution).
 */
import { Grid } from '../../server/src/model/grid';
import { hintsOfEdges, loopEdgesOf } from '../../server/src/model/loop';
import { seededRandom } from '../../server/src/util/random';
import { randomInside } from '../../server/src/slitherlink/design/randomLoop';
import { randomHamiltonianPath } from '../../server/src/numberlink/generate';

export type NumberlinkDraftMode = 'paths' | 'random';

export type SlitherlinkDraftMode = 'loop' | 'random';

/** Distinct random cells of an n-cell grid, k of them (all when k >= n). */
function pickCells(n: number, k: number, rand: () => number): number[] {
  const all = Array.from({ length: n }, (_, i) => i);
  const take = Math.min(k, n);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(rand() * (n - i));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, take);
}

/** The hints of a Slitherlink draft, index r * cols + c (-1: none). */
export function slitherlinkDraftHints(rows: number, cols: number, hints: number, mode: SlitherlinkDraftMode, seed: number): Int8Array {
  const rand = seededRandom(seed);
  const out = new Int8Array(rows * cols).fill(-1);
  if (mode === 'loop') {
    const grid = new Grid(rows, cols);
    const inside = randomInside(rows, cols, rand, 0.2 + 0.5 * rand());
    const all = hintsOfEdges(grid, loopEdgesOf(grid, inside));
    for (const c of pickCells(rows * cols, hints, rand)) out[c] = all[c];
  } else {
    for (const c of pickCells(rows * cols, hints, rand)) out[c] = Math.floor(rand() * 4);
  }
  return out;
}

export function slitherlinkDraftText(rows: number, cols: number, hints: number, mode: SlitherlinkDraftMode, seed: number): string {
  const h = slitherlinkDraftHints(rows, cols, hints, mode, seed);
  const lines = [`# draft: ${rows}x${cols}, ${hints} ${mode} hints, seed ${seed}`];
  for (let r = 0; r < rows; r++) {
    let line = '';
    for (let c = 0; c < cols; c++) line += h[r * cols + c] < 0 ? '.' : String(h[r * cols + c]);
    lines.push(line);
  }
  return lines.join('\n') + '\n';
}

const LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Numberlink draft: `pairs` labels (at most 62), under `rule` (e.g. `fill`). */
export function numberlinkDraftText(rows: number, cols: number, pairs: number, rule: string, seed: number, mode: NumberlinkDraftMode = 'random'): string {
  const rand = seededRandom(seed);
  const k = Math.min(pairs, LABELS.length, Math.floor((rows * cols) / 2));
  const cells = new Array<string>(rows * cols).fill('.');
  if (mode === 'paths' && k > 0 && 4 * k <= rows * cols) {
    // k - 1 cuts, each piece at least two cells long.
    const path = randomHamiltonianPath(rows, cols, rand);
    const n = path.length;
    const cuts = new Set<number>();
    while (cuts.size < k - 1) {
      const at = 2 + Math.floor(rand() * (n - 3)); // a piece starts at `at`
      let ok = true;
      for (const c of cuts) if (Math.abs(c - at) < 2) ok = false;
      if (ok && n - at >= 2) cuts.add(at);
    }
    const starts = [0, ...[...cuts].sort((a, b) => a - b), n];
    for (let i = 0; i < k; i++) {
      cells[path[starts[i]]] = LABELS[i];
      cells[path[starts[i + 1] - 1]] = LABELS[i];
    }
  } else {
    const at = pickCells(rows * cols, 2 * k, rand);
    for (let i = 0; i < 2 * k; i++) cells[at[i]] = LABELS[i >> 1];
  }
  const lines = [`# draft: ${rows}x${cols}, ${k} ${mode} pairs, seed ${seed}`, `# rule: ${rule}`, `${cols} ${rows}`];
  for (let r = 0; r < rows; r++) lines.push(cells.slice(r * cols, (r + 1) * cols).join(''));
  return lines.join('\n') + '\n';
}
