/** `linkpuzzle.*` settings: read through workspace/configuration, else from initializationOptions. */
import { DEFAULT_LIMITS, MAX_TIMER_MS } from '../zdd/control';
import { GENRES } from '../genres/index';
import type { PuzzleKind } from '../model/puzzle';

export interface Settings {
  limits: { timeMs: number; maxNodes: number };
  debounceMs: number;
  /** Per genre with rules (Genre.rules): its `linkpuzzle.<kind>.defaultRule` setting, the words for files that name none. */
  defaultRules: Record<PuzzleKind, string>;
  redundantHints: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  limits: { timeMs: DEFAULT_LIMITS.timeMs, maxNodes: DEFAULT_LIMITS.maxNodes },
  debounceMs: 75,
  defaultRules: Object.fromEntries(GENRES.flatMap((g) => (g.rules ? [[g.kind, g.rules.default]] : []))),
  redundantHints: true,
};

/** The range each number setting is held to (package.json states the same minimums). */
export const SETTING_RANGES = {
  'limits.timeMs': { min: 100, max: MAX_TIMER_MS },
  'limits.maxNodes': { min: 1000, max: 2 ** 31 - 1 },
  debounceMs: { min: 0, max: 5000 },
} as const;

type NumberSetting = keyof typeof SETTING_RANGES;

const show = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : String(v));

/**
 * A number setting held to its range: too small or too large is clamped, anything else that is
 * not a usable number (a string, NaN, null, 0 or less where a positive value is needed) falls back
 * to the default; each such case adds a warning naming the setting and the value used.
 */
function bounded(name: NumberSetting, v: unknown, fallback: number, warnings: string[], whole = false): number {
  if (v === undefined) return fallback;
  const { min, max } = SETTING_RANGES[name];
  const setting = `linkpuzzle.${name}`;
  if (typeof v !== 'number' || Number.isNaN(v) || v < 0 || (v === 0 && min > 0)) {
    warnings.push(`${setting}: ${show(v)} is not valid (${min} to ${max}); using the default ${fallback}`);
    return fallback;
  }
  if (v > max) {
    warnings.push(`${setting}: ${show(v)} is too large; using ${max}`);
    return max;
  }
  if (v < min) {
    warnings.push(`${setting}: ${show(v)} is too small; using ${min}`);
    return min;
  }
  return whole ? Math.floor(v) : v;
}

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

/**
 * Accepts the `linkpuzzle` section as an object (`{limits: {timeMs}}`), with dotted keys
 * (`{"limits.timeMs": 5}`) as some clients send them, or wrapped in `{linkpuzzle: ...}`.
 * `warnings`: one line per value that was not used as given (for the user, once).
 */
export function readSettings(raw: unknown): { settings: Settings; warnings: string[] } {
  let r = obj(raw);
  if ('linkpuzzle' in r) r = obj(r.linkpuzzle);
  const get = (path: string): unknown => {
    if (path in r) return r[path];
    let v: unknown = r;
    for (const k of path.split('.')) v = obj(v)[k];
    return v;
  };
  const warnings: string[] = [];
  const d = DEFAULT_SETTINGS;
  const defaultRules: Record<PuzzleKind, string> = {};
  for (const g of GENRES) {
    if (!g.rules) continue;
    const rule = get(`${g.kind}.defaultRule`);
    defaultRules[g.kind] = d.defaultRules[g.kind]!;
    if (typeof rule === 'string' && g.rules.problem(rule) === null) defaultRules[g.kind] = rule;
    else if (rule !== undefined) warnings.push(`linkpuzzle.${g.kind}.defaultRule: ${show(rule)} is not a rule (words ${g.rules.words}); using "${defaultRules[g.kind]}"`);
  }
  const redundant = get('redundantHints');
  if (redundant !== undefined && typeof redundant !== 'boolean') warnings.push(`linkpuzzle.redundantHints: ${show(redundant)} is not true or false; using ${d.redundantHints}`);
  const settings: Settings = {
    limits: {
      timeMs: bounded('limits.timeMs', get('limits.timeMs'), d.limits.timeMs, warnings),
      maxNodes: bounded('limits.maxNodes', get('limits.maxNodes'), d.limits.maxNodes, warnings, true),
    },
    debounceMs: bounded('debounceMs', get('debounceMs'), d.debounceMs, warnings),
    defaultRules,
    redundantHints: typeof redundant === 'boolean' ? redundant : d.redundantHints,
  };
  return { settings, warnings };
}

export function normalizeSettings(raw: unknown): Settings {
  return readSettings(raw).settings;
}
