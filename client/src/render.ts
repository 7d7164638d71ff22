/**
 * The preview's renderer: puzzle + checker result -> one SVG string. Pure (no VS Code, no DOM), so
 * it is tested on its own and could serve an export command too.
 *
 * The SVG carries no colours: every element has classes, and the preview's stylesheet
 * (client/media/preview.css) maps them onto the theme's `--vscode-*` variables. Path colours are
 * the classes `lp-color-0` ... `lp-color-{n-1}`, one per entry of PATH_COLOR_VARS (the stylesheet
 * must define each; a unit test holds the two together).
 *
 * Every cell's shapes carry `data-row`/`data-col` (0-based) so that a click can be mapped back to
 * the cell's text.
 *
 * A Slitherlink with a solution block (`puzzle.solution`, the designer's intended loop) also gets
 * that loop in its own style: `lp-intended-cell` shading under the grid, `lp-intended-edge` lines
 * over the solver's loop, and, against a unique current solution, `lp-off-intended` on the
 * solver's edges that the intended loop lacks and `lp-intended-missing` on the intended edges that
 * the solution lacks; a note under the board (`lp-note`) says whether they agree.
 */
import type { NumberlinkPuzzle, Puzzle, SlitherlinkPuzzle } from '../../server/src/model/puzzle';
import type { CellRef, CheckResult, LoopSolution, PathSolution } from '../../server/src/analysis/result';
import { Grid } from '../../server/src/model/grid';
import { loopEdgesOf, loopProblem } from '../../server/src/design/loop';
import { formatCount } from './summary';

/** Theme colours for Numberlink paths, in the order labels are coloured. */
export const PATH_COLOR_VARS: readonly string[] = [
  '--vscode-charts-red',
  '--vscode-charts-blue',
  '--vscode-charts-yellow',
  '--vscode-charts-green',
  '--vscode-charts-purple',
  '--vscode-charts-orange',
  '--vscode-terminal-ansiCyan',
  '--vscode-terminal-ansiMagenta',
  '--vscode-terminal-ansiBrightGreen',
  '--vscode-terminal-ansiBrightBlue',
  '--vscode-terminal-ansiWhite',
  '--vscode-terminal-ansiBrightYellow',
  '--vscode-terminal-ansiBrightCyan',
  '--vscode-terminal-ansiBrightMagenta',
  '--vscode-terminal-ansiGreen',
  '--vscode-terminal-ansiBlue',
];

export interface RenderOptions {
  /** The result belongs to an earlier version of the text: draw its solution faded. */
  stale?: boolean;
}

/** Size of one cell in SVG user units; the page scales the whole picture. */
export const CELL = 36;
const PAD = 22;
const CAPTION = 26;
const GAP = 36;
/** Baseline of the note under a board, in the bottom padding. */
const NOTE_Y = 16;
/** Width of one character of the note (12px font), to size the picture. */
const NOTE_CHAR = 6.6;
/** Beyond this many cells the picture would be too large to be useful (and to build). */
export const MAX_CELLS = 250_000;

/** Escapes text for SVG content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : '&#39;',
  );
}

export function renderSvg(puzzle: Puzzle, result?: CheckResult | null, options: RenderOptions = {}): string {
  const usable = result && result.kind === puzzle.kind && result.rows === puzzle.rows && result.cols === puzzle.cols ? result : null;
  if (puzzle.rows * puzzle.cols > MAX_CELLS || puzzle.rows === 0 || puzzle.cols === 0) {
    return tooLarge(puzzle, usable);
  }
  return puzzle.kind === 'slitherlink'
    ? renderSlitherlink(puzzle, usable, options)
    : renderNumberlink(puzzle, usable, options);
}

// ---------------------------------------------------------------------------------------------
// Shared frame

interface Panel {
  /** SVG content of one board, drawn at the origin. */
  body: string;
  caption: string;
  /** A second line below the board (the designer's loop against the solver's). */
  note?: { text: string; warn: boolean };
}

