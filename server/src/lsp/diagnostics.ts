/** Parse problems and check results -> LSP diagnostics (each with a stable code and `data`). */
import {
  Diagnostic,
  DiagnosticRelatedInformation,
  DiagnosticSeverity,
  DiagnosticTag,
  Location,
  Range as LspRange,
} from 'vscode-languageserver';
import type { LoopSolution, PathSolution } from '../analysis/result';
import type { Suggestions } from '../design/suggestions';
import { Grid } from '../model/grid';
import type { Puzzle } from '../model/puzzle';
import type { Problem, Range } from '../model/range';
import type { Analysis } from '../worker/protocol';
import { Codes, DiagnosticSource } from '../protocol-types';
import { togetherSentence } from './redundantSummary';

/** What code actions read back from a diagnostic. */
export interface DiagnosticData {
  /** Content key of the text the diagnostic was computed for. */
  key?: string;
  row?: number;
  col?: number;
  limit?: string;
  /** multiple-solutions: hints that make the puzzle unique; no-solution: its repairs (read by the quick fixes). */
  suggestions?: Suggestions;
}

const MAX_PROBLEMS = 500;
const MAX_RELATED = 20;

export function toLspRange(r: Range): LspRange {
  return { start: { line: r.line, character: r.col }, end: { line: r.endLine, character: r.endCol } };
}

/** 1-based, as people count. */
export function cellName(row: number, col: number): string {
  return `(${row + 1}, ${col + 1})`;
}

function diag(
  range: LspRange,
  severity: DiagnosticSeverity,
  code: string,
  message: string,
  data: DiagnosticData,
  extra: Partial<Diagnostic> = {},
): Diagnostic {
  return { range, severity, code, source: DiagnosticSource, message, data, ...extra };
}

export function parseDiagnostics(problems: Problem[]): Diagnostic[] {
  const out = problems
    .slice(0, MAX_PROBLEMS)
    .map((p) => diag(toLspRange(p.range), DiagnosticSeverity.Error, p.code, p.message, {}));
  if (problems.length > MAX_PROBLEMS) {
    const last = problems[MAX_PROBLEMS]!;
    out.push(
      diag(toLspRange(last.range), DiagnosticSeverity.Error, Codes.tooManyProblems,
        `${problems.length - MAX_PROBLEMS} more problems not shown (${problems.length} in all)`, {}),
    );
  }
  return out;
}

/** Where whole-puzzle diagnostics go: the first grid row. */
export function gridAnchor(p: Puzzle | null): LspRange {
  if (!p || p.cellRanges.length === 0) return LspRange.create(0, 0, 0, 0);
  const a = p.cellRanges[0]!;
  const b = p.cellRanges[Math.max(0, Math.min(p.cols, p.cellRanges.length) - 1)]!;
  return { start: { line: a.line, character: a.col }, end: { line: b.endLine, character: b.endCol } };
}

function cellRange(p: Puzzle | null, row: number, col: number): LspRange {
  const r = p?.cellRanges[row * p.cols + col];
  return r ? toLspRange(r) : gridAnchor(p);
}

function cellLabel(p: Puzzle | null, row: number, col: number): string {
  if (!p) return 'hint';
  const i = row * p.cols + col;
  if (p.kind === 'slitherlink') return p.hints[i]! >= 0 ? `hint ${p.hints[i]}` : 'empty cell';
  const l = p.cells[i]!;
  return l >= 0 ? `endpoint ${p.labels[l]}` : 'empty cell';
}

