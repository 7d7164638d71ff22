/** Messages between the server's main thread and a solving worker (structured-clone safe). */
import type { Analysis, CellRef, CheckResult, TogetherPass } from '../analysis/result';
import type { GenerateRequest, Generated } from '../genres/genre';
import type { PuzzleKind } from '../model/puzzle';
import type { Limits, Progress } from '../zdd/control';

export interface JobOptions {
  limits: Limits;
  /** Compute redundant hints when unique (genres whose extras have them). */
  redundant: boolean;
  /** Per genre with rules: the words for files that name none (its `defaultRule` setting; CheckOptions.defaultRule). */
  defaultRules?: Record<PuzzleKind, string>;
  /** When the verdict is `none`, search a small conflicting hint set (within `limits.timeMs` again). */
  conflicts: boolean;
  /**
   * When `multiple`, the hints that make it unique; when `none`, the one-hint changes that give it
   * a solution again (within `limits.timeMs` again; genres whose extras have suggestions).
   */
  suggest: boolean;
  /**
   * After two solutions prove `multiple`, count them all in this job (default true); false: the
   * verdict alone, with `countPending` (the scheduler's first phase; the count is its second).
   */
  countAfterWitnesses?: boolean;
}

/** Designer jobs, each a pure function of its inputs; typed arrays clone as they are. */
export type DesignJob =
  /** One of a genre's tools (Genre.tools), for its editor commands. */
  | { type: 'tool'; kind: PuzzleKind; tool: string; input: unknown; limits: Limits }
  | { type: 'generate'; request: GenerateRequest; limits: Limits };

export type Job =
  /** `uri`: the document, whose incremental session (Genre.incremental) the check may reuse. */
  | { type: 'check'; text: string; kind: PuzzleKind; options: JobOptions; uri?: string }
  /**
   * "Remove all redundant hints" (Genre.together); also the scheduler's last phase, which says
   * how many can go together. `solution`: the unique solution when known, else the job checks
   * the puzzle for it first. `uri`: the document, whose session (what its checks proved) the pass
   * uses and extends.
   */
  | { type: 'minimize'; text: string; kind: PuzzleKind; options: JobOptions; redundant?: CellRef[]; solution?: CheckResult['solution']; uri?: string }
  /**
   * The difficulty grade of a puzzle a check found unique (the scheduler's phase after the
   * verdict, for a genre that grades 'after' it); its grade gets the larger of 1 s and
   * `verdictMs`, the time the check took.
   */
  | { type: 'grade'; text: string; kind: PuzzleKind; options: JobOptions; verdictMs?: number }
  | DesignJob;

/** What a grade job adds to a check's result. */
export type GradeFields = Pick<CheckResult, 'grade' | 'stuck' | 'gradeSteps' | 'gradeStopped'>;

/** A check's answer plus what the server derives from it in the same run. */
export type { Analysis };

/** `generate`: the file text; `ok` false when the puzzle could not be proved unique (`note` says why). */
export type GeneratedAnswer = Generated;

export type JobAnswer =
  | { type: 'check'; analysis: Analysis }
  | { type: 'minimize'; minimize: TogetherPass | null }
  /** `grade` null: the text did not parse as a puzzle that can be graded. */
  | { type: 'grade'; grade: GradeFields | null }
  /** The tool's answer (its own `{ error }` when it rejects its input). */
  | { type: 'tool'; result: unknown }
  | { type: 'generate'; result: Generated | { error: string } };

export type ToWorker =
  | { id: number; job: Job; cancel: SharedArrayBuffer }
  /** The document was closed (or is to be checked from scratch): drop its session. */
  | { forget: string };

/** `heapBytes`: the worker's heap and external memory after the job (the pool recycles big workers). */
export type FromWorker =
  | { id: number; type: 'progress'; progress: Progress }
  | { id: number; type: 'done'; answer: JobAnswer; heapBytes?: number }
  | { id: number; type: 'error'; message: string; heapBytes?: number };
