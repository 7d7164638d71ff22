/**
 * Redundant hints in the real preview page (headless Chromium, the webview's HTML, script and
 * stylesheet), in a dark and a light theme: they must stand out by more than opacity. Measured:
 * their colour differs from the other hints', each has a visible dashed ring, and their contrast
 * against the background is clearly lower than a normal hint's yet still legible. The summary line
 * says how many can go together. Screenshots go to test/artifacts/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/genres/check';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { renderSvg } from '../../server/src/genres/preview';
import type { HostMessage } from '../../client/src/previewHtml';
import { redundancySentence, statusText } from '../../client/src/summary';
import { DARK_THEME, LIGHT_THEME } from './chromium';
import { PreviewPages } from './previewPage';
import { skipSuite } from './tools';

/** Skipped only when Chromium is missing outside CI (tools.ts); in CI a missing Chromium fails. */
const skip = skipSuite('chromium');

/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any, document: any;
declare function getComputedStyle(el: unknown): any;

const root = join(__dirname, '..', '..');
const artifacts = join(root, 'test', 'artifacts');

const THEMES: Record<string, Record<string, string>> = { dark: DARK_THEME, light: LIGHT_THEME };
const pages = new PreviewPages();

beforeAll(async () => {
  if (skip) return;
  mkdirSync(artifacts, { recursive: true });
  await pages.start();
});

afterAll(() => pages.stop());

const openPreview = (theme: Record<string, string>): Promise<Page> => pages.open(undefined, { theme, viewport: { width: 640, height: 520 } });

/** WCAG relative luminance of an sRGB colour (0..255 channels). */
function luminance([r, g, b]: number[]): number {
  const lin = (v: number) => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}
function contrast(a: number[], b: number[]): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}
function rgba(css: string): number[] {
  const m = /rgba?\(([^)]+)\)/.exec(css);
  if (!m) throw new Error(`not a colour: ${css}`);
  const [r, g, b, a = '1'] = m[1]!.split(',').map((s) => s.trim());
  return [Number(r), Number(g), Number(b), Number(a)];
}
/** The colour an element's text fill shows over `bg`: its alpha times its opacity, blended. */
function shown(fill: string, opacity: string, bg: number[]): number[] {
  const [r, g, b, a] = rgba(fill);
  const k = a! * Number(opacity);
  return [r!, g!, b!].map((v, i) => k * v + (1 - k) * bg[i]!);
}

describe.skipIf(skip)('redundant hints in the preview', () => {
  const file = '515_10x10.slk';
  const text = readFileSync(join(root, 'test', 'fixtures', 'slitherlink', file), 'utf8');
  const result = checkText(text, 'slitherlink');
  const puzzle = parseSlitherlink(text).puzzle!;

  for (const name of Object.keys(THEMES)) {
    it(`stand out by colour and a dashed ring, not by opacity alone (${name} theme); the summary says how many can go together`, async () => {
      expect(result.redundant!.length).toBe(18);
      expect(result.redundantTogether!.length).toBe(10);
      const page = await openPreview(THEMES[name]!);
      const m: HostMessage = {
        type: 'update', uri: `file:///work/${file}`, title: file, svg: renderSvg(puzzle, result),
        summary: statusText({ uri: file, state: 'done', verdict: result.verdict, count: result.count, ms: 1234 }, result),
        summaryTitle: redundancySentence(result),
        verdict: result.verdict, checking: false,
      };
      await page.evaluate((msg) => window.postMessage(msg, '*'), m);
      await page.waitForFunction(() => document.querySelector('#board svg')?.getAttribute('data-verdict') === 'unique');

      const style = (sel: string) => page.locator(sel).first().evaluate((el) => {
        const s = getComputedStyle(el);
        return { fill: s.fill, opacity: s.opacity, stroke: s.stroke, strokeWidth: s.strokeWidth, dash: s.strokeDasharray, display: s.display };
      });
      const bg = rgba(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
      const normal = await style('text.lp-hint:not(.lp-redundant)');
      const red = await style('text.lp-hint.lp-redundant');
      expect(await page.locator('text.lp-hint.lp-redundant').count()).toBe(18);
      // A colour of its own (from the theme), not the normal hint's colour made transparent.
      expect(rgba(red.fill).slice(0, 3)).not.toEqual(rgba(normal.fill).slice(0, 3));
      // A visible dashed ring on each redundant hint, and on no other.
      expect(await page.locator('circle.lp-redundant-mark').count()).toBe(18);
      const ring = await style('circle.lp-redundant-mark');
      expect(ring.stroke).not.toBe('none');
      expect(rgba(ring.stroke)[3]).toBeGreaterThan(0.5);
      expect(parseFloat(ring.strokeWidth)).toBeGreaterThanOrEqual(1);
      expect(ring.dash).not.toBe('none');
      expect(contrast(rgba(ring.stroke), bg)).toBeGreaterThan(3);
      // Clearly fainter than a normal hint, still readable.
      const cNormal = contrast(shown(normal.fill, normal.opacity, bg), bg);
      const cRed = contrast(shown(red.fill, red.opacity, bg), bg);
      expect(cNormal).toBeGreaterThan(4.5);
      expect(cRed).toBeLessThan(cNormal * 0.5);
      expect(cRed).toBeGreaterThan(1.8);

      const summary = page.locator('#summary');
      expect(await summary.textContent()).toBe('unique · 18 redundant (10 can go together) · 1.23 s');
      expect(await summary.getAttribute('title')).toBe(
        '18 hints are redundant one at a time, but they cannot all go: Remove All Redundant Hints removes 10 (8 stay needed once those are gone).',
      );
      await page.screenshot({ path: join(artifacts, `preview-redundant-${name}.png`) });
      await page.close();
    });
  }
});
