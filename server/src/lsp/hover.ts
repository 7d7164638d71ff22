/** Hover on a cell: where it is, what it holds, and the unique solution around it. */
import type { Hover } from 'vscode-languageserver';
import { togetherSentence } from '../findings/redundantSummary';
import { genreOfPuzzle } from '../genres/index';
import { gradeLine } from '../findings/gradeWords';
import type { PublishedResult } from '../protocol-types';
import { cellAt, type Parsed } from './documents';
import { makeLattice } from '../model/lattice';
import type { CellRef } from '../analysis/result';
import { cellName, toLspRange } from './diagnostics';

/** `result` must belong to the parsed text (the caller checks), or be undefined while pending. */
export function hoverAt(p: Parsed, line: number, character: number, result: PublishedResult | undefined, pending: boolean): Hover | null {
  const puzzle = p.puzzle;
  const i = cellAt(p, line, character);
  if (!puzzle || i < 0) return null;
  const tiling = puzzle.tiling;
  let cell: CellRef;
  const lines: string[] = [];
  if (tiling) {
    // On a tiling the index is the face; its line and place come from the file's grid.
    const lattice = makeLattice(tiling);
    const row = lattice.rowOf[i]!;
    cell = { row, col: i - lattice.rowOff[row]!, face: i };
    lines.push(`**Face ${i}** of the ${tiling.name} ${tiling.width}x${tiling.height}: line ${cell.row + 1} of the grid, place ${cell.col + 1}`);
  } else {
    cell = { row: Math.floor(i / puzzle.cols), col: i % puzzle.cols };
    lines.push(`**Cell ${cellName(cell.row, cell.col)}**: row ${cell.row + 1}, column ${cell.col + 1}`);
  }

  const genre = genreOfPuzzle(puzzle);
  lines.push(...genre.describeCell(puzzle, cell, result));
  const same = (c: CellRef) => (tiling ? c.face === i : c.row === cell.row && c.col === cell.col);
  if (genre.extras.redundantHints && result?.verdict === 'unique' && result.solution && result.redundant?.some(same)) {
    lines.push(...redundantLines(result, cell, same));
  }
  const grade = gradeLine(result, genre.gradeWords);
  if (grade) lines.push(grade);
  if (result && result.verdict !== 'unique' && result.verdict !== 'invalid') {
    lines.push(`Puzzle: ${result.verdict}${result.count ? ` (${result.count} solutions)` : ''}.`);
  } else if (!result && pending) {
    lines.push('_Checking…_');
  }
  const range = puzzle.cellRanges[i];
  return { contents: { kind: 'markdown', value: lines.join('\n\n') }, ...(range ? { range: toLspRange(range) } : {}) };
}

/**
 * A redundant hint: it can go on its own; whether it goes with the others (Remove all). On the
 * grid's first row the `redundant-summary` diagnostic, which editors show in the same hover,
 * already says how many can go together: only this hint's part is added there.
 */
function redundantLines(result: PublishedResult, { row }: CellRef, same: (c: CellRef) => boolean): string[] {
  const lines = ['**Redundant on its own**: removing this hint alone keeps the solution unique.'];
  const sentence = togetherSentence(result, '*Remove all redundant hints*');
  if (!sentence || (result.redundant?.length ?? 0) < 2) return lines;
  const t = result.redundantTogether;
  const among = t?.some(same);
  let which = '';
  if (t && !result.redundantTogetherStopped && t.length < result.redundant!.length) {
    which = among ? 'This one is among those it removes.' : 'This one stays.';
  }
  if (row !== 0) lines.push(which ? `${sentence} ${which}` : sentence);
  else if (which) lines.push(among ? '*Remove all redundant hints* removes this one.' : '*Remove all redundant hints* keeps this one: it is needed once the others are gone.');
  return lines;
}
