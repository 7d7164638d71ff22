/**
 * A full garbage collection on request. The compiled builder's memory (a WebAssembly memory, up to
 * the whole byte budget) is returned only when V8 collects its instance, and V8 does not count it
 * as heap: a search that follows a large build in the same check (the depth-first search after the
 * kernel stops, the Nikoli diagram after the canonical route) allocated its own budget on top
 * before the old pages went back (a 20x20 draft under a 2 GB budget: 3.4 GB resident with both
 * threads of a race). The flag is set as Jest's leak detector sets it; where the runtime refuses,
 * nothing happens and the pages return at V8's next full collection, as before.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

/** Asks for a full collection; false when the runtime gives no way to. */
export function collectGarbage(): boolean {
  if (gc === undefined) {
    gc = null;
    try {
      setFlagsFromString('--expose-gc');
      const f: unknown = runInNewContext('gc');
      if (typeof f === 'function') gc = f as () => void;
    } catch {
      // No collection on request: V8's own schedule.
    }
  }
  if (gc === null) return false;
  gc();
  return true;
}