function frame(puzzle: Puzzle, result: CheckResult | null, panels: Panel[], options: RenderOptions): string {
  const w = puzzle.cols * CELL, h = puzzle.rows * CELL;
  // Wide enough for a note under a small board (about 6.6 units per character at its size).
  const noteWidth = Math.max(0, ...panels.map((p, i) => (p.note ? i * (w + GAP) + Math.ceil(p.note.text.length * NOTE_CHAR) : 0)));
  const width = Math.max(PAD * 2 + panels.length * w + (panels.length - 1) * GAP, PAD * 2 + noteWidth);
  const height = PAD * 2 + h + CAPTION;
  const verdict = result?.verdict ?? 'pending';
  const classes = ['lp-puzzle', `lp-${puzzle.kind}`, `lp-verdict-${verdict}`];
  if (options.stale) classes.push('lp-stale');
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="${classes.join(' ')}" viewBox="0 0 ${width} ${height}" ` +
      `width="${width}" height="${height}" data-rows="${puzzle.rows}" data-cols="${puzzle.cols}" ` +
      `data-verdict="${verdict}" data-panels="${panels.length}" role="img">`,
  ];
  panels.forEach((panel, i) => {
    const x = PAD + i * (w + GAP);
    out.push(`<g class="lp-board" data-panel="${i}" transform="translate(${x} ${PAD + CAPTION})">`);
    out.push(`<text class="lp-caption" x="0" y="${-CAPTION / 2 - 2}">${escapeXml(panel.caption)}</text>`);
    out.push(panel.body);
    if (panel.note) {
      const cls = panel.note.warn ? 'lp-note lp-note-warn' : 'lp-note';
      out.push(`<text class="${cls}" x="0" y="${h + NOTE_Y}">${escapeXml(panel.note.text)}</text>`);
    }
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('\n');
}

function tooLarge(puzzle: Puzzle, result: CheckResult | null): string {
  const text = `${puzzle.rows} × ${puzzle.cols}: too large to preview` + (result ? ` (${result.verdict})` : '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="lp-puzzle lp-${puzzle.kind} lp-too-large" viewBox="0 0 480 60" ` +
    `width="480" height="60" data-rows="${puzzle.rows}" data-cols="${puzzle.cols}" data-verdict="${result?.verdict ?? 'pending'}">` +
    `<text class="lp-caption" x="12" y="34">${escapeXml(text)}</text></svg>`
  );
}

function countText(result: CheckResult): string {
  if (result.count !== null) return `${formatCount(result.count)} solutions`;
  return result.countAtLeast ? `at least ${formatCount(result.countAtLeast)} solutions` : 'several solutions';
}

/** One caption per verdict; panels of a `multiple` result get their own. */
function singleCaption(result: CheckResult | null): string {
  if (!result) return 'checking…';
  switch (result.verdict) {
    case 'unique': return 'Unique solution';
    case 'none': return 'No solution';
    case 'invalid': return `Invalid: ${result.errors.length} problem${result.errors.length === 1 ? '' : 's'}`;
    case 'unknown': return `Undecided: ${result.stopped?.message ?? 'stopped at a limit'}`;
    case 'multiple': return `Several solutions (${countText(result)})`;
  }
}

/**
 * Cells of conflicting hints, when the result names them. CheckResult has no such field yet; the
 * server may add one under any of these names, as cells ({row, col} or [row, col]) or as
 * `{cells: [...]}`.
 */
export function conflictCells(result: CheckResult | null): CellRef[] {
  if (!result) return [];
  const loose = result as unknown as Record<string, unknown>;
  for (const key of ['conflicting', 'conflicts', 'conflict', 'conflictingHints']) {
    let v = loose[key];
    if (v && typeof v === 'object' && !Array.isArray(v) && Array.isArray((v as { cells?: unknown }).cells)) {
      v = (v as { cells: unknown[] }).cells;
    }
    if (!Array.isArray(v)) continue;
    const cells: CellRef[] = [];
    for (const item of v) {
      if (Array.isArray(item) && typeof item[0] === 'number' && typeof item[1] === 'number') {
        cells.push({ row: item[0], col: item[1] });
      } else if (item && typeof item === 'object' && typeof (item as CellRef).row === 'number') {
        cells.push({ row: (item as CellRef).row, col: (item as CellRef).col });
      }
    }
    return cells;
  }
  return [];
}

function cellSet(cells: CellRef[] | undefined, cols: number): Set<number> {
  const s = new Set<number>();
  for (const c of cells ?? []) s.add(c.row * cols + c.col);
  return s;
}

function cellRects(rows: number, cols: number, extra: (r: number, c: number) => string = () => ''): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cls = extra(r, c);
      out.push(
        `<rect class="lp-cell${cls}" x="${c * CELL}" y="${r * CELL}" width="${CELL}" height="${CELL}" data-row="${r}" data-col="${c}"/>`,
      );
    }
  }
  return out.join('');
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
    out.push(`<g class="lp-loop">${lines.join('')}</g>`);
  }

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

function renderSlitherlink(p: SlitherlinkPuzzle, result: CheckResult | null, options: RenderOptions): string {
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
      ], options);
    }
  }
  const show = result && (result.verdict === 'unique' || result.verdict === 'multiple') ? first : null;
  // Differences are marked only against the unique solution of the current text.
  const mine = intended(result?.verdict === 'unique' && show !== null && !options.stale);
  const note = mine ? intendedNote(p, mine, show) : undefined;
  return frame(p, result, [{ body: slitherBoard(p, result, show, null, mine), caption: singleCaption(result), note }], options);
}

// ---------------------------------------------------------------------------------------------
// Numberlink

function pathSolution(solution: LoopSolution | PathSolution | undefined): PathSolution | null {
  if (!solution || !('paths' in solution) || !Array.isArray(solution.paths)) return null;
  return solution;
}

