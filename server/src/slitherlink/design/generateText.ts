/**
 * `linkpuzzle generate slitherlink WxH` and the language server's generate command: a puzzle as the
 * file the CLI prints, with the `# generator:` line (the command that makes the same puzzle
 * again). `--grade LEVEL`: a puzzle of that difficulty grade (gradedGenerate.ts).
 */
import type { GenerateOptions, Generated, GenreGenerate } from '../../genres/genre';
import { withDeadline, type RunControl } from '../../zdd/control';
import { numberValue } from '../../util/options';
import { LEVELS } from '../grade';
import { writeSlitherlink, writeSolutionBlock } from '../exchange/write';
import { fromLoopVerdict } from './fromLoop';
import { generateSlitherlink } from './generate';
import { gradedText, type Level } from './gradedGenerate';

export const generate: GenreGenerate = {
  description: 'a random loop, hints removed while it stays unique',
  usage: `    slitherlink WxH [--density D] [--solution]: a random loop, hints removed while it stays
        unique (down to the fraction D of the cells); --solution: add the loop as a --- block
    slitherlink WxH --grade easy|normal|tricky|hard [--solution]: a puzzle of that difficulty grade
        (check --grade): deduction at that level finishes it, the level below does not (exit 1
        when no loop tried gives one: the puzzle printed is then of a lower grade)`,
  flags: { values: ['--density', '--grade'], switches: ['--solution'] },
  read(values) {
    const o: GenerateOptions = {};
    const density = values.get('--density');
    if (density !== undefined) {
      const d = numberValue('--density', density, 0, 1);
      if (typeof d !== 'number') return d;
      o.density = d;
    }
    const grade = values.get('--grade');
    if (grade !== undefined) {
      if (!(LEVELS as readonly string[]).includes(grade)) return { error: `--grade must be ${LEVELS.join(', ')}, not '${grade}'` };
      if (density !== undefined) return { error: '--grade and --density do not go together (the grade decides which hints stay)' };
      o.grade = grade;
    }
    if (values.has('--solution')) o.solution = true;
    return o;
  },
  choices: {
    option: 'grade',
    name: 'difficulty',
    title: 'How hard (the grade deduction needs)?',
    items: [
      { label: 'Any', description: 'hints removed while it stays unique (often harder than Hard)' },
      ...LEVELS.map((grade) => ({
        value: grade,
        label: capital(grade),
        description: `grade ${grade}: deduction at Loopy's ${capital(grade)} level finishes it, the level below does not`,
      })),
    ],
  },
  // Graded puzzles need deduction only (seconds even at 60x60).
  quick: (o) => o.grade !== undefined,
  slowCells: 35 * 35,
  run({ rows, cols, seed, options = {} }, control) {
    const solution = options.solution === true;
    if (typeof options.grade === 'string') return graded(rows, cols, options.grade as Level, seed, solution, control);
    const density = typeof options.density === 'number' ? options.density : undefined;
    const puzzle = generateSlitherlink(rows, cols, { seed, density, control });
    const generator = `linkpuzzle generate slitherlink ${cols}x${rows} --seed ${seed}${density !== undefined ? ` --density ${density}` : ''}`;
    let text = writeSlitherlink({ rows, cols, hints: puzzle.hints }, { generator });
    if (solution) text += writeSolutionBlock(rows, cols, puzzle.inside);
    const v = fromLoopVerdict(puzzle, { detail: `${puzzle.checks} checks` });
    // The text either way: `ok` says whether it is a puzzle.
    return { text, ok: v.status === 'unique', note: v.summary, ms: puzzle.ms };
  },
};

/** "Tricky" from "tricky". */
function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function graded(rows: number, cols: number, grade: Level, seed: number, solution: boolean, control: RunControl): Generated {
  const { deadline, isCancelled } = withDeadline(control);
  const { text, result: r } = gradedText(rows, cols, grade, seed, solution, { deadline, isCancelled });
  if (!text || !r.puzzle) {
    const note = `no puzzle: none of ${r.tries} loops gave one that deduction finishes${r.stopped ? ` (${r.stopped})` : ''}`;
    return { text: '', ok: false, ms: r.ms, note, message: note };
  }
  const hinted = r.puzzle.hints.reduce((n, h) => n + (h >= 0 ? 1 : 0), 0);
  if (r.puzzle.grade !== grade) {
    return { text, ok: false, ms: r.ms, note: `unique, grade ${r.puzzle.grade}, NOT ${grade}: none of ${r.tries} loops gave a ${grade} puzzle${r.stopped ? ` (${r.stopped})` : ''}` };
  }
  return { text, ok: true, ms: r.ms, note: `unique, grade ${grade}, ${hinted} hints, after ${r.tries} loop${r.tries === 1 ? '' : 's'}`, grade };
}
