/**
 * A Slitherlink's cells (a tiling's faces) as the shared layers see them: what a cell holds, in
 * words; its hint as a unit that conflict search and minimisation remove; where two solutions
 * differ; the text changes of a hint.
 */
import type { HintUnit } from '../analysis/hints';
import type { CellRef, LoopSolution, PathSolution } from '../analysis/result';
import type { Difference } from '../findings/finding';
import { cellName, placeName } from '../findings/words';
import type { TextChange } from '../genres/genre';
import { Grid } from '../model/grid';
import { makeLattice, type TilingRef } from '../model/lattice';
import type { SlitherlinkPuzzle } from './puzzle';

/** The index of a cell's hint and text, or -1: on a tiling its face (never row * cols + col). */
export function hintIndex(p: SlitherlinkPuzzle, cell: CellRef): number {
  if (p.tiling) return Number.isInteger(cell.face) && cell.face! >= 0 && cell.face! < p.hints.length ? cell.face! : -1;
  const { row, col } = cell;
  return row < 0 || col < 0 || row >= p.rows || col >= p.cols ? -1 : row * p.cols + col;
}

/** "hint 3", "empty cell" ("empty face" on a tiling). */
export function cellLabel(p: SlitherlinkPuzzle, cell: CellRef): string {
  const h = p.hints[hintIndex(p, cell)] ?? -1;
  return h >= 0 ? `hint ${h}` : p.tiling ? 'empty face' : 'empty cell';
}

/** The hint at a cell as written, or null. */
export function givenAt(p: SlitherlinkPuzzle, cell: CellRef): string | null {
  const h = p.hints[hintIndex(p, cell)] ?? -1;
  return h >= 0 ? String(h) : null;
}

/** "4 at (1, 1), 1 at (1, 3)"; on a tiling "3 at face 12 (line 2, place 3)". */
export function describeGivens(p: SlitherlinkPuzzle, cells: readonly CellRef[]): string {
  return cells.map((x) => `${cellLabel(p, x).replace(/^hint /, '')} at ${placeName(x)}`).join(', ');
}

/** What a check depends on: the grid (or tiling) and its hints. */
export function signature(p: SlitherlinkPuzzle): string {
  const t = p.tiling ? ` ${p.tiling.name} ${p.tiling.width}x${p.tiling.height}${p.tiling.desc === undefined ? '' : ` ${p.tiling.desc}`}` : '';
  return `slk ${p.rows}x${p.cols}${t} ${p.hints.join(',')}`;
}

/** Every hint is a unit of its own (reading order). */
export function units(p: SlitherlinkPuzzle): HintUnit[] {
  const out: HintUnit[] = [];
  const lattice = p.tiling ? makeLattice(p.tiling) : null;
  for (let i = 0; i < p.hints.length; i++) {
    const h = p.hints[i]!;
    if (h < 0) continue;
    // On a tiling a face's place is its line and place in the file (its number in `face`).
    const cell = lattice ? { row: lattice.rowOf[i]!, col: i - lattice.rowOff[lattice.rowOf[i]!]!, face: i } : { row: Math.floor(i / p.cols), col: i % p.cols };
    out.push({ cells: [cell], label: String(h) });
  }
  return out;
}

/** A copy of the puzzle without the hints at `cells`. */
export function withoutHints(p: SlitherlinkPuzzle, cells: Iterable<CellRef>): SlitherlinkPuzzle {
  const hints = Int8Array.from(p.hints);
  for (const cell of cells) {
    const i = hintIndex(p, cell);
    if (i >= 0) hints[i] = -1;
  }
  return { ...p, hints };
}

/** The puzzle with only the given units' hints left. */
export function keepUnits(p: SlitherlinkPuzzle, all: readonly HintUnit[], keep: readonly HintUnit[]): SlitherlinkPuzzle {
  const keepSet = new Set(keep);
  const drop: CellRef[] = [];
  for (const u of all) if (!keepSet.has(u)) drop.push(...u.cells);
  return withoutHints(p, drop);
}

/**
 * On a grid of at least 2x2 any single hint can be met (4: the loop around its cell; 3: around a
 * domino with it; 2: around a 2x2 block with it; 1 and 0: around a neighbour or a cell away from
 * it), so at most one hint is never a conflict.
 */
export function fewestConflicting(p: SlitherlinkPuzzle): number {
  // On a tiling no such argument is made for every face and value: every set is checked.
  if (p.tiling) return 0;
  return p.rows >= 2 && p.cols >= 2 ? 2 : 0;
}