/** `p` is null for documents too large to parse on the main thread: then everything sits at the top. */
export function resultDiagnostics(uri: string, p: Puzzle | null, a: Analysis, key: string): Diagnostic[] {
  const r = a.result;
  const out: Diagnostic[] = [];
  const rel = (row: number, col: number, message: string): DiagnosticRelatedInformation => ({
    location: Location.create(uri, cellRange(p, row, col)),
    message,
  });
  switch (r.verdict) {
    case 'none': {
      const c = a.conflicts;
      let message = 'No solution.';
      let range = gridAnchor(p);
      const related: DiagnosticRelatedInformation[] = [];
      if (c && c.cells.length > 0) {
        const what = r.kind === 'slitherlink' ? 'hints' : 'labels';
        const caveat = c.minimal ? '' : c.stopped ? ' (the search stopped before the set was minimal)' : ' (not proven minimal: some checks hit the limits)';
        message += ` These ${c.units} ${c.units === 1 ? what.slice(0, -1) : what} already have none${caveat}: `;
        message += describeConflict(p, c.cells) + '.';
        range = cellRange(p, c.cells[0]!.row, c.cells[0]!.col);
        for (const x of c.cells.slice(0, MAX_RELATED)) related.push(rel(x.row, x.col, `conflicting ${cellLabel(p, x.row, x.col)} at ${cellName(x.row, x.col)}`));
      } else if (c?.stopped) {
        message += ` (No small conflicting set found: ${c.stopped.message}.)`;
      }
      message += repairSentence(p, a.suggestions);
      const data: DiagnosticData = a.suggestions ? { key, suggestions: a.suggestions } : { key };
      out.push(diag(range, DiagnosticSeverity.Error, Codes.noSolution, message, data, related.length ? { relatedInformation: related } : {}));
      break;
    }
    case 'multiple': {
      const diffs = p && r.solution && r.secondSolution ? differences(p, r.solution, r.secondSolution) : [];
      const differ = diffs.length ? ` Two of them differ at ${diffs.length} cell${diffs.length === 1 ? '' : 's'}.` : '';
      const message = (r.count !== null ? `${r.count} solutions: the puzzle is not unique.${differ}` : uncountedSentence(r, differ))
        + uniqueSentence(a.suggestions);
      const range = diffs.length ? cellRange(p, diffs[0]!.row, diffs[0]!.col) : gridAnchor(p);
      const related = diffs.slice(0, MAX_RELATED).map((d) => rel(d.row, d.col, d.message));
      const data: DiagnosticData = a.suggestions ? { key, suggestions: a.suggestions } : { key };
      out.push(diag(range, DiagnosticSeverity.Warning, Codes.multipleSolutions, message, data, related.length ? { relatedInformation: related } : {}));
      break;
    }
    case 'unknown': {
      const s = r.stopped;
      const message = s ? `Undecided: ${s.message.replace(/^undecided:\s*/i, '')}` : 'Undecided: the check stopped before an answer.';
      out.push(diag(gridAnchor(p), DiagnosticSeverity.Information, s?.limit === 'cancelled' ? Codes.checkCancelled : Codes.limitReached, message, { key, limit: s?.limit }));
      break;
    }
    case 'unique': {
      for (const h of r.redundant ?? []) {
        out.push(
          diag(cellRange(p, h.row, h.col), DiagnosticSeverity.Hint, Codes.redundantHint,
            `Redundant ${cellLabel(p, h.row, h.col)} at ${cellName(h.row, h.col)}: on its own, the solution stays unique without it.`,
            { key, row: h.row, col: h.col }, { tags: [DiagnosticTag.Unnecessary] }),
        );
      }
      const summary = togetherSentence({ ...r, extrasPending: a.partial });
      if (summary && r.kind === 'slitherlink') {
        // The Problems panel leaves out the Hint-severity items above: this one says it there.
        out.push(diag(gridAnchor(p), DiagnosticSeverity.Information, Codes.redundantSummary, summary, { key }));
      }
      if (r.redundantStopped) {
        out.push(diag(gridAnchor(p), DiagnosticSeverity.Information, Codes.redundantUndecided,
          `Redundant hints not fully decided: ${r.redundantStopped.message}`, { key, limit: r.redundantStopped.limit }));
      }
      if (r.kind === 'numberlink' && r.covers === false && r.solution && 'paths' in r.solution) {
        const empty = p ? emptyCells(p, r.solution) : [];
        const n = p ? empty.length : r.rows * r.cols - r.solution.paths.reduce((t, path) => t + path.length, 0);
        const message = `Unique, but the solution leaves ${n} cell${n === 1 ? '' : 's'} empty: under the nikoli rule a good puzzle uses every cell.`;
        const range = empty.length ? cellRange(p, empty[0]!.row, empty[0]!.col) : gridAnchor(p);
        const related = empty.slice(0, MAX_RELATED).map((e) => rel(e.row, e.col, `cell ${cellName(e.row, e.col)} is not used`));
        out.push(diag(range, DiagnosticSeverity.Warning, Codes.notCovering, message, { key }, related.length ? { relatedInformation: related } : {}));
      }
      break;
    }
    case 'invalid':
      out.push(...parseDiagnostics(r.errors));
      break;
  }
  return out;
}

