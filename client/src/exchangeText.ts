/**
 * The pure parts of "Copy as puzz.link URL" and "Paste Puzzle from URL" (client/src/exchange.ts):
 * the same exchange code as `linkpuzzle import/export`, and the texts shown. No VS Code imports,
 * so they are unit-tested.
 */
import { parsePuzzle } from '../../server/src/parse/index';
import { parsePuzzLink, puzzleUrl } from '../../server/src/exchange/puzzlink';
import { parseLoopyId } from '../../server/src/slitherlink/exchange/loopy';
import { writeNumberlink, writeSlitherlink } from '../../server/src/exchange/text';

/** The file text for a URL or Loopy ID, or an error message. */
export function textFromUrl(src: string): { kind: 'slitherlink' | 'numberlink'; text: string } | { error: string } {
  const s = src.trim();
  if (/^\d+x\d+[^:]*:/.test(s)) {
    const g = parseLoopyId(s);
    if ('error' in g) return g;
    return { kind: 'slitherlink', text: writeSlitherlink(g, { loopy: s }) };
  }
  const p = parsePuzzLink(s);
  if ('error' in p) return p;
  return p.kind === 'slitherlink'
    ? { kind: 'slitherlink', text: writeSlitherlink(p, { source: s }) }
    : { kind: 'numberlink', text: writeNumberlink(p, { source: s }) };
}

/** The puzz.link URL of a document's text (and what it cannot carry, as `linkpuzzle export --url` warns), or an error message. */
export function urlFromText(text: string, kind: 'slitherlink' | 'numberlink'): { url: string; warning?: string } | { error: string } {
  const { puzzle, problems } = parsePuzzle(text, kind);
  if (!puzzle || problems.length > 0) return { error: `the puzzle has problems (${problems[0]?.message ?? 'no grid'}); fix them first` };
  return puzzleUrl(puzzle);
}

/** What to show once the URL is on the clipboard: a warning when the URL loses something. */
export function copiedMessage(r: { url: string; warning?: string }): { level: 'info' | 'warning'; text: string } {
  return r.warning
    ? { level: 'warning', text: `Link Puzzles: copied ${r.url}, but ${r.warning}.` }
    : { level: 'info', text: `Copied ${r.url}` };
}