/** The redundant hint's quick fix: only the hint's own character becomes `.`. */
export function emptyGiven(p: SlitherlinkPuzzle, cell: CellRef): TextChange | null {
  const i = hintIndex(p, cell);
  const r = i < 0 ? undefined : p.cellRanges[i];
  return r && p.hints[i]! >= 0 ? { range: r, newText: '.' } : null;
}

/**
 * *Edit hints*: a hint 0-4 (on a tiling 0 up to the face's number of sides), or `.` to clear. On a
 * tiling a hint of 10 or more is a letter (`A` = 10) in a compact line, else the number.
 */
export function cellText(p: SlitherlinkPuzzle, value: string, cell?: CellRef): string | { error: string } {
  if (value === '.') return value;
  if (!p.tiling) return /^[0-4]$/.test(value) ? value : { error: `'${value}' is not a Slitherlink hint: type 0 to 4, or . to clear` };
  const f = cell ? hintIndex(p, cell) : -1;
  if (f < 0) return { error: 'no such face' };
  const sides = makeLattice(p.tiling).faceSize(f);
  if (!/^[0-9]+$/.test(value) || Number(value) > sides) return { error: `'${value}' is not a hint for face ${f} (${sides} sides): type 0 to ${sides}, or . to clear` };
  const n = Number(value);
  if (n < 10) return String(n);
  return compactLine(p, f) ? String.fromCharCode(55 + n) : String(n);
}

/** Whether face f's line is written one character per face (two of its faces' texts touch). */
function compactLine(p: SlitherlinkPuzzle, f: number): boolean {
  const line = p.cellRanges[f]?.line;
  for (const g of [f - 1, f + 1]) {
    const a = p.cellRanges[Math.min(f, g)], b = p.cellRanges[Math.max(f, g)];
    if (a && b && a.line === line && b.line === line && a.endCol === b.col) return true;
  }
  return false;
}

const SIDES = ['top', 'bottom', 'left', 'right'] as const;

/** Cells where two loops differ, reading order, each with the sides that differ (on a tiling: faces). */
export function differences(p: SlitherlinkPuzzle, a: LoopSolution | PathSolution, b: LoopSolution | PathSolution): Difference[] {
  if (!('edges' in a) || !('edges' in b)) return [];
  if (p.tiling) return faceDifferences(p.tiling, a, b);
  const grid = new Grid(p.rows, p.cols);
  const set = (s: LoopSolution) => new Set(s.edges.map(([r1, c1, r2, c2]) => grid.edgeBetween(r1, c1, r2, c2)));
  const ea = set(a), eb = set(b);
  const out: Difference[] = [];
  for (let row = 0; row < p.rows; row++) {
    for (let col = 0; col < p.cols; col++) {
      const sides = grid.cellEdges(row, col);
      const onlyA: string[] = [], onlyB: string[] = [];
      sides.forEach((e, k) => {
        if (ea.has(e) && !eb.has(e)) onlyA.push(SIDES[k]!);
        if (eb.has(e) && !ea.has(e)) onlyB.push(SIDES[k]!);
      });
      if (onlyA.length + onlyB.length === 0) continue;
      const parts: string[] = [];
      const named = (s: string[]) => `${s.join(', ')} side${s.length === 1 ? '' : 's'}`;
      if (onlyA.length) parts.push(`${named(onlyA)} on the loop in the first solution only`);
      if (onlyB.length) parts.push(`${named(onlyB)} in the second only`);
      out.push({ row, col, message: `cell ${cellName(row, col)}: ${parts.join('; ')}` });
    }
  }
  return out;
}

/** On a tiling: the faces whose sides the two loops use differently, in face order (edges by number). */
function faceDifferences(tiling: TilingRef, a: LoopSolution, b: LoopSolution): Difference[] {
  if (!a.edgeIds || !b.edgeIds) return [];
  const lattice = makeLattice(tiling);
  const ea = new Set(a.edgeIds), eb = new Set(b.edgeIds);
  const out: Difference[] = [];
  for (let f = 0; f < lattice.faceCount; f++) {
    let onlyA = 0, onlyB = 0;
    for (const e of lattice.edgesOf(f)) {
      if (ea.has(e) && !eb.has(e)) onlyA++;
      if (eb.has(e) && !ea.has(e)) onlyB++;
    }
    if (onlyA + onlyB === 0) continue;
    const row = lattice.rowOf[f]!, col = f - lattice.rowOff[row]!;
    const sides = (n: number) => `${n} side${n === 1 ? '' : 's'}`;
    const parts: string[] = [];
    if (onlyA) parts.push(`${sides(onlyA)} on the loop in the first solution only`);
    if (onlyB) parts.push(`${sides(onlyB)} in the second only`);
    out.push({ row, col, face: f, message: `${placeName({ row, col, face: f })}: ${parts.join('; ')}` });
  }
  return out;
}
