/**
 * A ZDD specification in the style of TdZdd: a top-down description of a family of sets
 * over variables numbered by level, `levels` (top) down to 1.
 *
 * A state is `width` consecutive Int32 words inside a buffer; the builder owns the buffers
 * and hands the spec an (array, offset) pair, so no objects are created per state.
 *
 * Return values of `root` and `child`:
 * - a level L >= 1: the next variable to decide is L (levels skipped in between are 0, i.e.
 *   their elements are absent; it must be lower than the current level);
 * - REJECT (0): the 0-terminal, no set along this path;
 * - ACCEPT (-1): the 1-terminal; all remaining variables are 0.
 */
export const REJECT = 0;
export const ACCEPT = -1;

import type { Kernel } from './kernel.js';

export interface Spec {
  /** Number of Int32 words in one state (may be 0). */
  readonly width: number;
  /** Writes the root state at `s[off .. off + width)` and returns the root level (or REJECT / ACCEPT). */
  root(s: Int32Array, off: number): number;
  /**
   * Updates the state at `s[off ..]` in place for deciding variable `level` as `take` (0 or 1)
   * and returns the next level (or REJECT / ACCEPT).
   */
  child(s: Int32Array, off: number, level: number, take: 0 | 1): number;
  /**
   * Optional: a state that differs only in words the spec no longer reads should be made equal
   * here, so that the builder merges them (called on every new child state before hashing).
   */
  normalize?(s: Int32Array, off: number, level: number): void;
  /**
   * Optional side channel: after `child` returns, a spec may set `event` to a small non-negative
   * integer (e.g. "hint h just broke"); the builder records (child node, event) pairs when the
   * caller asks for them. -1 means no event. The builder resets it to -1 before each call.
   */
  event?: number;
  /**
   * Optional: the same family described for a compiled builder (zdd/kernel.ts: Simpath), which
   * buildZdd runs instead of calling `child` when the build needs nothing only the generic
   * builder does (events, checkpoints, resuming). Its states and diagram are the spec's own.
   */
  readonly kernel?: Kernel;
}
