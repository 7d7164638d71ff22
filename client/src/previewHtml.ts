/**
 * The preview page's HTML and the messages between the extension and the page. Pure (no VS Code
 * imports), so the Chromium test builds exactly the page that the webview shows.
 */

/** Extension -> page. */
export type HostMessage = {
  type: 'update';
  uri: string;
  /** File name shown in the toolbar. */
  title: string;
  svg: string;
  /** One line about the check, e.g. "unique · 12 ms". */
  summary: string;
  /** The summary's tooltip (e.g. how many redundant hints can go together), '' for none. */
  summaryTitle?: string;
  verdict: string;
  /** A check of the current text is running. */
  checking: boolean;
};

/** Page -> extension. */
export type PageMessage =
  | { type: 'ready' }
  /** A click on a cell (on a tiling: `face`, the face's number, and its line and place as row and col). */
  | { type: 'reveal'; uri: string; row: number; col: number; face?: number }
  /** "Draw loop" is on and cell (row, col) was clicked: mark it inside/outside in the `---` block. */
  | { type: 'toggleCell'; uri: string; row: number; col: number }
  /** *Edit hints*: set the cell's text to a hint or label (`.` clears). */
  | { type: 'setCell'; uri: string; row: number; col: number; value: string };

/** What the page keeps with `vscode.setState` (and the serializer gets back after a reload). */
export interface PreviewState {
  uri?: string;
  /** A number, or 'fit' to follow the panel's size. */
  zoom?: number | 'fit';
  scrollLeft?: number;
  scrollTop?: number;
  /** The "Edit hints" toggle of the toolbar. */
  editHints?: boolean;
  /** The "Draw loop" toggle of the toolbar. */
  drawLoop?: boolean;
  /** Which board is shown when the panel has no room for them side by side (0, 1, or 2: the ambiguity map). */
  solution?: number;
}

export interface PageOptions {
  /** `webview.cspSource`. */
  cspSource: string;
  nonce: string;
  /** `asWebviewUri` of dist/media/preview.js and client/media/preview.css. */
  scriptUri: string;
  styleUri: string;
  title?: string;
}

export function newNonce(random: () => number = Math.random): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (let i = 0; i < 32; i++) s += chars[Math.floor(random() * chars.length)];
  return s;
}

const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function previewHtml(o: PageOptions): string {
  // Strict: nothing inline, scripts only with the nonce, styles and images only from the extension.
  const csp = [
    "default-src 'none'",
    `img-src ${o.cspSource} data:`,
    `style-src ${o.cspSource}`,
    `font-src ${o.cspSource}`,
    `script-src 'nonce-${o.nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attr(o.styleUri)}">
<title>${attr(o.title ?? 'Puzzle Preview')}</title>
</head>
<body>
<header id="toolbar">
  <span id="title"></span>
  <span id="summary" class="summary"></span>
  <span class="spacer"></span>
  <button id="draw-loop" aria-pressed="false" hidden
    title="Draw loop: click a cell (or move with the arrow keys and press Space) to mark it inside or outside the intended loop, in the text's --- block"
    aria-label="Draw loop">Draw loop</button>
  <button id="edit-hints" aria-pressed="false" hidden
    title="Edit hints: click a cell (or move with the arrow keys) and type a hint or a label, as the puzzle takes them; . or Delete clears it. Only that cell's text changes."
    aria-label="Edit hints">Edit hints</button>
  <button id="other-solution" hidden
    title="Several solutions: show the next board (two solutions with the cells or edges where they differ marked on both, then the ambiguity map)">Show solution 2</button>
  <button id="zoom-out" title="Zoom out (Ctrl+-)" aria-label="Zoom out">−</button>
  <button id="zoom-reset" title="Actual size (Ctrl+0)" aria-label="Actual size">100%</button>
  <button id="zoom-in" title="Zoom in (Ctrl+=)" aria-label="Zoom in">+</button>
  <button id="zoom-fit" title="Fit to the panel" aria-label="Fit">Fit</button>
</header>
<main id="content" tabindex="0"><div id="board"><p class="placeholder">Waiting for the puzzle…</p></div></main>
<script nonce="${attr(o.nonce)}" src="${attr(o.scriptUri)}"></script>
</body>
</html>`;
}

/** A picture of a short notice (no document, no server), in the style of the server's messages (preview/frame.ts messageSvg). */
export function noticeSvg(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const width = Math.max(480, 24 + Math.ceil([...text].length * 13 * 0.62));
  return `<svg xmlns="http://www.w3.org/2000/svg" class="lp-puzzle lp-message" viewBox="0 0 ${width} 60" width="${width}" height="60" data-pad="12">` +
    `<g transform="translate(12 0)"><text class="lp-caption" x="0" y="34"><tspan x="0" dy="0">${escaped}</tspan></text></g></svg>`;
}
