/**
 * The preview's renderer: puzzle + checker result -> one SVG string. Pure (no VS Code, no DOM), so
 * it is tested on its own and could serve an export command too.
 *
 * The SVG carries no colours: every element has classes, and the preview's stylesheet
 * (client/media/preview.css) maps them onto the theme's `--vscode-*` variables. Path colours are
 * the classes `lp-color-0` ... `lp-color-{n-1}`, one per entry of PATH_COLORS (the stylesheet
 * must define each; a unit test holds the two together), chosen per label by labelColors().
 *
 * Every cell's shapes carry `data-row`/`data-col` (0-based) so that a click can be mapped back to
 * the cell's text.
 *
 * A Slitherlink with a solution block (`puzzle.solution`, the designer's intended loop) also gets
 * that loop in its own style: `lp-intended-cell` shading under the grid, `lp-intended-edge` lines
 * over the solver's loop, and, against a unique current solution, `lp-off-intended` on the
 * solver's edges that the intended loop lacks and `lp-intended-missing` on the intended edges that
 * the solution lacks; a note under the board (`lp-note`) says whether they agree.
 *
 * Two solutions of a Slitherlink mark, on each board, the edges the other lacks (`lp-diff`) and
 * the other's edges that this one lacks (`lp-edge-other`); of a Numberlink, the cells used
 * differently (`lp-diff-cell`). So either board alone shows every difference.
 */
import type { CellRef, CheckResult, HintChoice, LoopSolution, NumberlinkPuzzle, PathSolution, Puzzle, SlitherlinkPuzzle, Suggestions, Usage } from '../../server/src/protocol-types';
import type { TilingPicture } from '../../server/src/protocol-types';
import { layoutTiling, tilingBoard, type Segment } from './renderTiling';
import { Grid } from '../../server/src/model/grid';
import { loopEdgesOf, loopProblem } from '../../server/src/model/loop';
import { formatCount } from './summary';

/**
 * Theme colours for Numberlink paths: class `lp-color-i` draws in PATH_COLORS[i]. Twelve that are
 * told apart, and stand out from the background, in both the default light and dark themes (the
 * terminal's bright variants equal the plain ones in light themes, so only one of each is here).
 */
export const PATH_COLORS: readonly { name: string; variable: string }[] = [
  { name: 'red', variable: '--vscode-charts-red' },
  { name: 'blue', variable: '--vscode-charts-blue' },
  { name: 'yellow', variable: '--vscode-terminal-ansiYellow' },
  { name: 'green', variable: '--vscode-charts-green' },
  { name: 'purple', variable: '--vscode-charts-purple' },
  { name: 'orange', variable: '--vscode-charts-orange' },
  { name: 'cyan', variable: '--vscode-terminal-ansiCyan' },
  { name: 'magenta', variable: '--vscode-terminal-ansiMagenta' },
  { name: 'dark blue', variable: '--vscode-terminal-ansiBlue' },
  { name: 'maroon', variable: '--vscode-debugTokenExpression-string' },
  { name: 'teal', variable: '--vscode-debugTokenExpression-number' },
  { name: 'white (grey on light themes)', variable: '--vscode-terminal-ansiWhite' },
];
export const PATH_COLOR_VARS: readonly string[] = PATH_COLORS.map((c) => c.variable);

/**
 * Labels that name their colour, as Flow Free's puzzles write them (the letters of
 * mzucker/flow_solver's files: R red, B blue, Y yellow, G green, P purple, O orange, C cyan,
 * M magenta, b dark blue, m maroon, W white). Case matters: `r` is just a label.
 */
export const NAMED_LABEL_COLORS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(
    ([['R', 'red'], ['B', 'blue'], ['Y', 'yellow'], ['G', 'green'], ['P', 'purple'], ['O', 'orange'], ['C', 'cyan'],
      ['M', 'magenta'], ['b', 'dark blue'], ['m', 'maroon'], ['W', 'white (grey on light themes)']] as const)
      .map(([label, name]) => [label, PATH_COLORS.findIndex((c) => c.name === name)]),
  ),
);

/** The colour a label asks for: numbers in order from red (1 red, 2 blue, ...), others by a hash of the name. */
function preferredColor(label: string): number {
  const n = PATH_COLORS.length;
  if (/^\d+$/.test(label)) return (((Number(label) - 1) % n) + n) % n;
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return (h >>> 0) % n;
}

