/** The parsers' public face: text -> puzzle model + problems. Never throws. */
import type { Puzzle, PuzzleKind, SlitherlinkPuzzle, NumberlinkPuzzle } from '../model/puzzle';
import type { Problem } from '../model/range';
import { parseSlitherlink as slk } from '../slitherlink/parse';
import { parseNumberlink as nlk } from '../numberlink/parse';
import type { ParseOptions } from './limits';

export { MAX_GRID_CELLS, type ParseOptions } from './limits';
export { decodeUtf8 } from './utf8';

/**
 * `puzzle` is set whenever a grid could be recovered, even with problems (so that an editor
 * can still show and hover it); any problem makes the file `invalid`.
 */
export interface ParseResult<P> {
  puzzle: P | null;
  problems: Problem[];
  /** The deadline passed (or the caller cancelled) before the parse was done: nothing is known. */
  stopped?: 'time' | 'cancelled';
}

export function parseSlitherlink(text: string, options?: ParseOptions): ParseResult<SlitherlinkPuzzle> {
  return slk(text, options);
}

export function parseNumberlink(text: string, options?: ParseOptions): ParseResult<NumberlinkPuzzle> {
  return nlk(text, options);
}

export function parsePuzzle(text: string, kind: PuzzleKind, options?: ParseOptions): ParseResult<Puzzle> {
  return kind === 'numberlink' ? nlk(text, options) : slk(text, options);
}

