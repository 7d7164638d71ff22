/** Box-drawing characters for text drawings (`linkpuzzle solve`): one per set of directions joined. */

export const UP = 1, DOWN = 2, LEFT = 4, RIGHT = 8;

/** Box character for a point or cell joined in the directions of `mask` (UP | DOWN | LEFT | RIGHT). */
export const BOX: string[] = (() => {
  const t = new Array<string>(16).fill(' ');
  t[0] = '·';
  t[UP] = '╵';
  t[DOWN] = '╷';
  t[LEFT] = '╴';
  t[RIGHT] = '╶';
  t[UP | DOWN] = '│';
  t[LEFT | RIGHT] = '─';
  t[DOWN | RIGHT] = '┌';
  t[DOWN | LEFT] = '┐';
  t[UP | RIGHT] = '└';
  t[UP | LEFT] = '┘';
  t[UP | DOWN | RIGHT] = '├';
  t[UP | DOWN | LEFT] = '┤';
  t[LEFT | RIGHT | DOWN] = '┬';
  t[LEFT | RIGHT | UP] = '┴';
  t[UP | DOWN | LEFT | RIGHT] = '┼';
  return t;
})();
