/**
 * The `code` of every problem the parsers report (stable: editors key quick fixes on them).
 * Any of them makes the file `invalid`. Ranges are as described; "row" means the row's
 * non-blank content.
 */
export const PARSE_CODES = {
  // Both formats
  'no-grid': 'no grid rows at all (the puzzle is null); range: the first line, or the header',
  'row-length': 'a row has more or fewer cells than the grid width; range: the extra cells, or the whole short row',
  'bad-cell': 'a character or token that is not a cell (slk: not 0-4 . -; nlk: #, invisible, U+FFFD, or only dots); range: the cell',
  'mixed-layout': 'a compact row among token rows or the reverse; range: the row (its cells are still read as written)',
  'trailing-comment': "' # ...' after the cells of a row (comments take a whole line); range: from # to the end",
  'too-many-problems': 'summary after the first 1000 problems; range: the last problem left out',
  'internal-error': 'a parser bug caught (never expected); range: the start of the file',
  'grid-too-large': 'more cells than MAX_GRID_CELLS (1,048,576) written; the only problem reported, the puzzle is null; range: the first row (.nlk: the size header)',
  'invalid-utf8': 'bytes that are not UTF-8, read from a file (the text has U+FFFD there); range: that character',
  // Slitherlink
  'hint-too-large': 'a hint of 5 or more; range: the hint',
  'unexpected-header': 'a "W H" size line in a .slk file (which has none; the line is skipped); range: the line',
  // Slitherlink on a tiling (`# grid:` line, docs/tilings.md)
  'grid-name': 'a `# grid:` line without a known tiling name; the puzzle is null; range: the name, or the line when empty',
  'grid-size': 'a `# grid:` size missing, not WIDTHxHEIGHT, or refused as Loopy refuses it (too small, too large); the puzzle is null; range: the size, or an empty range after the name',
  'grid-option': 'words after the size of a `# grid:` line (triangular: other than "old"); range: those words',
  'grid-duplicate': 'a second `# grid:` line (the first one is used); range: the second line',
  'solution-block-tiling': 'a solution block (`---`) in a tiling file; range: the `---`',
  // Numberlink
  'missing-header': 'the first line is a grid row, not "W H"; range: that row (puzzle.headerRange is an empty range at its start, where a header goes)',
  'bad-header': 'a header that is not two whole numbers of at least 1 ("5x4", "5", "3 2 1", "0 4", "-5 5", "5.0 5", a number past MAX_GRID_CELLS: "too large"); range: the header, or the bad number',
  'header-width': 'no row has the width the header gives; range: the width number',
  'header-swapped': 'the header reads "H W": the grid is H wide and W tall; range: the header',
  'row-count': 'rows and header height differ (.slk on a tiling: lines and the tiling\'s rows); range: the extra rows, or an empty range at the end of the last row',
  'label-count': 'a label occurs once or three or more times; one problem per occurrence, naming the label and count',
  'long-token': 'a multi-character label in a row of a compact file; range: the token',
  'rule-word': 'a word of the `# rule:` line that is not nikoli, fill or notouch (with a suggestion when close); range: the word',
  'rule-conflict': 'nikoli and fill together; range: the later of the two words',
  'rule-empty': '`# rule:` with no words; range: the comment line',
  'rule-duplicate': 'a second `# rule:` line (the first one is used); range: the second line',
} as const;

export type ParseCode = keyof typeof PARSE_CODES;
