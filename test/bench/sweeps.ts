// Child side of scripts/sweep-oracle.mjs: how good is the solver's sweep choice (chooseSweep)?
// argv: JOB_JSON_FILE with { files: string[], maxNodes: number }. For every Numberlink puzzle:
// deduction once, then a build in each sweep along the shorter side (all eight on a square),
// counting the states created (a build that passes maxNodes counts as maxNodes). Prints one JSON
// object: per puzzle the states of each sweep (-1: not a candidate) and the index chosen.
import { readFileSync } from 'node:fs';
import { parsePuzzle } from '../../server/src/parse/index';
import type { NumberlinkPuzzle } from '../../server/src/model/puzzle';
import { chooseSweep, makeInstance, sweepOrder, type Sweep } from '../../server/src/numberlink/instance';
import { deduce } from '../../server/src/numberlink/deduce';
import { NumberlinkSpec } from '../../server/src/numberlink/spec';
import { planFrontier } from '../../server/src/zdd/frontier';
import { buildZdd } from '../../server/src/zdd/build';
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
  const d = deduce(inst, p.rule, { probe: true });
  if (d.contradiction) continue;
  const chosen = indexOf(chooseSweep(inst.rows, inst.cols, inst.cells, d.fixed, inst.graph.edges));
  const states: number[] = [];
  for (let o = 0; o < 8; o++) {
    const sweep = sweepOf(o);
    // Lines run along the shorter side (both ways on a square), as in chooseSweep.
    if (inst.rows !== inst.cols && sweep.transpose !== inst.cols > inst.rows) { states.push(-1); continue; }
    const spec = new NumberlinkSpec({
      cellCount: inst.rows * inst.cols, endpointKey: inst.endpointKey, labelCount: inst.labelCount,
      plan: planFrontier(inst.graph, sweepOrder(inst.rows, inst.cols, sweep)), rule: p.rule, fixed: d.fixed,
      edgeEnds: inst.graph.edges,
    });
    try {
      states.push(buildZdd(spec, { limits: { maxNodes: job.maxNodes } }).stats.nodesCreated);
    } catch (e) {
      if (!(e instanceof StopError)) throw e;
      states.push(job.maxNodes);
    }
  }
  out.push({ file, states, chosen });
}
process.stdout.write(JSON.stringify(out));
