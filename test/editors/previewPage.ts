/**
 * The preview page as a webview shows it, in headless Chromium: the same HTML (with its
 * Content-Security-Policy), page script (bundled from client/media/preview.ts, never a stale
 * dist/) and stylesheet, with the theme's variables on <html> and a stand-in acquireVsCodeApi
 * that records what the page posts and any CSP violation.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { previewHtml, type HostMessage } from '../../client/src/previewHtml';
import { DARK_THEME, launchChromium } from './chromium';

// Page globals for the callbacks that Playwright runs inside the browser (the project's lib has no DOM).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any, document: any;

const root = join(__dirname, '..', '..');
const ORIGIN = 'https://preview.test';

export interface PageProbe {
  posted: unknown[];
  violations: string[];
}

export interface OpenOptions {
  theme?: Record<string, string>;
  viewport?: { width: number; height: number };
}

export class PreviewPages {
  private browser: Browser | undefined;
  private script = '';
  private readonly css = readFileSync(join(root, 'client', 'media', 'preview.css'), 'utf8');

  /** Bundles the page script (as scripts/build.mjs does) and starts the browser. */
  async start(): Promise<void> {
    const tmp = mkdtempSync(join(tmpdir(), 'lp-preview-'));
    try {
      const out = join(tmp, 'preview.js');
      await esbuild.build({
        entryPoints: [join(root, 'client', 'media', 'preview.ts')],
        bundle: true, platform: 'browser', format: 'iife', target: 'es2022', outfile: out, logLevel: 'error',
      });
      this.script = readFileSync(out, 'utf8');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    this.browser = await launchChromium();
  }

  async stop(): Promise<void> {
    await this.browser?.close();
  }

  /** A new page showing the preview, with `saved` as the webview's restored state. */
  async open(saved?: unknown, { theme = DARK_THEME, viewport = { width: 900, height: 640 } }: OpenOptions = {}): Promise<Page> {
    const page = await this.browser!.newPage({ viewport });
    const nonce = 'n0nce' + Math.random().toString(36).slice(2);
    const html = previewHtml({
      cspSource: ORIGIN, nonce, scriptUri: `${ORIGIN}/media/preview.js`, styleUri: `${ORIGIN}/media/preview.css`, title: 'Preview',
    });
    const { script, css } = this;
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
      { theme, saved },
    );
    await page.goto(`${ORIGIN}/index.html`);
    await page.waitForFunction(() => (window as unknown as { __probe: PageProbe }).__probe.posted.length > 0);
    return page;
  }
}

/** Posts an update to the page and waits until it shows that verdict. */
export async function send(page: Page, m: HostMessage): Promise<void> {
  // Wait for this update's picture, not the one before it (which may have the same verdict).
  await page.evaluate((msg) => {
    window.__before = document.querySelector('#board svg');
    window.postMessage(msg, '*');
  }, m);
  await page.waitForFunction((v) => {
    const svg = document.querySelector('#board svg');
    return svg !== window.__before && svg?.getAttribute('data-verdict') === v;
  }, m.verdict);
}

/** What the page posted and which CSP violations it met. */
export const probe = (page: Page): Promise<PageProbe> => page.evaluate(() => (window as unknown as { __probe: PageProbe }).__probe);
