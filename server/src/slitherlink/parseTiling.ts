/**
 * The `.slk` form of a Slitherlink on one of Loopy's tilings (docs/tilings.md): a `# grid: NAME
 * WxH` line, then one grid line per row of the tiling, holding the hints of that row's faces in
 * Loopy's face order (model/lattice.ts: row y holds the faces Loopy's generator adds for y).
 * Cells are tokens (`3 . 12 .`: a number or `.`/`-`) or, in a compact row, characters (`0`-`9`,
 * `A`-`Z` for 10..35 as in Loopy's IDs, `.`/`-`).
 */
import type { Metadata } from '../model/puzzle';
import type { SlitherlinkPuzzle } from './puzzle';
import type { Range } from '../model/range';
import { makeLattice, tilingByName, tilingSizeError, TILINGS, type TilingRef } from '../model/lattice';
import { type Line, ProblemList, range, contentRange, splitTokens, splitCompact, decideLayout, hasInnerBlank, describeChar, plural } from '../parse/lines';
import type { BadByteMarks } from '../parse/utf8';

/** The `# grid:` line's meaning: a tiling, squares (the plain grid), or problems only. */
export type GridLine = { tiling: TilingRef } | { square: true } | { bad: true };

/** Reads a `# grid:` value; problems go at the word they are about. */
export function readGridLine(grid: Metadata, problems: ProblemList): GridLine {
  const at = (from: number, to: number): Range => ({
    line: grid.valueRange.line, col: grid.valueRange.col + from, endLine: grid.valueRange.line, endCol: grid.valueRange.col + to,
  });
  const words = [...grid.value.matchAll(/[^ \t]+/g)].map((m) => ({ text: m[0], from: m.index!, to: m.index! + m[0].length }));
  const names = TILINGS.map((t) => t.name).join(', ');
  if (words.length === 0) {
    problems.add('grid-name', grid.range, `"# grid:" needs a tiling and a size, e.g. "# grid: honeycomb 10x10" (tilings: ${names})`);
    return { bad: true };
  }
  const info = tilingByName(words[0].text);
  if (!info) {
    problems.add('grid-name', at(words[0].from, words[0].to), `Unknown tiling "${words[0].text}": one of ${names}`);
    return { bad: true };
  }
  if (info.name === 'square' && words.length === 1) return { square: true };
  const size = words[1];
  const m = size ? /^(\d+)x(\d+)$/i.exec(size.text) : null;
  if (!size || !m) {
    const r = size ? at(size.from, size.to) : at(words[0].to, words[0].to);
    problems.add('grid-size', r, `The ${info.name} grid needs its size as WIDTHxHEIGHT after the name (Loopy's width and height), e.g. "# grid: ${info.name} 7x7"`);
    return { bad: true };
  }
  const tiling: TilingRef = { name: info.name, width: Number(m[1]), height: Number(m[2]) };
  const option = words[2];
  if (info.name === 'triangular') {
    // Loopy's triangular grid of today has grid description "0"; "old" is the grid of old game IDs.
    if (option?.text.toLowerCase() === 'old') {
      if (words[3]) problems.add('grid-option', at(words[3].from, words[words.length - 1].to), 'Unexpected words after "old"');
    } else tiling.desc = '0';
  }
  const extra = info.name === 'triangular' && option?.text.toLowerCase() === 'old' ? null : option;
  if (extra) {
    const hint = info.name === 'triangular' ? ' (the triangular grid takes "old" for the grid of old Loopy IDs)' : '';
    problems.add('grid-option', at(extra.from, words[words.length - 1].to), `Unexpected words after the size${hint}`);
    return { bad: true };
  }
  const bad = tilingSizeError(tiling);
  if (bad) {
    problems.add('grid-size', at(size.from, size.to), `${info.title} ${size.text}: ${bad}`);
    return { bad: true };
  }
  if (info.name === 'square') return { square: true };
  return { tiling };
}

const DOT = 0x2e, DASH = 0x2d;

/**
 * The puzzle of a tiling file from its grid lines (comments and blank lines already removed).
 * Every line must hold exactly its row's faces; each problem has the range of what it is about.
 */
export function parseTilingRows(
  text: string, tiling: TilingRef, metadata: Metadata[], rowLines: Line[], problems: ProblemList, marks: BadByteMarks, end: Range,
): SlitherlinkPuzzle {
  const lattice = makeLattice(tiling);
  const hints = new Int8Array(lattice.faceCount).fill(-1);
  const cellRanges: Range[] = new Array(lattice.faceCount);
  const layout = decideLayout(text, rowLines);
  const rows = lattice.rowCount;
  const title = `The ${tiling.name} ${tiling.width}x${tiling.height} grid`;
  for (let y = 0; y < rowLines.length; y++) {
    const line = rowLines[y];
    if (y >= rows) {
      const last = rowLines[rowLines.length - 1];
      problems.add('row-count', { ...contentRange(line), endLine: last.index, endCol: last.last - last.start },
        `${title} has ${plural(rows, 'row')}: ${plural(rowLines.length - rows, 'line')} too many`);
      break;
    }
    const compactRow = layout === 'compact' && !hasInnerBlank(text, line);
    const cells = compactRow ? splitCompact(text, line.first, line.last) : splitTokens(text, line.first, line.last);
    const first = lattice.rowOff[y], want = lattice.rowOff[y + 1] - first;
    const n = cells.starts.length;
    if (n !== want) {
      const r = n > want ? range(line, cells.starts[want], line.last) : contentRange(line);
      problems.add('row-length', r, `Row ${y + 1} of ${title.replace(/^The /, 'the ')} has ${plural(want, 'face')}; this line has ${n}`);
    }
    for (let k = 0; k < Math.min(n, want); k++) {
      const f = first + k;
      const s = cells.starts[k], e = cells.ends[k];
      cellRanges[f] = range(line, s, e);
      const token = text.slice(s, e);
      if (e - s === 1 && (text.charCodeAt(s) === DOT || text.charCodeAt(s) === DASH)) continue;
      let value = -1;
      if (/^[0-9]+$/.test(token) && (token.length === 1 || !compactRow)) value = Number(token);
      else if (compactRow && /^[A-Z]$/.test(token)) value = token.charCodeAt(0) - 55;
      if (value < 0) {
        if (marks.within(text, s, e)) continue;
        problems.add('bad-cell', range(line, s, e),
          `Unexpected ${describeChar(token)}: a face is a hint (a number${compactRow ? ', or A-Z for 10 and up' : ''}) or '.' (or '-') when empty`);
        continue;
      }
      const sides = lattice.faceSize(f);
      if (value > sides) {
        problems.add('hint-too-large', range(line, s, e), `Hint ${token} is impossible: this face (number ${f}) has ${sides} sides`);
        continue;
      }
      hints[f] = value;
    }
  }
  if (rowLines.length < rows) {
    const last = rowLines[rowLines.length - 1];
    const r = last ? range(last, last.last, last.last) : end;
    problems.add('row-count', r, `${title} has ${plural(rows, 'row')}; ${plural(rows - rowLines.length, 'line')} missing after this one`);
  }
  // Faces of missing lines or cells: an empty range at the end, so that every face has a range.
  for (let f = 0; f < lattice.faceCount; f++) cellRanges[f] ??= end;
  return {
    kind: 'slitherlink', rows: tiling.height, cols: tiling.width, cellRanges, metadata,
    layout: layout === 'compact' ? 'compact' : 'tokens', hints, tiling,
  };
}
