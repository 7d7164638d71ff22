/**
 * The CLI shows the findings the language server shows, where its table does not already say
 * them: here the cells a unique Numberlink solution leaves empty (dist/cli.js, built first).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const cli = join(resolve(__dirname, '../..'), 'dist', 'cli.js');
const tmp = mkdtempSync(join(tmpdir(), 'linkpuzzle-findings-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('check shows findings', () => {
  it('a unique Numberlink that leaves cells empty: the not-covering finding, with its cells', () => {
    const f = join(tmp, 'gap.nlk');
    writeFileSync(f, '4 1\naa..\n');
    const r = spawnSync(process.execPath, [cli, 'check', f], { encoding: 'utf8', env: { ...process.env, HOME: tmp } });
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    const row = lines.findIndex((l) => l.startsWith(f));
    expect(lines[row]).toMatch(/unique\*/);
    expect(lines[row + 1]).toBe('    Unique, but the solution leaves 2 cells empty: under the nikoli rule a good puzzle uses every cell. Cells (row,col): (1,3) (1,4)');
  });

  it("a unique Slitherlink whose solution is not the file's intended loop: solution-not-intended, with the cells", () => {
    const f = join(tmp, 'intended.slk');
    writeFileSync(f, '3 3\n---\nx .\n');
    const r = spawnSync(process.execPath, [cli, 'check', f], { encoding: 'utf8', env: { ...process.env, HOME: tmp } });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('\n    The unique solution is not the intended loop: they differ at 2 cells. Cells (row,col): (1,1) (1,2)\n');
  });

  it('the same on a tiling: the faces where they differ, by number', () => {
    // A honeycomb 3x3 whose unique loop is not the block's two faces (1 and 4, the middle column's top two).
    const f = join(tmp, 'honey.slk');
    writeFileSync(f, '# grid: honeycomb 3x3\n. 2 .\n3 . 4\n. . 1\n---\n. x .\n. x .\n. . .\n');
    const r = spawnSync(process.execPath, [cli, 'check', f], { encoding: 'utf8', env: { ...process.env, HOME: tmp } });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\n {4}The unique solution is not the intended loop: they differ at \d+ faces\. Faces: #\d+( #\d+)*\n/);
  });
});
