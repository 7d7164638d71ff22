/**
 * When to solve: per document, debounce edits, answer from a content-keyed cache (so undo is
 * instant), run one job at a time in the worker pool, and cancel the stale job the moment the
 * text changes. A result is reported only if it is for the document's current text.
 */
import { createHash } from 'node:crypto';
import type { CellRef } from '../analysis/result';
import { togetherOf, type MinimizeResult } from '../analysis/minimize';
import type { PuzzleKind } from '../model/puzzle';
import { timerDelay, type Progress, type Stopped } from '../zdd/control';
import type { WorkerPool, JobHandle } from '../worker/pool';
import type { Analysis, JobOptions } from '../worker/protocol';
import { genreOf } from '../genres/index';
import { needsGrade as extrasNeedGrade, needsMore as extrasNeedMore, needsTogether as extrasNeedTogether } from '../genres/extras';

export interface Snapshot {
  uri: string;
  version: number;
  kind: PuzzleKind;
  text: string;
  options: JobOptions;
  /** Content key: kind, options and text. */
  key: string;
}

export function snapshotKey(kind: PuzzleKind, options: JobOptions, text: string): string {
  return createHash('sha1').update(kind).update('\0').update(JSON.stringify(options)).update('\0').update(text).digest('hex');
}

export interface SchedulerEvents {
  /** A job started (after the debounce) for this snapshot. */
  onStart(s: Snapshot): void;
  onProgress(s: Snapshot, p: Progress): void;
  /** The analysis of the current snapshot (fresh or from the cache). */
  onResult(s: Snapshot, analysis: Analysis, fromCache: boolean): void;
  onError(s: Snapshot, message: string): void;
  /** The job was cancelled on request (not because of an edit). */
  onCancelled(s: Snapshot): void;
}

interface Entry {
  snapshot: Snapshot;
  timer?: NodeJS.Timeout;
  job?: JobHandle;
  byUser?: boolean;
}

/** An edit this long after the previous one is checked without waiting for the debounce delay. */
const IDLE_MS = 400;

class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(k: string): V | undefined {
    const v = this.map.get(k);
    if (v !== undefined) {
      this.map.delete(k);
      this.map.set(k, v);
    }
    return v;
  }
  delete(k: string): void {
    this.map.delete(k);
  }
  has(k: string): boolean {
    return this.map.has(k);
  }
  get size(): number {
    return this.map.size;
  }
  set(k: string, v: V): void {
    this.map.delete(k);
    this.map.set(k, v);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
}

/** A cancelled run is not an answer for its text; anything else (limits included) is. */
function cacheable(a: Analysis): boolean {
  return (
    a.result.stopped?.limit !== 'cancelled' &&
    a.result.redundantStopped?.limit !== 'cancelled' &&
    a.result.redundantTogetherStopped?.limit !== 'cancelled' &&
    a.result.gradeStopped?.limit !== 'cancelled' &&
    a.conflicts?.stopped?.limit !== 'cancelled' &&
    a.suggestions?.stopped?.limit !== 'cancelled'
  );
}

export class Scheduler {
  private readonly entries = new Map<string, Entry>();
  private readonly cache = new Lru<Analysis>(200);
  private readonly minimized = new Lru<MinimizeResult>(50);
  /** Content key -> the together pass (phase 3) running for it: the fix-all waits for it rather than run it twice. */
  private readonly together = new Map<string, Promise<MinimizeResult | null>>();
  private readonly lastEdit = new Map<string, number>();
  /** The content keys cached for each document, dropped with it when it closes. */
  private readonly keysOf = new Map<string, Set<string>>();

  constructor(private readonly pool: WorkerPool, private readonly events: SchedulerEvents) {}

  cached(key: string): Analysis | undefined {
    return this.cache.get(key);
  }

  /** True while a job for this uri is waiting or running. */
  pending(uri: string): boolean {
    return this.entries.has(uri);
  }

