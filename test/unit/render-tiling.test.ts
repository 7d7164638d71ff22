/**
 * The preview renderer on Loopy's tilings: the faces drawn as the lattice's polygons (from the
 * picture the server sends), each hint at its face's centre, the loop's edges where the lattice
 * has them, redundant hints faded, two boards for several solutions, and faces about as large as
 * square cells.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/genres/check';
import type { LoopSolution } from '../../server/src/analysis/result';
import { makeLattice, TILINGS } from '../../server/src/model/lattice';
import { tilingPicture } from '../../server/src/model/latticePicture';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { CELL } from '../../server/src/preview/frame';
import { renderSvg } from '../../server/src/genres/preview';
import { layoutTiling } from '../../server/src/slitherlink/previewTiling';

const honeyText = readFileSync(join(__dirname, '..', 'fixtures', 'lsp', 'honeycomb-10x10.slk'), 'utf8');

function parse(text: string): SlitherlinkPuzzle {
  const { puzzle, problems } = parseSlitherlink(text);
  expect(problems).toEqual([]);
  return puzzle!;
}

const attr = (el: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(el)?.[1];
const elements = (svg: string, tag: string, cls: string): string[] =>
  [...svg.matchAll(new RegExp(`<${tag} class="${cls}[^"]*"[^>]*>`, 'g'))].map((m) => m[0]);
const boards = (svg: string): string[] => svg.split('<g class="lp-board"').slice(1);

/** Whether (x, y) lies inside the polygon "x,y x,y ...". */
function inPolygon(points: string, x: number, y: number): boolean {
  const p = points.split(' ').map((s) => s.split(',').map(Number));
  let odd = false;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    const [xi, yi] = p[i], [xj, yj] = p[j];
    if ((yi > y) !== (yj > y) && x < xi + ((y - yi) * (xj - xi)) / (yj - yi)) odd = !odd;
  }
  return odd;
}

