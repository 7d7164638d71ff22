/**
 * The preview's picture: a puzzle and its checker result -> one SVG document, drawn by the server
 * (the client shows it; it imports no server code). This module is what every genre's picture
 * shares: the frame (boards side by side with captions and notes, sized so that no text runs into
 * the next board), messages instead of a board, and marks drawn on any grid of cells (conflicting
 * givens, the ambiguity map, suggested hints). Each genre draws its boards (Genre.preview: its
 * preview.ts); genres/preview.ts picks the genre. Pure (no VS Code, no DOM), tested on its own.
 *
 * The SVG carries no colours: every element has classes, and the preview's stylesheet
 * (client/media/preview.css) maps them onto the theme's `--vscode-*` variables. Every cell's
 * shapes carry `data-row`/`data-col` (0-based; a tiling's faces also `data-face`) so that a click
 * can be mapped back to the cell's text. The root says what the page may offer on the board
 * (the genre's `attributes`): `data-draw-loop` (*Draw loop*), `data-edit-keys` (a pattern of the
 * keys *Edit hints* types into a cell) and `data-edit-words` (keys typed quickly make one value).
 */
import { formatCount, type CellRef, type CheckResult, type HintChoice, type Suggestions, type TilingPicture, type Usage } from '../protocol-types';
import type { Puzzle } from '../model/puzzle';

export interface PreviewOptions {
  /** The result belongs to an earlier version of the text: draw its solution faded. */
  stale?: boolean;
  /** A tiling's faces (`PublishedResult.picture`, or made for the text); else the result's. */
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

export function textLines(cls: string, lines: string[], y: number, step: number): string {
  const spans = lines.map((l, i) => `<tspan x="0" dy="${i === 0 ? 0 : step}">${escapeXml(l)}</tspan>`).join('');
  return `<text class="${cls}" x="0" y="${y}">${spans}</text>`;
}

// ---------------------------------------------------------------------------------------------
// Shared frame

export interface Panel {
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
export function frame(puzzle: Puzzle, result: CheckResult | null, panels: Panel[], options: PreviewOptions, size?: { w: number; h: number }, attributes = ''): string {
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
  const tiling = puzzle.tiling ? ` data-tiling="${escapeXml(puzzle.tiling.name)}"` : '';
  if (tiling) classes.push('lp-tiling');
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="${classes.join(' ')}" viewBox="0 0 ${width} ${height}" ` +
      `width="${width}" height="${height}" data-rows="${puzzle.rows}" data-cols="${puzzle.cols}" ` +
      `data-verdict="${verdict}" data-panels="${panels.length}" data-pad="${PAD}" data-gap="${GAP}"${tiling}${attributes ? ' ' + attributes : ''} role="img">`,
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

export function tooLarge(puzzle: Puzzle, result: CheckResult | null): string {
  const text = `${puzzle.rows} × ${puzzle.cols}: too large to preview` + (result ? ` (${result.verdict})` : '');
  return messageSvg(
    text,
    `lp-puzzle lp-${puzzle.kind} lp-too-large`,
    `data-rows="${puzzle.rows}" data-cols="${puzzle.cols}" data-verdict="${result?.verdict ?? 'pending'}"`,
  );
}

export function countText(result: CheckResult): string {
  if (result.count !== null) return `${formatCount(result.count)} solutions`;
  if (!result.countAtLeast) return 'several solutions';
  return `at least ${formatCount(result.countAtLeast)} solutions${result.countPending ? ', counting…' : ''}`;
}

/** One caption per verdict; panels of a `multiple` result get their own. */
export function singleCaption(result: CheckResult | null): string {
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

export function cellSet(cells: CellRef[] | undefined, cols: number): Set<number> {
  const s = new Set<number>();
  for (const c of cells ?? []) s.add(c.row * cols + c.col);
  return s;
}

export function cellRects(rows: number, cols: number, extra: (r: number, c: number) => string = () => ''): string {
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
// The ambiguity map (a third board beside the two solutions)

/** How much of the solutions use an edge, 0..1, from exact decimal counts of any size. */
export function usageShare(count: string, of: string): number {
  const n = BigInt(of);
  return n === 0n ? 0 : Number((BigInt(count) * 1000n) / n) / 1000;
}

export function usageCaption(usage: Usage): string {
  return `Ambiguity map: edges by share of the ${formatCount(usage.of)} solutions`;
}

/**
 * One line per edge some solution uses, as opaque as its share of the solutions (solid when all
 * use it), with its count as a tooltip. `shift` moves grid points to cell centres (Numberlink).
 */
export function usageLines(usage: Usage, shift: number, place?: (edge: readonly number[]) => [number, number, number, number]): string {
  const lines = usage.edges.map(({ edge, count }) => {
    const [r1, c1, r2, c2] = edge;
    const share = usageShare(count, usage.of);
    const all = count === usage.of;
    const opacity = all ? 1 : Math.max(0.12, Math.min(0.85, share));
    // On squares [r1, c1, r2, c2] are grid points; `place` puts other edges (a tiling's) on the board.
    const [x1, y1, x2, y2] = place ? place(edge) : [c1 * CELL + shift, r1 * CELL + shift, c2 * CELL + shift, r2 * CELL + shift];
    return `<line class="lp-usage${all ? ' lp-usage-all' : ''}" data-edge="${r1},${c1},${r2},${c2}" data-count="${count}" ` +
      `x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke-opacity="${opacity}">` +
      `<title>used by ${formatCount(count)} of ${formatCount(usage.of)} solutions</title></line>`;
  });
  return `<g class="lp-usage-map">${lines.join('')}</g>`;
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
export function suggestionMarks(result: CheckResult): string {
  const s = suggestionsOf(result);
  if (!s) return '';
  const byCell = new Map<string, HintChoice[]>();
  for (const h of suggestedHints(s)) {
    const k = `${h.row},${h.col}`;
    byCell.set(k, [...(byCell.get(k) ?? []), h]);
  }
  const marks = [...byCell.values()].map((hs) => {
    const { row, col } = hs[0];
    const x = col * CELL + CELL / 2, y = row * CELL + CELL / 2;
    const tips = suggestionTips(s, hs);
    return `<g class="lp-suggest" data-row="${row}" data-col="${col}" data-count="${hs[0].count}">` +
      `<rect class="lp-suggest-mark" x="${col * CELL + 4}" y="${row * CELL + 4}" width="${CELL - 8}" height="${CELL - 8}" rx="4"/>` +
      `<text class="lp-suggest-hint" x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central">${hs.map((h) => h.value).join('/')}</text>` +
      `<title>${escapeXml(tips.join('; '))}</title></g>`;
  });
  return `<g class="lp-suggestions">${marks.join('')}</g>`;
}

