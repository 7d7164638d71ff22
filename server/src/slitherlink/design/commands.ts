/**
 * Slitherlink's workspace commands (names and payloads in protocol-types.ts), behind the language
 * server's generic host (lsp/designCommands.ts: the document, its settings, worker jobs with
 * progress and cancellation, edits applied only to the version the command started on).
 */
import type { CellHint, CommandError, HintFamilyAnswer, LoopBlockResult, MakePuzzleFromLoopOptions, MakePuzzleFromLoopResult } from '../../protocol-types';
import { ApplyHintsCommand, HintFamilyCommand, LoopBlockFromSolutionCommand, MakePuzzleFromLoopCommand, ToggleLoopCellCommand, type ApplyHintsResult } from '../../protocol-types';
import type { CommandHost, EditorCommand } from '../../genres/genre';
import { placeName } from '../../findings/words';
import { makeLattice } from '../../model/lattice';
import { fileName } from '../../util/fileName';
import type { SlitherlinkPuzzle } from '../puzzle';
import { boardOf } from './board';
import { hintChanges, loopBlockChange } from './edits';
import { fromLoopVerdict, type FromLoopResult } from './fromLoop';
import type { HintFamilyResult } from './hintFamily';
import { intendedLoop, type IntendedLoop } from './intendedLoop';
import { toggleSolutionMark } from '../loopMarks';
import type { TextChange } from '../../genres/genre';

type Host = CommandHost<SlitherlinkPuzzle>;

const fail = (error: string): CommandError => ({ error });

/** The labels of the edits the commands send (also in the message to a client that cannot apply them). */
const FROM_LOOP_LABEL = 'Make a minimal puzzle from the loop';
const APPLY_HINTS_LABEL = 'Apply hints';
const LOOP_BLOCK_LABEL = 'Add the solution as a loop block';
const DRAW_LOOP_LABEL = 'Draw the loop';

/** The puzzle, whose solution block is one simple loop that every hint agrees with. */
function loop(host: Host): { puzzle: SlitherlinkPuzzle; loop: IntendedLoop } | CommandError {
  const loaded = host.puzzle();
  if ('error' in loaded) return loaded;
  const l = intendedLoop(loaded.puzzle);
  if (!l) return fail('no solution block: add a line --- after the grid, then one row of x (inside) and . (outside) per grid row');
  if (l.problem) return fail(`the marks are not one simple loop: ${l.problem}`);
  const d = l.disagreements[0];
  if (d) return fail(`hint ${d.hint} at ${placeName(d)} disagrees with the loop (which uses ${d.loop} of its sides)`);
  return { puzzle: loaded.puzzle, loop: l };
}

/** What the commands on the drawn loop say before asking anything: no grid, no (readable) loop block. */
function needsLoop(p: SlitherlinkPuzzle | null, file: string): ReturnType<NonNullable<EditorCommand['ready']>> {
  if (!p || p.rows === 0) return { message: `${file} has no grid yet.`, severity: 'warning' };
  if (p.solution) return null;
  return p.solutionRange
    ? { message: 'the loop block (after ---) has problems; fix them first (see the Problems view).', severity: 'warning' }
    : { message: 'draw the loop first: after a --- line, one row per grid row of x (inside) and . (outside), or use "Draw loop" in the preview.', severity: 'warning' };
}

const makePuzzleFromLoop: EditorCommand<SlitherlinkPuzzle> = {
  label: FROM_LOOP_LABEL,
  tilings: true,
  refuse: fail,
  ready: needsLoop,
  async run(args, host): Promise<MakePuzzleFromLoopResult | CommandError> {
    const loaded = loop(host);
    if ('error' in loaded) return loaded;
    const p = loaded.puzzle;
    // Before the work: its only result is an edit this client could not apply.
    const refused = host.refusedEdits(FROM_LOOP_LABEL);
    if (refused) return fail(refused);
    const o = (args[1] ?? {}) as MakePuzzleFromLoopOptions;
    if (typeof o !== 'object') return fail('the options must be an object { seed?, onlyHinted?, density? }');
    if (o.seed !== undefined && !(Number.isInteger(o.seed) && o.seed >= 0 && o.seed < 2 ** 32)) return fail('seed must be a whole number from 0 to 4294967295');
    if (o.density !== undefined && !(typeof o.density === 'number' && o.density >= 0 && o.density <= 1)) return fail('density must be a number from 0 to 1');
    const onlyHinted = o.onlyHinted === true;
    const fileHinted = Uint8Array.from(p.hints, (h) => (h >= 0 ? 1 : 0));
    const input = {
      rows: p.rows, cols: p.cols, ...(p.tiling ? { tiling: p.tiling } : {}), inside: p.solution!, seed: o.seed ?? 1, density: o.density,
      // As `linkpuzzle design`: the file's hints are tried last (kept if possible), or are the only ones allowed.
      ...(onlyHinted ? { mask: fileHinted } : { preferKeep: fileHinted }),
    };
    const out = await host.runTool('fromLoop', input, `Making a puzzle from the loop of ${fileName(host.uri)}`);
    if (isError(out)) return out;
    const r = out as FromLoopResult;
    const v = fromLoopVerdict(r, { onlyHinted, detail: `${r.checks} checks, ${Math.round(r.ms)} ms` });
    if (r.stopped?.limit === 'cancelled') return fail('cancelled');
    if (v.status !== 'unique') return fail(v.summary);
    const changed = host.changed();
    if (changed) return fail(changed);
    const hints = r.hints.filter((h) => h >= 0).length;
    const applied = await host.apply(hintChanges(p, r.hints), FROM_LOOP_LABEL);
    return { applied, hints, minimal: r.minimal, checks: r.checks, ms: Math.round(r.ms), message: v.summary };
  },
};