  /** The text changed (and parses): answer from the cache now, or solve after `debounceMs`. */
  update(s: Snapshot, debounceMs: number): void {
    const old = this.entries.get(s.uri);
    if (old && old.snapshot.key === s.key) {
      old.snapshot = s; // same content: let the running job answer for the new version
      return;
    }
    this.stop(s.uri);
    const hit = this.cache.get(s.key);
    if (hit) {
      this.events.onResult(s, hit, true);
      return;
    }
    // Leading-edge debounce: the first edit after a pause is checked at once; a burst waits.
    const now = performance.now();
    const last = this.lastEdit.get(s.uri) ?? -Infinity;
    this.lastEdit.set(s.uri, now);
    if (now - last >= IDLE_MS) debounceMs = 0;
    const entry: Entry = { snapshot: s };
    this.entries.set(s.uri, entry);
    const partial = this.cache.get(partialKey(s.key));
    if (partial) {
      this.events.onResult(s, partial, true);
      entry.timer = setTimeout(() => this.startMore(entry), timerDelay(debounceMs));
      return;
    }
    entry.timer = setTimeout(() => this.start(entry), timerDelay(debounceMs));
  }

  /** Check again from scratch (the user asked): forget what the cache knows of this text. */
  recheck(s: Snapshot): void {
    this.cache.delete(s.key);
    this.cache.delete(partialKey(s.key));
    this.minimized.delete(s.key);
    this.stop(s.uri);
    this.lastEdit.delete(s.uri);
    this.pool.forget(s.uri);
    this.update(s, 0);
  }

  /** Forget a closed document, and the results cached for its texts (a big grid's are big). */
  forget(uri: string): void {
    this.stop(uri);
    this.lastEdit.delete(uri);
    this.pool.forget(uri);
    for (const key of this.keysOf.get(uri) ?? []) {
      this.cache.delete(key);
      this.cache.delete(partialKey(key));
      this.minimized.delete(key);
    }
    this.keysOf.delete(uri);
  }

  /** Cached results, for introspection. */
  get cacheSize(): number {
    return this.cache.size + this.minimized.size;
  }

  /** Notes that `key` (a text of `uri`) may have cached results; keeps the note to keys still cached. */
  private note(uri: string, key: string): void {
    let keys = this.keysOf.get(uri);
    if (!keys) this.keysOf.set(uri, (keys = new Set()));
    keys.add(key);
    if (keys.size > 512) {
      for (const k of keys) if (!this.cache.has(k) && !this.cache.has(partialKey(k)) && !this.minimized.has(k)) keys.delete(k);
    }
  }

  /** Drops any waiting or running job of the uri (edit to unparsable text, close, settings change). */
  stop(uri: string): void {
    const e = this.entries.get(uri);
    if (!e) return;
    this.entries.delete(uri);
    if (e.timer) clearTimeout(e.timer);
    e.job?.cancel();
  }

  /** The user cancelled the check (progress cancel button). */
  cancelByUser(uri: string): void {
    const e = this.entries.get(uri);
    if (!e) return;
    this.stop(uri);
    this.events.onCancelled(e.snapshot);
  }

  /**
   * "Remove all redundant hints": cached by content. The check's last phase runs this very pass
   * for the same text (to say how many can go together), so usually the answer is there already,
   * or on its way. `onCancel` receives what stops the wait (or the job).
   */
  async minimize(s: Snapshot, redundant: CellRef[] | undefined, onCancel: (cancel: () => void) => void): Promise<MinimizeResult | null> {
    const hit = this.minimized.get(s.key);
    if (hit) return hit;
    const running = this.together.get(s.key);
    if (running) {
      let cancelled = false;
      await new Promise<void>((resolve) => {
        onCancel(() => {
          cancelled = true;
          resolve();
        });
        void running.then(() => resolve());
      });
      const done = this.minimized.get(s.key);
      if (done) return done;
      if (cancelled) return null;
      // The pass did not finish (stopped by an edit, or failed): run the fix-all's own.
    }
    const known = this.cache.get(s.key) ?? this.cache.get(partialKey(s.key));
    const solution = known?.result.verdict === 'unique' && known.result.solution && 'edges' in known.result.solution ? known.result.solution.edges : undefined;
    const job = this.pool.run({ type: 'minimize', text: s.text, kind: s.kind, options: s.options, redundant, uri: s.uri, ...(solution ? { solution } : {}) });
    onCancel(() => job.cancel());
    const out = await job.promise;
    if (out.status !== 'done' || out.answer.type !== 'minimize') return null;
    const m = out.answer.minimize;
    if (m && m.stopped?.limit !== 'cancelled') {
      this.minimized.set(s.key, m);
      this.note(s.uri, s.key);
    }
    return m;
  }

