/**
 * What the server has told about each document: the latest `linkpuzzle/status` and the latest
 * `linkpuzzle/resultChanged` result (with the document version it belongs to). The status bar
 * and the preview read it; neither ever solves anything itself.
 */
import * as vscode from 'vscode';
import type { CheckResult } from '../../server/src/protocol-types';
import type { StatusParams } from './summary';
import { isPuzzleLanguage } from './languages';

export interface ResultEntry {
  version: number;
  result: CheckResult;
}

export interface ResultChangedParams {
  uri: string;
  version: number;
  result: CheckResult;
}

export class ResultStore implements vscode.Disposable {
  private readonly results = new Map<string, ResultEntry>();
  private readonly statuses = new Map<string, StatusParams>();
  private readonly changed = new vscode.EventEmitter<string>();
  /** Fires with the document URI (string) whose status or result changed. */
  readonly onDidChange = this.changed.event;

  setStatus(s: StatusParams): void {
    this.statuses.set(s.uri, s);
    this.changed.fire(s.uri);
  }

  setResult(p: ResultChangedParams): void {
    const old = this.results.get(p.uri);
    // Never let an older run's answer replace a newer one.
    if (old && old.version > p.version) return;
    this.results.set(p.uri, { version: p.version, result: p.result });
    this.changed.fire(p.uri);
  }

  result(uri: string): ResultEntry | undefined {
    return this.results.get(uri);
  }

  status(uri: string): StatusParams | undefined {
    return this.statuses.get(uri);
  }

  forget(uri: string): void {
    this.results.delete(uri);
    this.statuses.delete(uri);
  }

  clear(): void {
    const uris = new Set([...this.results.keys(), ...this.statuses.keys()]);
    this.results.clear();
    this.statuses.clear();
    for (const uri of uris) this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export function isPuzzleDocument(doc: vscode.TextDocument | undefined): doc is vscode.TextDocument {
  return !!doc && isPuzzleLanguage(doc.languageId);
}
