/**
 * Progress of a running check: `window/workDoneProgress` (created only when a check outlives a
 * short delay, so fast keystroke checks cause no traffic; cancellable) and the `linkpuzzle/status`
 * notification for the client's status bar.
 */
import type { Connection, WorkDoneProgressReporter, WorkDoneProgressServerReporter } from 'vscode-languageserver';
import type { Progress } from '../zdd/control';
import { fileName } from './documents';
import { StatusNotification, type StatusParams } from '../protocol-types';

const SHOW_AFTER_MS = 250;

interface Live {
  timer?: NodeJS.Timeout;
  reporter?: WorkDoneProgressServerReporter;
  done: boolean;
  last?: Progress;
}

export class ProgressReporter {
  private readonly live = new Map<string, Live>();

  constructor(
    private readonly connection: Connection,
    private readonly supported: () => boolean,
    private readonly onUserCancel: (uri: string) => void,
  ) {}

  status(params: StatusParams): void {
    this.connection.sendNotification(StatusNotification, params).catch(() => undefined);
  }

  /** `title`: what runs; `status`: also tell the status bar (not for the extras after a verdict). */
  begin(uri: string, version: number, title = 'Checking', status = true): void {
    this.end(uri);
    if (status) this.status({ uri, version, state: 'checking' });
    if (!this.supported()) return;
    const live: Live = { done: false };
    this.live.set(uri, live);
    live.timer = setTimeout(() => {
      live.timer = undefined;
      void this.connection.window.createWorkDoneProgress().then(
        (reporter) => {
          if (live.done) {
            reporter.done();
            return;
          }
          live.reporter = reporter;
          reporter.begin(`${title} ${fileName(uri)}`, 0, live.last ? describe(live.last) : 'solving', true);
          reporter.token.onCancellationRequested(() => {
            if (!live.done) this.onUserCancel(uri);
          });
        },
        () => undefined,
      );
    }, SHOW_AFTER_MS);
  }

  progress(uri: string, p: Progress): void {
    const live = this.live.get(uri);
    if (!live || live.done) return;
    live.last = p;
    live.reporter?.report(p.total > 0 ? Math.min(100, Math.round((100 * p.done) / p.total)) : 0, describe(p));
  }

  end(uri: string): void {
    const live = this.live.get(uri);
    if (!live) return;
    this.live.delete(uri);
    live.done = true;
    if (live.timer) clearTimeout(live.timer);
    live.reporter?.done();
  }
}

/**
 * Progress of a command the user ran (design tools): on the token the client's request carried,
 * else, when the client supports it, on one the server creates once the command outlives the
 * same short delay. Its cancel button calls `onCancel` (the request's own cancellation is the
 * caller's to wire).
 */
export class CommandProgress {
  private reporter?: WorkDoneProgressReporter;
  private timer?: NodeJS.Timeout;
  private finished = false;
  private last = '';
  private percent = 0;

  constructor(connection: Connection, clientReporter: WorkDoneProgressReporter | null, supported: boolean, private readonly title: string, onCancel: () => void) {
    if (clientReporter) {
      this.reporter = clientReporter;
      clientReporter.begin(title, 0, undefined, true);
      return;
    }
    if (!supported) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void connection.window.createWorkDoneProgress().then(
        (reporter: WorkDoneProgressServerReporter) => {
          if (this.finished) {
            reporter.done();
            return;
          }
          this.reporter = reporter;
          reporter.begin(this.title, this.percent, this.last || undefined, true);
          reporter.token.onCancellationRequested(() => {
            if (!this.finished) onCancel();
          });
        },
        () => undefined,
      );
    }, SHOW_AFTER_MS);
  }

  report(p: Progress): void {
    if (this.finished) return;
    this.percent = p.total > 0 ? Math.min(100, Math.round((100 * p.done) / p.total)) : 0;
    this.last = p.nodes > 0 ? describe(p) : `${p.phase}: ${p.done} of ${p.total}`;
    this.reporter?.report(this.percent, this.last);
  }

  done(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.timer) clearTimeout(this.timer);
    this.reporter?.done();
  }
}

function describe(p: Progress): string {
  const nodes = `${p.nodes.toLocaleString('en')} nodes`;
  if (p.phase === 'depth-first') return `search: about ${Math.round((100 * p.done) / p.total)}% of the tree, ${nodes}`;
  return `${p.phase}: level ${p.done} of ${p.total}, ${nodes}`;
}
