import type { CheckResult, GenreResultFields, LoopSolution, PathSolution, Stuck, Usage } from '../analysis/result';
import type { PuzzleKind } from '../model/puzzle';
import type { Finding } from '../findings/index';
import { findingCode, genreOf, GENRES } from '../genres/index';

/**
 * One element of `linkpuzzle check --json`'s array (../shared/FORMATS.md). A genre's own fields
 * (GenreResultFields: Numberlink's `rule` and `covers`) come after `countAtLeast`, in the order of
 * its Genre.report.fields.
 */
export interface JsonEntry extends GenreResultFields {
  file: string;
  kind: PuzzleKind;
  rows: number;
  cols: number;
  verdict: CheckResult['verdict'];
  count: string | null;
  countAtLeast?: string;
  /** Slitherlink on a tiling (docs/tilings.md): its name and Loopy's width and height (= cols, rows). */
  tiling?: { name: string; width: number; height: number; desc?: string };
  /**
   * Slitherlink, unique: 0-based hint cells whose removal alone keeps the solution unique; null when
   * not computed. On a tiling each also has `face` (Loopy's face number); row and col are its line
   * and place in the file's grid.
   */
  redundant: { row: number; col: number; face?: number }[] | null;
  /** Why redundant hints are missing, when they were asked for and stopped. */
  redundantStopped?: string;
  /**
   * Slitherlink, unique: the redundant hints that can go together, in the order "Remove all
   * redundant hints" removes them (docs/FORMATS-extensions.md); null when not computed.
   */
  redundantTogether?: { row: number; col: number }[] | null;
  /** Why `redundantTogether` is incomplete (a limit stopped the pass): it lists what was removed until then. */
  redundantTogetherStopped?: string;
  /** On a tiling, `edges` are [x1, y1, x2, y2] in Loopy's coordinates and `edgeIds` the lattice's edge numbers. */
  solution: { edges: [number, number, number, number][]; edgeIds?: number[] } | { paths: [number, number][][]; labels: string[] } | null;
  /**
   * `multiple`: a second solution, different from `solution`, in the same form: the two that prove
   * the verdict when the count does not fit (docs/FORMATS-extensions.md).
   */
  secondSolution?: NonNullable<JsonEntry['solution']>;
  errors: { line: number; col: number; endLine: number; endCol: number; message: string; code?: string }[];
  ms: number;
  /**
   * `check --grade`, unique: the difficulty grade (docs/FORMATS-extensions.md): Slitherlink on
   * squares `easy` ... `hard`, Numberlink `local`, `global`, `probing`; either `needs search`.
   */
  grade?: string;
  /**
   * With grade `needs search`: the edges ([r1, c1, r2, c2]; Slitherlink: grid points, Numberlink:
   * cells) the highest level of deduction leaves open, and the cells beside them.
   */
  stuck?: Stuck;
  /** Why `grade` is missing although it was asked for (Numberlink: probing ran out of its time). */
  gradeStopped?: string;
  /** `check --usage`, several solutions, exact count: how many solutions use each edge (docs/FORMATS-extensions.md). */
  usage?: Usage;
  /** Why `usage` is missing although it was asked for. */
  usageStopped?: string;
  /**
   * Which limit stopped the work, and where: when the verdict is `unknown`, and when it is
   * `multiple` (two solutions found) but `count` is null because a limit stopped the count.
   */
  stopped?: string;
}

function solutionJson(s: LoopSolution | PathSolution | undefined): JsonEntry['solution'] {
  if (!s) return null;
  if ('edges' in s) return s.edgeIds ? { edges: s.edges, edgeIds: s.edgeIds } : { edges: s.edges };
  return { paths: s.paths, labels: s.labels };
}

