/** Parse problems: each an error at its range, at most MAX_PROBLEMS and then one that says how many more. */
import type { Problem } from '../model/range';
import { Codes } from '../protocol-types';
import type { Finding } from './finding';

const MAX_PROBLEMS = 500;

export function parseProblems(problems: Problem[]): Finding[] {
  const out: Finding[] = problems.slice(0, MAX_PROBLEMS).map((p) => ({ code: p.code, severity: 'error', at: { range: p.range }, message: p.message }));
  if (problems.length > MAX_PROBLEMS) {
    out.push({
      code: Codes.tooManyProblems,
      severity: 'error',
      at: { range: problems[MAX_PROBLEMS]!.range },
      message: `${problems.length - MAX_PROBLEMS} more problems not shown (${problems.length} in all)`,
    });
  }
  return out;
}