/**
 * `multiple` without an exact count (two solutions were found): "At least 2 solutions (too many to
 * count within the limits: ...): two of them are shown in the preview." or, while the count runs
 * in a later phase, that it is being counted.
 */
function uncountedSentence(r: Analysis['result'], differ: string): string {
  const atLeast = `At least ${r.countAtLeast ?? '2'} solutions`;
  const shown = r.secondSolution ? ' two of them are shown in the preview.' : ' the puzzle is not unique.';
  if (r.countPending) return `${atLeast}, still counting them all:${shown}${differ}`;
  if (r.stopped?.limit === 'cancelled') return `${atLeast} (the count was cancelled):${shown}${differ}`;
  if (r.stopped) {
    const why = r.stopped.message.replace(/^undecided:\s*/i, '');
    return `${atLeast} (too many to count within the limits: the count ${why}):${shown}${differ}`;
  }
  return `${atLeast} (too many to count):${shown}${differ}`;
}

/** "3 solutions", or "a unique solution" for one. */
export function solutionsPhrase(count: string): string {
  return count === '1' ? 'a unique solution' : `${count} solutions`;
}

/** One sentence on how to make a several-solutions puzzle unique ('' when nothing is known yet). */
function uniqueSentence(s: Suggestions | undefined): string {
  if (!s) return '';
  const first = s.singles[0];
  if (first && s.singleCount === 1) return ` Adding ${first.value} at ${cellName(first.row, first.col)} makes it unique.`;
  if (first) return ` One of ${s.singleCount} single hints makes it unique.`;
  if (s.pair) {
    const { first: a, second: b, count } = s.pair;
    const what = count === '1' ? 'make it unique' : `leave ${count} solutions`;
    return ` No single hint makes it unique; ${a.value} at ${cellName(a.row, a.col)} and ${b.value} at ${cellName(b.row, b.col)} together ${what}.`;
  }
  if (s.bestSingle) {
    const b = s.bestSingle;
    return ` No single hint makes it unique; ${b.value} at ${cellName(b.row, b.col)} leaves ${b.count} solutions.`;
  }
  if (s.stopped) return s.stopped.limit === 'cancelled' ? '' : ` (No hint suggestions: ${s.stopped.message}.)`;
  return ' No single added hint changes the count.';
}

/** One sentence on the best one-hint repair of an unsolvable puzzle ('' when nothing is known). */
function repairSentence(p: Puzzle | null, s: Suggestions | undefined): string {
  const r = s?.repairs?.[0];
  if (!r) {
    if (!s?.repairs || s.stopped) return '';
    return ' No single hint change gives it a solution.';
  }
  const hint = p?.kind === 'slitherlink' && p.hints[r.row * p.cols + r.col]! >= 0 ? `the ${p.hints[r.row * p.cols + r.col]}` : 'the hint';
  const at = cellName(r.row, r.col);
  const change = r.value === null ? `Removing ${hint} at ${at}` : `Changing ${hint} at ${at} to ${r.value}`;
  return ` ${change} gives ${solutionsPhrase(r.count)}.`;
}

