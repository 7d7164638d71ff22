/**
 * Numberlink's own result fields (added to every CheckResult's GenreResultFields, so that they
 * travel with it: `check --json`, the language server's result) and how the CLI shows them.
 */
import type { CheckResult } from '../analysis/result';
import type { GenreReport } from '../genres/genre';

declare module '../analysis/result' {
  interface GenreResultFields {
    /** Numberlink: the rule used, e.g. `nikoli`, `fill notouch`. */
    rule?: string;
    /** Numberlink under the default rule, unique: whether the solution uses every cell. */
    covers?: boolean;
  }
}

export const report: GenreReport = {
  fields: ['rule', 'covers'],
  column: { header: 'rule', cell: (r) => r.rule ?? '' },
  verdictNote: (r) => (r.rule ? ` (rule: ${r.rule})` : ''),
  flaw: (r: CheckResult) => r.verdict === 'unique' && r.covers === false
    ? { solve: 'leaving cells empty', footnote: 'the one solution leaves cells empty (not a "good" puzzle under the Nikoli rule)' }
    : null,
};
