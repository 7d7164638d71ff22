/** The parsers' public face: text -> puzzle model + problems. Never throws. */
import type { Puzzle, PuzzleKind, SlitherlinkPuzzle, NumberlinkPuzzle } from '../model/puzzle';
import type { Problem } from '../model/range';
import { parseSlitherlink as slk } from './slitherlink';
import { parseNumberlink as nlk } from './numberlink';

/**
 * `puzzle` is set whenever a grid could be recovered, even with problems (so that an editor
 * can still show and hover it); any problem makes the file `invalid`.
 */
export interface ParseResult<P> {
  puzzle: P | null;
  problems: Problem[];
}

export function parseSlitherlink(text: string): ParseResult<SlitherlinkPuzzle> {
  return slk(text);
}

export function parseNumberlink(text: string): ParseResult<NumberlinkPuzzle> {
  return nlk(text);
}

export function parsePuzzle(text: string, kind: PuzzleKind): ParseResult<Puzzle> {
  return kind === 'numberlink' ? nlk(text) : slk(text);
}

/** `.slk` -> slitherlink, `.nlk` -> numberlink (any letter case), anything else -> null. */
export function kindFromPath(path: string): PuzzleKind | null {
  const m = /\.([A-Za-z]+)$/.exec(path);
  if (!m) return null;
  const ext = m[1].toLowerCase();
  return ext === 'slk' ? 'slitherlink' : ext === 'nlk' ? 'numberlink' : null;
}