  dispose(): void {
    for (const uri of [...this.entries.keys()]) this.stop(uri);
  }

  private start(entry: Entry): void {
    entry.timer = undefined;
    if (this.entries.get(entry.snapshot.uri) !== entry) return;
    const s0 = entry.snapshot;
    // Phase 1 answers the verdict alone (fast; a `multiple` proved by two solutions is not counted
    // yet); phase 2 adds the exact count, redundant hints, conflicts or suggestions.
    this.run(entry, { ...s0.options, redundant: false, conflicts: false, suggest: false, countAfterWitnesses: false }, (analysis) => {
      const more = needsMore(s0, analysis);
      if (!more) {
        this.afterCheck(entry, analysis);
        return;
      }
      this.publishPartial(entry, analysis);
      const phase2 = () => {
        entry.timer = undefined;
        if (this.entries.get(s0.uri) !== entry) return;
        this.run(entry, s0.options, (full) => this.afterCheck(entry, full), { ...analysis, partial: true });
      };
      // A draft's count can run to the limits and is of little use while the designer types:
      // it starts only after a pause (an edit meanwhile drops it, see stop()).
      if (analysis.result.countPending) entry.timer = setTimeout(phase2, COUNT_DELAY_MS);
      else phase2();
    });
    this.events.onStart(s0);
  }

  /** The phases still missing, after a cached partial answer. */
  private startMore(entry: Entry): void {
    entry.timer = undefined;
    if (this.entries.get(entry.snapshot.uri) !== entry) return;
    const partial = this.cache.get(partialKey(entry.snapshot.key));
    if (partial && !needsMore(entry.snapshot, partial) && needsTogether(entry.snapshot, partial)) {
      this.runTogether(entry, partial);
      return;
    }
    if (partial && !needsMore(entry.snapshot, partial) && needsGrade(entry.snapshot, partial)) {
      this.runGrade(entry, partial);
      return;
    }
    this.run(entry, entry.snapshot.options, (full) => this.afterCheck(entry, full), partial);
  }

  /** Publishes an answer whose extras are still coming (and keeps it for undo). */
  private publishPartial(entry: Entry, analysis: Analysis): void {
    const partial = { ...analysis, partial: true };
    this.cache.set(partialKey(entry.snapshot.key), partial);
    this.note(entry.snapshot.uri, entry.snapshot.key);
    this.events.onResult(entry.snapshot, partial, false);
  }

  /**
   * After the check and its extras: phase 3 (which redundant hints can go together) when it
   * applies, else the grade's phase (a unique Numberlink) when it applies.
   */
  private afterCheck(entry: Entry, analysis: Analysis): void {
    if (needsTogether(entry.snapshot, analysis)) {
      // The pass is registered before the partial answer goes out: a fix-all asked on it waits for the pass.
      this.runTogether(entry, analysis);
      this.publishPartial(entry, analysis);
      return;
    }
    if (needsGrade(entry.snapshot, analysis)) {
      this.runGrade(entry, analysis);
      this.publishPartial(entry, analysis);
      return;
    }
    this.finish(entry, analysis);
  }

