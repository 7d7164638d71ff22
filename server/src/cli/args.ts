import type { NumberlinkRule, PuzzleKind } from '../model/puzzle';
import { readRuleWords } from '../parse/rule';
import { GENRES } from '../genres/index';
import { MAX_TIMER_MS } from '../zdd/control';

/** A mistake in the command line: exit status 2. */
export class UsageError extends Error {}

export interface CommonOptions {
  timeLimitMs?: number;
  nodeLimit?: number;
  rule?: NumberlinkRule;
  kind?: PuzzleKind;
}

export type Command =
  | { name: 'help'; topic?: string }
  | { name: 'version' }
  | ({ name: 'check'; paths: string[]; json: boolean; redundant: boolean; togetherLimitMs: number; usage: boolean; grade: boolean } & CommonOptions)
  | ({ name: 'solve'; path: string; json: boolean } & CommonOptions)
  | { name: 'lsp' };

export const USAGE = `Usage: linkpuzzle <command> [options]

Commands:
  check [options] FILE|DIR...   check puzzles: verdict, exact number of solutions, redundant hints
                                (directories are searched recursively for .slk and .nlk files)
  solve [options] FILE          draw the solution (the first one when there are several)
  lsp --stdio                   run the language server on stdin/stdout

Options for check and solve:
  --json               print JSON (check: an array, one object per file)
  --no-redundant       check: skip the search for redundant Slitherlink hints
  --together-limit MS  check: time for finding which redundant hints can go together (what
                       Remove all redundant hints removes; default 2000, 0 skips it)
  --usage              check --json: for a puzzle with several solutions, how many of them use
                       each edge (Numberlink: each link, and each cell's labels): "usage"
  --grade              check: the difficulty grade of a unique puzzle: Slitherlink (squares)
                       easy, normal, tricky, hard (Loopy's levels), Numberlink local, global,
                       probing (the deduction rules needed, under the puzzle's rule); or needs
                       search, and where deduction stalls ("grade", "stuck"; a table column)
  --time-limit MS      stop the work on a puzzle after MS milliseconds (verdict "unknown")
  --node-limit N       stop after N ZDD nodes (verdict "unknown")
  --rule RULE          Numberlink: use RULE whatever the file says; words nikoli, fill, notouch,
                       e.g. --rule "fill notouch" or --rule fill,notouch
  --kind KIND          read files as slitherlink or numberlink whatever their extension

  -h, --help           show this help
  -v, --version        show the version

Exit status: 0 when every file was checked (whatever the verdicts), 1 when a file could not be
read or parsed, 2 for a usage error.`;

/** `--rule` words: the rule reader of `# rule:` lines (parse/rule.ts); its first problem is the usage error. */
export function parseRuleOption(text: string): NumberlinkRule {
  const { rule, problems } = readRuleWords(text);
  if (problems.length > 0) throw new UsageError(`--rule: ${problems[0].message}`);
  return rule;
}

/** The options of one command line: values by flag name (the last one given wins), switches, the rest. */
export interface Flags {
  positional: string[];
  values: Map<string, string>;
  switches: Set<string>;
}

/**
 * The one flag reader of every command: `--name value` or `--name=value` for the flags in
 * `values`, the `switches` alone; `-h` is `--help`; `--` ends the options; any other word starting
 * with `-` (but `-` itself) is an unknown option.
 */
