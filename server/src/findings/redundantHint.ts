/** A redundant hint of a unique puzzle: on its own it can go and the solution stays unique (shown faded, with a quick fix). */
import type { Analysis } from '../analysis/result';
import type { Puzzle } from '../model/puzzle';
import { Codes } from '../protocol-types';
import type { Finding, FindingsGenre } from './finding';
import { cellLabel, placeName } from './words';

export function redundantHints(p: Puzzle | null, a: Analysis, genre: FindingsGenre): Finding[] {
  return (a.result.redundant ?? []).map((h) => ({
    code: Codes.redundantHint,
    severity: 'hint',
    at: { cell: h },
    message: `Redundant ${cellLabel(genre, p, h.row, h.col, h.face)} at ${placeName(h)}: on its own, the solution stays unique without it.`,
    unnecessary: true,
    data: h.face === undefined ? { row: h.row, col: h.col } : { row: h.row, col: h.col, face: h.face },
  }));
}