  /**
   * The grade's phase: the difficulty grade of a unique puzzle whose genre grades after the check
   * (Numberlink: probing, which may take as long as the verdict), so the verdict goes out first.
   */
  private runGrade(entry: Entry, analysis: Analysis): void {
    const s0 = entry.snapshot;
    const job = this.pool.run(
      { type: 'grade', text: s0.text, kind: s0.kind, options: s0.options, verdictMs: analysis.result.ms },
      undefined,
      s0.options.limits.timeMs + HARD_DEADLINE_SLACK_MS,
    );
    entry.job = job;
    void job.promise.then((out) => {
      const current = this.entries.get(s0.uri) === entry && entry.job === job;
      const base: Analysis = { ...analysis };
      delete base.partial;
      let a: Analysis;
      if (out.status === 'done' && out.answer.type === 'grade') {
        a = { ...base, result: { ...base.result, ...(out.answer.grade ?? {}) } };
      } else if (out.status === 'timeout') {
        const gradeStopped: Stopped = { limit: 'time', message: `grade not found: stopped after ${Math.round(out.ms)} ms`, nodes: 0, progress: 0 };
        a = { ...base, result: { ...base.result, gradeStopped } };
      } else {
        if (!current) return;
        this.entries.delete(s0.uri);
        if (out.status === 'error') this.events.onError(entry.snapshot, out.message);
        else this.events.onCancelled(entry.snapshot);
        return;
      }
      // Even a stale answer is right for its own text: keep it for undo.
      if (!current) {
        if (cacheable(a)) {
          this.cache.set(s0.key, a);
          this.note(s0.uri, s0.key);
        }
        return;
      }
      this.finish(entry, a);
    });
  }

  /**
   * Phase 3: the pass of "Remove all redundant hints" (a minimize job, the time limit again), so
   * the result can say how many redundant hints can go together; the fix-all then reuses it.
   */
  private runTogether(entry: Entry, analysis: Analysis): void {
    const s0 = entry.snapshot;
    const r = analysis.result;
    const solution = r.solution && 'edges' in r.solution ? r.solution.edges : undefined;
    const job = this.pool.run(
      { type: 'minimize', text: s0.text, kind: s0.kind, options: s0.options, redundant: r.redundant, uri: s0.uri, ...(solution ? { solution } : {}) },
      undefined,
      s0.options.limits.timeMs + HARD_DEADLINE_SLACK_MS,
    );
    entry.job = job;
    const pass = job.promise.then((out) => (out.status === 'done' && out.answer.type === 'minimize' ? out.answer.minimize : null));
    this.together.set(s0.key, pass);
    void job.promise.then((out) => {
      if (this.together.get(s0.key) === pass) this.together.delete(s0.key);
      const current = this.entries.get(s0.uri) === entry && entry.job === job;
      const base: Analysis = { ...analysis };
      delete base.partial;
      if (out.status === 'timeout') {
        const stopped: Stopped = {
          limit: 'time',
          message: `Remove all redundant hints: stopped after ${Math.round(out.ms)} ms (time limit ${s0.options.limits.timeMs} ms)`,
          nodes: 0,
          progress: 0,
        };
        const a: Analysis = { ...base, result: { ...r, redundantTogether: [], redundantTogetherStopped: stopped } };
        this.cache.set(s0.key, a);
        this.note(s0.uri, s0.key);
        if (current) this.finish(entry, a);
        return;
      }
      if (out.status === 'done' && out.answer.type === 'minimize') {
        const m = out.answer.minimize;
        if (m && m.stopped?.limit !== 'cancelled') {
          this.minimized.set(s0.key, m);
          this.note(s0.uri, s0.key);
        }
        // No pass (the text did not parse as a unique puzzle in the worker): the check's answer as it is.
        const a: Analysis = m ? { ...base, result: { ...r, ...togetherOf(m) } } : base;
        // Even a stale answer is right for its own text: keep it for undo.
        if (!current && cacheable(a)) {
          this.cache.set(s0.key, a);
          this.note(s0.uri, s0.key);
        }
        if (current) this.finish(entry, a);
        return;
      }
      if (!current) return;
      this.entries.delete(s0.uri);
      if (out.status === 'error') this.events.onError(entry.snapshot, out.message);
      else this.events.onCancelled(entry.snapshot);
    });
  }

  private finish(entry: Entry, analysis: Analysis): void {
    const s = entry.snapshot;
    if (cacheable(analysis)) {
      this.cache.set(s.key, analysis);
      this.note(s.uri, s.key);
    }
    this.entries.delete(s.uri);
    this.events.onResult(s, analysis, false);
  }

