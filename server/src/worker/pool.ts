/**
 * The main thread's side of the solving workers: a small pool of worker_threads running jobs,
 * with prompt cancellation (a shared flag the engine polls, then terminate if it does not stop
 * within a grace period). No LSP here: the server's scheduler uses it.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { timerDelay, type Progress } from '../zdd/control';
import type { FromWorker, Job, JobAnswer, ToWorker } from './protocol';
import { runJob } from './run';
import { forgetSession } from './sessions';

export type JobOutcome =
  | { status: 'done'; answer: JobAnswer }
  | { status: 'cancelled' }
  | { status: 'error'; message: string }
  /** The job overran its hard deadline and its worker was terminated. */
  | { status: 'timeout'; ms: number };

export interface JobHandle {
  readonly promise: Promise<JobOutcome>;
  /** Stops the job now; its promise resolves to `cancelled` (whatever the worker says later). */
  cancel(): void;
}

export interface PoolOptions {
  /** dist/worker.js; when missing, jobs run in-process (blocking: for tests and odd bundlings). */
  workerPath?: string;
  size: number;
  /** How long a cancelled job may take to notice its flag before its worker is terminated. */
  graceMs?: number;
  /** Heap limit of each worker: an out-of-memory solve kills the worker, not the server. */
  maxHeapMb?: number;
  /**
   * A worker whose heap (garbage included) is past this when a document it served is closed is
   * ended, so that the memory goes back to the system (an idle thread never collects its
   * garbage); a new one starts on demand. Default 32 MB (a fresh worker holds about 5).
   */
  recycleBytes?: number;
  log?: (message: string) => void;
}

interface Task {
  id: number;
  job: Job;
  flag: Int32Array;
  cancel: SharedArrayBuffer;
  onProgress?: (p: Progress) => void;
  settle: (o: JobOutcome) => void;
  settled: boolean;
  slot?: Slot;
  hardTimeoutMs?: number;
  /** The document whose jobs go to one worker (it keeps the document's incremental session). */
  affinity?: string;
}

interface Slot {
  worker: Worker;
  task?: Task;
  /** Heap the worker reported after its last job. */
  heapBytes: number;
  /** End the worker once its current job is done (see PoolOptions.recycleBytes). */
  retire?: boolean;
}

/** What the pool holds, for introspection (the server's linkpuzzle/debugMemory). */
export interface PoolStats {
  workers: { busy: boolean; heapBytes: number; documents: number }[];
  queued: number;
  /** Workers ended to give their memory back. */
  recycled: number;
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  /** Document -> the worker holding its session. */
  private readonly bound = new Map<string, Slot>();
  private disposed = false;
  private recycled = 0;
  readonly inProcess: boolean;

  constructor(private readonly options: PoolOptions) {
    this.inProcess = !options.workerPath || !existsSync(options.workerPath);
    if (this.inProcess) options.log?.(`worker bundle not found (${options.workerPath ?? 'none'}): solving in-process`);
  }

  /**
   * `hardTimeoutMs`: a safety net over the engine's own time limit; past it the worker is
   * terminated and the job ends as `timeout` (never a hang).
   */
  run(job: Job, onProgress?: (p: Progress) => void, hardTimeoutMs?: number): JobHandle {
    const cancel = new SharedArrayBuffer(4);
    let settle!: (o: JobOutcome) => void;
    const promise = new Promise<JobOutcome>((resolve) => (settle = resolve));
    const task: Task = { id: this.nextId++, job, flag: new Int32Array(cancel), cancel, onProgress, settle, settled: false };
    const finish = (o: JobOutcome) => {
      if (task.settled) return;
      task.settled = true;
      settle(o);
    };
    task.settle = finish;
    task.hardTimeoutMs = hardTimeoutMs;
    if ((job.type === 'check' || job.type === 'minimize') && job.uri) task.affinity = job.uri;
    if (this.inProcess) {
      setImmediate(() => {
        if (task.settled) return;
        try {
          finish({ status: 'done', answer: runJob(job, { isCancelled: () => Atomics.load(task.flag, 0) !== 0, onProgress }) });
        } catch (e) {
          finish({ status: 'error', message: String(e) });
        }
      });
    } else {
      this.queue.push(task);
      this.pump();
    }
    return { promise, cancel: () => this.cancel(task) };
  }

  /** Number of jobs running or waiting. */
  get load(): number {
    return this.queue.length + this.slots.filter((s) => s.task).length;
  }

  /** The document is closed (or to be checked from scratch): its worker drops its session. */
  forget(uri: string): void {
    if (this.inProcess) {
      forgetSession(uri);
      return;
    }
    const slot = this.bound.get(uri);
    this.bound.delete(uri);
    if (!slot || !this.slots.includes(slot)) return;
    slot.worker.postMessage({ forget: uri } satisfies ToWorker);
    if (slot.heapBytes > (this.options.recycleBytes ?? 32 * 2 ** 20)) {
      if (slot.task) slot.retire = true;
      else this.retire(slot);
    }
  }

  stats(): PoolStats {
    const documents = (x: Slot) => { let k = 0; for (const v of this.bound.values()) if (v === x) k++; return k; };
    return {
      workers: this.slots.map((x) => ({ busy: !!x.task, heapBytes: x.heapBytes, documents: documents(x) })),
      queued: this.queue.length,
      recycled: this.recycled,
    };
  }

