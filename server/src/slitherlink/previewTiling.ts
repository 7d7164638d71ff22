/**
 * One board of a Slitherlink on a tiling, for the preview's renderer (render.ts frames it): the
 * faces' polygons as the server sent them (`TilingPicture`, Loopy's coordinates), scaled so that a
 * face is about as large on screen as a square cell, each hint at its face's centre, the loop's
 * edges on top. Pure (no VS Code, no DOM). Classes as on squares (`lp-cell`, `lp-hint`, `lp-edge`,
 * `lp-redundant`, ...), so the stylesheet and the page treat both alike; every face carries
 * `data-face` (its number) besides `data-row`/`data-col` (its line and place in the file's grid).
 */
import type { Usage } from '../analysis/result';
import { escapeXml, usageLines } from '../preview/frame';
import type { TilingPicture } from '../protocol-types';

/** [x1, y1, x2, y2] in Loopy's coordinates. */
export type Segment = [number, number, number, number];

/** Hints need this much room around a face's centre (px) to be drawn at full size; smaller faces get smaller text. */
const FULL_HINT_ROOM = 15;
const SMALL_HINT_ROOM = 11;
/** No face's room for its hint is scaled below this (px). */
const MIN_ROOM = 9;

export interface TilingLayout {
  /** Screen units per Loopy unit. */
  scale: number;
  x0: number;
  y0: number;
  /** The board's size on screen. */
  w: number;
  h: number;
  /** Per face: its distance from centre to the nearest side, on screen. */
  room: number[];
}

/**
 * The scale: faces of the same mean area as a `cell` x `cell` square, enlarged if the smallest
 * face would leave its hint less than MIN_ROOM around its centre.
 */
export function layoutTiling(pic: TilingPicture, cell: number): TilingLayout {
  let area = 0;
  const inner: number[] = [];
  pic.faces.forEach((pts, f) => {
    area += Math.abs(polygonArea(pts));
    inner.push(centreRoom(pts, pic.centres[2 * f]!, pic.centres[2 * f + 1]!));
  });
  const n = Math.max(1, pic.faces.length);
  let scale = area > 0 ? cell / Math.sqrt(area / n) : 1;
  const least = inner.length ? Math.min(...inner) : 0;
  if (least > 0 && least * scale < MIN_ROOM) scale = MIN_ROOM / least;
  const [x0, y0, x1, y1] = pic.bounds;
  return { scale, x0, y0, w: round((x1 - x0) * scale), h: round((y1 - y0) * scale), room: inner.map((r) => r * scale) };
}

export interface TilingBoardInput {
  hints: ArrayLike<number>;
  redundant: ReadonlySet<number>;
  conflict: ReadonlySet<number>;
  /** The loop drawn on this board, and another one whose differences it marks. */
  edges: Segment[] | null;
  other: Segment[] | null;
  /** The ambiguity map drawn on this board instead of a loop. */
  usage?: Usage;
  /**
   * The designer's intended loop (the solution block): its inside faces lightly shaded, its edges
   * dashed over the loop; with `compare`, the loop's edges it lacks and its own edges the loop
   * lacks are marked (classes as on squares).
   */
  intended?: { inside: ArrayLike<number>; edges: Segment[]; compare: boolean } | null;
  /** On the map: the suggested hints by face (frame.ts suggestionsByFace). */
  suggested?: ReadonlyMap<number, { values: number[]; count: string; tip: string }>;
}

/** A segment with its ends in a fixed order, as a key. */
export function segmentKey(e: readonly number[]): string {
  const [a, b, c, d] = e;
  return a! < c! || (a === c && b! <= d!) ? `${a},${b},${c},${d}` : `${c},${d},${a},${b}`;
}

