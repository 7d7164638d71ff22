/** The designer's jobs (a genre's tools, the generators), run in a worker. */
import { generateText } from '../genres/generate';
import { genreOf } from '../genres/index';
import type { RunControl } from '../zdd/control';
import { rejected } from '../util/rejected';
import type { DesignJob, JobAnswer } from './protocol';

export function runDesignJob(job: DesignJob, control: RunControl): JobAnswer {
  const ctl: RunControl = { limits: job.limits, isCancelled: control.isCancelled, onProgress: control.onProgress };
  switch (job.type) {
    case 'tool': {
      const tool = genreOf(job.kind).tools?.[job.tool];
      if (!tool) throw new Error(`${job.kind} has no tool ${job.tool}`);
      return { type: 'tool', result: tool(job.input, ctl) };
    }
    case 'generate':
      return { type: 'generate', result: rejected(() => generateText(job.request, ctl)) };
  }
}
