/**
 * What every genre's parser shares: text -> puzzle model + problems, never throwing. The parsers
 * themselves are in the genre folders (Genre.parse; genres/index.ts parsePuzzle picks one).
 */
import type { Problem } from '../model/range';

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
