// Child side of scripts/sweep-oracle.mjs: how good is the solver's sweep choice (chooseSweep)?
// argv: JOB_JSON_FILE with { files: string[], maxNodes: number }. For every Numberlink puzzle:
// deduction (for the sweep the solver would choose), then a build in each sweep along the shorter side (all eight on a square),
// counting the states created (a build that passes maxNodes counts as maxNodes). Prints one JSON
// object: per puzzle the states of each sweep (-1: not a candidate) and the index chosen.
import { readFileSync } from 'node:fs';
import { parsePuzzle } from '../../server/src/genres/index';
import type { NumberlinkPuzzle } from '../../server/src/numberlink/puzzle';
import { chooseSweep, makeInstance, type Sweep } from '../../server/src/numberlink/instance';
import { deduce } from '../../server/src/numberlink/deduce';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';
import { StopError } from '../../server/src/zdd/control';

/** Sweep index o = transpose * 4 + reverseCells * 2 + reverseLines, as chooseSweep numbers them. */
const sweepOf = (o: number): Sweep => ({ transpose: (o & 4) !== 0, reverseCells: (o & 2) !== 0, reverseLines: (o & 1) !== 0 });
const indexOf = (s: Sweep): number => (s.transpose ? 4 : 0) + (s.reverseCells ? 2 : 0) + (s.reverseLines ? 1 : 0);

const job = JSON.parse(readFileSync(process.argv[2], 'utf8')) as { files: string[]; maxNodes: number };
const out: { file: string; states: number[]; chosen: number }[] = [];
for (const file of job.files) {
  const p = parsePuzzle(readFileSync(file, 'utf8'), 'numberlink').puzzle as NumberlinkPuzzle | null;
  if (!p || p.rows * p.cols < 2) continue;
  const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
  const d = deduce(inst, p.rule);
  if (d.contradiction) continue;
  const chosen = indexOf(chooseSweep(inst.rows, inst.cols, inst.cells, d.fixed, inst.graph.edges));
  const states: number[] = [];
  for (let o = 0; o < 8; o++) {
    const sweep = sweepOf(o);
    // Lines run along the shorter side (both ways on a square), as in chooseSweep.
    if (inst.rows !== inst.cols && sweep.transpose !== inst.cols > inst.rows) { states.push(-1); continue; }
    try {
      // The solver's own path (its deduction runs again: the same fixed edges, whatever the sweep).
      const nz = buildNumberlinkZdd(makeInstance(p.rows, p.cols, p.cells, p.labels.length, sweep), p.rule, { limits: { maxNodes: job.maxNodes } });
      states.push(nz.stats.nodesCreated);
    } catch (e) {
      if (!(e instanceof StopError)) throw e;
      states.push(job.maxNodes);
    }
  }
  out.push({ file, states, chosen });
}
process.stdout.write(JSON.stringify(out));
