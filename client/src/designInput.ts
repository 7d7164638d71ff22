/**
 * The pure parts of the designer commands (client/src/designCommands.ts): reading the size and
 * seed the user types, the server commands' replies, and the texts shown for them. No VS Code
 * imports, so they are unit-tested.
 */
import { formatCount, formatMs } from './summary';
import { GENERATE_MAX_SIDE, GENERATE_MIN_SIDE, generateSizeError, slowGenerateNote } from '../../server/src/protocol-types';

import {
  ApplyHintsCommand,
  GenerateCommand,
  HintFamilyCommand,
  LoopBlockFromSolutionCommand,
  MakePuzzleFromLoopCommand,
  type CellHint,
  type GenerateResult,
  type HintFamilyAnswer,
  type MakePuzzleFromLoopResult,
} from '../../server/src/protocol-types';

/** The language server's design commands (vscode-languageclient registers them under these ids). */
export const DesignServerCommands = {
  makePuzzleFromLoop: MakePuzzleFromLoopCommand,
  hintFamily: HintFamilyCommand,
  applyHints: ApplyHintsCommand,
  generate: GenerateCommand,
  loopBlockFromSolution: LoopBlockFromSolutionCommand,
} as const;

/** The generators' sizes: the same rule as `linkpuzzle generate` and the server (protocol-types.ts). */
export const MIN_SIZE = GENERATE_MIN_SIDE;
export const MAX_SIZE = GENERATE_MAX_SIDE;
export const DEFAULT_SIZE = '10x10';

/**
 * "WxH" (width x height: `10x10`, `15 x 8`, `12×9`, `20*20`), or one number for a square.
 * Both between MIN_SIZE and MAX_SIZE.
 */
export function parseSize(input: string): { rows: number; cols: number } | { error: string } {
  const s = input.trim();
  const m = /^(\d+)\s*(?:[xX×*,]|\s)\s*(\d+)$/.exec(s) ?? /^(\d+)$/.exec(s);
  if (!m) return { error: `Write the size as WxH, e.g. ${DEFAULT_SIZE}` };
  const cols = Number(m[1]);
  const rows = m[2] === undefined ? cols : Number(m[2]);
  const bad = generateSizeError(cols, rows);
  if (bad) return { error: bad[0]!.toUpperCase() + bad.slice(1) };
  return { rows, cols };
}

/** A warning to show while the size is typed, for sizes that take a minute or more; null for the others and for sizes not understood. */
export function sizeWarning(genre: { name: string; slowCells: number }, input: string): string | null {
  const r = parseSize(input);
  if ('error' in r) return null;
  const note = slowGenerateNote(genre, r.cols, r.rows);
  return note ? `${note[0]!.toUpperCase()}${note.slice(1)} (the setting linkpuzzle.limits.timeMs bounds it; you can cancel it).` : null;
}

/** An optional seed: empty means random (undefined); else a whole number 0 .. 2^31 - 1. */
export function parseSeed(input: string | undefined): { seed: number | undefined } | { error: string } {
  const s = (input ?? '').trim();
  if (s === '') return { seed: undefined };
  if (!/^\d+$/.test(s) || Number(s) > 0x7fffffff) return { error: 'The seed is a whole number from 0 to 2147483647 (or empty for a random one)' };
  return { seed: Number(s) };
}

export function isErrorReply(x: unknown): x is { error: string } {
  return typeof x === 'object' && x !== null && typeof (x as { error?: unknown }).error === 'string';
}

export function isStoppedReply(x: unknown): x is { stopped: string } {
  return typeof x === 'object' && x !== null && typeof (x as { stopped?: unknown }).stopped === 'string';
}

export function isMakeReply(x: unknown): x is MakePuzzleFromLoopResult {
  return typeof x === 'object' && x !== null && typeof (x as MakePuzzleFromLoopResult).applied === 'boolean';
}

export function isFamilyReply(x: unknown): x is HintFamilyAnswer {
  const r = x as HintFamilyAnswer;
  return typeof x === 'object' && x !== null && typeof r.count === 'string' && Array.isArray(r.minimum) && Array.isArray(r.hardest);
}

