/**
 * The preview page's script (bundled for the browser). It only displays what the extension
 * sends (the SVG is drawn by client/src/render.ts in the extension), keeps zoom and scroll in the
 * webview state so that they survive updates, hiding and reloads, and reports clicks on cells.
 *
 * Layout: the picture's viewBox is fitted to what is drawn, measured in the page (captions and
 * notes in the real font), and boards are moved apart if a caption is wider than the renderer
 * estimated, so no text is cut or drawn over another. Two solutions are drawn side by side when
 * the panel has room for both at a readable size; otherwise one at a time, at the size a single
 * board gets, with the differences marked and a toolbar button to show the other.
 *
 * "Draw loop" (Slitherlink only): while the toolbar toggle is on, a click on a cell (or Space /
 * Enter on the keyboard cursor, moved with the arrow keys) asks the extension to toggle that cell
 * in the text's solution block instead of revealing its text. The toggle is kept in the state.
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
const drawButton = document.getElementById('draw-loop') as HTMLButtonElement;
const editButton = document.getElementById('edit-hints') as HTMLButtonElement;
const otherButton = document.getElementById('other-solution') as HTMLButtonElement;

const MIN_ZOOM = 0.1;
const MAX_ZOOM = 8;
const FIT_MAX = 2.5;
/**
 * Two boards go side by side when Fit draws them at least this large (hints of 15 px), or as
 * large as it would draw one of them alone; else one at a time.
 */
const READABLE = 0.75;

let state: PreviewState = vscode.getState() ?? {};
let zoom: number | 'fit' = state.zoom ?? 'fit';
let uri = state.uri ?? '';
let drawLoop = state.drawLoop === true;
/** *Edit hints*: clicks and keys set cells' hints (never together with *Draw loop*). */
let editHints = state.editHints === true && !drawLoop;
/** What was typed into the cursor's cell so far (a Numberlink label of several characters), and when. */
let typed = { text: '', at: 0 };
/** The board shown when they do not fit side by side (solution 1, 2, the ambiguity map). */
let solution = Number.isInteger(state.solution) && state.solution! >= 0 ? state.solution! : 0;
/** Whether the current picture's two boards are shown side by side (or it has one board). */
let sideBySide = true;
/** The keyboard cursor of "Draw loop" (a cell of the first board), once the arrows moved it. */
let cursor: { row: number; col: number } | null = null;
/** Scroll offsets to put back once the first picture is in (a restored panel starts empty). */
let pendingScroll: { left: number; top: number } | null =
  state.scrollLeft !== undefined || state.scrollTop !== undefined
    ? { left: state.scrollLeft ?? 0, top: state.scrollTop ?? 0 }
    : null;

function save(): void {
  state = { uri, zoom, scrollLeft: content.scrollLeft, scrollTop: content.scrollTop, drawLoop, editHints, solution };
  vscode.setState(state);
}

function svgElement(): SVGSVGElement | null {
  return board.querySelector('svg');
}

function naturalSize(svg: SVGSVGElement): { w: number; h: number } {
  const vb = svg.viewBox.baseVal;
  return vb && vb.width > 0 ? { w: vb.width, h: vb.height } : { w: 400, h: 300 };
}

interface Box { x: number; y: number; w: number; h: number }

function union(boxes: Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x)), y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.w)), bottom = Math.max(...boxes.map((b) => b.y + b.h));
  return { x, y, w: right - x, h: bottom - y };
}

/** Room for the picture in the panel (as Fit uses it). */
function room(): { w: number; h: number } {
  return { w: content.clientWidth - 16, h: content.clientHeight - 16 };
}

/** The zoom at which Fit shows a picture of this size. */
function fitZoom(w: number, h: number): number {
  const r = room();
  return Math.max(MIN_ZOOM, Math.min(FIT_MAX, r.w / w, r.h / h));
}

/**
 * Measures what the picture draws and fits its viewBox to it (with the renderer's margin): boards
 * move right where a caption or note is wider than its column, and with two boards and too little
 * room for both, only the chosen one is shown.
 */
