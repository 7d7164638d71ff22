/**
 * Incremental check sessions of the documents whose jobs this thread runs (one per document
 * URI, from its genre: Genre.session; the pool sends a document's jobs to the same worker).
 * Bounded: each session caps what it keeps, and the least recently used sessions are dropped
 * beyond a total.
 */
import type { CheckSession, Genre } from '../genres/genre';
import type { Puzzle } from '../model/puzzle';
import { forgetParses } from './parsed';

/** What one document's session may keep for its next check. */
export const SESSION_MAX_BYTES = 192 * 2 ** 20;
/** All sessions of one thread together. */
const TOTAL_MAX_BYTES = 512 * 2 ** 20;
const MAX_SESSIONS = 16;

const sessions = new Map<string, { kind: string; session: CheckSession }>();

/** The session of a document for this puzzle (most recently used last), or null when its genre has none that takes it. */
export function sessionFor(uri: string, genre: Genre, puzzle: Puzzle): CheckSession | null {
  if (!genre.incremental?.takes(puzzle)) return null;
  let s = sessions.get(uri);
  if (s) sessions.delete(uri);
  if (!s || s.kind !== genre.kind) s = { kind: genre.kind, session: genre.incremental.create(SESSION_MAX_BYTES) };
  sessions.set(uri, s);
  return s.session;
}

/** After a check: drop the least recently used sessions beyond the caps (never `keep`). */
export function trimSessions(keep?: string): void {
  let total = 0;
  for (const s of sessions.values()) total += s.session.bytes;
  for (const [uri, s] of sessions) {
    if (total <= TOTAL_MAX_BYTES && sessions.size <= MAX_SESSIONS) break;
    if (uri === keep) continue;
    total -= s.session.bytes;
    sessions.delete(uri);
  }
}

/** A closed document (or "check again from scratch"). */
export function forgetSession(uri: string): void {
  sessions.delete(uri);
  forgetParses();
}

export function sessionCount(): number {
  return sessions.size;
}
