"use strict";

// test/unit/numberlink-brute.ts
function bruteSolve(rows, cols, cells, labelCount, rule, keep = 1e3) {
  const n = rows * cols;
  const ends = Array.from({ length: labelCount }, () => []);
  for (let v = 0; v < n; v++) if (cells[v] >= 0) ends[cells[v]].push(v);
  for (const e of ends) if (e.length !== 2) throw new Error("each label needs two cells");
  const owner = new Int32Array(n).fill(-1);
  const pos = new Int32Array(n);
  for (let v = 0; v < n; v++) if (cells[v] >= 0) owner[v] = cells[v];
  const nbrs = [];
  for (let v = 0; v < n; v++) {
    const r = Math.floor(v / cols), c = v % cols, out = [];
    if (r > 0) out.push(v - cols);
    if (r + 1 < rows) out.push(v + cols);
    if (c > 0) out.push(v - 1);
    if (c + 1 < cols) out.push(v + 1);
    nbrs.push(out);
  }
  const paths = [];
  const res = { count: 0, solutions: [] };
  const used = new Uint8Array(n);
  const accept = () => {
    if (rule.fill && used.some((x) => x === 0)) return;
    if (rule.notouch) {
      for (let v = 0; v < n; v++) {
        if (!used[v]) continue;
        for (const u of nbrs[v]) {
          if (u > v && used[u] && owner[u] === owner[v] && Math.abs(pos[u] - pos[v]) !== 1) return;
        }
      }
    }
    res.count++;
    if (res.solutions.length < keep) res.solutions.push(paths.map((p) => p.join(",")).join("|"));
  };
  const walk = (l, cur, path) => {
    const target = ends[l][1];
    for (const u of nbrs[cur]) {
      if (u === target) {
        path.push(u);
        pos[u] = path.length - 1;
        used[u] = 1;
        paths.push(path.slice());
        solveFrom(l + 1);
        paths.pop();
        used[u] = 0;
        path.pop();
      } else if (owner[u] === -1) {
        owner[u] = l;
        used[u] = 1;
        path.push(u);
        pos[u] = path.length - 1;
        walk(l, u, path);
        path.pop();
        used[u] = 0;
        owner[u] = -1;
      }
    }
  };
  const solveFrom = (l) => {
    if (l === labelCount) {
      accept();
      return;
    }
    const s = ends[l][0];
    used[s] = 1;
    pos[s] = 0;
    walk(l, s, [s]);
    used[s] = 0;
  };
  solveFrom(0);
  return res;
}

// test/unit/numberlink-random.ts
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = Math.imul(s, 1664525) + 1013904223 >>> 0;
    return s / 4294967296;
  };
}
function relabel(cells) {
  const map = /* @__PURE__ */ new Map();
  for (const x of cells) if (x >= 0 && !map.has(x)) map.set(x, map.size);
  return cells.map((x) => x >= 0 ? map.get(x) : -1);
}
function randomCells(rows, cols, pairs, rand2) {
  const n = rows * cols, cells = new Int32Array(n).fill(-1);
  const free = Array.from({ length: n }, (_, i) => i);
  for (let l = 0; l < pairs; l++) {
    for (let k = 0; k < 2; k++) {
      const j = Math.floor(rand2() * free.length);
      cells[free[j]] = l;
      free.splice(j, 1);
    }
  }
  return relabel(cells);
}

// .scratch/fn.ts
var rand = rng(3);
var found = 0;
for (let t = 0; t < 2e4 && found < 10; t++) {
  const rows = 3 + Math.floor(rand() * 3), cols = 3 + Math.floor(rand() * 3);
  const pairs = 2 + Math.floor(rand() * 3);
  const cells = randomCells(rows, cols, pairs, rand);
  const b = bruteSolve(rows, cols, cells, pairs, { fill: true, notouch: true }, 10);
  if (b.count >= 2) {
    found++;
    console.log(t, rows, cols, pairs, b.count);
  }
}