export function parseFlags(args: readonly string[], spec: { values: readonly string[]; switches: readonly string[] }): Flags {
  const f: Flags = { positional: [], values: new Map(), switches: new Set() };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      f.positional.push(...args.slice(i + 1));
      break;
    }
    if (a === '-h') {
      f.switches.add('--help');
      continue;
    }
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (spec.values.includes(name)) {
      const v = eq > 0 ? a.slice(eq + 1) : args[++i];
      if (v === undefined) throw new UsageError(`${name} needs a value`);
      f.values.set(name, v);
    } else if (spec.switches.includes(name) || name === '--help') {
      if (eq > 0) throw new UsageError(`${name} takes no value`);
      f.switches.add(name);
    } else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${name}`);
    else f.positional.push(a);
  }
  return f;
}

/** A whole number from `min` to `max` (undefined when the flag is absent). */
export function wholeOption(f: Flags, name: string, min: number, max: number): number | undefined {
  const v = f.values.get(name);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new UsageError(`${name} must be a whole number from ${min} to ${max}, not '${v}'`);
  return Number(v);
}

/** A number from `min` to `max`, fractions allowed (undefined when the flag is absent). */
export function numberOption(f: Flags, name: string, min: number, max: number): number | undefined {
  const v = f.values.get(name);
  if (v === undefined) return undefined;
  const x = v.trim() === '' ? NaN : Number(v);
  if (!Number.isFinite(x) || x < min || x > max) throw new UsageError(`${name} must be a number from ${min} to ${max}, not '${v}'`);
  return x;
}

/** `--time-limit MS` and `--node-limit N`, as every command reads them. */
export function limitOptions(f: Flags): { timeLimitMs?: number; nodeLimit?: number } {
  return { timeLimitMs: wholeOption(f, '--time-limit', 1, MAX_TIMER_MS), nodeLimit: wholeOption(f, '--node-limit', 1, 2 ** 31 - 1) };
}

/** Default time of the pass behind the `together` column: a share of a check, not its whole limit. */
export const DEFAULT_TOGETHER_LIMIT_MS = 2000;

function togetherLimit(f: Flags): number {
  const value = f.values.get('--together-limit');
  if (value === undefined) return DEFAULT_TOGETHER_LIMIT_MS;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--together-limit needs a whole number of milliseconds (0 skips it), not '${value}'`);
  }
  return Number(value);
}

function kindOption(value: string | undefined): PuzzleKind | undefined {
  if (value === undefined) return undefined;
  const genre = GENRES.find((g) => g.kind === value);
  if (genre) return genre.kind;
  throw new UsageError(`--kind must be ${GENRES.map((g) => g.kind).join(' or ')}, not '${value}'`);
}

export function parseCommandLine(argv: string[]): Command {
  if (argv.length === 0) throw new UsageError('no command given');
  const [name, ...rest] = argv;
  if (name === '-h' || name === '--help' || name === 'help') return { name: 'help', topic: rest[0] };
  if (name === '-v' || name === '--version' || name === 'version') return { name: 'version' };

  if (name === 'lsp') {
    // vscode-languageserver reads the transport (--stdio, --node-ipc, --socket=N) from process.argv.
    if (rest.includes('-h') || rest.includes('--help')) return { name: 'help' };
    return { name: 'lsp' };
  }
  if (name !== 'check' && name !== 'solve') throw new UsageError(`unknown command '${name}'`);

  const f = parseFlags(rest, { values: ['--together-limit', '--time-limit', '--node-limit', '--rule', '--kind'], switches: ['--json', '--no-redundant', '--usage', '--grade'] });
  if (f.switches.has('--help')) return { name: 'help', topic: name };
  const rule = f.values.get('--rule');
  const common: CommonOptions = { ...limitOptions(f), rule: rule === undefined ? undefined : parseRuleOption(rule), kind: kindOption(f.values.get('--kind')) };
  const json = f.switches.has('--json');
  const paths = f.positional;
  if (name === 'check') {
    if (paths.length === 0) throw new UsageError('check needs at least one FILE or DIR');
    return { name, paths, json, redundant: !f.switches.has('--no-redundant'), togetherLimitMs: togetherLimit(f), usage: f.switches.has('--usage'), grade: f.switches.has('--grade'), ...common };
  }
  if (f.switches.has('--no-redundant')) throw new UsageError('--no-redundant applies to check only');
  if (f.values.has('--together-limit')) throw new UsageError('--together-limit applies to check only');
  if (f.switches.has('--usage')) throw new UsageError('--usage applies to check only');
  if (f.switches.has('--grade')) throw new UsageError('--grade applies to check only');
  if (paths.length !== 1) throw new UsageError('solve needs exactly one FILE');
  return { name, path: paths[0], json, ...common };
}
