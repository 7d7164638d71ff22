/**
 * The puzzle languages, as the extension's package.json contributes them (one per genre: its
 * language id is the genre's kind, its file extension the genre's). The client knows no genre
 * otherwise: the server says the rest (GenresRequest).
 */
import pkg from '../../package.json';

interface LanguageContribution {
  id: string;
  extensions?: string[];
}

const contributed = (pkg as { contributes?: { languages?: LanguageContribution[] } }).contributes?.languages ?? [];

/** The language ids of the puzzle documents. */
export const PUZZLE_LANGUAGES: readonly string[] = contributed.map((l) => l.id);

/** Their file extensions for messages: ".slk or .nlk". */
export const PUZZLE_EXTENSIONS: string = contributed.flatMap((l) => l.extensions ?? []).join(' or ');

export function isPuzzleLanguage(languageId: string | undefined): boolean {
  return languageId !== undefined && PUZZLE_LANGUAGES.includes(languageId);
}
