/**
 * The difficulty grade in words, for the hover (the grade's line, and each genre's describeCell
 * around one cell): what the grade means (the genre's words, Genre.gradeWords), and around one
 * cell which level fixes its part of the solution or that deduction stalls there.
 */
import type { CheckResult } from '../analysis/result';

type Edge = readonly [number, number, number, number];

/** A genre's grade in words. */
export interface GradeWords {
  /** Each level, easiest first, and what it says: the rules that finish the puzzle. */
  levels: Record<string, string>;
  /** What does not finish a puzzle of grade `needs search`: "deduction with probing". */
  ceiling: string;
  /** The same, short (the CLI's table): "deduction up to Hard". */
  short: string;
  /** What the grade's edges are, in the genre's words: "edge", "link". */
  edge: string;
  /** For the CLI's help: the levels, easiest first, and where they apply. */
  help: string;
}

/** "Grade: **tricky**: deduction at Loopy's Tricky level finishes it (...)", or null without a grade. */
export function gradeLine(result: CheckResult | undefined, words: GradeWords | undefined): string | null {
  if (result?.verdict !== 'unique') return null;
  if (result.gradeStopped) return `Grade: not found (${result.gradeStopped.message.replace(/^grade not found: /, '')}).`;
  if (!result.grade) return null;
  if (result.grade === 'needs search') {
    const upTo = words?.ceiling ?? 'deduction';
    const cells = result.stuck?.cells.length;
    return `Grade: **needs search**: ${upTo} does not finish it${cells ? `; it stalls around ${cells} cell${cells === 1 ? '' : 's'} (shaded in the preview)` : ''}.`;
  }
  return `Grade: **${result.grade}**: ${words?.levels[result.grade] ?? 'deduction alone finishes it'}.`;
}

const key = (e: Edge): string => e.join(',');

/**
 * Around one cell: which level fixes each of `edges` (the cell's sides, or its links) that the
 * solution uses, and how many of them stay open where deduction stalls. `what`: "side", "link".
 */
export function gradeAround(result: CheckResult | undefined, edges: readonly Edge[], what: string): string[] {
  if (result?.verdict !== 'unique' || !result.gradeSteps) return [];
  const mine = new Set(edges.map(key));
  const found = result.gradeSteps
    .map(({ level, edges: fixed }) => ({ level, n: fixed.filter((e) => mine.has(key(e))).length }))
    .filter((x) => x.n > 0);
  const out: string[] = [];
  if (found.length > 0) {
    const list = found.map(({ level, n }) => `${level} ${n}`).join(', ');
    out.push(`Where deduction finds this cell's ${what}s of the solution: ${list}.`);
  }
  const open = result.stuck ? result.stuck.edges.filter((e) => mine.has(key(e))).length : 0;
  if (open > 0) out.push(`Deduction stalls here: ${open} of its ${what}s stay open.`);
  return out;
}
