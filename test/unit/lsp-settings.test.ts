import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, normalizeSettings, readSettings } from '../../server/src/lsp/settings';
import { parseRule } from '../../server/src/numberlink/rule';
import { MAX_TIMER_MS, timerDelay } from '../../server/src/zdd/control';

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

  it('holds numbers to their ranges and says so, naming the setting and the value used', () => {
    const r = (raw: unknown) => readSettings(raw);
    expect(r({ limits: { timeMs: 2 ** 31 } })).toEqual({
      settings: { ...DEFAULT_SETTINGS, limits: { ...DEFAULT_SETTINGS.limits, timeMs: MAX_TIMER_MS } },
      warnings: ['linkpuzzle.limits.timeMs: 2147483648 is too large; using 2147483647'],
    });
    expect(r({ limits: { timeMs: 3e9, maxNodes: 1e12 }, debounceMs: 9000 }).settings).toMatchObject({ limits: { timeMs: MAX_TIMER_MS, maxNodes: 2 ** 31 - 1 }, debounceMs: 5000 });
    expect(r({ limits: { timeMs: 5, maxNodes: 10 } }).settings.limits).toEqual({ timeMs: 100, maxNodes: 1000 });
    expect(r({ limits: { timeMs: 5 } }).warnings).toEqual(['linkpuzzle.limits.timeMs: 5 is too small; using 100']);
    expect(r({ limits: { maxNodes: 5000.7 } }).settings.limits.maxNodes).toBe(5000);
    expect(r({ debounceMs: 0 })).toEqual({ settings: { ...DEFAULT_SETTINGS, debounceMs: 0 }, warnings: [] });
    expect(r({ limits: { timeMs: Infinity } }).settings.limits.timeMs).toBe(MAX_TIMER_MS);
    // Not a usable number: the default, with a warning each.
    for (const bad of [0, -1, NaN, '5000', null, true, {}]) {
      const out = r({ limits: { timeMs: bad } });
      expect(out.settings).toEqual(DEFAULT_SETTINGS);
      expect(out.warnings).toHaveLength(1);
      expect(out.warnings[0]).toMatch(/^linkpuzzle\.limits\.timeMs: .* is not valid \(100 to 2147483647\); using the default 60000$/);
    }
    expect(r({ debounceMs: -1 }).warnings).toEqual(['linkpuzzle.debounceMs: -1 is not valid (0 to 5000); using the default 75']);
    // Unset is not a problem: nothing to say.
    expect(r({}).warnings).toEqual([]);
    expect(r(undefined).warnings).toEqual([]);
    expect(r({ limits: { timeMs: 5000, maxNodes: 1000 }, debounceMs: 10, redundantHints: false, numberlink: { defaultRule: 'fill notouch' } }).warnings).toEqual([]);
  });

  it('keeps every timer delay within what a Node timer holds', () => {
    expect(timerDelay(2 ** 31)).toBe(MAX_TIMER_MS);
    expect(timerDelay(3 * 2 ** 31 + 2000)).toBe(MAX_TIMER_MS);
    expect(timerDelay(Infinity)).toBe(MAX_TIMER_MS);
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(NaN)).toBe(0);
    expect(timerDelay(75)).toBe(75);
  });

  it('parses rule words', () => {
    expect(parseRule('nikoli')).toEqual({ fill: false, notouch: false });
    expect(parseRule('fill notouch')).toEqual({ fill: true, notouch: true });
    expect(parseRule('Fill,NoTouch')).toEqual({ fill: true, notouch: true });
    expect(parseRule('nikoli notouch')).toEqual({ fill: false, notouch: true });
    expect(parseRule('fill diagonal')).toBeNull();
  });
});
