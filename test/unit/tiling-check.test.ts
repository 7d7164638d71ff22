// Loopy's own puzzles on its tilings, through the .slk text: import writes a file, the check says
// unique with Loopy's loop, export gives the game ID back.
import { describe, expect, it } from 'vitest';
import { checkText } from '../../server/src/genres/check';
import { parseSlitherlink } from '../../server/src/slitherlink/parse';
import { makeLattice } from '../../server/src/model/lattice';
import { parseLoopyTilingId, loopyTilingId } from '../../server/src/slitherlink/exchange/loopyTiling';
import { writeTilingSlitherlink } from '../../server/src/slitherlink/exchange/tilingText';
import { SUPPORTED, loopEdgesOf } from './tiling-corpus';
import { runJob } from '../../server/src/worker/run';
import { checkSlitherlink } from '../../server/src/slitherlink/check';

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

describe('tilings through the language server\'s worker and checkSlitherlink', () => {
  const entry = SUPPORTED.find((e) => e.grid === 'Cairo')!;
  const p = parseLoopyTilingId(entry.id);
  if ('error' in p) throw new Error(p.error);
  const text = writeTilingSlitherlink(p.tiling, p.hints);

  it('a check job with a document (the incremental path) checks the tiling, not a square grid', () => {
    const options = { limits: { timeMs: 60_000, maxNodes: 20_000_000 }, redundant: false, conflicts: false, suggest: false };
    const answer = runJob({ type: 'check', text, kind: 'slitherlink', options, uri: 'file:///cairo.slk' }, {});
    if (answer.type !== 'check') throw new Error(answer.type);
    expect(answer.analysis.result.tiling?.name).toBe('cairo');
    expect(answer.analysis.result.verdict).toBe('unique');
  });

  it('checkSlitherlink on a tiling puzzle is the tiling check', () => {
    const r = checkSlitherlink(parseSlitherlink(text).puzzle!, { redundant: false });
    expect([r.verdict, r.tiling?.name]).toEqual(['unique', 'cairo']);
  });
});
