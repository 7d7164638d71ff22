/**
 * Puzzles with some hints taken away: the building block of conflict search and minimisation.
 * A "hint unit" is what can be removed on its own: a Slitherlink number, or a Numberlink label
 * (both of its endpoints, since a label must occur exactly twice).
 */
import type { NumberlinkPuzzle, Puzzle, SlitherlinkPuzzle } from '../model/puzzle';
import type { CellRef } from './result';

export interface HintUnit {
  /** The cells the unit occupies: one for Slitherlink, the two endpoints for Numberlink. */
  cells: CellRef[];
  /** Slitherlink: the number; Numberlink: the label. */
  label: string;
}

/** Every hint unit of the puzzle, in reading order of its first cell. */
export function hintUnits(puzzle: Puzzle): HintUnit[] {
  const units: HintUnit[] = [];
  const { cols } = puzzle;
  if (puzzle.kind === 'slitherlink') {
    for (let i = 0; i < puzzle.hints.length; i++) {
      const h = puzzle.hints[i]!;
      if (h >= 0) units.push({ cells: [{ row: Math.floor(i / cols), col: i % cols }], label: String(h) });
    }
    return units;
  }
  const byLabel = new Map<number, HintUnit>();
  for (let i = 0; i < puzzle.cells.length; i++) {
    const l = puzzle.cells[i]!;
    if (l < 0) continue;
    let u = byLabel.get(l);
    if (!u) {
      u = { cells: [], label: puzzle.labels[l] ?? '?' };
      byLabel.set(l, u);
      units.push(u);
    }
    u.cells.push({ row: Math.floor(i / cols), col: i % cols });
  }
  return units;
}

/** A copy of a Slitherlink puzzle without the hints at `cells`. */
export function withoutSlitherlinkHints(p: SlitherlinkPuzzle, cells: Iterable<CellRef>): SlitherlinkPuzzle {
  const hints = Int8Array.from(p.hints);
  for (const { row, col } of cells) hints[row * p.cols + col] = -1;
  return { ...p, hints };
}

/**
 * A copy of a Numberlink puzzle keeping only the labels whose units are in `keep`; labels are
 * renumbered so that `labels` stays dense and in order of first appearance.
 */
export function keepNumberlinkUnits(p: NumberlinkPuzzle, keep: readonly HintUnit[]): NumberlinkPuzzle {
  const kept = new Set<string>(keep.map((u) => u.label));
  const cells = new Int32Array(p.cells.length).fill(-1);
  const labels: string[] = [];
  const index = new Map<number, number>();
  for (let i = 0; i < p.cells.length; i++) {
    const l = p.cells[i]!;
    if (l < 0 || !kept.has(p.labels[l]!)) continue;
    let j = index.get(l);
    if (j === undefined) {
      j = labels.length;
      labels.push(p.labels[l]!);
      index.set(l, j);
    }
    cells[i] = j;
  }
  return { ...p, cells, labels };
}

/** The puzzle with only the given hint units left. */
export function keepUnits(p: Puzzle, all: readonly HintUnit[], keep: readonly HintUnit[]): Puzzle {
  if (p.kind === 'numberlink') return keepNumberlinkUnits(p, keep);
  const keepSet = new Set(keep);
  const drop: CellRef[] = [];
  for (const u of all) if (!keepSet.has(u)) drop.push(...u.cells);
  return withoutSlitherlinkHints(p, drop);
}
