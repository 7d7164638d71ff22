/**
 * Slitherlink's boards in the preview (preview/frame.ts frames them): the grid's dots, the hints,
 * the loop, the inside shaded; redundant hints faded and ringed, conflicting ones marked.
 *
 * A puzzle with a solution block (`puzzle.solution`, the designer's intended loop) also gets
 * that loop in its own style: `lp-intended-cell` shading under the grid, `lp-intended-edge` lines
 * over the solver's loop, and, against a unique current solution, `lp-off-intended` on the
 * solver's edges that the intended loop lacks and `lp-intended-missing` on the intended edges that
 * the solution lacks; a note under the board (`lp-note`) says whether they agree.
 *
 * Two solutions mark, on each board, the edges the other lacks (`lp-diff`) and the other's edges
 * that this one lacks (`lp-edge-other`), so either board alone shows every difference. On a
 * tiling the faces are drawn from the lattice's picture (previewTiling.ts).
 */
import type { CellRef, CheckResult, LoopSolution, PathSolution, TilingPicture, Usage } from '../protocol-types';
import { Grid } from '../model/grid';
import { loopEdgesOf, loopProblem } from '../model/loop';
import { CELL, cellRects, cellSet, conflictCells, countText, escapeXml, frame, messageSvg, singleCaption, suggestionMarks, suggestionNote, suggestionsByFace, usageCaption, usageLines, type PreviewOptions } from '../preview/frame';
import { gradePanel } from '../preview/grade';
import { layoutTiling, segmentKey, tilingBoard, type Segment } from './previewTiling';
import { makeLattice } from '../model/lattice';
import { latticeLoopEdges, latticeLoopProblem } from '../model/latticeLoop';
import type { SlitherlinkPuzzle } from './puzzle';

/** What the page may offer on a board of squares: *Draw loop*, and *Edit hints* with the keys 0-4. */
const SQUARES = 'data-draw-loop="" data-edit-keys="^[0-4]$"';

export function previewSlitherlink(p: SlitherlinkPuzzle, result: CheckResult | null, options: PreviewOptions): string {
  return p.tiling ? renderTiling(p, result, options) : renderSquares(p, result, options);
}

// ---------------------------------------------------------------------------------------------
// Slitherlink

export type Edge = [number, number, number, number];

function normEdge(e: readonly number[]): Edge {
  const [r1, c1, r2, c2] = e;
  return r1 < r2 || (r1 === r2 && c1 <= c2) ? [r1, c1, r2, c2] : [r2, c2, r1, c1];
}

const edgeKey = (e: Edge): string => e.join(',');

function loopEdges(solution: LoopSolution | PathSolution | undefined): Edge[] | null {
  if (!solution || !('edges' in solution) || !Array.isArray(solution.edges)) return null;
  return solution.edges.map(normEdge);
}

/** Cells inside the loop: a cell is inside when an odd number of loop edges cross its row to its left. */
function insideCells(p: SlitherlinkPuzzle, edges: Edge[]): Set<number> {
  const vertical = new Set<number>();
  for (const [r1, c1, r2] of edges) if (r2 === r1 + 1) vertical.add(r1 * (p.cols + 1) + c1);
  const inside = new Set<number>();
  for (let r = 0; r < p.rows; r++) {
    let odd = false;
    for (let c = 0; c < p.cols; c++) {
      if (vertical.has(r * (p.cols + 1) + c)) odd = !odd;
      if (odd) inside.add(r * p.cols + c);
    }
  }
  return inside;
}

/**
 * The designer's intended loop (the `---` block): the sides between an inside and an outside cell
 * (outside the grid counts as outside), top-left end first.
 */
export function intendedLoopEdges(rows: number, cols: number, inside: ArrayLike<number>): Edge[] {
  const at = (r: number, c: number): boolean => r >= 0 && r < rows && c >= 0 && c < cols && inside[r * cols + c] === 1;
  const edges: Edge[] = [];
  for (let r = 0; r <= rows; r++) for (let c = 0; c < cols; c++) if (at(r - 1, c) !== at(r, c)) edges.push([r, c, r, c + 1]);
  for (let r = 0; r < rows; r++) for (let c = 0; c <= cols; c++) if (at(r, c - 1) !== at(r, c)) edges.push([r, c, r + 1, c]);
  return edges;
}

/** The intended loop of a board and whether to mark where the solver's loop differs from it. */
interface Intended {
  inside: Uint8Array;
  edges: Edge[];
  /** Mark differences (the solver's loop is the unique, current solution). */
  compare: boolean;
}