export function toJson(file: string, r: CheckResult): JsonEntry {
  return {
    file,
    kind: r.kind,
    rows: r.rows,
    cols: r.cols,
    verdict: r.verdict,
    count: r.count,
    ...(r.countAtLeast !== undefined ? { countAtLeast: r.countAtLeast } : {}),
    ...genreFields(r),
    ...(r.tiling ? { tiling: { ...r.tiling } } : {}),
    redundant: r.redundant ? r.redundant.map(cellJson) : null,
    ...(r.redundantStopped ? { redundantStopped: r.redundantStopped.message } : {}),
    // Genres with redundant hints always say whether they can go together (null: not computed).
    ...(genreOf(r.kind).extras.redundantHints ? { redundantTogether: r.redundantTogether ? r.redundantTogether.map(cellJson) : null } : {}),
    ...(r.redundantTogetherStopped ? { redundantTogetherStopped: r.redundantTogetherStopped.message } : {}),
    solution: solutionJson(r.solution),
    ...(r.verdict === 'multiple' && r.solution && r.secondSolution ? { secondSolution: solutionJson(r.secondSolution)! } : {}),
    ...(r.grade ? { grade: r.grade } : {}),
    ...(r.stuck ? { stuck: { edges: r.stuck.edges, cells: r.stuck.cells.map(cellJson) } } : {}),
    ...(r.gradeStopped ? { gradeStopped: r.gradeStopped.message } : {}),
    ...(r.usage ? { usage: r.usage } : {}),
    ...(r.usageStopped ? { usageStopped: r.usageStopped.message } : {}),
    errors: r.errors.map((p) => ({
      line: p.range.line,
      col: p.range.col,
      endLine: p.range.endLine,
      endCol: p.range.endCol,
      message: p.message,
      code: p.code,
    })),
    ms: Math.round(r.ms * 10) / 10,
    ...(r.verdict === 'unknown' ? { stopped: r.stopped?.message ?? 'undecided: stopped before the answer' } : {}),
    ...(r.verdict === 'multiple' && r.count === null && r.stopped ? { stopped: countStoppedText(r) } : {}),
  };
}

/** The result's fields of its genre's own (Genre.report.fields), those set, in that order. */
function genreFields(r: CheckResult): GenreResultFields {
  const out: Record<string, unknown> = {};
  const own = r as unknown as Record<string, unknown>;
  for (const f of genreOf(r.kind).report?.fields ?? []) if (own[f] !== undefined) out[f] = own[f];
  return out as GenreResultFields;
}

function cellJson(c: { row: number; col: number; face?: number }): { row: number; col: number; face?: number } {
  return c.face !== undefined ? { row: c.row, col: c.col, face: c.face } : { row: c.row, col: c.col };
}

/** Size as width×height, the way puzzle collections (and the corpus file names) write it. */
export function sizeText(rows: number, cols: number): string {
  return rows === 0 && cols === 0 ? '-' : `${cols}×${rows}`;
}

/** Counts past 15 digits are shortened for the table (the JSON has them exactly). */
export function countText(r: CheckResult): string {
  if (r.count !== null) {
    if (r.count.length <= 15) return r.count;
    return `≈${r.count[0]}.${r.count.slice(1, 4)}e${r.count.length - 1}`;
  }
  if (r.countAtLeast !== undefined) return `≥${r.countAtLeast}`;
  return '-';
}

