/**
 * The last segment of a uri, for titles: decoded when it can be, else as it is (a uri is only a
 * key here; one with a malformed `%` escape still names its document).
 */
export function fileName(uri: string): string {
  const last = uri.split(/[/\\]/).pop() || uri || 'puzzle';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
