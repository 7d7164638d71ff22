/**
 * What a second-thread job of a Numberlink race carries (nikoliVerdict.ts, countRace.ts): the
 * instance as plain data (it crosses threads), the race's deadline and the thread's limits.
 */
import type { Limits } from '../zdd/control';
import { makeInstance, type NumberlinkInstance } from './instance';

export interface RaceTask {
  rows: number;
  cols: number;
  cells: Int32Array;
  labelCount: number;
  deadline: number;
  limits?: Partial<Limits>;
  secondSolution: boolean;
}

export function raceTask(inst: NumberlinkInstance, deadline: number, limits: Partial<Limits> | undefined, secondSolution: boolean): RaceTask {
  return { rows: inst.rows, cols: inst.cols, cells: inst.cells, labelCount: inst.labelCount, deadline, limits, secondSolution };
}

/** The task's instance, made again on the thread that runs it. */
export function instanceOf(task: RaceTask): NumberlinkInstance {
  return makeInstance(task.rows, task.cols, task.cells, task.labelCount);
}
