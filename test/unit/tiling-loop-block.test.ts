// The solution block on Loopy's tilings (docs/tilings.md): one mark per face, laid out as the
// hints. Parse and print round trip, the marks' loop against an independent cycle test, the
// intended-loop findings against the solver's loop, and Draw loop's toggle, on every tiling.
import { describe, expect, it } from 'vitest';
import { generateLattice, makeLattice, TILINGS, type Lattice, type TilingRef } from '../../server/src/model/lattice';
import { latticeInsideOfEdges, latticeLoopDefects, latticeLoopEdges, latticeLoopProblem } from '../../server/src/model/latticeLoop';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { writeFaceSolutionBlock } from '../../server/src/slitherlink/exchange/write';
import { writeTilingSlitherlink } from '../../server/src/slitherlink/exchange/tilingText';
import { parseLoopyTilingId } from '../../server/src/slitherlink/exchange/loopyTiling';
import { applyEdit, toggleSolutionMark } from '../../server/src/slitherlink/loopMarks';
import { intendedLoop } from '../../server/src/slitherlink/design/intendedLoop';
import { loopBlockChange } from '../../server/src/slitherlink/design/edits';
import { loopTextFindings } from '../../server/src/slitherlink/findings/loopText';
import { solutionNotIntended } from '../../server/src/slitherlink/findings/solutionNotIntended';
import { checkText } from '../../server/src/genres/check';
import { previewSlitherlink } from '../../server/src/slitherlink/preview';
import { tilingPicture } from '../../server/src/model/latticePicture';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import type { CheckResult } from '../../server/src/analysis/result';
import { SUPPORTED, isOneCycle, loopEdgesOf } from './tiling-corpus';
import { seededRandom as mulberry32 } from '../../server/src/util/random';

const NAMES = TILINGS.filter((t) => t.name !== 'square');
/** Loopy's smallest size of each tiling (docs/tilings.md). */
function smallest(name: string): TilingRef {
  const size: Record<string, [number, number]> = { cairo: [4, 3], floret: [2, 2], dodecagonal: [2, 2], greatdodecagonal: [2, 2], greatgreatdodecagonal: [2, 2], compassdodecagonal: [2, 2] };
  const [w, h] = size[name] ?? [3, 3];
  return name === 'triangular' ? { name: name as TilingRef['name'], width: w, height: h, desc: '0' } : { name: name as TilingRef['name'], width: w, height: h };
}

/** A tiling file with no hints, laid out as import writes it. */
function emptyText(t: TilingRef): string {
  return writeTilingSlitherlink(t, new Int8Array(makeLattice(t).faceCount).fill(-1));
}

const edgeIds = (on: Uint8Array): number[] => [...on.keys()].filter((e) => on[e] === 1);

/** A random simple loop: faces grown from one face, each added only while the marks stay one loop. */
function randomLoop(l: Lattice, rand: () => number, size: number): Uint8Array {
  const inside = new Uint8Array(l.faceCount);
  inside[Math.floor(rand() * l.faceCount)] = 1;
  for (let tries = 0; tries < size * 20; tries++) {
    const f = Math.floor(rand() * l.faceCount);
    if (inside[f]) continue;
    inside[f] = 1;
    if (latticeLoopProblem(l, latticeLoopEdges(l, inside))) inside[f] = 0;
  }
  return inside;
}