const hintFamily: EditorCommand<SlitherlinkPuzzle> = {
  label: 'Counting the puzzles of a loop',
  tilings: true,
  refuse: fail,
  ready: needsLoop,
  async run(_args, host): Promise<HintFamilyAnswer | { stopped: string } | CommandError> {
    const loaded = loop(host);
    if ('error' in loaded) return loaded;
    const { puzzle: p, loop: l } = loaded;
    const out = await host.runTool('hintFamily', { rows: p.rows, cols: p.cols, ...(p.tiling ? { tiling: p.tiling } : {}), inside: p.solution! }, `Counting the puzzles of the loop of ${fileName(host.uri)}`);
    if (isError(out)) return out.error === 'cancelled' ? { stopped: 'cancelled' } : out;
    const r = out as HintFamilyResult;
    if (!r.ok) return { stopped: r.stopped.message };
    // A tiling's face by its line and place (and its number), each line as long as its faces.
    const board = boardOf(p), lattice = board.lattice;
    const cells = (list: number[] | null): CellHint[] => (list ?? []).map((c) => ({ ...board.place(c), value: l.loopHints[c]! }));
    const lines = lattice ? { lines: Array.from({ length: lattice.rowCount }, (_, y) => lattice.rowOff[y + 1]! - lattice.rowOff[y]!) } : {};
    return {
      count: r.count.toString(), minimalCount: r.minimalCount.toString(), minimumSize: r.minimumSize, rows: p.rows, cols: p.cols, ...lines,
      minimum: cells(r.minimum), hardest: cells(r.hardest), ms: Math.round(r.ms),
    };
  },
};

const applyHints: EditorCommand<SlitherlinkPuzzle> = {
  label: APPLY_HINTS_LABEL,
  tilings: true,
  refuse: (error): ApplyHintsResult => ({ applied: false, error }),
  async run(args, host): Promise<ApplyHintsResult> {
    const [, version, list] = args as [unknown, unknown, unknown];
    if (host.version !== version) return { applied: false, error: `the document is at version ${host.version}, not ${String(version)}: nothing was applied` };
    const refused = host.refusedEdits(APPLY_HINTS_LABEL);
    if (refused) return { applied: false, error: refused };
    const loaded: { puzzle: SlitherlinkPuzzle; loop?: IntendedLoop } | CommandError = list === 'all-from-loop' ? loop(host) : host.puzzle();
    if ('error' in loaded) return { applied: false, error: loaded.error };
    const p = loaded.puzzle;
    let hints: Int8Array;
    if (loaded.loop) {
      hints = loaded.loop.loopHints;
    } else {
      if (!Array.isArray(list)) return { applied: false, error: "the hints must be a list of { row, col, value } or 'all-from-loop'" };
      hints = new Int8Array(p.hints.length).fill(-1);
      if (p.tiling) {
        // On a tiling a hint is at its face's line and place in the grid, up to the face's sides.
        const l = makeLattice(p.tiling);
        for (const h of list as CellHint[]) {
          const f = h && [h.row, h.col, h.value].every(Number.isInteger) && h.row >= 0 && h.row < l.rowCount && h.col >= 0 && h.col < l.rowOff[h.row + 1]! - l.rowOff[h.row]! ? l.rowOff[h.row]! + h.col : -1;
          if (f < 0 || h.value < 0 || h.value > l.faceSize(f)) return { applied: false, error: `not a hint of this ${p.tiling.name} ${p.tiling.width}x${p.tiling.height} grid (line, place, value up to the face's sides): ${JSON.stringify(h)}` };
          hints[f] = h.value;
        }
        return { applied: await host.apply(hintChanges(p, hints), APPLY_HINTS_LABEL) };
      }
      for (const h of list as CellHint[]) {
        const ok = h && [h.row, h.col, h.value].every(Number.isInteger) && h.row >= 0 && h.row < p.rows && h.col >= 0 && h.col < p.cols && h.value >= 0 && h.value <= 4;
        if (!ok) return { applied: false, error: `not a hint of this ${p.rows}x${p.cols} grid: ${JSON.stringify(h)}` };
        hints[h.row * p.cols + h.col] = h.value;
      }
    }
    return { applied: await host.apply(hintChanges(p, hints), APPLY_HINTS_LABEL) };
  },
};