describe('preview of a tiling', () => {
  it('draws a unique honeycomb: 100 hexagons, hints in their faces, the loop on the lattice, redundant hints faded', () => {
    const puzzle = parse(honeyText);
    const result = checkText(honeyText, 'slitherlink');
    expect(result.verdict).toBe('unique');
    const picture = tilingPicture(puzzle.tiling!)!;
    const svg = renderSvg(puzzle, { ...result, picture } as typeof result);
    expect(svg).toContain('data-tiling="honeycomb"');
    expect(svg).toContain('lp-tiling');

    const faces = elements(svg, 'polygon', 'lp-cell lp-face');
    expect(faces).toHaveLength(100);
    const byFace = new Map(faces.map((f) => [Number(attr(f, 'data-face')), f]));
    for (const [f, el] of byFace) expect(attr(el, 'points')!.split(' ')).toHaveLength(6);

    // Every hint: its face's value, drawn inside that face's polygon; data-row/-col its line and place.
    const lattice = makeLattice(puzzle.tiling!);
    const hints = elements(svg, 'text', 'lp-hint');
    expect(hints).toHaveLength([...puzzle.hints].filter((h) => h >= 0).length);
    for (const h of hints) {
      const f = Number(attr(h, 'data-face'));
      expect(h).toContain(`lp-hint-${puzzle.hints[f]}`);
      expect(inPolygon(attr(byFace.get(f)!, 'points')!, Number(attr(h, 'x')), Number(attr(h, 'y')))).toBe(true);
      expect(Number(attr(h, 'data-row'))).toBe(lattice.rowOf[f]);
      expect(Number(attr(h, 'data-col'))).toBe(f - lattice.rowOff[lattice.rowOf[f]]);
    }

    // Redundant hints faded: exactly the result's faces.
    const faded = elements(svg, 'text', 'lp-hint').filter((h) => h.includes('lp-redundant')).map((h) => Number(attr(h, 'data-face')));
    expect(faded.sort((a, b) => a - b)).toEqual(result.redundant!.map((c) => c.face!).sort((a, b) => a - b));
    expect(faded.length).toBeGreaterThan(0);
    expect(elements(svg, 'circle', 'lp-redundant-mark')).toHaveLength(faded.length);

    // The loop: one line per solution edge, at the scaled lattice coordinates, each a side of two faces' outlines.
    const layout = layoutTiling(picture, CELL);
    const loop = (result.solution as LoopSolution).edges;
    const lines = elements(svg, 'line', 'lp-edge');
    expect(lines).toHaveLength(loop.length);
    expect(svg).not.toContain('lp-edge-other');
    const corners = new Set(faces.flatMap((f) => attr(f, 'points')!.split(' ')));
    const drawn = new Set(lines.map((l) => `${attr(l, 'x1')},${attr(l, 'y1')} ${attr(l, 'x2')},${attr(l, 'y2')}`));
    const sx = (x: number) => Math.round((x - layout.x0) * layout.scale * 100) / 100;
    const sy = (y: number) => Math.round((y - layout.y0) * layout.scale * 100) / 100;
    for (const [x1, y1, x2, y2] of loop) {
      const a = `${sx(x1)},${sy(y1)}`, b = `${sx(x2)},${sy(y2)}`;
      expect(drawn.has(`${a} ${b}`) || drawn.has(`${b} ${a}`)).toBe(true);
      expect(corners.has(a) && corners.has(b)).toBe(true);
    }
    // The faces inside the loop are shaded: the loop's length and the inside agree with the hints.
    const inside = new Set(faces.filter((f) => f.includes('lp-inside')).map((f) => Number(attr(f, 'data-face'))));
    const loopIds = new Set((result.solution as LoopSolution).edgeIds);
    for (let e = 0; e < lattice.edgeCount; e++) {
      const [s0, s1] = [lattice.sides[2 * e], lattice.sides[2 * e + 1]];
      const across = (s0 >= 0 && inside.has(s0)) !== (s1 >= 0 && inside.has(s1));
      expect(across).toBe(loopIds.has(e));
    }
  });

  it('scales faces to about a square cell, on every tiling, and keeps room for the hints', () => {
    for (const t of TILINGS) {
      const ref = { name: t.name, width: Math.max(4, t.amin), height: Math.max(4, t.omin), ...(t.name === 'triangular' ? { desc: '0' } : {}) };
      const picture = tilingPicture(ref)!;
      const layout = layoutTiling(picture, CELL);
      const area = picture.faces.reduce((s, pts) => {
        let a = 0;
        for (let i = 0; i < pts.length; i += 2) {
          const j = (i + 2) % pts.length;
          a += pts[i] * pts[j + 1] - pts[j] * pts[i + 1];
        }
        return s + Math.abs(a / 2);
      }, 0) * layout.scale ** 2 / picture.faces.length;
      expect(Math.sqrt(area), t.name).toBeGreaterThanOrEqual(CELL * 0.99);
      expect(Math.sqrt(area), t.name).toBeLessThan(CELL * 3);
      expect(Math.min(...layout.room), t.name).toBeGreaterThanOrEqual(9 - 1e-9);
      if (t.name === 'square') expect(Math.sqrt(area)).toBeCloseTo(CELL, 5);
    }
  });

  it('draws two boards for several solutions, each marking the edges the other lacks', () => {
    const text = '# grid: honeycomb 3x3\n. . .\n. 3 .\n. . .\n';
    const puzzle = parse(text);
    const result = checkText(text, 'slitherlink');
    expect(result.verdict).toBe('multiple');
    const svg = renderSvg(puzzle, { ...result, picture: tilingPicture(puzzle.tiling!)! } as typeof result);
    const [one, two] = boards(svg);
    expect(boards(svg)).toHaveLength(2);
    const edgesOf = (b: string, cls: string) =>
      new Set(elements(b, 'line', cls).filter((l) => cls === 'lp-edge-other' || !l.includes('lp-edge-other')).map((l) => attr(l, 'data-edge')));
    const a = edgesOf(one, 'lp-edge'), b = edgesOf(two, 'lp-edge');
    const onlyA = [...a].filter((k) => !b.has(k));
    expect(onlyA.length).toBeGreaterThan(0);
    expect(new Set(elements(one, 'line', 'lp-edge lp-diff').map((l) => attr(l, 'data-edge')))).toEqual(new Set(onlyA));
    expect(edgesOf(two, 'lp-edge-other')).toEqual(new Set(onlyA));
  });

  it('says the picture comes with the check until the server sent the faces, and never draws squares for a tiling', () => {
    const puzzle = parse(honeyText);
    const svg = renderSvg(puzzle, null);
    expect(svg).toContain('checking');
    expect(svg).not.toContain('lp-cell');
    // A picture of another size is not used.
    const other = tilingPicture({ name: 'honeycomb', width: 3, height: 3 })!;
    expect(renderSvg(puzzle, null, { picture: other })).not.toContain('lp-face');
  });
});