export function tilingBoard(pic: TilingPicture, layout: TilingLayout, input: TilingBoardInput): string {
  const { scale, x0, y0 } = layout;
  const X = (x: number): number => round((x - x0) * scale);
  const Y = (y: number): number => round((y - y0) * scale);
  const inside = input.edges ? insideFaces(pic, input.edges) : new Set<number>();
  const out: string[] = [];
  const faces: string[] = [];
  let outline = '';
  const dots = new Set<string>();
  for (let line = 0; line + 1 < pic.rowOff.length; line++) {
    for (let f = pic.rowOff[line]!; f < pic.rowOff[line + 1]!; f++) {
      const pts = pic.faces[f]!;
      const screen: string[] = [];
      for (let i = 0; i < pts.length; i += 2) {
        screen.push(`${X(pts[i]!)},${Y(pts[i + 1]!)}`);
        dots.add(`${X(pts[i]!)},${Y(pts[i + 1]!)}`);
      }
      outline += `M${screen.join('L')}Z`;
      const cls = inside.has(f) ? ' lp-inside' : '';
      faces.push(`<polygon class="lp-cell lp-face${cls}" points="${screen.join(' ')}" data-row="${line}" data-col="${f - pic.rowOff[line]!}" data-face="${f}"/>`);
    }
  }
  out.push(faces.join(''));
  const intended = input.intended ?? null;
  if (intended) {
    // Under everything else and never a click target (no data-row): the faces are.
    const area: string[] = [];
    for (let f = 0; f < pic.faces.length; f++) {
      if (intended.inside[f] !== 1) continue;
      const pts = pic.faces[f]!;
      const screen: string[] = [];
      for (let i = 0; i < pts.length; i += 2) screen.push(`${X(pts[i]!)},${Y(pts[i + 1]!)}`);
      area.push(`<polygon class="lp-intended-cell" data-cell="${f}" points="${screen.join(' ')}"/>`);
    }
    out.push(`<g class="lp-intended-area">${area.join('')}</g>`);
  }
  out.push(`<path class="lp-gridline" d="${outline}"/>`);

  const line = (cls: string, e: Segment): string =>
    `<line class="${cls}" data-edge="${segmentKey(e)}" x1="${X(e[0])}" y1="${Y(e[1])}" x2="${X(e[2])}" y2="${Y(e[3])}"/>`;
  const intendedKeys = intended?.compare ? new Set(intended.edges.map(segmentKey)) : null;
  const mine = new Set((input.edges ?? []).map(segmentKey));
  if (input.edges) {
    const theirs = input.other ? new Set(input.other.map(segmentKey)) : null;
    const lines = input.edges.map((e) => {
      const diff = theirs && !theirs.has(segmentKey(e)) ? ' lp-diff' : '';
      const off = intendedKeys && !intendedKeys.has(segmentKey(e)) ? ' lp-off-intended' : '';
      return line(`lp-edge${diff}${off}`, e);
    });
    for (const e of input.other ?? []) if (!mine.has(segmentKey(e))) lines.push(line('lp-edge-other', e));
    out.push(`<g class="lp-loop">${lines.join('')}</g>`);
  }
  if (intended) {
    const lines = intended.edges.map((e) => line(`lp-intended-edge${intendedKeys && !mine.has(segmentKey(e)) ? ' lp-intended-missing' : ''}`, e));
    out.push(`<g class="lp-intended">${lines.join('')}</g>`);
  }

  if (input.usage) out.push(usageLines(input.usage, 0, (e) => [X(e[0]!), Y(e[1]!), X(e[2]!), Y(e[3]!)]));

  out.push(`<g class="lp-dots">${[...dots].map((d) => {
    const [cx, cy] = d.split(',');
    return `<circle class="lp-dot" cx="${cx}" cy="${cy}" r="2.4"/>`;
  }).join('')}</g>`);

  const hints: string[] = [];
  for (let line = 0; line + 1 < pic.rowOff.length; line++) {
    for (let f = pic.rowOff[line]!; f < pic.rowOff[line + 1]!; f++) {
      const h = input.hints[f];
      if (h === undefined || h < 0) continue;
      const x = X(pic.centres[2 * f]!), y = Y(pic.centres[2 * f + 1]!);
      const at = `data-row="${line}" data-col="${f - pic.rowOff[line]!}" data-face="${f}"`;
      const room = layout.room[f]!;
      const ring = round(Math.min(room * 0.9, 13));
      if (input.conflict.has(f)) hints.push(`<circle class="lp-conflict-mark" cx="${x}" cy="${y}" r="${ring}" ${at}/>`);
      if (input.redundant.has(f)) hints.push(`<circle class="lp-redundant-mark" cx="${x}" cy="${y}" r="${ring}" ${at}/>`);
      const size = room >= FULL_HINT_ROOM ? '' : room >= SMALL_HINT_ROOM ? ' lp-hint-small' : ' lp-hint-tiny';
      const cls = `lp-hint lp-hint-${h}${size}${input.redundant.has(f) ? ' lp-redundant' : ''}${input.conflict.has(f) ? ' lp-conflict' : ''}`;
      hints.push(`<text class="${cls}" x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central" ${at}>${h}</text>`);
    }
  }
  out.push(`<g class="lp-hints">${hints.join('')}</g>`);
  if (input.suggested?.size) {
    // A ghost of each suggested hint at its face's centre, with what it leaves as a tooltip.
    const marks: string[] = [];
    for (const [f, m] of input.suggested) {
      if (f < 0 || f >= pic.faces.length) continue;
      const line = lineOf(pic, f);
      const x = X(pic.centres[2 * f]!), y = Y(pic.centres[2 * f + 1]!);
      const ring = round(Math.min(layout.room[f]! * 0.9, 13));
      marks.push(`<g class="lp-suggest" data-row="${line}" data-col="${f - pic.rowOff[line]!}" data-face="${f}" data-count="${m.count}">` +
        `<circle class="lp-suggest-mark" cx="${x}" cy="${y}" r="${ring}"/>` +
        `<text class="lp-suggest-hint" x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central">${m.values.join('/')}</text>` +
        `<title>${escapeXml(m.tip)}</title></g>`);
    }
    out.push(`<g class="lp-suggestions">${marks.join('')}</g>`);
  }
  return out.join('\n');
}

