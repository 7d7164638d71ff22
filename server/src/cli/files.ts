import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PuzzleKind } from '../model/puzzle';
import { decodeUtf8 } from '../parse/index';
import { kindFromPath } from '../genres/index';
import type { BadBytes } from '../parse/limits';

export interface PuzzleFile {
  /** As given, or joined onto the directory given. */
  path: string;
  kind: PuzzleKind;
}

export interface Expansion {
  files: PuzzleFile[];
  /** Paths that do not exist or cannot be listed, with a message for stderr. */
  missing: { path: string; message: string }[];
  /** Files given by name whose kind cannot be told from the extension. */
  unknownKind: string[];
  /** Directories given that hold no puzzle file. */
  emptyDirs: string[];
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Puzzle files under `dir`, sorted, descending into subdirectories (not hidden ones, not symlinked ones). */
function walk(dir: string, out: PuzzleFile[]): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => byCodePoint(a.name, b.name));
  for (const e of entries) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      walk(path, out);
    } else if (e.isFile() || e.isSymbolicLink()) {
      const kind = kindFromPath(path);
      if (kind !== null && (e.isFile() || isFile(path))) out.push({ path, kind });
    }
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function describe(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return (e as Error).message;
}

/**
 * Expands the command line's FILE|DIR arguments in their order; files found in a directory are
 * sorted. `forcedKind` (from --kind) applies to every file named explicitly and lets a directory
 * walk still pick files by extension.
 */
export function expandPaths(paths: string[], forcedKind?: PuzzleKind): Expansion {
  const result: Expansion = { files: [], missing: [], unknownKind: [], emptyDirs: [] };
  for (const path of paths) {
    let st;
    try {
      st = statSync(path);
    } catch (e) {
      result.missing.push({ path, message: describe(e) });
      continue;
    }
    if (st.isDirectory()) {
      const found: PuzzleFile[] = [];
      try {
        walk(path, found);
      } catch (e) {
        result.missing.push({ path, message: describe(e) });
        continue;
      }
      if (found.length === 0) result.emptyDirs.push(path);
      result.files.push(...found);
    } else {
      const kind = forcedKind ?? kindFromPath(path);
      if (kind === null) result.unknownKind.push(path);
      else result.files.push({ path, kind });
    }
  }
  return result;
}

/** The file's text; bytes that are not UTF-8 are kept as U+FFFD and noted, for a problem at each. */
export function readText(path: string): { text: string; badBytes?: BadBytes } | { error: string } {
  try {
    return decodeUtf8(readFileSync(path));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a directory' : (e as Error).message;
    return { error: why };
  }
}
