/**
 * Progress of a running check: `window/workDoneProgress` (created only when a check outlives a
 * short delay, so fast keystroke checks cause no traffic; cancellable) and the `linkpuzzle/status`
 * notification for the client's status bar.
 */
import type { Connection, WorkDoneProgressServerReporter } from 'vscode-languageserver';
import type { Progress } from '../zdd/control';
import { StatusNotification, type StatusParams } from './protocol';

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
          reporter.begin(`${title} ${decodeURIComponent(uri.split('/').pop() ?? 'puzzle')}`, 0, live.last ? describe(live.last) : 'solving', true);
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

function describe(p: Progress): string {
  return `${p.phase}: level ${p.done} of ${p.total}, ${p.nodes.toLocaleString('en')} nodes`;
}
