/** What every genre's file writer shares: the `# key: value` lines (the inverse of the parsers' metadata). */

export function metadataLines(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `# ${key}: ${value.replace(/[\r\n]+/g, ' ')}\n`)
    .join('');
}
