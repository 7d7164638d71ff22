#!/usr/bin/env node
// Keystroke-to-diagnostics latency of the language server (dist/server.js over stdio, as an editor
// runs it): open a puzzle, then "type": each keystroke makes a different text (so nothing comes
// from the cache) and we time didChange -> the first diagnostics for that version (the verdict)
// and -> the final result (redundant hints included). Slitherlink: a keystroke blanks a hint.
// Numberlink: a keystroke moves an endpoint to a free neighbouring cell (the label typed there,
// the old cell blanked: one edit, as the preview's hint editing or a cut and paste makes it).
//   node test/bench/lsp-latency.mjs [--keys N] [--json FILE]
// Targets: medians under 150 ms (10x10) and under 1 s (20x20) to the verdict (issue 4); a 15x15
// Arukone (the Nikoli rule) under 1 s (issue 18).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import rpc from 'vscode-jsonrpc/node.js';
import { median } from './stats.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values: opt } = parseArgs({ options: { keys: { type: 'string' }, json: { type: 'string' } } });
const KEYS = Number(opt.keys ?? 9);
const server = join(root, 'dist/server.js');
if (!existsSync(server)) {
  console.error('lsp-latency: dist/server.js is missing (npm run build)');
  process.exit(1);
}
const cases = [
  { name: '10x10', mode: 'redundant', file: 'test/fixtures/slitherlink/10x10_hard_01.slk', waitFinal: true },
  { name: '10x10', mode: 'any', file: 'test/fixtures/slitherlink/10x10_hard_01.slk', waitFinal: true },
  { name: '20x20', mode: 'redundant', file: 'test/fixtures/slitherlink/20x20_hard_01.slk', waitFinal: true },
  { name: '20x20', mode: 'any', file: 'test/fixtures/slitherlink/20x20_hard_01.slk', waitFinal: true },
  { name: '15x15', mode: 'move', file: 'test/fixtures/numberlink/arukone/128_15x15.nlk', waitFinal: true },
];

/** Cells of a puzzle text: [row, col, offset, token] of every cell (comments and a Numberlink size line skipped). */
function cellsOf(text, numberlink) {
  const cells = [];
  let offset = 0, row = 0, sized = !numberlink;
  for (const line of text.split('\n')) {
    if (line.trim() !== '' && !line.trimStart().startsWith('#')) {
      if (!sized) sized = true;
      else {
        // Numberlink rows are whitespace-separated tokens; compact Slitherlink rows are characters.
        const re = numberlink || /\s/.test(line.trim()) ? /\S+/g : /\S/g;
        let col = 0;
        for (const m of line.matchAll(re)) cells.push([row, col++, offset + m.index, m[0]]);
        row++;
      }
    }
    offset += line.length + 1;
  }
  return cells;
}

/** Numberlink texts, each with one endpoint moved to a free neighbouring cell (k-th endpoint, spread over the grid). */
function movedEndpoints(text, keys) {
  const cells = cellsOf(text, true);
  const at = new Map(cells.map((c) => [`${c[0]},${c[1]}`, c]));
  const ends = cells.filter((c) => c[3] !== '.');
  const texts = [];
  for (let k = 0; texts.length < keys && k < ends.length; k++) {
    const [r, c, o, label] = ends[Math.floor((k * ends.length) / keys) % ends.length];
    const to = [[r, c + 1], [r + 1, c], [r, c - 1], [r - 1, c]].map(([rr, cc]) => at.get(`${rr},${cc}`)).find((x) => x && x[3] === '.');
    if (!to) continue;
    // Same length edits: the label goes where a '.' was, padded; the old cell becomes '.'.
    const edits = [[o, label, '.'.padEnd(label.length)], [to[2], '.', label]].sort((a, b) => b[0] - a[0]);
    let next = text;
    for (const [off, old, rep] of edits) next = next.slice(0, off) + rep + next.slice(off + old.length);
    texts.push(next);
  }
  return texts;
}

async function run(c) {
  const proc = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
  const waiters = [];
  const on = (method, params) => {
    for (const w of waiters.slice()) if (w.method === method && w.match(params)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(performance.now());
    }
  };
  conn.onNotification((m, p) => on(m, p));
  conn.onRequest(() => null);
  conn.listen();
  const wait = (method, match) => new Promise((resolve) => waiters.push({ method, match, resolve }));
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  await conn.sendNotification('initialized', {});

  const text = readFileSync(join(root, c.file), 'utf8');
  const numberlink = c.file.endsWith('.nlk');
  const uri = `file:///bench/${c.name}.${numberlink ? 'nlk' : 'slk'}`;
  const verdicts = [];
  let redundant = [];
  const final = (v) =>
    wait('linkpuzzle/resultChanged', (p) => {
      if (p.uri !== uri || p.version !== v || p.result.extrasPending) return false;
      verdicts.push(p.result.verdict);
      if (v === 1) redundant = p.result.redundant ?? [];
      return true;
    });
  const first = (v) => wait('textDocument/publishDiagnostics', (p) => p.uri === uri && p.version === v);
  let t0 = performance.now();
  const opened = final(1);
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: numberlink ? 'numberlink' : 'slitherlink', version: 1, text } });
  const cold = (await opened) - t0;

  // The texts typed: a redundant hint blanked (the puzzle stays unique, so every keystroke needs
  // the full check and a new redundancy search), any hint blanked, or an endpoint moved.
  const blank = (o) => text.slice(0, o) + '.' + text.slice(o + 1);
  const cells = cellsOf(text, numberlink);
  const hintCells = c.mode === 'redundant'
    ? redundant.map((h) => cells.find(([r, cc]) => r === h.row && cc === h.col))
    : cells.filter(([, , , t]) => /^[0-4]$/.test(t));
  const texts = c.mode === 'move'
    ? movedEndpoints(text, KEYS)
    : Array.from({ length: Math.min(KEYS, hintCells.length) }, (_, k) => blank(hintCells[Math.floor((k * hintCells.length) / KEYS)][2]));
  const verdict = [], full = [];
  for (let k = 0; k < texts.length; k++) {
    const next = texts[k];
    const v = k + 2;
    const gotFirst = first(v), gotFinal = final(v);
    await new Promise((r) => setTimeout(r, 500)); // a pause between keystrokes, as a designer thinks
    t0 = performance.now();
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ text: next }] });
    verdict.push((await gotFirst) - t0);
    if (c.waitFinal) full.push((await gotFinal) - t0);
  }
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  conn.dispose();
  proc.kill();
  return { name: c.name, mode: c.mode, verdicts, cold, verdictMedian: median(verdict), fullMedian: median(full), verdict, full };
}

const results = [];
for (const c of cases) results.push(await run(c));
console.log('Language server: keystroke -> diagnostics (dist/server.js over stdio, default settings)');
console.log('puzzle  keystroke          open (all)   keystroke -> verdict (median)   keystroke -> with redundant hints (median)');
for (const r of results) {
  const f = (ms) => (ms == null ? '-' : `${Math.round(ms)} ms`);
  console.log(`${r.name.padEnd(7)} ${({ redundant: 'a redundant hint', any: 'any hint', move: 'an endpoint moved' }[r.mode]).padEnd(16)} ${f(r.cold).padStart(10)}   ${f(r.verdictMedian).padStart(28)}   ${f(r.fullMedian).padStart(40)}`);
  console.log(`        verdicts: ${r.verdicts.join(' ')}; each keystroke: ${r.verdict.map(f).join(', ')}`);
}
if (opt.json) writeFileSync(opt.json, JSON.stringify(results, null, 2));
