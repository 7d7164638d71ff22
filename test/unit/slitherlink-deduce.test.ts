import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Grid } from '../../server/src/model/grid';
import { deduce, NOT_HINT, OFF, ON, refine, UNKNOWN, type Deduction } from '../../server/src/slitherlink/deduce';
import { bruteLoops } from './slitherlink-brute';

// ---------------------------------------------------------------------------------------------
// An independent brute-force solver: backtracking over edges vertex by vertex (degree 0 or 2),
// hints checked as cells complete, then "one connected loop" checked by union-find. It knows
// nothing of colouring or of the deduction rules.
// ---------------------------------------------------------------------------------------------
interface Brute {
  count: number;
  onSeen: Uint8Array; // per edge: some solution has it ON
  offSeen: Uint8Array; // per edge: some solution has it OFF
  inSeen: Uint8Array; // per cell: bit 0 some solution has it outside, bit 1 inside
}

function isSingleLoop(g: Grid, on: Uint8Array): boolean {
  const W = g.cols + 1;
  const deg = new Int32Array(g.vertexCount);
  const parent = Int32Array.from({ length: g.vertexCount }, (_, i) => i);
  const find = (x: number): number => { while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!; return x; };
  let edges = 0;
  for (let e = 0; e < g.edgeCount; e++) {
    if (!on[e]) continue;
    edges++;
    const [r1, c1, r2, c2] = g.edgeEnds(e);
    const a = r1 * W + c1, b = r2 * W + c2;
    deg[a]++; deg[b]++;
    parent[find(a)] = find(b);
  }
  if (edges === 0) return false;
  let comps = 0;
  for (let v = 0; v < g.vertexCount; v++) {
    if (deg[v] !== 0 && deg[v] !== 2) return false;
    if (deg[v] > 0 && find(v) === v) comps++;
  }
  return comps === 1;
}

function cellCount(g: Grid, on: Uint8Array, r: number, c: number): number {
  let k = 0;
  for (const e of g.cellEdges(r, c)) k += on[e]!;
  return k;
}

/** All solutions, or null when more than nodeLimit search nodes were needed. */
function bruteForce(rows: number, cols: number, hints: Int8Array, nodeLimit = 5_000_000): Brute | null {
  const g = new Grid(rows, cols);
  const on = new Uint8Array(g.edgeCount);
  const res: Brute = {
    count: 0,
    onSeen: new Uint8Array(g.edgeCount),
    offSeen: new Uint8Array(g.edgeCount),
    inSeen: new Uint8Array(rows * cols),
  };
  let nodes = 0;
  const hint = (r: number, c: number) => hints[r * cols + c]!;
  // Sides of cell (r, c) decided once vertex (r+1, c) is done; before that, partial bounds.
  const okPartial = (r: number, c: number, known: number): boolean => {
    if (r < 0 || r >= rows || c < 0 || c >= cols) return true;
    const h = hint(r, c);
    if (h < 0) return true;
    const sides = g.cellEdges(r, c);
    // known: how many of top, left, right, bottom (in decision order) are decided
    const order = [sides[0], sides[2], sides[3], sides[1]];
    let k = 0;
    for (let i = 0; i < known; i++) k += on[order[i]!]!;
    return k <= h && k + (4 - known) >= h;
  };
  const record = () => {
    if (!isSingleLoop(g, on)) return;
    res.count++;
    for (let e = 0; e < g.edgeCount; e++) (on[e] ? res.onSeen : res.offSeen)[e] = 1;
    for (let r = 0; r < rows; r++) {
      let inside = 0; // parity of loop edges crossed walking in from the left
      for (let c = 0; c < cols; c++) {
        inside ^= on[g.verticalEdge(r, c)]!;
        res.inSeen[r * cols + c]! |= inside ? 2 : 1;
      }
    }
  };
  const visit = (v: number): boolean => {
    if (++nodes > nodeLimit) return false;
    if (v === g.vertexCount) { record(); return true; }
    const r = Math.floor(v / (cols + 1)), c = v % (cols + 1);
    const up = r > 0 ? on[g.verticalEdge(r - 1, c)]! : 0;
    const left = c > 0 ? on[g.horizontalEdge(r, c - 1)]! : 0;
    const right = c < cols ? g.horizontalEdge(r, c) : -1;
    const down = r < rows ? g.verticalEdge(r, c) : -1;
    for (let a = 0; a <= (right >= 0 ? 1 : 0); a++) {
      for (let b = 0; b <= (down >= 0 ? 1 : 0); b++) {
        const deg = up + left + a + b;
        if (deg !== 0 && deg !== 2) continue;
        if (right >= 0) on[right] = a;
        if (down >= 0) on[down] = b;
        let ok = true;
        // cell (r-1, c) is complete; (r, c) has top+left; (r, c-1) has top+left+right.
        if (r >= 1 && c < cols && hint(r - 1, c) >= 0 && cellCount(g, on, r - 1, c) !== hint(r - 1, c)) ok = false;
        if (ok && !okPartial(r, c, 2)) ok = false;
        if (ok && !okPartial(r, c - 1, 3)) ok = false;
        if (ok && !visit(v + 1)) { if (right >= 0) on[right] = 0; if (down >= 0) on[down] = 0; return false; }
        if (right >= 0) on[right] = 0;
        if (down >= 0) on[down] = 0;
      }
    }
    return true;
  };
  return visit(0) ? res : null;
}

