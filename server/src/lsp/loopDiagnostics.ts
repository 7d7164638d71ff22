/**
 * Diagnostics about a `.slk` file's solution block (the designer's intended loop): hints the loop
 * does not meet and marks that are no simple loop (text facts, on the main thread at every edit),
 * and a unique solution that is not the intended loop (from the check result).
 */
import { Diagnostic, DiagnosticSeverity, Location, type Range as LspRange } from 'vscode-languageserver';
import type { CheckResult } from '../analysis/result';
import { cellsWhereLoopsDiffer, intendedLoop } from '../design/intendedLoop';
import type { Puzzle } from '../model/puzzle';
import { cellName, toLspRange, type DiagnosticData } from './diagnostics';
import { Codes, DiagnosticSource } from './protocol';

const MAX_RELATED = 20;

function diag(range: LspRange, severity: DiagnosticSeverity, code: string, message: string, data: DiagnosticData, extra: Partial<Diagnostic> = {}): Diagnostic {
  return { range, severity, code, source: DiagnosticSource, message, data, ...extra };
}

/** `hint-disagrees-with-loop` and `loop-not-simple`: pure facts of the text. */
export function loopTextDiagnostics(p: Puzzle | null): Diagnostic[] {
  if (!p || p.kind !== 'slitherlink' || !p.solutionRange) return [];
  const loop = intendedLoop(p);
  if (!loop) return [];
  if (loop.problem) {
    return [diag(toLspRange(p.solutionRange), DiagnosticSeverity.Error, Codes.loopNotSimple, `The marks are not one simple loop: ${loop.problem}.`, {})];
  }
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
