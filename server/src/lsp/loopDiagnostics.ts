/**
 * Diagnostics about a `.slk` file's solution block (the designer's intended loop): hints the loop
 * does not meet and marks that are no simple loop (text facts, on the main thread at every edit),
 * and a unique solution that is not the intended loop (from the check result).
 */
import { Diagnostic, DiagnosticSeverity, Location, type Range as LspRange } from 'vscode-languageserver';
import type { CheckResult } from '../analysis/result';
import { cellsWhereLoopsDiffer, intendedLoop } from '../design/intendedLoop';
import { defectCells, describeDefect, type LoopDefect } from '../design/loopDefects';
import type { Puzzle, SlitherlinkPuzzle } from '../model/puzzle';
import type { Range } from '../model/range';
import { cellName, toLspRange, type DiagnosticData } from './diagnostics';
import { Codes, DiagnosticSource } from '../protocol-types';

const MAX_RELATED = 20;
/** Defects of the marks shown one by one; a block with more (a checkerboard) gets one summary more. */
const MAX_DEFECTS = 20;

function diag(range: LspRange, severity: DiagnosticSeverity, code: string, message: string, data: DiagnosticData, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { range, severity, code, source: DiagnosticSource, message, data, ...extra };
}

/** `hint-disagrees-with-loop` and `loop-not-simple`: pure facts of the text. */
export function loopTextDiagnostics(p: Puzzle | null): Diagnostic[] {
  if (!p || p.kind !== 'slitherlink' || !p.solutionRange) return [];
  const loop = intendedLoop(p);
  if (!loop) return [];
  if (loop.problem) return notSimpleDiagnostics(p, loop.problem, loop.defects);
  const out: Diagnostic[] = [];
  for (const d of loop.disagreements) {
    const r = p.cellRanges[d.row * p.cols + d.col];
    if (!r) continue;
    out.push(diag(toLspRange(r), DiagnosticSeverity.Error, Codes.hintDisagreesWithLoop,
      `Hint ${d.hint} at ${cellName(d.row, d.col)}: the intended loop uses ${d.loop} side${d.loop === 1 ? '' : 's'} of this cell.`,
      { row: d.row, col: d.col }));
  }
  return out;
}

/**
 * `loop-not-simple` at the marks that make it so: one diagnostic per row run of a defect's cells
 * (the squiggle covers exactly those marks), each with the defect's message; over the whole block
 * when the defect has no cells (an empty loop) or the marks' ranges are unknown.
 */
function notSimpleDiagnostics(p: SlitherlinkPuzzle, problem: string, defects: LoopDefect[]): Diagnostic[] {
  const block = toLspRange(p.solutionRange!);
  const error = (range: LspRange, message: string): Diagnostic => diag(range, DiagnosticSeverity.Error, Codes.loopNotSimple, message, {});
  if (defects.length === 0) return [error(block, `The marks are not one simple loop: ${problem}.`)];
  const out: Diagnostic[] = [];
  for (const d of defects.slice(0, MAX_DEFECTS)) {
    const message = describeDefect(d, p.cols);
    const runs = rowRuns(defectCells(d), p.cols).map((run) => markRange(p, run));
    if (runs.length === 0 || runs.some((r) => !r)) out.push(error(block, message));
    else for (const r of runs) out.push(error(toLspRange(r!), message));
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

/**
 * `solution-not-intended`: the puzzle is unique but its loop is not the block's (so some hint
 * disagrees with the block: a loop that meets every hint would be the solution). Left out while
 * the marks are no loop.
 */
export function intendedSolutionDiagnostics(uri: string, p: Puzzle | null, r: CheckResult, key: string): Diagnostic[] {
  if (!p || p.kind !== 'slitherlink' || !p.solutionRange || r.verdict !== 'unique' || !r.solution || !('edges' in r.solution)) return [];
  const loop = intendedLoop(p);
  if (!loop || loop.problem) return [];
  const cells = cellsWhereLoopsDiffer(p, loop.on, r.solution.edges);
  if (cells.length === 0) return [];
  const related = cells.slice(0, MAX_RELATED).flatMap(({ row, col }) => {
    const range = p.cellRanges[row * p.cols + col];
    return range ? [{ location: Location.create(uri, toLspRange(range)), message: `cell ${cellName(row, col)}: the solution and the intended loop use different sides` }] : [];
  });
  const message = `The unique solution is not the intended loop: they differ at ${cells.length} cell${cells.length === 1 ? '' : 's'}.`;
  // At the first cell that differs, like the several-solutions diagnostic: the grid is what to change.
  const first = p.cellRanges[cells[0]!.row * p.cols + cells[0]!.col];
  const range = toLspRange(first ?? p.solutionRange);
  return [diag(range, DiagnosticSeverity.Warning, Codes.solutionNotIntended, message, { key }, related.length ? { relatedInformation: related } : {})];
}
