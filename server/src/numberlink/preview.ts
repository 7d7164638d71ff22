/**
 * Numberlink's boards in the preview (preview/frame.ts frames them): the cells, the endpoints
 * with their labels, each solution path in its label's colour; cells two solutions use
 * differently (`lp-diff-cell`), cells a unique solution leaves empty (`lp-unused`).
 *
 * Path colours are the classes `lp-color-0` ... `lp-color-{n-1}`, one per entry of PATH_COLORS
 * (the stylesheet client/media/preview.css must define each; a unit test holds the two together),
 * chosen per label by labelColors().
 */
import { formatCount, type CheckResult, type LoopSolution, type PathSolution, type Usage } from '../protocol-types';
import { CELL, cellRects, cellSet, conflictCells, countText, escapeXml, frame, singleCaption, usageCaption, usageLines, usageShare, type PreviewOptions } from '../preview/frame';
import { gradePanel } from '../preview/grade';
import type { NumberlinkPuzzle } from './puzzle';

/** What the page may offer: *Edit hints* with any key but a blank or `#`, keys typed quickly making one label. */
const EDITS = 'data-edit-keys="^[^\\s#]$" data-edit-words=""';

/**
 * Theme colours for Numberlink paths: class `lp-color-i` draws in PATH_COLORS[i]. Twelve that are
 * told apart, and stand out from the background, in both the default light and dark themes (the
 * terminal's bright variants equal the plain ones in light themes, so only one of each is here).
 */
export const PATH_COLORS: readonly { name: string; variable: string }[] = [
  { name: 'red', variable: '--vscode-charts-red' },
  { name: 'blue', variable: '--vscode-charts-blue' },
  { name: 'yellow', variable: '--vscode-terminal-ansiYellow' },
  { name: 'green', variable: '--vscode-charts-green' },
  { name: 'purple', variable: '--vscode-charts-purple' },
  { name: 'orange', variable: '--vscode-charts-orange' },
  { name: 'cyan', variable: '--vscode-terminal-ansiCyan' },
  { name: 'magenta', variable: '--vscode-terminal-ansiMagenta' },
  { name: 'dark blue', variable: '--vscode-terminal-ansiBlue' },
  { name: 'maroon', variable: '--vscode-debugTokenExpression-string' },
  { name: 'teal', variable: '--vscode-debugTokenExpression-number' },
  { name: 'white (grey on light themes)', variable: '--vscode-terminal-ansiWhite' },
];
export const PATH_COLOR_VARS: readonly string[] = PATH_COLORS.map((c) => c.variable);

/**
 * Labels that name their colour, as Flow Free's puzzles write them (the letters of
 * mzucker/flow_solver's files: R red, B blue, Y yellow, G green, P purple, O orange, C cyan,
 * M magenta, b dark blue, m maroon, W white). Case matters: `r` is just a label.
 */
export const NAMED_LABEL_COLORS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(
    ([['R', 'red'], ['B', 'blue'], ['Y', 'yellow'], ['G', 'green'], ['P', 'purple'], ['O', 'orange'], ['C', 'cyan'],
      ['M', 'magenta'], ['b', 'dark blue'], ['m', 'maroon'], ['W', 'white (grey on light themes)']] as const)
      .map(([label, name]) => [label, PATH_COLORS.findIndex((c) => c.name === name)]),
  ),
);

/** The colour a label asks for: numbers in order from red (1 red, 2 blue, ...), others by a hash of the name. */
function preferredColor(label: string): number {
  const n = PATH_COLORS.length;
  if (/^\d+$/.test(label)) return (((Number(label) - 1) % n) + n) % n;
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return (h >>> 0) % n;
}

