/**
 * One meaning of the Numberlink rule words everywhere: a file's `# rule:` line, the CLI's `--rule`
 * and the `linkpuzzle.numberlink.defaultRule` setting accept and refuse the same texts and read the
 * same rule from them. The documented meaning (../shared/FORMATS.md, README): words nikoli, fill,
 * notouch in any order and case, separated by spaces or commas; nikoli and fill contradict each
 * other; no word, or an unknown word, is not a rule.
 */
import { describe, expect, it } from 'vitest';
import { parseNumberlink } from '../../server/src/numberlink/parse';
import { parseCommandLine, UsageError } from '../../server/src/cli/args';
import { readSettings } from '../../server/src/lsp/settings';
import type { NumberlinkRule } from '../../server/src/numberlink/puzzle';
import { readRuleWords } from '../../server/src/numberlink/rule';

const WORDS = ['nikoli', 'fill', 'notouch', 'Fill', 'NOTOUCH', 'flow', ''];
const SEPARATORS = [' ', ',', ', '];

/** Every text of up to three words (with repeats), each separator. */
function texts(): string[] {
  const out = new Set<string>(['', ' ', ',', ' , ']);
  const rec = (words: string[]) => {
    if (words.length > 0) for (const sep of SEPARATORS) out.add(words.join(sep));
    if (words.length < 3) for (const w of WORDS) rec([...words, w]);
  };
  rec([]);
  return [...out];
}

/** The documented meaning: the rule, or null when the text is not one. */
function meaning(text: string): NumberlinkRule | null {
  const words = text.toLowerCase().split(/[\s,]+/).filter((w) => w !== '');
  if (words.length === 0 || words.some((w) => !['nikoli', 'fill', 'notouch'].includes(w))) return null;
  if (words.includes('nikoli') && words.includes('fill')) return null;
  return { fill: words.includes('fill'), notouch: words.includes('notouch') };
}

function fromFile(text: string): NumberlinkRule | null {
  const r = parseNumberlink(`# rule: ${text}\n2 1\naa\n`);
  return r.problems.some((p) => p.code.startsWith('rule-')) ? null : r.puzzle!.rule;
}

function fromCli(text: string): NumberlinkRule | null {
  try {
    const c = parseCommandLine(['check', '--rule', text, 'x.nlk']);
    // The CLI passes the words on; the genre reads them with the file's reader.
    return c.name === 'check' ? readRuleWords(c.rule!).rule : null;
  } catch (e) {
    if (e instanceof UsageError) return null;
    throw e;
  }
}

function fromSetting(text: string): string | null {
  const { settings, warnings } = readSettings({ numberlink: { defaultRule: text } });
  return warnings.length > 0 ? null : settings.defaultRules.numberlink!;
}

describe('rule words', () => {
  const all = texts();
  it(`the file, the CLI and the setting agree with the documented meaning on ${all.length} texts`, () => {
    const wrong: string[] = [];
    for (const text of all) {
      const want = meaning(text);
      const file = fromFile(text), cli = fromCli(text), setting = fromSetting(text);
      const same = (got: NumberlinkRule | null) => JSON.stringify(got) === JSON.stringify(want);
      if (!same(file)) wrong.push(`file ${JSON.stringify(text)}: ${JSON.stringify(file)}`);
      if (!same(cli)) wrong.push(`cli ${JSON.stringify(text)}: ${JSON.stringify(cli)}`);
      if ((setting === null) !== (want === null)) wrong.push(`setting ${JSON.stringify(text)}: ${JSON.stringify(setting)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the CLI names the problem as the file does', () => {
    expect(() => parseCommandLine(['check', '--rule', 'nikoli fill', 'x.nlk'])).toThrow(/--rule: 'nikoli' and 'fill' contradict each other/);
    expect(() => parseCommandLine(['check', '--rule', 'fil', 'x.nlk'])).toThrow(/did you mean 'fill'/);
    expect(() => parseCommandLine(['check', '--rule', ' , ', 'x.nlk'])).toThrow(/--rule: Empty rule/);
  });
});
