/** Messages between the server's main thread and a solving worker (structured-clone safe). */
import type { CheckResult, CellRef } from '../analysis/result';
import type { ConflictResult } from '../analysis/conflicts';
import type { MinimizeResult } from '../analysis/minimize';
import type { NumberlinkRule, PuzzleKind } from '../model/puzzle';
import type { Limits, Progress } from '../zdd/control';

export interface JobOptions {
  limits: Limits;
  /** Slitherlink: compute redundant hints when unique. */
  redundant: boolean;
  defaultRule?: NumberlinkRule;
  /** When the verdict is `none`, search a small conflicting hint set (within `limits.timeMs` again). */
  conflicts: boolean;
}

export type Job =
  /** `uri`: the document, whose incremental session (Slitherlink) the check may reuse. */
  | { type: 'check'; text: string; kind: PuzzleKind; options: JobOptions; uri?: string }
  | { type: 'minimize'; text: string; kind: PuzzleKind; options: JobOptions; redundant?: CellRef[] };

/** A check's answer plus what the server derives from it in the same run. */
export interface Analysis {
  result: CheckResult;
  conflicts?: ConflictResult;
  /** A first, quick answer: the verdict is final, redundant hints or conflicts are still coming. */
  partial?: boolean;
  /** Slitherlink checked through the document's incremental session: how much was reused. */
  incremental?: { mode: string; levels: number; reusedLevels: number };
}

export type JobAnswer = { type: 'check'; analysis: Analysis } | { type: 'minimize'; minimize: MinimizeResult | null };

export type ToWorker =
  | { id: number; job: Job; cancel: SharedArrayBuffer }
  /** The document was closed (or is to be checked from scratch): drop its session. */
  | { forget: string };

export type FromWorker =
  | { id: number; type: 'progress'; progress: Progress }
  | { id: number; type: 'done'; answer: JobAnswer }
  | { id: number; type: 'error'; message: string };
