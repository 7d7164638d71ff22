/**
 * Every test starts after a turn of the event loop. Vitest runs the tests of a file one after the
 * other on promises alone, so a file of synchronous tests (the solver's are: seconds of computing
 * each) never lets the fork read its IPC messages; past 60 s in all its own reports to vitest time
 * out ("Timeout calling onTaskUpdate", an unhandled error that fails the run although every test
 * passed). One setImmediate before each test lets the replies in.
 */
import { beforeEach } from 'vitest';

beforeEach(() => new Promise<void>((resolve) => setImmediate(resolve)));
