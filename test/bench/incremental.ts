/**
 * Incremental re-check benchmark (bundled and run by test/bench/incremental.mjs): for a large
 * ambiguous Slitherlink, a cold check (checkSlitherlink) vs the re-check of an incremental
 * session that had checked the puzzle before the edit, for edits of hints in the last row.
 * Times are wall and CPU (this process), interleaved so that machine load hits both alike.
 */
import { readFileSync } from 'node:fs';
import { SlitherlinkSession } from '../../server/src/slitherlink/incremental';
import { checkSlitherlink } from '../../server/src/slitherlink/check';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';

export interface EditRun {
  cell: string;
  edit: string;
  count: string | null;
  coldMs: number;
  coldCpuMs: number;
  warmMs: number;
  warmCpuMs: number;
  warmDeduceMs: number;
  warmBuildMs: number;
  mode: string;
  reason?: string;
  levels: number;
  reusedLevels: number;
  unchangedLevels: number;
  warmNodes: number;
}

export interface PuzzleRun {
  file: string;
  rows: number;
  cols: number;
  verdict: string;
  count: string | null;
  firstCheckMs: number;
  coldCheckMs: number;
  keptMb: number;
  edits: EditRun[];
}

/** Wall and CPU time of one call (the tiling bench times its checks the same way). */
export function timed<T>(f: () => T): { value: T; ms: number; cpuMs: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = f();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { value, ms, cpuMs: (c.user + c.system) / 1000 };
}

/** `edits` last-row cells spread over the row: clear a hint, or add the loop's value (`# last row of the loop:`). */
export function benchIncremental(file: string, edits: number): PuzzleRun {
  const text = readFileSync(file, 'utf8');
  const p = parseSlitherlink(text).puzzle;
  if (!p) throw new Error(`${file}: not a Slitherlink puzzle`);
  const truthLine = /^# last row of the loop: (.*)$/m.exec(text)?.[1]?.trim().split(/\s+/).map(Number);
  const { rows, cols } = p;
  const with_ = (hints: Int8Array): SlitherlinkPuzzle => ({ ...p, hints });
  const opts = { redundant: false, secondSolution: true, control: { limits: { timeMs: 600_000, maxNodes: 100_000_000 } } };
  // Warm-up (JIT), then the session's first check of the puzzle.
  checkSlitherlink(p, opts);
  const session = new SlitherlinkSession();
  const first = timed(() => session.check(p, opts));
  const keptMb = session.stats!.keptBytes / 2 ** 20;
  const coldBase = timed(() => checkSlitherlink(p, opts));
  const out: EditRun[] = [];
  for (let k = 0; k < edits; k++) {
    const c = Math.min(cols - 1, Math.round(((k + 0.5) * cols) / edits));
    const cell = (rows - 1) * cols + c;
    const hints = Int8Array.from(p.hints);
    const old = hints[cell];
    hints[cell] = old >= 0 ? -1 : truthLine?.[c] ?? 2;
    const edited = with_(hints);
    const cold = timed(() => checkSlitherlink(edited, opts));
    const warm = timed(() => session.check(edited, opts));
    const s = { ...session.stats! };
    if (warm.value.count !== cold.value.count || warm.value.verdict !== cold.value.verdict) {
      throw new Error(`${file}: incremental ${warm.value.verdict} ${warm.value.count} != cold ${cold.value.verdict} ${cold.value.count}`);
    }
    out.push({
      cell: `(${rows},${c + 1})`,
      edit: `${old < 0 ? '.' : old} -> ${hints[cell] < 0 ? '.' : hints[cell]}`,
      count: cold.value.count,
      coldMs: cold.ms, coldCpuMs: cold.cpuMs, warmMs: warm.ms, warmCpuMs: warm.cpuMs,
      warmDeduceMs: s.deduceMs, warmBuildMs: s.buildMs,
      mode: s.mode, reason: s.reason, levels: s.levels, reusedLevels: s.reusedLevels, unchangedLevels: s.unchangedLevels, warmNodes: s.nodes,
    });
    // Undo the edit (itself an incremental re-check) so that every edit starts from the same puzzle.
    session.check(p, opts);
  }
  return {
    file, rows, cols, verdict: coldBase.value.verdict, count: coldBase.value.count,
    firstCheckMs: first.ms, coldCheckMs: coldBase.ms, keptMb, edits: out,
  };
}
