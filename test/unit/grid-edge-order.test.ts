/**
 * Slitherlink's edge order is the engine's grid sweep on the grid points: the Grid's edge numbering
 * must be that of the engine's gridGraph(rows + 1, cols + 1), and the order must sweep across the
 * shorter side as before (the frontier width sets the cost of every Slitherlink build).
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../server/src/model/grid';
import { gridGraph } from '../../server/src/zdd/frontier';
import { gridEdgeOrder } from '../../server/src/slitherlink/spec';

describe('gridEdgeOrder on the grid points', () => {
  it('the Grid numbers edges as gridGraph(rows + 1, cols + 1)', () => {
    for (const [rows, cols] of [[1, 1], [2, 5], [5, 2], [4, 4], [3, 7]]) {
      const grid = new Grid(rows, cols), g = gridGraph(rows + 1, cols + 1);
      expect(g.edges.length / 2).toBe(grid.edgeCount);
      for (let e = 0; e < grid.edgeCount; e++) {
        const [r1, c1, r2, c2] = grid.edgeEnds(e);
        expect([g.edges[2 * e], g.edges[2 * e + 1]]).toEqual([grid.vertex(r1, c1), grid.vertex(r2, c2)]);
      }
    }
  });

  it('is the order Slitherlink used before (vertex by vertex along the longer side)', () => {
    // The former slitherlink/spec.ts implementation, kept here as the reference.
    const before = (grid: Grid): number[] => {
      const { rows, cols } = grid, out: number[] = [];
      if (cols <= rows) {
        for (let r = 0; r <= rows; r++) for (let c = 0; c <= cols; c++) {
          if (c < cols) out.push(grid.horizontalEdge(r, c));
          if (r < rows) out.push(grid.verticalEdge(r, c));
        }
      } else {
        for (let c = 0; c <= cols; c++) for (let r = 0; r <= rows; r++) {
          if (r < rows) out.push(grid.verticalEdge(r, c));
          if (c < cols) out.push(grid.horizontalEdge(r, c));
        }
      }
      return out;
    };
    for (const [rows, cols] of [[1, 1], [2, 5], [5, 2], [4, 4], [1, 9], [9, 1]]) {
      const grid = new Grid(rows, cols);
      expect(gridEdgeOrder(grid)).toEqual(before(grid));
    }
  });
});
