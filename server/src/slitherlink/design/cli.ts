/** `linkpuzzle design FILE` and `linkpuzzle suggest FILE`: the designer's commands on a `.slk`. */
import type { CliCommand, CliInput, CliOutcome } from '../../genres/genre';
import type { Lattice } from '../../model/lattice';
import { numberValue, wholeValue } from '../../util/options';
import { DEFAULT_LIMITS } from '../../zdd/control';
import { replaceHints, writeSlitherlink } from '../exchange/write';
import { writeTilingSlitherlink } from '../exchange/tilingText';
import type { SlitherlinkPuzzle } from '../puzzle';
import { boardOf, type LoopBoard } from './board';
import { fromLoopVerdict, puzzleFromLoopOn } from './fromLoop';
import { hintFamilyOn } from './hintFamily';
import { defectCells, describeDefect, describeFaceDefect, loopDefects } from './loopDefects';
import { latticeLoopDefects } from '../../model/latticeLoop';
import { placeName } from '../../findings/words';
import { cellText } from '../cells';
import { suggestFor } from './suggestions';

type Input = CliInput<SlitherlinkPuzzle>;

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

/** A value flag read with its own reader; undefined when absent. */
function flag<T>(input: Input, name: string, read: (v: string) => T | { error: string }): T | undefined | { usage: string } {
  const v = input.values.get(name);
  if (v === undefined) return undefined;
  const x = read(v);
  return typeof x === 'object' && x !== null && 'error' in x ? { usage: x.error } : x;
}
const isUsage = (x: unknown): x is { usage: string } => typeof x === 'object' && x !== null && 'usage' in x;

export const design: CliCommand<SlitherlinkPuzzle> = {
  usage: `  design FILE [--seed N] [--only-hinted] [--density D] [--family]
                                from a .slk with a solution block (--- then rows of x/.): fill every
                                hint from the loop and remove hints while the loop stays the unique
                                solution; prints the minimal puzzle (hints in the file are kept if
                                possible; --only-hinted: hints only where the file has one).
                                Squares and tilings (in the tiling's own layout).
                                --family: count every hint set that makes the loop unique (small grids)`,
  flags: { values: ['--seed', '--density'], switches: ['--only-hinted', '--family', '--json'] },
  run(input): CliOutcome {
    const { path, puzzle: p, text } = input;
    if (!p.solution) return { fileError: `${path}: no solution block: add a line --- after the grid, then one row of x (inside) and . (outside) per grid row` };
    // A square grid or a tiling: the same commands on its board (board.ts).
    const board = boardOf(p);
    const on = board.loopEdges(p.solution);
    const bad = board.loopProblem(on);
    if (bad) return { fileError: notOneLoop(path, p, bad, board.lattice) };
    const loopHints = board.loopHints(on);
    const fileHinted = new Uint8Array(board.cellCount);
    for (let c = 0; c < board.cellCount; c++) {
      if (p.hints[c] < 0) continue;
      fileHinted[c] = 1;
      if (p.hints[c] !== loopHints[c]) {
        const at = p.tiling ? placeName(board.place(c)) : `row ${Math.floor(c / p.cols) + 1}, column ${(c % p.cols) + 1}`;
        return { fileError: `${path}: the hint ${p.hints[c]} at ${at} disagrees with the loop (${loopHints[c]})` };
      }
    }
    const onlyHinted = input.switches.has('--only-hinted');
    const mask = onlyHinted ? fileHinted : undefined;
    if (input.switches.has('--family')) return family(input, board, mask);
    const seed = flag(input, '--seed', (v) => wholeValue('--seed', v, 0, 2 ** 32 - 1));
    if (isUsage(seed)) return seed;
    const density = flag(input, '--density', (v) => numberValue('--density', v, 0, 1));
    if (isUsage(density)) return density;
    const r = puzzleFromLoopOn(board, p.solution, { seed: seed ?? 1, mask, preferKeep: onlyHinted ? undefined : fileHinted, density, control: input.control });
    const v = fromLoopVerdict(r, { onlyHinted, detail: `${r.checks} checks, ${Math.round(r.ms)} ms` });
    // Nothing on stdout unless a check proved the loop unique: a puzzle is never printed on a guess.
    if (v.status !== 'unique') return { out: [], err: [`${path}: ${v.summary}`], status: 1 };
    // The file as it was (comments, layout, the loop block), with only the hint cells changed.
    // A tiling's hint of 10 or more is a letter in a compact line, as the editor writes it.
    const mark = (c: number, value: number): string => {
      const t = cellText(p, String(value), board.place(c));
      return typeof t === 'string' ? t : String(value);
    };
    return { out: [replaceHints(text, p, r.hints, mark)], err: [v.summary], status: 0 };
  },
};

