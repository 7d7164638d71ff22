/**
 * What the scheduler reports, told to the client: a check's analysis (diagnostics, status,
 * progress, the result notification), a failed check, a cancelled one. Only for the document's
 * current text (a stale answer is never published).
 */
import type { Connection, Diagnostic, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { Codes, DiagnosticSource, ResultChangedNotification, type PublishedResult, type ResultChangedParams } from '../protocol-types';
import type { Analysis } from '../worker/protocol';
import { gridAnchor, resultDiagnostics } from './diagnostics';
import type { DocStates } from './docStates';
import { parsed } from './documents';
import type { ProgressReporter } from './progress';
import type { Snapshot } from './scheduler';
import { quiet } from './settingsSource';
import { tilingPicture } from '../model/latticePicture';
import { needsGrade } from '../genres/extras';

export class ResultPublisher {
  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly docs: DocStates,
    private readonly progress: ProgressReporter,
  ) {}

  /** The analysis of the current snapshot (fresh or from the cache). */
  publish(s: Snapshot, analysis: Analysis): void {
    const st = this.docs.live(s);
    if (!st) return; // stale: never published
    const doc = this.documents.get(s.uri)!;
    const p = parsed(doc, st.kind);
    if (!p.puzzle && !p.large) return;
    const result: PublishedResult = { ...analysis.result };
    if (p.puzzle && result.rows === 0) Object.assign(result, { rows: p.puzzle.rows, cols: p.puzzle.cols });
    if (analysis.conflicts) {
      result.conflicts = analysis.conflicts.cells;
      result.conflictsMinimal = analysis.conflicts.minimal;
    }
    if (analysis.suggestions) result.suggestions = analysis.suggestions;
    if (analysis.partial) result.extrasPending = true;
    if (result.tiling) {
      const picture = tilingPicture(result.tiling);
      if (picture) result.picture = picture;
    }
    st.current = { version: s.version, key: s.key, result };
    this.progress.end(s.uri);
    if (analysis.partial) {
      const v = analysis.result.verdict;
      const what = v === 'none' ? 'Finding conflicting hints and repairs in'
        : v === 'multiple' ? (analysis.result.countPending ? 'Counting the solutions of' : 'Finding hints that make it unique in')
        : analysis.result.redundant ? 'Finding which redundant hints can go together in'
          : needsGrade(s.kind, analysis) ? 'Grading' : 'Finding redundant hints in';
      this.progress.begin(s.uri, s.version, what, false);
    }
    const diagnostics = resultDiagnostics(s.uri, p.puzzle, analysis, s.key);
    this.docs.setDiagnostics(st, diagnostics, s.version);
    const r = analysis.result;
    this.progress.status({
      uri: s.uri, version: s.version, state: 'done', verdict: r.verdict, count: r.count, ms: r.ms, message: r.stopped?.message,
      ...(r.countAtLeast !== undefined ? { countAtLeast: r.countAtLeast } : {}), ...(r.countPending ? { countPending: true } : {}),
    });
    const changed: ResultChangedParams = { uri: s.uri, version: s.version, result };
    quiet(this.connection.sendNotification(ResultChangedNotification, changed));
  }

  /** The job failed (an exception, or the worker ran out of memory). */
  failed(s: Snapshot, message: string): void {
    const st = this.docs.live(s);
    if (!st) return;
    this.progress.end(s.uri);
    const doc = this.documents.get(s.uri)!;
    const puzzle = parsed(doc, st.kind).puzzle;
    const oom = /out of memory/i.test(message);
    // An exhausted heap is a resource limit like the others: undecided, never a crash.
    const diag: Diagnostic = {
      range: gridAnchor(puzzle),
      severity: oom ? 3 : 1,
      code: oom ? Codes.limitReached : Codes.checkFailed,
      source: DiagnosticSource,
      message: oom ? `Undecided: ${message}` : `The check failed: ${message.split('\n')[0]}`,
      data: { key: st.key, limit: oom ? 'memory' : undefined },
    };
    // After a published verdict (the extras failed), keep the verdict's diagnostics.
    const keep = st.current?.key === s.key ? st.solver : [];
    if (st.current?.key === s.key) st.current.result = { ...st.current.result, extrasPending: false };
    this.docs.setDiagnostics(st, [...keep, diag], s.version);
    this.progress.status({ uri: s.uri, version: s.version, state: 'error', verdict: st.current?.key === s.key ? st.current.result.verdict : oom ? 'unknown' : undefined, message: diag.message });
  }

  /** The user cancelled the check (the progress's cancel button). */
  cancelled(s: Snapshot): void {
    const st = this.docs.live(s);
    if (!st) return;
    this.progress.end(s.uri);
    const doc = this.documents.get(s.uri)!;
    const verdictKnown = st.current?.key === s.key;
    // Redundant hints already published: the cancelled phase was the one that groups them.
    const redundantKnown = verdictKnown && st.current!.result.redundant !== undefined;
    // `multiple` from two solutions, the count cancelled: the verdict stands, without "counting".
    const countCancelled = verdictKnown && st.current!.result.countPending === true;
    let keep = verdictKnown ? st.solver : [];
    if (verdictKnown) st.current!.result = { ...st.current!.result, extrasPending: false };
    if (countCancelled) {
      const { countPending: _, ...rest } = st.current!.result;
      const result = { ...rest, stopped: { limit: 'cancelled' as const, message: 'undecided: cancelled', nodes: 0, progress: 0 } };
      st.current!.result = result;
      const puzzle = parsed(doc, st.kind).puzzle;
      keep = resultDiagnostics(s.uri, puzzle, { result }, s.key);
      quiet(this.connection.sendNotification(ResultChangedNotification, { uri: s.uri, version: s.version, result }));
    }
    this.docs.setDiagnostics(st, [...keep, {
      range: gridAnchor(parsed(doc, st.kind).puzzle),
      severity: 3,
      code: Codes.checkCancelled,
      source: DiagnosticSource,
      message: redundantKnown
        ? 'Cancelled before it was known which redundant hints can go together.'
        : countCancelled ? 'Cancelled before the solutions were counted: edit the puzzle or re-check it to count them.'
          : verdictKnown ? 'Cancelled before the redundant hints, conflicting hints, suggestions or the grade were found.' : 'Check cancelled: edit the puzzle to check it again.',
      data: { key: st.key, limit: 'cancelled' },
    }], s.version);
    const atLeast = verdictKnown ? st.current!.result.countAtLeast : undefined;
    this.progress.status({
      uri: s.uri, version: s.version, state: 'done', verdict: verdictKnown ? st.current!.result.verdict : 'unknown', message: 'cancelled',
      ...(atLeast !== undefined ? { countAtLeast: atLeast } : {}),
    });
  }
}