  /** Ends an idle worker to give its memory back (the sessions it kept go with it). */
  private retire(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    for (const [uri, s] of this.bound) if (s === slot) this.bound.delete(uri);
    this.recycled++;
    void slot.worker.terminate();
  }

  dispose(): void {
    this.disposed = true;
    for (const t of this.queue.splice(0)) t.settle({ status: 'cancelled' });
    for (const s of this.slots.splice(0)) {
      s.task?.settle({ status: 'cancelled' });
      void s.worker.terminate();
    }
  }

  private cancel(task: Task): void {
    if (task.settled) return;
    Atomics.store(task.flag, 0, 1);
    const queued = this.queue.indexOf(task);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      task.settle({ status: 'cancelled' });
      return;
    }
    task.settle({ status: 'cancelled' });
    const slot = task.slot;
    if (!slot) return;
    // The flag usually stops the engine within a level; a worker stuck longer is replaced.
    const timer = setTimeout(() => {
      if (slot.task === task) this.kill(slot, 'did not stop after cancellation');
    }, this.options.graceMs ?? 150);
    timer.unref?.();
  }

  /**
   * A free worker for the task, or null to keep it waiting. A document's jobs go to the worker
   * that has its session; they wait while that worker finishes the document's previous (stale)
   * job, but move (losing the session) rather than wait behind another document's job.
   */
  private slotFor(task: Task): Slot | null {
    const key = task.affinity;
    const mine = key !== undefined ? this.bound.get(key) : undefined;
    if (mine && this.slots.includes(mine)) {
      if (!mine.task) return mine;
      if (mine.task.affinity === key) return null;
    }
    // Prefer a free worker holding no other document's session, then a new worker, then the
    // free worker holding the fewest.
    const holds = (x: Slot) => { let k = 0; for (const v of this.bound.values()) if (v === x) k++; return k; };
    const free = this.slots.filter((x) => !x.task).sort((x, y) => holds(x) - holds(y));
    let slot: Slot | undefined = free[0];
    if ((!slot || holds(slot) > 0) && this.slots.length < this.options.size) slot = this.spawn();
    if (!slot) return null;
    if (key !== undefined) {
      if (mine && mine !== slot && this.slots.includes(mine)) mine.worker.postMessage({ forget: key } satisfies ToWorker);
      this.bound.set(key, slot);
    }
    return slot;
  }

  private pump(): void {
    for (let i = 0; i < this.queue.length && !this.disposed; ) {
      const task = this.queue[i]!;
      const slot = this.slotFor(task);
      if (!slot) {
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      slot.task = task;
      task.slot = slot;
      const msg: ToWorker = { id: task.id, job: task.job, cancel: task.cancel };
      slot.worker.postMessage(msg);
      if (task.hardTimeoutMs !== undefined) this.arm(task, slot, task.hardTimeoutMs);
    }
  }

  private arm(task: Task, slot: Slot, ms: number): void {
    const t0 = performance.now();
    const timer = setTimeout(() => {
      if (task.settled || slot.task !== task) return;
      task.settle({ status: 'timeout', ms: performance.now() - t0 });
      this.kill(slot, `job overran its deadline of ${ms} ms`);
    }, timerDelay(ms));
    timer.unref?.();
    const settle = task.settle;
    task.settle = (o) => {
      clearTimeout(timer);
      settle(o);
    };
  }

  private spawn(): Slot {
    const maxOld = this.options.maxHeapMb;
    const worker = new Worker(this.options.workerPath!, {
      resourceLimits: maxOld ? { maxOldGenerationSizeMb: maxOld } : undefined,
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker, heapBytes: 0 };
    worker.on('message', (m: FromWorker) => {
      const task = slot.task;
      if (!task || task.id !== m.id) return;
      if (m.type === 'progress') {
        if (!task.settled) task.onProgress?.(m.progress);
        return;
      }
      slot.task = undefined;
      slot.heapBytes = m.heapBytes ?? 0;
      if (slot.retire) this.retire(slot);
      task.settle(m.type === 'done' ? { status: 'done', answer: m.answer } : { status: 'error', message: m.message });
      this.pump();
    });
    worker.on('error', (e) => this.lost(slot, e instanceof Error ? e.message : String(e)));
    worker.on('exit', (code) => this.lost(slot, `worker exited with code ${code}`));
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private kill(slot: Slot, why: string): void {
    this.options.log?.(`terminating worker: ${why}`);
    this.lost(slot, why);
    void slot.worker.terminate();
  }

  /** A worker died or was killed: fail its job, forget it, and let the queue go on with a new one. */
  private lost(slot: Slot, why: string): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    for (const [uri, s] of this.bound) if (s === slot) this.bound.delete(uri);
    const task = slot.task;
    slot.task = undefined;
    if (task && !task.settled) {
      const oom = /out of memory|ERR_WORKER_OUT_OF_MEMORY/i.test(why);
      task.settle({ status: 'error', message: oom ? `the solver ran out of memory (${why})` : why });
    }
    this.pump();
  }
}
