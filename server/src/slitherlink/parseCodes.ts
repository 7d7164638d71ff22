/** The problems only the Slitherlink parser reports (parse/codes.ts has the shared ones): `code` -> what and where. */
export const SLITHERLINK_PARSE_CODES: Record<string, string> = {
  'bad-cell': 'a character or token that is not a cell: not 0-4 . - (on a tiling: 0 to the face\'s sides); range: the cell',
  'hint-too-large': 'a hint of 5 or more; range: the hint',
  'unexpected-header': 'a "W H" size line in a .slk file (which has none; the line is skipped); range: the line',
  // On a tiling (`# grid:` line, docs/tilings.md)
  'grid-name': 'a `# grid:` line without a known tiling name; the puzzle is null; range: the name, or the line when empty',
  'grid-size': 'a `# grid:` size missing, not WIDTHxHEIGHT, or refused as Loopy refuses it (too small, too large); the puzzle is null; range: the size, or an empty range after the name',
  'grid-option': 'words after the size of a `# grid:` line (triangular: other than "old"); range: those words',
  'grid-duplicate': 'a second `# grid:` line (the first one is used); range: the second line',
};
