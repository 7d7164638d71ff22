/**
 * The `code` of the problems every genre's parser may report (stable: editors key quick fixes on
 * them); each genre lists its own (Genre.parseCodes). Any of them makes the file `invalid`.
 * Ranges are as described; "row" means the row's non-blank content.
 */
export const PARSE_CODES = {
  'no-grid': 'no grid rows at all (the puzzle is null); range: the first line, or the header',
  'row-length': 'a row has more or fewer cells than the grid width; range: the extra cells, or the whole short row',
  'bad-cell': 'a character or token that is not a cell (what a cell may be is the genre\'s: Genre.parseCodes); range: the cell',
  'mixed-layout': 'a compact row among token rows or the reverse; range: the row (its cells are still read as written)',
  'trailing-comment': "' # ...' after the cells of a row (comments take a whole line); range: from # to the end",
  'too-many-problems': 'summary after the first 1000 problems; range: the last problem left out',
  'internal-error': 'a parser bug caught (never expected); range: the start of the file',
  'grid-too-large': 'more cells than MAX_GRID_CELLS (1,048,576) written; the only problem reported, the puzzle is null; range: the first row (or a size header)',
  'row-count': 'fewer or more rows than the size the file gives (a size header\'s height, a tiling\'s rows); range: the extra rows, or an empty range at the end of the last row',
  'invalid-utf8': 'bytes that are not UTF-8, read from a file (the text has U+FFFD there); range: that character',
} as const;

export type ParseCode = keyof typeof PARSE_CODES;
