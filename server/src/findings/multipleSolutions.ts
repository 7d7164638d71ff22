/**
 * `multiple`: how many solutions (or at least how many, and why the count is missing), the cells
 * where two of them differ, and how to make the puzzle unique (hint suggestions).
 */
import type { LoopSolution, PathSolution } from '../analysis/result';
import type { Suggestions } from '../slitherlink/design/suggestions';
import type { Analysis } from '../genres/extras';
import { direction } from '../genres/directions';
import { Grid } from '../model/grid';
import type { Puzzle } from '../model/puzzle';
import { Codes } from '../protocol-types';
import { GRID, MAX_RELATED, type Finding } from './finding';
import { cellName, placeName } from './words';
import { makeLattice, type TilingRef } from '../model/lattice';

export function multipleSolutions(p: Puzzle | null, a: Analysis): Finding {
  const r = a.result;
  const diffs = p && r.solution && r.secondSolution ? differences(p, r.solution, r.secondSolution) : [];
  const cellOf = (d: Difference) => (d.face === undefined ? { row: d.row, col: d.col } : { row: d.row, col: d.col, face: d.face });
  const differ = diffs.length ? ` Two of them differ at ${diffs.length} ${diffs[0]!.face === undefined ? 'cell' : 'face'}${diffs.length === 1 ? '' : 's'}.` : '';
  const message = (r.count !== null ? `${r.count} solutions: the puzzle is not unique.${differ}` : uncountedSentence(r, differ)) + uniqueSentence(a.suggestions);
  const related = diffs.slice(0, MAX_RELATED).map((d) => ({ cell: cellOf(d), message: d.message }));
  return {
    code: Codes.multipleSolutions, severity: 'warning',
    at: diffs.length ? { cell: cellOf(diffs[0]!) } : GRID,
    message,
    ...(related.length ? { related } : {}),
    ...(a.suggestions ? { data: { suggestions: a.suggestions } } : {}),
  };
}

/**
 * `multiple` without an exact count (two solutions were found): "At least 2 solutions (too many to
 * count within the limits: ...): two of them are shown in the preview." or, while the count runs
 * in a later phase, that it is being counted.
 */
function uncountedSentence(r: Analysis['result'], differ: string): string {
  const atLeast = `At least ${r.countAtLeast ?? '2'} solutions`;
  const shown = r.secondSolution ? ' two of them are shown in the preview.' : ' the puzzle is not unique.';
  if (r.countPending) return `${atLeast}, still counting them all:${shown}${differ}`;
  if (r.stopped?.limit === 'cancelled') return `${atLeast} (the count was cancelled):${shown}${differ}`;
  if (r.stopped) {
    const why = r.stopped.message.replace(/^undecided:\s*/i, '');
    return `${atLeast} (too many to count within the limits: the count ${why}):${shown}${differ}`;
  }
  return `${atLeast} (too many to count):${shown}${differ}`;
}

/** One sentence on how to make a several-solutions puzzle unique ('' when nothing is known yet). */
function uniqueSentence(s: Suggestions | undefined): string {
  if (!s) return '';
  const first = s.singles[0];
  if (first && s.singleCount === 1) return ` Adding ${first.value} at ${cellName(first.row, first.col)} makes it unique.`;
  if (first) return ` One of ${s.singleCount} single hints makes it unique.`;
  if (s.pair) {
    const { first: a, second: b, count } = s.pair;
    const what = count === '1' ? 'make it unique' : `leave ${count} solutions`;
    return ` No single hint makes it unique; ${a.value} at ${cellName(a.row, a.col)} and ${b.value} at ${cellName(b.row, b.col)} together ${what}.`;
  }
  if (s.bestSingle) {
    const b = s.bestSingle;
    return ` No single hint makes it unique; ${b.value} at ${cellName(b.row, b.col)} leaves ${b.count} solutions.`;
  }
  if (s.stopped) return s.stopped.limit === 'cancelled' ? '' : ` (No hint suggestions: ${s.stopped.message}.)`;
  return ' No single added hint changes the count.';
}

export interface Difference {
  row: number;
  col: number;
  /** On a tiling: the face (row and col its line and place). */
  face?: number;
  message: string;
}

const SIDES = ['top', 'bottom', 'left', 'right'] as const;

/** Cells where two solutions differ, reading order, each with a short explanation. */
export function differences(p: Puzzle, a: LoopSolution | PathSolution, b: LoopSolution | PathSolution): Difference[] {
  if (p.kind === 'slitherlink' && p.tiling) return 'edges' in a && 'edges' in b ? faceDifferences(p.tiling, a, b) : [];
  if ('edges' in a && 'edges' in b) {
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
  if ('paths' in a && 'paths' in b) {
    const ua = usage(p, a), ub = usage(p, b);
    const out: Difference[] = [];
    for (let i = 0; i < p.rows * p.cols; i++) {
      if (ua[i] === ub[i]) continue;
      const row = Math.floor(i / p.cols), col = i % p.cols;
      out.push({ row, col, message: `cell ${cellName(row, col)}: ${ua[i] || 'empty'} in the first solution, ${ub[i] || 'empty'} in the second` });
    }
    return out;
  }
  return [];
}

/** Per cell: "path A (south-west)" (or '' when unused). */
function usage(p: Puzzle, s: PathSolution): string[] {
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
