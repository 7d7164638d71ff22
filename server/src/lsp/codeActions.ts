/** "Remove redundant hint" quick fixes and the "Remove all redundant hints" fix-all action. */
import {
  CodeAction,
  CodeActionKind,
  Diagnostic,
  TextEdit,
  WorkspaceEdit,
  type Range as LspRange,
} from 'vscode-languageserver';
import type { CellRef } from '../analysis/result';
import type { Parsed } from './documents';
import { cellTextRange, toLspRange, type DiagnosticData } from './diagnostics';
import { placeName } from '../findings/words';
import { genreOfPuzzle, type TextChange } from '../genres/index';
import { Codes, DiagnosticSource, FixAllKind, RemoveAllRedundantCommand, type PublishedResult } from '../protocol-types';

/** Does a requested `only` list admit `kind`? Kinds are hierarchical: `source` admits `source.fixAll.x`. */
export function wants(only: string[] | undefined, kind: string): boolean {
  if (!only || only.length === 0) return true;
  return only.some((o) => kind === o || kind.startsWith(o + '.'));
}

/** Was `kind` (or a sub-kind of it) asked for explicitly? */
export function askedFor(only: string[] | undefined, kind: string): boolean {
  return !!only?.some((o) => kind === o || kind.startsWith(o + '.'));
}

/** A genre's protocol-neutral change as an LSP edit. */
export function toTextEdit(c: TextChange): TextEdit {
  return TextEdit.replace(toLspRange(c.range), c.newText);
}

/** Empty only each given's own characters (Genre.emptyGiven): comments, spacing, line ends stay. */
export function removeHintEdits(p: Parsed, cells: readonly CellRef[]): TextEdit[] {
  const puzzle = p.puzzle;
  if (!puzzle) return [];
  const genre = genreOfPuzzle(puzzle);
  const edits: TextEdit[] = [];
  for (const cell of cells) {
    const c = genre.emptyGiven(puzzle, cell);
    if (c) edits.push(toTextEdit(c));
  }
  return edits;
}

/** What a tiling does not offer yet, said when it is asked for. */
export function notOnTilings(what: string): string {
  return `${what} is not available on tilings yet (it knows square grids only): on a tiling the language server checks, counts, finds the redundant hints and removes them one at a time.`;
}


export function workspaceEdit(uri: string, version: number, edits: TextEdit[], documentChanges: boolean): WorkspaceEdit {
  return documentChanges
    ? { documentChanges: [{ textDocument: { uri, version }, edits }] }
    : { changes: { [uri]: edits } };
}

function overlaps(a: LspRange, b: LspRange): boolean {
  const before = (x: LspRange['start'], y: LspRange['start']) => x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

export interface ActionContext {
  uri: string;
  version: number;
  parsed: Parsed;
  /** The result for the current text, if any. */
  result?: PublishedResult;
  /** Content key of the current text. */
  key: string;
  documentChanges: boolean;
}

/** One preferred quick fix per redundant-hint diagnostic (or per redundant hint under the cursor). */
export function quickFixes(ctx: ActionContext, range: LspRange, diagnostics: Diagnostic[]): CodeAction[] {
  // Some clients hand back only part of a diagnostic (Neovim 0.7 drops `source`): match on code and data.
  const ours = (diagnostics ?? []).filter((d) => (d.source === undefined || d.source === DiagnosticSource) && d.code === Codes.redundantHint);
  const targets: { cell: CellRef; diagnostic?: Diagnostic }[] = [];
  for (const d of ours) {
    const data = (d.data ?? {}) as DiagnosticData;
    // A diagnostic computed for other text may point at a cell that changed since.
    if (data.key !== undefined && data.key !== ctx.key) continue;
    if (typeof data.row === 'number' && typeof data.col === 'number') {
      targets.push({ cell: typeof data.face === 'number' ? { row: data.row, col: data.col, face: data.face } : { row: data.row, col: data.col }, diagnostic: d });
    }
  }
  if (targets.length === 0 && ctx.result?.verdict === 'unique' && ctx.parsed.puzzle) {
    const p = ctx.parsed.puzzle;
    for (const cell of ctx.result.redundant ?? []) {
      const r = cellTextRange(p, cell);
      if (r && range && overlaps(toLspRange(r), range)) targets.push({ cell });
    }
  }
  const actions: CodeAction[] = [];
  for (const { cell, diagnostic } of targets) {
    const edits = removeHintEdits(ctx.parsed, [cell]);
    if (edits.length === 0) continue;
    const p = ctx.parsed.puzzle!;
    const hint = genreOfPuzzle(p).givenAt(p, cell) ?? '';
    actions.push({
      title: `Remove redundant hint ${hint} at ${placeName(cell)}`,
      kind: CodeActionKind.QuickFix,
      isPreferred: true,
      ...(diagnostic ? { diagnostics: [diagnostic] } : {}),
      edit: workspaceEdit(ctx.uri, ctx.version, edits, ctx.documentChanges),
    });
  }
  return actions;
}

export const FIX_ALL_TITLE = 'Remove all redundant hints';

/** Data of an unresolved fix-all action. */
export interface FixAllData {
  uri: string;
  version: number;
  key: string;
}

/** The fix-all action without its edit (resolved later, or run as a command). */
export function fixAllStub(ctx: ActionContext, mode: 'resolve' | 'command'): CodeAction | null {
  if (ctx.result?.verdict !== 'unique' || !ctx.result.redundant?.length) return null;
  const action: CodeAction = { title: FIX_ALL_TITLE, kind: FixAllKind };
  const data: FixAllData = { uri: ctx.uri, version: ctx.version, key: ctx.key };
  if (mode === 'resolve') action.data = data;
  else action.command = { title: FIX_ALL_TITLE, command: RemoveAllRedundantCommand, arguments: [ctx.uri, ctx.version] };
  return action;
}

export function fixAllWithEdit(ctx: ActionContext, removed: readonly CellRef[]): CodeAction {
  return {
    title: `${FIX_ALL_TITLE} (${removed.length})`,
    kind: FixAllKind,
    edit: workspaceEdit(ctx.uri, ctx.version, removeHintEdits(ctx.parsed, removed), ctx.documentChanges),
  };
}