const byLabel = (a: string, b: string): number => {
  const na = /^\d+$/.test(a), nb = /^\d+$/.test(b);
  if (na !== nb) return na ? -1 : 1;
  if (na && Number(a) !== Number(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
};

/**
 * The colour (index into PATH_COLORS) of each label. Letters that name a colour get it; every
 * other label its preferred colour, or the next one no other label of the puzzle has, taking the
 * labels in a fixed order (numbers by value, then the rest by name). So a label's colour depends
 * only on the set of labels, never on where they are in the grid or which comes first, and it
 * keeps its colour as long as no other label claims it. With more labels than colours, the
 * later ones share.
 */
export function labelColors(labels: readonly string[]): number[] {
  const n = PATH_COLORS.length;
  const colors = new Array<number>(labels.length).fill(-1);
  const used = new Set<number>();
  labels.forEach((label, k) => {
    const c = NAMED_LABEL_COLORS[label];
    if (c !== undefined && !used.has(c)) {
      colors[k] = c;
      used.add(c);
    }
  });
  const rest = labels.map((_, k) => k).filter((k) => colors[k] < 0).sort((a, b) => byLabel(labels[a], labels[b]));
  for (const k of rest) {
    const want = preferredColor(labels[k]);
    let c = want;
    for (let i = 1; i < n && used.has(c); i++) c = (want + i) % n;
    colors[k] = used.has(c) ? want : c;
    used.add(colors[k]);
  }
  return colors;
}

export interface RenderOptions {
  /** The result belongs to an earlier version of the text: draw its solution faded. */
  stale?: boolean;
  /** A tiling's faces (the server sends them with the result, `PublishedResult.picture`); else the result's. */
  picture?: TilingPicture;
}

/** Size of one cell in SVG user units; the page scales the whole picture. */
export const CELL = 36;
/** Margin around the picture. */
export const PAD = 22;
/** Space between two boards. */
export const GAP = 36;
/** Captions over a board and notes under it: font size and line spacing (px, as in preview.css). */
const CAPTION_SIZE = 13;
const CAPTION_LINE = 17;
const NOTE_SIZE = 12;
const NOTE_LINE = 16;
/** Space between the last caption line's baseline and the board. */
const CAPTION_BELOW = 14;
/** Baseline of the first note line under a board. */
const NOTE_Y = 16;
/** Text may take this much width beside a narrower board before it wraps. */
export const TEXT_WIDTH = 320;
/**
 * Width of one character in ems, estimated generously (a monospace font's 0.6 and a little more),
 * so that a caption fits the width given to it; the page measures the real text and makes room
 * if a font is wider still.
 */
const CHAR_EM = 0.62;
/** Beyond this many cells the picture would be too large to be useful (and to build). */
export const MAX_CELLS = 250_000;

/** Escapes text for SVG content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : '&#39;',
  );
}

/** Estimated width of a line of text at `size` px (see CHAR_EM). */
export function textWidth(text: string, size: number): number {
  return Math.ceil([...text].length * size * CHAR_EM);
}

/** Breaks text into lines no wider than `max` (estimated), at spaces; a longer word is cut. */
export function wrapText(text: string, size: number, max: number): string[] {
  const perLine = Math.max(1, Math.floor(max / (size * CHAR_EM)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const chars = [...word];
    for (let i = 0; i < chars.length; i += perLine) {
      const piece = chars.slice(i, i + perLine).join('');
      const joined = line === '' ? piece : `${line} ${piece}`;
      if (line !== '' && (i > 0 || [...joined].length > perLine)) {
        lines.push(line);
        line = piece;
      } else {
        line = joined;
      }
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

function textLines(cls: string, lines: string[], y: number, step: number): string {
  const spans = lines.map((l, i) => `<tspan x="0" dy="${i === 0 ? 0 : step}">${escapeXml(l)}</tspan>`).join('');
  return `<text class="${cls}" x="0" y="${y}">${spans}</text>`;
}

export function renderSvg(puzzle: Puzzle, result?: CheckResult | null, options: RenderOptions = {}): string {
  const usable = result && result.kind === puzzle.kind && result.rows === puzzle.rows && result.cols === puzzle.cols ? result : null;
  if (puzzle.kind === 'slitherlink' && puzzle.tiling) return renderTiling(puzzle, usable, options);
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
  /** What the preview's toolbar calls this board when it shows one at a time (default "solution N"). */
  name?: string;
  /** A second line below the board (the designer's loop against the solver's). */
  note?: { text: string; warn: boolean };
}

/**
 * Boards side by side, each in a column as wide as the board or its caption and note (wrapped
 * at TEXT_WIDTH beside a small board), so that no text runs into the next board or out of the
 * picture. Every board carries its place (`data-x`, `data-y`) and the picture its margins
 * (`data-pad`, `data-gap`): the page measures the text as drawn and moves the boards apart if a
 * font is wider than estimated, or shows one board at a time.
 */
function frame(puzzle: Puzzle, result: CheckResult | null, panels: Panel[], options: RenderOptions, size?: { w: number; h: number }): string {
  const w = size?.w ?? puzzle.cols * CELL, h = size?.h ?? puzzle.rows * CELL;
  const room = Math.max(w, TEXT_WIDTH);
  const laid = panels.map((p) => {
    const caption = wrapText(p.caption, CAPTION_SIZE, room);
    const note = p.note ? wrapText(p.note.text, NOTE_SIZE, room) : [];
    const width = Math.max(w, ...caption.map((l) => textWidth(l, CAPTION_SIZE)), ...note.map((l) => textWidth(l, NOTE_SIZE)));
    return { ...p, caption, noteLines: note, width };
  });
  const captionLines = Math.max(...laid.map((p) => p.caption.length));
  const noteLines = Math.max(...laid.map((p) => p.noteLines.length));
  const top = PAD + (captionLines - 1) * CAPTION_LINE + CAPTION_SIZE + CAPTION_BELOW;
  const below = noteLines > 0 ? NOTE_Y + (noteLines - 1) * NOTE_LINE + 4 : 0;
  const width = PAD * 2 + laid.reduce((sum, p) => sum + p.width, 0) + (laid.length - 1) * GAP;
  const height = top + h + below + PAD;
  const verdict = result?.verdict ?? 'pending';
  const classes = ['lp-puzzle', `lp-${puzzle.kind}`, `lp-verdict-${verdict}`];
  if (options.stale) classes.push('lp-stale');
  const tiling = puzzle.kind === 'slitherlink' && puzzle.tiling ? ` data-tiling="${escapeXml(puzzle.tiling.name)}"` : '';
  if (tiling) classes.push('lp-tiling');
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="${classes.join(' ')}" viewBox="0 0 ${width} ${height}" ` +
      `width="${width}" height="${height}" data-rows="${puzzle.rows}" data-cols="${puzzle.cols}" ` +
      `data-verdict="${verdict}" data-panels="${panels.length}" data-pad="${PAD}" data-gap="${GAP}"${tiling} role="img">`,
  ];
  let x = PAD;
  laid.forEach((panel, i) => {
    const name = escapeXml(panel.name ?? `solution ${i + 1}`);
    out.push(`<g class="lp-board" data-panel="${i}" data-name="${name}" data-x="${x}" data-y="${top}" transform="translate(${x} ${top})">`);
    // The last caption line sits just over the board, whatever the number of lines.
    const first = -CAPTION_BELOW - (panel.caption.length - 1) * CAPTION_LINE;
    out.push(textLines('lp-caption', panel.caption, first, CAPTION_LINE));
    out.push(panel.body);
    if (panel.note) {
      const cls = panel.note.warn ? 'lp-note lp-note-warn' : 'lp-note';
      out.push(textLines(cls, panel.noteLines, h + NOTE_Y, NOTE_LINE));
    }
    out.push('</g>');
    x += panel.width + GAP;
  });
  out.push('</svg>');
  return out.join('\n');
}

/** A picture of one message (the file has no grid, or it is too large to draw), wrapped to fit. */
export function messageSvg(text: string, classes = 'lp-puzzle lp-message', attributes = ''): string {
  const lines = wrapText(text, CAPTION_SIZE, 456);
  const width = Math.max(480, 24 + Math.max(...lines.map((l) => textWidth(l, CAPTION_SIZE))));
  const height = 26 + lines.length * CAPTION_LINE + 17;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="${classes}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"` +
    `${attributes ? ' ' + attributes : ''} data-pad="12">` +
    `<g transform="translate(12 0)">${textLines('lp-caption', lines, 34, CAPTION_LINE)}</g></svg>`
  );
}

function tooLarge(puzzle: Puzzle, result: CheckResult | null): string {
  const text = `${puzzle.rows} × ${puzzle.cols}: too large to preview` + (result ? ` (${result.verdict})` : '');
  return messageSvg(
    text,
    `lp-puzzle lp-${puzzle.kind} lp-too-large`,
    `data-rows="${puzzle.rows}" data-cols="${puzzle.cols}" data-verdict="${result?.verdict ?? 'pending'}"`,
  );
}

function countText(result: CheckResult): string {
  if (result.count !== null) return `${formatCount(result.count)} solutions`;
  if (!result.countAtLeast) return 'several solutions';
  return `at least ${formatCount(result.countAtLeast)} solutions${result.countPending ? ', counting…' : ''}`;
}

/** One caption per verdict; panels of a `multiple` result get their own. */
function singleCaption(result: CheckResult | null): string {
  if (!result) return 'checking…';
  switch (result.verdict) {
    case 'unique': return 'Unique solution';
    case 'none': return 'No solution';
    case 'invalid': return `Invalid: ${result.errors.length} problem${result.errors.length === 1 ? '' : 's'}`;
    case 'unknown': return `Undecided: ${(result.stopped?.message ?? 'stopped at a limit').replace(/^undecided:\s*/i, '')}`;
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
        const { row, col, face } = item as CellRef;
        cells.push(typeof face === 'number' ? { row, col, face } : { row, col });
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
        ...(result.usage ? [{ body: slitherBoard(p, result, null, null, null, usageLines(result.usage, 0) + suggestionMarks(result)), caption: usageCaption(result.usage), name: 'ambiguity map', note: suggestionNote(result) }] : []),
      ], options);
    }
  }
  const show = result && (result.verdict === 'unique' || result.verdict === 'multiple') ? first : null;
  // Differences are marked only against the unique solution of the current text.
  const mine = intended(result?.verdict === 'unique' && show !== null && !options.stale);
  const note = mine ? intendedNote(p, mine, show) : undefined;
  const graded = gradePanel(result, (overlay) => slitherBoard(p, result, null, null, null, overlay), 0, 'edge');
  return frame(p, result, [{ body: slitherBoard(p, result, show, null, mine), caption: singleCaption(result), note }, ...graded], options);
}

// ---------------------------------------------------------------------------------------------
// Slitherlink on a tiling (renderTiling.ts draws the boards)

/** The picture of the puzzle's tiling: the one given, else the result's (for the same tiling). */
function pictureOf(p: SlitherlinkPuzzle, result: CheckResult | null, options: RenderOptions): TilingPicture | null {
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

function renderTiling(p: SlitherlinkPuzzle, result: CheckResult | null, options: RenderOptions): string {
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
  const board = (edges: Segment[] | null, other: Segment[] | null): string =>
    tilingBoard(pic, layout, { hints: p.hints, redundant, conflict, edges, other });
  const first = segments(result?.solution);
  if (result?.verdict === 'multiple') {
    const second = segments(result.secondSolution);
    if (first && second) {
      return frame(p, result, [
        { body: board(first, second), caption: `Solution 1 of ${countText(result)}` },
        { body: board(second, first), caption: 'Solution 2 (differences marked)' },
      ], options, size);
    }
  }
  const show = result && (result.verdict === 'unique' || result.verdict === 'multiple') ? first : null;
  return frame(p, result, [{ body: board(show, null), caption: singleCaption(result) }], options, size);
}

// ---------------------------------------------------------------------------------------------
// The difficulty grade (a second board beside the unique solution)

/**
 * The theme colour of each level of a grade, easiest first (classes `lp-grade-0` ...), named for
 * the note under the board: Slitherlink has four levels, Numberlink three.
 */
export const GRADE_COLORS: readonly { name: string; variable: string }[] = [
  { name: 'blue', variable: '--vscode-charts-blue' },
  { name: 'green', variable: '--vscode-charts-green' },
  { name: 'orange', variable: '--vscode-charts-orange' },
  { name: 'red', variable: '--vscode-charts-red' },
];

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The grade's board of a unique result that has one (`gradeSteps`): the solution's edges
 * (Numberlink: links; `shift` moves grid points to cell centres) in the colour of the level whose
 * deduction finds them, each with its level as a tooltip; for `needs search` the cells where
 * deduction stalls shaded and the edges it leaves open dashed. `board` draws the genre's board
 * around an overlay.
 */
function gradePanel(result: CheckResult | null, board: (overlay: string) => string, shift: number, what: 'edge' | 'link'): Panel[] {
  const steps = result?.verdict === 'unique' ? result.gradeSteps : undefined;
  if (!result || !steps || !result.grade) return [];
  const line = ([r1, c1, r2, c2]: readonly number[], cls: string, title: string, extra = ''): string =>
    `<line class="${cls}" data-edge="${r1},${c1},${r2},${c2}"${extra} x1="${c1 * CELL + shift}" y1="${r1 * CELL + shift}" x2="${c2 * CELL + shift}" y2="${r2 * CELL + shift}">` +
    `<title>${escapeXml(title)}</title></line>`;
  const out: string[] = [];
  const stuck = result.grade === 'needs search' ? result.stuck : undefined;
  if (stuck) {
    out.push(`<g class="lp-stuck">${stuck.cells.map(({ row, col }) =>
      `<rect class="lp-stuck-cell" data-cell="${row},${col}" x="${col * CELL}" y="${row * CELL}" width="${CELL}" height="${CELL}"/>`).join('')}</g>`);
  }
  steps.forEach(({ level, edges }, k) => {
    const cls = `lp-grade-edge lp-grade-${Math.min(k, GRADE_COLORS.length - 1)}`;
    out.push(`<g class="lp-grade-level" data-level="${escapeXml(level)}">${edges.map((e) => line(e, cls, `found at ${level}`, ` data-level="${escapeXml(level)}"`)).join('')}</g>`);
  });
  if (stuck) out.push(`<g class="lp-stuck-edges">${stuck.edges.map((e) => line(e, 'lp-stuck-edge', 'open: deduction stalls here')).join('')}</g>`);
  const overlay = `<g class="lp-grade-map">${out.join('')}</g>`;
  const legend = steps.map(({ level }, k) => `${level} ${GRADE_COLORS[Math.min(k, GRADE_COLORS.length - 1)]!.name}`).join(', ');
  const what2 = what === 'edge' ? 'edges' : 'links';
  if (stuck) {
    const n = stuck.edges.length;
    return [{
      body: board(overlay), name: 'grade',
      caption: `Grade: needs search · shaded: where deduction stalls`,
      note: { text: `Dashed: the ${n} ${n === 1 ? what : what2} deduction leaves open; found: ${legend}`, warn: true },
    }];
  }
  return [{
    body: board(overlay), name: 'grade',
    caption: `Grade: ${capital(result.grade)} · ${what2} by the level that finds them`,
    note: { text: `Found at: ${legend}`, warn: false },
  }];
}

// ---------------------------------------------------------------------------------------------
// The ambiguity map (a third board beside the two solutions)

/** How much of the solutions use an edge, 0..1, from exact decimal counts of any size. */
export function usageShare(count: string, of: string): number {
  const n = BigInt(of);
  return n === 0n ? 0 : Number((BigInt(count) * 1000n) / n) / 1000;
}

function usageCaption(usage: Usage): string {
  return `Ambiguity map: edges by share of the ${formatCount(usage.of)} solutions`;
}

/**
 * One line per edge some solution uses, as opaque as its share of the solutions (solid when all
 * use it), with its count as a tooltip. `shift` moves grid points to cell centres (Numberlink).
 */
function usageLines(usage: Usage, shift: number): string {
  const lines = usage.edges.map(({ edge: [r1, c1, r2, c2], count }) => {
    const share = usageShare(count, usage.of);
    const all = count === usage.of;
    const opacity = all ? 1 : Math.max(0.12, Math.min(0.85, share));
    return `<line class="lp-usage${all ? ' lp-usage-all' : ''}" data-edge="${r1},${c1},${r2},${c2}" data-count="${count}" ` +
      `x1="${c1 * CELL + shift}" y1="${r1 * CELL + shift}" x2="${c2 * CELL + shift}" y2="${r2 * CELL + shift}" stroke-opacity="${opacity}">` +
      `<title>used by ${formatCount(count)} of ${formatCount(usage.of)} solutions</title></line>`;
  });
  return `<g class="lp-usage-map">${lines.join('')}</g>`;
}

/** The most cells whose label shares the map draws (one group of SVG elements each). */
const USAGE_CELLS_MAX = 40_000;

/**
 * Numberlink's map, per cell without a label: with the labels' counts (up to 5,000 solutions,
 * analysis/usage.ts) the label most solutions put there, tinted and written small in its colour
 * as strong as its share; past that the map has links only, and a cell's count of solutions that
 * use it follows exactly from them (each solution enters and leaves a used cell by two links:
 * half the counts of its links), tinted by that share. The tooltip says the counts:
 * "label 3 in 5 of 12 solutions, label 1 in 2; empty in 5".
 */
function usageCellMarks(p: NumberlinkPuzzle, usage: Usage): string {
  const { rows, cols } = p;
  if (rows * cols > USAGE_CELLS_MAX) return '';
  const of = BigInt(usage.of);
  const colors = labelColors(p.labels);
  const labelIndex = new Map(p.labels.map((l, k) => [l, k]));
  const out: string[] = [];
  const mark = (r: number, c: number, cls: string, share: number, title: string, text = ''): string => {
    const x = c * CELL, y = r * CELL;
    return `<g class="lp-usage-cell" data-row="${r}" data-col="${c}">` +
      `<rect class="lp-usage-tint ${cls}" x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" fill-opacity="${(0.08 + 0.3 * share).toFixed(3)}"/>` +
      (text ? `<text class="lp-usage-label ${cls}" x="${x + 3}" y="${y + 3}" dominant-baseline="hanging" fill-opacity="${Math.max(0.35, share).toFixed(3)}">${escapeXml(text)}</text>` : '') +
      `<title>${escapeXml(title)}</title></g>`;
  };
  if (usage.cells) {
    for (const { cell: [r, c], labels } of usage.cells) {
      if (p.cells[r * cols + c] >= 0 || labels.length === 0) continue;
      const sorted = [...labels].sort((a, b) => (BigInt(b.count) > BigInt(a.count) ? 1 : BigInt(b.count) < BigInt(a.count) ? -1 : byLabel(a.label, b.label)));
      const top = sorted[0]!;
      const used = sorted.reduce((n, l) => n + BigInt(l.count), 0n);
      const parts = sorted.map((l, i) => `label ${l.label} in ${formatCount(l.count)}${i === 0 ? ` of ${formatCount(usage.of)} solutions` : ''}`);
      const empty = of - used;
      const title = parts.join(', ') + (empty > 0n ? `; empty in ${formatCount(empty.toString())}` : '');
      const k = labelIndex.get(top.label) ?? 0;
      out.push(mark(r, c, `lp-color-${colors[k] ?? k % PATH_COLORS.length}`, usageShare(top.count, usage.of), title, top.label));
    }
    return `<g class="lp-usage-cells">${out.join('')}</g>`;
  }
  // Links only: a used cell's count is half the counts of its links.
  const sum = new Map<number, bigint>();
  for (const { edge: [r1, c1, r2, c2], count } of usage.edges) {
    for (const v of [r1 * cols + c1, r2 * cols + c2]) sum.set(v, (sum.get(v) ?? 0n) + BigInt(count));
  }
  for (let v = 0; v < rows * cols; v++) {
    if (p.cells[v] >= 0) continue;
    const used = (sum.get(v) ?? 0n) / 2n;
    if (used === of) continue; // every solution uses it: nothing to tell
    const title = `used in ${formatCount(used.toString())} of ${formatCount(usage.of)} solutions, empty in ${formatCount((of - used).toString())} ` +
      `(which label: counted only up to 5,000 solutions)`;
    out.push(mark(Math.floor(v / cols), v % cols, 'lp-usage-used', usageShare(used.toString(), usage.of), title));
  }
  return `<g class="lp-usage-cells">${out.join('')}</g>`;
}

/** The map's note on cells (Numberlink). */
function usageCellNote(usage: Usage): { text: string; warn: boolean } {
  return usage.cells
    ? { text: 'Cells: the label most solutions put there, by its share (hover for every label\'s count)', warn: false }
    : { text: `Cells: how many solutions use them; which label is counted only up to 5,000 solutions (here ${formatCount(usage.of)})`, warn: false };
}

/** The server's hint suggestions for a `multiple` (the published result carries them). */
function suggestionsOf(result: CheckResult): Suggestions | undefined {
  return (result as CheckResult & { suggestions?: Suggestions }).suggestions;
}

/** The hints the suggestions offer: those that make it unique, else the best one and the best pair. */
function suggestedHints(s: Suggestions): HintChoice[] {
  if (s.singles.length > 0) return s.singles;
  return [s.bestSingle, s.pair?.first, s.pair?.second].filter((x): x is HintChoice => x !== undefined);
}

/**
 * On the map, the cells where a hint cuts the count most: a small ghost of the hint, with what
 * it leaves as a tooltip ("a 2 here: 1 solution, unique").
 */
function suggestionMarks(result: CheckResult): string {
  const s = suggestionsOf(result);
  if (!s) return '';
  const byCell = new Map<string, HintChoice[]>();
  for (const h of suggestedHints(s)) {
    const k = `${h.row},${h.col}`;
    byCell.set(k, [...(byCell.get(k) ?? []), h]);
  }
  const pairCount = s.singles.length === 0 && s.pair ? s.pair.count : null;
  const marks = [...byCell.values()].map((hs) => {
    const { row, col } = hs[0];
    const x = col * CELL + CELL / 2, y = row * CELL + CELL / 2;
    const tips = hs.map((h) => `a ${h.value} here: ${formatCount(h.count)} solution${h.count === '1' ? ', unique' : 's'}`);
    if (pairCount !== null && hs.some((h) => h === s.pair!.first || h === s.pair!.second)) tips.push(`with the other marked hint of the pair: ${formatCount(pairCount)}`);
    return `<g class="lp-suggest" data-row="${row}" data-col="${col}" data-count="${hs[0].count}">` +
      `<rect class="lp-suggest-mark" x="${col * CELL + 4}" y="${row * CELL + 4}" width="${CELL - 8}" height="${CELL - 8}" rx="4"/>` +
      `<text class="lp-suggest-hint" x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central">${hs.map((h) => h.value).join('/')}</text>` +
      `<title>${escapeXml(tips.join('; '))}</title></g>`;
  });
  return `<g class="lp-suggestions">${marks.join('')}</g>`;
}

function suggestionNote(result: CheckResult): { text: string; warn: boolean } | undefined {
  const s = suggestionsOf(result);
  if (!s) return undefined;
  if (s.singleCount > 0) return { text: `Marked: ${s.singleCount === 1 ? 'the hint' : `${s.singleCount} hints`} that would make it unique`, warn: false };
  if (s.bestSingle) return { text: `Marked: the hint${s.pair ? 's' : ''} that cut the count most (no single hint makes it unique)`, warn: false };
  return undefined;
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


function numberBoard(p: NumberlinkPuzzle, result: CheckResult | null, s: PathSolution | null, other: PathSolution | null, overlay = ''): string {
  const { rows, cols } = p;
  const conflict = result?.verdict === 'none' ? cellSet(conflictCells(result), cols) : new Set<number>();
  const use = s ? cellUse(p, s) : null;
  const otherUse = s && other ? cellUse(p, other) : null;
  const showUnused = s !== null && result?.verdict === 'unique' && result.covers === false;
  const colors = labelColors(p.labels);
  const colorClass = (k: number): string => `lp-color-${colors[k] ?? k % PATH_COLORS.length}`;
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
  out.push(overlay);

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
        ...(result.usage ? [{
          body: numberBoard(p, result, null, null, usageCellMarks(p, result.usage) + usageLines(result.usage, CELL / 2)),
          caption: usageCaption(result.usage), name: 'ambiguity map', note: usageCellNote(result.usage),
        }] : []),
      ], options);
    }
  }
  const show = result && (result.verdict === 'unique' || result.verdict === 'multiple') ? first : null;
  let caption = singleCaption(result) + rule;
  if (result?.verdict === 'unique' && result.covers === false) caption += ' · leaves cells empty';
  const graded = gradePanel(result, (overlay) => numberBoard(p, result, null, null, overlay), CELL / 2, 'link');
  return frame(p, result, [{ body: numberBoard(p, result, show, null), caption }, ...graded], options);
}
