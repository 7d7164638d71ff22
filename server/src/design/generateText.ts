/**
 * A generated puzzle as the file `linkpuzzle generate` prints: the `# generator:` line (the
 * command that makes the same puzzle again), then the grid. Shared by the CLI and the language
 * server's `linkpuzzle.generate`, so both give the same text for the same request.
 */
import { ruleName, type NumberlinkRule } from '../model/puzzle';
import { writeNumberlink, writeSlitherlink, writeSolutionBlock } from '../exchange/text';
import type { RunControl } from '../zdd/control';
import { generateNumberlink, generateSlitherlink, type GeneratedNumberlink, type GeneratedSlitherlink } from './generate';
import type { Level } from './gradedGenerate';

export interface GenerateRequest {
  kind: 'slitherlink' | 'numberlink';
  rows: number;
  cols: number;
  seed: number;
  /** Slitherlink: stop removing hints at this fraction of the cells. */
  density?: number;
  /** Numberlink: the rule (default nikoli). */
  rule?: NumberlinkRule;
  /** Numberlink: pairs to start from. */
  pairs?: number;
  /** Numberlink: allow pairs whose ends are neighbouring cells (avoided by default). */
  allowAdjacent?: boolean;
  /** Slitherlink: add the loop as a `---` block. */
  solution?: boolean;
  /** Slitherlink: a puzzle of this difficulty grade (gradedGenerate.ts); not with `density`. */
  grade?: Level;
}

export type GeneratedText =
  | { kind: 'slitherlink'; text: string; puzzle: GeneratedSlitherlink }
  | { kind: 'numberlink'; text: string; puzzle: GeneratedNumberlink };

export function generateText(req: GenerateRequest, control?: RunControl): GeneratedText {
  const { rows, cols, seed } = req;
  if (req.kind === 'slitherlink') {
    const puzzle = generateSlitherlink(rows, cols, { seed, density: req.density, control });
    const generator = `linkpuzzle generate slitherlink ${cols}x${rows} --seed ${seed}${req.density !== undefined ? ` --density ${req.density}` : ''}`;
    let text = writeSlitherlink({ rows, cols, hints: puzzle.hints }, { generator });
    if (req.solution) text += writeSolutionBlock(rows, cols, puzzle.inside);
    return { kind: 'slitherlink', text, puzzle };
  }
  const rule = req.rule ?? { fill: false, notouch: false };
  const allowAdjacent = req.allowAdjacent === true;
  const puzzle = generateNumberlink(rows, cols, { seed, rule, pairs: req.pairs, allowAdjacent, control });
  const words = ruleName(rule);
  // The rule changes which puzzle comes out: the command line names it to make the same one again.
  const generator = `linkpuzzle generate numberlink ${cols}x${rows} --seed ${seed}${req.pairs ? ` --pairs ${req.pairs}` : ''}` +
    `${words === 'nikoli' ? '' : ` --rule ${words.replace(/ /g, ',')}`}${allowAdjacent ? ' --allow-adjacent' : ''}`;
  const text = writeNumberlink(
    { rows, cols, cells: puzzle.cells, labels: puzzle.labels, rule: words === 'nikoli' ? undefined : words },
    { generator },
  );
  return { kind: 'numberlink', text, puzzle };
}
