/**
 * A vitest reporter that adds one line at the end of a run when editor tests were skipped because
 * the machine lacks their tools: what is missing, the command that installs it, how to run them.
 * The default reporter still lists the skipped tests as skipped.
 */
import type { Reporter } from 'vitest/reporters';
import { missingPackages, optedOut, skipSuite, SUITE_FILES, type EditorSuite } from './tools';

type Files = Parameters<NonNullable<Reporter['onFinished']>>[0];

/** Tests of a file and its suites that vitest skipped, counted recursively. */
function skippedTests(task: { type: string; mode: string; tasks?: unknown[] }): number {
  if (task.type === 'test') return task.mode === 'skip' ? 1 : 0;
  return (task.tasks ?? []).reduce<number>((n, t) => n + skippedTests(t as typeof task), 0);
}

export function skipSummary(files: Files): string | null {
  const skipped: string[] = [];
  const packages = new Set<string>();
  let tests = 0;
  for (const suite of Object.keys(SUITE_FILES) as EditorSuite[]) {
    if (!skipSuite(suite) || optedOut(suite)) continue;
    for (const name of SUITE_FILES[suite]) {
      const file = files.find((f) => f.filepath.endsWith(name));
      if (!file) continue; // not part of this run
      skipped.push(name.replace('test/editors/', ''));
      for (const p of missingPackages(suite)) packages.add(p);
      tests += skippedTests(file as unknown as Parameters<typeof skippedTests>[0]);
    }
  }
  if (skipped.length === 0) return null;
  const list = [...packages];
  return `Editor tests skipped (${tests} tests in ${skipped.join(', ')}): this machine lacks ${list.join(', ')}. ` +
    `Install with \`sudo apt-get install -y ${list.join(' ')}\`, then run \`npm run test:editors\`.`;
}

export default class SkipReporter implements Reporter {
  onFinished(files: Files): void {
    const line = skipSummary(files);
    if (line) process.stdout.write(process.stdout.isTTY ? `\n\x1b[33m${line}\x1b[0m\n` : `\n${line}\n`);
  }
}
