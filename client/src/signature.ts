/**
 * What a check depends on in a puzzle's text: the grid and, for Numberlink, the rule. Comments,
 * spacing and metadata other than the rule do not change it, so a result stays current through
 * such edits (the server does not re-publish for them). Pure: no VS Code imports.
 */
import type { LocalPuzzle as Puzzle } from './localParse';

export function puzzleSignature(p: Puzzle): string {
  if (p.kind === 'slitherlink') return `slk ${p.rows}x${p.cols} ${p.hints.join(',')}`;
  const cells = Array.from(p.cells, (k) => (k < 0 ? '' : p.labels[k])).join('\u0001');
  return `nlk ${p.rows}x${p.cols} ${p.rule.fill ? 'fill' : 'nikoli'}${p.rule.notouch ? '+notouch' : ''} ${p.ruleRange ? 'explicit' : 'default'} ${cells}`;
}
