/**
 * The preview page in real headless Chromium: the same HTML (with its Content-Security-Policy),
 * script (bundled from client/media/preview.ts) and stylesheet as in the webview, fed with the
 * renderer's SVG of the real checker's results. Screenshots go to test/artifacts/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/genres/check';
import { findSuggestions } from '../../server/src/slitherlink/design/suggestions';
import type { CheckResult, PathSolution } from '../../server/src/analysis/result';
import type { NumberlinkPuzzle } from '../../server/src/numberlink/puzzle';
import type { SlitherlinkPuzzle } from '../../server/src/slitherlink/puzzle';

type Puzzle = SlitherlinkPuzzle | NumberlinkPuzzle;
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { makeLattice, TILINGS } from '../../server/src/model/lattice';
import { tilingPicture } from '../../server/src/model/latticePicture';
import { loopBlockChange } from '../../server/src/slitherlink/design/edits';
import { labelColors as labelColorsOf, PATH_COLORS } from '../../server/src/numberlink/preview';
import { renderSvg } from '../../server/src/genres/preview';
import type { HostMessage } from '../../client/src/previewHtml';
import { formatCount, statusText } from '../../client/src/summary';
import { DARK_THEME, LIGHT_THEME } from './chromium';
import { PreviewPages, probe, send, type OpenOptions } from './previewPage';
import { skipSuite } from './tools';

/** Skipped only when Chromium is missing outside CI (tools.ts); in CI a missing Chromium fails. */
const skip = skipSuite('chromium');

// Page globals for the callbacks that Playwright runs inside the browser (the project's lib has no DOM).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any, document: any;
declare function getComputedStyle(el: unknown): any;
type HTMLElement = any;

const root = join(__dirname, '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'preview');
const artifacts = join(root, 'test', 'artifacts');

const pages = new PreviewPages();

beforeAll(async () => {
  if (skip) return;
  mkdirSync(artifacts, { recursive: true });
  await pages.start();
});

afterAll(() => pages.stop());

/** Opens the preview page as a webview would show it: theme variables on <html>, acquireVsCodeApi. */
const openPreview = (saved?: unknown, options?: OpenOptions): Promise<Page> => pages.open(saved, options);

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

describe.skipIf(skip)('preview page in Chromium', () => {
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
    expect(new Set(strokes.map((s) => s[0])).size).toBe(Math.min(puzzle.labels.length, PATH_COLORS.length));
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

  it('"Edit hints" turns clicks and typed keys into setCell messages, by keyboard alone too, for both kinds', async () => {
    const file = 'extra_hint_10x10.slk';
    const text = readFileSync(join(fixtures, file), 'utf8');
    const result = checkText(text, 'slitherlink');
    const puzzle = parseSlitherlink(text).puzzle!;
    const uri = `file:///work/${file}`;
    const page = await openPreview();
    await send(page, message(file, renderSvg(puzzle, result), result));
    const edit = page.locator('#edit-hints'), draw = page.locator('#draw-loop');
    expect(await edit.isVisible()).toBe(true);
    expect(await edit.getAttribute('aria-pressed')).toBe('false');
    // Off: a click reveals. On: a click puts the cursor there, a digit sets the cell.
    await edit.click();
    expect(await edit.getAttribute('aria-pressed')).toBe('true');
    const before = (await probe(page)).posted.length;
    await page.locator('rect.lp-cell[data-row="2"][data-col="3"]').click();
    expect(await page.locator('#board svg .lp-cursor').count()).toBe(1);
    await page.keyboard.press('2');
    // Not a Slitherlink hint: nothing is sent.
    await page.keyboard.press('7');
    await page.keyboard.press('x');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Delete');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('.');
    expect((await probe(page)).posted.slice(before)).toEqual([
      { type: 'setCell', uri, row: 2, col: 3, value: '2' },
      { type: 'setCell', uri, row: 3, col: 3, value: '.' },
      { type: 'setCell', uri, row: 3, col: 4, value: '.' },
    ]);
    // One mode at a time: Draw loop turns Edit hints off, and back.
    await draw.click();
    expect(await edit.getAttribute('aria-pressed')).toBe('false');
    await edit.click();
    expect(await draw.getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => (window as unknown as { __state: unknown }).__state)).toMatchObject({ editHints: true, drawLoop: false });

    // Numberlink: any label; keys typed quickly into one cell make one label ("12").
    const nfile = 'arukone_01_5x5.nlk';
    const ntext = readFileSync(join(fixtures, nfile), 'utf8');
    const nresult = checkText(ntext, 'numberlink');
    await send(page, message(nfile, renderSvg(parseNumberlink(ntext).puzzle!, nresult), nresult));
    expect(await edit.isVisible()).toBe(true);
    const nbefore = (await probe(page)).posted.length;
    await page.locator('rect.lp-cell[data-row="1"][data-col="1"]').click();
    await page.keyboard.press('1');
    await page.keyboard.press('2');
    await page.keyboard.press('Backspace');
    const nuri = `file:///work/${nfile}`;
    expect((await probe(page)).posted.slice(nbefore)).toEqual([
      { type: 'setCell', uri: nuri, row: 1, col: 1, value: '1' },
      { type: 'setCell', uri: nuri, row: 1, col: 1, value: '12' },
      { type: 'setCell', uri: nuri, row: 1, col: 1, value: '.' },
    ]);
    expect((await probe(page)).violations).toEqual([]);
    await page.screenshot({ path: join(artifacts, 'preview-edit-hints.png') });
    await page.close();
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

// ---------------------------------------------------------------------------------------------
// Layout, readability and colours (issue 14, items 9, 11 and 12)

/** A preview beside an editor on a 1366-pixel screen (the webview's share of the window). */
const SIDE_BY_SIDE = { width: 660, height: 820 };

/** Puts a theme's colours on the page, as VS Code does when the user switches themes. */
async function paint(page: Page, theme: Record<string, string>): Promise<void> {
  await page.evaluate((t) => { for (const [k, v] of Object.entries(t)) document.documentElement.style.setProperty(k, v); }, theme);
}

/** Delivers an update synchronously (the page handles it before this returns). */
async function deliver(page: Page, m: HostMessage): Promise<void> {
  await page.evaluate((msg) => window.dispatchEvent(new MessageEvent('message', { data: msg })), m);
}

/** A Slitherlink of rows × cols with a hint in every cell and a --- block that is not one loop (a long note). */
function denseSlitherlink(rows: number, cols: number): string {
  const grid = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => String((r * 7 + c * 3) % 4)).join(' '));
  const block = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => ((r === 0 && c === 0) || (r === rows - 1 && c === cols - 1) ? 'x' : '.')).join(' '));
  return [...grid, '---', ...block, ''].join('\n');
}