/** "4 at (1, 1), 1 at (1, 3)" for hints; "A (1, 1)-(2, 3), B ..." for Numberlink labels. */
function describeConflict(p: Puzzle | null, cells: { row: number; col: number }[]): string {
  if (p?.kind !== 'numberlink') {
    return cells.map((x) => `${cellLabel(p, x.row, x.col).replace(/^hint /, '')} at ${cellName(x.row, x.col)}`).join(', ');
  }
  const byLabel = new Map<string, string[]>();
  for (const x of cells) {
    const label = p.labels[p.cells[x.row * p.cols + x.col]!] ?? '?';
    byLabel.set(label, [...(byLabel.get(label) ?? []), cellName(x.row, x.col)]);
  }
  return [...byLabel].map(([label, at]) => `${label} ${at.join('-')}`).join(', ');
}

interface Difference {
  row: number;
  col: number;
  message: string;
}

const SIDES = ['top', 'bottom', 'left', 'right'] as const;

/** Cells where two solutions differ, reading order, each with a short explanation. */
export function differences(p: Puzzle, a: LoopSolution | PathSolution, b: LoopSolution | PathSolution): Difference[] {
  if ('edges' in a && 'edges' in b) {
    const grid = new Grid(p.rows, p.cols);
    const set = (s: LoopSolution) => new Set(s.edges.map(([r1, c1, r2, c2]) => grid.edgeBetween(r1, c1, r2, c2)));
    const ea = set(a), eb = set(b);
    const out: Difference[] = [];
    for (let row = 0; row < p.rows; row++) {
      for (let col = 0; col < p.cols; col++) {
        const sides = grid.cellEdges(row, col);
        const onlyA: string[] = [], onlyB: string[] = [];
        sides.forEach((e, k) => {
          if (ea.has(e) && !eb.has(e)) onlyA.push(SIDES[k]!);
          if (eb.has(e) && !ea.has(e)) onlyB.push(SIDES[k]!);
        });
        if (onlyA.length + onlyB.length === 0) continue;
        const parts: string[] = [];
        const named = (s: string[]) => `${s.join(', ')} side${s.length === 1 ? '' : 's'}`;
        if (onlyA.length) parts.push(`${named(onlyA)} on the loop in the first solution only`);
        if (onlyB.length) parts.push(`${named(onlyB)} in the second only`);
        out.push({ row, col, message: `cell ${cellName(row, col)}: ${parts.join('; ')}` });
      }
    }
    return out;
  }
  if ('paths' in a && 'paths' in b) {
    const ua = usage(p, a), ub = usage(p, b);
    const out: Difference[] = [];
    for (let i = 0; i < p.rows * p.cols; i++) {
      if (ua[i] === ub[i]) continue;
      const row = Math.floor(i / p.cols), col = i % p.cols;
      out.push({ row, col, message: `cell ${cellName(row, col)}: ${ua[i] || 'empty'} in the first solution, ${ub[i] || 'empty'} in the second` });
    }
    return out;
  }
  return [];
}

const DIRS: Record<string, string> = { '-1,0': 'north', '1,0': 'south', '0,-1': 'west', '0,1': 'east' };

export function direction(from: [number, number], to: [number, number]): string {
  return DIRS[`${to[0] - from[0]},${to[1] - from[1]}`] ?? '?';
}

/** Per cell: "path A from west to south" (or '' when unused). */
function usage(p: Puzzle, s: PathSolution): string[] {
  const u = new Array<string>(p.rows * p.cols).fill('');
  s.paths.forEach((path, k) => {
    path.forEach((cell, j) => {
      const ends: string[] = [];
      if (j > 0) ends.push(direction(cell, path[j - 1]!));
      if (j < path.length - 1) ends.push(direction(cell, path[j + 1]!));
      u[cell[0] * p.cols + cell[1]] = `path ${s.labels[k]} (${ends.sort().join('-')})`;
    });
  });
  return u;
}

function emptyCells(p: Puzzle, s: PathSolution): { row: number; col: number }[] {
  const used = new Uint8Array(p.rows * p.cols);
  for (const path of s.paths) for (const [r, c] of path) used[r * p.cols + c] = 1;
  const out: { row: number; col: number }[] = [];
  for (let i = 0; i < used.length; i++) if (!used[i]) out.push({ row: Math.floor(i / p.cols), col: i % p.cols });
  return out;
}
