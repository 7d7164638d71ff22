/**
 * Where a designer's marks (inside cells) fail to be one simple loop, cell by cell, so an editor
 * can point at the offending marks and say how to fix them:
 *  - `corner`: two inside cells meet only at a corner (the loop would touch itself there);
 *  - `separate`: an inside piece apart from the main (largest) one: a second loop;
 *  - `hole`: outside cells enclosed by inside cells, not reaching the border: an inner loop;
 *  - `empty`: no inside cell at all.
 * Pieces are 8-connected (cells meeting at a corner count as one piece, that contact is reported
 * as a `corner`), so one mistake gives one defect. The marks are one simple loop exactly when the
 * list is empty (the same answer as loop.ts loopProblem on the marks' edges). A tiling's marks:
 * model/latticeLoop.ts, described here by describeFaceDefect.
 */
import type { Lattice } from '../../model/lattice';
import { pointName, type FaceDefect } from '../../model/latticeLoop';
import { placeName } from '../../findings/words';

export type LoopDefect =
  | { kind: 'empty' }
  /** Grid point (row, col) where the inside cells `cells` (two, diagonal) meet; `other`: the two outside cells there. */
  | { kind: 'corner'; row: number; col: number; cells: [number, number]; other: [number, number] }
  | { kind: 'separate'; cells: number[]; mainSize: number }
  | { kind: 'hole'; cells: number[] };

/** Every defect of the marks (cells r * cols + c, 1 = inside): corners, then separate pieces, then holes, each in reading order. */
export function loopDefects(rows: number, cols: number, inside: ArrayLike<number>): LoopDefect[] {
  const n = rows * cols;
  const isIn = (i: number) => (inside[i] ? 1 : 0);
  let any = false;
  for (let i = 0; i < n && !any; i++) any = isIn(i) === 1;
  if (!any) return [{ kind: 'empty' }];
  const out: LoopDefect[] = [];
  for (let r = 1; r < rows; r++)
    for (let c = 1; c < cols; c++) {
      const a = (r - 1) * cols + c - 1, b = a + 1, d = r * cols + c - 1, e = d + 1;
      if (isIn(a) === isIn(e) && isIn(b) === isIn(d) && isIn(a) !== isIn(b)) {
        out.push(isIn(a) ? { kind: 'corner', row: r, col: c, cells: [a, e], other: [b, d] } : { kind: 'corner', row: r, col: c, cells: [b, d], other: [a, e] });
      }
    }
  const pieces = components(rows, cols, (i) => isIn(i) === 1);
  if (pieces.length > 1) {
    let main = 0;
    pieces.forEach((p, k) => { if (p.length > pieces[main].length) main = k; });
    pieces.forEach((p, k) => { if (k !== main) out.push({ kind: 'separate', cells: p, mainSize: pieces[main].length }); });
  }
  for (const p of components(rows, cols, (i) => isIn(i) === 0)) {
    if (!p.some((i) => i < cols || i >= n - cols || i % cols === 0 || i % cols === cols - 1)) out.push({ kind: 'hole', cells: p });
  }
  return out;
}

/** 8-connected components of the cells `member` accepts, each sorted, in reading order of their first cell. */
function components(rows: number, cols: number, member: (i: number) => boolean): number[][] {
  const seen = new Uint8Array(rows * cols);
  const out: number[][] = [];
  const stack: number[] = [];
  for (let s = 0; s < rows * cols; s++) {
    if (seen[s] || !member(s)) continue;
    const piece: number[] = [];
    seen[s] = 1;
    stack.push(s);
    while (stack.length > 0) {
      const v = stack.pop()!;
      piece.push(v);
      const r = Math.floor(v / cols), c = v % cols;
      for (let dr = -1; dr <= 1; dr++)
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr, cc = c + dc;
          if ((dr === 0 && dc === 0) || rr < 0 || rr >= rows || cc < 0 || cc >= cols) continue;
          const w = rr * cols + cc;
          if (!seen[w] && member(w)) { seen[w] = 1; stack.push(w); }
        }
    }
    out.push(piece.sort((x, y) => x - y));
  }
  return out;
}

/** The cells a defect is about, to point at (reading order); none for `empty`. */
export function defectCells(d: LoopDefect): number[] {
  return d.kind === 'empty' ? [] : d.kind === 'corner' ? [...d.cells] : d.cells;
}

