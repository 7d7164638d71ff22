/**
 * A genre behind one interface: everything that differs between Slitherlink and Numberlink above
 * the solvers (the file, the check, which extras a check gets, findings of its own, how a cell is
 * described, its picture, its exchange formats, its designer's tools). Each genre is one folder
 * (server/src/<kind>/, its `genre.ts` exports the object) and one line of the registry
 * (index.ts); the worker, the scheduler, the findings, the language server, the CLI and (through
 * the server) the client ask the registry instead of testing the kind themselves.
 *
 * This module is a layer of its own, below the genre folders (they implement it) and above what
 * they share (.dependency-cruiser.cjs): it imports types only.
 */
import type { ConflictGenre } from '../analysis/conflicts';
import type { HintUnit } from '../analysis/hints';
import type { CheckOptions } from '../analysis/options';
import type { Analysis, CellRef, CheckResult, GenreResultFields, Suggestions, TogetherPass } from '../analysis/result';
import type { Finding, FindingCode, FindingData, FindingsGenre } from '../findings/finding';
import type { GradeWords } from '../findings/gradeWords';
import type { CommandError, GenreInfo, PublishedResult } from '../protocol-types';
import type { Puzzle, PuzzleKind } from '../model/puzzle';
import type { Range } from '../model/range';
import type { ParseOptions, ParseResult } from '../parse/index';
import type { PreviewOptions } from '../preview/frame';
import type { RunControl } from '../zdd/control';

/** What a check can add beyond the verdict and the count, on this genre. */
export interface GenreExtras {
  /** Unique: the hints whose removal alone keeps it unique, and which of them can go together. */
  redundantHints: boolean;
  /** None: a small set of givens that already have no solution. */
  conflicts: boolean;
  /** Multiple or none: hints to add or change (they need the exact count). */
  suggestions: boolean;
  /**
   * Unique: the difficulty grade, computed 'with the check' (milliseconds) or 'after' it, in a
   * phase of its own (it may take as long as the verdict), so that the verdict is published first;
   * none: the genre does not grade (Genre.grade).
   */
  grade?: 'with the check' | 'after';
}

/**
 * The genre's own result fields (declared in its folder by augmenting analysis/result.ts's
 * GenreResultFields) as the CLI shows them. The language server sends a result as it is, so a
 * client sees them as they are.
 */
export interface GenreReport {
  /** The fields, in the order `check --json` writes them (after `countAtLeast`, each when set). */
  fields: readonly (keyof GenreResultFields)[];
  /** A column of the CLI's table, after the size: its header and a result's cell. Genres with the same header share one column. */
  column?: { header: string; cell(r: CheckResult): string };
  /** What `linkpuzzle solve` says after the verdict: " (rule: fill)". */
  verdictNote?(r: CheckResult): string;
  /**
   * A unique result that is not a good puzzle (Numberlink's leaving cells empty), or null: the
   * table's verdict gets `*` and the footnote (`unique* = <footnote>`), solve says `, <solve>`.
   */
  flaw?(r: CheckResult): { solve: string; footnote: string } | null;
}

/** A change of a document's text: `range` replaced by `newText` (the language server makes it an LSP edit). */
export interface TextChange {
  range: Range;
  newText: string;
}

/** Why a command did nothing (shown to the user): the protocol's. */
export type { CommandError };

/** A check that keeps what it built for the next version of the same document (the worker keeps one per document). */
export interface CheckSession<P extends Puzzle = Puzzle> {
  check(p: P, options: CheckOptions): CheckResult;
  /** What it keeps, in bytes (the worker drops sessions beyond a total). */
  readonly bytes: number;
  /** How the last check went (for tests and the bench). */
  readonly stats: { mode: string; levels: number; reusedLevels: number } | null;
}

