// Scratch: CP-style DFS (no memo) branching on the open end of a labelled chain with fewest options.
import { readFileSync } from 'node:fs';
import { parsePuzzle } from '../server/src/parse/index';
import { makeInstance } from '../server/src/numberlink/instance';
import { Propagator } from '../server/src/numberlink/deduce';
import { findDetour } from '../server/src/numberlink/nikoliVerdict';
import type { NumberlinkPuzzle } from '../server/src/model/puzzle';

const args = process.argv.slice(2);
const opt = (k: string, d: string) => args.find((a) => a.startsWith(`--${k}=`))?.slice(k.length + 3) ?? d;
const ruleName = opt('rule', 'notouch');
const timeMs = Number(opt('time', '5000'));
const probeNodes = opt('probe', '0') === '1';
const rule = { fill: ruleName.includes('fill'), notouch: ruleName.includes('notouch') };
for (const f of args.filter((a) => !a.startsWith('--'))) {
  const p = parsePuzzle(readFileSync(f, 'utf8'), 'numberlink').puzzle as NumberlinkPuzzle;
  const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
  const t0 = performance.now();
  const pr = new Propagator(inst, rule as any);
  pr.initial();
  let nodes = 0, sols: number[][] = [], stopped = false;
  const deadline = Date.now() + timeMs;
  const { adjStart, adjEdge, fixed, root, label, endA, endB, E } = pr;
  const n = pr.n;
  // labelled chain ends that are open: end cells of chains with a label whose end isn't a finished endpoint
  function pickEnd(): number {
    let best = -1, bestK = 99;
    for (let v = 0; v < n; v++) {
      const r = root[v];
      if (label[r] < 0) continue;
      if (endA[r] !== v && endB[r] !== v) continue;
      // is v finished? count fixed-1 edges and undecided
      let ones = 0, open = 0;
      for (let q = adjStart[v]; q < adjStart[v + 1]; q++) { const x = fixed[adjEdge[q]]; if (x === 1) ones++; else if (x === -1) open++; }
      const need = inst.cells[v] >= 0 ? 1 - ones : 2 - ones;
      if (need <= 0 || open === 0) continue;
      if (open < bestK) { bestK = open; best = v; }
    }
    return best;
  }
  function dfs(): void {
    nodes++;
    if ((nodes & 255) === 0 && Date.now() > deadline) { stopped = true; return; }
    const v = pickEnd();
    if (v < 0) {
      // all labels done: remaining free edges must be 0
      const em = pr.edgeLen, um = pr.unionLen;
      let ok = true;
      for (let e = 0; e < pr.m && ok; e++) if (fixed[e] === -1) ok = pr.setEdge(e, 0);
      if (ok) ok = pr.propagate(); else pr.clearQueue();
      if (ok) { const es: number[] = []; for (let e = 0; e < pr.m; e++) if (fixed[e] === 1) es.push(e); sols.push(es); }
      pr.undo(em, um);
      return;
    }
    const cand: number[] = [];
    for (let q = adjStart[v]; q < adjStart[v + 1]; q++) if (fixed[adjEdge[q]] === -1) cand.push(adjEdge[q]);
    for (const e of cand) {
      const em = pr.edgeLen, um = pr.unionLen;
      let ok = pr.setEdge(e, 1);
      if (ok) ok = pr.propagate(); else pr.clearQueue();
      if (ok) dfs();
      pr.undo(em, um);
      if (stopped || sols.length >= 2) return;
      // the alternative: e = 0 for the remaining branches
      const ok0 = pr.setEdge(e, 0) && pr.propagate();
      if (!ok0) { pr.clearQueue(); return; } // note: not undone here; caller undoes to its mark
    }
  }
  let verdict = '?';
  if (pr.contradiction) verdict = 'none';
  else {
    const em = pr.edgeLen, um = pr.unionLen;
    dfs();
    pr.undo(em, um);
    if (stopped) verdict = 'unknown';
    else if (sols.length === 0) verdict = 'none';
    else if (sols.length >= 2) verdict = 'multiple';
    else if (ruleName === 'nikoli-via') verdict = findDetour(inst, sols[0]) ? 'multiple' : 'unique';
    else verdict = 'unique(notouch)+detour:' + (findDetour(inst, sols[0]) ? 'yes' : 'no');
  }
  console.log(`${f.split('/').pop()}\t${(performance.now() - t0).toFixed(0)} ms\tnodes=${nodes}\t${verdict}`);
}
