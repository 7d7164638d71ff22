/**
 * The shared-types module: everything the client (the VS Code extension) knows of the server. The
 * server's custom protocol (method and command names, their parameters and results) and the types
 * of what it sends (the check result, the puzzle model). It imports the server's modules for types
 * only, so no server code runs in the client through it (.dependency-cruiser.cjs checks both).
 */
import type { CellRef, CheckResult, Suggestions, Verdict } from './analysis/result';
import type { Range } from './model/range';
import type { TilingPicture } from './model/latticePicture';

export type { CellRef, CheckResult, Verdict };
export type { LoopSolution, PathSolution, Usage } from './analysis/result';
export type { HintChoice, Suggestions } from './analysis/result';
export type { Puzzle, PuzzleKind } from './model/puzzle';
export type { Range } from './model/range';
export type { TilingRef } from './model/lattice';
export type { TilingPicture };

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
  /** A lower bound when the count is not known (two solutions found: `multiple` without a count). */
  countAtLeast?: string;
  /** The exact count is being computed (a later phase). */
  countPending?: boolean;
  ms?: number;
  message?: string;
}

/** The result the server publishes: the CheckResult plus what the server derived from it. */
export type PublishedResult = CheckResult & {
  /** Verdict `none`: cells of a small hint set that already has no solution. */
  conflicts?: CellRef[];
  /** Whether `conflicts` is verified 1-minimal. */
  conflictsMinimal?: boolean;
  /** Slitherlink, `multiple`: hints that make it unique; `none`: one-hint repairs (counts as decimal strings). */
  suggestions?: Suggestions;
  /**
   * The verdict is final; redundant hints (unique) and then which of them can go together
   * (`redundantTogether`), conflicting hints or repairs (none), or hint suggestions (multiple)
   * are still being computed.
   */
  extrasPending?: boolean;
  /**
   * A puzzle on a tiling (`tiling` set): the faces' outlines and centres for the preview, which
   * cannot build the lattice itself; absent when the tiling is too large to draw.
   */
  picture?: TilingPicture;
};

/** Client -> server request: the latest result for the document's current text, or null while pending. */
export const ResultRequest = 'linkpuzzle/result';
export interface ResultParams {
  uri: string;
}
export type ResultResponse = PublishedResult | null;

/**
 * Client -> server request, for tests and diagnosis: what the server holds. `gc`: collect garbage
 * first (only when node runs with --expose-gc). Memory in bytes; `workers` are the solving threads.
 */
export const DebugMemoryRequest = 'linkpuzzle/debugMemory';
export interface DebugMemoryParams {
  gc?: boolean;
}
export interface DebugMemoryResponse {
  rss: number;
  heapUsed: number;
  external: number;
  /** Open puzzle documents, and results cached by content (dropped with their document). */
  documents: number;
  cached: number;
  workers: { busy: boolean; heapBytes: number; documents: number }[];
  /** Workers ended after a big document closed, to give their memory back. */
  recycled: number;
}

/**
 * Client -> server request: the preview's picture of the document as the server has it now (its
 * parse of the current text, with the latest result drawn on it), or null for a document the
 * server does not hold. The client draws nothing itself: it shows the SVG.
 */
export const PreviewRequest = 'linkpuzzle/preview';
export interface PreviewParams {
  uri: string;
}
export interface PreviewResponse {
  /** The document version the picture is of. */
  version: number;
  /** An SVG document (server/src/preview/frame.ts describes its classes and attributes). */
  svg: string;
  /** The result drawn belongs to an earlier text (drawn faded): a check of this text is coming. */
  stale: boolean;
  /** The verdict drawn, when a result is. */
  verdict?: Verdict;
}

/** Client -> server request: the text of a cell (a tiling's face by `face`) in the document as it is now, or null. */
export const CellRangeRequest = 'linkpuzzle/cellRange';
export interface CellRangeParams {
  uri: string;
  row: number;
  col: number;
  face?: number;
}

/**
 * Client -> server request: the text of each redundant given of the result published for the
 * document, while that result is about its current text (comments and spacing aside); else null.
 */
export const RedundantRangesRequest = 'linkpuzzle/redundantRanges';
export interface RedundantRangesParams {
  uri: string;
}
export interface RedundantRangesResponse {
  version: number;
  ranges: Range[];
}

/** Client -> server request: the genres the server knows, for the commands that offer a choice of them. */
export const GenresRequest = 'linkpuzzle/genres';
export interface GenreInfo {
  /** Also the language id and the GenerateParams kind. */
  kind: string;
  name: string;
  extension: string;
  /** When the genre has a generator: what it makes, sizes that take long, an option the client asks for. */
  generate?: {
    description: string;
    slowCells: number;
    /**
     * An option the client asks for: `option` the GenerateParams field, `name` its name in the
     * quick pick's title ("difficulty"), `title` the question; each item's `value` is the option's
     * value (none: the option is left out), shown as its `label` (default: the value).
     */
    choice?: { option: string; name: string; title: string; items: { value?: string; label?: string; description: string }[] };
  };
}

