#!/usr/bin/env node
// Keystroke-to-diagnostics latency of the language server (dist/server.js over stdio, as an editor
// runs it): open a Slitherlink puzzle, then "type": each keystroke blanks a different hint (so every
// text is new and nothing comes from the cache) and we time didChange -> the first diagnostics for
// that version (the verdict) and -> the final result (redundant hints included).
//   node test/bench/lsp-latency.mjs [--keys N] [--json FILE]
// Targets (issue 4): medians under 150 ms (10x10) and under 1 s (20x20) to the verdict.
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
  { name: '20x20', mode: 'redundant', file: 'test/fixtures/slitherlink/20x20_hard_01.slk', waitFinal: false },
  { name: '20x20', mode: 'any', file: 'test/fixtures/slitherlink/20x20_hard_01.slk', waitFinal: false },
];

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
  const uri = `file:///bench/${c.name}.slk`;
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
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'slitherlink', version: 1, text } });
  const cold = (await opened) - t0;

  // Offsets of the hint characters to blank: redundant ones (the puzzle stays unique, so every
  // keystroke needs the full check and a new redundancy search), or any hint.
  const cells = []; // [row, col, offset] of every cell, compact or token rows
  let offset = 0, row = 0;
  for (const line of text.split('\n')) {
    if (line.trim() !== '' && !line.trimStart().startsWith('#')) {
      let col = 0;
      for (let i = 0; i < line.length; i++) if (line[i] !== ' ' && line[i] !== '\t') cells.push([row, col++, offset + i]);
      row++;
    }
    offset += line.length + 1;
  }
  const hints = (c.mode === 'redundant'
    ? redundant.map((h) => cells.find(([r, cc]) => r === h.row && cc === h.col))
    : cells.filter(([, , o]) => /[0-4]/.test(text[o]))
  ).map((x) => x[2]);
  const verdict = [], full = [];
  for (let k = 0; k < KEYS && k < hints.length; k++) {
    const at = hints[Math.floor((k * hints.length) / KEYS)];
    const next = text.slice(0, at) + '.' + text.slice(at + 1);
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
console.log('puzzle  keystroke blanks   open (all)   keystroke -> verdict (median)   keystroke -> with redundant hints (median)');
for (const r of results) {
  const f = (ms) => (ms == null ? '-' : `${Math.round(ms)} ms`);
  console.log(`${r.name.padEnd(7)} ${(r.mode === 'redundant' ? 'a redundant hint' : 'any hint').padEnd(16)} ${f(r.cold).padStart(10)}   ${f(r.verdictMedian).padStart(28)}   ${f(r.fullMedian).padStart(40)}`);
  console.log(`        verdicts: ${r.verdicts.join(' ')}; each keystroke: ${r.verdict.map(f).join(', ')}`);
}
if (opt.json) writeFileSync(opt.json, JSON.stringify(results, null, 2));
