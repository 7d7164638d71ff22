/**
 * The solution block's text facts (findings/loopText.ts) as diagnostics: found on the main thread
 * at every edit, shown before the solver's. (The block's `solution-not-intended` comes with the
 * check's findings.)
 */
import type { Diagnostic } from 'vscode-languageserver';
import { loopTextFindings } from '../findings/index';
import type { Puzzle } from '../model/puzzle';
import { toDiagnostic } from './diagnostics';

/** `hint-disagrees-with-loop` and `loop-not-simple`: pure facts of the text. */
export function loopTextDiagnostics(p: Puzzle | null): Diagnostic[] {
  return loopTextFindings(p).map((f) => toDiagnostic('', p, f));
}