function layout(): void {
  const svg = svgElement();
  if (!svg) return;
  const pad = Number(svg.getAttribute('data-pad') ?? 0);
  const gap = Number(svg.getAttribute('data-gap') ?? 0);
  const boards = [...svg.querySelectorAll<SVGGElement>('g.lp-board')];
  if (boards.length === 0) {
    // A message: keep the renderer's box, widened to the text if the font is wider than estimated.
    if (!svg.dataset.box) svg.dataset.box = svg.getAttribute('viewBox') ?? '';
    const [x, y, w, h] = svg.dataset.box.split(/\s+/).map(Number);
    const drawn = svg.getBBox();
    const box = union([{ x, y, w, h }, { x: drawn.x - pad, y: drawn.y - pad, w: drawn.width + 2 * pad, h: drawn.height + 2 * pad }]);
    svg.setAttribute('viewBox', `${box.x} ${box.y} ${box.w} ${box.h}`);
    sideBySide = true;
    showSolutionButton(boards.length);
    return;
  }
  for (const b of boards) b.classList.remove('lp-hidden');
  const placed: Box[] = [];
  let right = -Infinity;
  for (const b of boards) {
    const bb = b.getBBox();
    const x = Math.max(Number(b.dataset.x ?? 0), right + gap - bb.x);
    const y = Number(b.dataset.y ?? 0);
    b.setAttribute('transform', `translate(${x} ${y})`);
    placed.push({ x: x + bb.x, y: y + bb.y, w: bb.width, h: bb.height });
    right = x + bb.x + bb.width;
  }
  const padded = (b: Box): Box => ({ x: b.x - pad, y: b.y - pad, w: b.w + 2 * pad, h: b.h + 2 * pad });
  const all = padded(union(placed));
  if (boards.length > 1) {
    const one = Math.min(...placed.map((b) => { const p = padded(b); return fitZoom(p.w, p.h); }));
    sideBySide = fitZoom(all.w, all.h) >= Math.min(one, READABLE);
  } else {
    sideBySide = true;
  }
  let box = all;
  if (!sideBySide) {
    const shown = Math.min(solution, boards.length - 1);
    boards.forEach((b, i) => b.classList.toggle('lp-hidden', i !== shown));
    box = padded(placed[shown]);
  }
  svg.setAttribute('viewBox', `${box.x} ${box.y} ${box.w} ${box.h}`);
  showSolutionButton(boards.length);
}

function showSolutionButton(boards: number): void {
  otherButton.hidden = sideBySide || boards < 2;
  if (boards < 2) return;
  const next = svgElement()?.querySelectorAll<SVGGElement>('g.lp-board')[(Math.min(solution, boards - 1) + 1) % boards];
  otherButton.textContent = `Show ${next?.dataset.name ?? 'the other solution'}`;
}

