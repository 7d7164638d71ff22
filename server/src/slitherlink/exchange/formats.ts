/** Slitherlink's exchange formats: puzz.link `slither` URLs and Simon Tatham's Loopy game IDs (squares and tilings). */
import type { ExchangeFormat } from '../../genres/genre';
import { puzzLinkType } from '../../exchange/puzzlink';
import type { SlitherlinkPuzzle } from '../puzzle';
import { loopyId, parseLoopyId } from './loopy';
import { isLoopyTilingId, loopyTilingId, parseLoopyTilingId } from './loopyTiling';
import { parseSlitherUrl, slitherlinkUrl } from './puzzlink';
import { writeTilingSlitherlink } from './tilingText';
import { writeSlitherlink } from './write';

/** A Loopy game ID (`WxH...:DESC`): its parameters then a colon. */
const LOOPY_ID = /^\s*\d+x\d+[^:]*:/;

export const loopy: ExchangeFormat<SlitherlinkPuzzle> = {
  flag: '--loopy',
  name: 'Loopy game IDs',
  claims: (src) => isLoopyTilingId(src.trim()) || LOOPY_ID.test(src),
  read(src) {
    const id = src.trim();
    if (isLoopyTilingId(id)) {
      const g = parseLoopyTilingId(id);
      return 'error' in g ? g : { text: writeTilingSlitherlink(g.tiling, g.hints, { loopy: id }) };
    }
    const g = parseLoopyId(src);
    return 'error' in g ? g : { text: writeSlitherlink(g, { loopy: id }) };
  },
  write(p) {
    if (!p.tiling) return { text: loopyId(p) };
    // The `# loopy:` line's parameters keep the difficulty letter when they name the same grid.
    const from = p.metadata.find((m) => m.key === 'loopy')?.value;
    return { text: loopyTilingId(p.tiling, p.hints, from?.slice(0, Math.max(0, from.indexOf(':'))).trim()) };
  },
};

export const puzzLink: ExchangeFormat<SlitherlinkPuzzle> = {
  flag: '--url',
  name: 'puzz.link URLs',
  puzzLinkType: 'slither',
  claims: (src) => puzzLinkType(src).type === 'slither',
  read(src) {
    const g = parseSlitherUrl(src);
    return 'error' in g ? g : { text: writeSlitherlink(g, { source: src.trim() }) };
  },
  write(p) {
    if (p.tiling) return { error: 'puzz.link URLs are for square grids: export --loopy gives the Loopy game ID of a tiling' };
    return { text: slitherlinkUrl(p) };
  },
};
