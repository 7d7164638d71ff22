/**
 * The pure part of "Copy as puzz.link URL" (client/src/exchange.ts): the text shown once the URL
 * is copied. The URL itself, and the file text of a pasted URL, come from the server (the same
 * exchange code as `linkpuzzle import/export`). No VS Code imports, so it is unit-tested.
 */

/** What to show once the URL is on the clipboard: a warning when the URL loses something. */
export function copiedMessage(r: { url: string; warning?: string }): { level: 'info' | 'warning'; text: string } {
  return r.warning
    ? { level: 'warning', text: `Link Puzzles: copied ${r.url}, but ${r.warning}.` }
    : { level: 'info', text: `Copied ${r.url}` };
}