// ---------------------------------------------------------------------------------------------
// Random instances.
// ---------------------------------------------------------------------------------------------
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random single loop, as edge flags, from a random grown region (retried until simple). */
function randomLoop(rows: number, cols: number, rand: () => number): Uint8Array {
  const g = new Grid(rows, cols);
  for (;;) {
    const inside = new Uint8Array(rows * cols);
    const target = 1 + Math.floor(rand() * rows * cols * 0.7);
    inside[Math.floor(rand() * rows * cols)] = 1;
    let size = 1;
    for (let tries = 0; tries < 200 && size < target; tries++) {
      const x = Math.floor(rand() * rows * cols);
      if (inside[x]) continue;
      const r = Math.floor(x / cols), c = x % cols;
      const adj = (r > 0 && inside[x - cols]) || (r < rows - 1 && inside[x + cols]) ||
        (c > 0 && inside[x - 1]) || (c < cols - 1 && inside[x + 1]);
      if (adj) { inside[x] = 1; size++; }
    }
    const on = new Uint8Array(g.edgeCount);
    for (let e = 0; e < g.edgeCount; e++) {
      const [a, b] = g.edgeCells(e);
      on[e] = (a >= 0 ? inside[a]! : 0) ^ (b >= 0 ? inside[b]! : 0);
    }
    if (isSingleLoop(g, on)) return on;
  }
}

function hintsFromLoop(rows: number, cols: number, on: Uint8Array, density: number, rand: () => number): Int8Array {
  const g = new Grid(rows, cols);
  const hints = new Int8Array(rows * cols).fill(-1);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) if (rand() < density) hints[r * cols + c] = cellCount(g, on, r, c);
  }
  return hints;
}

function randomHints(rows: number, cols: number, density: number, rand: () => number): Int8Array {
  const hints = new Int8Array(rows * cols).fill(-1);
  for (let x = 0; x < hints.length; x++) if (rand() < density) hints[x] = Math.floor(rand() * 4);
  return hints;
}

/** Every fault of a deduction against the brute-force truth (empty when sound). */
function faults(rows: number, cols: number, d: Deduction, b: Brute): string[] {
  const out: string[] = [];
  if (d.contradiction) {
    if (b.count > 0) out.push(`contradiction claimed but ${b.count} solutions`);
    return out;
  }
  for (let e = 0; e < d.edges.length; e++) {
    if (d.edges[e] === ON && b.offSeen[e]) out.push(`edge ${e} fixed ON, a solution has it OFF`);
    if (d.edges[e] === OFF && b.onSeen[e]) out.push(`edge ${e} fixed OFF, a solution has it ON`);
  }
  if (d.inside) {
    for (let x = 0; x < rows * cols; x++) {
      if (d.inside[x] === 1 && b.inSeen[x]! & 1) out.push(`cell ${x} inside, a solution has it outside`);
      if (d.inside[x] === 0 && b.inSeen[x]! & 2) out.push(`cell ${x} outside, a solution has it inside`);
    }
  }
  return out;
}

const show = (rows: number, cols: number, h: Int8Array) =>
  Array.from({ length: rows }, (_, r) => Array.from(h.subarray(r * cols, r * cols + cols), (v) => (v < 0 ? '.' : String(v))).join('')).join('/');