/** A genre's variants, chosen by words (Numberlink's rule: `# rule:` line, `--rule`, the `defaultRule` setting). */
export interface GenreRules {
  /** The words of files that name none (the setting's default). */
  default: string;
  /** The words, for messages: "nikoli, fill, notouch". */
  words: string;
  /** Words for the help: "fill notouch". */
  example: string;
  /** Null when `text` is rule words, else what is wrong with it. */
  problem(text: string): string | null;
}

/** `linkpuzzle generate KIND WxH` and the language server's generate command. */
export interface GenreGenerate {
  /** For the client's quick pick: what the generator makes. */
  description: string;
  /** Lines of `linkpuzzle --help` on the genre's generate options. */
  usage: string;
  /** The genre's own options: CLI flags (`--density`, ...), also the LSP command's parameters without the dashes. */
  flags: { values: readonly string[]; switches: readonly string[] };
  /** The options as the CLI gives them (flag -> text; a switch's value is ''), or an error for the user (a usage error in the CLI). */
  read(values: ReadonlyMap<string, string>): GenerateOptions | CommandError;
  /** Generates (in a worker): the file text as `linkpuzzle generate` prints it. */
  run(req: GenerateRequest, control: RunControl): Generated;
  /** Above this many cells a puzzle takes long to generate (said before starting)... */
  slowCells: number;
  /** ...unless these options make it quick. */
  quick?(options: GenerateOptions): boolean;
  /** For the client's quick pick: the choices of an option it asks for (Numberlink's rule, Slitherlink's grade). */
  choices?: GenerateChoices;
}

export type GenerateOptions = Record<string, string | number | boolean>;

/** An option of the generator the client asks for with a quick pick (the protocol's GenreInfo.generate.choice). */
export type GenerateChoices = NonNullable<NonNullable<GenreInfo['generate']>['choice']>;

export interface GenerateRequest {
  kind: PuzzleKind;
  rows: number;
  cols: number;
  seed: number;
  /** The genre's own options (GenreGenerate.read); none: its defaults. */
  options?: GenerateOptions;
}

export interface Generated {
  text: string;
  /** The puzzle was proved unique (and so the text is a puzzle). */
  ok: boolean;
  /** What came out, for people: "unique, minimal, 37 hints", "12 pairs, unique after 9 checks". */
  note: string;
  /** What the CLI says instead of "generated in N ms: note" (nothing was made). */
  message?: string;
  ms: number;
  /** Made at a grade asked for (Slitherlink's `--grade`): the puzzle's grade. */
  grade?: string;
}

/** An exchange format: reading another program's puzzle (import) and writing it (export). */
export interface ExchangeFormat<P extends Puzzle = Puzzle> {
  /** The CLI's `export` switch (`--url`), and the format's name in messages ("puzz.link URLs"). */
  flag: string;
  name: string;
  /** A puzz.link format's TYPE (`slither`): named when a URL of an unknown type is refused. */
  puzzLinkType?: string;
  /** Whether `src` is in this format (the first genre whose format claims it reads it). */
  claims(src: string): boolean;
  /** The file text for `src`, or why it cannot be read. */
  read(src: string): { text: string } | CommandError;
  /** The format's text for a puzzle, and what it cannot carry (`warning`); or why not at all. */
  write?(p: P): { text: string; warning?: string } | CommandError;
}

/** What a genre's editor commands may do (the language server implements it, lsp/designCommands.ts). */
export interface CommandHost<P extends Puzzle = Puzzle> {
  uri: string;
  /** The document's version when the command started (its edits go only to this version) and its text then. */
  version: number;
  text: string;
  /** The document's puzzle, parsed and free of problems; or why not (too large, problems, no grid). */
  puzzle(): { puzzle: P } | CommandError;
  /** Why the client cannot take `label`'s edit (told to the user as well); null when it can. */
  refusedEdits(label: string): string | null;
  /** Runs one of the genre's tools (Genre.tools) in a worker within the document's limits, with progress and cancellation. */
  runTool(tool: string, input: unknown, title: string): Promise<unknown | CommandError>;
  /** The verdict for the current text: the result published, or a check run now. */
  result(title: string): Promise<CheckResult | CommandError>;
  /** Why not to edit now: the document changed since the command started (or closed); null when it did not. */
  changed(): string | null;
  /** Applies the changes to the version the command started on; false when that is not the document's version. */
  apply(changes: TextChange[], label: string): Promise<boolean>;
}

