/** Messages between the server's main thread and a solving worker (structured-clone safe). */
import type { CellRef, CheckResult, LoopSolution } from '../analysis/result';
import type { Analysis } from '../genres/extras';
import type { MinimizeResult } from '../analysis/minimize';
import type { FromLoopResult } from '../design/fromLoop';
import type { GenerateRequest } from '../design/generateText';
import type { HintFamilyResult } from '../design/hintFamily';
import type { NumberlinkRule, PuzzleKind } from '../model/puzzle';
import type { Limits, Progress } from '../zdd/control';

export interface JobOptions {
  limits: Limits;
  /** Slitherlink: compute redundant hints when unique. */
  redundant: boolean;
  defaultRule?: NumberlinkRule;
  /** When the verdict is `none`, search a small conflicting hint set (within `limits.timeMs` again). */
  conflicts: boolean;
  /**
   * Slitherlink: when `multiple`, the hints that make it unique; when `none`, the one-hint
   * changes that give it a solution again (within `limits.timeMs` again).
   */
  suggest: boolean;
  /**
   * After two solutions prove `multiple`, count them all in this job (default true); false: the
   * verdict alone, with `countPending` (the scheduler's first phase; the count is its second).
   */
  countAfterWitnesses?: boolean;
}

/** Designer tools (design/*), each a pure function of its inputs; typed arrays clone as they are. */
export type DesignJob =
  | {
      type: 'fromLoop';
      rows: number;
      cols: number;
      inside: Uint8Array;
      seed: number;
      mask?: Uint8Array;
      preferKeep?: Uint8Array;
      density?: number;
      limits: Limits;
    }
  | { type: 'hintFamily'; rows: number; cols: number; inside: Uint8Array; mask?: Uint8Array; limits: Limits }
  | { type: 'generate'; request: GenerateRequest; limits: Limits };

export type Job =
  /** `uri`: the document, whose incremental session (Slitherlink) the check may reuse. */
  | { type: 'check'; text: string; kind: PuzzleKind; options: JobOptions; uri?: string }
  /**
   * "Remove all redundant hints" (analysis/minimize.ts); also the scheduler's last phase, which
   * says how many can go together. `solution`: the unique loop (LoopSolution edges) when known,
   * else the job checks the puzzle for it first. `uri`: the document, whose session (what its
   * checks proved) the pass uses and extends.
   */
  | { type: 'minimize'; text: string; kind: PuzzleKind; options: JobOptions; redundant?: CellRef[]; solution?: LoopSolution['edges']; uri?: string }
  /**
   * The difficulty grade of a puzzle a check found unique (the scheduler's phase after the
   * verdict); its probing gets the larger of 1 s and `verdictMs`, the time the check took.
   */
  | { type: 'grade'; text: string; kind: PuzzleKind; options: JobOptions; verdictMs?: number }
  | DesignJob;

/** What a grade job adds to a check's result. */
export type GradeFields = Pick<CheckResult, 'grade' | 'stuck' | 'gradeSteps' | 'gradeStopped'>;

/** A check's answer plus what the server derives from it in the same run. */
export type { Analysis };

/**
 * `generate`: the file text; `ok` false when the puzzle could not be proved unique, or not made at
 * the grade asked for (`note` says why).
 */
export interface GeneratedAnswer {
  text: string;
  ok: boolean;
  note: string;
  ms: number;
  /** With a grade asked for: the puzzle's grade. */
  grade?: string;
}

export type JobAnswer =
  | { type: 'check'; analysis: Analysis }
  | { type: 'minimize'; minimize: MinimizeResult | null }
  /** `grade` null: the text did not parse as a puzzle that can be graded. */
  | { type: 'grade'; grade: GradeFields | null }
  /** `error`: the loop was rejected (model/loop.ts loopProblem). */
  | { type: 'fromLoop'; result: FromLoopResult | { error: string } }
  | { type: 'hintFamily'; result: HintFamilyResult | { error: string } }
  | { type: 'generate'; result: GeneratedAnswer | { error: string } };

export type ToWorker =
  | { id: number; job: Job; cancel: SharedArrayBuffer }
  /** The document was closed (or is to be checked from scratch): drop its session. */
  | { forget: string };

/** `heapBytes`: the worker's heap and external memory after the job (the pool recycles big workers). */
export type FromWorker =
  | { id: number; type: 'progress'; progress: Progress }
  | { id: number; type: 'done'; answer: JobAnswer; heapBytes?: number }
  | { id: number; type: 'error'; message: string; heapBytes?: number };
