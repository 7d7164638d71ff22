/**
 * Short texts for a check's outcome, shared by the status bar and the preview's toolbar.
 * Pure: no VS Code imports.
 */
import type { CellRef, StatusParams, Verdict } from '../../server/src/protocol-types';

/** The server's `linkpuzzle/status` notification. */
export type { StatusParams };

export function formatMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '';
  if (ms < 1) return '<1 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** Groups digits of a long count: 1234567 -> 1,234,567. */
export function formatCount(count: string): string {
  return /^\d+$/.test(count) ? count.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : count;
}

export function verdictIcon(verdict: Verdict | undefined): string {
  switch (verdict) {
    case 'unique': return '$(pass-filled)';
    case 'multiple': return '$(warning)';
    case 'none': return '$(error)';
    case 'invalid': return '$(error)';
    case 'unknown': return '$(question)';
    default: return '$(circle-outline)';
  }
}

/**
 * "unique", "24 solutions"; a `multiple` without an exact count (two solutions found, too many to
 * count): "≥2 solutions", "≥108 solutions (counting…)" while the count runs.
 */
export function verdictText(verdict: Verdict | undefined, count?: string | null, countAtLeast?: string, countPending?: boolean): string {
  switch (verdict) {
    case 'unique': return 'unique';
    case 'multiple':
      if (count) return `${formatCount(count)} solutions`;
      if (countAtLeast) return `≥${formatCount(countAtLeast)} solutions${countPending ? ' (counting…)' : ''}`;
      return 'several solutions';
    case 'none': return 'no solution';
    case 'invalid': return 'invalid';
    case 'unknown': return 'undecided';
    default: return '';
  }
}

/** What the redundancy texts read of a published result (the server's PublishedResult). */
export interface Redundancy {
  verdict?: Verdict;
  redundant?: CellRef[];
  redundantTogether?: CellRef[];
  redundantTogetherStopped?: { message: string };
  /** The server is still computing extras (here: which redundant hints can go together). */
  extrasPending?: boolean;
}

/**
 * Redundant hints, short: "18 redundant (10 can go together)", "3 redundant (all can go
 * together)", "18 redundant (together: checking…)", "18 redundant (together: undecided)";
 * '' when none is redundant (or not a unique puzzle).
 */
export function redundancyText(r: Redundancy | undefined): string {
  const all = r?.verdict === 'unique' ? (r.redundant?.length ?? 0) : 0;
  if (!r || all === 0) return '';
  const t = r.redundantTogether;
  if (r.redundantTogetherStopped) return `${all} redundant (together: undecided)`;
  if (!t) return r.extrasPending ? `${all} redundant (together: checking…)` : `${all} redundant`;
  if (all === 1) return '1 redundant';
  if (t.length === all) return `${all} redundant (all can go together)`;
  return `${all} redundant (${t.length} can go together)`;
}

/**
 * The same as a sentence, for tooltips: redundant hints are redundant one at a time; how many
 * "Remove All Redundant Hints" removes. '' when none is redundant.
 */
export function redundancySentence(r: Redundancy | undefined): string {
  const all = r?.verdict === 'unique' ? (r.redundant?.length ?? 0) : 0;
  if (!r || all === 0) return '';
  const hints = (n: number) => `${n} hint${n === 1 ? '' : 's'}`;
  const t = r.redundantTogether;
  if (r.redundantTogetherStopped) {
    const sofar = t?.length ? ` ${t.length} can, found before it stopped.` : '';
    return `${hints(all)} are redundant one at a time; whether they can all go together is undecided (${r.redundantTogetherStopped.message}).${sofar}`;
  }
  if (all === 1) return '1 hint is redundant: the solution stays unique without it.';
  if (!t) return `${hints(all)} are redundant one at a time${r.extrasPending ? '; finding how many can go together…' : '.'}`;
  if (t.length === all) return `${hints(all)} are redundant, and all can go together: Remove All Redundant Hints removes them all.`;
  const stay = all - t.length;
  return `${hints(all)} are redundant one at a time, but they cannot all go: Remove All Redundant Hints removes ${t.length} (${stay} ${stay === 1 ? 'stays' : 'stay'} needed once those are gone).`;
}

/** What the status texts read of a published result: its redundant hints and its difficulty grade. */
export interface ResultSummary extends Redundancy {
  /** Unique: the difficulty grade (Slitherlink easy ... hard, Numberlink local, global, probing, or needs search). */
  grade?: string;
  /** The grade was not found within its time. */
  gradeStopped?: { message: string };
}

/** "Tricky" from "tricky". */
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The grade, short: "grade Tricky", "grade Probing", "grade: needs search"; '' when none. */
export function gradeText(r: ResultSummary | undefined): string {
  if (r?.verdict !== 'unique' || !r.grade) return '';
  return r.grade === 'needs search' ? 'grade: needs search' : `grade ${capital(r.grade)}`;
}

/** The grade as a sentence, for tooltips; '' when none. */
export function gradeSentence(r: ResultSummary | undefined): string {
  if (r?.verdict !== 'unique') return '';
  if (r.gradeStopped) return `Difficulty grade not found: ${r.gradeStopped.message.replace(/^grade not found: /, '')}.`;
  if (!r.grade) return '';
  if (r.grade === 'needs search') return 'Difficulty grade: needs search. Deduction alone does not finish it; the preview shades where it stalls.';
  return `Difficulty grade: ${capital(r.grade)}, the lowest level of deduction that finishes it (the preview shows what each level finds; hover a cell for its part).`;
}

/**
 * Status bar text without the icon, e.g. "unique · 12 ms", "24 solutions · 1.20 s",
 * "unique · grade Tricky · 18 redundant (10 can go together) · 1.20 s", "checking…". `r`: the
 * result the status is about, for its grade and redundant hints.
 */
export function statusText(s: StatusParams, r?: ResultSummary): string {
  if (s.state === 'checking') return 'checking…';
  if (s.state === 'error') return s.message ? `error: ${s.message}` : 'error';
  const parts = [verdictText(s.verdict, s.count, s.countAtLeast, s.countPending), gradeText(r), redundancyText(r)];
  const t = formatMs(s.ms);
  if (t) parts.push(t);
  return parts.filter(Boolean).join(' · ');
}