/**
 * Client -> server request: whether a genre's command (Make Minimal Puzzle from Loop, ...) can run
 * on the document as it is now: null when it can, else why not (shown before asking anything).
 */
export const CommandStateRequest = 'linkpuzzle/commandState';
export interface CommandStateParams {
  uri: string;
  command: string;
}
export interface CommandStateResponse {
  message: string;
  severity: 'information' | 'warning';
}

/** Workspace command: the file text of a puzz.link URL or a Loopy game ID. Arguments: [src]. Answer: ImportTextResult | CommandError. */
export const ImportTextCommand = 'linkpuzzle.importText';
export interface ImportTextResult {
  /** The genre (its language id). */
  kind: string;
  text: string;
}

/** Workspace command: the puzz.link URL of the document's text. Arguments: [uri]. Answer: ExportUrlResult | CommandError. */
export const ExportUrlCommand = 'linkpuzzle.exportUrl';
export interface ExportUrlResult {
  url: string;
  /** What the URL cannot carry (a Numberlink's rule). */
  warning?: string;
}

/**
 * Workspace command behind the preview's *Draw loop*: mark cell (row, col) inside / outside the
 * loop in the document's solution block (creating or removing the block as needed), only the
 * mark's text changing, only when `version` is the document's. Arguments: [uri, version, row, col].
 * Answer: ApplyHintsResult.
 */
export const ToggleLoopCellCommand = 'linkpuzzle.toggleLoopCell';

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

/*
 * The designer's commands on a solution block (Slitherlink's, server/src/slitherlink/design/
 * commands.ts): the client's own menus and the preview call them by name, and the client imports
 * nothing else of the server, so their names and types are here. A genre's commands that the
 * client does not call by name (offered as code actions, or called by other clients) are its own
 * (Genre.commands) and need nothing here.
 */

/** A hint of a cell (0-based row and column, value 0..4), as the design commands take and give them. */
export interface CellHint {
  row: number;
  col: number;
  /** On a tiling (answers only): the face, whose line and place in the grid are row and col. */
  face?: number;
  value: number;
}

/** The answer of a design command that could not run (no solution block, a bad loop, bad arguments, cancelled, ...). */
export interface CommandError {
  error: string;
}

/**
 * Workspace command: make a minimal unique puzzle from the document's solution block (Shirai's
 * removal, design/fromLoop.ts) and apply it as an edit of the grid's hint characters only.
 * Arguments: [uri, options?]. Hints already in the file are kept if possible (removed last);
 * `onlyHinted`: hints only where the file has one. Answer: MakePuzzleFromLoopResult | CommandError.
 */
export const MakePuzzleFromLoopCommand = 'linkpuzzle.makePuzzleFromLoop';
export interface MakePuzzleFromLoopOptions {
  seed?: number;
  onlyHinted?: boolean;
  /** Stop removing hints at this fraction of the cells (0..1). */
  density?: number;
}
export interface MakePuzzleFromLoopResult {
  applied: boolean;
  /** Hints of the puzzle made. */
  hints: number;
  /** Every remaining hint was proved necessary. */
  minimal: boolean;
  checks: number;
  ms: number;
  message: string;
}

/**
 * Workspace command: every hint set that makes the document's solution-block loop unique
 * (design/hintFamily.ts; small grids). Arguments: [uri].
 * Answer: HintFamilyAnswer | { stopped: string } | CommandError.
 */
export const HintFamilyCommand = 'linkpuzzle.hintFamily';
export interface HintFamilyAnswer {
  /** Hint sets that make the loop unique (decimal). */
  count: string;
  /** How many of them are minimal (decimal). */
  minimalCount: string;
  /** Fewest hints of such a set; -1 when no set makes the loop unique. */
  minimumSize: number;
  /** The grid's size (for drawing the lists of cells; servers before it was added leave it out). */
  rows?: number;
  cols?: number;
  /** On a tiling: how many faces each line of the grid holds (row and col of a cell are its line and place). */
  lines?: number[];
  /** One set of minimum size, and the "hardest" minimal set (fewest 4s, then 0s, 3s, 1s, 2s); [] when none. */
  minimum: CellHint[];
  hardest: CellHint[];
  ms: number;
}

/**
 * Workspace command: replace the grid's hints by exactly this set (cells not listed become '.'),
 * editing only cell characters. Arguments: [uri, version, hints | 'all-from-loop'] ('all-from-loop':
 * every cell's hint from the solution block's loop). Nothing is applied unless `version` is the
 * document's version. Answer: ApplyHintsResult.
 */