function slitherBoard(
  p: SlitherlinkPuzzle,
  result: CheckResult | null,
  edges: Edge[] | null,
  other: Edge[] | null,
  intended: Intended | null = null,
  overlay = '',
): string {
  const { rows, cols } = p;
  const redundant = result?.verdict === 'unique' ? cellSet(result.redundant, cols) : new Set<number>();
  const conflict = result?.verdict === 'none' ? cellSet(conflictCells(result), cols) : new Set<number>();
  const inside = edges ? insideCells(p, edges) : new Set<number>();
  const out: string[] = [];
  out.push(cellRects(rows, cols, (r, c) => (inside.has(r * cols + c) ? ' lp-inside' : '')));

  // The intended inside, lightly shaded under everything else (never a click target).
  if (intended) {
    const area: string[] = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (intended.inside[r * cols + c] !== 1) continue;
        area.push(`<rect class="lp-intended-cell" data-cell="${r},${c}" x="${c * CELL}" y="${r * CELL}" width="${CELL}" height="${CELL}"/>`);
      }
    }
    out.push(`<g class="lp-intended-area">${area.join('')}</g>`);
  }

  // Faint grid lines: one path for the whole grid.
  let d = '';
  for (let r = 0; r <= rows; r++) d += `M0 ${r * CELL}H${cols * CELL}`;
  for (let c = 0; c <= cols; c++) d += `M${c * CELL} 0V${rows * CELL}`;
  out.push(`<path class="lp-gridline" d="${d}"/>`);

  const intendedKeys = intended?.compare ? new Set(intended.edges.map(edgeKey)) : null;
  const solverKeys = edges ? new Set(edges.map(edgeKey)) : new Set<string>();
  if (edges) {
    const otherKeys = other ? new Set(other.map(edgeKey)) : null;
    const lines: string[] = [];
    for (const e of edges) {
      const [r1, c1, r2, c2] = e;
      const diff = otherKeys && !otherKeys.has(edgeKey(e)) ? ' lp-diff' : '';
      const off = intendedKeys && !intendedKeys.has(edgeKey(e)) ? ' lp-off-intended' : '';
      lines.push(
        `<line class="lp-edge${diff}${off}" data-edge="${edgeKey(e)}" x1="${c1 * CELL}" y1="${r1 * CELL}" x2="${c2 * CELL}" y2="${r2 * CELL}"/>`,
      );
    }
    // Where the other solution runs and this one does not: thin dashes, so that one board alone
    // shows every difference.
    if (other) {
      for (const e of other) {
        if (solverKeys.has(edgeKey(e))) continue;
        const [r1, c1, r2, c2] = e;
        lines.push(`<line class="lp-edge-other" data-edge="${edgeKey(e)}" x1="${c1 * CELL}" y1="${r1 * CELL}" x2="${c2 * CELL}" y2="${r2 * CELL}"/>`);
      }
    }
    out.push(`<g class="lp-loop">${lines.join('')}</g>`);
  }
  out.push(overlay);

  // The intended loop over the solver's: where they agree the dashes run along the solid line.
  if (intended) {
    const lines: string[] = [];
    for (const e of intended.edges) {
      const [r1, c1, r2, c2] = e;
      const missing = intendedKeys && !solverKeys.has(edgeKey(e)) ? ' lp-intended-missing' : '';
      lines.push(
        `<line class="lp-intended-edge${missing}" data-edge="${edgeKey(e)}" x1="${c1 * CELL}" y1="${r1 * CELL}" x2="${c2 * CELL}" y2="${r2 * CELL}"/>`,
      );
    }
    out.push(`<g class="lp-intended">${lines.join('')}</g>`);
  }

  const dots: string[] = [];
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c <= cols; c++) dots.push(`<circle class="lp-dot" cx="${c * CELL}" cy="${r * CELL}" r="2.4"/>`);
  }
  out.push(`<g class="lp-dots">${dots.join('')}</g>`);

  const hints: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const h = p.hints[r * cols + c];
      if (h < 0) continue;
      const i = r * cols + c;
      const x = c * CELL + CELL / 2, y = r * CELL + CELL / 2;
      if (conflict.has(i)) {
        hints.push(`<circle class="lp-conflict-mark" cx="${x}" cy="${y}" r="${CELL * 0.38}" data-row="${r}" data-col="${c}"/>`);
      }
      // A redundant hint gets a dashed ring as well as a muted digit: fading alone is easy to miss.
      if (redundant.has(i)) {
        hints.push(`<circle class="lp-redundant-mark" cx="${x}" cy="${y}" r="${CELL * 0.36}" data-row="${r}" data-col="${c}"/>`);
      }
      const cls = `lp-hint lp-hint-${h}${redundant.has(i) ? ' lp-redundant' : ''}${conflict.has(i) ? ' lp-conflict' : ''}`;
      hints.push(
        `<text class="${cls}" x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central" data-row="${r}" data-col="${c}">${h}</text>`,
      );
    }
  }
  out.push(`<g class="lp-hints">${hints.join('')}</g>`);
  return out.join('\n');
}

