/**
 * The designer's tools the worker runs (within the job's limits) for Slitherlink's editor commands
 * (design/commands.ts): a puzzle from a loop, and the family of hint sets of a loop. Inputs and answers cross threads
 * as they are (typed arrays clone); a loop a tool rejects is an answer `{ error }` (util/rejected.ts).
 */
import type { RunControl } from '../../zdd/control';
import type { TilingRef } from '../../model/lattice';
import { rejected } from '../../util/rejected';
import { boardOf } from './board';
import { puzzleFromLoopOn } from './fromLoop';
import { hintFamilyOn } from './hintFamily';

/** The board a tool works on: a square grid of rows x cols, or the tiling (then `inside` is per face). */
interface BoardInput {
  rows: number;
  cols: number;
  tiling?: TilingRef;
}

export interface FromLoopInput extends BoardInput {
  inside: Uint8Array;
  seed: number;
  mask?: Uint8Array;
  preferKeep?: Uint8Array;
  density?: number;
}

export interface HintFamilyInput extends BoardInput {
  inside: Uint8Array;
  mask?: Uint8Array;
}

export const tools: Record<string, (input: unknown, control: RunControl) => unknown> = {
  fromLoop: (input, control) => {
    const i = input as FromLoopInput;
    return rejected(() => puzzleFromLoopOn(boardOf(i), i.inside, {
      seed: i.seed, mask: i.mask, preferKeep: i.preferKeep, density: i.density, control,
    }));
  },
  hintFamily: (input, control) => {
    const i = input as HintFamilyInput;
    return rejected(() => hintFamilyOn(boardOf(i), i.inside, { mask: i.mask, control }));
  },
};
