/**
 * The pure parts of "Copy as puzz.link URL" and "Paste Puzzle from URL" (client/src/exchange.ts):
 * the same exchange code as `linkpuzzle import/export`, and the texts shown. No VS Code imports,
 * so they are unit-tested.
 */
import { parseLocal } from './localParse';
import { loopy, puzzLink as slither } from '../../server/src/slitherlink/exchange/formats';
import { puzzLink as numlin } from '../../server/src/numberlink/exchange/formats';

/** The file text for a URL or Loopy ID, or an error message. */
export function textFromUrl(src: string): { kind: 'slitherlink' | 'numberlink'; text: string } | { error: string } {
  for (const [kind, f] of [['slitherlink', loopy], ['slitherlink', slither], ['numberlink', numlin]] as const) {
    if (!f.claims(src)) continue;
    const r = f.read(src);
    return 'error' in r ? r : { kind, text: r.text };
  }
  return { error: 'not a Slitherlink or Numberlink URL' };
}

/** The puzz.link URL of a document's text (and what it cannot carry, as `linkpuzzle export --url` warns), or an error message. */
export function urlFromText(text: string, kind: 'slitherlink' | 'numberlink'): { url: string; warning?: string } | { error: string } {
  const { puzzle, problems } = parseLocal(text, kind);
  if (!puzzle || problems.length > 0) return { error: `the puzzle has problems (${problems[0]?.message ?? 'no grid'}); fix them first` };
  const r = puzzle.kind === 'numberlink' ? numlin.write!(puzzle) : slither.write!(puzzle);
  return 'error' in r ? r : { url: r.text, ...(r.warning ? { warning: r.warning } : {}) };
}

/** What to show once the URL is on the clipboard: a warning when the URL loses something. */
export function copiedMessage(r: { url: string; warning?: string }): { level: 'info' | 'warning'; text: string } {
  return r.warning
    ? { level: 'warning', text: `Link Puzzles: copied ${r.url}, but ${r.warning}.` }
    : { level: 'info', text: `Copied ${r.url}` };
}
