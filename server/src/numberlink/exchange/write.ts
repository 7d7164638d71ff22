/** Writes Numberlink puzzles as `.nlk` text (the inverse of the parser, for import and generators). */
import { metadataLines } from '../../exchange/text';

export interface NumberlinkGrid {
  rows: number;
  cols: number;
  /** Per cell: label index, or -1 for empty. */
  cells: ArrayLike<number>;
  labels: string[];
  /** Words for the `# rule:` line; omitted when undefined. */
  rule?: string;
}

/**
 * Compact rows when every label is one character that compact rows allow; otherwise tokens
 * (labels such as `12`), so that any label set can be written.
 */
export function writeNumberlink(grid: NumberlinkGrid, metadata: Record<string, string> = {}): string {
  const meta = { ...metadata };
  if (grid.rule !== undefined) meta.rule = grid.rule;
  let out = metadataLines(meta) + `${grid.cols} ${grid.rows}\n`;
  const compact = grid.labels.every((l) => l.length === 1 && !/[.\-#\s]/.test(l));
  for (let r = 0; r < grid.rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < grid.cols; c++) {
      const v = grid.cells[r * grid.cols + c];
      row.push(v >= 0 ? grid.labels[v] : '.');
    }
    out += (compact ? row.join('') : row.join(' ')) + '\n';
  }
  return out;
}
