// The incremental session on Loopy's tilings (slitherlink/incremental.ts, checkTiling.ts's solver):
// after every edit of a random sequence, the session's check is the cold check's.
import { describe, expect, it } from 'vitest';
import { SlitherlinkSession } from '../../server/src/slitherlink/incremental';
import { checkTilingSlitherlink } from '../../server/src/slitherlink/checkTiling';
import { parseLoopyTilingId } from '../../server/src/slitherlink/exchange/loopyTiling';
import { makeLattice } from '../../server/src/model/lattice';
import { seededRandom } from '../../server/src/util/random';
import type { CheckOptions } from '../../server/src/analysis/options';
import type { CheckResult } from '../../server/src/analysis/result';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { allowedCounts, deduceLattice } from '../../server/src/slitherlink/latticeDeduce';
import { SUPPORTED } from './tiling-corpus';

function tilingPuzzle(grid: string, difficulty: string): SlitherlinkPuzzle {
  const entry = SUPPORTED.find((e) => e.grid === grid && e.difficulty === difficulty)!;
  const p = parseLoopyTilingId(entry.id);
  if ('error' in p) throw new Error(p.error);
  return { kind: 'slitherlink', rows: 0, cols: 0, hints: Int8Array.from(p.hints), tiling: p.tiling, cellRanges: [], metadata: [], layout: 'tokens' } as SlitherlinkPuzzle;
}

/** Everything a check decides (ms aside). */
function decided(r: CheckResult) {
  const { ms: _ms, ...rest } = r;
  return rest;
}

// As the language server's worker asks (worker/run.ts), redundant hints included.
const OPTIONS: CheckOptions = {
  redundant: true, redundantTogether: false, secondSolution: true, witnesses: true, usage: true,
  control: { limits: { timeMs: 120_000, maxNodes: 5_000_000 } },
};

describe('incremental re-check on tilings', () => {
  const tilings = ['Honeycomb', 'Cairo', 'Octagonal', 'Kagome', 'Great-Hexagonal', 'Snub-Square'];
  for (const [t, grid] of tilings.entries()) {
    it(`${grid}: random edits, the session's check is the cold check's`, () => {
      const start = tilingPuzzle(grid, 'h');
      const lattice = makeLattice(start.tiling!);
      const truth = Int8Array.from(start.hints);
      const rand = seededRandom(1000 + t);
      // Ambiguous to begin with: the diagram has work to do.
      const hints = Int8Array.from(truth);
      for (let f = 0; f < hints.length; f++) if (rand() < 0.3) hints[f] = -1;
      const session = new SlitherlinkSession();
      const modes: Record<string, number> = {};
      for (let step = 0; step < 10; step++) {
        if (step > 0) {
          // Half of the edits near the end of the faces (late in the edge order: upper levels reusable).
          const n = hints.length;
          const f = rand() < 0.5 ? n - 1 - Math.floor(rand() * Math.max(1, n / 5)) : Math.floor(rand() * n);
          const what = rand();
          hints[f] = what < 0.4 ? -1 : what < 0.8 ? truth[f] : Math.floor(rand() * (lattice.faceSize(f) + 1));
        }
        const p = { ...start, hints: Int8Array.from(hints) };
        const warm = session.check(p, OPTIONS);
        modes[session.stats!.mode] = (modes[session.stats!.mode] ?? 0) + 1;
        const cold = checkTilingSlitherlink(p, OPTIONS);
        expect(decided(warm), `${grid} step ${step}`).toEqual(decided(cold));
      }
      // The diagram was built, and reused at least once.
      expect((modes.resumed ?? 0) + (modes.same ?? 0), JSON.stringify(modes)).toBeGreaterThan(0);
    }, 300_000);
  }

  it('an edited hint that deduction does not see: resumed below the face, and the count follows the edit', () => {
    const start = tilingPuzzle('Cairo', 'h');
    const truth = Int8Array.from(start.hints);
    const hints = Int8Array.from(truth);
    const rand = seededRandom(7);
    for (let f = 0; f < hints.length; f++) if (rand() < 0.3) hints[f] = -1;
    const session = new SlitherlinkSession();
    const before = session.check({ ...start, hints: Int8Array.from(hints) }, { ...OPTIONS, redundant: false });
    expect(before.verdict).toBe('multiple');
    const lattice = makeLattice(start.tiling!);
    const fixedBefore = deduceLattice(lattice, allowedCounts(hints)).edges;
    // The last face whose edit changes the count while the session resumes above it.
    let tried = 0;
    for (let f = hints.length - 1; f >= 0 && tried < 60; f--) {
      for (const h of [truth[f] >= 0 ? -1 : 0, 1, 2]) {
        if (h === hints[f]) continue;
        const edited = Int8Array.from(hints);
        edited[f] = h;
        const p = { ...start, hints: edited };
        // Deduction fixes the same edges: only the edited hint itself tells the session what changed.
        if (!sameBytes(deduceLattice(lattice, allowedCounts(edited)).edges, fixedBefore)) continue;
        const cold = checkTilingSlitherlink(p, { ...OPTIONS, redundant: false });
        if (cold.count === before.count) continue;
        tried++;
        const warm = session.check(p, { ...OPTIONS, redundant: false });
        const mode = session.stats!.mode;
        expect(decided(warm)).toEqual(decided(cold));
        // Back to `hints` for the next try (the session follows).
        const back = session.check({ ...start, hints: Int8Array.from(hints) }, { ...OPTIONS, redundant: false });
        expect(back.count).toBe(before.count);
        if (mode === 'resumed') {
          expect(session.stats!.mode).toBe('resumed');
          return;
        }
      }
    }
    throw new Error('no edit that changes the count resumed the diagram');
  }, 300_000);
});

function sameBytes(a: Int8Array, b: Int8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