/** One of the genre's editor commands (a workspace command of the language server). */
export interface EditorCommand<P extends Puzzle = Puzzle> {
  /** For messages and edit labels: "Make a minimal puzzle from the loop". */
  label: string;
  /** The command's answer when it cannot run (its answer type's error form). */
  refuse(error: string): unknown;
  /**
   * Whether it can run on the document as it is (`p`: its parse, problems or not), for the client
   * to say so before asking anything: null when it can.
   */
  ready?(p: P | null, fileName: string): { message: string; severity: 'information' | 'warning' } | null;
  /** Runs it (`args` as the client sent them, the document's uri first). */
  run(args: unknown[], host: CommandHost<P>): Promise<unknown>;
  /** It works on a tiling's puzzle too; without this it is refused there, before any work or edit. */
  tilings?: boolean;
}

/** A code action a genre offers for the document as it is (protocol-neutral; the language server makes it LSP's). */
export interface GenreAction {
  title: string;
  kind: 'quickfix' | 'refactor' | 'refactor.rewrite';
  preferred?: boolean;
  /** The diagnostic it fixes (an index into ActionInput.diagnostics). */
  diagnostic?: number;
  changes?: TextChange[];
  command?: { command: string; arguments: unknown[] };
}

export interface ActionInput<P extends Puzzle = Puzzle> {
  uri: string;
  puzzle: P;
  text: string;
  /** The parse found problems (only some actions are offered then). */
  problems: number;
  /** The result published for this text, if any (with the server's extras: PublishedResult). */
  result?: PublishedResult;
  /** The diagnostics the client sent with the request that are about this text (stale ones left out). */
  diagnostics: { code: string; data?: FindingData }[];
  /** Which kinds are wanted (LSP's `only`: a kind admits its sub-kinds). */
  wants(kind: GenreAction['kind']): boolean;
}

/** One of the genre's CLI commands (`linkpuzzle design FILE`, ...): lines to print and an exit status. */
export interface CliCommand<P extends Puzzle = Puzzle> {
  /** Lines of `linkpuzzle --help`. */
  usage: string;
  flags: { values: readonly string[]; switches: readonly string[] };
  run(input: CliInput<P>): CliOutcome;
}

export interface CliInput<P extends Puzzle = Puzzle> {
  path: string;
  puzzle: P;
  text: string;
  values: ReadonlyMap<string, string>;
  switches: ReadonlySet<string>;
  control: RunControl;
}

/** `usage`: a mistake in the command line (exit 2); `fileError`: a problem of the file (exit 1). */
export type CliOutcome = { out: string[]; err: string[]; status: number } | { usage: string } | { fileError: string };

export interface Genre<P extends Puzzle = Puzzle> extends FindingsGenre<P>, ConflictGenre<P> {
  /** Also the language id (package.json), the `--kind` word and `kind` in the CLI's JSON. */
  kind: PuzzleKind;
  /** For people: "Slitherlink". */
  name: string;
  /** File extension, lower case, without the dot. */
  extension: string;
  extras: GenreExtras;
  rules?: GenreRules;

  // The text
  parse(text: string, options?: ParseOptions): ParseResult<P>;
  /** The problem codes only this genre's parser reports, with what and where (parse/codes.ts has the shared ones). */
  parseCodes: Record<string, string>;
  /**
   * What a check depends on, as a string: two texts with the same signature have the same result
   * (comments and spacing do not count), so a result stays current through such edits.
   */
  signature(p: P): string;
  /** Facts of the text alone, found at every edit before any check (Slitherlink: its solution block). */
  textFindings?(p: P): Finding[];