function effectiveZoom(): number {
  if (zoom !== 'fit') return zoom;
  const svg = svgElement();
  if (!svg) return 1;
  const { w, h } = naturalSize(svg);
  return fitZoom(w, h);
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

/** The picture's board takes *Draw loop* (its genre says so: `data-draw-loop`; a tiling's faces too). */
function canDraw(): boolean {
  const svg = svgElement();
  return svg?.hasAttribute('data-draw-loop') === true && !svg.classList.contains('lp-too-large') && !svg.classList.contains('lp-message');
}

function gridSize(): { rows: number; cols: number } {
  const svg = svgElement();
  return { rows: Number(svg?.getAttribute('data-rows') ?? 0), cols: Number(svg?.getAttribute('data-cols') ?? 0) };
}

/** The picture is a grid whose cells (a tiling's faces) can be edited (its genre says which keys: `data-edit-keys`), drawn in full. */
function canEdit(): boolean {
  const svg = svgElement();
  return svg !== null && svg.hasAttribute('data-edit-keys') && !svg.classList.contains('lp-too-large') &&
    !svg.classList.contains('lp-message');
}

/** A tiling's lines: how many faces each holds (its faces' `data-row` / `data-col`), or null on squares. */
function tilingLines(): number[] | null {
  const svg = svgElement();
  if (!svg?.classList.contains('lp-tiling')) return null;
  const lines: number[] = [];
  for (const f of Array.from(svg.querySelectorAll('.lp-board[data-panel="0"] polygon.lp-face'))) {
    const row = Number(f.getAttribute('data-row')), col = Number(f.getAttribute('data-col'));
    lines[row] = Math.max(lines[row] ?? 0, col + 1);
  }
  return lines;
}

/** Whether *Edit hints* types `key` into a cell (the genre's pattern of one key). */
function editKey(key: string): boolean {
  const pattern = svgElement()?.getAttribute('data-edit-keys');
  if (!pattern) return false;
  try {
    return new RegExp(pattern).test(key);
  } catch {
    return false;
  }
}

/** A mode that puts a cursor on the cells is on, for a picture that takes it. */
function cursorMode(): boolean {
  return (drawLoop && canDraw()) || (editHints && canEdit());
}

function showDrawState(): void {
  drawButton.hidden = !canDraw();
  drawButton.setAttribute('aria-pressed', drawLoop ? 'true' : 'false');
  editButton.hidden = !canEdit();
  editButton.setAttribute('aria-pressed', editHints ? 'true' : 'false');
  document.body.classList.toggle('drawing', cursorMode());
  drawCursor();
}

/** Puts the cursor's frame on its cell (again after every update, which replaces the picture). */
function drawCursor(): void {
  board.querySelector('.lp-cursor')?.remove();
  if (!cursor || !cursorMode()) return;
  const at = `[data-row="${cursor.row}"][data-col="${cursor.col}"]`;
  const cell = board.querySelector(`.lp-board:not(.lp-hidden) rect.lp-cell${at}`);
  // A tiling's face: the cursor is its outline.
  const face = cell ? null : board.querySelector(`.lp-board:not(.lp-hidden) polygon.lp-face${at}`);
  const shape = cell ?? face;
  if (!shape || !shape.parentNode) return;
  const frame = document.createElementNS('http://www.w3.org/2000/svg', cell ? 'rect' : 'polygon');
  frame.setAttribute('class', 'lp-cursor');
  for (const a of cell ? ['x', 'y', 'width', 'height'] : ['points']) frame.setAttribute(a, shape.getAttribute(a) ?? '0');
  shape.parentNode.appendChild(frame);
}

function setDrawLoop(on: boolean): void {
  drawLoop = on;
  if (on) editHints = false;
  showDrawState();
  save();
}

function setEditHints(on: boolean): void {
  editHints = on;
  if (on) drawLoop = false;
  typed = { text: '', at: 0 };
  showDrawState();
  save();
}

/** Keys typed within this long into the same cell make one label ("12"). */
const TYPE_AHEAD_MS = 1000;

/** *Edit hints*: sets the cursor's cell to what was typed (`.` clears). */
function typeIntoCell(key: string): void {
  const at = cursor ?? { row: 0, col: 0 };
  cursor = clampCursor(at);
  const now = Date.now();
  // Keys typed quickly into one cell make one value where the genre's values are words (labels).
  const words = svgElement()?.hasAttribute('data-edit-words') === true;
  const clear = key === '.' || key === 'Delete' || key === 'Backspace';
  typed = clear ? { text: '', at: 0 } : { text: words && now - typed.at < TYPE_AHEAD_MS ? typed.text + key : key, at: now };
  drawCursor();
  vscode.postMessage({ type: 'setCell', uri, row: cursor.row, col: cursor.col, value: clear ? '.' : typed.text });
}

/** A place on the grid clamped into it (a tiling: into its lines, each as long as it is). */
function clampCursor(at: { row: number; col: number }): { row: number; col: number } {
  const lines = tilingLines();
  if (lines) {
    const row = Math.max(0, Math.min(lines.length - 1, at.row));
    return { row, col: Math.max(0, Math.min((lines[row] ?? 1) - 1, at.col)) };
  }
  const { rows, cols } = gridSize();
  return { row: Math.max(0, Math.min(rows - 1, at.row)), col: Math.max(0, Math.min(cols - 1, at.col)) };
}

function toggleCell(row: number, col: number): void {
  cursor = { row, col };
  drawCursor();
  vscode.postMessage({ type: 'toggleCell', uri, row, col });
}

function update(m: HostMessage): void {
  uri = m.uri;
  title.textContent = m.title;
  summary.textContent = m.summary;
  summary.title = m.summaryTitle ?? '';
  summary.dataset.verdict = m.verdict;
  document.body.classList.toggle('checking', m.checking);
  document.body.dataset.verdict = m.verdict;
  // Replace only the picture: the scrolling container (and so the scroll position) stays.
  const left = content.scrollLeft, top = content.scrollTop;
  board.innerHTML = m.svg;
  layout();
  applyZoom();
  showDrawState();
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
  if (!Number.isInteger(row) || !Number.isInteger(col)) return;
  if (drawLoop && canDraw()) toggleCell(row, col);
  else if (editHints && canEdit()) {
    cursor = { row, col };
    typed = { text: '', at: 0 };
    drawCursor();
    content.focus();
  } else {
    // A tiling's face: its number says which text it is (line and place alone would need the lattice).
    const face = Number(target.getAttribute('data-face') ?? NaN);
    vscode.postMessage(Number.isInteger(face) ? { type: 'reveal', uri, row, col, face } : { type: 'reveal', uri, row, col });
  }
});

