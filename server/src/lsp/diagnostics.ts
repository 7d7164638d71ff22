/**
 * Findings -> LSP diagnostics, in one place: a finding's place becomes a range of the document
 * (a cell's source range, or the grid's first row for the whole puzzle), its severity, related
 * cells and data the LSP's. What the findings say is computed in the core (findings/).
 */
import {
  Diagnostic,
  DiagnosticRelatedInformation,
  DiagnosticSeverity,
  DiagnosticTag,
  Location,
  Range as LspRange,
} from 'vscode-languageserver';
import { parseProblems, type Finding, type FindingData, type Place, type Severity } from '../findings/index';
import { findings } from '../genres/findings';
import type { Puzzle } from '../model/puzzle';
import type { CellRef } from '../analysis/result';
import type { Problem, Range } from '../model/range';
import type { Analysis } from '../worker/protocol';
import { DiagnosticSource } from '../protocol-types';

export { cellName, solutionsPhrase } from '../findings/words';

/** What code actions read back from a diagnostic. */
export interface DiagnosticData extends FindingData {
  /** Content key of the text the diagnostic was computed for. */
  key?: string;
}

export function toLspRange(r: Range): LspRange {
  return { start: { line: r.line, character: r.col }, end: { line: r.endLine, character: r.endCol } };
}

/** Where whole-puzzle diagnostics go: the first grid row. */
export function gridAnchor(p: Puzzle | null): LspRange {
  if (!p || p.cellRanges.length === 0) return LspRange.create(0, 0, 0, 0);
  const a = p.cellRanges[0]!;
  let last = Math.max(0, Math.min(p.cols, p.cellRanges.length) - 1);
  if (p.tiling) {
    // A tiling's first line holds any number of faces: its last one on the first face's line.
    last = 0;
    while (last + 1 < p.cellRanges.length && p.cellRanges[last + 1]!.line === a.line) last++;
  }
  const b = p.cellRanges[last]!;
  return { start: { line: a.line, character: a.col }, end: { line: b.endLine, character: b.endCol } };
}

/** The text of a cell: on a tiling the face's (cellRanges are per face there, never row * cols + col). */
export function cellTextRange(p: Puzzle | null, cell: CellRef): Range | undefined {
  if (!p) return undefined;
  if (p.tiling) return cell.face === undefined ? undefined : p.cellRanges[cell.face];
  if (cell.row < 0 || cell.col < 0 || cell.row >= p.rows || cell.col >= p.cols) return undefined;
  return p.cellRanges[cell.row * p.cols + cell.col];
}

function cellRange(p: Puzzle | null, cell: CellRef): LspRange {
  const r = cellTextRange(p, cell);
  return r ? toLspRange(r) : gridAnchor(p);
}

function rangeOf(p: Puzzle | null, at: Place): LspRange {
  if ('range' in at) return toLspRange(at.range);
  if ('cell' in at) return cellRange(p, at.cell);
  return gridAnchor(p);
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** One finding as a diagnostic; `key` (the content key of its text) goes into its data, for the quick fixes. */
export function toDiagnostic(uri: string, p: Puzzle | null, f: Finding, key?: string): Diagnostic {
  const data: DiagnosticData = key === undefined ? { ...f.data } : { key, ...f.data };
  const d: Diagnostic = { range: rangeOf(p, f.at), severity: SEVERITY[f.severity], code: f.code, source: DiagnosticSource, message: f.message, data };
  if (f.unnecessary) d.tags = [DiagnosticTag.Unnecessary];
  if (f.related?.length) {
    d.relatedInformation = f.related.map((x): DiagnosticRelatedInformation => ({
      location: Location.create(uri, cellRange(p, x.cell)),
      message: x.message,
    }));
  }
  return d;
}

export function parseDiagnostics(problems: Problem[]): Diagnostic[] {
  return parseProblems(problems).map((f) => toDiagnostic('', null, f));
}

/** `p` is null for documents too large to parse on the main thread: then everything sits at the top. */
export function resultDiagnostics(uri: string, p: Puzzle | null, a: Analysis, key: string): Diagnostic[] {
  // Parse problems carry no key (as before: they are about the text, not about a check of it).
  return findings(p, a).map((f) => toDiagnostic(uri, p, f, a.result.verdict === 'invalid' ? undefined : key));
}
