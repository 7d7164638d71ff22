/**
 * The ambiguity map's and the difficulty grade's cost (issue 16): on 20x20 puzzles with several
 * solutions, the check with the map (`usage`) against the check without it; on unique ones, the
 * check with the grade as the language server asks for it (`grade`, `gradeSteps`, the Numberlink
 * probing within max(1 s, the verdict)) against the check without it; interleaved in one process.
 * - Slitherlink: a real 20x20 (Loopy Hard, unique) with its first k hints removed, k = 1..4.
 * - Numberlink: the fixtures with several solutions (Janko 156 under fill notouch: 2; Arukone
 *   565 under nikoli: 7.4 million, past the walk, so a second diagram). Random 20x20 Numberlink
 *   drafts mostly cannot be counted at all (there is no map to make).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkText } from '../../server/src/analysis/check';
import type { PuzzleKind } from '../../server/src/model/puzzle';
import { parseSlitherlink } from '../../server/src/parse/index';

export interface UsageCase {
  name: string;
  kind: PuzzleKind;
  verdict: string;
  count: string | null;
  /** Median ms of the check without the map, and with it; how many edges the map lists. */
  plainMs: number;
  withMapMs: number;
  edges: number | null;
  note?: string;
}

function lessHints(text: string, k: number): string {
  const p = parseSlitherlink(text).puzzle!;
  const lines = text.split('\n');
  let removed = 0;
  for (let i = 0; i < p.hints.length && removed < k; i++) {
    if (p.hints[i] < 0) continue;
    const at = p.cellRanges[i];
    lines[at.line] = lines[at.line].slice(0, at.col) + '.' + lines[at.line].slice(at.col + 1);
    removed++;
  }
  return lines.join('\n');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

export interface GradeCase {
  name: string;
  kind: PuzzleKind;
  verdict: string;
  grade: string | null;
  /** Median ms of the check without the grade, and with it. */
  plainMs: number;
  gradedMs: number;
  note?: string;
}

/** Unique puzzles near 20x20 (fixtures): the check with the grade against the check without it. */
export function benchGrade(root: string, runs: number): GradeCase[] {
  const fx = (p: string) => readFileSync(join(root, 'test/fixtures', p), 'utf8');
  const cases: { name: string; kind: PuzzleKind; text: string }[] = [
    { name: 'Loopy 20x20 Hard 01', kind: 'slitherlink', text: fx('slitherlink/20x20_hard_01.slk') },
    { name: 'Loopy 20x20 Hard 02', kind: 'slitherlink', text: fx('slitherlink/loopy-hard/20x20_hard_02.slk') },
    { name: 'Loopy 30x30 Hard 01', kind: 'slitherlink', text: fx('slitherlink/30x30_hard_01.slk') },
    { name: 'generated 20x20, nikoli', kind: 'numberlink', text: fx('numberlink/generated/20x20_nikoli_seed1.nlk') },
    { name: 'generated 20x20, fill notouch', kind: 'numberlink', text: fx('numberlink/generated/20x20_fill_notouch_seed2.nlk') },
    { name: 'Janko 104, 17x17, fill notouch', kind: 'numberlink', text: fx('numberlink/janko/104_17x17.nlk') },
    { name: 'Janko 139, 24x14, fill notouch', kind: 'numberlink', text: fx('numberlink/janko/139_24x14.nlk') },
    { name: 'Arukone 128, 15x15, nikoli', kind: 'numberlink', text: fx('numberlink/arukone/128_15x15.nlk') },
  ];
  const limits = { limits: { timeMs: 30_000 } };
  const out: GradeCase[] = [];
  for (const c of cases) {
    const plain: number[] = [], graded: number[] = [];
    let last = null as ReturnType<typeof checkText> | null;
    checkText(c.text, c.kind, { redundant: false, grade: true, gradeSteps: true, gradeTimeMs: 1000, control: limits });
    for (let i = 0; i < runs; i++) {
      let t = performance.now();
      checkText(c.text, c.kind, { redundant: false, control: limits });
      plain.push(performance.now() - t);
      t = performance.now();
      last = checkText(c.text, c.kind, { redundant: false, grade: true, gradeSteps: true, gradeTimeMs: 1000, control: limits });
      graded.push(performance.now() - t);
    }
    out.push({
      name: c.name, kind: c.kind, verdict: last!.verdict, grade: last!.grade ?? null,
      plainMs: median(plain), gradedMs: median(graded),
      ...(last!.gradeStopped ? { note: last!.gradeStopped.message } : {}),
    });
  }
  return out;
}

export function benchUsage(root: string, runs: number): UsageCase[] {
  const base = readFileSync(join(root, 'test/fixtures/slitherlink/20x20_hard_01.slk'), 'utf8');
  const cases: { name: string; kind: PuzzleKind; text: string }[] = [];
  for (const k of [1, 2, 3, 4]) cases.push({ name: `Loopy 20x20 Hard, ${k} hint${k > 1 ? 's' : ''} removed`, kind: 'slitherlink', text: lessHints(base, k) });
  for (const [name, file] of [['Janko 156, 14x14, fill notouch', 'janko/156_14x14.nlk'], ['Arukone 565, 10x10, nikoli', 'arukone/565_10x10.nlk']]) {
    cases.push({ name, kind: 'numberlink', text: readFileSync(join(root, 'test/fixtures/numberlink', file), 'utf8') });
  }
  const out: UsageCase[] = [];
  for (const c of cases) {
    const plain: number[] = [], withMap: number[] = [];
    let last = null as ReturnType<typeof checkText> | null;
    // Warm-up (compilation), untimed: else the first timed check pays it.
    checkText(c.text, c.kind, { redundant: false, usage: true, control: { limits: { timeMs: 30_000 } } });
    for (let i = 0; i < runs; i++) {
      let t = performance.now();
      checkText(c.text, c.kind, { redundant: false, control: { limits: { timeMs: 30_000 } } });
      plain.push(performance.now() - t);
      t = performance.now();
      last = checkText(c.text, c.kind, { redundant: false, usage: true, control: { limits: { timeMs: 30_000 } } });
      withMap.push(performance.now() - t);
    }
    out.push({
      name: c.name, kind: c.kind, verdict: last!.verdict, count: last!.count,
      plainMs: median(plain), withMapMs: median(withMap), edges: last!.usage ? last!.usage.edges.length : null,
      ...(last!.usageStopped ? { note: last!.usageStopped.message } : {}),
    });
  }
  return out;
}
