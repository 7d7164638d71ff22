/** A span of source text. Lines and columns are 0-based; columns count UTF-16 code units (as LSP does). */
export interface Range {
  line: number;
  col: number;
  endLine: number;
  endCol: number;
}

/** Something wrong with the input text, found by a parser. */
export interface Problem {
  range: Range;
  message: string;
  /** Stable identifier, e.g. `row-length`, `label-count`. */
  code: string;
}