describe('the marks of a tiling: one simple loop exactly when an independent cycle test says so', () => {
  for (const info of NAMES) {
    it(info.name, () => {
      const l = generateLattice({ ...smallest(info.name), width: smallest(info.name).width + 1 });
      const rand = mulberry32(7);
      let simple = 0, not = 0;
      for (let k = 0; k < 300; k++) {
        const inside = Uint8Array.from({ length: l.faceCount }, () => (rand() < 0.3 + 0.4 * (k % 2) ? 1 : 0));
        const on = latticeLoopEdges(l, inside);
        const ids = edgeIds(on);
        const cycle = ids.length > 0 && isOneCycle(l, ids);
        expect(latticeLoopProblem(l, on) === null).toBe(cycle);
        expect(latticeLoopDefects(l, inside).length === 0).toBe(cycle);
        if (cycle) {
          simple++;
          // Back from the edges: the same faces inside.
          expect(Array.from(latticeInsideOfEdges(l, on))).toEqual(Array.from(inside));
        } else not++;
      }
      for (let k = 0; k < 20; k++) {
        const inside = randomLoop(l, rand, 1 + (k % 8));
        const on = latticeLoopEdges(l, inside);
        expect(isOneCycle(l, edgeIds(on))).toBe(true);
        expect(latticeLoopDefects(l, inside)).toEqual([]);
        expect(Array.from(latticeInsideOfEdges(l, on))).toEqual(Array.from(inside));
        simple++;
        // One face more or less: one loop or not, as the cycle test says.
        for (let j = 0; j < 10; j++) {
          const near = Uint8Array.from(inside);
          near[Math.floor(rand() * l.faceCount)] ^= 1;
          const ids = edgeIds(latticeLoopEdges(l, near));
          const cycle = ids.length > 0 && isOneCycle(l, ids);
          expect(latticeLoopProblem(l, latticeLoopEdges(l, near)) === null).toBe(cycle);
          expect(latticeLoopDefects(l, near).length === 0).toBe(cycle);
          if (cycle) simple++;
          else not++;
        }
      }
      expect(simple).toBeGreaterThan(20);
      expect(not).toBeGreaterThan(20);
    });
  }
});

describe('the solution block of a tiling: printed, parsed back, toggled', () => {
  for (const info of NAMES) {
    it(info.name, () => {
      const t = smallest(info.name);
      const l = makeLattice(t);
      const text = emptyText(t);
      const inside = randomLoop(l, mulberry32(3), 6);
      const block = writeFaceSolutionBlock(l.rowOff, inside);
      // One row per grid line, a mark per face of that line.
      const rows = block.trimEnd().split('\n').slice(1);
      expect(rows.map((r) => r.split(' ').length)).toEqual(Array.from({ length: l.rowCount }, (_, r) => l.rowOff[r + 1]! - l.rowOff[r]!));
      const full = text + block;
      const parsed = parseSlitherlink(full);
      expect(parsed.problems).toEqual([]);
      const p = parsed.puzzle!;
      expect(Array.from(p.solution!)).toEqual(Array.from(inside));
      expect(p.solutionRange!.line).toBe(text.split('\n').length - 1);
      // Each mark's range is its own character.
      const lines = full.split('\n');
      for (let f = 0; f < l.faceCount; f++) {
        const r = p.solutionCellRanges![f]!;
        expect(lines[r.line]!.slice(r.col, r.endCol)).toBe(inside[f] ? 'x' : '.');
      }
      // The intended loop of the marks: exactly the boundary of the faces.
      const loop = intendedLoop(p)!;
      expect(loop.problem).toBeNull();
      expect(edgeIds(loop.on)).toEqual(edgeIds(latticeLoopEdges(l, inside)));
      // Toggling every face, by line and place: one mark changes and only it.
      for (let f = 0; f < l.faceCount; f++) {
        const row = l.rowOf[f]!, col = f - l.rowOff[row]!;
        const r = toggleSolutionMark(full, row, col);
        if ('error' in r) throw new Error(r.error);
        const after = parseSlitherlink(applyEdit(full, r.edit)).puzzle!;
        if (r.action === 'remove') {
          expect(Array.from(inside).filter((x) => x === 1).length).toBe(1);
          expect(after.solutionRange).toBeUndefined();
          continue;
        }
        expect(r.action).toBe('toggle');
        expect(r.edit.end - r.edit.start).toBe(1);
        const want = Uint8Array.from(inside);
        want[f] ^= 1;
        expect(Array.from(after.solution!)).toEqual(Array.from(want));
      }
      // No block yet: the first toggle appends one, laid out as the grid, with that face alone inside.
      const f0 = l.rowOff[1]!;
      const created = toggleSolutionMark(text, 1, 0);
      if ('error' in created) throw new Error(created.error);
      expect(created.action).toBe('create');
      const made = parseSlitherlink(applyEdit(text, created.edit)).puzzle!;
      expect([...made.solution!.keys()].filter((g) => made.solution![g] === 1)).toEqual([f0]);
      // A place past the line's faces is refused with a message, the text untouched.
      const past = toggleSolutionMark(text, 0, l.rowOff[1]! - l.rowOff[0]!);
      expect(past).toEqual({ error: expect.stringMatching(/line 1 of the grid has no face at place/) });
    });
  }
});