const LISTED = 4;

/** "(3, 4)" and lists such as "(3, 4), (3, 5) and 6 more": 1-based (row, column), as the other diagnostics name cells. */
function cellList(cells: number[], cols: number): string {
  const name = (i: number) => `(${Math.floor(i / cols) + 1}, ${(i % cols) + 1})`;
  if (cells.length <= LISTED) {
    const names = cells.map(name);
    return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  }
  return `${cells.slice(0, LISTED - 1).map(name).join(', ')} and ${cells.length - LISTED + 1} more`;
}

/** What is wrong and how to fix it, in one sentence or two. */
export function describeDefect(d: LoopDefect, cols: number): string {
  switch (d.kind) {
    case 'empty':
      return 'The loop is empty: mark the cells inside it x.';
    case 'corner':
      return `The loop touches itself: inside cells ${cellList(d.cells, cols)} meet only at a corner. ` +
        `Mark ${cellList(d.other, cols).replace(' and ', ' or ')} x to join them, or one of them . to part them.`;
    case 'separate': {
      const one = d.cells.length === 1;
      return `${one ? 'Cell' : 'Cells'} ${cellList(d.cells, cols)} ${one ? 'is' : 'are'} a second loop, apart from the main one (${d.mainSize} cells): ` +
        `connect ${one ? 'it' : 'them'} to the main one with x cells, or mark ${one ? 'it' : 'them'} .`;
    }
    case 'hole': {
      const one = d.cells.length === 1;
      return `${one ? 'Cell' : 'Cells'} ${cellList(d.cells, cols)} ${one ? 'is' : 'are'} an outside hole enclosed by the loop (it would need a second loop around ${one ? 'it' : 'them'}): ` +
        `mark ${one ? 'it' : 'them'} x, or open the hole to the border with a line of . cells.`;
    }
  }
}

/** Faces for people, after the word "face(s)": "12 (line 2, place 3)", lists as "1 (...), 4 (...) and 2 more". */
function faceList(l: Lattice, faces: number[]): string {
  const name = (f: number): string => placeName({ row: l.rowOf[f]!, col: f - l.rowOff[l.rowOf[f]!]!, face: f }).replace(/^face /, '');
  const names = faces.slice(0, faces.length <= LISTED ? LISTED : LISTED - 1).map(name);
  if (faces.length > LISTED) return `${names.join(', ')} and ${faces.length - LISTED + 1} more`;
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "face 3 (line 1, place 4)" or "faces 3 (...) and 4 (...)". */
function faces(l: Lattice, list: number[], capital = false): string {
  const word = list.length === 1 ? 'face' : 'faces';
  return `${capital ? word[0]!.toUpperCase() + word.slice(1) : word} ${faceList(l, list)}`;
}

/** What is wrong with a tiling's marks and how to fix it (latticeLoop.ts's defects), as describeDefect says it on squares. */
export function describeFaceDefect(d: FaceDefect, l: Lattice): string {
  switch (d.kind) {
    case 'empty':
      return 'The loop is empty: mark the faces inside it x.';
    case 'corner':
      return `The loop touches itself at the point ${pointName(l, d.vertex)}: inside ${faces(l, d.cells)} meet only at a corner there. ` +
        `Mark ${faces(l, d.other).replace(/ and (?=[^,]*$)/, ' or ')} x to join them, or one of the inside ones . to part them.`;
    case 'separate': {
      const one = d.cells.length === 1;
      return `${faces(l, d.cells, true)} ${one ? 'is' : 'are'} a second loop, apart from the main one (${d.mainSize} face${d.mainSize === 1 ? '' : 's'}): ` +
        `connect ${one ? 'it' : 'them'} to the main one with x faces, or mark ${one ? 'it' : 'them'} .`;
    }
    case 'hole': {
      const one = d.cells.length === 1;
      return `${faces(l, d.cells, true)} ${one ? 'is' : 'are'} an outside hole enclosed by the loop (it would need a second loop around ${one ? 'it' : 'them'}): ` +
        `mark ${one ? 'it' : 'them'} x, or open the hole to the border with a line of . faces.`;
    }
  }
}
