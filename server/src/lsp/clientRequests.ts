/**
 * The client's requests beyond LSP (names and payloads in protocol-types.ts): the preview's
 * picture, a cell's text, the redundant givens' text, the genres, whether a genre's command can
 * run. The client parses nothing: everything it draws or marks comes from here.
 */
import { notOnTilings } from './codeActions';
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { GENRES, genreInfos, genreOf } from '../genres/index';
import { renderSvg } from '../genres/preview';
import { tilingPicture } from '../model/latticePicture';
import type { Puzzle } from '../model/puzzle';
import type { Range } from '../model/range';
import { messageSvg } from '../preview/frame';
import {
  CellRangeRequest,
  CommandStateRequest,
  GenresRequest,
  PreviewRequest,
  RedundantRangesRequest,
  type CellRangeParams,
  type CommandStateParams,
  type CommandStateResponse,
  type GenreInfo,
  type PreviewParams,
  type PreviewResponse,
  type RedundantRangesParams,
  type RedundantRangesResponse,
} from '../protocol-types';
import { fileName } from '../util/fileName';
import { cellTextRange } from './diagnostics';
import type { DocState, DocStates } from './docStates';
import { kindOf, parsed } from './documents';

export function registerClientRequests(connection: Connection, documents: TextDocuments<TextDocument>, docs: DocStates): void {
  /** The document and its state, by uri. */
  const held = (uri: unknown): { doc: TextDocument; st: DocState } | null => {
    const doc = typeof uri === 'string' ? documents.get(uri) : undefined;
    const st = typeof uri === 'string' ? docs.get(uri) : undefined;
    return doc && st ? { doc, st } : null;
  };

  connection.onRequest(PreviewRequest, (params: PreviewParams): PreviewResponse | null => {
    const h = held(params?.uri);
    return h ? preview(h.doc, h.st) : null;
  });

  connection.onRequest(CellRangeRequest, (params: CellRangeParams): Range | null => {
    const h = held(params?.uri);
    const p = h ? parsed(h.doc, h.st.kind).puzzle : null;
    if (!p || !Number.isInteger(params.row) || !Number.isInteger(params.col)) return null;
    if (p.tiling && !(Number.isInteger(params.face) && params.face! >= 0 && params.face! < p.cellRanges.length)) return null;
    return cellTextRange(p, p.tiling ? { row: params.row, col: params.col, face: params.face } : { row: params.row, col: params.col }) ?? null;
  });

  connection.onRequest(RedundantRangesRequest, (params: RedundantRangesParams): RedundantRangesResponse | null => {
    const h = held(params?.uri);
    if (!h) return null;
    const { doc, st } = h;
    const p = parsed(doc, st.kind).puzzle;
    const r = st.current?.result;
    // Only a result about these very givens (comments and spacing may have changed since).
    if (!p || r?.verdict !== 'unique' || !r.redundant?.length || !current(st, p, doc.version)) return null;
    const genre = genreOf(st.kind);
    const ranges = r.redundant.flatMap((cell) => genre.emptyGiven(p, cell)?.range ?? []);
    return { version: doc.version, ranges };
  });

  connection.onRequest(GenresRequest, (): GenreInfo[] => genreInfos());

  connection.onRequest(CommandStateRequest, (params: CommandStateParams): CommandStateResponse | null => {
    const command = String(params?.command);
    const doc = typeof params?.uri === 'string' ? documents.get(params.uri) : undefined;
    const kind = doc ? kindOf(doc) : null;
    const cmd = kind ? genreOf(kind).commands?.[command] : undefined;
    if (!doc || !kind || !cmd) {
      const having = GENRES.filter((g) => g.commands?.[command]).map((g) => `${g.name} (.${g.extension})`);
      return { message: `open a ${having.join(' or ') || 'puzzle'} file first.`, severity: 'information' };
    }
    const puzzle = parsed(doc, kind).puzzle;
    // As the command itself: one that knows square grids only is refused on a tiling.
    if (!cmd.tilings && puzzle?.tiling) return { message: notOnTilings(cmd.label), severity: 'information' };
    return cmd.ready?.(puzzle, fileName(doc.uri)) ?? null;
  });
}

/** Whether the state's published result is about this text (the same givens: Genre.signature), else about an earlier one. */
function current(st: DocState, p: Puzzle, version: number): boolean {
  const c = st.current;
  if (!c) return false;
  return c.signature !== undefined ? c.signature === genreOf(st.kind).signature(p) : c.version === version;
}

/** The picture of the document's current text with the latest result drawn on it (faded when it is about an earlier text). */
export function preview(doc: TextDocument, st: DocState): PreviewResponse {
  const p = parsed(doc, st.kind);
  const result = st.current?.result ?? null;
  if (!p.puzzle) {
    const message = p.large ? 'This file is too large to preview while it is edited.' : (p.problems[0]?.message || 'No grid found in this file.');
    return { version: doc.version, svg: messageSvg(message), stale: false };
  }
  const stale = !!st.current && !current(st, p.puzzle, doc.version);
  // A tiling is drawn from its lattice's picture: the result's, else made for the text (drawn before any check).
  const picture = p.puzzle.tiling && !result?.picture ? tilingPicture(p.puzzle.tiling) ?? undefined : undefined;
  const svg = renderSvg(p.puzzle, result, { stale, ...(picture ? { picture } : {}) });
  return { version: doc.version, svg, stale, ...(result ? { verdict: result.verdict } : {}) };
}