describe('parse problems of a tiling block, each at its place', () => {
  const t: TilingRef = { name: 'honeycomb', width: 3, height: 3 };
  const HONEY = '# grid: honeycomb 3x3\n. 2 .\n3 . 4\n. . 1\n';
  it('a row with a mark too many, a bad mark, a missing row', () => {
    expect(makeLattice(t).rowOff[1]).toBe(3);
    const long = parseSlitherlink(HONEY + '---\nx . . .\n. . .\n. . .\n').problems;
    expect(long.map((p) => [p.code, p.range])).toEqual([['solution-row-length', { line: 5, col: 0, endLine: 5, endCol: 7 }]]);
    expect(long[0]!.message).toBe('Solution row 1 has 4 marks; line 1 of the grid has 3 faces');
    const bad = parseSlitherlink(HONEY + '---\nx . .\n. o .\n. . .\n').problems;
    expect(bad.map((p) => [p.code, p.range])).toEqual([['solution-cell', { line: 6, col: 2, endLine: 6, endCol: 3 }]]);
    expect(bad[0]!.message).toContain('mark each face x');
    const short = parseSlitherlink(HONEY + '---\nx . .\n. . .\n').problems;
    expect(short.map((p) => p.code)).toEqual(['solution-rows']);
    const extra = parseSlitherlink(HONEY + '---\nx . .\n. . .\n. . .\n. x .\n').problems;
    expect(extra.map((p) => [p.code, p.range])).toEqual([['solution-rows', { line: 8, col: 0, endLine: 8, endCol: 5 }]]);
    // Compact marks are read as well, and without a block the file is as before.
    expect(Array.from(parseSlitherlink(HONEY + '---\nx..\n...\n...\n').puzzle!.solution!)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseSlitherlink(HONEY).puzzle!.solutionRange).toBeUndefined();
  });

  it('marks that are no loop: loop-not-simple at the faces, named by number, line and place', () => {
    // A hole: every face but the middle one inside.
    const hole = loopTextFindings(parseSlitherlink(HONEY + '---\nx x x\nx . x\nx x x\n').puzzle!);
    expect(hole.map((x) => x.message)).toEqual([expect.stringMatching(/^Face 4 \(line 2, place 2\) is an outside hole enclosed by the loop/)]);
    expect((hole[0]!.at as { range: unknown }).range).toEqual({ line: 6, col: 2, endLine: 6, endCol: 3 });
    // Faces 0 and 2 of the top line are far apart: a second loop.
    const p = parseSlitherlink(HONEY + '---\nx . x\n. . .\n. . .\n').puzzle!;
    const f = loopTextFindings(p);
    expect(f.length).toBe(1);
    expect(f[0]!.code).toBe('loop-not-simple');
    expect(f[0]!.message).toMatch(/^Face [02] \(line 1, place [13]\) is a second loop, apart from the main one \(1 face\)/);
    expect((f[0]!.at as { range: { line: number; col: number } }).range).toMatchObject({ line: 5 });
  });
});

