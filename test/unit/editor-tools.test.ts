/**
 * `npm test` passes on a fresh machine without root: every editor test file is one of the suites
 * that test/editors/tools.ts skips (outside CI) when its tools are missing, and says so.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUITE_FILES, type EditorSuite } from '../editors/tools';

const dir = join(__dirname, '..', 'editors');

describe('editor test files', () => {
  it('each belongs to a suite and skips it with skipSuite when its tools are missing', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.test.ts')).map((f) => `test/editors/${f}`);
    const listed = Object.values(SUITE_FILES).flat();
    expect(files.sort()).toEqual([...listed].sort());
    for (const [suite, names] of Object.entries(SUITE_FILES) as [EditorSuite, string[]][]) {
      for (const name of names) {
        expect(readFileSync(join(dir, '..', '..', name), 'utf8'), name).toContain(`skipSuite('${suite}')`);
      }
    }
  });
});
