/**
 * The preview page's script (bundled for the browser). It only displays what the extension
 * sends (the SVG is drawn by client/src/render.ts in the extension), keeps zoom and scroll in the
 * webview state so that they survive updates, hiding and reloads, and reports clicks on cells.
 */
import type { HostMessage, PageMessage, PreviewState } from '../src/previewHtml';

interface VsCodeApi {
  postMessage(message: PageMessage): void;
  getState(): PreviewState | undefined;
  setState(state: PreviewState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const content = document.getElementById('content') as HTMLElement;
const board = document.getElementById('board') as HTMLElement;
const title = document.getElementById('title') as HTMLElement;
const summary = document.getElementById('summary') as HTMLElement;
const zoomLabel = document.getElementById('zoom-reset') as HTMLButtonElement;

const MIN_ZOOM = 0.1;
const MAX_ZOOM = 8;
const FIT_MAX = 2.5;

let state: PreviewState = vscode.getState() ?? {};
let zoom: number | 'fit' = state.zoom ?? 'fit';
let uri = state.uri ?? '';
/** Scroll offsets to put back once the first picture is in (a restored panel starts empty). */
let pendingScroll: { left: number; top: number } | null =
  state.scrollLeft !== undefined || state.scrollTop !== undefined
    ? { left: state.scrollLeft ?? 0, top: state.scrollTop ?? 0 }
    : null;

function save(): void {
  state = { uri, zoom, scrollLeft: content.scrollLeft, scrollTop: content.scrollTop };
  vscode.setState(state);
}

function svgElement(): SVGSVGElement | null {
  return board.querySelector('svg');
}

function naturalSize(svg: SVGSVGElement): { w: number; h: number } {
  const vb = svg.viewBox.baseVal;
  return vb && vb.width > 0 ? { w: vb.width, h: vb.height } : { w: 400, h: 300 };
}

function effectiveZoom(): number {
  if (zoom !== 'fit') return zoom;
  const svg = svgElement();
  if (!svg) return 1;
  const { w, h } = naturalSize(svg);
  const fit = Math.min((content.clientWidth - 16) / w, (content.clientHeight - 16) / h);
  return Math.max(MIN_ZOOM, Math.min(FIT_MAX, fit));
}

function applyZoom(): void {
  const svg = svgElement();
  const z = effectiveZoom();
  if (svg) {
    const { w, h } = naturalSize(svg);
    svg.setAttribute('width', String(Math.round(w * z)));
    svg.setAttribute('height', String(Math.round(h * z)));
  }
  zoomLabel.textContent = `${Math.round(z * 100)}%`;
  document.body.dataset.zoom = zoom === 'fit' ? 'fit' : String(zoom);
}

/** Zooms to `next`, keeping the picture point under (clientX, clientY) where it is. */
function zoomTo(next: number | 'fit', clientX?: number, clientY?: number): void {
  const before = effectiveZoom();
  const rect = content.getBoundingClientRect();
  const px = (clientX ?? rect.left + rect.width / 2) - rect.left;
  const py = (clientY ?? rect.top + rect.height / 2) - rect.top;
  const x = (content.scrollLeft + px) / before;
  const y = (content.scrollTop + py) / before;
  zoom = next === 'fit' ? 'fit' : Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, next));
  applyZoom();
  const after = effectiveZoom();
  content.scrollLeft = x * after - px;
  content.scrollTop = y * after - py;
  save();
}

const step = (dir: 1 | -1): number => {
  const z = effectiveZoom();
  return dir > 0 ? z * 1.25 : z / 1.25;
};

function update(m: HostMessage): void {
  uri = m.uri;
  title.textContent = m.title;
  summary.textContent = m.summary;
  summary.dataset.verdict = m.verdict;
  document.body.classList.toggle('checking', m.checking);
  document.body.dataset.verdict = m.verdict;
  // Replace only the picture: the scrolling container (and so the scroll position) stays.
  const left = content.scrollLeft, top = content.scrollTop;
  board.innerHTML = m.svg;
  applyZoom();
  if (pendingScroll) {
    content.scrollLeft = pendingScroll.left;
    content.scrollTop = pendingScroll.top;
    pendingScroll = null;
  } else {
    content.scrollLeft = left;
    content.scrollTop = top;
  }
  save();
}

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const m = event.data;
  if (m && m.type === 'update') update(m);
});

board.addEventListener('click', (event) => {
  const target = (event.target as Element | null)?.closest('[data-row][data-col]');
  if (!target) return;
  const row = Number(target.getAttribute('data-row'));
  const col = Number(target.getAttribute('data-col'));
  if (Number.isInteger(row) && Number.isInteger(col)) vscode.postMessage({ type: 'reveal', uri, row, col });
});

content.addEventListener(
  'wheel',
  (event) => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    zoomTo(step(event.deltaY < 0 ? 1 : -1), event.clientX, event.clientY);
  },
  { passive: false },
);

let scrollTimer: number | undefined;
content.addEventListener('scroll', () => {
  if (scrollTimer !== undefined) window.clearTimeout(scrollTimer);
  scrollTimer = window.setTimeout(save, 100);
});

window.addEventListener('keydown', (event) => {
  if (!event.ctrlKey && !event.metaKey) return;
  if (event.key === '=' || event.key === '+') zoomTo(step(1));
  else if (event.key === '-') zoomTo(step(-1));
  else if (event.key === '0') zoomTo(1);
  else return;
  event.preventDefault();
});

document.getElementById('zoom-in')?.addEventListener('click', () => zoomTo(step(1)));
document.getElementById('zoom-out')?.addEventListener('click', () => zoomTo(step(-1)));
document.getElementById('zoom-reset')?.addEventListener('click', () => zoomTo(1));
document.getElementById('zoom-fit')?.addEventListener('click', () => zoomTo('fit'));
window.addEventListener('resize', () => {
  if (zoom === 'fit') applyZoom();
});

applyZoom();
vscode.postMessage({ type: 'ready' });