/** The unique solution's faces, and a face whose flip keeps the marks one loop and changes a hinted face's count. */
describe('the intended loop against the solver\'s, on a Loopy puzzle of every tiling', () => {
  for (const info of NAMES) {
    const entry = SUPPORTED.find((e) => makeTilingName(e.grid) === info.name);
    if (!entry) continue;
    it(`${info.name}: the solver's loop as the block is intended; one face flipped is not, at that face and its neighbours`, () => {
      const id = parseLoopyTilingId(entry.id);
      if ('error' in id) throw new Error(id.error);
      const text = writeTilingSlitherlink(id.tiling, id.hints);
      const result = checkText(text, 'slitherlink', { redundant: false });
      expect(result.verdict).toBe('unique');
      const l = makeLattice(id.tiling);
      const p0 = parseSlitherlink(text).puzzle!;
      // The block written from the solution (the refactoring's edit) is the Loopy loop's inside.
      const b = loopBlockChange(p0, text, result)!;
      const withBlock = text + b.block;
      const p = parseSlitherlink(withBlock).puzzle!;
      const loopy = loopEdgesOf(l, entry.solution_loop).sort((x, y) => x - y);
      const loop = intendedLoop(p)!;
      expect(loop.problem).toBeNull();
      expect(edgeIds(loop.on)).toEqual(loopy);
      expect(loop.disagreements).toEqual([]);
      expect(loopTextFindings(p)).toEqual([]);
      const analysis = { result } as Parameters<typeof solutionNotIntended>[1];
      expect(solutionNotIntended(p, analysis)).toBeNull();
      // Flip one face on the loop (keeping one simple loop).
      const faces = [...p.solution!.keys()];
      const flip = faces.find((f) => {
        const s = Uint8Array.from(p.solution!);
        s[f] ^= 1;
        return s.some((x) => x === 1) && latticeLoopDefects(l, s).length === 0;
      })!;
      expect(flip).toBeDefined();
      const row = l.rowOf[flip]!, col = flip - l.rowOff[row]!;
      const t = toggleSolutionMark(withBlock, row, col);
      if ('error' in t) throw new Error(t.error);
      const q = parseSlitherlink(applyEdit(withBlock, t.edit)).puzzle!;
      // Where they differ: the flipped face and every face across one of its sides.
      const around = new Set<number>([flip]);
      for (const e of l.edgesOf(flip)) for (const g of [l.sides[2 * e]!, l.sides[2 * e + 1]!]) if (g >= 0) around.add(g);
      const finding = solutionNotIntended(q, analysis)!;
      expect(finding.code).toBe('solution-not-intended');
      expect(finding.message).toBe(`The unique solution is not the intended loop: they differ at ${around.size} face${around.size === 1 ? '' : 's'}.`);
      const first = Math.min(...around);
      expect(finding.at).toEqual({ cell: { row: l.rowOf[first], col: first - l.rowOff[l.rowOf[first]!]!, face: first } });
      // The hints the flipped loop no longer meets: exactly the hinted faces around it.
      const hinted = [...around].filter((g) => id.hints[g]! >= 0).sort((x, y) => x - y);
      const disagree = loopTextFindings(q);
      expect(disagree.map((d) => (d.at as { cell: { face: number } }).cell.face)).toEqual(hinted);
      for (const d of disagree) expect(d.code).toBe('hint-disagrees-with-loop');
    });
  }
});

describe('the preview of a tiling with a block', () => {
  it('offers Draw loop, shades the intended faces and says whether the loop is the solution', () => {
    const entry = SUPPORTED.find((e) => makeTilingName(e.grid) === 'honeycomb')!;
    const id = parseLoopyTilingId(entry.id);
    if ('error' in id) throw new Error(id.error);
    const text = writeTilingSlitherlink(id.tiling, id.hints);
    const result = checkText(text, 'slitherlink', { redundant: false }) as CheckResult;
    const p0 = parseSlitherlink(text).puzzle as SlitherlinkPuzzle;
    const withBlock = text + loopBlockChange(p0, text, result)!.block;
    const p = parseSlitherlink(withBlock).puzzle as SlitherlinkPuzzle;
    const picture = tilingPicture(id.tiling)!;
    const svg = previewSlitherlink(p, result, { picture });
    expect(svg).toContain('data-draw-loop=""');
    const inside = Array.from(p.solution!).filter((x) => x === 1).length;
    expect(svg.match(/class="lp-intended-cell"/g)!.length).toBe(inside);
    expect(svg).toContain('Your loop (dashed) is the solution');
    expect(svg).not.toContain('lp-intended-missing');
    const f = [...p.solution!.keys()].find((g) => p.solution![g] === 1)!;
    const l = makeLattice(id.tiling);
    const t = toggleSolutionMark(withBlock, l.rowOf[f]!, f - l.rowOff[l.rowOf[f]!]!);
    if ('error' in t) throw new Error(t.error);
    const q = parseSlitherlink(applyEdit(withBlock, t.edit)).puzzle as SlitherlinkPuzzle;
    const svg2 = previewSlitherlink(q, result, { picture });
    expect(svg2).toMatch(/Differs from your loop \(dashed\) at \d+ edges?|not one simple loop/);
  });
});

function makeTilingName(grid: string): string {
  return grid.toLowerCase().replace(/[^a-z]/g, '');
}