const byLabel = (a: string, b: string): number => {
  const na = /^\d+$/.test(a), nb = /^\d+$/.test(b);
  if (na !== nb) return na ? -1 : 1;
  if (na && Number(a) !== Number(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
};

/**
 * The colour (index into PATH_COLORS) of each label. Letters that name a colour get it; every
 * other label its preferred colour, or the next one no other label of the puzzle has, taking the
 * labels in a fixed order (numbers by value, then the rest by name). So a label's colour depends
 * only on the set of labels, never on where they are in the grid or which comes first, and it
 * keeps its colour as long as no other label claims it. With more labels than colours, the
 * later ones share.
 */
export function labelColors(labels: readonly string[]): number[] {
  const n = PATH_COLORS.length;
  const colors = new Array<number>(labels.length).fill(-1);
  const used = new Set<number>();
  labels.forEach((label, k) => {
    const c = NAMED_LABEL_COLORS[label];
    if (c !== undefined && !used.has(c)) {
      colors[k] = c;
      used.add(c);
    }
  });
  const rest = labels.map((_, k) => k).filter((k) => colors[k] < 0).sort((a, b) => byLabel(labels[a], labels[b]));
  for (const k of rest) {
    const want = preferredColor(labels[k]);
    let c = want;
    for (let i = 1; i < n && used.has(c); i++) c = (want + i) % n;
    colors[k] = used.has(c) ? want : c;
    used.add(colors[k]);
  }
  return colors;
}

// ---------------------------------------------------------------------------------------------
// Numberlink

function pathSolution(solution: LoopSolution | PathSolution | undefined): PathSolution | null {
  if (!solution || !('paths' in solution) || !Array.isArray(solution.paths)) return null;
  return solution;
}

/** Label index of each path, by the label's name (falls back to the path's position). */
function pathLabels(p: NumberlinkPuzzle, s: PathSolution): number[] {
  return s.paths.map((_, i) => {
    const name = s.labels?.[i];
    const k = name === undefined ? -1 : p.labels.indexOf(name);
    return k >= 0 ? k : i;
  });
}

/** Per cell: the label whose path uses it and the cells it links to, as a comparable string. */
function cellUse(p: NumberlinkPuzzle, s: PathSolution): string[] {
  const use: string[] = new Array(p.rows * p.cols).fill('');
  const labels = pathLabels(p, s);
  s.paths.forEach((path, i) => {
    path.forEach(([r, c], j) => {
      const links: number[] = [];
      if (j > 0) links.push(path[j - 1][0] * p.cols + path[j - 1][1]);
      if (j + 1 < path.length) links.push(path[j + 1][0] * p.cols + path[j + 1][1]);
      links.sort((a, b) => a - b);
      use[r * p.cols + c] = `${labels[i]}:${links.join(',')}`;
    });
  });
  return use;
}


function numberBoard(p: NumberlinkPuzzle, result: CheckResult | null, s: PathSolution | null, other: PathSolution | null, overlay = ''): string {
  const { rows, cols } = p;
  const conflict = result?.verdict === 'none' ? cellSet(conflictCells(result), cols) : new Set<number>();
  const use = s ? cellUse(p, s) : null;
  const otherUse = s && other ? cellUse(p, other) : null;
  const showUnused = s !== null && result?.verdict === 'unique' && result.covers === false;
  const colors = labelColors(p.labels);
  const colorClass = (k: number): string => `lp-color-${colors[k] ?? k % PATH_COLORS.length}`;
  const out: string[] = [];
  out.push(
    cellRects(rows, cols, (r, c) => {
      const i = r * cols + c;
      let cls = '';
      if (otherUse && use && use[i] !== otherUse[i]) cls += ' lp-diff-cell';
      if (showUnused && use && use[i] === '') cls += ' lp-unused';
      return cls;
    }),
  );
  let d = '';
  for (let r = 0; r <= rows; r++) d += `M0 ${r * CELL}H${cols * CELL}`;
  for (let c = 0; c <= cols; c++) d += `M${c * CELL} 0V${rows * CELL}`;
  out.push(`<path class="lp-gridline" d="${d}"/>`);

  if (s) {
    const labels = pathLabels(p, s);
    const lines: string[] = [];
    s.paths.forEach((path, i) => {
      if (path.length === 0) return;
      const k = labels[i];
      const pts = path.map(([r, c]) => `${c * CELL + CELL / 2},${r * CELL + CELL / 2}`).join(' ');
      const name = p.labels[k] ?? s.labels?.[i] ?? String(i);
      lines.push(`<polyline class="lp-path ${colorClass(k)}" data-label="${escapeXml(name)}" points="${pts}"/>`);
    });
    out.push(`<g class="lp-paths">${lines.join('')}</g>`);
  }
  out.push(overlay);

  const ends: string[] = [];
  const r0 = CELL * 0.34;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = p.cells[r * cols + c];
      if (k < 0) continue;
      const x = c * CELL + CELL / 2, y = r * CELL + CELL / 2;
      const label = p.labels[k] ?? '?';
      const conflictCls = conflict.has(r * cols + c) ? ' lp-conflict' : '';
      ends.push(
        `<circle class="lp-endpoint ${colorClass(k)}${conflictCls}" cx="${x}" cy="${y}" r="${r0}" data-row="${r}" data-col="${c}"/>`,
      );
      const small = label.length > 2 ? ' lp-label-small' : '';
      ends.push(
        `<text class="lp-label${small}${conflictCls}" x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central" data-row="${r}" data-col="${c}">${escapeXml(label)}</text>`,
      );
    }
  }
  out.push(`<g class="lp-endpoints">${ends.join('')}</g>`);
  return out.join('\n');
}