describe('brute force (the test oracle itself)', () => {
  it('counts the cycles of empty grids as OEIS A140517 (2x2..4x4 cells: 13, 213, 9349... up to 3x3)', () => {
    // n x n vertex grids have 1, 13, 213, 9349 cycles for n = 2..5; cells are n-1.
    expect(bruteForce(1, 1, new Int8Array(1).fill(-1))!.count).toBe(1);
    expect(bruteForce(2, 2, new Int8Array(4).fill(-1))!.count).toBe(13);
    expect(bruteForce(3, 3, new Int8Array(9).fill(-1))!.count).toBe(213);
    expect(bruteForce(4, 4, new Int8Array(16).fill(-1))!.count).toBe(9349);
  });

  it('finds the loop a puzzle was made from', () => {
    const rand = rng(7);
    for (let i = 0; i < 50; i++) {
      const on = randomLoop(4, 4, rand);
      const hints = hintsFromLoop(4, 4, on, 1, rand);
      const b = bruteForce(4, 4, hints)!;
      expect(b.count).toBeGreaterThanOrEqual(1);
      for (let e = 0; e < on.length; e++) expect(on[e] ? b.onSeen[e] : b.offSeen[e]).toBe(1);
    }
  });

  it('the fault check catches a wrong fixing', () => {
    const rand = rng(11);
    let caught = 0;
    for (let i = 0; i < 40; i++) {
      const on = randomLoop(3, 4, rand);
      const hints = hintsFromLoop(3, 4, on, 1, rand);
      const b = bruteForce(3, 4, hints)!;
      const d = deduce({ rows: 3, cols: 4, hints });
      expect(faults(3, 4, d, b)).toEqual([]);
      // Flip one decided edge: the check must object whenever the puzzle is unique.
      const e = d.edges.findIndex((s) => s !== UNKNOWN);
      if (b.count === 1 && e >= 0) {
        const bad = { ...d, edges: Int8Array.from(d.edges) };
        bad.edges[e] = bad.edges[e] === ON ? OFF : ON;
        expect(faults(3, 4, bad, b).length).toBeGreaterThan(0);
        caught++;
      }
      if (b.count > 0) expect(faults(3, 4, { ...d, contradiction: true }, b).length).toBeGreaterThan(0);
    }
    expect(caught).toBeGreaterThan(10);
  });
});

