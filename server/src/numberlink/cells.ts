/**
 * A Numberlink's cells as the shared layers see them: what a cell holds, in words; a label (both
 * its endpoints) as the unit conflict search removes; where two solutions differ; a cell's text.
 */
import type { HintUnit } from '../analysis/hints';
import type { CellRef, LoopSolution, PathSolution } from '../analysis/result';
import type { Difference } from '../findings/finding';
import { cellName, direction } from '../findings/words';
import type { NumberlinkPuzzle } from './puzzle';

/** "endpoint A", "empty cell". */
export function cellLabel(p: NumberlinkPuzzle, { row, col }: CellRef): string {
  const l = p.cells[row * p.cols + col]!;
  return l >= 0 ? `endpoint ${p.labels[l]}` : 'empty cell';
}

/** The label at a cell, or null. */
export function givenAt(p: NumberlinkPuzzle, { row, col }: CellRef): string | null {
  const l = p.cells[row * p.cols + col] ?? -1;
  return l >= 0 ? p.labels[l]! : null;
}

/** "A (1, 1)-(2, 3), B ...": each label with its cells. */
export function describeGivens(p: NumberlinkPuzzle, cells: readonly CellRef[]): string {
  const byLabel = new Map<string, string[]>();
  for (const x of cells) {
    const label = p.labels[p.cells[x.row * p.cols + x.col]!] ?? '?';
    byLabel.set(label, [...(byLabel.get(label) ?? []), cellName(x.row, x.col)]);
  }
  return [...byLabel].map(([label, at]) => `${label} ${at.join('-')}`).join(', ');
}

/**
 * What a check depends on: the grid, the labels and the rule (and whether the file names it: a
 * default rule comes from the settings).
 */
export function signature(p: NumberlinkPuzzle): string {
  const cells = Array.from(p.cells, (k) => (k < 0 ? '' : p.labels[k])).join('\u0001');
  return `nlk ${p.rows}x${p.cols} ${p.rule.fill ? 'fill' : 'nikoli'}${p.rule.notouch ? '+notouch' : ''} ${p.ruleRange ? 'explicit' : 'default'} ${cells}`;
}

/** Each label is a unit: both of its endpoints (in order of first appearance). */
export function units(p: NumberlinkPuzzle): HintUnit[] {
  const units: HintUnit[] = [];
  const byLabel = new Map<number, HintUnit>();
  for (let i = 0; i < p.cells.length; i++) {
    const l = p.cells[i]!;
    if (l < 0) continue;
    let u = byLabel.get(l);
    if (!u) {
      u = { cells: [], label: p.labels[l] ?? '?' };
      byLabel.set(l, u);
      units.push(u);
    }
    u.cells.push({ row: Math.floor(i / p.cols), col: i % p.cols });
  }
  return units;
}

/**
 * A copy keeping only the labels whose units are in `keep`; labels are renumbered so that
 * `labels` stays dense and in order of first appearance.
 */
export function keepUnits(p: NumberlinkPuzzle, _all: readonly HintUnit[], keep: readonly HintUnit[]): NumberlinkPuzzle {
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

/** Most characters a label set from the preview may have. */
const MAX_LABEL = 8;

/** *Edit hints*: a label the cell's layout can hold, or `.` to clear. */
export function cellText(p: NumberlinkPuzzle, value: string): string | { error: string } {
  if (value === '.') return value;
  if (/[\s#]/.test(value) || [...value].length > MAX_LABEL) return { error: `'${value}' cannot be a label: no spaces or '#', at most ${MAX_LABEL} characters` };
  if (p.layout === 'compact' && [...value].length > 1) return { error: `'${value}' is longer than one character, but this file's rows take one character per cell: separate the cells with spaces to use longer labels` };
  return value;
}

/** Cells used differently by two solutions (another path, or other neighbours), reading order. */
export function differences(p: NumberlinkPuzzle, a: LoopSolution | PathSolution, b: LoopSolution | PathSolution): Difference[] {
  if (!('paths' in a) || !('paths' in b)) return [];
  const ua = usage(p, a), ub = usage(p, b);
  const out: Difference[] = [];
  for (let i = 0; i < p.rows * p.cols; i++) {
    if (ua[i] === ub[i]) continue;
    const row = Math.floor(i / p.cols), col = i % p.cols;
    out.push({ row, col, message: `cell ${cellName(row, col)}: ${ua[i] || 'empty'} in the first solution, ${ub[i] || 'empty'} in the second` });
  }
  return out;
}

/** Per cell: "path A (south-west)" (or '' when unused). */
function usage(p: NumberlinkPuzzle, s: PathSolution): string[] {
  const u = new Array<string>(p.rows * p.cols).fill('');
  s.paths.forEach((path, k) => {
    path.forEach((cell, j) => {
      const ends: string[] = [];
      if (j > 0) ends.push(direction(cell, path[j - 1]!));
      if (j < path.length - 1) ends.push(direction(cell, path[j + 1]!));
      u[cell[0] * p.cols + cell[1]] = `path ${s.labels[k]} (${ends.sort().join('-')})`;
    });
  });
  return u;
}