export function timeText(ms: number): string {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 10_000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Text for people: 1-based (row,col); a tiling's face by its number (#12). */
export function cellText(c: { row: number; col: number; face?: number }): string {
  return c.face !== undefined ? `#${c.face}` : `(${c.row + 1},${c.col + 1})`;
}

/** The genre's flaw of a result (Genre.report.flaw), or null. */
function flawOf(r: CheckResult): { solve: string; footnote: string } | null {
  return genreOf(r.kind).report?.flaw?.(r) ?? null;
}

function verdictText(r: CheckResult): string {
  return flawOf(r) ? `${r.verdict}*` : r.verdict;
}

/** What `solve` says after the verdict: the genre's note (" (rule: fill)"). */
export function verdictNote(r: CheckResult): string {
  return genreOf(r.kind).report?.verdictNote?.(r) ?? '';
}

/** What `solve` adds to a unique verdict: ", leaving cells empty" (the genre's flaw), or ''. */
export function flawNote(r: CheckResult): string {
  const f = flawOf(r);
  return f ? `, ${f.solve}` : '';
}

/** The genres' own columns of the table (Genre.report.column), one per header, in registry order. */
function genreColumns(): { header: string; cell(r: CheckResult): string }[] {
  const headers = [...new Set(GENRES.flatMap((g) => (g.report?.column ? [g.report.column.header] : [])))];
  return headers.map((header) => ({
    header,
    cell: (r) => {
      const c = genreOf(r.kind).report?.column;
      return c?.header === header ? c.cell(r) : '';
    },
  }));
}

export interface TableRow {
  file: string;
  result: CheckResult;
  /** Lines from the findings (findingLines), below the result's own details. */
  extra?: string[];
}

/**
 * The findings the table's columns and lines do not already say (their codes are declared
 * `listsCells`: where the solutions differ, the conflicting givens, a genre's own such as the cells
 * a solution leaves empty): each as its message and its cells.
 */
export function findingLines(findings: Finding[]): string[] {
  return findings
    .filter((f) => findingCode(f.code)?.listsCells && (f.related?.length ?? 0) > 0)
    // A tiling's faces go by number (#12), as in its redundant hints' line.
    .map((f) => `${f.message} ${f.related!.some((r) => r.cell.face !== undefined) ? 'Faces' : 'Cells (row,col)'}: ${f.related!.map((r) => cellText(r.cell)).join(' ')}`);
}

/** The default, human-readable report: one line per file, details indented below it. */
export function formatTable(rows: TableRow[]): string {
  // The grade column only when some row has a grade (check --grade).
  const graded = rows.some(({ result: r }) => r.grade !== undefined || r.gradeStopped !== undefined);
  const own = genreColumns();
  const header = ['file', 'kind', 'size', ...own.map((c) => c.header), 'verdict', 'count', 'redundant', 'together', 'time', ...(graded ? ['grade'] : [])];
  const cells = rows.map(({ file, result: r }) => [
    file,
    r.kind,
    (r.tiling ? `${r.tiling.name} ` : '') + sizeText(r.rows, r.cols),
    ...own.map((c) => c.cell(r)),
    verdictText(r),
    countText(r),
    r.redundant ? String(r.redundant.length) : '-',
    togetherCount(r),
    timeText(r.ms),
    ...(graded ? [r.grade ?? '-'] : []),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => [...c[i]].length)));
  // count, redundant, together and time are right-aligned.
  const first = header.indexOf('count');
  const right = new Set([first, first + 1, first + 2, first + 3]);
  const line = (c: string[]) =>
    c
      .map((s, i) => {
        const pad = ' '.repeat(widths[i] - [...s].length);
        return right.has(i) ? pad + s : s + pad;
      })
      .join('  ')
      .trimEnd();
  const out = [line(header)];
  rows.forEach(({ file, result: r, extra }, i) => {
    out.push(line(cells[i]));
    out.push(...[...details(file, r), ...(extra ?? [])].map((d) => '    ' + d));
  });
  // One footnote per flaw found (Genre.report.flaw), in the order of the rows.
  const footnotes = [...new Set(rows.flatMap(({ result: r }) => {
    const f = flawOf(r);
    return f ? [`${r.verdict}* = ${f.footnote}`] : [];
  }))];
  if (footnotes.length) out.push('', ...footnotes);
  return out.join('\n');
}

/** How many of the cells where deduction stalls the table lists. */
const STUCK_CELLS_SHOWN = 24;

/** Lines explaining one result: errors (1-based line:col), redundant hints, why it stopped. */
export function details(file: string, r: CheckResult): string[] {
  const out: string[] = [];
  for (const p of r.errors) out.push(`${file}:${p.range.line + 1}:${p.range.col + 1}: ${p.message}`);
  if (r.redundant && r.redundant.length > 0) {
    if (r.tiling) out.push(`redundant hints (face numbers): ${r.redundant.map(cellText).join(' ')}`);
    else out.push(`redundant hints (row,col): ${r.redundant.map(cellText).join(' ')}`);
  }
  if (r.redundantStopped) out.push(`redundant hints not decided: ${r.redundantStopped.message}`);
  if (r.stuck) {
    const n = r.stuck.edges.length;
    const cells = r.stuck.cells, shown = cells.slice(0, STUCK_CELLS_SHOWN).map(cellText).join(' ');
    const more = cells.length > STUCK_CELLS_SHOWN ? ` and ${cells.length - STUCK_CELLS_SHOWN} more (--json lists them)` : '';
    const words = genreOf(r.kind).gradeWords;
    const upTo = words?.short ?? 'deduction', what = words?.edge ?? 'edge';
    out.push(`needs search: ${upTo} leaves ${n} ${what}${n === 1 ? '' : 's'} open, around cells (row,col): ${shown}${more}`);
  }
  if (r.gradeStopped) out.push(r.gradeStopped.message);
  const together = togetherLine(r);
  if (together) out.push(together);
  if (r.verdict === 'unknown') out.push(r.stopped?.message ?? 'undecided: stopped before the answer');
  if (r.verdict === 'multiple' && r.count === null && r.stopped) {
    out.push(`at least ${r.countAtLeast ?? 2} solutions, too many to count within the limits: ${countStoppedText(r)}`);
  }
  return out;
}

