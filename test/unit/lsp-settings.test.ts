import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, normalizeSettings, parseRule } from '../../server/src/lsp/settings';

describe('language server settings', () => {
  it('reads nested, dotted and wrapped forms, and falls back on bad values', () => {
    const want = { ...DEFAULT_SETTINGS, limits: { timeMs: 5000, maxNodes: 1000 }, debounceMs: 10 };
    expect(normalizeSettings({ limits: { timeMs: 5000, maxNodes: 1000 }, debounceMs: 10 })).toEqual(want);
    expect(normalizeSettings({ 'limits.timeMs': 5000, 'limits.maxNodes': 1000, debounceMs: 10 })).toEqual(want);
    expect(normalizeSettings({ linkpuzzle: { limits: { timeMs: 5000, maxNodes: 1000 }, debounceMs: 10 } })).toEqual(want);
    expect(normalizeSettings({ limits: { timeMs: -1, maxNodes: 'x' }, debounceMs: NaN, redundantHints: 'no', numberlink: { defaultRule: 'diagonal' } })).toEqual(DEFAULT_SETTINGS);
    expect(normalizeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(normalizeSettings({ redundantHints: false }).redundantHints).toBe(false);
  });

  it('parses rule words', () => {
    expect(parseRule('nikoli')).toEqual({ fill: false, notouch: false });
    expect(parseRule('fill notouch')).toEqual({ fill: true, notouch: true });
    expect(parseRule('Fill,NoTouch')).toEqual({ fill: true, notouch: true });
    expect(parseRule('nikoli notouch')).toEqual({ fill: false, notouch: true });
    expect(parseRule('fill diagonal')).toBeNull();
  });
});
