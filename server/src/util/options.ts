/** Reading option values given as text (the CLI's flags, the genres' generate options), with the CLI's messages. */

/** A whole number from `min` to `max`, or why not. */
export function wholeValue(name: string, v: string, min: number, max: number): number | { error: string } {
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) return { error: `${name} must be a whole number from ${min} to ${max}, not '${v}'` };
  return Number(v);
}

/** A number from `min` to `max`, fractions allowed, or why not. */
export function numberValue(name: string, v: string, min: number, max: number): number | { error: string } {
  const x = v.trim() === '' ? NaN : Number(v);
  if (!Number.isFinite(x) || x < min || x > max) return { error: `${name} must be a number from ${min} to ${max}, not '${v}'` };
  return x;
}
