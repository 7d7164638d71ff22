// `linkpuzzle generate|import|export|design|suggest`: the designer's commands.
import { Grid } from '../model/grid';
import type { NumberlinkRule, SlitherlinkPuzzle } from '../model/puzzle';
import { parsePuzzle } from '../parse/index';
import { kindFromPath } from '../genres/index';
import { limitOptions, numberOption, parseFlags, parseRuleOption, UsageError, wholeOption, type Flags } from './args';
import { readText } from './files';
import { generateText } from '../genres/generate';
import { adjacentNote } from '../slitherlink/design/generate';
import { GENERATE_MAX_SIDE, GENERATE_MIN_SIDE, generateSizeError, slowGenerateNote } from '../protocol-types';
import { fromLoopVerdict, puzzleFromLoop } from '../slitherlink/design/fromLoop';
import { hintFamily } from '../slitherlink/design/hintFamily';
import { suggestHints } from '../slitherlink/design/makeUnique';
import { hintsOfEdges, loopEdgesOf, loopProblem } from '../model/loop';
import { defectCells, describeDefect, loopDefects } from '../slitherlink/design/loopDefects';
import { parsePuzzLink, puzzleUrl } from '../exchange/puzzlink';
import { loopyId, parseLoopyId } from '../slitherlink/exchange/loopy';
import { isLoopyTilingId, loopyTilingId, parseLoopyTilingId } from '../slitherlink/exchange/loopyTiling';
import { writeTilingSlitherlink } from '../slitherlink/exchange/tilingText';
import { replaceHints, writeNumberlink, writeSlitherlink } from '../exchange/text';
import { DEFAULT_LIMITS, withDeadline, type RunControl } from '../zdd/control';
import { gradedText, type Level } from '../slitherlink/design/gradedGenerate';
import { LEVELS } from '../slitherlink/grade';

export const DESIGN_USAGE = `Design commands:
  generate slitherlink|numberlink WxH [--seed N] [--density D | --pairs N] [--rule RULE] [--solution]
           [--allow-adjacent]   print a new unique puzzle (.slk / .nlk) on standard output; the time
                                it took on standard error (--solution: add the loop as a --- block).
                                Sides from ${GENERATE_MIN_SIDE} to ${GENERATE_MAX_SIDE}. Numberlink pairs are never two
                                neighbouring cells unless --allow-adjacent
  generate slitherlink WxH --grade easy|normal|tricky|hard [--seed N] [--solution]
                                a puzzle of that difficulty grade (check --grade): deduction at that
                                level finishes it, the level below does not (exit 1 when no loop
                                tried gives one: the puzzle printed is then of a lower grade)
  import URL                    print a puzz.link URL (slither, numlin) or a Loopy game ID as a file
  export --url FILE             print the puzzle's puzz.link URL (--loopy: its Loopy game ID)
  design FILE [--seed N] [--only-hinted] [--density D] [--family]
                                from a .slk with a solution block (--- then rows of x/.): fill every
                                hint from the loop and remove hints while the loop stays the unique
                                solution; prints the minimal puzzle (hints in the file are kept if
                                possible; --only-hinted: hints only where the file has one).
                                --family: count every hint set that makes the loop unique (small grids)
  suggest FILE                  single hints that would make a Slitherlink puzzle unique, or the
                                hint changes that give an unsolvable one a solution
Options: --time-limit MS, --node-limit N (ZDD nodes of one solver check), --json (suggest, design --family)`;

const out = (s: string) => process.stdout.write(s.endsWith('\n') ? s : s + '\n');
const err = (s: string) => process.stderr.write(`linkpuzzle: ${s}\n`);

const COMMANDS = new Set(['generate', 'import', 'export', 'design', 'suggest']);

const FLAGS = {
  values: ['--seed', '--density', '--pairs', '--rule', '--time-limit', '--node-limit', '--grade'],
  switches: ['--url', '--loopy', '--family', '--only-hinted', '--json', '--solution', '--allow-adjacent'],
};

