/**
 * The preview page in real headless Chromium: the same HTML (with its Content-Security-Policy),
 * script (bundled from client/media/preview.ts) and stylesheet as in the webview, fed with the
 * renderer's SVG of the real checker's results. Screenshots go to test/artifacts/.
 */
import { mkdirSync, readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/analysis/check';
import type { CheckResult } from '../../server/src/analysis/result';
import { parseNumberlink, parseSlitherlink } from '../../server/src/parse/index';
import { renderSvg } from '../../client/src/render';
import { previewHtml, type HostMessage } from '../../client/src/previewHtml';
import { formatCount, statusText } from '../../client/src/summary';
import { DARK_THEME, launchChromium } from './chromium';

// Page globals for the callbacks that Playwright runs inside the browser (the project's lib has no DOM).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any, document: any;
declare function getComputedStyle(el: unknown): any;
type HTMLElement = any;

const root = join(__dirname, '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'preview');
const artifacts = join(root, 'test', 'artifacts');
const ORIGIN = 'https://preview.test';

let browser: Browser;
let script = '';
const css = readFileSync(join(root, 'client', 'media', 'preview.css'), 'utf8');
let tmp = '';

beforeAll(async () => {
  // Bundle the page script from source, as scripts/build.mjs does, so the test never sees a stale dist/.
  tmp = mkdtempSync(join(tmpdir(), 'lp-preview-'));
  const out = join(tmp, 'preview.js');
  await esbuild.build({
    entryPoints: [join(root, 'client', 'media', 'preview.ts')],
    bundle: true, platform: 'browser', format: 'iife', target: 'es2022', outfile: out, logLevel: 'error',
  });
  script = readFileSync(out, 'utf8');
  mkdirSync(artifacts, { recursive: true });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

interface PageProbe {
  posted: unknown[];
  violations: string[];
}

/** Opens the preview page as a webview would show it: theme variables on <html>, acquireVsCodeApi. */
async function openPreview(saved?: unknown): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 900, height: 640 } });
  const nonce = 'n0nce' + Math.random().toString(36).slice(2);
  const html = previewHtml({
    cspSource: ORIGIN, nonce, scriptUri: `${ORIGIN}/media/preview.js`, styleUri: `${ORIGIN}/media/preview.css`, title: 'Preview',
  });
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = route.request().url();
    if (url.endsWith('/index.html')) return route.fulfill({ contentType: 'text/html', body: html });
    if (url.endsWith('/media/preview.js')) return route.fulfill({ contentType: 'text/javascript', body: script });
    if (url.endsWith('/media/preview.css')) return route.fulfill({ contentType: 'text/css', body: css });
    return route.fulfill({ status: 404, body: '' });
  });
  await page.addInitScript(
    ({ theme, saved }) => {
      const w = window as unknown as Record<string, unknown>;
      const probe = { posted: [] as unknown[], violations: [] as string[] };
      w.__probe = probe;
      let state = saved;
      w.acquireVsCodeApi = () => ({
        postMessage: (m: unknown) => probe.posted.push(m),
        getState: () => state,
        setState: (s: unknown) => { state = s; w.__state = s; },
      });
      document.addEventListener('securitypolicyviolation', (e: any) => probe.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
      // VS Code puts the theme's colours on <html> the same way (CSSOM, not inline markup).
      const paint = () => { for (const [k, v] of Object.entries(theme)) document.documentElement.style.setProperty(k, v); };
      if (document.documentElement) paint();
      document.addEventListener('DOMContentLoaded', paint);
    },
    { theme: DARK_THEME, saved },
  );
  await page.goto(`${ORIGIN}/index.html`);
  await page.waitForFunction(() => (window as unknown as { __probe: PageProbe }).__probe.posted.length > 0);
  return page;
}

async function send(page: Page, m: HostMessage): Promise<void> {
  await page.evaluate((msg) => window.postMessage(msg, '*'), m);
  await page.waitForFunction((v) => document.querySelector('#board svg')?.getAttribute('data-verdict') === v, m.verdict);
}

const probe = (page: Page) => page.evaluate(() => (window as unknown as { __probe: PageProbe }).__probe);

function message(file: string, svg: string, r: CheckResult): HostMessage {
  return {
    type: 'update', uri: `file:///work/${file}`, title: file, svg,
    summary: statusText({ uri: file, state: 'done', verdict: r.verdict, count: r.count, ms: r.ms }),
    verdict: r.verdict, checking: false,
  };
}