/** `path: the solution block is not one loop:` then each defect as `path:line:col: message` at its first mark. */
function notOneLoop(path: string, p: SlitherlinkPuzzle, problem: string, lattice: Lattice | undefined): string {
  const defects = lattice
    ? latticeLoopDefects(lattice, p.solution!).map((d) => ({ cells: 'cells' in d ? d.cells : [], text: describeFaceDefect(d, lattice) }))
    : loopDefects(p.rows, p.cols, p.solution!).map((d) => ({ cells: defectCells(d), text: describeDefect(d, p.cols) }));
  if (defects.length === 0) return `${path}: the solution block is not one loop: ${problem}`;
  const lines = defects.map((d) => {
    const r = p.solutionCellRanges?.[d.cells[0] ?? -1] ?? p.solutionRange;
    return `${path}${r ? `:${r.line + 1}:${r.col + 1}` : ''}: ${d.text}`;
  });
  return `${path}: the solution block is not one loop:\n${lines.join('\n')}`;
}

function family(input: Input, board: LoopBoard, mask: Uint8Array | undefined): CliOutcome {
  const p = input.puzzle;
  const json = input.switches.has('--json');
  const r = hintFamilyOn(board, p.solution!, { mask, control: input.control });
  if (!r.ok) {
    const why = stoppedReason(r.stopped.message);
    if (json) return { out: [JSON.stringify({ count: null, stopped: why, limit: r.stopped.limit })], err: [], status: 0 };
    return { out: [`unknown: ${why}${familyAdvice(r.stopped.limit, input.control.limits?.timeMs)}`], err: [], status: 0 };
  }
  const asPuzzle = (cells: number[] | null): string | null => {
    if (!cells) return null;
    const h = new Int8Array(board.cellCount).fill(-1);
    for (const c of cells) h[c] = r.loopHints[c];
    return p.tiling ? writeTilingSlitherlink(p.tiling, h) : writeSlitherlink({ rows: p.rows, cols: p.cols, hints: h });
  };
  // Squares: [row, column]; a tiling's face: [line, place, face].
  const where = (c: number): number[] => {
    const at = board.place(c);
    return at.face === undefined ? [at.row, at.col] : [at.row, at.col, at.face];
  };
  if (json) {
    return {
      out: [JSON.stringify({
        count: r.count.toString(), minimal: r.minimalCount.toString(), minimumSize: r.minimumSize,
        minimum: r.minimum?.map(where) ?? null,
        hardest: r.hardest?.map(where) ?? null, ms: Math.round(r.ms),
      })],
      err: [],
      status: 0,
    };
  }
  const out = [`hint sets that make the loop unique: ${r.count}`, `minimal ones: ${r.minimalCount}`];
  if (r.minimumSize < 0) return { out: [...out, 'no hint set makes this loop unique'], err: [], status: 0 };
  out.push(`minimum size: ${r.minimumSize}`);
  out.push(`one minimum puzzle:\n${asPuzzle(r.minimum)}`);
  const order = p.tiling ? 'fewest full faces, then 0s, one-short-of-full, 1s, the rest' : 'fewest 4s, then 0s, 3s, 1s, 2s';
  out.push(`the hardest minimal puzzle (${order}):\n${asPuzzle(r.hardest)}`);
  return { out, err: [`${Math.round(r.ms)} ms`], status: 0 };
}

export const suggest: CliCommand<SlitherlinkPuzzle> = {
  usage: `  suggest FILE                  single hints that would make a Slitherlink puzzle unique, or the
                                hint changes that give an unsolvable one a solution (squares and
                                tilings; on a tiling each face by number, line and place)`,
  flags: { values: [], switches: ['--json'] },
  run(input): CliOutcome {
    const { path, puzzle: p } = input;
    const r = suggestFor(p, input.control);
    // On a tiling a face by its number and its line and place in the file.
    const at = (x: { row: number; col: number; face?: number }) => (x.face === undefined ? `row ${x.row + 1}, column ${x.col + 1}` : placeName(x));
    const ok = (out: string[]): CliOutcome => ({ out, err: [], status: 0 });
    if (input.switches.has('--json')) {
      const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);
      return ok([JSON.stringify(r, big)]);
    }
    if (r.stopped) return ok([`${path}: ${r.stopped.message}`]);
    if (r.count === 1n) return ok([`${path}: already unique`]);
    if (r.count === 0n) {
      const out = [`${path}: no solution`];
      if (!r.repairs?.length) out.push('no single hint change gives it a solution');
      for (const x of r.repairs ?? []) out.push(`${x.value === null ? 'remove the hint at' : `change to ${x.value} at`} ${at(x)}: ${x.count === 1n ? 'unique' : `${x.count} solutions`}`);
      return ok(out);
    }
    const out = [`${path}: ${r.count} solutions`];
    if (r.singles.length > 0) {
      for (const s of r.singles) out.push(`add ${s.value} at ${at(s)}: unique`);
      return ok(out);
    }
    out.push('no single hint makes it unique');
    if (r.bestSingle) out.push(`best single: ${r.bestSingle.value} at ${at(r.bestSingle)} leaves ${r.bestSingle.count} solutions`);
    if (r.pair) out.push(`best pair found: ${r.pair.first.value} at ${at(r.pair.first)} and ${r.pair.second.value} at ${at(r.pair.second)} leave ${r.pair.count === 1n ? 'a unique solution' : `${r.pair.count} solutions`}`);
    return ok(out);
  },
};

export const cli: Record<string, CliCommand<SlitherlinkPuzzle>> = { design, suggest };