/** A Numberlink of rows × cols whose every row is full of label pairs (numbers up to rows × cols / 2). */
function denseNumberlink(rows: number, cols: number): { text: string; solution: PathSolution } {
  const lines: string[] = [], labels: string[] = [], paths: [number, number][][] = [];
  let n = 0;
  for (let r = 0; r < rows; r++) {
    const row: string[] = [];
    for (let c = 0; c + 1 < cols; c += 2) {
      const label = String(++n);
      row.push(label, label);
      labels.push(label);
      paths.push([[r, c], [r, c + 1]]);
    }
    if (cols % 2 === 1) row.push('.');
    lines.push(row.join(' '));
  }
  return { text: `${cols} ${rows}\n${lines.join('\n')}\n`, solution: { labels, paths } };
}

const border = (rows: number, cols: number, skipCorner: boolean): { edges: [number, number, number, number][] } => {
  const edges: [number, number, number, number][] = [];
  for (let c = 0; c < cols; c++) edges.push([0, c, 0, c + 1], [rows, c, rows, c + 1]);
  for (let r = 0; r < rows; r++) edges.push([r, 0, r + 1, 0], [r, cols, r + 1, cols]);
  if (!skipCorner) return { edges };
  // The same loop around every cell but the top-left one.
  const drop = new Set(['0,0,0,1', '0,0,1,0']);
  return { edges: [...edges.filter((e) => !drop.has(e.join(','))), [0, 1, 1, 1], [1, 0, 1, 1]] };
};

/** The longest captions the checker writes: a huge count with a rule, or a stop at the memory limit. */
function layoutCase(kind: 'slitherlink' | 'numberlink', rows: number, cols: number, boards: 1 | 2): { puzzle: Puzzle; result: CheckResult } {
  const base = { kind, rows, cols, errors: [], ms: 1234 };
  const stopped = {
    limit: 'memory' as const, nodes: 12_345_678, progress: 0.4,
    message: 'undecided: stopped at the memory limit (512 MB for this diagram: it held 498 MB and the level table needed 64 MB more) after 12345678 nodes at level 31 of 120',
  };
  if (kind === 'slitherlink') {
    const puzzle = parseSlitherlink(denseSlitherlink(rows, cols)).puzzle!;
    const result: CheckResult = boards === 2
      ? { ...base, verdict: 'multiple', count: '7406344', solution: border(rows, cols, false), secondSolution: border(rows, cols, true) }
      : { ...base, verdict: 'unknown', count: null, stopped };
    return { puzzle, result };
  }
  const { text, solution } = denseNumberlink(rows, cols);
  const puzzle = parseNumberlink(text).puzzle!;
  const result: CheckResult = boards === 2
    ? { ...base, verdict: 'multiple', count: '7406344', rule: 'fill notouch', solution, secondSolution: solution }
    : { ...base, verdict: 'unknown', count: null, rule: 'fill notouch', stopped };
  return { puzzle, result };
}

interface TextBox { text: string; cls: string; left: number; top: number; right: number; bottom: number }

/**
 * Every visible text of the picture: the pairs whose boxes overlap, the boxes outside the picture,
 * and (with `inView`) whether the picture lies inside the scroll area's visible rectangle.
 */