describe('deduce is sound (never removes a solution)', () => {
  const sizes: [number, number][] = [[1, 1], [1, 2], [1, 3], [2, 2], [2, 3], [1, 5], [3, 3], [2, 4], [3, 4], [2, 6], [4, 4], [3, 5]];

  it('on exhaustive hint patterns of 1x1, 1x2, 2x2 (hint values -1..4)', () => {
    let n = 0;
    for (const [rows, cols] of [[1, 1], [1, 2], [2, 1], [2, 2]] as [number, number][]) {
      const cells = rows * cols;
      const total = 6 ** cells;
      for (let code = 0; code < total; code++) {
        const hints = new Int8Array(cells);
        let k = code;
        for (let x = 0; x < cells; x++) { hints[x] = (k % 6) - 1; k = Math.floor(k / 6); }
        const b = bruteForce(rows, cols, hints)!;
        const d = deduce({ rows, cols, hints });
        const f = faults(rows, cols, d, b);
        if (f.length) throw new Error(`${rows}x${cols} ${show(rows, cols, hints)}: ${f[0]}`);
        n++;
      }
    }
    expect(n).toBe(6 + 36 + 36 + 1296);
  });

  it('on thousands of random instances up to 4x4 (unique, many, and no solutions)', () => {
    const rand = rng(12345);
    const stats = { none: 0, unique: 0, multiple: 0, skipped: 0 };
    for (let i = 0; i < 2400; i++) {
      const [rows, cols] = sizes[i % sizes.length]!;
      const kind = i % 3;
      let hints: Int8Array;
      if (kind === 0) hints = hintsFromLoop(rows, cols, randomLoop(rows, cols, rand), 0.3 + 0.7 * rand(), rand);
      else if (kind === 1) hints = hintsFromLoop(rows, cols, randomLoop(rows, cols, rand), 0.1 + 0.3 * rand(), rand);
      else hints = randomHints(rows, cols, 0.2 + 0.6 * rand(), rand);
      const b = bruteForce(rows, cols, hints, 2_000_000);
      if (!b) { stats.skipped++; continue; }
      stats[b.count === 0 ? 'none' : b.count === 1 ? 'unique' : 'multiple']++;
      // Without probing, one probing pass (as the redundant-hint search uses), and the default.
      const maxRounds = [0, 1, undefined][Math.floor(i / 3) % 3];
      const d = deduce({ rows, cols, hints }, { maxRounds });
      const f = faults(rows, cols, d, b);
      if (f.length) throw new Error(`${rows}x${cols} ${show(rows, cols, hints)} (${b.count} solutions): ${f[0]}`);
    }
    // The mix must really contain all three kinds of instance.
    expect(stats.none).toBeGreaterThan(200);
    expect(stats.unique).toBeGreaterThan(200);
    expect(stats.multiple).toBeGreaterThan(200);
    expect(stats.skipped).toBeLessThan(30);
  });

  it('on random 5x5 and 4x6 instances', () => {
    const rand = rng(99);
    let checked = 0;
    for (let i = 0; i < 300; i++) {
      const [rows, cols] = i % 2 ? [5, 5] : [4, 6];
      const hints = i % 4 === 3
        ? randomHints(rows, cols, 0.5 + 0.4 * rand(), rand)
        : hintsFromLoop(rows, cols, randomLoop(rows, cols, rand), 0.4 + 0.6 * rand(), rand);
      const b = bruteForce(rows, cols, hints, 1_000_000);
      if (!b) continue;
      const d = deduce({ rows, cols, hints });
      const f = faults(rows, cols, d, b);
      if (f.length) throw new Error(`${rows}x${cols} ${show(rows, cols, hints)} (${b.count} solutions): ${f[0]}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('with ignoreHint: equals deduction without that hint, and is sound for it', () => {
    const rand = rng(4242);
    for (let i = 0; i < 600; i++) {
      const [rows, cols] = sizes[3 + (i % (sizes.length - 3))]!;
      const hints = hintsFromLoop(rows, cols, randomLoop(rows, cols, rand), 0.5 + 0.5 * rand(), rand);
      const hinted = [...hints.keys()].filter((x) => hints[x]! >= 0);
      if (hinted.length === 0) continue;
      const x = hinted[Math.floor(rand() * hinted.length)]!;
      const without = Int8Array.from(hints);
      without[x] = -1;
      const d = deduce({ rows, cols, hints }, { ignoreHint: x });
      const ref = deduce({ rows, cols, hints: without });
      expect(d.contradiction).toBe(ref.contradiction);
      expect(Array.from(d.edges)).toEqual(Array.from(ref.edges));
      const b = bruteForce(rows, cols, without, 2_000_000);
      if (!b) continue;
      const f = faults(rows, cols, d, b);
      if (f.length) throw new Error(`${rows}x${cols} ${show(rows, cols, hints)} ignoring ${x}: ${f[0]}`);
    }
  });

  it('refine: continuing from the deduction of fewer hints is sound (kept state or not)', () => {
    const rand = rng(2024);
    let kept = 0;
    for (let i = 0; i < 600; i++) {
      const [rows, cols] = sizes[3 + (i % (sizes.length - 3))]!;
      const hints = hintsFromLoop(rows, cols, randomLoop(rows, cols, rand), 0.4 + 0.6 * rand(), rand);
      // P minus B (a random subset of cells), then P minus G with G inside B.
      const inB = Uint8Array.from(hints, () => (rand() < 0.4 ? 1 : 0));
      const inG = Uint8Array.from(inB, (b) => (b && rand() < 0.4 ? 1 : 0));
      const hB = Int8Array.from(hints, (h, x) => (inB[x] ? -1 : h));
      const hG = Int8Array.from(hints, (h, x) => (inG[x] ? -1 : h));
      const keepState = i % 2 === 0;
      const base = deduce({ rows, cols, hints: hB }, { keepState, maxRounds: i % 3 });
      const d = refine({ rows, cols, hints: hG }, base, { maxRounds: (i >> 1) % 3 });
      if (keepState) kept++;
      const b = bruteForce(rows, cols, hG, 2_000_000);
      if (!b) continue;
      const f = faults(rows, cols, d, b);
      if (f.length) throw new Error(`${rows}x${cols} ${show(rows, cols, hG)} from ${show(rows, cols, hB)}: ${f[0]}`);
      // Never weaker than its starting point.
      if (!d.contradiction && !base.contradiction) {
        for (let e = 0; e < d.edges.length; e++) if (base.edges[e] !== UNKNOWN) expect(d.edges[e]).toBe(base.edges[e]);
      }
    }
    expect(kept).toBe(300);
  });

  it('refine ignores a kept base whose hints are not a subset (no wrong facts carried over)', () => {
    const rand = rng(55);
    for (let i = 0; i < 200; i++) {
      const [rows, cols] = sizes[3 + (i % (sizes.length - 3))]!;
      const hA = hintsFromLoop(rows, cols, randomLoop(rows, cols, rand), 0.8, rand);
      const hP = hintsFromLoop(rows, cols, randomLoop(rows, cols, rand), 0.5, rand);
      const base = deduce({ rows, cols, hints: hA }, { keepState: true });
      const d = refine({ rows, cols, hints: hP }, base);
      const b = bruteForce(rows, cols, hP, 2_000_000);
      if (!b) continue;
      const f = faults(rows, cols, d, b);
      if (f.length) throw new Error(`${rows}x${cols} ${show(rows, cols, hP)} from ${show(rows, cols, hA)}: ${f[0]}`);
    }
  });

  it('with given edges: sound against the solutions that contain them', () => {
    const rand = rng(777);
    for (let i = 0; i < 400; i++) {
      const [rows, cols] = sizes[3 + (i % (sizes.length - 3))]!;
      const g = new Grid(rows, cols);
      const loop = randomLoop(rows, cols, rand);
      const hints = hintsFromLoop(rows, cols, loop, 0.2 + 0.5 * rand(), rand);
      // Give a few edges, sometimes from another loop (possibly no solution).
      const src = i % 2 ? loop : randomLoop(rows, cols, rand);
      const given = new Int8Array(g.edgeCount).fill(UNKNOWN);
      for (let e = 0; e < g.edgeCount; e++) if (rand() < 0.15) given[e] = src[e]!;
      const b = bruteForce(rows, cols, hints, 2_000_000);
      if (!b) continue;
      // Brute force restricted to the given edges: recount by filtering solutions.
      const all = allSolutions(rows, cols, hints).filter((s) => given.every((v, e) => v === UNKNOWN || s[e] === v));
      const d = deduce({ rows, cols, hints }, { edges: given });
      if (all.length === 0) continue; // a contradiction is allowed, so is none detected
      expect(d.contradiction).toBe(false);
      for (const s of all) {
        for (let e = 0; e < g.edgeCount; e++) if (d.edges[e] !== UNKNOWN) expect(d.edges[e]).toBe(s[e]);
      }
    }
  });
});

function allSolutions(rows: number, cols: number, hints: Int8Array): Uint8Array[] {
  // Small grids only: enumerate through the brute force by fixing nothing, recording loops.
  const g = new Grid(rows, cols);
  const out: Uint8Array[] = [];
  const on = new Uint8Array(g.edgeCount);
  const W = cols + 1;
  const visit = (v: number) => {
    if (v === g.vertexCount) {
      if (!isSingleLoop(g, on)) return;
      for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
        const h = hints[r * cols + c]!;
        if (h >= 0 && cellCount(g, on, r, c) !== h) return;
      }
      out.push(Uint8Array.from(on));
      return;
    }
    const r = Math.floor(v / W), c = v % W;
    const up = r > 0 ? on[g.verticalEdge(r - 1, c)]! : 0;
    const left = c > 0 ? on[g.horizontalEdge(r, c - 1)]! : 0;
    const right = c < cols ? g.horizontalEdge(r, c) : -1;
    const down = r < rows ? g.verticalEdge(r, c) : -1;
    for (let a = 0; a <= (right >= 0 ? 1 : 0); a++) {
      for (let b = 0; b <= (down >= 0 ? 1 : 0); b++) {
        const deg = up + left + a + b;
        if (deg !== 0 && deg !== 2) continue;
        if (r >= 1 && c < cols) {
          const h = hints[(r - 1) * cols + c]!;
          if (right >= 0) on[right] = a;
          if (down >= 0) on[down] = b;
          if (h >= 0 && cellCount(g, on, r - 1, c) !== h) { if (right >= 0) on[right] = 0; if (down >= 0) on[down] = 0; continue; }
        }
        if (right >= 0) on[right] = a;
        if (down >= 0) on[down] = b;
        visit(v + 1);
        if (right >= 0) on[right] = 0;
        if (down >= 0) on[down] = 0;
      }
    }
  };
  visit(0);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Real puzzles (copies in test/fixtures/slitherlink with their official solutions).
// ---------------------------------------------------------------------------------------------
interface Answer { file: string; rows: number; cols: number; verdict: string; inside?: string[] }
const fixtureDir = join(__dirname, '..', 'fixtures', 'slitherlink');

function loadSlk(text: string): { rows: number; cols: number; hints: Int8Array } {
  const rows: string[][] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    rows.push(/\s/.test(line) ? line.split(/\s+/) : [...line]);
  }
  const cols = rows[0]!.length;
  const hints = new Int8Array(rows.length * cols);
  rows.forEach((row, r) => row.forEach((t, c) => { hints[r * cols + c] = t === '.' || t === '-' ? -1 : Number(t); }));
  return { rows: rows.length, cols, hints };
}

/** The brute-force summary of a list of loops (each a list of grid edges). */
function summary(rows: number, cols: number, loops: number[][]): Brute {
  const g = new Grid(rows, cols);
  const res: Brute = { count: loops.length, onSeen: new Uint8Array(g.edgeCount), offSeen: new Uint8Array(g.edgeCount), inSeen: new Uint8Array(rows * cols) };
  for (const L of loops) {
    const on = new Uint8Array(g.edgeCount);
    for (const e of L) on[e] = 1;
    for (let e = 0; e < g.edgeCount; e++) (on[e] ? res.onSeen : res.offSeen)[e] = 1;
    for (let r = 0; r < rows; r++) {
      let inside = 0;
      for (let c = 0; c < cols; c++) {
        inside ^= on[g.verticalEdge(r, c)]!;
        res.inSeen[r * cols + c]! |= inside ? 2 : 1;
      }
    }
  }
  return res;
}

describe('NOT_HINT ("any count but k") and the probing options', () => {
  const sizes: [number, number][] = [[2, 2], [2, 3], [3, 3], [2, 4], [3, 4], [4, 4], [3, 5]];

  it('deducing P[h != k] (from scratch or refined from P \\ h or P \\ B) keeps every loop of P \\ h that breaks h', () => {
    const rand = rng(777);
    const kinds = { none: 0, some: 0 };
    for (let i = 0; i < 500; i++) {
      const [rows, cols] = sizes[i % sizes.length]!;
      const g = new Grid(rows, cols);
      const hints = hintsFromLoop(rows, cols, randomLoop(rows, cols, rand), 0.4 + 0.6 * rand(), rand);
      const hinted = [...hints.keys()].filter((x) => hints[x]! >= 0);
      if (hinted.length === 0) continue;
      const h = hinted[Math.floor(rand() * hinted.length)]!;
      const k = hints[h]!;
      const without = Int8Array.from(hints);
      without[h] = -1;
      const loops = bruteLoops(rows, cols, without).filter((L) => {
        let n = 0;
        for (const e of g.cellEdges(Math.floor(h / cols), h % cols)) if (L.includes(e)) n++;
        return n !== k;
      });
      kinds[loops.length ? 'some' : 'none']++;
      const truth = summary(rows, cols, loops);
      const notK = Int8Array.from(hints);
      notK[h] = NOT_HINT + k;
      const maxRounds = [0, 1, undefined][i % 3];
      // P \\ B for a random B containing h: a sound start for P[h != k]
      const hB = Int8Array.from(without, (v) => (rand() < 0.3 ? -1 : v));
      const bases = [deduce({ rows, cols, hints: without }, { keepState: true, maxRounds: i % 2 }), deduce({ rows, cols, hints: hB }, { keepState: true, maxRounds: 0 })];
      for (const d of [deduce({ rows, cols, hints: notK }, { maxRounds }), ...bases.map((b) => refine({ rows, cols, hints: notK }, b, { maxRounds }))]) {
        const f = faults(rows, cols, d, truth);
        if (f.length) throw new Error(`${rows}x${cols} ${show(rows, cols, hints)} h=${h} != ${k} (${loops.length} loops): ${f[0]}`);
      }
    }
    expect(kinds.none).toBeGreaterThan(50);
    expect(kinds.some).toBeGreaterThan(50);
  });

  it('hint values other than -1..4 and NOT_HINT..NOT_HINT + 4 have no solution', () => {
    for (const v of [5, 6, 7, 13, 100]) {
      expect(deduce({ rows: 2, cols: 2, hints: Int8Array.from([v, -1, -1, -1]) }).contradiction).toBe(true);
    }
    // "not 4" on a 1x1 grid: its only loop has count 4
    expect(deduce({ rows: 1, cols: 1, hints: Int8Array.from([NOT_HINT + 4]) }).contradiction).toBe(true);
    expect(deduce({ rows: 1, cols: 1, hints: Int8Array.from([NOT_HINT + 3]) }).contradiction).toBe(false);
  });

  it('a probing schedule (or only it), no connectivity rule, and recording keep deduction sound', () => {
    const rand = rng(778);
    let recorded = 0;
    for (let i = 0; i < 600; i++) {
      const [rows, cols] = sizes[i % sizes.length]!;
      const hints = i % 4 === 3
        ? randomHints(rows, cols, 0.3 + 0.5 * rand(), rand)
        : hintsFromLoop(rows, cols, randomLoop(rows, cols, rand), 0.3 + 0.7 * rand(), rand);
      const b = bruteForce(rows, cols, hints, 2_000_000);
      if (!b) continue;
      const E = new Grid(rows, cols).edgeCount;
      const record: number[] = [];
      deduce({ rows, cols, hints }, { record });
      recorded += record.length;
      const schedule = i % 2 ? record : Array.from({ length: 6 }, () => Math.floor(rand() * (E + 4)) - 2);
      const opts = { schedule, scheduleOnly: i % 3 === 0, connectivity: i % 5 !== 0, maxRounds: [1, 2, undefined][i % 3] };
      const base = deduce({ rows, cols, hints: Int8Array.from(hints, (v) => (rand() < 0.4 ? -1 : v)) }, { ...opts, keepState: true });
      for (const d of [deduce({ rows, cols, hints }, opts), refine({ rows, cols, hints }, base, opts)]) {
        const f = faults(rows, cols, d, b);
        if (f.length) throw new Error(`${rows}x${cols} ${show(rows, cols, hints)} ${JSON.stringify(opts)}: ${f[0]}`);
      }
    }
    expect(recorded).toBeGreaterThan(10);
  });

  it('a chain of refines whose scheduled-only passes keep their probes\' regions stays sound (the redundant-hint tree\'s two passes)', () => {
    const rand = rng(1717);
    let chains = 0;
    for (let i = 0; i < 400; i++) {
      const [rows, cols] = sizes[i % sizes.length]!;
      const hints = hintsFromLoop(rows, cols, randomLoop(rows, cols, rand), 0.4 + 0.6 * rand(), rand);
      const b = bruteForce(rows, cols, hints, 2_000_000);
      if (!b) continue;
      const record: number[] = [];
      deduce({ rows, cols, hints }, { record });
      // P minus a block B, then minus a part of it, then P itself: each step sound for fewer hints.
      const mid = Int8Array.from(hints, (v) => (rand() < 0.2 ? -1 : v));
      const low = Int8Array.from(mid, (v) => (rand() < 0.3 ? -1 : v));
      const sched = { schedule: record, scheduleOnly: true, maxRounds: 1, keepState: true };
      const base = deduce({ rows, cols, hints: low }, { ...sched, connectivity: false });
      const step = refine({ rows, cols, hints: mid }, base, i % 2 ? sched : { ...sched, scheduleOnly: false });
      for (const d of [refine({ rows, cols, hints }, step, { maxRounds: 1, schedule: record }), refine({ rows, cols, hints }, step, sched)]) {
        const f = faults(rows, cols, d, b);
        if (f.length) throw new Error(`${rows}x${cols} ${show(rows, cols, hints)}: ${f[0]}`);
      }
      chains++;
    }
    expect(chains).toBeGreaterThan(100);
  });
});

describe('deduce on real puzzles agrees with the official solutions', () => {
  const answers: Answer[] = JSON.parse(readFileSync(join(fixtureDir, 'answers.json'), 'utf8'));
  const officialEdges = (a: Answer, g: Grid): Int8Array => {
    const sol = a.inside!;
    const inside = (x: number) => (x >= 0 && sol[Math.floor(x / g.cols)]![x % g.cols] === 'x' ? 1 : 0);
    return Int8Array.from({ length: g.edgeCount }, (_, e) => { const [x, y] = g.edgeCells(e); return inside(x) ^ inside(y); });
  };

  it('is strong: most edges of the unique puzzles with official solutions are fixed', () => {
    let open = 0, total = 0, solved = 0, n = 0;
    for (const a of answers) {
      if (a.verdict !== 'unique' || !a.inside) continue;
      const p = loadSlk(readFileSync(join(fixtureDir, a.file), 'utf8'));
      const d = deduce(p);
      for (const s of d.edges) if (s === UNKNOWN) open++;
      total += d.edges.length;
      n++;
      if (d.fixed === d.edges.length) solved++;
    }
    expect(n).toBeGreaterThanOrEqual(10);
    expect(open).toBeLessThan(total * 0.01);
    expect(solved).toBeGreaterThanOrEqual(n - 1);
  });

  it('with hints removed (many solutions, large grids) never contradicts the official solution', () => {
    // The official loop solves every puzzle made of a subset of its hints.
    const rand = rng(31337);
    let runs = 0;
    for (const a of answers.filter((x) => x.inside && x.rows * x.cols <= 1200)) {
      const p = loadSlk(readFileSync(join(fixtureDir, a.file), 'utf8'));
      const g = new Grid(p.rows, p.cols);
      const truth = officialEdges(a, g);
      for (const keep of [0.8, 0.5]) {
        const hB = Int8Array.from(p.hints, (h) => (rand() < keep ? h : -1));
        const hG = Int8Array.from(hB, (h, x) => (h >= 0 ? h : rand() < 0.5 ? p.hints[x]! : -1));
        const maxRounds = [0, 1, 8][runs % 3];
        const base = deduce({ ...p, hints: hB }, { maxRounds, keepState: true });
        const d = refine({ ...p, hints: hG }, base, { maxRounds });
        for (const r of [base, d]) {
          expect(r.contradiction).toBe(false);
          for (let e = 0; e < g.edgeCount; e++) {
            if (r.edges[e] !== UNKNOWN && r.edges[e] !== truth[e]) throw new Error(`${a.file} keep ${keep}: edge ${e} fixed ${r.edges[e]}, official ${truth[e]}`);
          }
        }
        runs++;
      }
    }
    expect(runs).toBeGreaterThanOrEqual(20);
  });

  it('stops early when cancelled, still sound, and without probing still sound', () => {
    const withSolution = answers.filter((a) => a.inside && a.rows * a.cols >= 400);
    expect(withSolution.length).toBeGreaterThan(0);
    for (const a of withSolution) {
      const p = loadSlk(readFileSync(join(fixtureDir, a.file), 'utf8'));
      const g = new Grid(p.rows, p.cols);
      const truth = officialEdges(a, g);
      const full = deduce(p);
      let calls = 0;
      for (const d of [deduce(p, { isCancelled: () => ++calls > 2 }), deduce(p, { maxRounds: 0 }), deduce(p, { maxRounds: 1 })]) {
        expect(d.contradiction).toBe(false);
        expect(d.fixed).toBeLessThanOrEqual(full.fixed);
        for (let e = 0; e < g.edgeCount; e++) if (d.edges[e] !== UNKNOWN) expect(d.edges[e]).toBe(truth[e]);
      }
    }
  });

  it('given edges from the official solution are kept and consistent; a wrong given edge is not accepted silently', () => {
    for (const a of answers.filter((x) => x.inside).slice(0, 8)) {
      const p = loadSlk(readFileSync(join(fixtureDir, a.file), 'utf8'));
      const g = new Grid(p.rows, p.cols);
      const truth = officialEdges(a, g);
      const given = new Int8Array(g.edgeCount).fill(UNKNOWN);
      for (let e = 0; e < g.edgeCount; e += 7) given[e] = truth[e]!;
      const d = deduce(p, { edges: given });
      expect(d.contradiction).toBe(false);
      for (let e = 0; e < g.edgeCount; e++) if (d.edges[e] !== UNKNOWN) expect(d.edges[e]).toBe(truth[e]);
      // The puzzle is unique: forcing any edge against the solution leaves no solution, which
      // deduction either detects or leaves the edge set as given (never "fixes" it back).
      const wrong = new Int8Array(g.edgeCount).fill(UNKNOWN);
      const e0 = Math.floor(g.edgeCount / 2);
      wrong[e0] = truth[e0] ? OFF : ON;
      const w = deduce(p, { edges: wrong });
      if (!w.contradiction) expect(w.edges[e0]).toBe(wrong[e0]);
    }
  });

  it('has fixtures of several sizes', () => {
    expect(answers.length).toBeGreaterThanOrEqual(15);
  });

  for (const a of answers) {
    it(`${a.file} (${a.verdict}${a.inside ? ', official solution' : ''})`, () => {
      const p = loadSlk(readFileSync(join(fixtureDir, a.file), 'utf8'));
      expect([p.rows, p.cols]).toEqual([a.rows, a.cols]);
      const g = new Grid(p.rows, p.cols);
      const t0 = performance.now();
      const d = deduce(p);
      const ms = performance.now() - t0;
      expect(d.contradiction).toBe(false);
      let open = 0;
      for (let e = 0; e < g.edgeCount; e++) if (d.edges[e] === UNKNOWN) open++;
      expect(d.fixed).toBe(g.edgeCount - open);
      if (a.inside) {
        const sol = a.inside;
        expect(sol.length).toBe(p.rows);
        const inside = (x: number) => (x >= 0 && sol[Math.floor(x / p.cols)]![x % p.cols] === 'x' ? 1 : 0);
        for (let e = 0; e < g.edgeCount; e++) {
          if (d.edges[e] === UNKNOWN) continue;
          const [x, y] = g.edgeCells(e);
          const truth = inside(x) ^ inside(y);
          if (d.edges[e] !== truth) throw new Error(`${a.file}: edge ${e} (${g.edgeEnds(e).join(',')}) fixed ${d.edges[e]}, official ${truth}`);
        }
        for (let x = 0; x < p.rows * p.cols; x++) if (d.inside![x]! >= 0) expect(d.inside![x]).toBe(inside(x));
      }
      if (open === 0) {
        // Fully deduced: it must be a loop meeting every hint (an independent check).
        const on = Uint8Array.from(d.edges, (s) => (s === ON ? 1 : 0));
        expect(isSingleLoop(g, on)).toBe(true);
        for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) {
          const h = p.hints[r * p.cols + c]!;
          if (h >= 0) expect(cellCount(g, on, r, c)).toBe(h);
        }
      }
      // Figures for the solver helper: edges left open per puzzle.
      console.log(`deduce ${a.file}: ${p.rows}x${p.cols} open ${open}/${g.edgeCount} in ${ms.toFixed(1)} ms`);
    });
  }
});
