/** Bad input: the server answers each with diagnostics (or a final status) and stays alive. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, TestClient } from './lspClient';

const fixture = (name: string) => readFileSync(join(root, 'test/fixtures/lsp', name), 'utf8');

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function grid(rows: number, cols: number, density: number, seed: number): string {
  const r = rng(seed);
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    let s = '';
    for (let j = 0; j < cols; j++) s += r() < density ? String(Math.floor(r() * 4)) : '.';
    lines.push(s);
  }
  return lines.join('\n') + '\n';
}

let client: TestClient;
beforeAll(async () => {
  // A tight node limit, so that every case ends within seconds, and a time limit generous enough
  // that the node limit stops them first however loaded the machine (3 s did not on 2 busy cores).
  client = await TestClient.start({ initializationOptions: { limits: { timeMs: 30_000, maxNodes: 200_000 } } });
});
afterAll(async () => {
  await client?.stop();
});

const finalStatus = (uri: string, version = 1) =>
  client.waitFor('linkpuzzle/status', (p) => p.uri === uri && p.version === version && p.state !== 'checking', 60_000);

describe('bad input', () => {
  it('binary garbage: parse problems, no crash', async () => {
    const r = rng(7);
    let text = '';
    for (let i = 0; i < 4096; i++) text += String.fromCharCode(Math.floor(r() * 256));
    const uri = 'file:///bad/garbage.slk';
    client.open(uri, 'slitherlink', text);
    const diags = await client.diagnostics(uri, 1);
    expect(diags.length).toBeGreaterThan(0);
    expect(diags.every((d) => d.severity === 1)).toBe(true);
    expect((await finalStatus(uri)).params.verdict).toBe('invalid');
  });

  it('ragged rows: each short or long row is reported at its line', async () => {
    const uri = 'file:///bad/ragged.slk';
    client.open(uri, 'slitherlink', '3 . 2\n. 1\n2 . 2 0\n');
    const diags = await client.diagnostics(uri, 1);
    const lines = new Set(diags.map((d) => d.range.start.line));
    expect(lines.has(1) || lines.has(2)).toBe(true);
  });

  it('a 200x200 grid gets an answer or a named limit', async () => {
    const uri = 'file:///bad/big.slk';
    client.open(uri, 'slitherlink', grid(200, 200, 0.3, 11));
    const st = await finalStatus(uri);
    expect(['none', 'unique', 'multiple', 'unknown']).toContain(st.params.verdict);
    if (st.params.verdict === 'unknown') expect(st.params.message).toMatch(/limit|stopped|memory/);
  });

  it('a 10 MB file is answered and does not take the server down', async () => {
    const uri = 'file:///bad/huge.slk';
    const text = grid(2000, 5000, 0.05, 3);
    expect(text.length).toBeGreaterThan(10_000_000);
    const t0 = performance.now();
    client.open(uri, 'slitherlink', text);
    const st = await finalStatus(uri);
    console.log(`10 MB file: ${st.params.state} ${st.params.verdict ?? ''} ${st.params.message ?? ''} after ${(performance.now() - t0).toFixed(0)} ms`);
    expect(['done', 'error']).toContain(st.params.state);
  });

  it('a puzzle that hits the node limit undecided: Information naming the limit', async () => {
    const uri = 'file:///bad/limit.nlk';
    client.open(uri, 'numberlink', fixture('undecided.nlk'));
    const diags = await client.diagnostics(uri, 1, (d) => d.length > 0, 60_000);
    expect(diags).toHaveLength(1);
    expect(diags[0]!.code).toBe('limit-reached');
    expect(diags[0]!.severity).toBe(3);
    expect(diags[0]!.message).toMatch(/200000|200,000/);
    expect((diags[0]!.data as any).limit).toBe('nodes');
  });

  it('a draft whose count hits the node limit: multiple all the same, the warning naming the limit', async () => {
    const uri = 'file:///bad/limit.slk';
    client.open(uri, 'slitherlink', fixture('long.slk'));
    const diags = await client.diagnostics(uri, 1, (d) => d.some((x) => /200000/.test(x.message)), 60_000);
    expect(diags).toHaveLength(1);
    expect(diags[0]!.code).toBe('multiple-solutions');
    expect(diags[0]!.message).toMatch(/^At least \d+ solutions \(too many to count within the limits: the count stopped after \d+ nodes .*node limit 200000/);
  });

  it('is still alive and answering afterwards', async () => {
    const uri = 'file:///bad/after.slk';
    client.open(uri, 'slitherlink', fixture('redundant.slk'));
    const diags = await client.settled(uri, 1);
    expect(diags.some((d) => d.code === 'redundant-hint')).toBe(true);
    const h = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 0 } });
    expect(h.contents.value).toContain('Cell (1, 1)');
    expect(client.exited).toBeNull();
  });
});
