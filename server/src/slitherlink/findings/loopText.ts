/**
 * A `.slk` file's solution block (the designer's intended loop), as text facts found at every
 * edit: `hint-disagrees-with-loop` (a hint the loop does not meet) and `loop-not-simple` (marks
 * that are not one simple loop, at the marks that make it so).
 */
import { intendedLoop } from '../design/intendedLoop';
import { defectCells, describeDefect, type LoopDefect } from '../design/loopDefects';
import type { SlitherlinkPuzzle } from '../puzzle';
import type { Range } from '../../model/range';
import { HINT_DISAGREES_WITH_LOOP, LOOP_NOT_SIMPLE } from './codes';
import type { Finding } from '../../findings/finding';
import { cellName } from '../../findings/words';

/** Defects of the marks shown one by one; a block with more (a checkerboard) gets one summary more. */
const MAX_DEFECTS = 20;

export function loopTextFindings(p: SlitherlinkPuzzle): Finding[] {
  if (!p.solutionRange) return [];
  const loop = intendedLoop(p);
  if (!loop) return [];
  if (loop.problem) return loopNotSimple(p, loop.problem, loop.defects);
  const out: Finding[] = [];
  for (const d of loop.disagreements) {
    if (!p.cellRanges[d.row * p.cols + d.col]) continue;
    out.push({
      code: HINT_DISAGREES_WITH_LOOP, severity: 'error', at: { cell: { row: d.row, col: d.col } },
      message: `Hint ${d.hint} at ${cellName(d.row, d.col)}: the intended loop uses ${d.loop} side${d.loop === 1 ? '' : 's'} of this cell.`,
      data: { row: d.row, col: d.col },
    });
  }
  return out;
}

/**
 * `loop-not-simple` at the marks that make it so: one finding per row run of a defect's cells
 * (the squiggle covers exactly those marks), each with the defect's message; over the whole block
 * when the defect has no cells (an empty loop) or the marks' ranges are unknown.
 */
function loopNotSimple(p: SlitherlinkPuzzle, problem: string, defects: LoopDefect[]): Finding[] {
  const block = p.solutionRange!;
  const error = (range: Range, message: string): Finding => ({ code: LOOP_NOT_SIMPLE, severity: 'error', at: { range }, message, data: {} });
  if (defects.length === 0) return [error(block, `The marks are not one simple loop: ${problem}.`)];
  const out: Finding[] = [];
  for (const d of defects.slice(0, MAX_DEFECTS)) {
    const message = describeDefect(d, p.cols);
    const runs = rowRuns(defectCells(d), p.cols).map((run) => markRange(p, run));
    if (runs.length === 0 || runs.some((r) => !r)) out.push(error(block, message));
    else for (const r of runs) out.push(error(r!, message));
  }
  if (defects.length > MAX_DEFECTS) {
    out.push(error(block, `The marks are not one simple loop: ${defects.length - MAX_DEFECTS} more problems than the ${MAX_DEFECTS} shown.`));
  }
  return out;
}

/** Cells (ascending) grouped into runs of neighbours in one row. */
function rowRuns(cells: number[], cols: number): number[][] {
  const runs: number[][] = [];
  for (const i of cells) {
    const last = runs[runs.length - 1];
    const prev = last?.[last.length - 1];
    if (prev !== undefined && i === prev + 1 && i % cols !== 0) last.push(i);
    else runs.push([i]);
  }
  return runs;
}

/** The text from a run's first mark to its last, or null when a mark's range is unknown. */
function markRange(p: SlitherlinkPuzzle, run: number[]): Range | null {
  const a = p.solutionCellRanges?.[run[0]], b = p.solutionCellRanges?.[run[run.length - 1]];
  return a && b ? { line: a.line, col: a.col, endLine: b.endLine, endCol: b.endCol } : null;
}
