/**
 * The design tools throw a plain Error for input they reject (a loop that is no loop): that is an
 * answer `{ error }` for the caller, not a crash. Range and type errors are bugs and propagate.
 */
export function rejected<T>(f: () => T): T | { error: string } {
  try {
    return f();
  } catch (e) {
    if (e instanceof Error && !(e instanceof RangeError) && !(e instanceof TypeError)) return { error: e.message };
    throw e;
  }
}
