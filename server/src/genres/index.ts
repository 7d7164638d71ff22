/**
 * The genres, registered in one place. A new genre is one module implementing `Genre` (genre.ts)
 * and one line here (and its PuzzleKind in model/puzzle.ts).
 */
import type { Puzzle, PuzzleKind } from '../model/puzzle';
import type { Genre } from './genre';
import { numberlink } from '../numberlink/genre';
import { slitherlink } from '../slitherlink/genre';

export type { Genre, GenreExtras } from './genre';

export const GENRES: readonly Genre[] = [slitherlink, numberlink];

const byKind = new Map<PuzzleKind, Genre>(GENRES.map((g) => [g.kind, g]));

export function genreOf(kind: PuzzleKind): Genre {
  const g = byKind.get(kind);
  if (!g) throw new Error(`no genre ${kind}`);
  return g;
}

/** The genre of a puzzle, typed for it. */
export function genreOfPuzzle<P extends Puzzle>(puzzle: P): Genre<P> {
  return genreOf(puzzle.kind) as unknown as Genre<P>;
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
