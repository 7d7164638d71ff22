/**
 * A `.slk` file's solution block (the designer's intended loop), as text facts found at every
 * edit: `hint-disagrees-with-loop` (a hint the loop does not meet) and `loop-not-simple` (marks
 * that are not one simple loop, at the marks that make it so).
 */
import { intendedLoop } from '../design/intendedLoop';
import { defectCells, describeDefect, describeFaceDefect, type LoopDefect } from '../design/loopDefects';
import { makeLattice } from '../../model/lattice';
import type { FaceDefect } from '../../model/latticeLoop';
import type { SlitherlinkPuzzle } from '../puzzle';
import type { Range } from '../../model/range';
import { HINT_DISAGREES_WITH_LOOP, LOOP_NOT_SIMPLE } from './codes';
import type { Finding } from '../../findings/finding';
import { cellName, placeName } from '../../findings/words';

/** Defects of the marks shown one by one; a block with more (a checkerboard) gets one summary more. */
const MAX_DEFECTS = 20;

export function loopTextFindings(p: SlitherlinkPuzzle): Finding[] {
  if (!p.solutionRange) return [];
  const loop = intendedLoop(p);
  if (!loop) return [];
  if (loop.problem) return loopNotSimple(p, loop.problem, loop.faceDefects ?? loop.defects);
  const out: Finding[] = [];
  for (const d of loop.disagreements) {
    if (d.face !== undefined) {
      // A tiling's face: its own text, named by number, line and place.
      if (!p.cellRanges[d.face]) continue;
      const cell = { row: d.row, col: d.col, face: d.face };
      out.push({
        code: HINT_DISAGREES_WITH_LOOP, severity: 'error', at: { cell },
        message: `Hint ${d.hint} at ${placeName(cell)}: the intended loop uses ${d.loop} side${d.loop === 1 ? '' : 's'} of this face.`,
        data: cell,
      });
      continue;
    }
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
function loopNotSimple(p: SlitherlinkPuzzle, problem: string, defects: LoopDefect[] | FaceDefect[]): Finding[] {
  const block = p.solutionRange!;
  const error = (range: Range, message: string): Finding => ({ code: LOOP_NOT_SIMPLE, severity: 'error', at: { range }, message, data: {} });
  if (defects.length === 0) return [error(block, `The marks are not one simple loop: ${problem}.`)];
  const out: Finding[] = [];
  // A tiling's marks run along its grid lines, as its faces do: a run ends where a line does.
  const lattice = p.tiling ? makeLattice(p.tiling) : null;
  const sameRow = lattice ? (a: number, b: number) => lattice.rowOf[a] === lattice.rowOf[b] : (a: number, b: number) => Math.floor(a / p.cols) === Math.floor(b / p.cols);
  for (const d of defects.slice(0, MAX_DEFECTS)) {
    const message = lattice ? describeFaceDefect(d as FaceDefect, lattice) : describeDefect(d as LoopDefect, p.cols);
    const cells = d.kind === 'empty' ? [] : lattice ? [...d.cells].sort((a, b) => a - b) : defectCells(d as LoopDefect);
    const runs = rowRuns(cells, sameRow).map((run) => markRange(p, run));
    if (runs.length === 0 || runs.some((r) => !r)) out.push(error(block, message));
    else for (const r of runs) out.push(error(r!, message));
  }
  if (defects.length > MAX_DEFECTS) {
    out.push(error(block, `The marks are not one simple loop: ${defects.length - MAX_DEFECTS} more problems than the ${MAX_DEFECTS} shown.`));
  }
  return out;
}

/** Cells (ascending) grouped into runs of neighbours in one row. */
function rowRuns(cells: number[], sameRow: (a: number, b: number) => boolean): number[][] {
  const runs: number[][] = [];
  for (const i of cells) {
    const last = runs[runs.length - 1];
    const prev = last?.[last.length - 1];
    if (prev !== undefined && i === prev + 1 && sameRow(prev, i)) last.push(i);
    else runs.push([i]);
  }
  return runs;
}

/** The text from a run's first mark to its last, or null when a mark's range is unknown. */
function markRange(p: SlitherlinkPuzzle, run: number[]): Range | null {
  const a = p.solutionCellRanges?.[run[0]], b = p.solutionCellRanges?.[run[run.length - 1]];
  return a && b ? { line: a.line, col: a.col, endLine: b.endLine, endCol: b.endCol } : null;
}
