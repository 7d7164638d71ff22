/**
 * The compiled builder's memory against the byte budget, measured as the process's resident
 * memory (this file runs in its own process: vitest's forks pool). Two defects this guards:
 * the allocator's freed blocks and gaps stay resident, so blocks held under the budget made
 * 1.4 GB resident under 1 GB; and a stopped build's memory stayed until V8's next full
 * collection, so the next build of the same check stacked its own budget on top (310 MB resident
 * after builds of 128 MB each).
 */
import { describe, expect, it } from 'vitest';
import { StopError } from '../../server/src/zdd/control';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { makeInstance } from '../../server/src/numberlink/instance';
import { buildNumberlinkZdd } from '../../server/src/numberlink/solve';

/** A designer's early draft (the drafts bench's 20x20 with 15 random pairs, seed 20197). */
const DRAFT = `# rule: nikoli
20 20
..............F.....
.....H..........C...
.......D........J...
F...................
.M..................
.K...............C..
.M........O.........
.....G..............
....................
.H..................
.....K.....B...J....
..................E.
E......D.........OA.
....................
..LG........N.....B.
....................
....................
....A.......I..N...I
....................
.................L..
`;

const MB = 2 ** 20;

describe('the compiled builder keeps to the byte budget in resident memory', () => {
  it('stops within the budget, and a following build does not stack on the one before', () => {
    const p = parseNumberlink(DRAFT).puzzle!;
    const inst = makeInstance(p.rows, p.cols, p.cells, p.labels.length);
    const budget = 128 * MB;
    const start = process.memoryUsage().rss;
    const peaks: number[] = [];
    for (let i = 0; i < 3; i++) {
      let peak = 0;
      let err: unknown;
      try {
        // The canonical family breadth-first on the notouch kernel: its levels outgrow 128 MB.
        buildNumberlinkZdd(inst, { fill: false, notouch: true }, {
          limits: { maxNodes: 1e9, maxBytes: budget, timeMs: 60_000 },
          onProgress: () => { peak = Math.max(peak, process.memoryUsage().rss); },
        }, { search: 'breadth', canonical: true });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(StopError);
      const stopped = (err as StopError).stopped;
      expect(stopped.limit).toBe('memory');
      // What the stop says the build held is within the budget.
      expect(Number(/it held (\d+) MB/.exec(stopped.message)![1])).toBeLessThanOrEqual(128);
      peaks.push((peak - start) / MB);
    }
    // Resident growth over the start, per build: about 125 MB each (131, then 310 and 311 before).
    for (const grown of peaks) expect(grown).toBeLessThan(128 + 40);
  });
});
