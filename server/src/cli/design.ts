// `linkpuzzle generate|import|export` and the genres' own commands (`design`, `suggest`): the designer's commands.
import { extensionList, genreOfPath, GENRES, findGenre, isCommandError, kindList, parsePuzzle } from '../genres/index';
import { exportText, importText } from '../genres/exchange';
import { generateFlags, generateText, generators, readGenerateOptions } from '../genres/generate';
import type { Puzzle } from '../model/puzzle';
import { limitOptions, parseFlags, UsageError, wholeOption, type Flags } from './args';
import { readText } from './files';
import { GENERATE_MAX_SIDE, GENERATE_MIN_SIDE, generateSizeError, slowGenerateNote } from '../protocol-types';
import { DEFAULT_LIMITS, type RunControl } from '../zdd/control';

/** The genres' own commands (Genre.cli), by name. */
const GENRE_COMMANDS = new Map<string, string>();
for (const g of GENRES) for (const [name, c] of Object.entries(g.cli ?? {})) if (!GENRE_COMMANDS.has(name)) GENRE_COMMANDS.set(name, c.usage);

/** `generate`'s help: what every generator does, then each genre's options. */
function generateUsage(): string {
  return `  generate ${generators().map((g) => g.kind).join('|')} WxH [--seed N] [OPTIONS]
                                print a new unique puzzle on standard output; the time it took on
                                standard error. Sides from ${GENERATE_MIN_SIDE} to ${GENERATE_MAX_SIDE}. The options:
${generators().map((g) => g.generate!.usage).join('\n')}`;
}

export const DESIGN_USAGE = `Design commands:
${generateUsage()}
  import URL                    print another program's puzzle as a file
                                (${GENRES.map((g) => `${g.name}: ${g.formats.map((f) => f.name).join(', ')}`).join('; ')})
  export --url FILE             print the puzzle's puzz.link URL (--loopy: its Loopy game ID)
${[...GENRE_COMMANDS.values()].join('\n')}
Options: --time-limit MS, --node-limit N (ZDD nodes of one solver check), --json (suggest, design --family)`;

const out = (s: string) => process.stdout.write(s.endsWith('\n') ? s : s + '\n');
const err = (s: string) => process.stderr.write(`linkpuzzle: ${s}\n`);

const COMMANDS = new Set(['generate', 'import', 'export', ...GENRE_COMMANDS.keys()]);

/** Every flag any design command takes: the generators', the export formats', the genres' commands' and the limits. */
function flagSpec(): { values: string[]; switches: string[] } {
  const values = new Set(['--seed', '--time-limit', '--node-limit', ...generateFlags().values]);
  const switches = new Set(generateFlags().switches);
  for (const g of GENRES) {
    for (const f of g.formats) switches.add(f.flag);
    for (const c of Object.values(g.cli ?? {})) {
      for (const v of c.flags.values) values.add(v);
      for (const x of c.flags.switches) switches.add(x);
    }
  }
  return { values: [...values], switches: [...switches] };
}

function control(f: Flags): RunControl {
  const { timeLimitMs: t, nodeLimit: n } = limitOptions(f);
  if (t === undefined && n === undefined) return {};
  return { limits: { ...(t !== undefined ? { timeMs: t } : {}), ...(n !== undefined ? { maxNodes: n } : {}) } };
}

class FileError extends Error {}

/** Runs a design command; null when argv is not one (main handles it). */
export function runDesignCommand(argv: string[]): number | null {
  if (argv.length === 0 || !COMMANDS.has(argv[0])) return null;
  try {
    const f = parseFlags(argv.slice(1), flagSpec());
    if (f.switches.has('--help')) {
      out(DESIGN_USAGE);
      return 0;
    }
    switch (argv[0]) {
      case 'generate': return runGenerate(f);
      case 'import': return runImport(f);
      case 'export': return runExport(f);
      default: return runGenreCommand(argv[0]!, f);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      err(e.message);
      process.stderr.write(`Run 'linkpuzzle --help' for usage.\n`);
      return 2;
    }
    if (e instanceof FileError) {
      err(e.message);
      return 1;
    }
    throw e;
  }
}

