// Types of reference.mjs for the TypeScript bench children (corpus-runner.ts).
export function referenceWorkload(): number;
export function timeReference(): { ms: number; cpuMs: number };
export function measureReference(runs: number): { ms: number; cpuMs: number };
