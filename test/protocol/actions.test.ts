/**
 * Code actions as VS Code asks for them (codeAction/resolve), the command fallback, CRLF files and
 * compact rows, and hover checked against the solution.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { checkText } from '../../server/src/analysis/check';
import type { LoopSolution, PathSolution } from '../../server/src/analysis/result';
import { root, TestClient } from './lspClient';

const fixture = (name: string) => readFileSync(join(root, 'test/fixtures/lsp', name), 'utf8');
const zero = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

let client: TestClient;
beforeAll(async () => {
  client = await TestClient.start({
    capabilities: {
      textDocument: { codeAction: { resolveSupport: { properties: ['edit'] }, dataSupport: true } },
      workspace: { workspaceEdit: { documentChanges: true }, applyEdit: true },
    },
  });
});
afterAll(async () => {
  await client?.stop();
});

/** Checks that `after` is `before` with some hint characters turned into '.', nothing else. */
function onlyHintsBlanked(before: string, after: string): number {
  expect(after.length).toBe(before.length);
  let n = 0;
  for (let i = 0; i < before.length; i++) {
    if (before[i] === after[i]) continue;
    expect(before[i]).toMatch(/[0-4]/);
    expect(after[i]).toBe('.');
    n++;
  }
  return n;
}

describe('code actions', () => {
  it('fix-all through codeAction/resolve, as a versioned document edit (CRLF, compact rows)', async () => {
    const uri = 'file:///a/crlf.slk';
    const text = '# compact rows, CRLF line ends\r\n23.\r\n303\r\n.3.\r\n';
    expect(checkText(text, 'slitherlink').verdict).toBe('unique');
    client.open(uri, 'slitherlink', text);
    await client.settled(uri, 1);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: zero, context: { diagnostics: [] } });
    const stub = actions.find((a) => a.kind === 'source.fixAll.linkpuzzle')!;
    expect(stub).toBeDefined();
    expect(stub.edit).toBeUndefined();
    const resolved = await client.request<CodeAction>('codeAction/resolve', stub);
    expect(resolved.edit?.documentChanges?.[0]).toMatchObject({ textDocument: { uri, version: 1 } });
    const [v2] = client.applyWorkspaceEdit(resolved.edit!);
    const after = client.text(uri);
    expect(onlyHintsBlanked(text, after)).toBeGreaterThan(0);
    expect(after.split('\r\n')).toHaveLength(text.split('\r\n').length);
    const check = checkText(after, 'slitherlink');
    expect(check.verdict).toBe('unique');
    expect(check.redundant).toEqual([]);
    expect(await client.settled(uri, v2!)).toEqual([]);
  });

  it('the command fallback applies the fix-all through workspace/applyEdit', async () => {
    const uri = 'file:///a/command.slk';
    const text = fixture('redundant.slk');
    client.open(uri, 'slitherlink', text);
    await client.settled(uri, 1);
    const applied = await client.request('workspace/executeCommand', { command: 'linkpuzzle.removeAllRedundantHints', arguments: [uri, 1] });
    expect(applied).toBe(true);
    const after = client.text(uri);
    expect(onlyHintsBlanked(text, after)).toBeGreaterThan(0);
    expect(checkText(after, 'slitherlink').redundant).toEqual([]);
  });

  it('linkpuzzle.recheckDocument solves the current text again', async () => {
    const uri = 'file:///a/recheck.slk';
    client.open(uri, 'slitherlink', fixture('multiple.slk'));
    await client.settled(uri, 1);
    const mark = client.events.length;
    expect(await client.request('workspace/executeCommand', { command: 'linkpuzzle.recheckDocument', arguments: [uri] })).toBe(true);
    await client.waitFor('linkpuzzle/status', (p) => p.uri === uri && p.state === 'checking', 10_000, mark);
    const done = await client.waitFor('linkpuzzle/resultChanged', (p) => p.uri === uri, 10_000, mark);
    expect(done.params.result.verdict).toBe('multiple');
  });

  it('offers nothing for a puzzle that is not unique', async () => {
    const uri = 'file:///a/multiple.slk';
    client.open(uri, 'slitherlink', fixture('multiple.slk'));
    await client.settled(uri, 1);
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: zero, context: { diagnostics: [] } });
    expect(actions).toEqual([]);
  });
});

