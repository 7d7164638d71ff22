/**
 * The difficulty grade in words, for the hover (each genre's describeCell) and the status bar's
 * tooltip: what the grade means, and around one cell which level fixes its part of the solution
 * or that deduction stalls there.
 */
import type { CheckResult } from '../analysis/result';

type Edge = readonly [number, number, number, number];

/** What each grade says, per genre: the rules that finish the puzzle. */
const MEANING: Record<string, string> = {
  easy: "deduction at Loopy's Easy level finishes it (hint counting, the degree rule at each dot)",
  normal: "deduction at Loopy's Normal level finishes it (+ each cell worked out with its four corners)",
  tricky: "deduction at Loopy's Tricky level finishes it (+ corner pairs carried from cell to cell)",
  hard: "deduction at Loopy's Hard level finishes it (+ inside/outside colouring and connectivity)",
  local: 'rules on a cell and its neighbours finish it (degree, no cycles, the rule’s own)',
  global: '+ reachability and planarity finish it (a label cut off, a closed path splitting a pair)',
  probing: '+ probing finishes it (trying a link both ways and seeing one fail at once)',
};

/** "Grade: **tricky**: deduction at Loopy's Tricky level finishes it (...)", or null without a grade. */
export function gradeLine(result: CheckResult | undefined): string | null {
  if (result?.verdict !== 'unique') return null;
  if (result.gradeStopped) return `Grade: not found (${result.gradeStopped.message.replace(/^grade not found: /, '')}).`;
  if (!result.grade) return null;
  if (result.grade === 'needs search') {
    const upTo = result.kind === 'numberlink' ? 'deduction with probing' : "deduction up to Loopy's Hard level";
    const cells = result.stuck?.cells.length;
    return `Grade: **needs search**: ${upTo} does not finish it${cells ? `; it stalls around ${cells} cell${cells === 1 ? '' : 's'} (shaded in the preview)` : ''}.`;
  }
  return `Grade: **${result.grade}**: ${MEANING[result.grade] ?? 'deduction alone finishes it'}.`;
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
