/**
 * Walks every path of a spec without merging states (tiny inputs only): the sets it accepts,
 * each with the events raised along its path. Checks the spec alone, apart from the engine.
 */
import { ACCEPT, REJECT, type Spec } from '../../server/src/zdd/spec';

export interface WalkedSet {
  levels: number[];
  events: number[];
}

export function walkSpec(spec: Spec, cap = 1_000_000): WalkedSet[] {
  const out: WalkedSet[] = [];
  const s = new Int32Array(Math.max(1, spec.width));
  const top = spec.root(s, 0);
  const chosen: number[] = [];
  const events: number[] = [];
  const rec = (state: Int32Array, level: number): void => {
    if (out.length >= cap || level === REJECT) return;
    if (level === ACCEPT) { out.push({ levels: [...chosen], events: [...events] }); return; }
    for (const take of [0, 1] as const) {
      const t = state.slice();
      spec.event = -1;
      const next = spec.child(t, 0, level, take);
      if (next !== REJECT && next !== ACCEPT && !(next >= 1 && next < level)) throw new Error(`level ${next} after ${level}`);
      const ev = spec.event ?? -1;
      if (take) chosen.push(level);
      if (ev >= 0) events.push(ev);
      rec(t, next);
      if (ev >= 0) events.pop();
      if (take) chosen.pop();
    }
  };
  rec(s, top);
  return out;
}
