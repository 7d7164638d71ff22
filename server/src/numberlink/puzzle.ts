import type { Puzzle } from '../model/puzzle';
import type { Range } from '../model/range';

export interface NumberlinkRule {
  /** Every cell must be used (Flow Free). */
  fill: boolean;
  /** A path never runs alongside itself. */
  notouch: boolean;
}

export interface NumberlinkPuzzle extends Puzzle {
  kind: 'numberlink';
  /** Label index per cell (index into `labels`), or -1 for an empty cell. */
  cells: Int32Array;
  /** Distinct labels in order of first appearance (reading order). */
  labels: string[];
  rule: NumberlinkRule;
  /** Range of the `# rule:` value, when the file has one. */
  ruleRange?: Range;
  /** Range of the `W H` size header. */
  headerRange: Range;
}

export function ruleName(rule: NumberlinkRule): string {
  const words = [rule.fill ? 'fill' : 'nikoli'];
  if (rule.notouch) words.push('notouch');
  return words.join(' ');
}
