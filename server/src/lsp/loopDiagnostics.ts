/**
 * The text's own facts (Genre.textFindings: Slitherlink's solution block) as diagnostics: found
 * on the main thread at every edit, shown before the solver's.
 */
import type { Diagnostic } from 'vscode-languageserver';
import { textFindings } from '../genres/findings';
import type { Puzzle } from '../model/puzzle';
import { toDiagnostic } from './diagnostics';

/** Pure facts of the text (Slitherlink: `hint-disagrees-with-loop`, `loop-not-simple`). */
export function loopTextDiagnostics(p: Puzzle | null): Diagnostic[] {
  return textFindings(p).map((f) => toDiagnostic('', p, f));
}
