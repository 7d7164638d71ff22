// Small statistics shared by the bench scripts.

/** The median of a list of numbers (the mean of the middle two for an even count); null when empty. */
export function median(xs) {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
