/**
 * The preview renderer, checked against official solutions (test/fixtures/preview/answers.json,
 * copied from the corpus): the picture must show the hints where they are, the loop or paths
 * that the result gives, and only theme colours.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNumberlink, parseSlitherlink } from '../../server/src/parse/index';
import type { CheckResult, PathSolution } from '../../server/src/analysis/result';
import { checkSlitherlink } from '../../server/src/analysis/slitherlink';
import { findSuggestions } from '../../server/src/design/suggestions';
import type { NumberlinkPuzzle, SlitherlinkPuzzle } from '../../server/src/model/puzzle';
import { CELL, GAP, GRADE_COLORS, NAMED_LABEL_COLORS, PAD, PATH_COLORS, PATH_COLOR_VARS, TEXT_WIDTH, labelColors, renderSvg, textWidth, wrapText } from '../../client/src/render';
import { checkText } from '../../server/src/analysis/check';

const dir = join(__dirname, '..', 'fixtures', 'preview');
interface Answer { file: string; kind: string; rows: number; cols: number; inside?: string[]; official?: string }
const answers: Answer[] = JSON.parse(readFileSync(join(dir, 'answers.json'), 'utf8'));

function slk(file: string): SlitherlinkPuzzle {
  const { puzzle, problems } = parseSlitherlink(readFileSync(join(dir, file), 'utf8'));
  expect(problems).toEqual([]);
  return puzzle!;
}
function nlk(file: string): NumberlinkPuzzle {
  const { puzzle, problems } = parseNumberlink(readFileSync(join(dir, file), 'utf8'));
  expect(problems).toEqual([]);
  return puzzle!;
}

type Edge = [number, number, number, number];

/** The loop of an official "inside" picture: every side between an inside and an outside cell. */
function loopFromInside(inside: string[]): Edge[] {
  const rows = inside.length, cols = inside[0].length;
  const at = (r: number, c: number) => r >= 0 && r < rows && c >= 0 && c < cols && inside[r][c] === 'x';
  const edges: Edge[] = [];
  for (let r = 0; r <= rows; r++) for (let c = 0; c < cols; c++) if (at(r - 1, c) !== at(r, c)) edges.push([r, c, r, c + 1]);
  for (let r = 0; r < rows; r++) for (let c = 0; c <= cols; c++) if (at(r, c - 1) !== at(r, c)) edges.push([r, c, r + 1, c]);
  return edges;
}

/** Paths from an official direction picture ("n", "se", ... per cell), walked from each label's first endpoint. */
function pathsFromOfficial(p: NumberlinkPuzzle, official: string): PathSolution {
  const lines = official.split('\n').slice(1);
  const width = p.cols * 3 - 1;
  const dirs = lines.map((l) => {
    const padded = l.padStart(width, ' ');
    return Array.from({ length: p.cols }, (_, c) => padded.slice(c * 3, c * 3 + 2).trim());
  });
  const step: Record<string, [number, number]> = { n: [-1, 0], s: [1, 0], e: [0, 1], w: [0, -1] };
  const labels: string[] = [], paths: [number, number][][] = [];
  const seen = new Set<number>();
  for (let i = 0; i < p.rows * p.cols; i++) {
    const k = p.cells[i];
    if (k < 0 || seen.has(k)) continue;
    seen.add(k);
    let r = Math.floor(i / p.cols), c = i % p.cols;
    const path: [number, number][] = [[r, c]];
    let prev = -1;
    for (;;) {
      const next = [...dirs[r][c]].map((d) => [r + step[d][0], c + step[d][1]]).find(([nr, nc]) => nr * p.cols + nc !== prev);
      if (!next) break;
      prev = r * p.cols + c;
      [r, c] = next;
      path.push([r, c]);
      if (p.cells[r * p.cols + c] >= 0) break;
    }
    labels.push(p.labels[k]);
    paths.push(path);
  }
  return { labels, paths };
}

function result(kind: 'slitherlink' | 'numberlink', rows: number, cols: number, extra: Partial<CheckResult>): CheckResult {
  return { kind, rows, cols, verdict: 'unique', count: '1', errors: [], ms: 1, ...extra };
}

