/** The job a check's second thread runs (analysis/helper.ts): the genre's own (Genre.helperJob). */
import type { HelperJob } from '../analysis/helper';
import { findGenre } from '../genres/index';

export function runHelperJob(job: HelperJob): unknown {
  const run = findGenre(job.genre)?.helperJob;
  return run ? run(job.task) : { error: `no helper job for the genre '${job.genre}'` };
}
