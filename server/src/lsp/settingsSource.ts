/**
 * Where a document's settings come from: workspace/configuration when the client has it (cached
 * per scope until the configuration changes), else initializationOptions and
 * didChangeConfiguration payloads. A value not used as given is told to the user once.
 */
import { MessageType, ShowMessageNotification, type Connection } from 'vscode-languageserver/node';
import type { JobOptions } from '../worker/protocol';
import { readSettings, type Settings } from './settings';

/** Sends whose failure (client gone) must not become an unhandled rejection. */
export function quiet(p: unknown): void {
  if (p && typeof (p as Promise<unknown>).catch === 'function') (p as Promise<unknown>).catch(() => undefined);
}

function merge(a: unknown, b: unknown): unknown {
  if (b === null || b === undefined) return a;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || Array.isArray(b)) return b;
  const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
  // A null inside is kept (a value the user set, told about like any other invalid one).
  for (const [k, v] of Object.entries(b as Record<string, unknown>)) out[k] = v === null ? null : merge(out[k], v);
  return out;
}

function normalizeRaw(raw: unknown): unknown {
  return raw && typeof raw === 'object' && 'linkpuzzle' in raw ? (raw as { linkpuzzle: unknown }).linkpuzzle : raw;
}

export class SettingsSource {
  /** The client answers workspace/configuration. */
  configurationSupport = false;
  /** initializationOptions, then didChangeConfiguration payloads (clients without workspace/configuration). */
  private baseRaw: unknown = {};
  private readonly cache = new Map<string, Promise<Settings>>();
  /** Settings warnings already shown (each once per server). */
  private readonly warned = new Set<string>();

  constructor(private readonly connection: Connection, private readonly log: (m: string) => void) {}

  initialize(initializationOptions: unknown, configurationSupport: boolean): void {
    this.baseRaw = initializationOptions ?? {};
    this.configurationSupport = configurationSupport;
  }

  /** The configuration changed: forget what was read; take the payload when it is the only source. */
  changed(settings: unknown): void {
    this.cache.clear();
    if (!this.configurationSupport && settings && typeof settings === 'object') {
      const s = settings as Record<string, unknown>;
      if ('linkpuzzle' in s) this.baseRaw = merge(normalizeRaw(this.baseRaw), s.linkpuzzle);
    }
  }

  /** `uri` undefined: the workspace's settings (commands that belong to no document). */
  get(uri?: string): Promise<Settings> {
    if (!this.configurationSupport) return Promise.resolve(this.from(this.baseRaw));
    let s = this.cache.get(uri ?? '');
    if (!s) {
      s = this.connection.workspace.getConfiguration({ ...(uri ? { scopeUri: uri } : {}), section: 'linkpuzzle' }).then(
        (v: unknown) => this.from(merge(normalizeRaw(this.baseRaw), v)),
        () => this.from(this.baseRaw),
      );
      this.cache.set(uri ?? '', s);
    }
    return s;
  }

  /** Settings from raw values; each value not used as given is told to the user once (a warning naming it). */
  private from(raw: unknown): Settings {
    const { settings, warnings } = readSettings(raw);
    for (const w of warnings) {
      if (this.warned.has(w)) continue;
      this.warned.add(w);
      this.log(w);
      quiet(this.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: w }));
    }
    return settings;
  }
}

/** What a check job is asked to do under these settings. */
export function jobOptions(s: Settings): JobOptions {
  return {
    limits: { timeMs: s.limits.timeMs, maxNodes: s.limits.maxNodes },
    redundant: s.redundantHints,
    defaultRules: s.defaultRules,
    conflicts: true,
    suggest: true,
  };
}
