/**
 * The second thread of a check (analysis/helper.ts) as a worker_thread running dist/worker.js.
 * The check runs synchronously on its own thread, so the answer cannot come as an event: the worker
 * posts it on a MessagePort read with receiveMessageOnPort, and sets a shared flag first, which the
 * check's polls read (Atomics.load) and a wait blocks on (Atomics.wait).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { HelperJob, HelperRun, HelperThread } from '../analysis/helper';

/** What dist/worker.js gets as workerData to run a helper job instead of the pool's protocol. */
export interface HelperWorkerData {
  helperJob: HelperJob;
  /** Int32 flag: 1 once the answer is on the port. */
  done: SharedArrayBuffer;
  port: MessagePort;
}

/**
 * The helper thread of the bundle this code is in: dist/worker.js beside it (dist/cli.js and
 * dist/worker.js both ask); undefined when run from the sources, where no worker.js is beside.
 */
export function bundledHelperThread(): HelperThread | undefined {
  return helperThread(join(__dirname, 'worker.js'));
}

/** A helper thread on `workerPath` (dist/worker.js), or undefined when that file is missing. */
export function helperThread(workerPath: string): HelperThread | undefined {
  if (!existsSync(workerPath)) return undefined;
  return { start: (job) => startHelper(workerPath, job) };
}

function startHelper(workerPath: string, job: HelperJob): HelperRun {
  const done = new SharedArrayBuffer(4);
  const flag = new Int32Array(done);
  const { port1, port2 } = new MessageChannel();
  const data: HelperWorkerData = { helperJob: job, done, port: port2 };
  let worker: Worker | undefined;
  let answer: unknown;
  let failed = false;
  try {
    worker = new Worker(workerPath, { workerData: data, transferList: [port2] });
    // Never keep the process alive for an answer nobody waits for.
    worker.unref();
    // Seen only when the event loop runs (between checks, not during one, which is synchronous):
    // without a listener a crashed helper would take the process down then. During a check a
    // crash leaves the flag down, and the check waits for it no longer than its deadline.
    worker.on('error', () => { failed = true; });
  } catch {
    failed = true;
  }
  const poll = (): unknown => {
    if (answer === undefined && !failed && Atomics.load(flag, 0) !== 0) answer = receiveMessageOnPort(port1)?.message;
    return answer;
  };
  return {
    answer: poll,
    waitAnswer(ms: number) {
      if (answer === undefined && !failed && ms > 0) Atomics.wait(flag, 0, 0, ms);
      return poll();
    },
    stop() {
      port1.close();
      void worker?.terminate();
    },
  };
}

/** The worker's side: runs the job, then posts its answer and raises the flag. */
export function answerHelperJob(data: HelperWorkerData, run: (job: HelperJob) => unknown): void {
  let answer: unknown;
  try {
    answer = run(data.helperJob);
  } catch (e) {
    answer = { error: e instanceof Error ? e.message : String(e) };
  }
  data.port.postMessage(answer);
  const flag = new Int32Array(data.done);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
  data.port.close();
}
