/** Which open documents are puzzles, and their parsed form (re-parsed once per version). */
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Puzzle, PuzzleKind } from '../model/puzzle';
import type { Range } from '../model/range';
import { findGenre, kindFromPath, parsePuzzle } from '../genres/index';

export interface Parsed {
  version: number;
  text: string;
  puzzle: Puzzle | null;
  problems: ReturnType<typeof parsePuzzle>['problems'];
  ms: number;
  /** Grid row of each source line that holds cells (for hover lookups). */
  rowOfLine?: Map<number, number>;
  /** A tiling: the first face on each source line that holds faces (they are consecutive), and that line. */
  faceLines?: { first: number[]; source: number[] };
  /** Too large to parse on the main thread: the worker parses it (no hover or quick fixes then). */
  large?: boolean;
}

/**
 * Parsing costs about 0.6 µs per character: above this size it would stall the main thread for
 * more than ~150 ms, so such documents are parsed (and reported) by the worker only.
 */
export const MAX_MAIN_THREAD_PARSE = 250_000;

/** By language id first (the client knows best: a genre's kind is its language id), then by the file extension. */
export function kindOf(doc: { languageId: string; uri: string }): PuzzleKind | null {
  const genre = findGenre(doc.languageId);
  if (genre) return genre.kind;
  let path = doc.uri;
  try {
    path = decodeURIComponent(new URL(doc.uri).pathname);
  } catch {
    // not a URL: use it as a path
  }
  return kindFromPath(path);
}

export { fileName } from '../util/fileName';

const parsedCache = new WeakMap<TextDocument, Parsed>();

export function parsed(doc: TextDocument, kind: PuzzleKind): Parsed {
  const hit = parsedCache.get(doc);
  if (hit && hit.version === doc.version) return hit;
  const text = doc.getText();
  if (text.length > MAX_MAIN_THREAD_PARSE) {
    const p: Parsed = { version: doc.version, text, puzzle: null, problems: [], ms: 0, large: true };
    parsedCache.set(doc, p);
    return p;
  }
  const t0 = performance.now();
  const { puzzle, problems } = parsePuzzle(text, kind);
  const p: Parsed = { version: doc.version, text, puzzle, problems, ms: performance.now() - t0 };
  parsedCache.set(doc, p);
  return p;
}

function contains(r: Range, line: number, ch: number): boolean {
  if (line < r.line || line > r.endLine) return false;
  if (line === r.line && ch < r.col) return false;
  // A one-character cell is hit with the cursor before or just after it.
  if (line === r.endLine && ch > r.endCol) return false;
  return true;
}

/** The cell at a position, or -1. Prefers a cell that starts at the position over one that ends there. */
export function cellAt(p: Parsed, line: number, ch: number): number {
  const puzzle = p.puzzle;
  if (!puzzle || puzzle.cols === 0) return -1;
  if (puzzle.tiling) return faceAt(p, line, ch);
  if (!p.rowOfLine) {
    p.rowOfLine = new Map();
    for (let r = 0; r < puzzle.rows; r++) {
      const range = puzzle.cellRanges[r * puzzle.cols];
      if (range && !p.rowOfLine.has(range.line)) p.rowOfLine.set(range.line, r);
    }
  }
  const r = p.rowOfLine.get(line);
  if (r === undefined) return -1;
  let found = -1;
  for (let c = 0; c < puzzle.cols; c++) {
    const i = r * puzzle.cols + c;
    const range = puzzle.cellRanges[i];
    if (!range || !contains(range, line, ch)) continue;
    if (range.col === ch) return i;
    if (found < 0) found = i;
  }
  return found;
}

/** The source lines of a tiling's faces: where each line's faces begin (they are consecutive, in Loopy's order). */
function faceLines(p: Parsed): { first: number[]; source: number[] } {
  if (p.faceLines) return p.faceLines;
  const first: number[] = [], source: number[] = [];
  const ranges = p.puzzle?.cellRanges ?? [];
  for (let f = 0; f < ranges.length; f++) {
    const line = ranges[f]!.line;
    if (f === 0 || line !== ranges[f - 1]!.line) {
      first.push(f);
      source.push(line);
    }
  }
  first.push(ranges.length);
  p.faceLines = { first, source };
  return p.faceLines;
}

/** The face of a tiling at a position, or -1 (as cellAt). */
function faceAt(p: Parsed, line: number, ch: number): number {
  const { first, source } = faceLines(p);
  const k = source.indexOf(line);
  if (k < 0) return -1;
  const ranges = p.puzzle!.cellRanges;
  let found = -1;
  for (let f = first[k]!; f < first[k + 1]!; f++) {
    if (!contains(ranges[f]!, line, ch)) continue;
    if (ranges[f]!.col === ch) return f;
    if (found < 0) found = f;
  }
  return found;
}
