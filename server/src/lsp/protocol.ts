/**
 * The server's custom protocol, shared with clients (the VS Code extension may import this file:
 * it has no dependency on vscode-languageserver).
 */
import type { CellRef, CheckResult, Verdict } from '../analysis/result';

/** Server -> client notification: what the status bar shows for a document. */
export const StatusNotification = 'linkpuzzle/status';
export interface StatusParams {
  uri: string;
  /** The document version the status is about. */
  version?: number;
  state: 'checking' | 'done' | 'error';
  verdict?: Verdict;
  /** Exact count (decimal string) when known. */
  count?: string | null;
  ms?: number;
  message?: string;
}

/** The result the server publishes: the CheckResult plus what the server derived from it. */
export type PublishedResult = CheckResult & {
  /** Verdict `none`: cells of a small hint set that already has no solution. */
  conflicts?: CellRef[];
  /** Whether `conflicts` is verified 1-minimal. */
  conflictsMinimal?: boolean;
  /** The verdict is final; redundant hints (unique) or conflicting hints (none) are still being computed. */
  extrasPending?: boolean;
};

/** Client -> server request: the latest result for the document's current text, or null while pending. */
export const ResultRequest = 'linkpuzzle/result';
export interface ResultParams {
  uri: string;
}
export type ResultResponse = PublishedResult | null;

/** Server -> client notification sent whenever a result is published for a document. */
export const ResultChangedNotification = 'linkpuzzle/resultChanged';
export interface ResultChangedParams {
  uri: string;
  version: number;
  result: PublishedResult;
}

/** Workspace command behind "Remove all redundant hints" for clients without codeAction/resolve. */
export const RemoveAllRedundantCommand = 'linkpuzzle.removeAllRedundantHints';

/** Workspace command: check a document again from scratch (arguments: uri). */
export const RecheckCommand = 'linkpuzzle.recheckDocument';

/** Diagnostic codes (stable: code actions and clients match on them). Parse problems use the parser's codes. */
export const Codes = {
  noSolution: 'no-solution',
  multipleSolutions: 'multiple-solutions',
  redundantHint: 'redundant-hint',
  notCovering: 'not-covering',
  limitReached: 'limit-reached',
  redundantUndecided: 'redundant-undecided',
  checkCancelled: 'check-cancelled',
  checkFailed: 'check-failed',
  tooManyProblems: 'too-many-problems',
} as const;

export const DiagnosticSource = 'linkpuzzle';
export const FixAllKind = 'source.fixAll.linkpuzzle';
