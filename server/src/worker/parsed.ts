/**
 * Each text is parsed once in the worker: a document's check, its later phases (the count, the
 * extras, the together pass) and its "Remove all" job read the same parse. A parse stopped by a
 * deadline is not kept (a later job with more time parses again).
 */
import type { Puzzle, PuzzleKind } from '../model/puzzle';
import { parsePuzzle } from '../genres/index';
import type { ParseOptions, ParseResult } from '../parse/index';

const KEEP = 2;
const recent: { kind: PuzzleKind; text: string; parsed: ParseResult<Puzzle> }[] = [];

export function parseOnce(text: string, kind: PuzzleKind, options?: ParseOptions): ParseResult<Puzzle> {
  const i = recent.findIndex((e) => e.kind === kind && e.text === text);
  if (i >= 0) {
    const [hit] = recent.splice(i, 1);
    recent.unshift(hit!);
    return hit!.parsed;
  }
  parseStats.parses++;
  const parsed = parsePuzzle(text, kind, options);
  if (!parsed.stopped) {
    recent.unshift({ kind, text, parsed });
    recent.length = Math.min(recent.length, KEEP);
  }
  return parsed;
}

/** Drops every kept parse (a document closed or checked from scratch: its memory goes back). */
export function forgetParses(): void {
  recent.length = 0;
}

/** How many parses ran (for tests). */
export const parseStats = { parses: 0 };