/** Label index of each path, by the label's name (falls back to the path's position). */
function pathLabels(p: NumberlinkPuzzle, s: PathSolution): number[] {
  return s.paths.map((_, i) => {
    const name = s.labels?.[i];
    const k = name === undefined ? -1 : p.labels.indexOf(name);
    return k >= 0 ? k : i;
  });
}

/** Per cell: the label whose path uses it and the cells it links to, as a comparable string. */
function cellUse(p: NumberlinkPuzzle, s: PathSolution): string[] {
  const use: string[] = new Array(p.rows * p.cols).fill('');
  const labels = pathLabels(p, s);
  s.paths.forEach((path, i) => {
    path.forEach(([r, c], j) => {
      const links: number[] = [];
      if (j > 0) links.push(path[j - 1][0] * p.cols + path[j - 1][1]);
      if (j + 1 < path.length) links.push(path[j + 1][0] * p.cols + path[j + 1][1]);
      links.sort((a, b) => a - b);
      use[r * p.cols + c] = `${labels[i]}:${links.join(',')}`;
    });
  });
  return use;
}

const colorClass = (k: number): string => `lp-color-${k % PATH_COLOR_VARS.length}`;

function numberBoard(p: NumberlinkPuzzle, result: CheckResult | null, s: PathSolution | null, other: PathSolution | null): string {
  const { rows, cols } = p;
  const conflict = result?.verdict === 'none' ? cellSet(conflictCells(result), cols) : new Set<number>();
  const use = s ? cellUse(p, s) : null;
  const otherUse = s && other ? cellUse(p, other) : null;
  const showUnused = s !== null && result?.verdict === 'unique' && result.covers === false;
  const out: string[] = [];
  out.push(
    cellRects(rows, cols, (r, c) => {
      const i = r * cols + c;
      let cls = '';
      if (otherUse && use && use[i] !== otherUse[i]) cls += ' lp-diff-cell';
      if (showUnused && use && use[i] === '') cls += ' lp-unused';
      return cls;
    }),
  );
  let d = '';
  for (let r = 0; r <= rows; r++) d += `M0 ${r * CELL}H${cols * CELL}`;
  for (let c = 0; c <= cols; c++) d += `M${c * CELL} 0V${rows * CELL}`;
  out.push(`<path class="lp-gridline" d="${d}"/>`);

  if (s) {
    const labels = pathLabels(p, s);
    const lines: string[] = [];
    s.paths.forEach((path, i) => {
      if (path.length === 0) return;
      const k = labels[i];
      const pts = path.map(([r, c]) => `${c * CELL + CELL / 2},${r * CELL + CELL / 2}`).join(' ');
      const name = p.labels[k] ?? s.labels?.[i] ?? String(i);
      lines.push(`<polyline class="lp-path ${colorClass(k)}" data-label="${escapeXml(name)}" points="${pts}"/>`);
    });
    out.push(`<g class="lp-paths">${lines.join('')}</g>`);
  }

  const ends: string[] = [];
  const r0 = CELL * 0.34;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = p.cells[r * cols + c];
      if (k < 0) continue;
      const x = c * CELL + CELL / 2, y = r * CELL + CELL / 2;
      const label = p.labels[k] ?? '?';
      const conflictCls = conflict.has(r * cols + c) ? ' lp-conflict' : '';
      ends.push(
        `<circle class="lp-endpoint ${colorClass(k)}${conflictCls}" cx="${x}" cy="${y}" r="${r0}" data-row="${r}" data-col="${c}"/>`,
      );
      const small = label.length > 2 ? ' lp-label-small' : '';
      ends.push(
        `<text class="lp-label${small}${conflictCls}" x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central" data-row="${r}" data-col="${c}">${escapeXml(label)}</text>`,
      );
    }
  }
  out.push(`<g class="lp-endpoints">${ends.join('')}</g>`);
  return out.join('\n');
}

function renderNumberlink(p: NumberlinkPuzzle, result: CheckResult | null, options: RenderOptions): string {
  const first = pathSolution(result?.solution);
  const rule = result?.rule ? ` · rule: ${result.rule}` : '';
  if (result?.verdict === 'multiple') {
    const second = pathSolution(result.secondSolution);
    if (first && second) {
      return frame(p, result, [
        { body: numberBoard(p, result, first, second), caption: `Solution 1 of ${countText(result)}${rule}` },
        { body: numberBoard(p, result, second, first), caption: 'Solution 2 (differences marked)' },
      ], options);
    }
  }
  const show = result && (result.verdict === 'unique' || result.verdict === 'multiple') ? first : null;
  let caption = singleCaption(result) + rule;
  if (result?.verdict === 'unique' && result.covers === false) caption += ' · leaves cells empty';
  return frame(p, result, [{ body: numberBoard(p, result, show, null), caption }], options);
}
