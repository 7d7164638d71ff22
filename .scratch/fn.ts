import { bruteSolve } from '../test/unit/numberlink-brute';
import { randomCells, rng } from '../test/unit/numberlink-random';
const rand = rng(3);
let found = 0;
for (let t = 0; t < 20000 && found < 10; t++) {
  const rows = 3 + Math.floor(rand() * 3), cols = 3 + Math.floor(rand() * 3);
  const pairs = 2 + Math.floor(rand() * 3);
  const cells = randomCells(rows, cols, pairs, rand);
  const b = bruteSolve(rows, cols, cells, pairs, { fill: true, notouch: true }, 10);
  if (b.count >= 2) { found++; console.log(t, rows, cols, pairs, b.count); }
}
