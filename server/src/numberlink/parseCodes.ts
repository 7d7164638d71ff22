/** The problems only the Numberlink parser reports (parse/codes.ts has the shared ones): `code` -> what and where. */
export const NUMBERLINK_PARSE_CODES: Record<string, string> = {
  'bad-cell': 'a token that is not a cell: #, invisible, U+FFFD, or only dots; range: the cell',
  'missing-header': 'the first line is a grid row, not "W H"; range: that row (puzzle.headerRange is an empty range at its start, where a header goes)',
  'bad-header': 'a header that is not two whole numbers of at least 1 ("5x4", "5", "3 2 1", "0 4", "-5 5", "5.0 5", a number past MAX_GRID_CELLS: "too large"); range: the header, or the bad number',
  'header-width': 'no row has the width the header gives; range: the width number',
  'header-swapped': 'the header reads "H W": the grid is H wide and W tall; range: the header',
  'label-count': 'a label occurs once or three or more times; one problem per occurrence, naming the label and count',
  'long-token': 'a multi-character label in a row of a compact file; range: the token',
  'rule-word': 'a word of the `# rule:` line that is not nikoli, fill or notouch (with a suggestion when close); range: the word',
  'rule-conflict': 'nikoli and fill together; range: the later of the two words',
  'rule-empty': '`# rule:` with no words; range: the comment line',
  'rule-duplicate': 'a second `# rule:` line (the first one is used); range: the second line',
};
