/**
 * Short texts for a check's outcome, shared by the status bar and the preview's toolbar.
 * Pure: no VS Code imports.
 */
import type { Verdict } from '../../server/src/analysis/result';

/** The server's `linkpuzzle/status` notification. */
export interface StatusParams {
  uri: string;
  state: 'checking' | 'done' | 'error';
  verdict?: Verdict;
  count?: string | null;
  ms?: number;
  message?: string;
}

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

export function verdictText(verdict: Verdict | undefined, count?: string | null): string {
  switch (verdict) {
    case 'unique': return 'unique';
    case 'multiple':
      return count ? `${formatCount(count)} solutions` : 'several solutions';
    case 'none': return 'no solution';
    case 'invalid': return 'invalid';
    case 'unknown': return 'undecided';
    default: return '';
  }
}

/** Status bar text without the icon, e.g. "unique · 12 ms", "24 solutions · 1.20 s", "checking…". */
export function statusText(s: StatusParams): string {
  if (s.state === 'checking') return 'checking…';
  if (s.state === 'error') return s.message ? `error: ${s.message}` : 'error';
  const parts = [verdictText(s.verdict, s.count)];
  const t = formatMs(s.ms);
  if (t) parts.push(t);
  return parts.filter(Boolean).join(' · ');
}
