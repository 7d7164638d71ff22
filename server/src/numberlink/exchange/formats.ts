/** Numberlink's exchange format: puzz.link `numlin` URLs (they carry no rule). */
import type { ExchangeFormat } from '../../genres/genre';
import { puzzLinkType } from '../../exchange/puzzlink';
import { ruleName, type NumberlinkPuzzle } from '../puzzle';
import { numberlinkUrl, parseNumlinUrl } from './puzzlink';
import { writeNumberlink } from './write';

export const puzzLink: ExchangeFormat<NumberlinkPuzzle> = {
  flag: '--url',
  name: 'puzz.link URLs',
  puzzLinkType: 'numlin',
  claims: (src) => puzzLinkType(src).type === 'numlin',
  read(src) {
    const g = parseNumlinUrl(src);
    return 'error' in g ? g : { text: writeNumberlink(g, { source: src.trim() }) };
  },
  write(p) {
    const text = numberlinkUrl({ rows: p.rows, cols: p.cols, cells: p.cells, labels: p.labels });
    const rule = ruleName(p.rule);
    return rule === 'nikoli' ? { text } : { text, warning: `puzz.link numlin URLs carry no rule: this puzzle's rule \`${rule}\` is lost` };
  },
};
