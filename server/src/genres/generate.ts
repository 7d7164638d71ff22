/**
 * A generated puzzle as the file `linkpuzzle generate` prints, through the genre's generator
 * (Genre.generate): shared by the CLI and the language server's `linkpuzzle.generate`, so both
 * give the same text for the same request.
 */
import type { RunControl } from '../zdd/control';
import type { GenerateRequest, Generated, Genre } from './genre';
import { GENRES, genreOf } from './index';

export type { GenerateRequest, Generated };

/** The genres that generate puzzles. */
export function generators(): Genre[] {
  return GENRES.filter((g) => g.generate);
}

export function generateText(req: GenerateRequest, control: RunControl = {}): Generated {
  const g = genreOf(req.kind).generate;
  if (!g) throw new Error(`${req.kind} has no generator`);
  return g.run(req, control);
}

/**
 * The genre's generate options from CLI-style values (flag -> text; '' for a switch), or what is
 * wrong: a flag only other genres' generators take is refused (`--grade is for slitherlink`).
 */
export function readGenerateOptions(genre: Genre, values: ReadonlyMap<string, string>): ReturnType<NonNullable<Genre['generate']>['read']> {
  const own = genre.generate!.flags;
  for (const flag of values.keys()) {
    if (own.values.includes(flag) || own.switches.includes(flag)) continue;
    const having = generators().filter((g) => g.generate!.flags.values.includes(flag) || g.generate!.flags.switches.includes(flag));
    if (having.length > 0) return { error: `${flag} is for ${having.map((g) => g.kind).join(' and ')}` };
  }
  return genre.generate!.read(values);
}

/** Every flag and switch some genre's generator takes (the CLI reads them all). */
export function generateFlags(): { values: string[]; switches: string[] } {
  const values = new Set<string>(), switches = new Set<string>();
  for (const g of generators()) {
    for (const v of g.generate!.flags.values) values.add(v);
    for (const s of g.generate!.flags.switches) switches.add(s);
  }
  return { values: [...values], switches: [...switches] };
}
