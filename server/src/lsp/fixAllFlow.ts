/**
 * "Remove all redundant hints" from the request to the edit: the context of the text it is asked
 * for, the pass (the scheduler's, usually already run by the check's last phase), and the edit,
 * sent only while the document is still that text.
 */
import { type CancellationToken, type CodeAction, type Connection, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { refuseApplyEdit } from './applyEditSupport';
import type { ClientCapabilities } from './clientCapabilities';
import { fixAllWithEdit, FIX_ALL_TITLE, type ActionContext } from './codeActions';
import type { DocStates } from './docStates';
import { parsed } from './documents';
import type { Scheduler } from './scheduler';

export class FixAllFlow {
  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly docs: DocStates,
    private readonly scheduler: Scheduler,
    private readonly caps: () => ClientCapabilities,
  ) {}

  /** The document as code actions see it: its text, parse, current result and content key. */
  context(uri: string): ActionContext | null {
    const doc = this.documents.get(uri);
    const st = this.docs.get(uri);
    if (!doc || !st || !st.key) return null;
    const p = parsed(doc, st.kind);
    const result = st.current?.key === st.key ? st.current.result : undefined;
    return { uri, version: doc.version, parsed: p, result, key: st.key, documentChanges: this.caps().documentChanges };
  }

  /**
   * Is `ctx` still the document as it is now (same version, same content key)? Checked right
   * before an edit is built and sent: an edit goes out only for the text it was computed on.
   */
  stillCurrent(ctx: ActionContext): boolean {
    const st = this.docs.get(ctx.uri);
    return this.documents.get(ctx.uri)?.version === ctx.version && !!st && !st.loading && st.key === ctx.key;
  }

  /**
   * The fix-all action with its edit, for the text `ctx` describes; 'changed' when the document
   * changed while the hints were being removed (no edit then), null when there is nothing to do.
   */
  async compute(ctx: ActionContext, token?: CancellationToken): Promise<CodeAction | 'changed' | null> {
    const st = this.docs.get(ctx.uri);
    if (!st?.snapshot || st.snapshot.key !== ctx.key || ctx.result?.verdict !== 'unique' || !ctx.result.redundant?.length) return null;
    const m = await this.scheduler.minimize(st.snapshot, ctx.result.redundant, (cancel) => token?.onCancellationRequested(cancel));
    // The text may have changed during the wait: the edit below is built for ctx's text only.
    if (!this.stillCurrent(ctx)) return 'changed';
    if (!m || m.removed.length === 0) return null;
    const action = fixAllWithEdit(ctx, m.removed);
    if (!m.minimal) action.title += ' (partial: stopped early)';
    return action;
  }

  /** The command: [uri, version]; false (nothing sent) unless the document is still at that version. */
  async removeAll(args: unknown[], token: CancellationToken): Promise<boolean | null> {
    const [uri, version] = args as [unknown, unknown];
    const ctx = typeof uri === 'string' ? this.context(uri) : null;
    if (!ctx) return null;
    if (args.length > 1 && version !== ctx.version) return false;
    // Nothing to compute for a client that could not take the edit: false, and the user is told why.
    if (!this.caps().applyEditSupport) {
      refuseApplyEdit(this.connection, FIX_ALL_TITLE);
      return false;
    }
    const action = await this.compute(ctx, token);
    if (action === 'changed') return false;
    if (!action?.edit) return null;
    // compute checked just now, with no wait since: sent for the current text only.
    if (!this.stillCurrent(ctx)) return false;
    try {
      const applied = await this.connection.workspace.applyEdit({ label: action.title, edit: action.edit });
      return applied.applied;
    } catch {
      return false;
    }
  }
}
