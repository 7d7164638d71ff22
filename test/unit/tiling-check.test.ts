// Loopy's own puzzles on its tilings, through the .slk text: import writes a file, the check says
// unique with Loopy's loop, export gives the game ID back.
import { describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/analysis/check';
import { parseSlitherlink } from '../../server/src/parse/index';
import { makeLattice } from '../../server/src/model/lattice';
import { parseLoopyTilingId, loopyTilingId } from '../../server/src/exchange/loopyTiling';
import { writeTilingSlitherlink } from '../../server/src/exchange/tilingText';
import { SUPPORTED, loopEdgesOf } from './tiling-corpus';

describe('Loopy tilings corpus: check through the .slk form', () => {
  for (const entry of SUPPORTED) {
    it(`${entry.grid} ${entry.id.slice(0, 24)}...: unique, Loopy's loop, same ID back`, () => {
      const p = parseLoopyTilingId(entry.id);
      if ('error' in p) throw new Error(p.error);
      const text = writeTilingSlitherlink(p.tiling, p.hints, { loopy: entry.id });
      const result = checkText(text, 'slitherlink', { redundant: false });
      expect(result.errors).toEqual([]);
      expect(result.verdict).toBe('unique');
      expect(result.count).toBe('1');
      expect(result.tiling).toMatchObject({ name: p.tiling.name, width: p.tiling.width, height: p.tiling.height });
      const lattice = makeLattice(p.tiling);
      const loopy = loopEdgesOf(lattice, entry.solution_loop).sort((a, b) => a - b);
      expect(result.solution && 'edgeIds' in result.solution ? [...result.solution.edgeIds!].sort((a, b) => a - b) : null).toEqual(loopy);
      const parsed = parseSlitherlink(text);
      expect(parsed.problems).toEqual([]);
      expect(Array.from(parsed.puzzle!.hints)).toEqual(Array.from(p.hints));
      const params = entry.id.slice(0, entry.id.indexOf(':'));
      expect(loopyTilingId(parsed.puzzle!.tiling!, parsed.puzzle!.hints, params)).toBe(entry.id);
    });
  }
});
