/**
 * The canonical family of the Nikoli rule (numberlink/canonical.ts, SpecInput.canonical) against
 * brute force: every canonical solution (by the definition: no path can be rerouted to a smaller
 * (length, then colex by the sweep order: freeing the cell met last)) through free cells) is in the family, every member is a solution, and the
 * verdict read off the family (none / multiple / one member: unique iff rigid) is the Nikoli count's.
 * On every sweep, depth-first with deduction and breadth-first without (on the compiled kernel).
 */
import { describe, expect, it } from 'vitest';
import { makeInstance, sweepNeighbours, sweepOrder, type NumberlinkInstance, type Sweep } from '../../server/src/numberlink/instance';
import { NumberlinkSpec } from '../../server/src/numberlink/spec';
import { buildZdd } from '../../server/src/zdd/build';
import { planFrontier } from '../../server/src/zdd/frontier';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';
import { findReroute } from '../../server/src/numberlink/canonical';
import { edgesToPaths } from '../../server/src/numberlink/paths';
import { bruteSolve } from './numberlink-brute';
import { randomCells, rng, solutionProblem, walkCells } from './numberlink-random';

const NIKOLI = { fill: false, notouch: false };
const NOTOUCH = { fill: false, notouch: true };

const SWEEPS: Sweep[] = [];
for (const transpose of [false, true]) for (const reverseLines of [false, true]) for (const reverseCells of [false, true]) SWEEPS.push({ transpose, reverseLines, reverseCells });

/** Cells in the order the sweep meets them. */
function sweepRank(rows: number, cols: number, sweep: Sweep): Int32Array {
  const { right, down } = sweepNeighbours(rows, cols, sweep);
  const n = rows * cols, rank = new Int32Array(n).fill(-1);
  const hasLeft = new Uint8Array(n), hasUp = new Uint8Array(n);
  for (let v = 0; v < n; v++) { if (right[v] >= 0) hasLeft[right[v]] = 1; if (down[v] >= 0) hasUp[down[v]] = 1; }
  let first = -1;
  for (let v = 0; v < n; v++) if (!hasLeft[v] && !hasUp[v]) first = v;
  let k = 0;
  for (let line = first; line >= 0; line = down[line]) for (let v = line; v >= 0; v = right[v]) rank[v] = k++;
  return rank;
}

/** All simple paths from s to t through cells allowed[v]. */
function routes(rows: number, cols: number, s: number, t: number, allowed: Uint8Array): number[][] {
  const out: number[][] = [], seen = new Uint8Array(rows * cols), path = [s];
  seen[s] = 1;
  const go = (v: number) => {
    if (v === t) { out.push(path.slice()); return; }
    const r = Math.floor(v / cols), c = v % cols;
    for (const w of [r > 0 ? v - cols : -1, r + 1 < rows ? v + cols : -1, c > 0 ? v - 1 : -1, c + 1 < cols ? v + 1 : -1]) {
      if (w < 0 || seen[w] || !allowed[w]) continue;
      seen[w] = 1; path.push(w); go(w); path.pop(); seen[w] = 0;
    }
  };
  go(s);
  return out;
}

/** Whether solution `paths` is canonical: no path has a route with smaller (length, colex by the sweep's reverse). */
function isCanonical(rows: number, cols: number, cells: Int32Array, paths: number[][], rank: Int32Array): boolean {
  const n = rows * cols;
  for (let l = 0; l < paths.length; l++) {
    const allowed = new Uint8Array(n).fill(1);
    for (let k = 0; k < paths.length; k++) if (k !== l) for (const v of paths[k]) allowed[v] = 0;
    for (let v = 0; v < n; v++) if (cells[v] >= 0 && cells[v] !== l) allowed[v] = 0;
    const mine = new Set(paths[l]);
    for (const q of routes(rows, cols, paths[l][0], paths[l][paths[l].length - 1], allowed)) {
      if (q.length < paths[l].length) return false;
      if (q.length > paths[l].length) continue;
      const theirs = new Set(q);
      // colex by the sweep: the cell met last in the sweep among those that differ decides.
      let last = -1;
      for (const v of [...mine, ...theirs]) if (mine.has(v) !== theirs.has(v) && (last < 0 || rank[v] > rank[last])) last = v;
      if (last >= 0 && mine.has(last)) return false; // the route frees that cell: a move
    }
  }
  return true;
}

function key(paths: number[][]): string {
  return paths.map((p) => (p[0] < p[p.length - 1] ? p : p.slice().reverse()).join(',')).join('|');
}

