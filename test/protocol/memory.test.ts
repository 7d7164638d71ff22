/**
 * Memory of big documents: a grid past the size limit is refused with one diagnostic (never
 * parsed cell by cell), and closing documents lets go of everything they brought: their cached
 * results, and the workers that grew while checking them (ended and replaced on demand). Read
 * through linkpuzzle/debugMemory after a garbage collection (the server runs with --expose-gc),
 * and the process's resident memory from /proc with generous margins.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPath, sleep, TestClient } from './lspClient';
import type { DebugMemoryResponse } from '../../server/src/protocol-types';

const MB = 2 ** 20;

/** Resident and peak resident memory of a process, in MB (null where /proc is missing). */
function residentMb(pid: number): { rss: number; peak: number } | null {
  const path = `/proc/${pid}/status`;
  if (!existsSync(path)) return null;
  const s = readFileSync(path, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(s)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** A size x size Slitherlink of seeded random hints (deduction finds it has no solution). */
function randomGrid(size: number): string {
  let seed = 7;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const rows: string[] = [];
  for (let r = 0; r < size; r++) {
    let row = '';
    for (let c = 0; c < size; c++) row += rand() < 0.3 ? String(Math.floor(rand() * 4)) : '.';
    rows.push(row);
  }
  return rows.join('\n') + '\n';
}

type Memory = DebugMemoryResponse;

let client: TestClient;
beforeAll(async () => {
  client = await TestClient.start({
    args: ['--expose-gc', serverPath, '--stdio'],
    initializationOptions: { limits: { timeMs: 20_000 } },
  });
});
afterAll(async () => {
  await client?.stop();
});

const memory = async (): Promise<Memory> => {
  // Twice: large strings are freed by the collection after the one that found them unreachable.
  await client.request('linkpuzzle/debugMemory', { gc: true });
  await sleep(200);
  return client.request<Memory>('linkpuzzle/debugMemory', { gc: true });
};

const finalStatus = (uri: string) =>
  client.waitFor('linkpuzzle/status', (p) => p.uri === uri && p.version === 1 && p.state !== 'checking', 120_000);

describe('big documents', () => {
  it('a 20 MB grid past the size limit gets one diagnostic; closing big documents gives their memory back', async () => {
    const before = await memory();
    expect(before.documents).toBe(0);

    const huge = 'file:///mem/huge.slk';
    const text = ('.'.repeat(3999) + '\n').repeat(5000);
    expect(text.length).toBe(20_000_000);
    client.open(huge, 'slitherlink', text);
    const diags = await client.diagnostics(huge, 1, (d) => d.length > 0, 120_000);
    expect(diags).toHaveLength(1);
    expect(diags[0]).toMatchObject({ code: 'grid-too-large', severity: 1, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3999 } } });
    expect(diags[0]!.message).toMatch(/^Grid too large to check: 5,000 rows of 3,999 cells/);

    // A grid within the limit that the worker checks in full (its heap grows well past 32 MB).
    const big = 'file:///mem/big.slk';
    client.open(big, 'slitherlink', randomGrid(1000));
    expect((await finalStatus(big)).params.verdict).toBe('none');

    const open = await memory();
    expect(open.documents).toBe(2);
    expect(open.cached).toBeGreaterThan(0);
    const during = residentMb(client.proc.pid!);
    if (during) expect(during.peak).toBeLessThan(1024);

    for (const uri of [huge, big]) void client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    // Closing clears the document's diagnostics (push mode): then the server is done with it.
    for (const uri of [huge, big]) await client.waitFor('textDocument/publishDiagnostics', (p) => p.uri === uri && p.diagnostics.length === 0 && p.version === undefined);
    await sleep(300);
    const after = await memory();
    expect(after.documents).toBe(0);
    expect(after.cached).toBe(0);
    expect(after.recycled).toBeGreaterThan(0);
    for (const w of after.workers) expect(w.heapBytes).toBeLessThan(32 * MB);
    expect(after.heapUsed).toBeLessThan(before.heapUsed + 32 * MB);
    expect(after.external).toBeLessThan(before.external + 32 * MB);
    const resident = residentMb(client.proc.pid!);
    if (resident) expect(resident.rss).toBeLessThan(600);

    // Still answering.
    const small = 'file:///mem/small.slk';
    client.open(small, 'slitherlink', '3.\n.3\n');
    expect((await finalStatus(small)).params.verdict).toBeDefined();
  }, 300_000);
});
