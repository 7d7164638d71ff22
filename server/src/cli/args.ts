import { parseArgs } from 'node:util';
import type { NumberlinkRule, PuzzleKind } from '../model/puzzle';
import { readRuleWords } from '../parse/rule';

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
  | ({ name: 'check'; paths: string[]; json: boolean; redundant: boolean; togetherLimitMs: number } & CommonOptions)
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

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0 || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${name} needs a positive whole number, not '${value}'`);
  }
  return Number(value);
}

/** Default time of the pass behind the `together` column: a share of a check, not its whole limit. */
export const DEFAULT_TOGETHER_LIMIT_MS = 2000;

function togetherLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TOGETHER_LIMIT_MS;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--together-limit needs a whole number of milliseconds (0 skips it), not '${value}'`);
  }
  return Number(value);
}

function kindOption(value: string | undefined): PuzzleKind | undefined {
  if (value === undefined) return undefined;
  if (value === 'slitherlink' || value === 'numberlink') return value;
  throw new UsageError(`--kind must be slitherlink or numberlink, not '${value}'`);
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

  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean' },
        'no-redundant': { type: 'boolean' },
        'together-limit': { type: 'string' },
        'time-limit': { type: 'string' },
        'node-limit': { type: 'string' },
        rule: { type: 'string' },
        kind: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const v = parsed.values;
  if (v.help) return { name: 'help', topic: name };
  const common: CommonOptions = {
    timeLimitMs: positiveInt('--time-limit', v['time-limit']),
    nodeLimit: positiveInt('--node-limit', v['node-limit']),
    rule: v.rule === undefined ? undefined : parseRuleOption(v.rule),
    kind: kindOption(v.kind),
  };
  const paths = parsed.positionals;
  if (name === 'check') {
    if (paths.length === 0) throw new UsageError('check needs at least one FILE or DIR');
    return { name, paths, json: !!v.json, redundant: !v['no-redundant'], togetherLimitMs: togetherLimit(v['together-limit']), ...common };
  }
  if (v['no-redundant']) throw new UsageError('--no-redundant applies to check only');
  if (v['together-limit'] !== undefined) throw new UsageError('--together-limit applies to check only');
  if (paths.length !== 1) throw new UsageError('solve needs exactly one FILE');
  return { name, path: paths[0], json: !!v.json, ...common };
}
