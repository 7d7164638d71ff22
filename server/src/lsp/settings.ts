/** `linkpuzzle.*` settings: read through workspace/configuration, else from initializationOptions. */
import type { NumberlinkRule } from '../model/puzzle';
import { DEFAULT_LIMITS } from '../zdd/control';

export interface Settings {
  limits: { timeMs: number; maxNodes: number };
  debounceMs: number;
  numberlink: { defaultRule: string };
  redundantHints: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  limits: { timeMs: DEFAULT_LIMITS.timeMs, maxNodes: DEFAULT_LIMITS.maxNodes },
  debounceMs: 75,
  numberlink: { defaultRule: 'nikoli' },
  redundantHints: true,
};

function num(v: unknown, fallback: number, min: number): number {
  return typeof v === 'number' && Number.isFinite(v) && v >= min ? v : fallback;
}

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

/**
 * Accepts the `linkpuzzle` section as an object (`{limits: {timeMs}}`), with dotted keys
 * (`{"limits.timeMs": 5}`) as some clients send them, or wrapped in `{linkpuzzle: ...}`.
 */
export function normalizeSettings(raw: unknown): Settings {
  let r = obj(raw);
  if ('linkpuzzle' in r) r = obj(r.linkpuzzle);
  const get = (path: string): unknown => {
    if (path in r) return r[path];
    let v: unknown = r;
    for (const k of path.split('.')) v = obj(v)[k];
    return v;
  };
  const rule = get('numberlink.defaultRule');
  return {
    limits: {
      timeMs: num(get('limits.timeMs'), DEFAULT_SETTINGS.limits.timeMs, 1),
      maxNodes: num(get('limits.maxNodes'), DEFAULT_SETTINGS.limits.maxNodes, 1),
    },
    debounceMs: num(get('debounceMs'), DEFAULT_SETTINGS.debounceMs, 0),
    numberlink: { defaultRule: typeof rule === 'string' && parseRule(rule) ? rule : DEFAULT_SETTINGS.numberlink.defaultRule },
    redundantHints: typeof get('redundantHints') === 'boolean' ? (get('redundantHints') as boolean) : DEFAULT_SETTINGS.redundantHints,
  };
}

/** "nikoli", "fill", "fill notouch", "nikoli, notouch" -> rule; null when a word is unknown. */
export function parseRule(text: string): NumberlinkRule | null {
  const rule: NumberlinkRule = { fill: false, notouch: false };
  for (const w of text.toLowerCase().split(/[\s,]+/).filter(Boolean)) {
    if (w === 'fill') rule.fill = true;
    else if (w === 'notouch') rule.notouch = true;
    else if (w !== 'nikoli') return null;
  }
  return rule;
}
