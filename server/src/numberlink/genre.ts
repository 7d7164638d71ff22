/** Numberlink (.nlk): paths through the cells joining equal labels, under a rule (nikoli, fill, notouch). */
import type { CheckOptions } from '../analysis/options';
import type { Genre } from '../genres/genre';
import { previewNumberlink } from './preview';
import { direction } from '../findings/words';
import { checkNumberlink, gradeNumberlinkPuzzle, type NumberlinkCheckOptions } from './check';
import { cellLabel, cellText, describeGivens, differences, givenAt, keepUnits, signature, units } from './cells';
import { drawPaths } from './draw';
import { puzzLink } from './exchange/formats';
import { NUMBERLINK_FINDING_CODES } from './findings/codes';
import { notCovering } from './findings/notCovering';
import { generate } from './generate';
import { parseNumberlink } from './parse';
import { NUMBERLINK_PARSE_CODES } from './parseCodes';
import type { NumberlinkPuzzle } from './puzzle';
import { report } from './result';
import { readRuleWords } from './rule';
import type { PathSolution } from '../analysis/result';
import { gradeAround } from '../findings/gradeWords';
import { nikoliHelper, type NikoliHelperTask } from './nikoliVerdict';
import { countHelper, type CountHelperTask } from './countRace';

export const numberlink: Genre<NumberlinkPuzzle> = {
  kind: 'numberlink',
  name: 'Numberlink',
  extension: 'nlk',
  givens: { one: 'label', many: 'labels' },
  extras: { redundantHints: false, conflicts: true, suggestions: false, grade: 'after' },
  rules: {
    default: 'nikoli',
    words: 'nikoli, fill, notouch',
    example: 'fill notouch',
    problem: (text) => readRuleWords(text).problems[0]?.message ?? null,
  },
  parse: parseNumberlink,
  parseCodes: NUMBERLINK_PARSE_CODES,
  signature,
  check,
  grade,
  helperJob,
  gradeWords: {
    levels: {
      local: 'rules on a cell and its neighbours finish it (degree, no cycles, the rule’s own)',
      global: '+ reachability and planarity finish it (a label cut off, a closed path splitting a pair)',
      probing: '+ probing finishes it (trying a link both ways and seeing one fail at once)',
    },
    ceiling: 'deduction with probing',
    short: 'deduction with probing',
    edge: 'link',
    help: 'local, global, probing (the deduction rules needed, under the puzzle\'s rule)',
  },
  units,
  keepUnits,
  cellLabel,
  givenAt,
  describeGivens,
  differences,
  describeCell(p, { row, col }, result) {
    const l = p.cells[row * p.cols + col]!;
    const lines = [l >= 0 ? `Endpoint **${p.labels[l]}**.` : 'Empty cell.'];
    if (result?.verdict === 'unique' && result.solution && 'paths' in result.solution) {
      const s = result.solution;
      let said = false;
      s.paths.forEach((path, k) => {
        const j = path.findIndex(([r, c]) => r === row && c === col);
        if (j < 0) return;
        said = true;
        const label = `**${s.labels[k]}**`;
        const prev = j > 0 ? direction(path[j]!, path[j - 1]!) : null;
        const next = j < path.length - 1 ? direction(path[j]!, path[j + 1]!) : null;
        if (prev && next) lines.push(`Solution: path ${label} enters from the ${prev} and leaves to the ${next}.`);
        else if (next) lines.push(`Solution: path ${label} starts here and leaves to the ${next}.`);
        else if (prev) lines.push(`Solution: path ${label} ends here, arriving from the ${prev}.`);
        else lines.push(`Solution: path ${label} is this single cell.`);
      });
      if (!said) lines.push('Solution: no path uses this cell.');
    }
    const around = [[row, col - 1, row, col], [row, col, row, col + 1], [row - 1, col, row, col], [row, col, row + 1, col]] as const;
    lines.push(...gradeAround(result, around, 'link'));
    return lines;
  },
  findingCodes: NUMBERLINK_FINDING_CODES,
  report,
  findings: (p, a) => {
    const f = notCovering(p, a);
    return f ? [f] : [];
  },
  emptyGiven: () => null,
  cellText,
  preview: previewNumberlink,
  draw(p, result) {
    if (!result.solution) return null;
    const labelAt = (r: number, c: number) => {
      const l = p.cells[r * p.cols + c]!;
      return l >= 0 ? p.labels[l]! : null;
    };
    return drawPaths(p.rows, p.cols, labelAt, (result.solution as PathSolution).paths);
  },
  formats: [puzzLink],
  generate,
};

/**
 * The check under the rule words of `options.rule` when given (the CLI's `--rule`: it wins over
 * the file's `# rule:` line and over the default for files without one), else the file's rule,
 * else `options.defaultRule`'s words (the setting), else nikoli.
 */
function check(p: NumberlinkPuzzle, options: CheckOptions): ReturnType<typeof checkNumberlink> {
  const [puzzle, o] = underRule(p, options);
  return checkNumberlink(puzzle, o);
}

/** The grade (numberlink/grade.ts) under the rule the check used (`check`'s). */
function grade(p: NumberlinkPuzzle, options: CheckOptions): ReturnType<typeof gradeNumberlinkPuzzle> {
  const [puzzle, o] = underRule(p, options);
  return gradeNumberlinkPuzzle(puzzle, o);
}

/** The puzzle and the options with the rule words read: `options.rule` made the puzzle's rule, `options.defaultRule` a rule. */
function underRule(p: NumberlinkPuzzle, options: CheckOptions): [NumberlinkPuzzle, NumberlinkCheckOptions] {
  const { rule: words, defaultRule: defaultWords, ...rest } = options;
  const defaultRule = defaultWords === undefined ? undefined : readRuleWords(defaultWords).rule;
  if (words === undefined) return [p, { ...rest, defaultRule }];
  const rule = readRuleWords(words).rule;
  return [{ ...p, rule }, { ...rest, defaultRule: rule }];
}

/** The second thread's job of a race (analysis/helper.ts): the Nikoli verdict or a count, by its tag. */
function helperJob(task: unknown): unknown {
  const t = task as NikoliHelperTask | CountHelperTask;
  switch (t.job) {
    case 'nikoli': return nikoliHelper(t);
    case 'count': return countHelper(t);
    // Answered as a failure (helperThread.ts answerHelperJob), never as silence until the deadline.
    default: throw new Error(`numberlink: no second-thread job '${(t as { job?: unknown }).job}'`);
  }
}