function runGenerate(f: Flags): number {
  const [kind, size] = f.positional;
  const genre = kind ? findGenre(kind) : null;
  if (!genre?.generate) throw new UsageError(`generate needs ${kindList(generators())}`);
  const m = /^(\d+)x(\d+)$/.exec(size ?? '');
  if (!m) throw new UsageError('generate needs a size WxH, e.g. 10x10');
  const cols = Number(m[1]), rows = Number(m[2]);
  const bad = generateSizeError(cols, rows);
  if (bad) throw new UsageError(`generate: ${bad} (the size is WxH, each side from ${GENERATE_MIN_SIDE} to ${GENERATE_MAX_SIDE})`);
  const seed = wholeOption(f, '--seed', 0, 2 ** 32 - 1) ?? Math.floor(Math.random() * 2 ** 31);
  const given = new Map<string, string>();
  const { values, switches } = generateFlags();
  for (const v of values) if (f.values.has(v)) given.set(v, f.values.get(v)!);
  for (const x of switches) if (f.switches.has(x)) given.set(x, '');
  const options = readGenerateOptions(genre, given);
  if (isCommandError(options)) throw new UsageError(options.error);
  // Said before the work starts, so a long wait is expected (and can be cut short with --time-limit).
  const slow = genre.generate.quick?.(options) ? null : slowGenerateNote({ name: genre.name, slowCells: genre.generate.slowCells }, cols, rows);
  if (slow) err(`note: ${slow} (time limit ${limitOptions(f).timeLimitMs ?? DEFAULT_LIMITS.timeMs} ms: --time-limit MS)`);
  const g = generateText({ kind: genre.kind, rows, cols, seed, options }, control(f));
  // The text either way (when there is one): the exit status says whether it is a puzzle.
  if (g.text) out(g.text);
  err(g.message ?? `generated in ${Math.round(g.ms)} ms: ${g.note}`);
  return g.ok ? 0 : 1;
}

function runImport(f: Flags): number {
  const src = f.positional[0];
  if (!src) throw new UsageError('import needs a puzz.link URL or a Loopy game ID');
  const r = importText(src);
  if ('error' in r) {
    err(r.error);
    return 1;
  }
  out(r.text);
  return 0;
}

/** The puzzle of a file and the text it was parsed from. */
function loadPuzzleText(path: string | undefined): { puzzle: Puzzle; text: string } {
  if (!path) throw new UsageError('a FILE is needed');
  const genre = genreOfPath(path);
  if (!genre) throw new UsageError(`${path}: not a ${extensionList()} file`);
  const read = readText(path);
  if ('error' in read) throw new FileError(`${path}: cannot read: ${read.error}`);
  const { text, badBytes } = read;
  const { puzzle, problems } = parsePuzzle(text, genre.kind, { badBytes });
  if (!puzzle || problems.length > 0) {
    const p = problems[0];
    throw new FileError(`${path}:${p ? `${p.range.line + 1}:${p.range.col + 1}: ${p.message}` : ' cannot be parsed'}`);
  }
  return { puzzle, text };
}

function runExport(f: Flags): number {
  const { puzzle } = loadPuzzleText(f.positional[0]);
  // Which format: the switch given (a genre's format flag), the puzz.link URL by default.
  const flag = GENRES.flatMap((g) => g.formats.map((x) => x.flag)).find((x) => x !== '--url' && f.switches.has(x)) ?? '--url';
  const r = exportText(puzzle, flag);
  if ('error' in r) throw new UsageError(r.error);
  out(r.text);
  if (r.warning) err(`warning: ${r.warning}`);
  return 0;
}

/** A genre's own command on a file (Genre.cli): refused for files of the genres that have none. */
function runGenreCommand(name: string, f: Flags): number {
  const path = f.positional[0];
  const { puzzle, text } = loadPuzzleText(path);
  const cmd = genreOfPath(path!)!.cli?.[name];
  if (!cmd) throw new UsageError(`${name} works on ${extensionList(GENRES.filter((g) => g.cli?.[name]))} files`);
  const r = cmd.run({ path: path!, puzzle, text, values: f.values, switches: f.switches, control: control(f) });
  if ('usage' in r) throw new UsageError(r.usage);
  if ('fileError' in r) throw new FileError(r.fileError);
  for (const line of r.out) out(line);
  for (const line of r.err) err(line);
  return r.status;
}
