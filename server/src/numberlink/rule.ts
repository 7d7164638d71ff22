/**
 * The Numberlink rule words (`nikoli`, `fill`, `notouch`, any order and case, separated by spaces
 * or commas; ../shared/FORMATS.md): the one reader behind a file's `# rule:` line, the CLI's
 * `--rule` and the `linkpuzzle.numberlink.defaultRule` setting, so that they agree on every text.
 * `nikoli` and `fill` contradict each other (cells may stay empty / every cell is used): a text
 * with both is refused everywhere, as is an empty text or an unknown word.
 */
import type { NumberlinkRule } from './puzzle';
import { shorten } from '../parse/lines';

export const RULE_WORDS = ['nikoli', 'fill', 'notouch'] as const;

export interface RuleProblem {
  code: 'rule-empty' | 'rule-word' | 'rule-conflict';
  /** Where in the text (UTF-16 offsets; 0..0 for an empty text). */
  start: number;
  end: number;
  message: string;
}

/** The rule the words give (what is readable of them) and what is wrong with them. */
export function readRuleWords(text: string): { rule: NumberlinkRule; problems: RuleProblem[] } {
  const rule: NumberlinkRule = { fill: false, notouch: false };
  const problems: RuleProblem[] = [];
  let nikoliAt = -1, fillAt = -1, words = 0;
  const re = /[^\s,]+/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    words++;
    const word = m[0].toLowerCase();
    if (word === 'nikoli') {
      if (nikoliAt < 0) nikoliAt = m.index;
    } else if (word === 'fill') {
      rule.fill = true;
      if (fillAt < 0) fillAt = m.index;
    } else if (word === 'notouch') rule.notouch = true;
    else {
      const guess = closest(word);
      problems.push({
        code: 'rule-word',
        start: m.index,
        end: m.index + m[0].length,
        message: `Unknown rule word '${shorten(m[0])}'${guess ? ` (did you mean '${guess}'?)` : ''}: the rule words are nikoli (the default), fill and notouch`,
      });
    }
  }
  if (words === 0) {
    // Blank, or separators alone: no word says which rule.
    problems.push({ code: 'rule-empty', start: 0, end: 0, message: 'Empty rule: write nikoli (the default), fill, or either with notouch' });
  }
  if (nikoliAt >= 0 && fillAt >= 0) {
    // On the later of the two words: the one that contradicts what was already said.
    const at = Math.max(nikoliAt, fillAt);
    problems.push({
      code: 'rule-conflict',
      start: at,
      end: at + (at === fillAt ? 4 : 6),
      message: `'nikoli' and 'fill' contradict each other: nikoli lets cells stay empty, fill makes every cell part of a path; keep one`,
    });
  }
  return { rule, problems };
}

/** The rule, or null when the words have any problem. */
export function parseRule(text: string): NumberlinkRule | null {
  const { rule, problems } = readRuleWords(text);
  return problems.length === 0 ? rule : null;
}

/** A rule word within edit distance 2 (or equal once punctuation is dropped), for suggestions. */
function closest(word: string): string | null {
  const letters = word.replace(/[^a-z]/g, '');
  for (const w of RULE_WORDS) if (letters === w) return w;
  if (word.length > 20) return null;
  let best: string | null = null, bestD = 3;
  for (const w of RULE_WORDS) {
    const d = editDistance(word, w);
    if (d < bestD) {
      bestD = d;
      best = w;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}