/** The colour a theme variable resolves to in the page, as Chromium reports computed colours. */
async function themeColour(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => {
    const el = document.createElement('div');
    el.style.color = `var(${n})`;
    document.body.appendChild(el);
    const c = getComputedStyle(el).color;
    el.remove();
    return c;
  }, name);
}

describe('preview page in Chromium', () => {
  it('shows a unique Slitherlink: hints, loop, faded redundant hints, clicks, zoom and scroll kept', async () => {
    const file = 'extra_hint_10x10.slk';
    const text = readFileSync(join(fixtures, file), 'utf8');
    const result = checkText(text, 'slitherlink');
    expect(result.verdict).toBe('unique');
    expect(result.redundant?.length).toBeGreaterThan(0);
    const puzzle = parseSlitherlink(text).puzzle!;
    const page = await openPreview();
    await send(page, message(file, renderSvg(puzzle, result), result));

    const hintCount = [...puzzle.hints].filter((h) => h >= 0).length;
    expect(await page.locator('#board svg text.lp-hint').count()).toBe(hintCount);
    const edges = (result.solution as { edges: unknown[] }).edges.length;
    expect(await page.locator('#board svg line.lp-edge').count()).toBe(edges);
    expect(await page.locator('#title').textContent()).toBe(file);
    expect(await page.locator('#summary').textContent()).toContain('unique');

    // Theme colours reach the picture: the loop is drawn in the theme's blue.
    const edgeStroke = await page.locator('line.lp-edge').first().evaluate((el) => getComputedStyle(el).stroke);
    expect(edgeStroke).toBe(await themeColour(page, '--vscode-charts-blue'));
    // Redundant hints are faded and ringed, the others are not (measured in preview-redundant.test.ts).
    const faded = page.locator('text.lp-hint.lp-redundant');
    expect(await faded.count()).toBe(result.redundant!.length);
    expect(await page.locator('circle.lp-redundant-mark').count()).toBe(result.redundant!.length);
    expect(Number(await faded.first().evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
    expect(Number(await page.locator('text.lp-hint:not(.lp-redundant)').first().evaluate((el) => getComputedStyle(el).opacity))).toBe(1);

    await page.screenshot({ path: join(artifacts, 'preview-slitherlink-unique.png') });

    // A click on a cell asks the extension to reveal that cell.
    await page.locator('rect.lp-cell[data-row="3"][data-col="4"]').click();
    const posted = (await probe(page)).posted;
    expect(posted).toContainEqual({ type: 'reveal', uri: `file:///work/${file}`, row: 3, col: 4 });

    // Zoom in four times, scroll, then an update (the text changed): zoom and scroll stay.
    await page.click('#zoom-reset');
    const width1 = Number(await page.locator('#board svg').getAttribute('width'));
    for (let i = 0; i < 4; i++) await page.click('#zoom-in');
    const width2 = Number(await page.locator('#board svg').getAttribute('width'));
    expect(width2 / width1).toBeCloseTo(1.25 ** 4, 1);
    await page.evaluate(() => { const c = document.getElementById('content')!; c.scrollTop = 120; c.scrollLeft = 80; });
    await send(page, { ...message(file, renderSvg(puzzle, null), result), verdict: 'pending', checking: true });
    expect(Number(await page.locator('#board svg').getAttribute('width'))).toBe(width2);
    const scroll = await page.evaluate(() => { const c = document.getElementById('content')!; return [c.scrollTop, c.scrollLeft]; });
    expect(scroll).toEqual([120, 80]);
    expect(await page.locator('#board svg line.lp-edge').count()).toBe(0);
    await page.waitForTimeout(150); // the page saves its scroll position 100 ms after scrolling stops
    const state = await page.evaluate(() => (window as unknown as { __state: unknown }).__state);
    expect(state).toMatchObject({ uri: `file:///work/${file}`, zoom: 1.25 ** 4, scrollTop: 120, scrollLeft: 80 });
    expect((await probe(page)).violations).toEqual([]);
    await page.close();

    // A reloaded panel (restored by the serializer) starts from the saved state.
    const restored = await openPreview(state);
    await send(restored, message(file, renderSvg(puzzle, result), result));
    expect(Number(await restored.locator('#board svg').getAttribute('width'))).toBe(width2);
    expect(await restored.evaluate(() => document.getElementById('content')!.scrollTop)).toBe(120);
    expect(await restored.locator('#zoom-reset').textContent()).toBe('244%');
    await restored.close();
  });

  it('shows a Numberlink with several solutions: two boards, coloured paths, differences marked', async () => {
    const file = 'arukone_565_10x10.nlk';
    const text = readFileSync(join(fixtures, file), 'utf8');
    const result = checkText(text, 'numberlink');
    expect(result.verdict).toBe('multiple');
    expect(result.secondSolution).toBeDefined();
    const puzzle = parseNumberlink(text).puzzle!;
    const page = await openPreview();
    await send(page, message(file, renderSvg(puzzle, result), result));

    const boards = page.locator('#board svg g.lp-board');
    expect(await boards.count()).toBe(2);
    for (let b = 0; b < 2; b++) {
      const board = boards.nth(b);
      expect(await board.locator('circle.lp-endpoint').count()).toBe(puzzle.labels.length * 2);
      expect(await board.locator('polyline.lp-path').count()).toBe(puzzle.labels.length);
      expect(await board.locator('rect.lp-diff-cell').count()).toBeGreaterThan(0);
    }
    // The two boards differ exactly where their cells are marked: same marked cells on both.
    const marked = async (b: number) =>
      boards.nth(b).locator('rect.lp-diff-cell').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-row')},${e.getAttribute('data-col')}`));
    expect(await marked(0)).toEqual(await marked(1));
    // Paths take distinct theme colours (up to the palette's size), with no fill.
    const strokes = await boards.nth(0).locator('polyline.lp-path').evaluateAll((els) =>
      els.map((e) => [getComputedStyle(e).stroke, getComputedStyle(e).fill]),
    );
    expect(new Set(strokes.map((s) => s[0])).size).toBe(Math.min(puzzle.labels.length, 16));
    expect(strokes.every((s) => s[1] === 'none')).toBe(true);
    expect(strokes.map((s) => s[0])).toContain(await themeColour(page, '--vscode-charts-red'));
    expect(await page.locator('svg .lp-caption').first().textContent()).toContain(`${formatCount(result.count!)} solutions`);
    expect(await page.locator('#summary').textContent()).toMatch(/solutions/);
    expect((await probe(page)).violations).toEqual([]);
    await page.screenshot({ path: join(artifacts, 'preview-numberlink-multiple.png') });
    await page.close();
  });

  it('draws the intended loop of a --- block, and "Draw loop" turns clicks and keys into toggle messages', async () => {
    const file = 'puzzlekit_1_4x4.slk';
    // The designer's block differs from the unique solution (official inside .x.. .x.. .xx. ..x.) at cell (1, 2).
    const text = readFileSync(join(fixtures, file), 'utf8') + '---\n. x . .\n. x x .\n. x x .\n. . x .\n';
    const result = checkText(text, 'slitherlink');
    expect(result.verdict).toBe('unique');
    const puzzle = parseSlitherlink(text).puzzle!;
    expect(puzzle.solution).toBeDefined();
    const uri = `file:///work/${file}`;
    const page = await openPreview();
    await send(page, message(file, renderSvg(puzzle, result), result));

    // The intended loop: its own dashed lines in a theme colour other than the solver's loop.
    const intended = page.locator('#board svg line.lp-intended-edge');
    expect(await intended.count()).toBe(12);
    const style = await intended.first().evaluate((el) => {
      const s = getComputedStyle(el);
      return { stroke: s.stroke, dash: s.strokeDasharray };
    });
    expect(style.stroke).toBe(await themeColour(page, '--vscode-charts-purple'));
    expect(style.dash).not.toBe('none');
    expect(await page.locator('#board svg rect.lp-intended-cell').count()).toBe(6);
    // Where the solution differs: the solver's edges around (1, 2) that the block lacks, and back.
    expect(await page.locator('#board svg line.lp-edge.lp-off-intended').count()).toBeGreaterThan(0);
    expect(await page.locator('#board svg line.lp-intended-missing').count()).toBeGreaterThan(0);
    expect(await page.locator('#board svg .lp-note').textContent()).toContain('Differs from your loop');
    // The note fits in the picture of this small board.
    const fits = await page.evaluate(() => {
      const svg = document.querySelector('#board svg');
      const note = svg.querySelector('.lp-note');
      return note.getBBox().x + note.getBBox().width <= svg.viewBox.baseVal.width;
    });
    expect(fits).toBe(true);
    await page.screenshot({ path: join(artifacts, 'preview-slitherlink-intended.png') });

    // "Draw loop" is off: a click reveals the cell's text.
    const draw = page.locator('#draw-loop');
    expect(await draw.isVisible()).toBe(true);
    expect(await draw.getAttribute('aria-pressed')).toBe('false');
    expect(await draw.getAttribute('title')).toMatch(/Draw loop/);
    await page.locator('rect.lp-cell[data-row="1"][data-col="2"]').click();
    expect((await probe(page)).posted).toContainEqual({ type: 'reveal', uri, row: 1, col: 2 });

    // On: a click on a cell posts the toggle of that cell, not a reveal.
    await draw.click();
    expect(await draw.getAttribute('aria-pressed')).toBe('true');
    const before = (await probe(page)).posted.length;
    await page.locator('rect.lp-cell[data-row="2"][data-col="1"]').click();
    // Clicks that land on a hint's text or the intended shading still reach the cell.
    await page.locator('rect.lp-cell[data-row="3"][data-col="2"]').click();
    let posted = (await probe(page)).posted.slice(before);
    expect(posted).toEqual([
      { type: 'toggleCell', uri, row: 2, col: 1 },
      { type: 'toggleCell', uri, row: 3, col: 2 },
    ]);

    // Keyboard: the arrows move a cursor from the last cell, Space toggles its cell.
    await page.focus('#content');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('#board svg .lp-cursor').count()).toBe(1);
    await page.keyboard.press('Space');
    posted = (await probe(page)).posted.slice(before);
    expect(posted[posted.length - 1]).toEqual({ type: 'toggleCell', uri, row: 2, col: 3 });

    // The toggle survives an update (the text changed) and is in the saved state.
    await send(page, { ...message(file, renderSvg(puzzle, null), result), verdict: 'pending', checking: true });
    expect(await draw.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('#board svg .lp-cursor').count()).toBe(1);
    const state = await page.evaluate(() => (window as unknown as { __state: unknown }).__state);
    expect(state).toMatchObject({ uri, drawLoop: true });
    await page.screenshot({ path: join(artifacts, 'preview-slitherlink-draw-loop.png') });
    expect((await probe(page)).violations).toEqual([]);
    await page.close();

    // ... and a reload.
    const restored = await openPreview(state);
    await send(restored, message(file, renderSvg(puzzle, result), result));
    const draw2 = restored.locator('#draw-loop');
    expect(await draw2.getAttribute('aria-pressed')).toBe('true');
    await restored.locator('rect.lp-cell[data-row="0"][data-col="0"]').click();
    expect((await probe(restored)).posted).toContainEqual({ type: 'toggleCell', uri, row: 0, col: 0 });
    // Off again from the keyboard: clicks reveal.
    await draw2.focus();
    await restored.keyboard.press('Enter');
    expect(await draw2.getAttribute('aria-pressed')).toBe('false');
    await restored.locator('rect.lp-cell[data-row="0"][data-col="3"]').click();
    expect((await probe(restored)).posted.at(-1)).toEqual({ type: 'reveal', uri, row: 0, col: 3 });

    // A Numberlink has no loop to draw: the button goes away, even when it is on.
    await draw2.click();
    const nfile = 'arukone_01_5x5.nlk';
    const ntext = readFileSync(join(fixtures, nfile), 'utf8');
    const nresult = checkText(ntext, 'numberlink');
    await send(restored, message(nfile, renderSvg(parseNumberlink(ntext).puzzle!, nresult), nresult));
    expect(await draw2.isVisible()).toBe(false);
    await restored.locator('rect.lp-cell[data-row="1"][data-col="1"]').click();
    expect((await probe(restored)).posted.at(-1)).toEqual({ type: 'reveal', uri: `file:///work/${nfile}`, row: 1, col: 1 });
    expect((await probe(restored)).violations).toEqual([]);
    await restored.close();
  });

  it('keeps the strict Content-Security-Policy: inline script and style are refused', async () => {
    const page = await openPreview();
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1';
      document.body.appendChild(s);
      const st = document.createElement('style');
      st.textContent = 'body { display: none }';
      document.head.appendChild(st);
      return (window as unknown as { __inline?: number }).__inline ?? 0;
    });
    expect(ran).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe('none');
    const violations = (await probe(page)).violations;
    expect(violations.some((v) => v.startsWith('script-src'))).toBe(true);
    expect(violations.some((v) => v.startsWith('style-src'))).toBe(true);
    await page.close();
  });
});
