/**
 * Other programs' puzzles in and out, through the genres' formats (Genre.formats): what
 * `linkpuzzle import/export` and the client's "Paste Puzzle from URL" / "Copy as puzz.link URL"
 * (through the server's commands) do.
 */
import type { Puzzle, PuzzleKind } from '../model/puzzle';
import { puzzLinkType } from '../exchange/puzzlink';
import type { CommandError } from './genre';
import { GENRES, genreOfPuzzle, parsePuzzle } from './index';

/** The file text of a puzz.link URL or a Loopy game ID (any format a genre reads), and its genre; or why not. */
export function importText(src: string): { kind: PuzzleKind; text: string } | CommandError {
  for (const g of GENRES) {
    for (const f of g.formats) {
      if (!f.claims(src)) continue;
      const r = f.read(src);
      return 'error' in r ? r : { kind: g.kind, text: r.text };
    }
  }
  // Nothing claims it: said as a puzz.link URL of another type (the formats a URL can have).
  const url = GENRES.filter((g) => g.formats.some((f) => f.puzzLinkType));
  const types = url.flatMap((g) => g.formats.flatMap((f) => (f.puzzLinkType ? [f.puzzLinkType] : [])));
  return { error: `not a ${url.map((g) => g.name).join(' or ')} URL (type "${puzzLinkType(src).type}"; expected ${types.join(' or ')})` };
}

/**
 * The puzzle in the format of the CLI's `export` switch (`--url`, `--loopy`), with what the format
 * cannot carry (`warning`); or why not (`usage`: the genre has no such format).
 */
export function exportText(p: Puzzle, flag: string): { text: string; warning?: string } | (CommandError & { usage?: boolean }) {
  const f = genreOfPuzzle(p).formats.find((x) => x.flag === flag && x.write);
  if (!f) {
    const having = GENRES.filter((g) => g.formats.some((x) => x.flag === flag && x.write));
    const name = having[0]?.formats.find((x) => x.flag === flag)?.name ?? flag;
    return { error: `${name} are for ${having.map((g) => g.name).join(' and ')} only`, usage: true };
  }
  const r = f.write!(p);
  return 'error' in r ? { ...r, usage: true } : r;
}

/** The puzz.link URL of a document's text (and what it cannot carry, as `linkpuzzle export --url` warns), or an error message. */
export function urlFromText(text: string, kind: PuzzleKind): { url: string; warning?: string } | CommandError {
  const { puzzle, problems } = parsePuzzle(text, kind);
  if (!puzzle || problems.length > 0) return { error: `the puzzle has problems (${problems[0]?.message ?? 'no grid'}); fix them first` };
  const r = exportText(puzzle, '--url');
  if ('error' in r) return { error: r.error };
  return r.warning ? { url: r.text, warning: r.warning } : { url: r.text };
}