function control(f: Flags): RunControl {
  const { timeLimitMs: t, nodeLimit: n } = limitOptions(f);
  if (t === undefined && n === undefined) return {};
  return { limits: { ...(t !== undefined ? { timeMs: t } : {}), ...(n !== undefined ? { maxNodes: n } : {}) } };
}

/** A stop message without the engine's "undecided: " (the CLI line says `unknown:` itself). */
function stoppedReason(message: string): string {
  return message.replace(/^(undecided|unknown):\s*/, '');
}

/** What to try after `--family` stopped: a longer time limit, or (nodes) a smaller loop. */
function familyAdvice(limit: string, timeMs: number | undefined): string {
  if (limit === 'time') return `; try a larger --time-limit (e.g. --time-limit ${Math.min(1e9, 4 * (timeMs ?? DEFAULT_LIMITS.timeMs))})`;
  if (limit === 'nodes' || limit === 'memory') return '; the family of this loop is too large to count (try a smaller grid, about 6x6 at most)';
  return '';
}

class FileError extends Error {}

/** Runs a design command; null when argv is not one (main handles it). */
export function runDesignCommand(argv: string[]): number | null {
  if (argv.length === 0 || !COMMANDS.has(argv[0])) return null;
  try {
    const f = parseFlags(argv.slice(1), FLAGS);
    if (f.switches.has('--help')) {
      out(DESIGN_USAGE);
      return 0;
    }
    switch (argv[0]) {
      case 'generate': return runGenerate(f);
      case 'import': return runImport(f);
      case 'export': return runExport(f);
      case 'design': return runDesign(f);
      default: return runSuggest(f);
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

/** `generate slitherlink WxH --grade LEVEL`: a puzzle that deduction finishes at that level and not below. */
function runGradedGenerate(f: Flags, kind: string, rows: number, cols: number, seed: number): number {
  const grade = f.values.get('--grade')!;
  if (kind !== 'slitherlink') throw new UsageError('--grade is for slitherlink');
  if (!(LEVELS as readonly string[]).includes(grade)) throw new UsageError(`--grade must be ${LEVELS.join(', ')}, not '${grade}'`);
  if (f.values.has('--density')) throw new UsageError('--grade and --density do not go together (the grade decides which hints stay)');
  const run = withDeadline(control(f));
  const { text, result: r } = gradedText(rows, cols, grade as Level, seed, f.switches.has('--solution'), { deadline: run.deadline });
  if (!text || !r.puzzle) {
    err(`no puzzle: none of ${r.tries} loops gave one that deduction finishes${r.stopped ? ` (${r.stopped})` : ''}`);
    return 1;
  }
  out(text);
  const hinted = r.puzzle.hints.reduce((n, h) => n + (h >= 0 ? 1 : 0), 0);
  if (r.puzzle.grade !== grade) {
    err(`generated in ${Math.round(r.ms)} ms: unique, grade ${r.puzzle.grade}, NOT ${grade}: none of ${r.tries} loops gave a ${grade} puzzle${r.stopped ? ` (${r.stopped})` : ''}`);
    return 1;
  }
  err(`generated in ${Math.round(r.ms)} ms: unique, grade ${grade}, ${hinted} hints, after ${r.tries} loop${r.tries === 1 ? '' : 's'}`);
  return 0;
}

function runGenerate(f: Flags): number {
  const [kind, size] = f.positional;
  if (kind !== 'slitherlink' && kind !== 'numberlink') throw new UsageError('generate needs slitherlink or numberlink');
  const m = /^(\d+)x(\d+)$/.exec(size ?? '');
  if (!m) throw new UsageError('generate needs a size WxH, e.g. 10x10');
  const cols = Number(m[1]), rows = Number(m[2]);
  const bad = generateSizeError(cols, rows);
  if (bad) throw new UsageError(`generate: ${bad} (the size is WxH, each side from ${GENERATE_MIN_SIDE} to ${GENERATE_MAX_SIDE})`);
  const seed = wholeOption(f, '--seed', 0, 2 ** 32 - 1) ?? Math.floor(Math.random() * 2 ** 31);
  const allowAdjacent = f.switches.has('--allow-adjacent');
  if (allowAdjacent && kind !== 'numberlink') throw new UsageError('--allow-adjacent is for numberlink');
  // Graded puzzles need deduction only (seconds even at 60x60): no note.
  if (f.values.has('--grade')) return runGradedGenerate(f, kind, rows, cols, seed);
  // Said before the work starts, so a long wait is expected (and can be cut short with --time-limit).
  const slow = slowGenerateNote(kind, cols, rows);
  if (slow) err(`note: ${slow} (time limit ${limitOptions(f).timeLimitMs ?? DEFAULT_LIMITS.timeMs} ms: --time-limit MS)`);
  if (kind === 'slitherlink') {
    const density = numberOption(f, '--density', 0, 1);
    const g = generateText({ kind, rows, cols, seed, density, solution: f.switches.has('--solution') }, control(f));
    if (g.kind !== 'slitherlink') return 1;
    const r = g.puzzle;
    out(g.text);
    const v = fromLoopVerdict(r, { detail: `${r.checks} checks` });
    // As for Numberlink: the text is printed either way, the exit status says whether it is a puzzle.
    err(`generated in ${Math.round(r.ms)} ms: ${v.summary}`);
    return v.status === 'unique' ? 0 : 1;
  }
  const rule: NumberlinkRule = f.values.has('--rule') ? parseRuleOption(f.values.get('--rule')!) : { fill: false, notouch: false };
  const pairs = wholeOption(f, '--pairs', 1, 5000);
  const g = generateText({ kind, rows, cols, seed, rule, pairs, allowAdjacent }, control(f));
  if (g.kind !== 'numberlink') return 1;
  const r = g.puzzle;
  out(g.text);
  err(`generated in ${Math.round(r.ms)} ms: ${r.labels.length} pairs, ${r.unique ? 'unique' : 'NOT proved unique'} after ${r.checks} checks${adjacentNote(r, allowAdjacent)}${r.stopped ? `; ${r.stopped.message}` : ''}`);
  return r.unique ? 0 : 1;
}

function runImport(f: Flags): number {
  const src = f.positional[0];
  if (!src) throw new UsageError('import needs a puzz.link URL or a Loopy game ID');
  if (isLoopyTilingId(src.trim())) {
    const g = parseLoopyTilingId(src.trim());
    if ('error' in g) { err(g.error); return 1; }
    out(writeTilingSlitherlink(g.tiling, g.hints, { loopy: src.trim() }));
    return 0;
  }
  if (/^\s*\d+x\d+[^:]*:/.test(src)) {
    const g = parseLoopyId(src);
    if ('error' in g) { err(g.error); return 1; }
    out(writeSlitherlink(g, { loopy: src.trim() }));
    return 0;
  }
  const p = parsePuzzLink(src);
  if ('error' in p) { err(p.error); return 1; }
  if (p.kind === 'slitherlink') out(writeSlitherlink(p, { source: src.trim() }));
  else out(writeNumberlink(p, { source: src.trim() }));
  return 0;
}

function loadPuzzle(path: string | undefined) {
  return loadPuzzleText(path).puzzle;
}

/** The puzzle of a file and the text it was parsed from. */
function loadPuzzleText(path: string | undefined) {
  if (!path) throw new UsageError('a FILE is needed');
  const kind = kindFromPath(path);
  if (!kind) throw new UsageError(`${path}: not a .slk or .nlk file`);
  const read = readText(path);
  if ('error' in read) throw new FileError(`${path}: cannot read: ${read.error}`);
  const { text, badBytes } = read;
  const { puzzle, problems } = parsePuzzle(text, kind, { badBytes });
  if (!puzzle || problems.length > 0) {
    const p = problems[0];
    throw new FileError(`${path}:${p ? `${p.range.line + 1}:${p.range.col + 1}: ${p.message}` : ' cannot be parsed'}`);
  }
  return { puzzle, text };
}

function runExport(f: Flags): number {
  const p = loadPuzzle(f.positional[0]);
  if (f.switches.has('--loopy')) {
    if (p.kind !== 'slitherlink') throw new UsageError('Loopy game IDs are for Slitherlink only');
    if (p.tiling) {
      // The `# loopy:` line's parameters keep the difficulty letter when they name the same grid.
      const from = p.metadata.find((m) => m.key === 'loopy')?.value;
      out(loopyTilingId(p.tiling, p.hints, from?.slice(0, Math.max(0, from.indexOf(':'))).trim()));
      return 0;
    }
    out(loopyId(p));
    return 0;
  }
  if (p.kind === 'slitherlink' && p.tiling) throw new UsageError('puzz.link URLs are for square grids: export --loopy gives the Loopy game ID of a tiling');
  const { url, warning } = puzzleUrl(p);
  out(url);
  if (warning) err(`warning: ${warning}`);
  return 0;
}

function runDesign(f: Flags): number {
  const path = f.positional[0];
  const { puzzle: p, text } = loadPuzzleText(path);
  if (p.kind !== 'slitherlink') throw new UsageError('design works on .slk files');
  if (p.tiling) throw new UsageError('design works on square grids only (not on tilings yet)');
  if (!p.solution) throw new FileError(`${path}: no solution block: add a line --- after the grid, then one row of x (inside) and . (outside) per grid row`);
  const grid = new Grid(p.rows, p.cols);
  const on = loopEdgesOf(grid, p.solution);
  const bad = loopProblem(grid, on);
  if (bad) throw new FileError(notOneLoop(path!, p, bad));
  const loopHints = hintsOfEdges(grid, on);
  const fileHinted = new Uint8Array(grid.cellCount);
  for (let c = 0; c < grid.cellCount; c++) {
    if (p.hints[c] < 0) continue;
    fileHinted[c] = 1;
    if (p.hints[c] !== loopHints[c]) {
      throw new FileError(`${path}: the hint ${p.hints[c]} at row ${Math.floor(c / p.cols) + 1}, column ${(c % p.cols) + 1} disagrees with the loop (${loopHints[c]})`);
    }
  }
  const onlyHinted = f.switches.has('--only-hinted');
  const mask = onlyHinted ? fileHinted : undefined;
  if (f.switches.has('--family')) return runFamily(f, p, mask);
  const seed = wholeOption(f, '--seed', 0, 2 ** 32 - 1) ?? 1;
  const r = puzzleFromLoop(p.rows, p.cols, p.solution, { seed, mask, preferKeep: onlyHinted ? undefined : fileHinted, density: numberOption(f, '--density', 0, 1), control: control(f) });
  const v = fromLoopVerdict(r, { onlyHinted, detail: `${r.checks} checks, ${Math.round(r.ms)} ms` });
  // Nothing on stdout unless a check proved the loop unique: a puzzle is never printed on a guess.
  if (v.status !== 'unique') { err(`${path}: ${v.summary}`); return 1; }
  // The file as it was (comments, layout, the loop block), with only the hint cells changed.
  out(replaceHints(text, p, r.hints));
  err(v.summary);
  return 0;
}

/** `path: the solution block is not one loop:` then each defect as `path:line:col: message` at its first mark. */
function notOneLoop(path: string, p: SlitherlinkPuzzle, problem: string): string {
  const defects = loopDefects(p.rows, p.cols, p.solution!);
  if (defects.length === 0) return `${path}: the solution block is not one loop: ${problem}`;
  const lines = defects.map((d) => {
    const r = p.solutionCellRanges?.[defectCells(d)[0] ?? -1] ?? p.solutionRange;
    return `${path}${r ? `:${r.line + 1}:${r.col + 1}` : ''}: ${describeDefect(d, p.cols)}`;
  });
  return `${path}: the solution block is not one loop:\n${lines.join('\n')}`;
}

function runFamily(f: Flags, p: SlitherlinkPuzzle, mask: Uint8Array | undefined): number {
  const r = hintFamily(p.rows, p.cols, p.solution!, { mask, control: control(f) });
  if (!r.ok) {
    const why = stoppedReason(r.stopped.message);
    if (f.switches.has('--json')) out(JSON.stringify({ count: null, stopped: why, limit: r.stopped.limit }));
    else out(`unknown: ${why}${familyAdvice(r.stopped.limit, limitOptions(f).timeLimitMs)}`);
    return 0;
  }
  const asPuzzle = (cells: number[] | null): string | null => {
    if (!cells) return null;
    const h = new Int8Array(p.rows * p.cols).fill(-1);
    for (const c of cells) h[c] = r.loopHints[c];
    return writeSlitherlink({ rows: p.rows, cols: p.cols, hints: h });
  };
  if (f.switches.has('--json')) {
    out(JSON.stringify({
      count: r.count.toString(), minimal: r.minimalCount.toString(), minimumSize: r.minimumSize,
      minimum: r.minimum?.map((c) => [Math.floor(c / p.cols), c % p.cols]) ?? null,
      hardest: r.hardest?.map((c) => [Math.floor(c / p.cols), c % p.cols]) ?? null, ms: Math.round(r.ms),
    }));
    return 0;
  }
  out(`hint sets that make the loop unique: ${r.count}`);
  out(`minimal ones: ${r.minimalCount}`);
  if (r.minimumSize < 0) { out('no hint set makes this loop unique'); return 0; }
  out(`minimum size: ${r.minimumSize}`);
  out(`one minimum puzzle:\n${asPuzzle(r.minimum)}`);
  out(`the hardest minimal puzzle (fewest 4s, then 0s, 3s, 1s, 2s):\n${asPuzzle(r.hardest)}`);
  err(`${Math.round(r.ms)} ms`);
  return 0;
}

function runSuggest(f: Flags): number {
  const path = f.positional[0];
  const p = loadPuzzle(path);
  if (p.kind !== 'slitherlink') throw new UsageError('suggest works on .slk files');
  if (p.tiling) throw new UsageError('suggest works on square grids only (not on tilings yet)');
  const r = suggestHints(p.rows, p.cols, p.hints, { control: control(f) });
  const at = (x: { row: number; col: number }) => `row ${x.row + 1}, column ${x.col + 1}`;
  if (f.switches.has('--json')) {
    const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);
    out(JSON.stringify(r, big));
    return 0;
  }
  if (r.stopped) { out(`${path}: ${r.stopped.message}`); return 0; }
  if (r.count === 1n) { out(`${path}: already unique`); return 0; }
  if (r.count === 0n) {
    out(`${path}: no solution`);
    if (!r.repairs?.length) out('no single hint change gives it a solution');
    for (const x of r.repairs ?? []) out(`${x.value === null ? 'remove the hint at' : `change to ${x.value} at`} ${at(x)}: ${x.count === 1n ? 'unique' : `${x.count} solutions`}`);
    return 0;
  }
  out(`${path}: ${r.count} solutions`);
  if (r.singles.length > 0) {
    for (const s of r.singles) out(`add ${s.value} at ${at(s)}: unique`);
    return 0;
  }
  out('no single hint makes it unique');
  if (r.bestSingle) out(`best single: ${r.bestSingle.value} at ${at(r.bestSingle)} leaves ${r.bestSingle.count} solutions`);
  if (r.pair) out(`best pair found: ${r.pair.first.value} at ${at(r.pair.first)} and ${r.pair.second.value} at ${at(r.pair.second)} leave ${r.pair.count === 1n ? 'a unique solution' : `${r.pair.count} solutions`}`);
  return 0;
}
