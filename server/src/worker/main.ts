/**
 * worker_threads entry (bundled to dist/worker.js): runs solver jobs off the server's main thread.
 * Cancellation is a shared Int32 flag the main thread sets; the engine polls it between levels.
 */
import { setPriority } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { Progress } from '../zdd/control';
import type { FromWorker, ToWorker } from './protocol';
import { runJob } from './run';
import { forgetSession } from './sessions';
import { answerHelperJob, type HelperWorkerData } from './helperThread';
import { runHelperJob } from './helperJobs';

const PROGRESS_EVERY_MS = 100;

const helper = (workerData as Partial<HelperWorkerData> | null)?.helperJob !== undefined ? (workerData as HelperWorkerData) : undefined;

if (helper) {
  // A check's second thread (helperThread.ts): one job, then the thread ends.
  answerHelperJob(helper, runHelperJob);
} else if (parentPort) {
  // On Linux the nice value is per thread: solving yields the CPU to the server's main thread, so
  // hover and parse diagnostics stay fast on a busy machine. Best effort (may be refused).
  try {
    setPriority(0, 10);
  } catch {
    // not allowed here: solve at normal priority
  }
  const port = parentPort;
  port.on('message', (msg: ToWorker) => {
    if ('forget' in msg) {
      forgetSession(msg.forget);
      return;
    }
    const flag = new Int32Array(msg.cancel);
    let last = 0;
    const post = (m: FromWorker) => port.postMessage(m);
    try {
      const answer = runJob(msg.job, {
        isCancelled: () => Atomics.load(flag, 0) !== 0,
        onProgress: (progress: Progress) => {
          const now = performance.now();
          if (now - last < PROGRESS_EVERY_MS) return;
          last = now;
          post({ id: msg.id, type: 'progress', progress: { ...progress } });
        },
      });
      post({ id: msg.id, type: 'done', answer, heapBytes: heapBytes() });
    } catch (e) {
      post({ id: msg.id, type: 'error', message: e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e), heapBytes: heapBytes() });
    }
  });
}

/** This thread's heap and external memory (typed arrays), garbage included: what it holds on to. */
function heapBytes(): number {
  const h = getHeapStatistics();
  return h.total_heap_size + h.external_memory;
}