drawButton.addEventListener('click', () => setDrawLoop(!drawLoop));
editButton.addEventListener('click', () => setEditHints(!editHints));

otherButton.addEventListener('click', () => {
  const boards = svgElement()?.querySelectorAll('g.lp-board').length ?? 2;
  solution = (Math.min(solution, boards - 1) + 1) % Math.max(boards, 1);
  layout();
  applyZoom();
  drawCursor();
  save();
});

// Keyboard drawing and editing: the arrows move the cursor over the cells; Space or Enter toggles
// its cell (Draw loop), a typed hint or label sets it and . / Delete / Backspace clears it (Edit hints).
content.addEventListener('keydown', (event) => {
  if (!cursorMode() || event.ctrlKey || event.metaKey || event.altKey) return;
  const { rows, cols } = gridSize();
  if (rows <= 0 || cols <= 0) return;
  const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const move = moves[event.key];
  if (move) {
    const from = cursor ?? { row: 0, col: 0 };
    // On a tiling left and right go along the faces' order, from line to line; up and down keep the place.
    const lines = tilingLines();
    let to = { row: from.row + move[0], col: from.col + move[1] };
    if (lines && move[1] !== 0) {
      if (to.col < 0 && from.row > 0) to = { row: from.row - 1, col: (lines[from.row - 1] ?? 1) - 1 };
      else if (to.col >= (lines[from.row] ?? 0) && from.row + 1 < lines.length) to = { row: from.row + 1, col: 0 };
    }
    cursor = cursor ? clampCursor(to) : from;
    typed = { text: '', at: 0 };
    drawCursor();
    board.querySelector('.lp-cursor')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  } else if (editHints) {
    if (editKey(event.key) || event.key === '.' || event.key === 'Delete' || event.key === 'Backspace') typeIntoCell(event.key);
    else return;
  } else if (event.key === ' ' || event.key === 'Enter') {
    // Into the grid (a tiling: into its lines, each as long as it is).
    const at = clampCursor(cursor ?? { row: 0, col: 0 });
    toggleCell(at.row, at.col);
  } else {
    return;
  }
  event.preventDefault();
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
  // The room decides whether two boards go side by side.
  layout();
  applyZoom();
  drawCursor();
});
// Captions are measured in the UI font: measure again once the page's fonts are in.
void document.fonts?.ready.then(() => {
  layout();
  applyZoom();
});

applyZoom();
showDrawState();
vscode.postMessage({ type: 'ready' });
