/**
 * The difficulty grade's board (beside a unique solution): the solution's edges in the colour of
 * the level whose deduction finds them; for `needs search` where deduction stalls. Each genre
 * draws its own board around the overlay made here.
 */
import type { CheckResult } from '../protocol-types';
import { CELL, escapeXml, type Panel } from './frame';

/**
 * The theme colour of each level of a grade, easiest first (classes `lp-grade-0` ...), named for
 * the note under the board: Slitherlink has four levels, Numberlink three.
 */
export const GRADE_COLORS: readonly { name: string; variable: string }[] = [
  { name: 'blue', variable: '--vscode-charts-blue' },
  { name: 'green', variable: '--vscode-charts-green' },
  { name: 'orange', variable: '--vscode-charts-orange' },
  { name: 'red', variable: '--vscode-charts-red' },
];

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The grade's board of a unique result that has one (`gradeSteps`): the solution's edges
 * (Numberlink: links; `shift` moves grid points to cell centres) in the colour of the level whose
 * deduction finds them, each with its level as a tooltip; for `needs search` the cells where
 * deduction stalls shaded and the edges it leaves open dashed. `board` draws the genre's board
 * around an overlay; `what` names its edges ('edge', 'link').
 */
export function gradePanel(result: CheckResult | null, board: (overlay: string) => string, shift: number, what: string): Panel[] {
  const steps = result?.verdict === 'unique' ? result.gradeSteps : undefined;
  if (!result || !steps || !result.grade) return [];
  const line = ([r1, c1, r2, c2]: readonly number[], cls: string, title: string, extra = ''): string =>
    `<line class="${cls}" data-edge="${r1},${c1},${r2},${c2}"${extra} x1="${c1 * CELL + shift}" y1="${r1 * CELL + shift}" x2="${c2 * CELL + shift}" y2="${r2 * CELL + shift}">` +
    `<title>${escapeXml(title)}</title></line>`;
  const out: string[] = [];
  const stuck = result.grade === 'needs search' ? result.stuck : undefined;
  if (stuck) {
    out.push(`<g class="lp-stuck">${stuck.cells.map(({ row, col }) =>
      `<rect class="lp-stuck-cell" data-cell="${row},${col}" x="${col * CELL}" y="${row * CELL}" width="${CELL}" height="${CELL}"/>`).join('')}</g>`);
  }
  steps.forEach(({ level, edges }, k) => {
    const cls = `lp-grade-edge lp-grade-${Math.min(k, GRADE_COLORS.length - 1)}`;
    out.push(`<g class="lp-grade-level" data-level="${escapeXml(level)}">${edges.map((e) => line(e, cls, `found at ${level}`, ` data-level="${escapeXml(level)}"`)).join('')}</g>`);
  });
  if (stuck) out.push(`<g class="lp-stuck-edges">${stuck.edges.map((e) => line(e, 'lp-stuck-edge', 'open: deduction stalls here')).join('')}</g>`);
  const overlay = `<g class="lp-grade-map">${out.join('')}</g>`;
  const legend = steps.map(({ level }, k) => `${level} ${GRADE_COLORS[Math.min(k, GRADE_COLORS.length - 1)]!.name}`).join(', ');
  const many = `${what}s`;
  if (stuck) {
    const n = stuck.edges.length;
    return [{
      body: board(overlay), name: 'grade',
      caption: `Grade: needs search · shaded: where deduction stalls`,
      note: { text: `Dashed: the ${n} ${n === 1 ? what : many} deduction leaves open; found: ${legend}`, warn: true },
    }];
  }
  return [{
    body: board(overlay), name: 'grade',
    caption: `Grade: ${capital(result.grade)} · ${many} by the level that finds them`,
    note: { text: `Found at: ${legend}`, warn: false },
  }];
}
