/** Hover on a cell: where it is, what it holds, and the unique solution around it. */
import type { Hover } from 'vscode-languageserver';
import { Grid } from '../model/grid';
import type { PublishedResult } from '../protocol-types';
import { cellAt, type Parsed } from './documents';
import { cellName, direction, toLspRange } from './diagnostics';
import { togetherSentence } from './redundantSummary';

const SIDE_NAMES = ['top', 'bottom', 'left', 'right'];

/** `result` must belong to the parsed text (the caller checks), or be undefined while pending. */
export function hoverAt(p: Parsed, line: number, character: number, result: PublishedResult | undefined, pending: boolean): Hover | null {
  const puzzle = p.puzzle;
  const i = cellAt(p, line, character);
  if (!puzzle || i < 0) return null;
  const row = Math.floor(i / puzzle.cols), col = i % puzzle.cols;
  const lines: string[] = [`**Cell ${cellName(row, col)}**: row ${row + 1}, column ${col + 1}`];

  if (puzzle.kind === 'slitherlink') {
    const h = puzzle.hints[i]!;
    lines.push(h >= 0 ? `Hint **${h}**: the loop uses ${h} of this cell's 4 sides.` : 'Empty cell.');
    if (result?.verdict === 'unique' && result.solution && 'edges' in result.solution) {
      const grid = new Grid(puzzle.rows, puzzle.cols);
      const on = new Set(result.solution.edges.map(([a, b, c, d]) => grid.edgeBetween(a, b, c, d)));
      const sides = grid.cellEdges(row, col).flatMap((e, k) => (on.has(e) ? [SIDE_NAMES[k]!] : []));
      lines.push(sides.length ? `Solution: the loop runs along the ${sides.join(', ')} side${sides.length === 1 ? '' : 's'} (${sides.length} of 4).` : 'Solution: the loop touches no side of this cell.');
      if (result.redundant?.some((c) => c.row === row && c.col === col)) lines.push(...redundantLines(result, row, col));
    }
  } else {
    const l = puzzle.cells[i]!;
    lines.push(l >= 0 ? `Endpoint **${puzzle.labels[l]}**.` : 'Empty cell.');
    if (result?.verdict === 'unique' && result.solution && 'paths' in result.solution) {
      const s = result.solution;
      let said = false;
      s.paths.forEach((path, k) => {
        const j = path.findIndex(([r, c]) => r === row && c === col);
        if (j < 0) return;
        said = true;
        const label = `**${s.labels[k]}**`;
        const prev = j > 0 ? direction(path[j]!, path[j - 1]!) : null;
        const next = j < path.length - 1 ? direction(path[j]!, path[j + 1]!) : null;
        if (prev && next) lines.push(`Solution: path ${label} enters from the ${prev} and leaves to the ${next}.`);
        else if (next) lines.push(`Solution: path ${label} starts here and leaves to the ${next}.`);
        else if (prev) lines.push(`Solution: path ${label} ends here, arriving from the ${prev}.`);
        else lines.push(`Solution: path ${label} is this single cell.`);
      });
      if (!said) lines.push('Solution: no path uses this cell.');
    }
  }
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
function redundantLines(result: PublishedResult, row: number, col: number): string[] {
  const lines = ['**Redundant on its own**: removing this hint alone keeps the solution unique.'];
  const sentence = togetherSentence(result, '*Remove all redundant hints*');
  if (!sentence || (result.redundant?.length ?? 0) < 2) return lines;
  const t = result.redundantTogether;
  const among = t?.some((c) => c.row === row && c.col === col);
  let which = '';
  if (t && !result.redundantTogetherStopped && t.length < result.redundant!.length) {
    which = among ? 'This one is among those it removes.' : 'This one stays.';
  }
  if (row !== 0) lines.push(which ? `${sentence} ${which}` : sentence);
  else if (which) lines.push(among ? '*Remove all redundant hints* removes this one.' : '*Remove all redundant hints* keeps this one: it is needed once the others are gone.');
  return lines;
}
