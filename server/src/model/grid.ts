/**
 * Geometry of a rectangular grid of `rows` x `cols` cells.
 *
 * Numbering (shared by every solver, the CLI, the server and the preview):
 * - cell (r, c)            -> r * cols + c
 * - vertex (r, c)          -> r * (cols + 1) + c, for r in 0..rows, c in 0..cols (grid points)
 * - horizontal edge (r, c) -> r * cols + c, joins vertex (r, c) and (r, c + 1); r in 0..rows
 * - vertical edge (r, c)   -> H + r * (cols + 1) + c, joins vertex (r, c) and (r + 1, c); r < rows
 *   where H = (rows + 1) * cols is the number of horizontal edges.
 */
export class Grid {
  readonly cellCount: number;
  readonly vertexCount: number;
  readonly horizontalEdgeCount: number;
  readonly edgeCount: number;

  constructor(readonly rows: number, readonly cols: number) {
    this.cellCount = rows * cols;
    this.vertexCount = (rows + 1) * (cols + 1);
    this.horizontalEdgeCount = (rows + 1) * cols;
    this.edgeCount = this.horizontalEdgeCount + rows * (cols + 1);
  }

  cell(r: number, c: number): number {
    return r * this.cols + c;
  }

  vertex(r: number, c: number): number {
    return r * (this.cols + 1) + c;
  }

  horizontalEdge(r: number, c: number): number {
    return r * this.cols + c;
  }

  verticalEdge(r: number, c: number): number {
    return this.horizontalEdgeCount + r * (this.cols + 1) + c;
  }

  isHorizontal(edge: number): boolean {
    return edge < this.horizontalEdgeCount;
  }

  /** The two vertices of an edge as [r1, c1, r2, c2], top-left end first. */
  edgeEnds(edge: number): [number, number, number, number] {
    if (edge < this.horizontalEdgeCount) {
      const r = Math.floor(edge / this.cols), c = edge % this.cols;
      return [r, c, r, c + 1];
    }
    const e = edge - this.horizontalEdgeCount;
    const r = Math.floor(e / (this.cols + 1)), c = e % (this.cols + 1);
    return [r, c, r + 1, c];
  }

  /** The edge between two adjacent vertices, or -1. */
  edgeBetween(r1: number, c1: number, r2: number, c2: number): number {
    if (r1 === r2 && Math.abs(c1 - c2) === 1) return this.horizontalEdge(r1, Math.min(c1, c2));
    if (c1 === c2 && Math.abs(r1 - r2) === 1) return this.verticalEdge(Math.min(r1, r2), c1);
    return -1;
  }

  /** The four sides of cell (r, c): top, bottom, left, right. */
  cellEdges(r: number, c: number): [number, number, number, number] {
    return [
      this.horizontalEdge(r, c),
      this.horizontalEdge(r + 1, c),
      this.verticalEdge(r, c),
      this.verticalEdge(r, c + 1),
    ];
  }

  /** The cells on either side of an edge (-1 outside the grid). */
  edgeCells(edge: number): [number, number] {
    const [r1, c1, r2, c2] = this.edgeEnds(edge);
    if (r1 === r2) {
      const above = r1 > 0 ? this.cell(r1 - 1, c1) : -1;
      const below = r1 < this.rows ? this.cell(r1, c1) : -1;
      return [above, below];
    }
    const left = c1 > 0 ? this.cell(r1, c1 - 1) : -1;
    const right = c1 < this.cols ? this.cell(r1, c1) : -1;
    void c2; void r2;
    return [left, right];
  }
}