function familyOf(inst: NumberlinkInstance, breadth: boolean): string[] {
  const nz = buildNumberlinkZdd(inst, NOTOUCH, undefined, breadth ? { canonical: true, deduce: false, search: 'breadth' } : { canonical: true });
  // Breadth-first builds run on the compiled kernel (numberlink/wasm/notouch.ts).
  if (breadth && nz.stats.levels > 0) expect(nz.stats.compiled).toBe(true);
  const out: string[] = [];
  const total = Number(nz.zdd.count());
  for (let i = 0; i < total; i++) {
    const edges = nz.edgesOf(nz.zdd.kth(BigInt(i)));
    expect(edges).not.toBeNull();
    const paths = edgesToPaths(inst, edges!);
    expect(paths).not.toBeNull();
    expect(solutionProblem(inst.rows, inst.cols, inst.cells, paths!, NIKOLI)).toBeNull();
    out.push(key(paths!));
  }
  return out;
}

describe('the canonical family of the Nikoli rule', () => {
  it('holds every canonical solution and only solutions, and decides the verdict (brute force, every sweep)', () => {
    const rand = rng(4242);
    let checked = 0;
    const seen: Record<string, number> = {};
    for (let t = 0; t < 260; t++) {
      const rows = 2 + Math.floor(rand() * 3), cols = 2 + Math.floor(rand() * 3);
      const cells = t % 2 === 0
        ? randomCells(rows, cols, 1 + Math.floor(rand() * Math.min(3, Math.floor((rows * cols) / 2))), rand)
        : walkCells(rows, cols, rand, 2 + Math.floor(rand() * 8), 3).cells;
      const labels = Math.max(-1, ...cells) + 1;
      if (labels === 0) continue;
      const brute = bruteSolve(rows, cols, cells, labels, NIKOLI, 1e6);
      const all = brute.solutions.map((s) => s.split('|').map((p) => p.split(',').map(Number)));
      const sweep = SWEEPS[t % SWEEPS.length];
      const inst = makeInstance(rows, cols, cells, labels, sweep);
      const rank = sweepRank(rows, cols, sweep);
      const canonical = all.filter((p) => isCanonical(rows, cols, cells, p, rank)).map(key);
      const what = `${rows}x${cols} ${Array.from(cells)} sweep ${JSON.stringify(sweep)}`;
      for (const breadth of [false, true]) {
        const family = familyOf(inst, breadth);
        for (const c of canonical) expect(family, `${what}: canonical ${c} missing (${breadth ? 'breadth' : 'depth'})`).toContain(c);
        // The verdict read off the family.
        let verdict: string;
        if (family.length === 0) verdict = 'none';
        else if (family.length >= 2) verdict = 'multiple';
        else {
          const nz = buildNumberlinkZdd(inst, NOTOUCH, undefined, { canonical: true });
          const edges = nz.edgesOf(nz.zdd.first())!;
          const second = findReroute(inst, edges);
          verdict = second === null ? 'unique' : 'multiple';
          if (second !== null) {
            const p2 = edgesToPaths(inst, second);
            expect(p2, what).not.toBeNull();
            expect(solutionProblem(rows, cols, cells, p2!, NIKOLI), what).toBeNull();
            expect(key(p2!), what).not.toBe(family[0]);
          }
        }
        expect(verdict, what).toBe(brute.count === 0 ? 'none' : brute.count === 1 ? 'unique' : 'multiple');
        seen[`${verdict} family ${Math.min(family.length, 2)}`] = (seen[`${verdict} family ${Math.min(family.length, 2)}`] ?? 0) + 1;
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
    console.log(seen);
  });
});

/** The canonical family built without the planarity check (off), with it by the spec (js) and by the kernel (k). */
function planarBuilds(rows: number, cols: number, cells: Int32Array, sweep: Sweep) {
  const labels = Math.max(-1, ...cells) + 1;
  const inst = makeInstance(rows, cols, cells, labels, sweep);
  const plan = planFrontier(inst.graph, sweepOrder(rows, cols, sweep));
  const spec = (noPlanar: boolean) => new NumberlinkSpec({
    cellCount: rows * cols, endpointKey: inst.endpointKey, labelCount: labels, plan, rule: NOTOUCH,
    edgeEnds: inst.graph.edges, canonical: sweepNeighbours(rows, cols, sweep), noPlanar,
  });
  return { spec, off: buildZdd(spec(true), undefined, { kernel: false }), js: buildZdd(spec(false), undefined, { kernel: false }), k: buildZdd(spec(false)) };
}

/** The check drops no member (both builders), and the kernel builds the spec's states. */
function expectSameFamily({ off, js, k }: ReturnType<typeof planarBuilds>, what: string): void {
  for (const on of [js, k]) {
    expect(on.zdd.count(), what).toBe(off.zdd.count());
    expect(on.zdd.difference(off.zdd).isEmpty(), what).toBe(true);
    expect(off.zdd.difference(on.zdd).isEmpty(), what).toBe(true);
  }
  expect(k.stats.nodesCreated, what).toBe(js.stats.nodesCreated);
}

describe('the planarity check of same-label pairs in the canonical build (NumberlinkSpec.planarOk)', () => {
  it('leaves the family as it is, with fewer states, on random instances of every sweep (both builders)', () => {
    const rand = rng(5151);
    let fewer = 0, built = 0;
    for (let t = 0; t < 160; t++) {
      const rows = 4 + Math.floor(rand() * 4), cols = 4 + Math.floor(rand() * 4);
      const cells = t % 2 === 0
        ? randomCells(rows, cols, 3 + Math.floor(rand() * 5), rand)
        : walkCells(rows, cols, rand, 3 + Math.floor(rand() * 12), 3).cells;
      const labels = Math.max(-1, ...cells) + 1;
      if (labels < 2) continue;
      const sweep = SWEEPS[t % SWEEPS.length];
      const what = `${rows}x${cols} ${Array.from(cells)} sweep ${JSON.stringify(sweep)}`;
      const builds = planarBuilds(rows, cols, cells, sweep);
      const { spec, off, js, k } = builds;
      expect(k.stats.compiled, what).toBe(spec(false).levels > 0 ? true : undefined);
      expectSameFamily(builds, what);
      if (js.stats.nodesCreated < off.stats.nodesCreated) fewer++;
      built++;
    }
    expect(built).toBeGreaterThan(120);
    expect(fewer).toBeGreaterThan(10);
  });
});

/** `pairs` labels, each with one end on the grid's border and the other anywhere (on it half the time). */
function borderCells(rows: number, cols: number, pairs: number, rand: () => number): Int32Array {
  const n = rows * cols, cells = new Int32Array(n).fill(-1);
  const onBorder = (v: number) => v < cols || v >= n - cols || v % cols === 0 || v % cols === cols - 1;
  const pick = (border: boolean): number => {
    const free: number[] = [];
    for (let v = 0; v < n; v++) if (cells[v] < 0 && (!border || onBorder(v))) free.push(v);
    return free.length === 0 ? -1 : free[Math.floor(rand() * free.length)];
  };
  for (let l = 0; l < pairs; l++) {
    const a = pick(true);
    if (a < 0) break;
    cells[a] = l;
    const b = pick(rand() < 0.5);
    if (b < 0) { cells[a] = -1; break; }
    cells[b] = l;
  }
  const map = new Map<number, number>();
  for (const x of cells) if (x >= 0 && !map.has(x)) map.set(x, map.size);
  return cells.map((x) => (x >= 0 ? map.get(x)! : -1));
}

describe('the planarity check sees the endpoints on the border and lets routes through fragments without an endpoint', () => {
  it('keeps the family on random instances with many ends on the border (both builders)', () => {
    const rand = rng(9191);
    let fewer = 0, nonEmpty = 0;
    for (let t = 0; t < 240; t++) {
      const rows = 4 + Math.floor(rand() * 4), cols = 4 + Math.floor(rand() * 4);
      const cells = t % 3 === 2
        ? walkCells(rows, cols, rand, 3 + Math.floor(rand() * 14), 2 + Math.floor(rand() * 4)).cells
        : borderCells(rows, cols, 2 + Math.floor(rand() * 4), rand);
      if (Math.max(-1, ...cells) < 1) continue;
      const sweep = SWEEPS[t % SWEEPS.length];
      const what = `${rows}x${cols} ${Array.from(cells)} sweep ${JSON.stringify(sweep)}`;
      const builds = planarBuilds(rows, cols, cells, sweep);
      const { off, js } = builds;
      expectSameFamily(builds, what);
      if (js.stats.nodesCreated < off.stats.nodesCreated) fewer++;
      if (off.zdd.count() > 0n) nonEmpty++;
    }
    expect(fewer).toBeGreaterThan(60);
    expect(nonEmpty).toBeGreaterThan(60);
  });

  it('cuts the build short on two labels whose ends alternate round the border', () => {
    // Label 0 from the left side to the right, label 1 from the top to the bottom: no solution.
    const rows = 7, cols = 7, cells = new Int32Array(rows * cols).fill(-1);
    cells[0 * cols + 3] = 0;
    cells[2 * cols + 0] = 1;
    cells[4 * cols + 6] = 1;
    cells[6 * cols + 2] = 0;
    cells[3 * cols + 3] = 2;
    cells[5 * cols + 4] = 2;
    for (const sweep of SWEEPS) {
      const { off, js, k } = planarBuilds(rows, cols, cells, sweep);
      expect(off.zdd.count()).toBe(0n);
      expect(js.zdd.count()).toBe(0n);
      expect(k.stats.nodesCreated).toBe(js.stats.nodesCreated);
      expect(js.stats.nodesCreated * 4).toBeLessThan(off.stats.nodesCreated);
    }
  });
});
