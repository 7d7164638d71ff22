/** The designer's jobs (puzzle from a loop, hint-set family, generators), run in a worker. */
import { fromLoopVerdict, puzzleFromLoop } from '../design/fromLoop';
import { adjacentNote } from '../design/generate';
import { generateText } from '../design/generateText';
import { gradedText } from '../design/gradedGenerate';
import { hintFamily } from '../design/hintFamily';
import type { RunControl } from '../zdd/control';
import type { DesignJob, GeneratedAnswer, JobAnswer } from './protocol';

export function runDesignJob(job: DesignJob, control: RunControl): JobAnswer {
  const ctl: RunControl = { limits: job.limits, isCancelled: control.isCancelled, onProgress: control.onProgress };
  switch (job.type) {
    case 'fromLoop':
      return {
        type: 'fromLoop',
        result: rejected(() => puzzleFromLoop(job.rows, job.cols, job.inside, {
          seed: job.seed, mask: job.mask, preferKeep: job.preferKeep, density: job.density, control: ctl,
        })),
      };
    case 'hintFamily':
      return { type: 'hintFamily', result: rejected(() => hintFamily(job.rows, job.cols, job.inside, { mask: job.mask, control: ctl })) };
    case 'generate':
      return { type: 'generate', result: rejected(() => generated(job, ctl)) };
  }
}

function generated(job: Extract<DesignJob, { type: 'generate' }>, control: RunControl): GeneratedAnswer {
  const req = job.request;
  if (req.kind === 'slitherlink' && req.grade) {
    // The same text as `linkpuzzle generate slitherlink WxH --seed N --grade LEVEL`.
    const deadline = Date.now() + job.limits.timeMs;
    const { text, result: r } = gradedText(req.rows, req.cols, req.grade, req.seed, req.solution === true, { deadline, isCancelled: control.isCancelled });
    const stop = r.stopped ? ` (${r.stopped})` : '';
    if (!text || !r.puzzle) return { text: '', ok: false, note: `none of ${r.tries} loops gave a puzzle that deduction finishes${stop}`, ms: r.ms };
    if (r.puzzle.grade !== req.grade) {
      return { text, ok: false, note: `none of ${r.tries} loops gave a ${req.grade} puzzle (the nearest: ${r.puzzle.grade})${stop}`, ms: r.ms };
    }
    return { text, ok: true, note: `grade ${req.grade} after ${r.tries} loop${r.tries === 1 ? '' : 's'}`, ms: r.ms, grade: req.grade };
  }
  const g = generateText(req, control);
  if (g.kind === 'slitherlink') {
    const v = fromLoopVerdict(g.puzzle, { detail: `${g.puzzle.checks} checks` });
    return { text: g.text, ok: v.status === 'unique', note: v.summary, ms: g.puzzle.ms };
  }
  const p = g.puzzle;
  const stop = p.stopped ? `; ${p.stopped.message}` : '';
  const note = `${p.labels.length} pairs, ${p.unique ? 'unique' : 'not proved unique'} after ${p.checks} checks${adjacentNote(p, req.allowAdjacent === true)}${stop}`;
  return { text: g.text, ok: p.unique, note, ms: p.ms };
}

/** The design tools throw a plain Error for input they reject (a loop that is no loop): an answer, not a crash. */
function rejected<T>(f: () => T): T | { error: string } {
  try {
    return f();
  } catch (e) {
    if (e instanceof Error && !(e instanceof RangeError) && !(e instanceof TypeError)) return { error: e.message };
    throw e;
  }
}
