/**
 * The genres, registered in one place. A new genre is one folder (server/src/<kind>/, its
 * `genre.ts` implementing `Genre`, genre.ts here; its finding codes and result fields declared
 * there too) and its entry here: the import and its name in GENRES. Everything outside the genre
 * folders reaches a genre through this registry (and the modules of this folder that ask it:
 * check.ts, extras.ts, findings.ts, generate.ts, exchange.ts); test/unit/genre-seam.test.ts holds
 * that true, and test/unit/genre-one-folder.test.ts adds a toy genre that way.
 */
import { SHARED_FINDING_CODES } from '../findings/codes';
import type { FindingCode } from '../findings/finding';
import type { Puzzle, PuzzleKind } from '../model/puzzle';
import type { ParseOptions, ParseResult } from '../parse/index';
import type { GenreInfo } from '../protocol-types';
import type { CommandError, Genre } from './genre';
import { numberlink } from '../numberlink/genre';
import { slitherlink } from '../slitherlink/genre';

export type { CommandError, CommandHost, Genre, GenreAction, GenreExtras, GenreReport, TextChange } from './genre';

export const GENRES: readonly Genre[] = [slitherlink as unknown as Genre, numberlink as unknown as Genre];

const byKind = new Map<PuzzleKind, Genre>(GENRES.map((g) => [g.kind, g]));

/** Whether a command's or a reader's answer is its error form. */
export function isCommandError(x: unknown): x is CommandError {
  return typeof x === 'object' && x !== null && typeof (x as CommandError).error === 'string';
}

/** The genre of a kind; throws for a kind no genre has (callers take kinds from the registry). */
export function genreOf(kind: PuzzleKind): Genre {
  const g = byKind.get(kind);
  if (!g) throw new Error(`no genre ${kind}`);
  return g;
}

/** The genre of a kind, or null (a kind from outside: a language id, a `--kind` word). */
export function findGenre(kind: string): Genre | null {
  return byKind.get(kind) ?? null;
}

/** The genre of a puzzle. */
export function genreOfPuzzle(puzzle: Puzzle): Genre {
  return genreOf(puzzle.kind);
}

/** The genre of a file name by its extension (any case), or null. */
export function genreOfPath(path: string): Genre | null {
  const m = /\.([A-Za-z]+)$/.exec(path);
  const ext = m?.[1]!.toLowerCase();
  return GENRES.find((g) => g.extension === ext) ?? null;
}

/** The kind of a file name by its extension (any case), or null. */
export function kindFromPath(path: string): PuzzleKind | null {
  return genreOfPath(path)?.kind ?? null;
}

/** Parses `text` as a puzzle of `kind` (the genre's parser). Never throws. */
export function parsePuzzle(text: string, kind: PuzzleKind, options?: ParseOptions): ParseResult<Puzzle> {
  return genreOf(kind).parse(text, options);
}

/** The file extensions, for messages: ".slk or .nlk". */
export function extensionList(genres: readonly Genre[] = GENRES, sep = ' or '): string {
  return genres.map((g) => `.${g.extension}`).join(sep);
}

/** The kinds, for messages: "slitherlink or numberlink". */
export function kindList(genres: readonly Genre[] = GENRES, sep = ' or '): string {
  return genres.map((g) => g.kind).join(sep);
}

/** Null when some genre's rules read `text` as rule words; else why not (the first such genre's problem). */
export function ruleProblem(text: string): string | null {
  const withRules = GENRES.filter((g) => g.rules);
  if (withRules.length === 0) return 'no genre has rules';
  const problems = withRules.map((g) => g.rules!.problem(text));
  return problems.some((p) => p === null) ? null : problems[0]!;
}

/** What the client is told of the genres (GenresRequest): names, and what their generators ask. */
export function genreInfos(): GenreInfo[] {
  return GENRES.map((g) => ({
    kind: g.kind,
    name: g.name,
    extension: g.extension,
    ...(g.generate ? {
      generate: {
        description: g.generate.description,
        slowCells: g.generate.slowCells,
        ...(g.generate.choices ? { choice: g.generate.choices } : {}),
      },
    } : {}),
  }));
}

/** What a check depends on in the puzzle's text (Genre.signature): equal signatures, equal results. */
export function puzzleSignature(puzzle: Puzzle): string {
  return genreOfPuzzle(puzzle).signature(puzzle);
}

/** A finding code as declared, and by whom: `shared` (findings/codes.ts) or a genre's kind (Genre.findingCodes). */
export interface DeclaredCode extends FindingCode {
  code: string;
  owner: string;
}

/** Every finding code declared: the shared ones, then each genre's own, in registry order (a code twice is a mistake: the tests say so). */
export function declaredFindingCodes(genres: readonly Genre[] = GENRES): DeclaredCode[] {
  const list = (owner: string, codes: Readonly<Record<string, FindingCode>> | undefined) =>
    Object.entries(codes ?? {}).map(([code, info]) => ({ code, owner, ...info }));
  return [...list('shared', SHARED_FINDING_CODES), ...genres.flatMap((g) => list(g.kind, g.findingCodes))];
}

const codeByName = new Map(declaredFindingCodes().map((c) => [c.code, c]));

/** A finding code's declaration, or null (a parse problem's code, or one nobody declared). */
export function findingCode(code: string): DeclaredCode | null {
  return codeByName.get(code) ?? null;
}
