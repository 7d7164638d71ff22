/** The client's own parse of a document (until the server sends the preview's model). */
import { parseNumberlink } from '../../server/src/numberlink/parse';
import type { NumberlinkPuzzle } from '../../server/src/numberlink/puzzle';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';

export type LocalPuzzle = SlitherlinkPuzzle | NumberlinkPuzzle;

export function parseLocal(text: string, languageId: string): { puzzle: LocalPuzzle | null; problems: { message: string }[] } {
  return languageId === 'numberlink' ? parseNumberlink(text) : parseSlitherlink(text);
}

export { parseSlitherlink };