  /** Runs one job for the entry; `then` gets its analysis only while the entry is still current. */
  private run(entry: Entry, options: JobOptions, then: (a: Analysis) => void, partial?: Analysis): void {
    const s0 = entry.snapshot;
    // The engine keeps its own time limit; this deadline is the safety net if some phase does not.
    // Phase 2 checks again, then runs each extra within the time limit again.
    const extras = partial ? Math.max(1, (options.conflicts ? 1 : 0) + (options.suggest ? 1 : 0)) : 0;
    const deadline = (1 + extras) * options.limits.timeMs + HARD_DEADLINE_SLACK_MS;
    const job = this.pool.run(
      // The uri lets the worker re-check incrementally (it keeps the document's last build).
      { type: 'check', text: s0.text, kind: s0.kind, options, uri: s0.uri },
      (p) => {
        if (this.entries.get(s0.uri) === entry) this.events.onProgress(entry.snapshot, p);
      },
      deadline,
    );
    entry.job = job;
    void job.promise.then((out) => {
      const current = this.entries.get(s0.uri) === entry && entry.job === job;
      this.note(s0.uri, s0.key);
      if (out.status === 'timeout') {
        const a = timedOut(s0, options, out.ms, partial);
        this.cache.set(s0.key, a);
        if (current) this.finish(entry, a);
        return;
      }
      if (out.status === 'done' && out.answer.type === 'check') {
        const a = out.answer.analysis;
        // Even a stale answer is right for its own text: keep it for undo.
        if (!current && cacheable(a)) {
          const complete = (options === s0.options || !needsMore(s0, a)) && !needsTogether(s0, a) && !needsGrade(s0, a);
          if (complete) this.cache.set(s0.key, a);
          else this.cache.set(partialKey(s0.key), { ...a, partial: true });
        }
        if (current) then(a);
        return;
      }
      // Stale: the text changed (or the job was stopped) since this job started. Never reported.
      if (!current) return;
      this.entries.delete(s0.uri);
      if (out.status === 'error') this.events.onError(entry.snapshot, out.message);
      else this.events.onCancelled(entry.snapshot);
    });
  }
}

const HARD_DEADLINE_SLACK_MS = 2000;

/** A pause after a draft's verdict (two solutions found) before its exact count starts. */
const COUNT_DELAY_MS = 400;

/** The answer when a job overran its deadline: undecided (phase 1), or the verdict without its extras. */
function timedOut(s: Snapshot, options: JobOptions, ms: number, partial?: Analysis): Analysis {
  const stopped: Stopped = {
    limit: 'time',
    message: `undecided: stopped after ${Math.round(ms)} ms (time limit ${options.limits.timeMs} ms)`,
    nodes: 0,
    progress: 0,
  };
  if (!partial) {
    return { result: { kind: s.kind, rows: 0, cols: 0, verdict: 'unknown', count: null, errors: [], ms, stopped } };
  }
  const suggestions = s.options.suggest && genreOf(s.kind).extras.suggestions ? { suggestions: { count: partial.result.count, singles: [], singleCount: 0, stopped, ms } } : {};
  if (partial.result.verdict === 'none') {
    return { result: partial.result, conflicts: { cells: [], units: 0, minimal: false, checks: 0, stopped }, ...suggestions };
  }
  if (partial.result.verdict === 'multiple') {
    // The count was this phase's work: it stopped (the verdict stands).
    const { countPending, ...result } = partial.result;
    return { result: countPending ? { ...result, stopped } : result, ...suggestions };
  }
  return { result: { ...partial.result, redundantStopped: stopped } };
}

function partialKey(key: string): string {
  return key + ':verdict';
}

/** Whether phase 3 (which redundant hints can go together) would add something to this analysis. */
function needsTogether(s: Snapshot, a: Analysis): boolean {
  return extrasNeedTogether(s.kind, s.options, a);
}

/** Whether the grade's phase would add something to this analysis. */
function needsGrade(s: Snapshot, a: Analysis): boolean {
  return extrasNeedGrade(s.kind, a);
}

/** Whether a phase-2 job would add something to this (phase-1) analysis. */
function needsMore(s: Snapshot, a: Analysis): boolean {
  return extrasNeedMore(s.kind, s.options, a);
}
