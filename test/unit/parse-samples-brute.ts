/**
 * Brute force for the samples' verdicts, independent of the project's solvers (and of the
 * other brute-force helpers): Slitherlink by enumerating the set of cells inside the loop row
 * by row (a loop is the boundary of a non-empty, 4-connected inside set whose outside all
 * reaches the border, with no two cells meeting only at a corner); Numberlink by DFS over the
 * paths, label by label. Only for grids of about 5x5.
 */

export function slkCount(rows: number, cols: number, hints: ArrayLike<number>, limit = 1e9): { count: number; first: number[] | null } {
  const inside = new Int8Array(rows * cols);
  let count = 0; let first: number[] | null = null;
  const at = (r: number, c: number) => (r < 0 || c < 0 || r >= rows || c >= cols ? 0 : inside[r * cols + c]);
  const hintOk = (r: number, c: number) => {
    const h = hints[r * cols + c]; if (h < 0) return true;
    const v = inside[r * cols + c];
    return (at(r - 1, c) !== v ? 1 : 0) + (at(r + 1, c) !== v ? 1 : 0) + (at(r, c - 1) !== v ? 1 : 0) + (at(r, c + 1) !== v ? 1 : 0) === h;
  };
  const valid = () => {
    let any = -1;
    for (let i = 0; i < rows * cols; i++) if (inside[i]) { any = i; break; }
    if (any < 0) return false;
    for (let r = 0; r + 1 < rows; r++) for (let c = 0; c + 1 < cols; c++) {
      const a = at(r, c), b = at(r, c + 1), d = at(r + 1, c), e = at(r + 1, c + 1);
      if (a === e && b === d && a !== b) return false;
    }
    // inside connected
    const seen = new Int8Array(rows * cols); const st = [any]; seen[any] = 1; let nIn = 0;
    while (st.length) { const i = st.pop()!; nIn++; const r = Math.floor(i / cols), c = i % cols; for (const [dr, dc] of [[1,0],[-1,0],[0,1],[0,-1]]) { const rr = r + dr, cc = c + dc; if (at(rr, cc) && !seen[rr * cols + cc]) { seen[rr * cols + cc] = 1; st.push(rr * cols + cc); } } }
    let tot = 0; for (let i = 0; i < rows * cols; i++) tot += inside[i]; if (tot !== nIn) return false;
    // outside cells all reach the border
    const so = new Int8Array(rows * cols); const q: number[] = [];
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if ((r === 0 || c === 0 || r === rows - 1 || c === cols - 1) && !inside[r * cols + c]) { so[r * cols + c] = 1; q.push(r * cols + c); }
    while (q.length) { const i = q.pop()!; const r = Math.floor(i / cols), c = i % cols; for (const [dr, dc] of [[1,0],[-1,0],[0,1],[0,-1]]) { const rr = r + dr, cc = c + dc; if (rr >= 0 && cc >= 0 && rr < rows && cc < cols && !inside[rr * cols + cc] && !so[rr * cols + cc]) { so[rr * cols + cc] = 1; q.push(rr * cols + cc); } } }
    for (let i = 0; i < rows * cols; i++) if (!inside[i] && !so[i]) return false;
    return true;
  };
  const rec = (r: number) => {
    if (count >= limit) return;
    if (r === rows) {
      for (let c = 0; c < cols; c++) if (!hintOk(rows - 1, c)) return;
      if (valid()) { count++; if (!first) first = Array.from(inside); }
      return;
    }
    for (let m = 0; m < 1 << cols; m++) {
      for (let c = 0; c < cols; c++) inside[r * cols + c] = (m >> c) & 1;
      let ok = true;
      if (r > 0) for (let c = 0; c < cols && ok; c++) ok = hintOk(r - 1, c);
      if (ok) rec(r + 1);
    }
    for (let c = 0; c < cols; c++) inside[r * cols + c] = 0;
  };
  rec(0);
  return { count, first };
}

export function nlkCount(rows: number, cols: number, cells: ArrayLike<number>, nLabels: number, fill: boolean, notouch: boolean, limit = 1e9): { count: number; covering: number } {
  const owner = new Int32Array(rows * cols).fill(-1);
  const ends: number[][] = Array.from({ length: nLabels }, () => []);
  for (let i = 0; i < rows * cols; i++) if (cells[i] >= 0) { owner[i] = cells[i]; ends[cells[i]].push(i); }
  const nb = (i: number) => { const r = Math.floor(i / cols), c = i % cols; const out: number[] = []; if (r > 0) out.push(i - cols); if (r < rows - 1) out.push(i + cols); if (c > 0) out.push(i - 1); if (c < cols - 1) out.push(i + 1); return out; };
  let count = 0, covering = 0;
  const path: number[] = [];
  const pos = new Int32Array(rows * cols).fill(-1); // index on the current label's path
  const rec = (k: number) => {
    if (count >= limit) return;
    if (k === nLabels) {
      let full = true; for (let i = 0; i < rows * cols; i++) if (owner[i] < 0) full = false;
      if (fill && !full) return;
      count++; if (full) covering++; return;
    }
    const [a, b] = ends[k];
    const ext = (cur: number) => {
      for (const n of nb(cur)) {
        if (n === b) {
          if (notouch) { // b must not touch other path cells except cur
            let bad = false; for (const m of nb(b)) if (m !== cur && pos[m] >= 0 && owner[m] === k) bad = true; if (bad) continue;
          }
          pos[b] = path.length; path.push(b); rec(k + 1); path.pop(); pos[b] = -1; continue;
        }
        if (owner[n] >= 0) continue;
        if (notouch) { let bad = false; for (const m of nb(n)) if (m !== cur && pos[m] >= 0 && owner[m] === k) bad = true; if (bad) continue; }
        owner[n] = k; pos[n] = path.length; path.push(n); ext(n); path.pop(); pos[n] = -1; owner[n] = -1;
      }
    };
    pos[a] = 0; path.push(a); ext(a); path.pop(); pos[a] = -1;
  };
  rec(0);
  return { count, covering };
}