async function measureTexts(page: Page, inView: boolean): Promise<{ count: number; overlaps: string[]; cut: string[]; outOfView: boolean; zoom: string }> {
  return page.evaluate((inViewArg) => {
    const svg = document.querySelector('#board svg');
    const box = svg.getBoundingClientRect();
    const boxes: TextBox[] = [];
    for (const t of svg.querySelectorAll('text')) {
      const r = t.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // on a board that is not shown
      boxes.push({ text: t.textContent, cls: t.getAttribute('class'), left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    }
    const eps = 0.5;
    const name = (b: TextBox) => `${b.cls} "${b.text.slice(0, 40)}" [${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.right)},${Math.round(b.bottom)}]`;
    const cut = boxes.filter((b) => b.left < box.left - eps || b.top < box.top - eps || b.right > box.right + eps || b.bottom > box.bottom + eps)
      .map((b) => `${name(b)} outside the picture [${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.right)},${Math.round(box.bottom)}]`);
    // Sweep along x: only boxes whose x ranges meet are compared.
    boxes.sort((a, b) => a.left - b.left);
    const overlaps: string[] = [];
    const active: TextBox[] = [];
    for (const b of boxes) {
      for (let i = active.length - 1; i >= 0; i--) if (active[i].right <= b.left + eps) active.splice(i, 1);
      for (const a of active) {
        if (a.right > b.left + eps && b.right > a.left + eps && a.bottom > b.top + eps && b.bottom > a.top + eps) overlaps.push(`${name(a)} × ${name(b)}`);
      }
      active.push(b);
    }
    const view = document.getElementById('content').getBoundingClientRect();
    const outOfView = inViewArg && (box.left < view.left - eps || box.top < view.top - eps || box.right > view.right + eps || box.bottom > view.bottom + eps);
    return { count: boxes.length, overlaps: overlaps.slice(0, 5), cut: cut.slice(0, 5), outOfView, zoom: document.getElementById('zoom-reset').textContent };
  }, inView);
}

describe.skipIf(skip)('preview layout in Chromium', () => {
  it('headings, notes, hints and labels never overlap and are never cut: 2×2 … 60×60, both kinds, one and two boards, light and dark', async () => {
    const sizes: [number, number][] = [];
    for (let n = 2; n <= 12; n++) sizes.push([n, n]);
    for (const n of [15, 20, 25, 30, 40, 50, 60]) sizes.push([n, n]);
    sizes.push([2, 30], [30, 2], [3, 60], [60, 5]);
    const failures: string[] = [];
    let measured = 0;
    for (const [theme, themeName] of [[DARK_THEME, 'dark'], [LIGHT_THEME, 'light']] as const) {
      const page = await openPreview(undefined, { theme, viewport: SIDE_BY_SIDE });
      for (const kind of ['slitherlink', 'numberlink'] as const) {
        for (const boards of [1, 2] as const) {
          for (const [rows, cols] of sizes) {
            // Light and dark draw the same shapes: the light theme checks a sample of the sizes.
            if (themeName === 'light' && !(rows === cols && [2, 3, 5, 8, 12, 20, 60].includes(rows)) && !(rows === 2 && cols === 30)) continue;
            const { puzzle, result } = layoutCase(kind, rows, cols, boards);
            const svg = renderSvg(puzzle, result);
            await deliver(page, message(`${rows}x${cols}.${kind === 'slitherlink' ? 'slk' : 'nlk'}`, svg, result));
            const where = `${themeName} ${kind} ${rows}×${cols}, ${boards} board${boards === 1 ? '' : 's'}`;
            // The default zoom (Fit), then actual size, then Fit again from the toolbar.
            const steps: [string, boolean][] = [['default', true], ['#zoom-reset', false], ['#zoom-fit', true]];
            for (const [step, inView] of steps) {
              if (step.startsWith('#')) await page.click(step);
              const m = await measureTexts(page, inView);
              measured += m.count;
              const at = `${where} at ${step === 'default' ? 'the default zoom' : step.slice(1)} (${m.zoom})`;
              for (const o of m.overlaps) failures.push(`${at}: overlap ${o}`);
              for (const c of m.cut) failures.push(`${at}: cut ${c}`);
              if (m.outOfView) failures.push(`${at}: the picture does not fit the panel`);
            }
            if (rows === 2 && cols === 2 && boards === 2) await page.screenshot({ path: join(artifacts, `preview-layout-${kind}-2x2-two-${themeName}.png`) });
          }
        }
      }
      expect((await probe(page)).violations).toEqual([]);
      await page.close();
    }
    expect({ failures: failures.length, first: failures.slice(0, 20) }).toEqual({ failures: 0, first: [] });
    expect(measured).toBeGreaterThan(100_000);
  }, 300_000);

  it('a 20×20 with several solutions is drawn as large as a unique 20×20: one board, differences marked, the other on demand', async () => {
    // A real 20×20 (Loopy, unique) and the same without its hint at (0, 2): 12 solutions.
    const text = readFileSync(join(root, 'test', 'fixtures', 'slitherlink', '20x20_hard_01.slk'), 'utf8');
    const unique = parseSlitherlink(text).puzzle!;
    const at = unique.cellRanges[2];
    const lines = text.split('\n');
    lines[at.line] = lines[at.line].slice(0, at.col) + '.' + lines[at.line].slice(at.col + 1);
    const several = lines.join('\n');
    const uniqueResult = checkText(text, 'slitherlink');
    const severalResult = checkText(several, 'slitherlink');
    expect(uniqueResult.verdict).toBe('unique');
    expect(severalResult.verdict).toBe('multiple');
    const { text: ntext, solution } = denseNumberlink(20, 20);
    const npuzzle = parseNumberlink(ntext).puzzle!;
    const nbase = { kind: 'numberlink' as const, rows: 20, cols: 20, errors: [], ms: 5, rule: 'nikoli' };
    // The second solution differs in the first row: its two left pairs swap partners.
    const other: PathSolution = { labels: solution.labels, paths: solution.paths.map((p, i) => (i === 0 ? [[0, 0], [1, 0], [1, 1], [0, 1]] : p)) as [number, number][][] };

    const page = await openPreview(undefined, { viewport: SIDE_BY_SIDE });
    /** On-screen size of a cell and of a hint or label of the shown board(s), and what is shown. */
    const sizes = (sel: string) => page.evaluate((selector) => {
      const shown = [...document.querySelectorAll('#board svg g.lp-board')].filter((g: any) => g.getBoundingClientRect().width > 0);
      const cell = shown[0].querySelector('rect.lp-cell').getBoundingClientRect();
      const text = shown[0].querySelector(selector).getBoundingClientRect();
      return { cell: cell.width, text: text.height, shown: shown.map((g: any) => g.getAttribute('data-panel')) };
    }, sel);

    for (const [kind, one, two, sel] of [
      ['slitherlink', () => renderSvg(unique, uniqueResult), () => renderSvg(parseSlitherlink(several).puzzle!, severalResult), 'text.lp-hint'],
      ['numberlink', () => renderSvg(npuzzle, { ...nbase, verdict: 'unique', count: '1', solution }),
        () => renderSvg(npuzzle, { ...nbase, verdict: 'multiple', count: '2', solution, secondSolution: other }), 'text.lp-label'],
    ] as const) {
      await deliver(page, { ...message('20x20', one(), uniqueResult), verdict: 'unique' });
      const alone = await sizes(sel);
      await deliver(page, { ...message('20x20', two(), severalResult), verdict: 'multiple' });
      const first = await sizes(sel);
      await page.screenshot({ path: join(artifacts, `preview-20x20-several-${kind}.png`) });
      // As large as the unique one (within a pixel's rounding of the picture's size), so as readable.
      expect(first.cell, kind).toBeGreaterThanOrEqual(alone.cell - 0.5);
      expect(first.text, kind).toBeGreaterThanOrEqual(alone.text - 0.5);
      expect(first.text, kind).toBeGreaterThanOrEqual(12);
      expect(first.shown, kind).toEqual(['0']);
      // The differences are marked on the board shown.
      const marks = kind === 'slitherlink' ? ['line.lp-edge.lp-diff', 'line.lp-edge-other'] : ['rect.lp-diff-cell'];
      for (const mark of marks) expect(await page.locator(`#board svg g.lp-board[data-panel="0"] ${mark}`).count(), `${kind} ${mark}`).toBeGreaterThan(0);
      // The other solution on demand, at the same size; the choice is kept in the state.
      const button = page.locator('#other-solution');
      expect(await button.isVisible(), kind).toBe(true);
      expect(await button.textContent()).toMatch(/solution 2/i);
      await button.click();
      const second = await sizes(sel);
      expect(second.shown, kind).toEqual(['1']);
      expect(second.cell).toBeCloseTo(first.cell, 0);
      expect(await button.textContent()).toMatch(/solution 1/i);
      expect(await page.evaluate(() => (window as unknown as { __state: { solution?: number } }).__state.solution)).toBe(1);
      await page.screenshot({ path: join(artifacts, `preview-20x20-several-${kind}-second.png`) });
      await button.click();
      expect((await sizes(sel)).shown).toEqual(['0']);
    }

    // A small puzzle with several solutions keeps both boards side by side, larger than actual size.
    const small = readFileSync(join(root, 'samples', 'ambiguous.slk'), 'utf8');
    const smallResult = checkText(small, 'slitherlink');
    expect(smallResult.verdict).toBe('multiple');
    await deliver(page, message('ambiguous.slk', renderSvg(parseSlitherlink(small).puzzle!, smallResult), smallResult));
    const both = await sizes('text.lp-hint');
    expect(both.shown).toEqual(['0', '1']);
    expect(both.cell).toBeGreaterThan(36);
    expect(await page.locator('#other-solution').isVisible()).toBe(false);
    await page.screenshot({ path: join(artifacts, 'preview-5x5-several-slitherlink.png') });
    expect((await probe(page)).violations).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows the ambiguity map as a third board: edges by share in the theme colour, counts on hover, reachable one board at a time', async () => {
    // A real 20x20 (Loopy, unique) without its hint at (0, 2): 12 solutions, which differ in a corner.
    const unique = readFileSync(join(root, 'test', 'fixtures', 'slitherlink', '20x20_hard_01.slk'), 'utf8');
    const at = parseSlitherlink(unique).puzzle!.cellRanges[2];
    const rows = unique.split('\n');
    rows[at.line] = rows[at.line].slice(0, at.col) + '.' + rows[at.line].slice(at.col + 1);
    const text = rows.join('\n');
    const file = '20x20_hard_01-less.slk';
    const puzzle = parseSlitherlink(text).puzzle!;
    // As the language server publishes it: the check with its map, and the hint suggestions.
    const result = { ...checkText(text, 'slitherlink', { usage: true }), suggestions: findSuggestions(puzzle) } as CheckResult;
    expect(result.verdict).toBe('multiple');
    expect(result.usage!.of).toBe(result.count);
    const page = await openPreview(undefined, { viewport: { width: 1800, height: 800 } });
    await deliver(page, message(file, renderSvg(puzzle, result), result));
    const boards = page.locator('#board svg g.lp-board');
    expect(await boards.count()).toBe(3);
    const lines = boards.nth(2).locator('line.lp-usage');
    expect(await lines.count()).toBe(result.usage!.edges.length);
    // Every line in a theme colour (purple, or blue where every solution runs), as opaque as its share.
    const purple = await themeColour(page, '--vscode-charts-purple'), blue = await themeColour(page, '--vscode-charts-blue');
    const drawn = await lines.evaluateAll((els) => els.map((e) => ({
      stroke: getComputedStyle(e).stroke, opacity: Number(getComputedStyle(e).strokeOpacity),
      all: e.classList.contains('lp-usage-all'), title: e.querySelector('title')?.textContent ?? '',
    })));
    // Most of the loop is the same in all 12: solid; the corner where they differ is shaded.
    expect(drawn.filter((d) => d.all).length).toBeGreaterThan(drawn.length / 2);
    expect(drawn.filter((d) => !d.all).length).toBeGreaterThan(0);
    for (const d of drawn) {
      expect(d.stroke).toBe(d.all ? blue : purple);
      expect(d.title).toMatch(/^used by [\d,.]+(e\d+)? of [\d,.]+(e\d+)? solutions$/);
      expect(d.opacity).toBeGreaterThan(0.1);
    }
    // The suggested hints: marked on the map only, each with what it leaves.
    const marks = boards.nth(2).locator('g.lp-suggest');
    expect(await marks.count()).toBeGreaterThan(0);
    expect(await boards.nth(0).locator('g.lp-suggest').count()).toBe(0);
    expect(await marks.first().locator('title').textContent()).toMatch(/^a \d here: /);
    expect(await marks.first().locator('rect').evaluate((e) => getComputedStyle(e).stroke)).toBe(await themeColour(page, '--vscode-charts-green'));
    expect((await probe(page)).violations).toEqual([]);
    await page.screenshot({ path: join(artifacts, 'preview-ambiguity-map.png') });
    // Too narrow for three boards: one at a time, the toolbar button going on to the map and back.
    await page.setViewportSize(SIDE_BY_SIDE);
    await deliver(page, message(file, renderSvg(puzzle, result), result));
    const shown = () => page.evaluate(() => [...document.querySelectorAll('#board svg g.lp-board')]
      .filter((g: any) => g.getBoundingClientRect().width > 0).map((g: any) => g.getAttribute('data-panel')));
    const button = page.locator('#other-solution');
    expect(await shown()).toEqual(['0']);
    expect(await button.textContent()).toBe('Show solution 2');
    await button.click();
    expect(await shown()).toEqual(['1']);
    expect(await button.textContent()).toBe('Show ambiguity map');
    await button.click();
    expect(await shown()).toEqual(['2']);
    expect(await button.textContent()).toBe('Show solution 1');
    await page.screenshot({ path: join(artifacts, 'preview-ambiguity-map-alone.png') });
    await button.click();
    expect(await shown()).toEqual(['0']);
    await page.close();
  });

  it('shows the difficulty grade as a second board: each level in its own theme colour with a tooltip, the stall shaded, in light and dark', async () => {
    const page = await openPreview(undefined, { viewport: { width: 1500, height: 800 } });
    const cases = [
      { file: 'sq10-t-01.slk', text: readFileSync(join(root, 'test', 'fixtures', 'slitherlink', 'loopy-graded', 'sq10-t-01.slk'), 'utf8'), kind: 'slitherlink' as const },
      { file: '21_6x6.slk', text: readFileSync(join(root, 'test', 'fixtures', 'slitherlink', '21_6x6.slk'), 'utf8'), kind: 'slitherlink' as const },
      { file: '001_8x8.nlk', text: readFileSync(join(root, 'test', 'fixtures', 'numberlink', 'janko', '001_8x8.nlk'), 'utf8'), kind: 'numberlink' as const },
    ];
    const levelVars = ['--vscode-charts-blue', '--vscode-charts-green', '--vscode-charts-orange', '--vscode-charts-red'];
    for (const theme of [DARK_THEME, LIGHT_THEME]) {
      await paint(page, theme);
      for (const c of cases) {
        const result = checkText(c.text, c.kind, { grade: true, gradeSteps: true, redundant: false });
        const puzzle = c.kind === 'slitherlink' ? parseSlitherlink(c.text).puzzle! : parseNumberlink(c.text).puzzle!;
        await deliver(page, message(c.file, renderSvg(puzzle as Puzzle, result), { ...result }));
        const boards = page.locator('#board svg g.lp-board');
        expect(await boards.count(), c.file).toBe(2);
        const grade = boards.nth(1);
        expect(await grade.getAttribute('data-name')).toBe('grade');
        const drawn = await grade.locator('line.lp-grade-edge').evaluateAll((els) => els.map((e) => ({
          level: e.getAttribute('data-level'), stroke: getComputedStyle(e).stroke, title: e.querySelector('title')?.textContent ?? '',
        })));
        expect(drawn.length, c.file).toBe(result.gradeSteps!.reduce((n, st) => n + st.edges.length, 0));
        // Each level in its theme colour, the colours of different levels told apart.
        const colours = await Promise.all(levelVars.map((v) => themeColour(page, v)));
        expect(new Set(colours).size).toBe(4);
        result.gradeSteps!.forEach((st, k) => {
          for (const d of drawn.filter((x) => x.level === st.level)) {
            expect(d.stroke, `${c.file} ${st.level}`).toBe(colours[k]);
            expect(d.title).toBe(`found at ${st.level}`);
          }
        });
        if (result.grade === 'needs search') {
          const cells = grade.locator('rect.lp-stuck-cell');
          expect(await cells.count()).toBe(result.stuck!.cells.length);
          expect(await cells.first().evaluate((e) => getComputedStyle(e).fill)).toBe(await themeColour(page, '--vscode-editor-findMatchHighlightBackground'));
          expect(await grade.locator('line.lp-stuck-edge').count()).toBe(result.stuck!.edges.length);
          // The shading lets clicks through to the cell (reveal its text).
          expect(await cells.first().evaluate((e) => getComputedStyle(e).pointerEvents)).toBe('none');
        }
        expect((await probe(page)).violations, c.file).toEqual([]);
        await page.screenshot({ path: join(artifacts, `preview-grade-${c.file.replace(/\W+/g, '-')}-${theme === DARK_THEME ? 'dark' : 'light'}.png`) });
      }
    }
    await page.close();
  });

  it('draws each Numberlink cell\'s label shares on the ambiguity map: the majority label in its colour, every count in the tooltip', async () => {
    // Arukone 12 without one endpoint pair's constraint would be too many; a small puzzle of a few solutions.
    const text = '# rule: notouch\n4 3\nA..A\n.B..\n..B.\n';
    const result = checkText(text, 'numberlink', { usage: true });
    expect(result.verdict).toBe('multiple');
    expect(result.usage!.cells!.length).toBeGreaterThan(0);
    const puzzle = parseNumberlink(text).puzzle!;
    const page = await openPreview(undefined, { viewport: { width: 1500, height: 700 } });
    await deliver(page, message('shares.nlk', renderSvg(puzzle, result), result));
    const map = page.locator('#board svg g.lp-board[data-name="ambiguity map"]');
    const cells = await map.locator('g.lp-usage-cell').evaluateAll((els) => els.map((e) => ({
      row: Number(e.getAttribute('data-row')), col: Number(e.getAttribute('data-col')),
      title: e.querySelector('title')?.textContent ?? '', label: e.querySelector('text')?.textContent ?? '',
      fill: getComputedStyle(e.querySelector('text')!).fill,
    })));
    const colors = labelColorsOf(puzzle.labels);
    for (const c of cells) {
      const u = result.usage!.cells!.find((x) => x.cell[0] === c.row && x.cell[1] === c.col)!;
      const top = [...u.labels].sort((a, b) => Number(b.count) - Number(a.count))[0]!;
      expect(c.label).toBe(top.label);
      expect(c.title.startsWith(`label ${top.label} in ${top.count} of ${result.usage!.of} solutions`)).toBe(true);
      expect(c.fill).toBe(await themeColour(page, PATH_COLORS[colors[puzzle.labels.indexOf(top.label)]!]!.variable));
    }
    expect(cells.length).toBe(result.usage!.cells!.filter((x) => puzzle.cells[x.cell[0] * puzzle.cols + x.cell[1]]! < 0).length);
    expect((await probe(page)).violations).toEqual([]);
    await page.screenshot({ path: join(artifacts, 'preview-map-cells.png') });
    await page.close();
  });

  it('colours Numberlink letters that name colours with those theme colours, other labels with distinct ones, light and dark', async () => {
    const text = readFileSync(join(root, 'samples', 'flow.nlk'), 'utf8');
    const result = checkText(text, 'numberlink');
    expect(result.verdict).toBe('unique');
    const puzzle = parseNumberlink(text).puzzle!;
    expect([...puzzle.labels].sort()).toEqual(['B', 'G', 'O', 'R', 'Y']);
    const named: Record<string, string> = {
      R: '--vscode-charts-red', G: '--vscode-charts-green', B: '--vscode-charts-blue', Y: '--vscode-terminal-ansiYellow', O: '--vscode-charts-orange',
    };
    // A puzzle of many numbered labels, to see the palette for labels that name no colour.
    const { text: many } = denseNumberlink(4, 6);
    const manyPuzzle = parseNumberlink(many).puzzle!;
    for (const [theme, name] of [[DARK_THEME, 'dark'], [LIGHT_THEME, 'light']] as const) {
      const page = await openPreview(undefined, { theme, viewport: SIDE_BY_SIDE });
      await deliver(page, message('flow.nlk', renderSvg(puzzle, result), result));
      await page.screenshot({ path: join(artifacts, `preview-flow-${name}.png`) });
      const strokes = await page.locator('#board svg polyline.lp-path').evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-label'), getComputedStyle(e).stroke]));
      expect(strokes).toHaveLength(5);
      for (const [label, stroke] of strokes) expect(stroke, `${name} ${label}`).toBe(await themeColour(page, named[label!]));
      // The endpoints take their path's colour.
      const ends = await page.locator('#board svg circle.lp-endpoint').evaluateAll((els) => els.map((e) => getComputedStyle(e).fill));
      expect(new Set(ends).size).toBe(5);

      // Every colour of the palette: readable on the background, and unlike every other one.
      await deliver(page, { ...message('many.nlk', renderSvg(manyPuzzle, null), result), verdict: 'pending' });
      const palette = await page.evaluate(() => {
        const out: string[] = [];
        for (let i = 0; ; i++) {
          const el = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
          el.setAttribute('class', `lp-color-${i}`);
          document.querySelector('#board svg').appendChild(el);
          const fill = getComputedStyle(el).fill;
          el.remove();
          if (fill === 'rgb(0, 0, 0)' || fill === 'none' || out.length > 40) break;
          out.push(fill);
        }
        return out;
      });
      const bg = await themeColour(page, '--vscode-editor-background');
      expect(palette.length).toBeGreaterThanOrEqual(12);
      for (const c of palette) expect(contrast(c, bg), `${name} ${c} on ${bg}`).toBeGreaterThanOrEqual(2.9);
      for (let i = 0; i < palette.length; i++) {
        for (let j = i + 1; j < palette.length; j++) expect(deltaE(palette[i], palette[j]), `${name} ${palette[i]} vs ${palette[j]}`).toBeGreaterThanOrEqual(15);
      }
      // Numbered labels take distinct colours.
      const fills = await page.locator('#board svg circle.lp-endpoint').evaluateAll((els) => els.map((e) => getComputedStyle(e).fill));
      expect(new Set(fills).size).toBe(manyPuzzle.labels.length);
      expect((await probe(page)).violations).toEqual([]);
      await page.close();
    }
  }, 60_000);

  it('draws Loopy tilings as their polygons: every tiling, hints never overlap or get cut, a honeycomb as large as squares', async () => {
    const failures: string[] = [];
    const page = await openPreview(undefined, { viewport: SIDE_BY_SIDE });
    // `# grid: square` is the plain square grid, drawn as it always was.
    for (const t of TILINGS.filter((x) => x.name !== 'square')) {
      const ref = { name: t.name, width: Math.max(5, t.amin), height: Math.max(5, t.omin), ...(t.name === 'triangular' ? { desc: '0' } : {}) };
      const lattice = makeLattice(ref);
      // A hint in every face, as large as the face takes (two digits on 12-gons).
      const rows = Array.from({ length: lattice.rowCount }, (_, r) =>
        Array.from({ length: lattice.rowOff[r + 1] - lattice.rowOff[r] }, (_, k) => String(lattice.faceSize(lattice.rowOff[r] + k))).join(' '));
      const text = `# grid: ${t.name} ${ref.width}x${ref.height}\n${rows.join('\n')}\n`;
      const { puzzle, problems } = parseSlitherlink(text);
      if (problems.length > 0 || !puzzle?.tiling) { failures.push(`${t.name}: ${problems[0]?.message}`); continue; }
      const result = { kind: 'slitherlink', rows: puzzle.rows, cols: puzzle.cols, tiling: puzzle.tiling, verdict: 'unknown', count: null, errors: [], ms: 1,
        stopped: { limit: 'time', message: 'undecided: time limit', nodes: 0, progress: 0 } } as CheckResult;
      const svg = renderSvg(puzzle, result, { picture: tilingPicture(puzzle.tiling)! });
      await deliver(page, message(`${t.name}.slk`, svg, result));
      for (const step of ['#zoom-reset', '#zoom-fit']) {
        await page.click(step);
        const m = await measureTexts(page, step === '#zoom-fit');
        if (m.count < lattice.faceCount) failures.push(`${t.name} ${step}: ${m.count} texts for ${lattice.faceCount} faces`);
        for (const o of m.overlaps) failures.push(`${t.name} ${step}: overlap ${o}`);
        for (const c of m.cut) failures.push(`${t.name} ${step}: cut ${c}`);
      }
      const polygons = await page.evaluate(() => document.querySelectorAll('#board polygon.lp-face').length);
      if (polygons !== lattice.faceCount) failures.push(`${t.name}: ${polygons} polygons for ${lattice.faceCount} faces`);
      if (t.name === 'dodecagonal') await page.screenshot({ path: join(artifacts, 'preview-tiling-dodecagonal.png') });
    }
    expect(failures).toEqual([]);

    // A real honeycomb (Loopy's game ID), checked: its loop, its redundant hints faded, drawn at the size of a square grid.
    const text = readFileSync(join(root, 'test', 'fixtures', 'lsp', 'honeycomb-10x10.slk'), 'utf8');
    const { puzzle } = parseSlitherlink(text);
    const result = checkText(text, 'slitherlink');
    expect(result.verdict).toBe('unique');
    await deliver(page, message('honeycomb-10x10.slk', renderSvg(puzzle!, result, { picture: tilingPicture(puzzle!.tiling!)! }), result));
    await page.click('#zoom-reset');
    const seen = await page.evaluate(() => {
      const hex = document.querySelector('#board polygon.lp-face').getBoundingClientRect();
      const hint = document.querySelector('#board text.lp-hint').getBoundingClientRect();
      const faded = document.querySelectorAll('#board text.lp-hint.lp-redundant').length;
      const edges = document.querySelectorAll('#board line.lp-edge').length;
      return { w: hex.width, h: hex.height, hint: hint.height, faded, edges, draw: document.getElementById('draw-loop').hidden, edit: document.getElementById('edit-hints').hidden };
    });
    expect(seen.faded).toBe(result.redundant!.length);
    expect(seen.edges).toBe((result.solution as { edges: unknown[] }).edges.length);
    // A hexagon of the same area as a 36 px square: about 44 x 38 px.
    expect(Math.sqrt(seen.w * seen.h)).toBeGreaterThan(36);
    expect(Math.sqrt(seen.w * seen.h)).toBeLessThan(50);
    // Both Draw loop (a tiling's solution block marks faces) and Edit hints are offered on a tiling.
    expect(seen.draw).toBe(false);
    expect(seen.edit).toBe(false);
    const m = await measureTexts(page, false);
    expect(m.overlaps).toEqual([]);
    await page.click('#zoom-fit');
    await page.screenshot({ path: join(artifacts, 'preview-tiling-honeycomb.png') });
    // A click on a face asks for that face's text.
    await page.click('#board polygon.lp-face[data-face="12"]', { force: true });
    const posted = (await probe(page)).posted.filter((p) => (p as { type: string }).type === 'reveal');
    expect(posted.at(-1)).toMatchObject({ type: 'reveal', face: 12 });
    // Edit hints on the faces: a click puts the cursor (the face's outline) there, a digit sets it;
    // the arrows go along the faces' order (from line to line) and keep the place up and down.
    await page.click('#edit-hints');
    const before = (await probe(page)).posted.length;
    await page.click('#board polygon.lp-face[data-face="12"]', { force: true });
    expect(await page.locator('#board svg polygon.lp-cursor').count()).toBe(1);
    await page.keyboard.press('5');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Delete');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('3');
    await page.click('#board polygon.lp-face[data-face="19"]', { force: true });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('1');
    const uri = 'file:///work/honeycomb-10x10.slk';
    expect((await probe(page)).posted.slice(before)).toEqual([
      { type: 'setCell', uri, row: 1, col: 2, value: '5' },
      { type: 'setCell', uri, row: 1, col: 3, value: '.' },
      { type: 'setCell', uri, row: 0, col: 3, value: '3' },
      { type: 'setCell', uri, row: 2, col: 0, value: '1' },
    ]);
    await page.screenshot({ path: join(artifacts, 'preview-tiling-edit-hints.png') });
    // Draw loop on the faces: a click toggles that face (its line and place), the arrows move along
    // the faces' order and Space toggles the cursor's face.
    await page.click('#draw-loop');
    const drawn = (await probe(page)).posted.length;
    await page.click('#board polygon.lp-face[data-face="12"]', { force: true });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
    await page.click('#board polygon.lp-face[data-face="19"]', { force: true });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
    expect((await probe(page)).posted.slice(drawn)).toEqual([
      { type: 'toggleCell', uri, row: 1, col: 2 },
      { type: 'toggleCell', uri, row: 1, col: 3 },
      { type: 'toggleCell', uri, row: 1, col: 9 },
      { type: 'toggleCell', uri, row: 2, col: 0 },
    ]);
    // The block written from the solution: its faces shaded under the loop, which it is.
    const withBlock = text + loopBlockChange(puzzle!, text, result)!.block;
    const blocked = parseSlitherlink(withBlock).puzzle!;
    await deliver(page, message('honeycomb-10x10.slk', renderSvg(blocked, result, { picture: tilingPicture(blocked.tiling!)! }), result));
    const intended = await page.evaluate(() => ({
      area: document.querySelectorAll('#board polygon.lp-intended-cell').length,
      dashed: document.querySelectorAll('#board line.lp-intended-edge').length,
      note: document.querySelector('#board .lp-note')?.textContent ?? '',
    }));
    expect(intended).toEqual({ area: Array.from(blocked.solution!).filter((x) => x === 1).length, dashed: (result.solution as { edges: unknown[] }).edges.length, note: 'Your loop (dashed) is the solution' });
    // The shading is no click target: a click on a shaded face still toggles that face.
    const f = Array.from(blocked.solution!).indexOf(1);
    const before2 = (await probe(page)).posted.length;
    await page.click(`#board polygon.lp-face[data-face="${f}"]`, { force: true });
    expect((await probe(page)).posted.slice(before2)).toEqual([{ type: 'toggleCell', uri, row: Math.floor(f / 10), col: f % 10 }]);
    await page.screenshot({ path: join(artifacts, 'preview-tiling-draw-loop.png') });
    expect((await probe(page)).violations).toEqual([]);
    await page.close();
  }, 120_000);
});

/** sRGB components 0..1 of a computed colour "rgb(r, g, b)". */
function rgb(css: string): number[] {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(css);
  if (!m) throw new Error(`not a colour: ${css}`);
  return [m[1], m[2], m[3]].map((v) => Number(v) / 255);
}
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
function luminance(css: string): number {
  const [r, g, b] = rgb(css).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** WCAG contrast ratio. */
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
/** CIE76 colour difference in L*a*b* (D65). */
function deltaE(a: string, b: string): number {
  const lab = (css: string) => {
    const [r, g, bl] = rgb(css).map(linear);
    const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
    const x = f((r * 0.4124 + g * 0.3576 + bl * 0.1805) / 0.95047), y = f(r * 0.2126 + g * 0.7152 + bl * 0.0722), z = f((r * 0.0193 + g * 0.1192 + bl * 0.9505) / 1.08883);
    return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
  };
  const p = lab(a), q = lab(b);
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}