  // The check
  /** Checks a parsed, problem-free puzzle of this genre. */
  check(p: P, options: CheckOptions): CheckResult;
  /** A check that reuses the previous version's work (the worker keeps one per document), for the puzzles it `takes`. */
  incremental?: { takes(p: P): boolean; create(maxBytes: number): CheckSession<P> };
  /**
   * With `extras.grade` (asked for: CheckOptions.grade): the difficulty grade of a puzzle the check
   * found unique, on its own (the language server's phase after the verdict when the genre grades
   * 'after'); no fields where it has none (a Slitherlink tiling).
   */
  grade?(p: P, options: CheckOptions): Pick<CheckResult, 'grade' | 'stuck' | 'gradeSteps' | 'gradeStopped'>;
  /** With `grade`: its levels in words (the hover, the CLI's help). */
  gradeWords?: GradeWords;
  units(p: P): HintUnit[];
  keepUnits(p: P, all: readonly HintUnit[], keep: readonly HintUnit[]): P;
  /** With `extras.suggestions`: hints that make it unique, or repairs of an unsolvable one. */
  suggest?(p: P, control: RunControl): Suggestions;
  /**
   * With `extras.redundantHints`: the pass of "Remove all redundant hints" on a unique puzzle
   * (`solution`: its solution, when known; `session`: the document's, which may hold what its
   * checks proved). Null when the puzzle has no unique solution.
   */
  together?(p: P, redundant: readonly CellRef[] | undefined, solution: CheckResult['solution'], control: RunControl, session?: CheckSession<P> | null): TogetherPass | null;
  /**
   * The job a check of this genre hands its second thread (analysis/helper.ts; the worker runs it
   * on the task the check built), returning a plain answer the check reads back.
   */
  helperJob?(task: unknown): unknown;
  /** Tools the worker runs for the genre's commands (structured-clone-safe in and out). */
  tools?: Record<string, (input: unknown, control: RunControl) => unknown>;

  // What is said about it
  /**
   * The codes of the genre's own findings (findings, textFindings), with what each says; the
   * registry collects them with the shared ones (declaredFindingCodes), and no two may be the same.
   */
  findingCodes?: Readonly<Record<string, FindingCode>>;
  /** Fields of the genre's own in its results (GenreResultFields), and how the CLI shows them. */
  report?: GenreReport;
  /** The hover's markdown lines on a cell (a tiling's face): what it holds, and the unique solution around it. */
  describeCell(p: P, cell: CellRef, result: CheckResult | undefined): string[];
  /** The analysis's findings of the genre's own, after the shared ones (FindingsGenre.findings). */
  findings?(p: P | null, a: Analysis): Finding[];

  // Edits
  /** The change that empties a given (a redundant hint's quick fix), or null when the cell has none. */
  emptyGiven(p: P, cell: CellRef): TextChange | null;
  /** The text of a cell (a tiling's face: `cell.face`) set to `value` from the preview's *Edit hints* (`.` clears), or why not. */
  cellText(p: P, value: string, cell: CellRef): string | CommandError;

  // Pictures
  /** The preview's picture of the puzzle and its result (an SVG document, framed by preview/frame.ts). */
  preview(p: P, result: CheckResult | null, options: PreviewOptions): string;
  /** `linkpuzzle solve`: the first solution drawn as text (or an SVG for a tiling); null when the result has none. */
  draw(p: P, result: CheckResult): string | null;

  // Other programs and the designer
  formats: ExchangeFormat<P>[];
  generate?: GenreGenerate;
  /**
   * Workspace commands of the language server, by command name (the genre's own; the server
   * registers them all). Their names and parameter types belong to the genre, except those the
   * VS Code client's menus call, which it can only know from protocol-types.ts.
   */
  commands?: Record<string, EditorCommand<P>>;
  /** Code actions beyond the shared ones (the redundant hints' quick fixes and fix-all). */
  actions?(input: ActionInput<P>): GenreAction[];
  /** `linkpuzzle <name> FILE ...` commands of the CLI. */
  cli?: Record<string, CliCommand<P>>;
}