/**
 * Faces inside the loop: a ray from the face's centre to the right crosses the loop an odd
 * number of times (ends counted on one side only). Skipped on very large pictures.
 */
function insideFaces(pic: TilingPicture, edges: Segment[]): Set<number> {
  const inside = new Set<number>();
  if (pic.faces.length * edges.length > 4_000_000) return inside;
  for (let f = 0; f < pic.faces.length; f++) {
    const px = pic.centres[2 * f]!, py = pic.centres[2 * f + 1]!;
    let odd = false;
    for (const [x1, y1, x2, y2] of edges) {
      if ((y1 > py) === (y2 > py)) continue;
      const x = x1 + ((py - y1) * (x2 - x1)) / (y2 - y1);
      if (x > px) odd = !odd;
    }
    if (odd) inside.add(f);
  }
  return inside;
}

function polygonArea(pts: readonly number[]): number {
  let a = 0;
  const n = pts.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    a += pts[2 * i]! * pts[2 * j + 1]! - pts[2 * j]! * pts[2 * i + 1]!;
  }
  return a / 2;
}

/** Distance from (cx, cy) to the nearest side of the polygon. */
function centreRoom(pts: readonly number[], cx: number, cy: number): number {
  let best = Infinity;
  const n = pts.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ax = pts[2 * i]!, ay = pts[2 * i + 1]!, bx = pts[2 * j]!, by = pts[2 * j + 1]!;
    const dx = bx - ax, dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((cx - ax) * dx + (cy - ay) * dy) / len2)) : 0;
    best = Math.min(best, Math.hypot(cx - (ax + t * dx), cy - (ay + t * dy)));
  }
  return best;
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/** The line of face f (rowOff is ascending). */
function lineOf(pic: TilingPicture, f: number): number {
  let lo = 0, hi = pic.rowOff.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pic.rowOff[mid]! <= f) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