/** The text of captions and notes, their wrapped lines joined by spaces. */
function words(svg: string): string {
  return [...svg.matchAll(/<text class="lp-(?:caption|note)[^"]*"[^>]*>(.*?)<\/text>/g)]
    .map((m) => [...m[1].matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((t) => t[1]).join(' '))
    .join('\n').replace(/&#39;/g, "'");
}

/** Attributes of every element with the given class in our own SVG output. */
function elements(svg: string, tag: string, cls: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  const re = new RegExp(`<${tag}\\s([^>]*?)/?>(?:([^<]*)</${tag}>)?`, 'g');
  for (const m of svg.matchAll(re)) {
    const attrs: Record<string, string> = {};
    for (const a of m[1].matchAll(/([\w-]+)="([^"]*)"/g)) attrs[a[1]] = a[2];
    if (!(attrs.class ?? '').split(' ').includes(cls)) continue;
    if (m[2] !== undefined) attrs['#text'] = m[2];
    out.push(attrs);
  }
  return out;
}

const key = (e: number[]) => e.join(',');

describe('renderSvg: Slitherlink', () => {
  for (const a of answers.filter((x) => x.kind === 'slitherlink')) {
    it(`draws the hints and the official loop of ${a.file}`, () => {
      const p = slk(a.file);
      const loop = loopFromInside(a.inside!);
      const svg = renderSvg(p, result('slitherlink', p.rows, p.cols, { solution: { edges: loop } }));

      // Hints: one text per hint, at its cell, showing its value.
      const hints = elements(svg, 'text', 'lp-hint');
      const expected = [...p.hints].map((h, i) => ({ h, i })).filter((x) => x.h >= 0);
      expect(hints).toHaveLength(expected.length);
      for (const t of hints) {
        const i = Number(t['data-row']) * p.cols + Number(t['data-col']);
        expect(Number(t['#text'])).toBe(p.hints[i]);
        expect(t.class).toContain(`lp-hint-${p.hints[i]}`);
        expect(Number(t.x)).toBe((i % p.cols) * CELL + CELL / 2);
      }

      // Loop: exactly the solution's edges, drawn where the grid points are.
      const lines = elements(svg, 'line', 'lp-edge');
      expect(new Set(lines.map((l) => l['data-edge']))).toEqual(new Set(loop.map(key)));
      for (const l of lines) {
        const [r1, c1, r2, c2] = l['data-edge'].split(',').map(Number);
        expect([l.x1, l.y1, l.x2, l.y2].map(Number)).toEqual([c1 * CELL, r1 * CELL, c2 * CELL, r2 * CELL]);
      }
      // And the drawn loop meets every hint (the picture agrees with the puzzle).
      const drawn = new Set(lines.map((l) => l['data-edge']));
      for (const { h, i } of expected) {
        const r = Math.floor(i / p.cols), c = i % p.cols;
        const sides = [[r, c, r, c + 1], [r + 1, c, r + 1, c + 1], [r, c, r + 1, c], [r, c + 1, r + 1, c + 1]];
        expect(sides.filter((s) => drawn.has(key(s))).length).toBe(h);
      }

      // Inside shading matches the official picture.
      const cells = elements(svg, 'rect', 'lp-cell');
      expect(cells).toHaveLength(p.rows * p.cols);
      for (const cell of cells) {
        const r = Number(cell['data-row']), c = Number(cell['data-col']);
        expect(cell.class.includes('lp-inside')).toBe(a.inside![r][c] === 'x');
      }
    });
  }

  it('fades redundant hints and marks nothing else', () => {
    const p = slk('puzzlekit_1_4x4.slk');
    const redundant = [{ row: 0, col: 3 }, { row: 3, col: 2 }];
    const svg = renderSvg(p, result('slitherlink', p.rows, p.cols, { redundant, solution: { edges: [] } }));
    const faded = elements(svg, 'text', 'lp-redundant').map((t) => [Number(t['data-row']), Number(t['data-col'])]);
    expect(faded).toEqual([[0, 3], [3, 2]]);
    // Each also gets a ring (not only a fade), and no other hint does.
    const rings = elements(svg, 'circle', 'lp-redundant-mark').map((t) => [Number(t['data-row']), Number(t['data-col'])]);
    expect(rings).toEqual([[0, 3], [3, 2]]);
  });

  it('draws two solutions with their differences marked when there are several', () => {
    const text = '. . .\n. . .\n';
    const p = parseSlitherlink(text).puzzle!;
    const square = (r: number, c: number): Edge[] => [[r, c, r, c + 1], [r + 1, c, r + 1, c + 1], [r, c, r + 1, c], [r, c + 1, r + 1, c + 1]];
    const a = square(0, 0), b = square(1, 2);
    const svg = renderSvg(p, result('slitherlink', 2, 3, { verdict: 'multiple', count: '29', solution: { edges: a }, secondSolution: { edges: b } }));
    expect(svg).toContain('data-panels="2"');
    expect(svg).toContain('29 solutions');
    const boards = svg.split('<g class="lp-board"').slice(1);
    expect(boards).toHaveLength(2);
    expect(new Set(elements(boards[0], 'line', 'lp-edge').map((l) => l['data-edge']))).toEqual(new Set(a.map(key)));
    expect(new Set(elements(boards[1], 'line', 'lp-edge').map((l) => l['data-edge']))).toEqual(new Set(b.map(key)));
    // Disjoint loops: every edge is a difference.
    expect(elements(boards[0], 'line', 'lp-diff')).toHaveLength(4);
    // ... and each board shows where the other one runs.
    expect(new Set(elements(boards[0], 'line', 'lp-edge-other').map((l) => l['data-edge']))).toEqual(new Set(b.map(key)));
    expect(new Set(elements(boards[1], 'line', 'lp-edge-other').map((l) => l['data-edge']))).toEqual(new Set(a.map(key)));
    // Two loops sharing an edge: the shared one is not marked.
    const c = square(0, 1);
    const svg2 = renderSvg(p, result('slitherlink', 2, 3, { verdict: 'multiple', count: '2', solution: { edges: a }, secondSolution: { edges: c } }));
    const first = svg2.split('<g class="lp-board"')[1];
    expect(elements(first, 'line', 'lp-diff').map((l) => l['data-edge']).sort()).toEqual(['0,0,0,1', '0,0,1,0', '1,0,1,1']);
    expect(elements(first, 'line', 'lp-edge-other').map((l) => l['data-edge']).sort()).toEqual(['0,1,0,2', '0,2,1,2', '1,1,1,2']);
    // Too many to count (two solutions found): the lower bound, and whether the count still runs.
    const uncounted = (extra: Partial<CheckResult>) => renderSvg(p, result('slitherlink', 2, 3, { verdict: 'multiple', count: null, countAtLeast: '12', solution: { edges: a }, secondSolution: { edges: b }, ...extra }));
    const words = (svg: string) => svg.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(words(uncounted({ countPending: true }))).toContain('Solution 1 of at least 12 solutions, counting…');
    expect(words(uncounted({}))).toContain('Solution 1 of at least 12 solutions');
    expect(uncounted({})).not.toContain('counting');
    expect(uncounted({})).toContain('data-panels="2"');
  });

  it('marks the conflicting hints of a puzzle without solution, and draws no loop', () => {
    const p = parseSlitherlink('3 3\n. .\n').puzzle!;
    const svg = renderSvg(p, { ...result('slitherlink', 2, 2, { verdict: 'none', count: '0' }), conflicts: [{ row: 0, col: 0 }, { row: 0, col: 1 }] } as CheckResult);
    expect(elements(svg, 'text', 'lp-conflict').map((t) => t['data-col'])).toEqual(['0', '1']);
    expect(elements(svg, 'line', 'lp-edge')).toHaveLength(0);
    expect(svg).toContain('No solution');
    // Without the field the puzzle is drawn plainly.
    expect(renderSvg(p, result('slitherlink', 2, 2, { verdict: 'none', count: '0' }))).not.toContain('lp-conflict');
  });

  it('ignores a result of another size and fades a stale one', () => {
    const p = slk('puzzlekit_1_4x4.slk');
    const loop = loopFromInside(answers.find((a) => a.file === 'puzzlekit_1_4x4.slk')!.inside!);
    expect(renderSvg(p, result('slitherlink', 5, 4, { solution: { edges: loop } }))).not.toContain('lp-edge');
    const stale = renderSvg(p, result('slitherlink', 4, 4, { solution: { edges: loop } }), { stale: true });
    expect(stale).toMatch(/class="[^"]*lp-stale/);
    expect(renderSvg(p)).toContain('checking…');
  });
});

describe('renderSvg: Numberlink', () => {
  for (const a of answers.filter((x) => x.kind === 'numberlink')) {
    it(`draws the endpoints and the official paths of ${a.file}`, () => {
      const p = nlk(a.file);
      const solution = pathsFromOfficial(p, a.official!);
      // The walk must have joined every pair, or the fixture is misread.
      for (const path of solution.paths) {
        const [r0, c0] = path[0], [r1, c1] = path[path.length - 1];
        expect(p.cells[r0 * p.cols + c0]).toBe(p.cells[r1 * p.cols + c1]);
        expect(path.length).toBeGreaterThan(1);
      }
      const svg = renderSvg(p, result('numberlink', p.rows, p.cols, { solution }));

      const ends = elements(svg, 'circle', 'lp-endpoint');
      expect(ends).toHaveLength(p.labels.length * 2);
      const labels = elements(svg, 'text', 'lp-label');
      for (const t of labels) {
        const k = p.cells[Number(t['data-row']) * p.cols + Number(t['data-col'])];
        expect(t['#text']).toBe(p.labels[k]);
      }
      expect(labels).toHaveLength(p.labels.length * 2);

      const lines = elements(svg, 'polyline', 'lp-path');
      expect(lines).toHaveLength(p.labels.length);
      for (const line of lines) {
        const k = p.labels.indexOf(line['data-label']);
        expect(k).toBeGreaterThanOrEqual(0);
        expect(line.class).toContain(`lp-color-${labelColors(p.labels)[k]}`);
        const cells = line.points.split(' ').map((pt) => pt.split(',').map((v) => (Number(v) - CELL / 2) / CELL));
        const path = solution.paths[solution.labels.indexOf(line['data-label'])];
        expect(cells).toEqual(path.map(([r, c]) => [c, r]));
        // Ends on the label's two endpoints; consecutive cells are neighbours.
        const [x0, y0] = cells[0], [x1, y1] = cells[cells.length - 1];
        expect(p.cells[y0 * p.cols + x0]).toBe(k);
        expect(p.cells[y1 * p.cols + x1]).toBe(k);
        for (let i = 1; i < cells.length; i++) {
          expect(Math.abs(cells[i][0] - cells[i - 1][0]) + Math.abs(cells[i][1] - cells[i - 1][1])).toBe(1);
        }
      }
    });
  }

  it('shows two solutions with the cells that differ marked', () => {
    const p = parseNumberlink('3 2\nA.A\n...\n').puzzle!;
    const s1: PathSolution = { labels: ['A'], paths: [[[0, 0], [0, 1], [0, 2]]] };
    const s2: PathSolution = { labels: ['A'], paths: [[[0, 0], [1, 0], [1, 1], [1, 2], [0, 2]]] };
    const svg = renderSvg(p, result('numberlink', 2, 3, { verdict: 'multiple', count: '3', rule: 'nikoli', solution: s1, secondSolution: s2 }));
    const boards = svg.split('<g class="lp-board"').slice(1);
    expect(boards).toHaveLength(2);
    const diff = (b: string) => elements(b, 'rect', 'lp-diff-cell').map((r) => `${r['data-row']},${r['data-col']}`).sort();
    // Every cell but none is used differently: the endpoints link elsewhere, the middle cells swap.
    expect(diff(boards[0])).toEqual(['0,0', '0,1', '0,2', '1,0', '1,1', '1,2']);
    expect(diff(boards[1])).toEqual(diff(boards[0]));
    expect(elements(boards[0], 'polyline', 'lp-path')[0].points.split(' ')).toHaveLength(3);
    expect(elements(boards[1], 'polyline', 'lp-path')[0].points.split(' ')).toHaveLength(5);
    expect(svg).toContain('3 solutions');
  });

  it('marks the cells a unique solution leaves empty, and escapes labels', () => {
    const p = parseNumberlink('3 2\n<.<\n...\n').puzzle!;
    const svg = renderSvg(p, result('numberlink', 2, 3, { covers: false, solution: { labels: ['<'], paths: [[[0, 0], [0, 1], [0, 2]]] } }));
    expect(elements(svg, 'rect', 'lp-unused')).toHaveLength(3);
    expect(svg).toContain('>&lt;</text>');
    expect(svg).not.toMatch(/>[^<]*<[^/a-z!]/i);
  });
});

describe('renderSvg: the ambiguity map', () => {
  it('adds a third board of the edges the solutions use, as opaque as their share, with their counts', () => {
    // The 2x2 with no hints (13 loops), its map as the check computes it.
    const p = parseSlitherlink('. .\n. .\n').puzzle!;
    const r = checkSlitherlink(p, { usage: true, redundant: false });
    expect(r.count).toBe('13');
    const svg = renderSvg(p, r);
    expect(svg).toContain('data-panels="3"');
    const boards = svg.split('<g class="lp-board"').slice(1);
    expect(boards).toHaveLength(3);
    expect(elements(boards[0], 'line', 'lp-usage')).toHaveLength(0);
    const lines = elements(boards[2], 'line', 'lp-usage');
    expect(lines).toHaveLength(12);
    const byEdge = new Map(lines.map((l) => [l['data-edge'], l]));
    // A border edge lies on 7 of the 13 loops, an inner one on 6 (cli.test.ts counts them by hand).
    expect(byEdge.get('0,0,0,1')!['data-count']).toBe('7');
    expect(Number(byEdge.get('0,0,0,1')!['stroke-opacity'])).toBeCloseTo(7 / 13, 2);
    expect(byEdge.get('0,1,1,1')!['data-count']).toBe('6');
    expect(boards[2]).toContain('<title>used by 7 of 13 solutions</title>');
    expect(boards[2]).toContain('Ambiguity map');
    // No map, no third board.
    expect(renderSvg(p, { ...r, usage: undefined })).toContain('data-panels="2"');
  });

  it('marks on the map the hints the server suggests, with what each leaves as a tooltip', () => {
    const p = parseSlitherlink('. .\n. .\n').puzzle!;
    const r = checkSlitherlink(p, { usage: true, redundant: false });
    const suggestions = findSuggestions(p);
    expect(suggestions.singleCount).toBeGreaterThan(0);
    const svg = renderSvg(p, { ...r, suggestions } as CheckResult);
    const map = svg.split('<g class="lp-board"')[3];
    const marks = [...map.matchAll(/<g class="lp-suggest" data-row="(\d+)" data-col="(\d+)" data-count="(\d+)">.*?<title>([^<]*)<\/title><\/g>/g)];
    const cells = new Set(suggestions.singles.map((h) => `${h.row},${h.col}`));
    expect(new Set(marks.map((m) => `${m[1]},${m[2]}`))).toEqual(cells);
    for (const m of marks) expect(m[4]).toMatch(/^a \d here: 1 solution, unique(; a \d here: 1 solution, unique)*$/);
    expect(map).toMatch(/Marked: .*make it unique/);
    // Only on the map, and not without suggestions.
    expect(svg.split('<g class="lp-board"')[1]).not.toContain('lp-suggest');
    expect(renderSvg(p, r)).not.toContain('lp-suggest');
  });

  it('marks an edge every solution uses as solid, and draws Numberlink links between cell centres', () => {
    const p = parseNumberlink('3 2\nA.A\n...\n').puzzle!;
    const s1: PathSolution = { labels: ['A'], paths: [[[0, 0], [0, 1], [0, 2]]] };
    const s2: PathSolution = { labels: ['A'], paths: [[[0, 0], [1, 0], [1, 1], [1, 2], [0, 2]]] };
    const usage = { of: '2', edges: [{ edge: [0, 0, 0, 1] as [number, number, number, number], count: '1' }, { edge: [0, 0, 1, 0] as [number, number, number, number], count: '2' }] };
    const svg = renderSvg(p, result('numberlink', 2, 3, { verdict: 'multiple', count: '2', rule: 'nikoli', solution: s1, secondSolution: s2, usage }));
    const map = svg.split('<g class="lp-board"')[3];
    const lines = elements(map, 'line', 'lp-usage');
    expect(lines.map((l) => l['data-edge'])).toEqual(['0,0,0,1', '0,0,1,0']);
    expect(lines[1].class).toContain('lp-usage-all');
    expect(lines[1]['stroke-opacity']).toBe('1');
    expect(lines[0].class).not.toContain('lp-usage-all');
    expect([lines[0].x1, lines[0].y1, lines[0].x2, lines[0].y2].map(Number)).toEqual([CELL / 2, CELL / 2, CELL * 1.5, CELL / 2]);
  });
});

describe('renderSvg: Numberlink cells on the ambiguity map', () => {
  it('up to 5,000 solutions: each cell\'s majority label, faded by its share, every label\'s count in the tooltip', () => {
    // A's path runs straight along the top or around through the bottom row: 2 solutions
    // (without notouch also the two that touch themselves).
    const text = '# rule: notouch\n3 2\nA.A\n...\n';
    const r = checkText(text, 'numberlink', { usage: true });
    expect(r.count).toBe('2');
    expect(r.usage!.cells).toBeDefined();
    const p = parseNumberlink(text).puzzle!;
    const map = renderSvg(p, r).split('<g class="lp-board"')[3];
    const marks = [...map.matchAll(/<g class="lp-usage-cell" data-row="(\d+)" data-col="(\d+)">(.*?)<\/g>/g)];
    // Every cell without a label is used by A in 1 of the 2 solutions.
    expect(marks.map((m) => `${m[1]},${m[2]}`).sort()).toEqual(['0,1', '1,0', '1,1', '1,2']);
    for (const m of marks) {
      expect(m[3]).toContain('<title>label A in 1 of 2 solutions; empty in 1</title>');
      expect(m[3]).toMatch(/<text class="lp-usage-label lp-color-\d+"[^>]*>A<\/text>/);
      expect(Number(/fill-opacity="([\d.]+)"/.exec(m[3])![1])).toBeCloseTo(0.08 + 0.3 * 0.5, 3);
    }
    expect(words(map)).toContain('Cells: the label most solutions put there');
    // Endpoints keep their own label: no mark.
    expect(marks.some((m) => m[1] === '0' && (m[2] === '0' || m[2] === '2'))).toBe(false);
  });

  it('past 5,000 solutions (links only): how many solutions use each cell, exactly from its links, and says labels are not counted', () => {
    const p = parseNumberlink('3 2\nA.A\n...\n').puzzle!;
    const s1: PathSolution = { labels: ['A'], paths: [[[0, 0], [0, 1], [0, 2]]] };
    const s2: PathSolution = { labels: ['A'], paths: [[[0, 0], [1, 0], [1, 1], [1, 2], [0, 2]]] };
    const e = (a: number, b: number, c: number, d: number): [number, number, number, number] => [a, b, c, d];
    const usage = {
      of: '2',
      edges: [{ edge: e(0, 0, 0, 1), count: '1' }, { edge: e(0, 1, 0, 2), count: '1' }, { edge: e(0, 0, 1, 0), count: '1' },
        { edge: e(1, 0, 1, 1), count: '1' }, { edge: e(1, 1, 1, 2), count: '1' }, { edge: e(0, 2, 1, 2), count: '1' }],
    };
    const svg = renderSvg(p, result('numberlink', 2, 3, { verdict: 'multiple', count: '2', rule: 'nikoli', solution: s1, secondSolution: s2, usage }));
    const map = svg.split('<g class="lp-board"')[3];
    const titles = [...map.matchAll(/<g class="lp-usage-cell" data-row="(\d+)" data-col="(\d+)">.*?<title>([^<]*)<\/title>/g)];
    expect(titles).toHaveLength(4);
    for (const t of titles) expect(t[3]).toBe('used in 1 of 2 solutions, empty in 1 (which label: counted only up to 5,000 solutions)');
    expect(words(map)).toContain('which label is counted only up to 5,000 solutions');
    expect(map).not.toContain('lp-usage-label');
  });
});

describe('renderSvg: the difficulty grade', () => {
  const fx = join(__dirname, '..', 'fixtures');
  const key = (e: readonly number[]) => e.join(',');

  it('a graded Slitherlink gets a second board: the loop by the level that finds each edge, the legend below', () => {
    const text = readFileSync(join(fx, 'slitherlink', 'loopy-graded', 'sq10-t-01.slk'), 'utf8');
    const r = checkText(text, 'slitherlink', { grade: true, gradeSteps: true, redundant: false });
    expect(r.grade).toBe('tricky');
    const svg = renderSvg(parseSlitherlink(text).puzzle!, r);
    expect(svg).toContain('data-panels="2"');
    const boards = svg.split('<g class="lp-board"').slice(1);
    expect(boards[1]).toContain('data-name="grade"');
    expect(words(boards[1])).toContain('Grade: Tricky');
    expect(words(boards[1])).toContain('Found at: easy blue, normal green, tricky orange');
    const lines = elements(boards[1], 'line', 'lp-grade-edge');
    // Every loop edge once, in the class of its level; some at each level up to tricky.
    expect(new Set(lines.map((l) => l['data-edge']))).toEqual(new Set((r.solution as { edges: number[][] }).edges.map(key)));
    expect(lines).toHaveLength((r.solution as { edges: number[][] }).edges.length);
    for (const [k, level] of ['easy', 'normal', 'tricky'].entries()) {
      const at = lines.filter((l) => l['data-level'] === level);
      for (const l of at) expect(l.class.split(' ')).toContain(`lp-grade-${k}`);
      // The replay credits Tricky where it is needed, easy with what follows.
      if (level !== 'normal') expect(at.length, level).toBeGreaterThan(0);
    }
    expect(lines.filter((l) => l['data-level'] === 'tricky').length).toBeLessThan(lines.filter((l) => l['data-level'] === 'easy').length);
    // The first board is the solution as before.
    expect(elements(boards[0], 'line', 'lp-grade-edge')).toHaveLength(0);
    expect(elements(boards[0], 'line', 'lp-edge').length).toBe(lines.length);
  });

  it('needs search: the cells where deduction stalls shaded, the edges it leaves open dashed', () => {
    const text = readFileSync(join(fx, 'slitherlink', '21_6x6.slk'), 'utf8');
    const r = checkText(text, 'slitherlink', { grade: true, gradeSteps: true, redundant: false });
    expect(r.grade).toBe('needs search');
    const board = renderSvg(parseSlitherlink(text).puzzle!, r).split('<g class="lp-board"')[2];
    expect(words(board)).toContain('Grade: needs search');
    expect(elements(board, 'rect', 'lp-stuck-cell').map((c) => c['data-cell']).sort()).toEqual(r.stuck!.cells.map((c) => `${c.row},${c.col}`).sort());
    expect(elements(board, 'line', 'lp-stuck-edge').map((l) => l['data-edge'])).toEqual(r.stuck!.edges.map(key));
    expect(words(board)).toContain(`Dashed: the ${r.stuck!.edges.length} edges deduction leaves open`);
  });

  it('a graded Numberlink: its links by level between cell centres', () => {
    const text = readFileSync(join(fx, 'numberlink', 'janko', '001_8x8.nlk'), 'utf8');
    const r = checkText(text, 'numberlink', { grade: true, gradeSteps: true });
    expect(r.grade).toBe('probing');
    const p = parseNumberlink(text).puzzle!;
    const board = renderSvg(p, r).split('<g class="lp-board"')[2];
    expect(words(board)).toContain('Grade: Probing · links by the level that finds them');
    const lines = elements(board, 'line', 'lp-grade-edge');
    const links = (r.solution as PathSolution).paths.flatMap((path) => path.slice(1).map((c, i) => key([...path[i], ...c].length ? [path[i], c].sort((a, b) => a[0] - b[0] || a[1] - b[1]).flat() : [])));
    expect(new Set(lines.map((l) => l['data-edge']))).toEqual(new Set(links));
    const [r1, c1, r2, c2] = lines[0]['data-edge'].split(',').map(Number);
    expect([lines[0].x1, lines[0].y1, lines[0].x2, lines[0].y2].map(Number)).toEqual([c1 * CELL + CELL / 2, r1 * CELL + CELL / 2, c2 * CELL + CELL / 2, r2 * CELL + CELL / 2]);
  });

  it('no grade, no board: a stale or ungraded unique result draws one board', () => {
    const text = readFileSync(join(fx, 'slitherlink', 'loopy-graded', 'sq10-e-01.slk'), 'utf8');
    const r = checkText(text, 'slitherlink', { redundant: false });
    expect(renderSvg(parseSlitherlink(text).puzzle!, r)).toContain('data-panels="1"');
  });

  it('one class per level colour, in the stylesheet', () => {
    const css = readFileSync(join(__dirname, '..', '..', 'client', 'media', 'preview.css'), 'utf8');
    GRADE_COLORS.forEach((c, i) => expect(css).toContain(`.lp-grade-${i} { stroke: var(${c.variable}); }`));
  });
});

describe('path colours', () => {
  const colour = (name: string) => PATH_COLORS.findIndex((c) => c.name === name);
  const byLabel = (labels: string[]) => Object.fromEntries(labels.map((l, i) => [l, labelColors(labels)[i]]));

  it('gives letters that name a colour that colour (the Flow Free sample: R red, G green, B blue, Y yellow, O orange)', () => {
    const p = parseNumberlink(readFileSync(join(__dirname, '..', '..', 'samples', 'flow.nlk'), 'utf8')).puzzle!;
    expect(byLabel(p.labels)).toEqual({ R: colour('red'), G: colour('green'), B: colour('blue'), Y: colour('yellow'), O: colour('orange') });
    const vars = Object.fromEntries(Object.entries(byLabel(p.labels)).map(([l, c]) => [l, PATH_COLOR_VARS[c]]));
    expect(vars).toMatchObject({ R: '--vscode-charts-red', G: '--vscode-charts-green', B: '--vscode-charts-blue', O: '--vscode-charts-orange' });
    expect(vars.Y).toMatch(/yellow/i);
    // The drawing uses them: each path and its endpoints.
    const solution: PathSolution = { labels: [...p.labels], paths: p.labels.map(() => []) };
    const svg = renderSvg(p, result('numberlink', p.rows, p.cols, { solution }));
    for (const e of elements(svg, 'circle', 'lp-endpoint')) {
      const label = p.labels[p.cells[Number(e['data-row']) * p.cols + Number(e['data-col'])]];
      expect(e.class).toContain(`lp-color-${byLabel(p.labels)[label]}`);
    }
    // Every named letter has its own colour, and the names say what it is.
    const named = Object.entries(NAMED_LABEL_COLORS);
    expect(new Set(named.map(([, c]) => c)).size).toBe(named.length);
    expect(named.every(([, c]) => c >= 0 && c < PATH_COLORS.length)).toBe(true);
    expect(PATH_COLORS[NAMED_LABEL_COLORS.M].name).toBe('magenta');
    expect(PATH_COLORS[NAMED_LABEL_COLORS.C].name).toBe('cyan');
    expect(PATH_COLORS[NAMED_LABEL_COLORS.P].name).toBe('purple');
  });

  it('colours a label the same whatever order the labels come in (where they are in the grid)', () => {
    const sets = [['R', 'G', 'Y', 'B', 'O'], ['1', '2', '3', '4', '5', '6', '7'], ['A', 'x', '%', 'Q', '12', 'R', 'b'], ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']];
    for (const labels of sets) {
      const want = byLabel(labels);
      for (let shift = 1; shift < labels.length; shift++) {
        const turned = [...labels.slice(shift), ...labels.slice(0, shift)];
        expect(byLabel(turned)).toEqual(want);
        expect(byLabel([...turned].reverse())).toEqual(want);
      }
      // Distinct while the palette lasts.
      expect(new Set(Object.values(want)).size).toBe(Math.min(labels.length, PATH_COLORS.length));
    }
  });

  it('numbers take the palette in order from red; other labels keep their colour when other labels come and go', () => {
    const numbers = Array.from({ length: PATH_COLORS.length }, (_, i) => String(i + 1));
    expect(labelColors(numbers)).toEqual(numbers.map((_, i) => i));
    expect(labelColors(['1', '2'])).toEqual([colour('red'), colour('blue')]);
    // Beyond the palette, colours repeat in the same order.
    expect(labelColors([String(PATH_COLORS.length + 1), ...numbers])[0]).toBe(0);
    // A label that names no colour: the same colour in puzzles with other labels, unless one claims it.
    const alone = labelColors(['Q'])[0];
    for (const others of [['A'], ['z', 'y'], ['%', '#', '1']]) {
      const labels = ['Q', ...others];
      const colors = labelColors(labels);
      if (!others.some((o, i) => colors[i + 1] === alone)) expect(colors[0]).toBe(alone);
      expect(new Set(colors).size).toBe(labels.length);
    }
    // Named letters claim their colours first: a number that would be red moves over.
    const withR = byLabel(['1', 'R']);
    expect(withR.R).toBe(colour('red'));
    expect(withR['1']).not.toBe(colour('red'));
  });
});

describe('layout: captions and notes', () => {
  it('wraps text at spaces within the width (cutting only a word longer than a line)', () => {
    const text = 'Undecided: stopped at the memory limit (512 MB for this diagram: it held 498 MB) after 12345678 nodes';
    const lines = wrapText(text, 13, 200);
    expect(lines.join(' ')).toBe(text);
    for (const l of lines) expect(textWidth(l, 13)).toBeLessThanOrEqual(200);
    expect(lines.length).toBeGreaterThan(2);
    const long = 'x'.repeat(100);
    expect(wrapText(long, 13, 200).join('')).toBe(long);
    expect(wrapText('', 13, 200)).toEqual(['']);
  });

  /** Caption and note lines of each board as the renderer placed them (x from the board's data-x). */
  function placed(svg: string) {
    const boards = svg.split('<g class="lp-board"').slice(1);
    return boards.map((b) => {
      const x = Number(/data-x="([\d.]+)"/.exec(b)![1]), y = Number(/data-y="([\d.]+)"/.exec(b)![1]);
      const texts = [...b.matchAll(/<text class="(lp-caption|lp-note)[^"]*"[^>]*>(.*?)<\/text>/g)].map((m) => ({
        size: m[1] === 'lp-caption' ? 13 : 12,
        lines: [...m[2].matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((t) => t[1].replace(/&#39;/g, "'").replace(/&amp;/g, '&')),
      }));
      const width = Math.max(...texts.flatMap((t) => t.lines.map((l) => textWidth(l, t.size))));
      return { x, y, width, lines: texts.flatMap((t) => t.lines) };
    });
  }

  it('gives each board a column as wide as its caption and note: on a 2×2 with two solutions nothing runs into the other board or out of the picture', () => {
    const p = parseNumberlink('2 2\n11\n22\n').puzzle!;
    const s: PathSolution = { labels: ['1', '2'], paths: [[[0, 0], [0, 1]], [[1, 0], [1, 1]]] };
    for (const count of ['2', '7406344']) {
      const svg = renderSvg(p, result('numberlink', 2, 2, { verdict: 'multiple', count, rule: 'fill notouch', solution: s, secondSolution: s }));
      const [a, b] = placed(svg);
      expect(a.lines.join(' ')).toContain('Solution 1 of');
      expect(b.lines.join(' ')).toBe('Solution 2 (differences marked)');
      expect(a.x + Math.max(a.width, 2 * CELL) + GAP).toBeLessThanOrEqual(b.x);
      const width = Number(/viewBox="0 0 ([\d.]+)/.exec(svg)![1]);
      expect(b.x + Math.max(b.width, 2 * CELL) + PAD).toBeLessThanOrEqual(width);
      for (const t of [a, b]) expect(t.width).toBeLessThanOrEqual(TEXT_WIDTH);
    }
  });

  it('wraps a long caption (a stop at a limit) over a small board, and lowers the board to make room', () => {
    const p = slk('puzzlekit_1_4x4.slk');
    const message = 'undecided: stopped at the memory limit (512 MB for this diagram: it held 498 MB and the level table needed 64 MB more) after 12345678 nodes at level 31 of 120';
    const svg = renderSvg(p, result('slitherlink', 4, 4, { verdict: 'unknown', count: null, stopped: { limit: 'memory', message, nodes: 1, progress: 0 } }));
    const [board] = placed(svg);
    // Said once, not "Undecided: undecided: ...".
    expect(board.lines.join(' ')).toBe(`Undecided: ${message.slice('undecided: '.length)}`);
    expect(board.lines.length).toBeGreaterThan(2);
    expect(board.width).toBeLessThanOrEqual(TEXT_WIDTH);
    // The last line sits over the board, the first inside the picture.
    const one = placed(renderSvg(p, result('slitherlink', 4, 4, { solution: { edges: [] } })))[0];
    expect(board.y - one.y).toBe((board.lines.length - 1) * 17);
    const firstBaseline = Number(/<text class="lp-caption" x="0" y="(-?[\d.]+)"/.exec(svg)![1]);
    expect(board.y + firstBaseline - 13).toBeGreaterThanOrEqual(PAD - 1);
  });
});

describe('theme colours only', () => {
  const css = readFileSync(join(__dirname, '..', '..', 'client', 'media', 'preview.css'), 'utf8');

  it('the SVG carries no colours of its own', () => {
    const svgs = answers.map((a) => {
      if (a.kind === 'slitherlink') {
        const p = slk(a.file);
        return renderSvg(p, result('slitherlink', p.rows, p.cols, { solution: { edges: loopFromInside(a.inside!) } }));
      }
      const p = nlk(a.file);
      return renderSvg(p, result('numberlink', p.rows, p.cols, { solution: pathsFromOfficial(p, a.official!) }));
    });
    for (const svg of svgs) {
      expect(svg).not.toMatch(/#[0-9a-f]{3,8}\b/i);
      expect(svg).not.toMatch(/\b(rgb|rgba|hsl|hsla)\(/i);
      expect(svg).not.toMatch(/\s(fill|stroke|color|style|stop-color)="/);
      expect(svg).not.toMatch(/<style/);
    }
  });

  it('the stylesheet uses theme variables for every colour', () => {
    const body = css.replace(/\/\*[\s\S]*?\*\//g, '');
    const colourProps = /(?:^|[;{\s])(color|fill|stroke|background|background-color|border|border-bottom|outline)\s*:\s*([^;}]+)/g;
    let n = 0;
    for (const m of body.matchAll(colourProps)) {
      n++;
      const value = m[2].trim();
      expect(value, `${m[1]}: ${value}`).not.toMatch(/#[0-9a-f]{3,8}\b|\b(rgb|rgba|hsl|hsla)\(/i);
      const named = value.replace(/var\(--vscode-[\w-]+(?:,\s*(?:var\(--vscode-[\w-]+\)|transparent))?\)/g, '').replace(/\b(\d+px|solid|none|transparent|inherit|currentColor)\b/g, '').trim();
      expect(named, `${m[1]}: ${value}`).toBe('');
    }
    expect(n).toBeGreaterThan(20);
  });

  it('defines one class per path colour, in the renderer\'s order', () => {
    PATH_COLOR_VARS.forEach((v, i) => {
      expect(v).toMatch(/^--vscode-/);
      expect(css).toMatch(new RegExp(`\\.lp-color-${i} \\{ stroke: var\\(${v}\\); fill: var\\(${v}\\); \\}`));
    });
    expect(css).not.toContain(`.lp-color-${PATH_COLOR_VARS.length} `);
  });
});

describe('renderSvg: the intended loop of a solution block', () => {
  // The example of docs/FORMATS-extensions.md.
  const plus = ['. . . .', '. . . .', '. . . .', '. . . .', '---', '. x . .', 'x x x .', '. x x x', '. . x .', ''].join('\n');
  const plusInside = ['.x..', 'xxx.', '.xxx', '..x.'];
  const css = readFileSync(join(__dirname, '..', '..', 'client', 'media', 'preview.css'), 'utf8');

  function parsed(text: string): SlitherlinkPuzzle {
    const { puzzle, problems } = parseSlitherlink(text);
    expect(problems).toEqual([]);
    return puzzle!;
  }
  const intendedEdges = (svg: string) => elements(svg, 'line', 'lp-intended-edge');

  it('draws the block\'s boundary as its own dashed loop, with its inside shaded, before any result', () => {
    const p = parsed(plus);
    const svg = renderSvg(p, null);
    const lines = intendedEdges(svg);
    expect(new Set(lines.map((l) => l['data-edge']))).toEqual(new Set(loopFromInside(plusInside).map(key)));
    expect(lines).toHaveLength(16);
    for (const l of lines) {
      const [r1, c1, r2, c2] = l['data-edge'].split(',').map(Number);
      expect([l.x1, l.y1, l.x2, l.y2].map(Number)).toEqual([c1 * CELL, r1 * CELL, c2 * CELL, r2 * CELL]);
      expect(l.class.split(' ')).not.toContain('lp-edge');
    }
    const shaded = elements(svg, 'rect', 'lp-intended-cell').map((c) => c['data-cell']).sort();
    expect(shaded).toEqual(['0,1', '1,0', '1,1', '1,2', '2,1', '2,2', '2,3', '3,2']);
    // The shading is no click target: clicks map to cells through lp-cell only.
    expect(elements(svg, 'rect', 'lp-intended-cell').every((c) => c['data-row'] === undefined)).toBe(true);
    expect(elements(svg, 'line', 'lp-edge')).toHaveLength(0);
    expect(svg).toContain('Dashed: your loop');
  });

  it('one inside cell: exactly its four sides', () => {
    const svg = renderSvg(parsed('. .\n. .\n---\nx .\n. .\n'), null);
    expect(intendedEdges(svg).map((l) => l['data-edge']).sort()).toEqual(['0,0,0,1', '0,0,1,0', '0,1,1,1', '1,0,1,1']);
  });

  it('says when the unique solution is the intended loop, and marks nothing', () => {
    const p = parsed(plus);
    const svg = renderSvg(p, result('slitherlink', 4, 4, { solution: { edges: loopFromInside(plusInside) } }));
    expect(elements(svg, 'line', 'lp-edge')).toHaveLength(16);
    expect(intendedEdges(svg)).toHaveLength(16);
    expect(svg).not.toContain('lp-off-intended');
    expect(svg).not.toContain('lp-intended-missing');
    expect(svg).toContain('Your loop (dashed) is the solution');
  });

  it('marks where the unique solution differs from the intended loop, on both sides', () => {
    const p = parsed(plus);
    const other = ['.x..', 'xxx.', '.xx.', '..x.'];
    const svg = renderSvg(p, result('slitherlink', 4, 4, { solution: { edges: loopFromInside(other) } }));
    const mine = new Set(loopFromInside(plusInside).map(key));
    const theirs = new Set(loopFromInside(other).map(key));
    const off = elements(svg, 'line', 'lp-off-intended').map((l) => l['data-edge']).sort();
    expect(off).toEqual([...theirs].filter((k) => !mine.has(k)).sort());
    const missing = elements(svg, 'line', 'lp-intended-missing').map((l) => l['data-edge']).sort();
    expect(missing).toEqual([...mine].filter((k) => !theirs.has(k)).sort());
    expect(off.length + missing.length).toBe(4);
    expect(svg).toContain('Differs from your loop (dashed) at 4 edges');
    expect(svg).toMatch(/class="lp-note lp-note-warn"/);
    // Not against a stale result (the text changed since): no marks.
    const stale = renderSvg(p, result('slitherlink', 4, 4, { solution: { edges: loopFromInside(other) } }), { stale: true });
    expect(stale).not.toContain('lp-off-intended');
    expect(intendedEdges(stale)).toHaveLength(16);
  });

  it('draws it on both boards of several solutions, and warns about a block that is not one loop', () => {
    const two = parsed('. . .\n. . .\n---\nx . x\n. . .\n');
    const square = (r: number, c: number): Edge[] => [[r, c, r, c + 1], [r + 1, c, r + 1, c + 1], [r, c, r + 1, c], [r, c + 1, r + 1, c + 1]];
    const svg = renderSvg(two, result('slitherlink', 2, 3, { verdict: 'multiple', count: '29', solution: { edges: square(0, 0) }, secondSolution: { edges: square(1, 2) } }));
    const boards = svg.split('<g class="lp-board"').slice(1);
    expect(boards.map((b) => intendedEdges(b).length)).toEqual([8, 8]);
    expect(svg).toContain('not one simple loop');
    // Numberlink and a Slitherlink without a block draw none.
    expect(renderSvg(slk('puzzlekit_1_4x4.slk'), null)).not.toContain('lp-intended');
    expect(renderSvg(nlk('arukone_01_5x5.nlk'), null)).not.toContain('lp-intended');
  });

  it('uses theme colours only: none in the SVG, a theme variable and dashes in the stylesheet', () => {
    const p = parsed(plus);
    const svg = renderSvg(p, result('slitherlink', 4, 4, { solution: { edges: loopFromInside(['.x..', 'xxx.', '.xx.', '..x.']) } }));
    expect(svg).not.toMatch(/#[0-9a-f]{3,8}\b/i);
    expect(svg).not.toMatch(/\s(fill|stroke|color|style|stroke-dasharray)="/);
    const rule = (sel: string): string => {
      const m = new RegExp(`(?:^|\\n)${sel.replace(/\./g, '\\.')}\\s*\\{([^}]*)\\}`).exec(css);
      expect(m, sel).not.toBeNull();
      return m![1];
    };
    expect(rule('.lp-intended-edge')).toMatch(/stroke:\s*var\(--vscode-[\w-]+\)/);
    expect(rule('.lp-intended-edge')).toMatch(/stroke-dasharray:\s*\d/);
    expect(rule('.lp-intended-cell')).toMatch(/fill:\s*var\(--vscode-[\w-]+\)/);
    expect(rule('.lp-intended-cell')).toMatch(/pointer-events:\s*none/);
    // Its own colour, not the solver's loop colour.
    const edgeStroke = /stroke:\s*(var\([^)]*\))/.exec(rule('.lp-edge'))![1];
    expect(rule('.lp-intended-edge')).not.toContain(edgeStroke);
  });
});