export const ApplyHintsCommand = 'linkpuzzle.applyHints';
export interface ApplyHintsResult {
  applied: boolean;
  /** Why nothing was applied. */
  error?: string;
}

/**
 * Workspace command: set one cell of the grid, as the preview's *Edit hints* mode does. Arguments:
 * [uri, version, row, col, value]: `value` a Slitherlink hint `0`-`4`, a Numberlink label, or `.`
 * (or '') to clear. Only that cell's text changes (comments, spacing and line ends kept), and only
 * when `version` is the document's version. Answer: ApplyHintsResult.
 */
export const SetCellCommand = 'linkpuzzle.setCell';

/**
 * Workspace command: generate a puzzle (design/generate.ts) and return its file text exactly as
 * `linkpuzzle generate` prints it. Arguments: [GenerateParams]. Answer: GenerateResult | CommandError.
 */
export const GenerateCommand = 'linkpuzzle.generate';
export interface GenerateParams {
  /** The genre (its kind: GeneratorInfo.kind). */
  kind: string;
  rows: number;
  cols: number;
  seed?: number;
  /**
   * The genre's own options (GenreGenerate.flags), named as its CLI flags without the dashes,
   * camel-cased (`--allow-adjacent`: allowAdjacent); a switch is `true`. `linkpuzzle --help` lists
   * each generator's; the server refuses one its genre does not take, as the CLI does. (Today:
   * Numberlink's `rule`, `pairs`, `allowAdjacent`; Slitherlink's `density` and `grade`, the latter
   * the difficulty of GenreInfo.generate.choice.)
   */
  [option: string]: string | number | boolean | undefined;
}
export interface GenerateResult {
  text: string;
  ms: number;
  /** The seed used (the one given, or the random one chosen). */
  seed: number;
  /** With `grade`: the puzzle's grade (the one asked for). */
  grade?: string;
}

/**
 * Workspace command: for a unique Slitherlink without a solution block, append a `---` block
 * marking its solution's inside cells (applied through workspace/applyEdit). Arguments: [uri].
 * Answer: LoopBlockResult | CommandError.
 */
/**
 * The sizes `linkpuzzle.generate` takes (the CLI's generate and VS Code's Generate Puzzle… ask the
 * same before sending), and the sizes that take long enough to say so before starting (measured:
 * README, Design workflow).
 */
export const GENERATE_MIN_SIDE = 2;
export const GENERATE_MAX_SIDE = 60;


/** Why a width x height cannot be generated, or null when it can. */
export function generateSizeError(cols: number, rows: number): string | null {
  for (const [n, what] of [[cols, 'width'], [rows, 'height']] as const) {
    if (!Number.isInteger(n) || n < GENERATE_MIN_SIDE || n > GENERATE_MAX_SIDE) {
      return `the ${what} must be a whole number from ${GENERATE_MIN_SIDE} to ${GENERATE_MAX_SIDE} (got ${String(n)})`;
    }
  }
  return null;
}

/**
 * A warning for sizes that take long (and may end at the time limit), or null. `slowCells`: the
 * genre's (GeneratorInfo): above it a generate took tens of seconds to a minute (the default time
 * limit) on a busy 2-core machine: Slitherlink 30x30 5 s, 40x40 21-60 s; Numberlink 25x25 1-20 s,
 * 30x30 4-38 s.
 */
export function slowGenerateNote(genre: { name: string; slowCells: number }, cols: number, rows: number): string | null {
  if (cols * rows <= genre.slowCells) return null;
  return `a ${cols}x${rows} ${genre.name} may take a minute or more, and may stop at the time limit before it is done`;
}

export const LoopBlockFromSolutionCommand = 'linkpuzzle.loopBlockFromSolution';
export interface LoopBlockResult {
  applied: boolean;
  /** The block's text as inserted (`---` line and one row of x / . per grid row). */
  block: string;
}

/**
 * Diagnostic codes every genre shares (stable: code actions and clients match on them;
 * findings/codes.ts says what each means). Parse problems use the parser's codes; a genre's own
 * findings use the codes its folder declares (Genre.findingCodes).
 */
export const Codes = {
  noSolution: 'no-solution',
  multipleSolutions: 'multiple-solutions',
  redundantHint: 'redundant-hint',
  limitReached: 'limit-reached',
  redundantUndecided: 'redundant-undecided',
  /** Unique, with redundant hints (a genre with redundant hints): how many there are and how many can go together. */
  redundantSummary: 'redundant-summary',
  checkCancelled: 'check-cancelled',
  checkFailed: 'check-failed',
  tooManyProblems: 'too-many-problems',
} as const;

export const DiagnosticSource = 'linkpuzzle';

/** Groups digits of a long count: 1234567 -> 1,234,567 (the status bar, the preview's captions). */
export function formatCount(count: string): string {
  return /^\d+$/.test(count) ? count.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : count;
}
export const FixAllKind = 'source.fixAll.linkpuzzle';