describe('hover', () => {
  it('Slitherlink: 1-based cell, hint, and the sides the unique loop uses', async () => {
    const uri = 'file:///a/hover.slk';
    const text = fixture('redundant.slk');
    client.open(uri, 'slitherlink', text);
    await client.settled(uri, 1);
    const sol = checkText(text, 'slitherlink').solution as LoopSolution;
    const on = (r1: number, c1: number, r2: number, c2: number) => sol.edges.some((e) => e.join() === [r1, c1, r2, c2].join());
    const lines = text.split('\n');
    const first = lines.findIndex((l) => !l.startsWith('#'));
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 3; col++) {
        const h = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: first + row, character: 2 * col } });
        const md: string = h.contents.value;
        expect(md).toContain(`Cell (${row + 1}, ${col + 1})`);
        const ch = lines[first + row]![2 * col]!;
        expect(md).toContain(ch === '.' ? 'Empty cell' : `Hint **${ch}**`);
        const sides = [
          ['top', on(row, col, row, col + 1)],
          ['bottom', on(row + 1, col, row + 1, col + 1)],
          ['left', on(row, col, row + 1, col)],
          ['right', on(row, col + 1, row + 1, col + 1)],
        ].filter(([, x]) => x).map(([s]) => s);
        if (sides.length) expect(md).toContain(`along the ${sides.join(', ')} side`);
        else expect(md).toContain('touches no side');
      }
    }
    // Between tokens: no cell.
    expect(await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 3 } })).toBeNull();
  });

  it('Numberlink: the label and where its path enters and leaves', async () => {
    const uri = 'file:///a/hover.nlk';
    const text = fixture('unique.nlk');
    client.open(uri, 'numberlink', text);
    await client.settled(uri, 1);
    const sol = checkText(text, 'numberlink').solution as PathSolution;
    const k = sol.labels.indexOf('A');
    const path = sol.paths[k]!;
    const mid = path[1]!;
    const h = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1 + mid[0], character: mid[1] } });
    const names: Record<string, string> = { '-1,0': 'north', '1,0': 'south', '0,-1': 'west', '0,1': 'east' };
    const dir = (a: number[], b: number[]) => names[`${b[0]! - a[0]!},${b[1]! - a[1]!}`];
    expect(h.contents.value).toContain(`path **A** enters from the ${dir(mid, path[0]!)} and leaves to the ${dir(mid, path[2]!)}`);
    const end = path[0]!;
    const h2 = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: 1 + end[0], character: end[1] } });
    expect(h2.contents.value).toContain('Endpoint **A**');
  });

  it('the difficulty grade: the puzzle\'s level, and around a cell which level finds its part or that deduction stalls there', async () => {
    const cases = [
      { name: 'tricky.slk', file: 'test/fixtures/slitherlink/loopy-graded/sq10-t-01.slk', kind: 'slitherlink', what: 'side' },
      { name: 'stalls.slk', file: 'test/fixtures/slitherlink/21_6x6.slk', kind: 'slitherlink', what: 'side' },
      { name: 'probing.nlk', file: 'test/fixtures/numberlink/janko/001_8x8.nlk', kind: 'numberlink', what: 'link' },
    ];
    for (const c of cases) {
      const uri = `file:///a/grade-${c.name}`;
      const text = readFileSync(join(root, c.file), 'utf8');
      client.open(uri, c.kind, text);
      await client.settled(uri, 1);
      const expected = checkText(text, c.kind as 'slitherlink', { grade: true, gradeSteps: true, redundant: false });
      // The published result carries the grade and the steps the preview draws, as the check makes them.
      const changed = await client.waitFor('linkpuzzle/resultChanged', (p) => p.uri === uri && p.result.grade !== undefined);
      expect(changed.params.result.grade, c.name).toBe(expected.grade);
      expect(changed.params.result.gradeSteps, c.name).toEqual(expected.gradeSteps);
      const lines = text.split('\n');
      const first = lines.findIndex((l) => /^[.\d\w]/.test(l) && !/^\d+ \d+$/.test(l));
      const charOf = (col: number) => (c.kind === 'slitherlink' && / /.test(lines[first]!) ? 2 * col : col);
      const key = (e: number[]) => e.join(',');
      const found = new Map(expected.gradeSteps!.flatMap((s) => s.edges.map((e) => [key(e), s.level] as const)));
      const open = new Set((expected.stuck?.edges ?? []).map(key));
      let stalls = 0, credited = 0;
      for (let row = 0; row < Math.min(6, expected.rows); row++) {
        for (let col = 0; col < Math.min(6, expected.cols); col++) {
          const h = await client.request('textDocument/hover', { textDocument: { uri }, position: { line: first + row, character: charOf(col) } });
          const md: string = h.contents.value;
          expect(md, `${c.name} (${row}, ${col})`).toContain(expected.grade === 'needs search' ? 'Grade: **needs search**' : `Grade: **${expected.grade}**`);
          const around = c.kind === 'slitherlink'
            ? [[row, col, row, col + 1], [row + 1, col, row + 1, col + 1], [row, col, row + 1, col], [row, col + 1, row + 1, col + 1]]
            : [[row, col - 1, row, col], [row, col, row, col + 1], [row - 1, col, row, col], [row, col, row + 1, col]];
          const levels = new Map<string, number>();
          for (const e of around) { const l = found.get(key(e)); if (l) levels.set(l, (levels.get(l) ?? 0) + 1); }
          if (levels.size > 0) {
            credited++;
            const order = expected.gradeSteps!.map((s) => s.level).filter((l) => levels.has(l));
            expect(md).toContain(`Where deduction finds this cell's ${c.what}s of the solution: ${order.map((l) => `${l} ${levels.get(l)}`).join(', ')}.`);
          } else expect(md).not.toContain('Where deduction finds');
          const n = around.filter((e) => open.has(key(e))).length;
          if (n > 0) {
            stalls++;
            expect(md).toContain(`Deduction stalls here: ${n} of its ${c.what}s stay open.`);
          }
        }
      }
      expect(credited, c.name).toBeGreaterThan(0);
      if (expected.grade === 'needs search') expect(stalls, c.name).toBeGreaterThan(0);
    }
  });
});