/** Why a `multiple` has no exact count: "count stopped after 20000001 nodes at level 49 of 828 (node limit 20000000)". */
export function countStoppedText(r: CheckResult): string {
  const m = r.stopped?.message ?? 'stopped before the answer';
  return `count ${m.replace(/^undecided:\s*/i, '')}`;
}

/** The table's `together` column: how many redundant hints can go together (≥ when the pass stopped early). */
function togetherCount(r: CheckResult): string {
  if (!r.redundantTogether) return '-';
  return `${r.redundantTogetherStopped ? '≥' : ''}${r.redundantTogether.length}`;
}

/** Redundant one at a time is not redundant together: what "Remove all redundant hints" leaves. */
export function togetherLine(r: CheckResult): string | null {
  const all = r.redundant?.length ?? 0;
  const t = r.redundantTogether;
  if (!t || all === 0) return null;
  const cells = t.map(cellText).join(' ');
  if (r.redundantTogetherStopped) {
    const more = r.redundantTogetherStopped.limit === 'time' ? ' (--together-limit MS gives it more time)' : '';
    return `redundant hints together undecided: ${r.redundantTogetherStopped.message}${more}` + (t.length ? `; can go together so far: ${cells}` : '');
  }
  if (t.length === all) return all === 1 ? null : `all ${all} redundant hints can go together`;
  const stay = all - t.length;
  return `redundant one at a time, not all together: Remove all redundant hints removes ${t.length} of ${all}: ${cells} (${stay} ${stay === 1 ? 'stays' : 'stay'} needed)`;
}

export function summaryLine(rows: TableRow[]): string {
  const by = new Map<string, number>();
  for (const { result } of rows) by.set(result.verdict, (by.get(result.verdict) ?? 0) + 1);
  const order = ['unique', 'multiple', 'none', 'unknown', 'invalid'];
  const parts = order.filter((v) => by.has(v)).map((v) => `${by.get(v)} ${v}`);
  const ms = rows.reduce((a, r) => a + r.result.ms, 0);
  return `${rows.length} file${rows.length === 1 ? '' : 's'}: ${parts.join(', ')} (${timeText(ms)})`;
}

function isPrimitive(v: unknown): boolean {
  return v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';
}

function isFlat(v: unknown): boolean {
  return isPrimitive(v) || (Array.isArray(v) && v.every((x) => typeof x === 'number'));
}

/**
 * JSON indented for reading, except that coordinate lists (`[r, c]`, a path of them, `[r1, c1, r2, c2]`)
 * stay on one line each, as do small flat objects (`{"row": 0, "col": 1}`): a 60×60 solution would
 * otherwise run to thousands of lines.
 */
export function prettyJson(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isFlat)) return JSON.stringify(value);
    if (value.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'number'))) {
      // Cell lists such as `redundant`: several per line.
      const items = value.map((v) => prettyJson(v, indent));
      const inner = indent + '  ';
      const lines: string[] = [];
      for (const it of items) {
        const last = lines.length - 1;
        if (last >= 0 && lines[last].length + it.length + 2 <= 96) lines[last] += ', ' + it;
        else lines.push(it);
      }
      return `[\n${lines.map((l) => inner + l).join(',\n')}\n${indent}]`;
    }
    const inner = indent + '  ';
    return `[\n${value.map((v) => inner + prettyJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    if (entries.every(([, v]) => typeof v === 'number') && entries.length <= 4) {
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')}}`;
    }
    const inner = indent + '  ';
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${prettyJson(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
