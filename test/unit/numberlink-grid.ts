/** A Numberlink instance drawn as rows of labels ('.' empty), for tests. */
import { makeInstance, type NumberlinkInstance } from '../../server/src/numberlink/instance';

export function grid(rows: string[]): NumberlinkInstance {
  const labels = new Map<string, number>();
  const cells = new Int32Array(rows.length * rows[0].length).fill(-1);
  rows.join('').split('').forEach((ch, v) => {
    if (ch === '.') return;
    if (!labels.has(ch)) labels.set(ch, labels.size);
    cells[v] = labels.get(ch)!;
  });
  return makeInstance(rows.length, rows[0].length, cells, labels.size);
}
