/** Slitherlink (.slk): a loop along the grid lines; a hint says how many of its cell's sides it uses. */
import type { CheckResult, LoopSolution } from '../analysis/result';
import type { Genre } from '../genres/genre';
import { previewSlitherlink } from './preview';
import { Grid } from '../model/grid';
import { makeLattice } from '../model/lattice';
import { polygonName } from '../model/latticePicture';
import { actions } from './actions';
import { cellLabel, cellText, describeGivens, differences, emptyGiven, fewestConflicting, givenAt, keepUnits, signature, units } from './cells';
import { checkSlitherlink, gradeSlitherlinkPuzzle } from './check';
import { findTilingLoop, tilingLoopMeets } from './checkTiling';
import { cli } from './design/cli';
import { commands } from './design/commands';
import { generate } from './design/generateText';
import { tools } from './design/tools';
import { findSuggestions } from './design/suggestions';
import { drawLoop } from './draw';
import { drawTilingSvg } from './drawTiling';
import { loopy, puzzLink } from './exchange/formats';
import { SLITHERLINK_FINDING_CODES } from './findings/codes';
import { loopTextFindings } from './findings/loopText';
import { solutionNotIntended } from './findings/solutionNotIntended';
import { SlitherlinkSession } from './incremental';
import { parseSlitherlink } from './parse';
import { SLITHERLINK_PARSE_CODES } from './parseCodes';
import type { SlitherlinkPuzzle } from './puzzle';
import { together } from './together';
import { gradeAround } from '../findings/gradeWords';

const SIDE_NAMES = ['top', 'bottom', 'left', 'right'];

export const slitherlink: Genre<SlitherlinkPuzzle> = {
  kind: 'slitherlink',
  name: 'Slitherlink',
  extension: 'slk',
  givens: { one: 'hint', many: 'hints' },
  extras: { redundantHints: true, conflicts: true, suggestions: true, grade: 'with the check' },
  parse: parseSlitherlink,
  parseCodes: SLITHERLINK_PARSE_CODES,
  signature,
  textFindings: loopTextFindings,
  // A tiling is checked on its lattice (checkTiling.ts, from checkSlitherlink).
  check: checkSlitherlink,
  // The incremental session: squares and tilings (incremental.ts).
  incremental: { takes: () => true, create: (maxBytes) => new SlitherlinkSession({ maxBytes }) },
  // Squares only: none on a tiling.
  grade: gradeSlitherlinkPuzzle,
  gradeWords: {
    levels: {
      easy: "deduction at Loopy's Easy level finishes it (hint counting, the degree rule at each dot)",
      normal: "deduction at Loopy's Normal level finishes it (+ each cell worked out with its four corners)",
      tricky: "deduction at Loopy's Tricky level finishes it (+ corner pairs carried from cell to cell)",
      hard: "deduction at Loopy's Hard level finishes it (+ inside/outside colouring and connectivity)",
    },
    ceiling: "deduction up to Loopy's Hard level",
    short: 'deduction up to Hard',
    edge: 'edge',
    help: "on squares easy, normal, tricky, hard (Loopy's levels)",
  },
  units,
  keepUnits,
  fewestConflicting,
  // On a tiling the conflict search asks only whether a loop exists (the subsets' loops are too many to count).
  hasSolution: (p, control) => (p.tiling ? findTilingLoop(p, control) : undefined),
  witnessMeets: (p, loop) => !!p.tiling && Array.isArray(loop) && tilingLoopMeets(p, loop as number[]),
  // makeUnique.ts on the puzzle's board (a square grid or a tiling).
  suggest: (p, control) => findSuggestions(p, control),
  together,
  tools,
  cellLabel,
  givenAt,
  describeGivens,
  differences,
  findingCodes: SLITHERLINK_FINDING_CODES,
  findings: (p, a) => {
    const f = solutionNotIntended(p, a);
    return f ? [f] : [];
  },
  emptyGiven,
  cellText,
  preview: previewSlitherlink,
  draw(p, result) {
    if (!result.solution) return null;
    const solution = result.solution as LoopSolution;
    // No text drawing of a tiling: an SVG picture (`linkpuzzle solve x.slk > x.svg` after the first line).
    if (p.tiling) return drawTilingSvg(makeLattice(p.tiling), p.hints, solution.edgeIds ?? []);
    return drawLoop(p.rows, p.cols, p.hints, solution.edges, p.cols <= 25 ? 3 : 1);
  },
  formats: [loopy, puzzLink],
  generate,
  commands,
  actions,
  cli,
  describeCell(p, cell, result) {
    if (p.tiling) return describeFace(p, cell.face ?? -1, result);
    const { row, col } = cell;
    const h = p.hints[row * p.cols + col]!;
    const lines = [h >= 0 ? `Hint **${h}**: the loop uses ${h} of this cell's 4 sides.` : 'Empty cell.'];
    if (result?.verdict === 'unique' && result.solution && 'edges' in result.solution) {
      const grid = new Grid(p.rows, p.cols);
      const on = new Set(result.solution.edges.map(([a, b, c, d]) => grid.edgeBetween(a, b, c, d)));
      const sides = grid.cellEdges(row, col).flatMap((e, k) => (on.has(e) ? [SIDE_NAMES[k]!] : []));
      lines.push(sides.length ? `Solution: the loop runs along the ${sides.join(', ')} side${sides.length === 1 ? '' : 's'} (${sides.length} of 4).` : 'Solution: the loop touches no side of this cell.');
    }
    const around = [[row, col, row, col + 1], [row + 1, col, row + 1, col + 1], [row, col, row + 1, col], [row, col + 1, row + 1, col + 1]] as const;
    lines.push(...gradeAround(result, around, 'side'));
    return lines;
  },
};

/** A face of a tiling: its shape, its hint, and how many of its sides the unique loop uses. */
function describeFace(p: SlitherlinkPuzzle, f: number, result: CheckResult | undefined): string[] {
  const lattice = makeLattice(p.tiling!);
  if (f < 0 || f >= lattice.faceCount) return [];
  const sides = lattice.faceSize(f);
  const shape = polygonName(p.tiling!.name, sides);
  const h = p.hints[f]!;
  const lines = [h >= 0 ? `Hint **${h}**: the loop uses ${h} of this ${shape}'s ${sides} sides.` : `Empty face: a ${shape}, ${sides} sides.`];
  const ids = result?.verdict === 'unique' && result.solution && 'edges' in result.solution ? result.solution.edgeIds : undefined;
  if (ids) {
    const on = new Set(ids);
    const n = Array.from(lattice.edgesOf(f)).filter((e) => on.has(e)).length;
    lines.push(`Solution: ${shape}, ${sides} sides, ${n} of them on the loop.`);
  }
  return lines;
}