const loopBlockFromSolution: EditorCommand<SlitherlinkPuzzle> = {
  label: LOOP_BLOCK_LABEL,
  tilings: true,
  refuse: fail,
  ready(p, file) {
    if (!p || p.rows === 0) return { message: `${file} has no grid yet.`, severity: 'warning' };
    if (p.solutionRange) return { message: 'this file already has a loop block (after ---); delete it first to replace it with the solution.', severity: 'information' };
    return null;
  },
  async run(_args, host): Promise<LoopBlockResult | CommandError> {
    const loaded = host.puzzle();
    if ('error' in loaded) return loaded;
    const p = loaded.puzzle;
    if (p.solutionRange) return fail('the file already has a solution block');
    const refused = host.refusedEdits(LOOP_BLOCK_LABEL);
    if (refused) return fail(refused);
    const result = await host.result(`Solving ${fileName(host.uri)}`);
    if ('error' in result) return result;
    if (result.verdict !== 'unique') {
      const why = result.verdict === 'multiple' ? `it has ${result.count ?? 'several'} solutions` : result.verdict === 'none' ? 'it has no solution' : result.stopped?.message ?? `the verdict is ${result.verdict}`;
      return fail(`the puzzle must have a unique solution: ${why}`);
    }
    const changed = host.changed();
    if (changed) return fail(changed);
    const b = loopBlockChange(p, host.text, result);
    if (!b) return fail('no solution to write');
    const applied = await host.apply([b.change], LOOP_BLOCK_LABEL);
    return { applied, block: b.block };
  },
};

/** The preview's *Draw loop*: one cell (a tiling's face, by line and place) marked inside / outside in the solution block (loopMarks.ts). */
const toggleLoopCell: EditorCommand<SlitherlinkPuzzle> = {
  label: DRAW_LOOP_LABEL,
  tilings: true,
  refuse: (error): ApplyHintsResult => ({ applied: false, error }),
  async run(args, host): Promise<ApplyHintsResult> {
    const [, version, row, col] = args as [unknown, unknown, unknown, unknown];
    if (host.version !== version) return { applied: false, error: `the document is at version ${host.version}, not ${String(version)}: nothing was applied` };
    if (!Number.isInteger(row) || !Number.isInteger(col)) return { applied: false, error: 'row and col must be whole numbers' };
    const refused = host.refusedEdits(DRAW_LOOP_LABEL);
    if (refused) return { applied: false, error: refused };
    const r = toggleSolutionMark(host.text, row as number, col as number);
    if ('error' in r) return { applied: false, error: r.error };
    const applied = await host.apply([offsetChange(host.text, r.edit.start, r.edit.end, r.edit.newText)], DRAW_LOOP_LABEL);
    return applied ? { applied } : { applied, error: 'the solution block could not be edited (is the file read-only?)' };
  },
};

/** A change given by offsets into `text`, as lines and columns (UTF-16, as the ranges of the parse). */
function offsetChange(text: string, start: number, end: number, newText: string): TextChange {
  const at = (offset: number) => {
    let line = 0, lineStart = 0;
    for (let i = 0; i < offset; i++) {
      const ch = text[i];
      if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) {
        line++;
        lineStart = i + 1;
      }
    }
    return { line, col: offset - lineStart };
  };
  const a = at(start), b = at(end);
  return { range: { line: a.line, col: a.col, endLine: b.line, endCol: b.col }, newText };
}

export const commands: Record<string, EditorCommand<SlitherlinkPuzzle>> = {
  [MakePuzzleFromLoopCommand]: makePuzzleFromLoop,
  [HintFamilyCommand]: hintFamily,
  [ApplyHintsCommand]: applyHints,
  [LoopBlockFromSolutionCommand]: loopBlockFromSolution,
  [ToggleLoopCellCommand]: toggleLoopCell,
};

function isError(x: unknown): x is CommandError {
  return typeof x === 'object' && x !== null && 'error' in x && typeof (x as CommandError).error === 'string';
}