/** The tooltip lines of the suggested hints at one place ("a 2 here: 1 solution, unique"). */
function suggestionTips(s: Suggestions, hs: readonly HintChoice[]): string[] {
  const pairCount = s.singles.length === 0 && s.pair ? s.pair.count : null;
  const tips = hs.map((h) => `a ${h.value} here: ${formatCount(h.count)} solution${h.count === '1' ? ', unique' : 's'}`);
  if (pairCount !== null && hs.some((h) => h === s.pair!.first || h === s.pair!.second)) tips.push(`with the other marked hint of the pair: ${formatCount(pairCount)}`);
  return tips;
}

/** On a tiling's map: the suggested hints by face, each with its values and tooltip (suggestionMarks on squares). */
export function suggestionsByFace(result: CheckResult): Map<number, { values: number[]; count: string; tip: string }> {
  const out = new Map<number, { values: number[]; count: string; tip: string }>();
  const s = suggestionsOf(result);
  if (!s) return out;
  const byFace = new Map<number, HintChoice[]>();
  for (const h of suggestedHints(s)) if (h.face !== undefined) byFace.set(h.face, [...(byFace.get(h.face) ?? []), h]);
  for (const [f, hs] of byFace) out.set(f, { values: hs.map((h) => h.value), count: hs[0].count, tip: suggestionTips(s, hs).join('; ') });
  return out;
}

export function suggestionNote(result: CheckResult): { text: string; warn: boolean } | undefined {
  const s = suggestionsOf(result);
  if (!s) return undefined;
  if (s.singleCount > 0) return { text: `Marked: ${s.singleCount === 1 ? 'the hint' : `${s.singleCount} hints`} that would make it unique`, warn: false };
  if (s.bestSingle) return { text: `Marked: the hint${s.pair ? 's' : ''} that cut the count most (no single hint makes it unique)`, warn: false };
  return undefined;
}