/** What the note under the board says about the intended loop. */
function intendedNote(p: SlitherlinkPuzzle, intended: Intended, solver: Edge[] | null): { text: string; warn: boolean } {
  const grid = new Grid(p.rows, p.cols);
  const problem = loopProblem(grid, loopEdgesOf(grid, intended.inside));
  if (problem) return { text: `Your loop (dashed) is not one simple loop: ${problem}`, warn: true };
  if (intended.compare && solver) {
    const mine = new Set(intended.edges.map(edgeKey));
    const theirs = new Set(solver.map(edgeKey));
    let differ = 0;
    for (const k of mine) if (!theirs.has(k)) differ++;
    for (const k of theirs) if (!mine.has(k)) differ++;
    if (differ === 0) return { text: 'Your loop (dashed) is the solution', warn: false };
    return { text: `Differs from your loop (dashed) at ${differ} edge${differ === 1 ? '' : 's'}`, warn: true };
  }
  return { text: 'Dashed: your loop', warn: false };
}

function renderSquares(p: SlitherlinkPuzzle, result: CheckResult | null, options: PreviewOptions): string {
  const first = loopEdges(result?.solution);
  const block = p.solution && p.solution.length === p.rows * p.cols ? p.solution : null;
  const intended = (compare: boolean): Intended | null =>
    block ? { inside: block, edges: intendedLoopEdges(p.rows, p.cols, block), compare } : null;
  if (result?.verdict === 'multiple') {
    const second = loopEdges(result.secondSolution);
    if (first && second) {
      const mine = intended(false);
      const note = mine ? intendedNote(p, mine, null) : undefined;
      return frame(p, result, [
        { body: slitherBoard(p, result, first, second, mine), caption: `Solution 1 of ${countText(result)}`, note },
        { body: slitherBoard(p, result, second, first, mine), caption: 'Solution 2 (differences marked)' },
        ...(result.usage ? [{ body: slitherBoard(p, result, null, null, null, usageLines(result.usage, 0) + suggestionMarks(result)), caption: usageCaption(result.usage), name: 'ambiguity map', note: suggestionNote(result) }] : []),
      ], options, undefined, SQUARES);
    }
  }
  const show = result && (result.verdict === 'unique' || result.verdict === 'multiple') ? first : null;
  // Differences are marked only against the unique solution of the current text.
  const mine = intended(result?.verdict === 'unique' && show !== null && !options.stale);
  const note = mine ? intendedNote(p, mine, show) : undefined;
  const graded = gradePanel(result, (overlay) => slitherBoard(p, result, null, null, null, overlay), 0, 'edge');
  return frame(p, result, [{ body: slitherBoard(p, result, show, null, mine), caption: singleCaption(result), note }, ...graded], options, undefined, SQUARES);
}

// ---------------------------------------------------------------------------------------------
// Slitherlink on a tiling (renderTiling.ts draws the boards)

/** The picture of the puzzle's tiling: the one given, else the result's (for the same tiling). */
function pictureOf(p: SlitherlinkPuzzle, result: CheckResult | null, options: PreviewOptions): TilingPicture | null {
  const pic = options.picture ?? (result as (CheckResult & { picture?: TilingPicture }) | null)?.picture;
  const t = p.tiling!;
  if (!pic || pic.tiling.name !== t.name || pic.tiling.width !== t.width || pic.tiling.height !== t.height || (pic.tiling.desc ?? '') !== (t.desc ?? '')) return null;
  if (pic.faces.length !== p.hints.length) return null;
  return pic;
}

function segments(solution: LoopSolution | PathSolution | undefined): Segment[] | null {
  if (!solution || !('edges' in solution) || !Array.isArray(solution.edges)) return null;
  return solution.edges.map(([a, b, c, d]) => [a, b, c, d]);
}

/** Faces named by a list of cells (`face`, as the result gives them on a tiling). */
function faceSet(cells: CellRef[] | undefined): Set<number> {
  const s = new Set<number>();
  for (const c of cells ?? []) if (typeof c.face === 'number') s.add(c.face);
  return s;
}

