/**
 * The sizes the generators take, one rule for the CLI, the language server's `linkpuzzle.generate`
 * and VS Code's Generate Puzzle… (which imports this file), and the sizes that take long enough to
 * say so before starting (measured: README, Design workflow).
 */

export const GENERATE_MIN_SIDE = 2;
export const GENERATE_MAX_SIDE = 60;

/**
 * Above this many cells a generate took tens of seconds to a minute (the default time limit) on a
 * busy 2-core machine: Slitherlink 30x30 5 s, 40x40 21-60 s; Numberlink 25x25 1-20 s, 30x30 4-38 s.
 */
const SLOW_CELLS = { slitherlink: 35 * 35, numberlink: 25 * 25 } as const;

/** Why a width x height cannot be generated, or null when it can. */
export function generateSizeError(cols: number, rows: number): string | null {
  for (const [n, what] of [[cols, 'width'], [rows, 'height']] as const) {
    if (!Number.isInteger(n) || n < GENERATE_MIN_SIDE || n > GENERATE_MAX_SIDE) {
      return `the ${what} must be a whole number from ${GENERATE_MIN_SIDE} to ${GENERATE_MAX_SIDE} (got ${String(n)})`;
    }
  }
  return null;
}

/** A warning for sizes that take long (and may end at the time limit), or null. */
export function slowGenerateNote(kind: 'slitherlink' | 'numberlink', cols: number, rows: number): string | null {
  if (cols * rows <= SLOW_CELLS[kind]) return null;
  const name = kind === 'slitherlink' ? 'Slitherlink' : 'Numberlink';
  return `a ${cols}x${rows} ${name} may take a minute or more, and may stop at the time limit before it is done`;
}