export function previewNumberlink(p: NumberlinkPuzzle, result: CheckResult | null, options: PreviewOptions): string {
  const first = pathSolution(result?.solution);
  const rule = result?.rule ? ` · rule: ${result.rule}` : '';
  if (result?.verdict === 'multiple') {
    const second = pathSolution(result.secondSolution);
    if (first && second) {
      return frame(p, result, [
        { body: numberBoard(p, result, first, second), caption: `Solution 1 of ${countText(result)}${rule}` },
        { body: numberBoard(p, result, second, first), caption: 'Solution 2 (differences marked)' },
        ...(result.usage ? [{
          body: numberBoard(p, result, null, null, usageCellMarks(p, result.usage) + usageLines(result.usage, CELL / 2)),
          caption: usageCaption(result.usage), name: 'ambiguity map', note: usageCellNote(result.usage),
        }] : []),
      ], options, undefined, EDITS);
    }
  }
  const show = result && (result.verdict === 'unique' || result.verdict === 'multiple') ? first : null;
  let caption = singleCaption(result) + rule;
  if (result?.verdict === 'unique' && result.covers === false) caption += ' · leaves cells empty';
  const graded = gradePanel(result, (overlay) => numberBoard(p, result, null, null, overlay), CELL / 2, 'link');
  return frame(p, result, [{ body: numberBoard(p, result, show, null), caption }, ...graded], options, undefined, EDITS);
}

/** The most cells whose label shares the map draws (one group of SVG elements each). */
const USAGE_CELLS_MAX = 40_000;

/**
 * The map, per cell without a label: with the labels' counts (up to 5,000 solutions, usage.ts)
 * the label most solutions put there, tinted and written small in its colour as strong as its
 * share; past that the map has links only, and a cell's count of solutions that use it follows
 * exactly from them (each solution enters and leaves a used cell by two links: half the counts
 * of its links), tinted by that share. The tooltip says the counts:
 * "label 3 in 5 of 12 solutions, label 1 in 2; empty in 5".
 */
function usageCellMarks(p: NumberlinkPuzzle, usage: Usage): string {
  const { rows, cols } = p;
  if (rows * cols > USAGE_CELLS_MAX) return '';
  const of = BigInt(usage.of);
  const colors = labelColors(p.labels);
  const labelIndex = new Map(p.labels.map((l, k) => [l, k]));
  const out: string[] = [];
  const mark = (r: number, c: number, cls: string, share: number, title: string, text = ''): string => {
    const x = c * CELL, y = r * CELL;
    return `<g class="lp-usage-cell" data-row="${r}" data-col="${c}">` +
      `<rect class="lp-usage-tint ${cls}" x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" fill-opacity="${(0.08 + 0.3 * share).toFixed(3)}"/>` +
      (text ? `<text class="lp-usage-label ${cls}" x="${x + 3}" y="${y + 3}" dominant-baseline="hanging" fill-opacity="${Math.max(0.35, share).toFixed(3)}">${escapeXml(text)}</text>` : '') +
      `<title>${escapeXml(title)}</title></g>`;
  };
  if (usage.cells) {
    for (const { cell: [r, c], labels } of usage.cells) {
      if (p.cells[r * cols + c] >= 0 || labels.length === 0) continue;
      const sorted = [...labels].sort((a, b) => (BigInt(b.count) > BigInt(a.count) ? 1 : BigInt(b.count) < BigInt(a.count) ? -1 : byLabel(a.label, b.label)));
      const top = sorted[0]!;
      const used = sorted.reduce((n, l) => n + BigInt(l.count), 0n);
      const parts = sorted.map((l, i) => `label ${l.label} in ${formatCount(l.count)}${i === 0 ? ` of ${formatCount(usage.of)} solutions` : ''}`);
      const empty = of - used;
      const title = parts.join(', ') + (empty > 0n ? `; empty in ${formatCount(empty.toString())}` : '');
      const k = labelIndex.get(top.label) ?? 0;
      out.push(mark(r, c, `lp-color-${colors[k] ?? k % PATH_COLORS.length}`, usageShare(top.count, usage.of), title, top.label));
    }
    return `<g class="lp-usage-cells">${out.join('')}</g>`;
  }
  // Links only: a used cell's count is half the counts of its links.
  const sum = new Map<number, bigint>();
  for (const { edge: [r1, c1, r2, c2], count } of usage.edges) {
    for (const v of [r1 * cols + c1, r2 * cols + c2]) sum.set(v, (sum.get(v) ?? 0n) + BigInt(count));
  }
  for (let v = 0; v < rows * cols; v++) {
    if (p.cells[v] >= 0) continue;
    const used = (sum.get(v) ?? 0n) / 2n;
    if (used === of) continue; // every solution uses it: nothing to tell
    const title = `used in ${formatCount(used.toString())} of ${formatCount(usage.of)} solutions, empty in ${formatCount((of - used).toString())} ` +
      `(which label: counted only up to 5,000 solutions)`;
    out.push(mark(Math.floor(v / cols), v % cols, 'lp-usage-used', usageShare(used.toString(), usage.of), title));
  }
  return `<g class="lp-usage-cells">${out.join('')}</g>`;
}

/** The map's note on cells. */
function usageCellNote(usage: Usage): { text: string; warn: boolean } {
  return usage.cells
    ? { text: 'Cells: the label most solutions put there, by its share (hover for every label\'s count)', warn: false }
    : { text: `Cells: how many solutions use them; which label is counted only up to 5,000 solutions (here ${formatCount(usage.of)})`, warn: false };
}