function renderTiling(p: SlitherlinkPuzzle, result: CheckResult | null, options: PreviewOptions): string {
  const name = p.tiling!.name;
  const pic = pictureOf(p, result, options);
  if (!pic) {
    const text = result
      ? `${name} ${p.tiling!.width}x${p.tiling!.height}: too large to preview (${result.verdict})`
      : `${name} ${p.tiling!.width}x${p.tiling!.height}: checking… (the picture comes with the check)`;
    return messageSvg(text, `lp-puzzle lp-slitherlink lp-tiling${result ? ' lp-too-large' : ''}`, `data-tiling="${escapeXml(name)}" data-verdict="${result?.verdict ?? 'pending'}"`);
  }
  const layout = layoutTiling(pic, CELL);
  const size = { w: layout.w, h: layout.h };
  const redundant = result?.verdict === 'unique' ? faceSet(result.redundant) : new Set<number>();
  const conflict = result?.verdict === 'none' ? faceSet(conflictCells(result)) : new Set<number>();
  const block = p.solution && p.solution.length === p.hints.length ? p.solution : null;
  const intended = (compare: boolean): TilingIntended | null => (block ? tilingIntended(p, block, compare) : null);
  type Suggested = ReturnType<typeof suggestionsByFace>;
  const board = (edges: Segment[] | null, other: Segment[] | null, usage?: Usage, mine: TilingIntended | null = null, suggested?: Suggested): string =>
    tilingBoard(pic, layout, { hints: p.hints, redundant, conflict, edges, other, ...(usage ? { usage } : {}), ...(suggested ? { suggested } : {}), intended: mine });
  // *Draw loop* marks faces in the solution block; *Edit hints* types digits (where a face has 10
  // sides or more, digits typed quickly make one hint).
  const attributes = `data-draw-loop="" data-edit-keys="^[0-9]$"${pic.faces.some((f) => f.length >= 20) ? ' data-edit-words=""' : ''}`;
  const first = segments(result?.solution);
  if (result?.verdict === 'multiple') {
    const second = segments(result.secondSolution);
    if (first && second) {
      const mine = intended(false);
      return frame(p, result, [
        { body: board(first, second, undefined, mine), caption: `Solution 1 of ${countText(result)}`, note: mine ? mine.note(null) : undefined },
        { body: board(second, first, undefined, mine), caption: 'Solution 2 (differences marked)' },
        ...(result.usage ? [{ body: board(null, null, result.usage, null, suggestionsByFace(result)), caption: usageCaption(result.usage), name: 'ambiguity map', note: suggestionNote(result) }] : []),
      ], options, size, attributes);
    }
  }
  const show = result && (result.verdict === 'unique' || result.verdict === 'multiple') ? first : null;
  // Differences are marked only against the unique solution of the current text.
  const mine = intended(result?.verdict === 'unique' && show !== null && !options.stale);
  return frame(p, result, [{ body: board(show, null, undefined, mine), caption: singleCaption(result), note: mine ? mine.note(show) : undefined }], options, size, attributes);
}

/** A tiling's intended loop (the solution block) as the board draws it, and the note under the board. */
interface TilingIntended {
  inside: Uint8Array;
  edges: Segment[];
  compare: boolean;
  note(solver: Segment[] | null): { text: string; warn: boolean };
}

function tilingIntended(p: SlitherlinkPuzzle, inside: Uint8Array, compare: boolean): TilingIntended {
  const l = makeLattice(p.tiling!);
  const on = latticeLoopEdges(l, inside);
  const edges: Segment[] = [];
  for (let e = 0; e < l.edgeCount; e++) if (on[e]) edges.push(l.edgeCoords(e));
  const problem = latticeLoopProblem(l, on);
  return {
    inside, edges, compare,
    note(solver) {
      if (problem) return { text: `Your loop (dashed) is not one simple loop: ${problem}`, warn: true };
      if (!compare || !solver) return { text: 'Dashed: your loop', warn: false };
      const mine = new Set(edges.map(segmentKey)), theirs = new Set(solver.map(segmentKey));
      let differ = 0;
      for (const k of mine) if (!theirs.has(k)) differ++;
      for (const k of theirs) if (!mine.has(k)) differ++;
      if (differ === 0) return { text: 'Your loop (dashed) is the solution', warn: false };
      return { text: `Differs from your loop (dashed) at ${differ} edge${differ === 1 ? '' : 's'}`, warn: true };
    },
  };
}