export function isGenerateReply(x: unknown): x is GenerateResult {
  return typeof x === 'object' && x !== null && typeof (x as GenerateResult).text === 'string';
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The message after "Make Minimal Puzzle from Loop": the server's, else one built from the numbers. */
export function makeMessage(r: MakePuzzleFromLoopResult): string {
  const built =
    `${plural(r.hints, 'hint')} left, ${r.minimal ? 'minimal' : 'unique but not proved minimal'} ` +
    `(${plural(r.checks, 'uniqueness check')}, ${formatMs(r.ms)})`;
  const text = r.message.trim() || built;
  return r.applied ? text : `Nothing changed: ${text}`;
}

/** Some hint set makes the loop unique (the server says minimumSize -1 and [] lists when none does). */
export function hasPuzzles(r: HintFamilyAnswer): boolean {
  return r.count !== '0' && r.minimumSize >= 0 && r.minimum.length > 0;
}

/** The message after "Count Puzzles for This Loop". */
export function familyMessage(r: HintFamilyAnswer): string {
  if (!hasPuzzles(r)) return `No set of hints makes this loop the only solution (${formatMs(r.ms)}).`;
  const n = Number(r.count);
  return (
    `${formatCount(r.count)} hint set${n === 1 ? '' : 's'} make${n === 1 ? 's' : ''} this loop the only solution; ` +
    `${formatCount(r.minimalCount)} minimal, the smallest with ${plural(r.minimumSize, 'hint')} (${formatMs(r.ms)}).`
  );
}

/** The message after "Count Puzzles for This Loop" stopped by a limit: why (once), and which setting gives it room. */
export function familyStoppedMessage(stopped: string): string {
  const why = stopped.replace(/^(undecided|unknown):\s*/, '');
  const advice = /time limit/.test(why) ? ' Raise the setting linkpuzzle.limits.timeMs to give it longer.'
    : /node limit|memory/.test(why) ? ' This loop has too many hint sets to count (grids up to about 6x6 can be counted).' : '';
  return `The count stopped: ${why}.${advice}`;
}

/**
 * A hint set drawn as grid rows (`.` for no hint), for the output channel; on a tiling (`lines`:
 * faces per line) each line as long as its faces, as the file writes them.
 */
export function hintGrid(rows: number, cols: number, hints: CellHint[], layout: 'compact' | 'tokens' = 'tokens', lines?: number[]): string[] {
  const cells: string[][] = lines ? lines.map((n) => new Array<string>(n).fill('.')) : Array.from({ length: rows }, () => new Array<string>(cols).fill('.'));
  for (const h of hints) if (h.row >= 0 && h.row < cells.length && h.col >= 0 && h.col < cells[h.row].length) cells[h.row][h.col] = String(h.value);
  return cells.map((row) => row.join(layout === 'tokens' ? ' ' : ''));
}

/** The details written to the output channel after a count. */
export function familyDetails(file: string, rows: number, cols: number, r: HintFamilyAnswer): string[] {
  if (!hasPuzzles(r)) return [`Puzzles for the loop of ${file} (${cols}x${rows}), ${formatMs(r.ms)}: none (no hint set makes the loop the only solution).`];
  const grid = (list: CellHint[]) => hintGrid(rows, cols, list, 'tokens', r.lines).map((l) => `  ${l}`);
  const order = r.lines ? 'fewest full faces, then 0s, one-short-of-full, 1s, the rest' : 'fewest 4s, then 0s, 3s, 1s, 2s';
  return [
    `Puzzles for the loop of ${file} (${cols}x${rows}), ${formatMs(r.ms)}:`,
    `  hint sets with this loop as the only solution: ${formatCount(r.count)}`,
    `  minimal ones (no hint can go): ${formatCount(r.minimalCount)}`,
    `  fewest hints: ${r.minimumSize}`,
    `A minimum puzzle (${plural(r.minimum.length, 'hint')}):`,
    ...grid(r.minimum),
    `The hardest minimal puzzle (${plural(r.hardest.length, 'hint')}; ${order}):`,
    ...grid(r.hardest),
  ];
}

/** A cancellation token as VS Code's (structurally), so that this file needs no VS Code import. */
export interface CancelToken {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => unknown): { dispose(): unknown };
}

/**
 * Waits for `work` unless the token is cancelled first (then resolves at once with
 * `{ cancelled: true }`; the work's outcome is ignored). A rejection of `work` rejects.
 */
export function raceCancellation<T>(work: Thenable<T>, token: CancelToken): Promise<{ value: T } | { cancelled: true }> {
  if (token.isCancellationRequested) return Promise.resolve({ cancelled: true });
  return new Promise((resolve, reject) => {
    const sub = token.onCancellationRequested(() => {
      sub.dispose();
      resolve({ cancelled: true });
    });
    work.then(
      (value) => {
        sub.dispose();
        resolve({ value });
      },
      (e: unknown) => {
        sub.dispose();
        reject(e);
      },
    );
  });
}
