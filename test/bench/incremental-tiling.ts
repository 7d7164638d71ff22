/**
 * Incremental re-check on a tiling (bundled and run by test/bench/incremental.mjs): a hard Loopy
 * puzzle of the tilings corpus with a share of its hints removed (seeded) so that the check needs
 * the diagram, a cold check (checkTilingSlitherlink) vs the re-check of an incremental session
 * that had checked the puzzle before the edit, for edits of faces near the end of the numbering.
 * Options as the language server's worker asks them (witnesses, usage; no redundant hints: the
 * puzzle is ambiguous). Interleaved, wall and CPU times of this process.
 */
import { readFileSync } from 'node:fs';
import { SlitherlinkSession } from '../../server/src/slitherlink/incremental';
import { checkTilingSlitherlink } from '../../server/src/slitherlink/checkTiling';
import { parseLoopyTilingId } from '../../server/src/slitherlink/exchange/loopyTiling';
import { seededRandom } from '../../server/src/util/random';
import { makeLattice } from '../../server/src/model/lattice';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import type { CheckOptions } from '../../server/src/analysis/options';
import { timed, type EditRun, type PuzzleRun } from './incremental';

/** `corpus`: loopy.json; `grid`: its tiling name (the first hard puzzle); `removed`: share of hints removed. */
export function benchIncrementalTiling(corpus: string, grid: string, removed: number, edits: number): PuzzleRun {
  const entry = (JSON.parse(readFileSync(corpus, 'utf8')) as { id: string; grid: string; difficulty: string; solution_loop: [[number, number], [number, number]][] }[])
    .find((e) => e.grid === grid && e.difficulty === 'h');
  if (!entry) throw new Error(`${grid}: no hard puzzle in ${corpus}`);
  const t = parseLoopyTilingId(entry.id);
  if ('error' in t) throw new Error(t.error);
  // Every face's count on Loopy's loop: an edit adds a face's true hint or removes one.
  const lattice = makeLattice(t.tiling);
  const truth = new Int8Array(lattice.faceCount);
  for (const [[x1, y1], [x2, y2]] of entry.solution_loop) {
    const e = lattice.edgeBetween(lattice.vertexAt(x1, y1), lattice.vertexAt(x2, y2));
    for (let k = 0; k < 2; k++) if (lattice.sides[2 * e + k] >= 0) truth[lattice.sides[2 * e + k]]++;
  }
  const hints0 = Int8Array.from(t.hints);
  const rand = seededRandom(5);
  for (let f = 0; f < hints0.length; f++) if (rand() < removed) hints0[f] = -1;
  const with_ = (hints: Int8Array): SlitherlinkPuzzle =>
    ({ kind: 'slitherlink', rows: 0, cols: 0, hints, tiling: t.tiling, cellRanges: [], metadata: [], layout: 'tokens' }) as SlitherlinkPuzzle;
  const p = with_(hints0);
  const opts: CheckOptions = {
    redundant: true, redundantTogether: false, secondSolution: true, witnesses: true, usage: true,
    control: { limits: { timeMs: 600_000, maxNodes: 100_000_000 } },
  };
  checkTilingSlitherlink(p, opts); // JIT warm-up
  const session = new SlitherlinkSession();
  const first = timed(() => session.check(p, opts));
  const keptMb = session.stats!.keptBytes / 2 ** 20;
  const coldBase = timed(() => checkTilingSlitherlink(p, opts));
  const n = hints0.length;
  const out: EditRun[] = [];
  for (let k = 0; k < edits; k++) {
    // Faces in the last tenth of the numbering (rows of faces: the end of the sweep).
    const f = n - 1 - Math.round(((k + 0.5) * Math.max(1, Math.floor(n / 10))) / edits);
    const hints = Int8Array.from(hints0);
    const old = hints[f];
    hints[f] = old >= 0 ? -1 : truth[f];
    const edited = with_(hints);
    const cold = timed(() => checkTilingSlitherlink(edited, opts));
    const warm = timed(() => session.check(edited, opts));
    const s = { ...session.stats! };
    const { ms: _a, ...c } = cold.value, { ms: _b, ...w } = warm.value;
    if (JSON.stringify(c) !== JSON.stringify(w)) throw new Error(`${grid} face ${f}: incremental ${w.verdict} ${w.count} != cold ${c.verdict} ${c.count}`);
    out.push({
      cell: `face ${f}`,
      edit: `${old < 0 ? '.' : old} -> ${hints[f] < 0 ? '.' : hints[f]}`,
      count: cold.value.count,
      coldMs: cold.ms, coldCpuMs: cold.cpuMs, warmMs: warm.ms, warmCpuMs: warm.cpuMs,
      warmDeduceMs: s.deduceMs, warmBuildMs: s.buildMs,
      mode: s.mode, reason: s.reason, levels: s.levels, reusedLevels: s.reusedLevels, unchangedLevels: s.unchangedLevels, warmNodes: s.nodes,
    });
    session.check(p, opts); // undo: every edit starts from the same puzzle
  }
  return {
    file: `${grid} ${t.tiling.width}x${t.tiling.height} (Loopy hard, ${Math.round(removed * 100)}% of hints removed)`, rows: t.tiling.height, cols: t.tiling.width,
    verdict: coldBase.value.verdict, count: coldBase.value.count, firstCheckMs: first.ms, coldCheckMs: coldBase.ms, keptMb, edits: out,
  };
}
