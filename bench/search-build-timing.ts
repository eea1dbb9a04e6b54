// Measuring helpers shared by the search benches (bench/search.bench.ts, bench/search-scale.bench.ts).
import { runInNewContext } from 'node:vm';
import { VaultIndex, type VaultSource } from '../src/search';

const gcFunction = runInNewContext('typeof gc === "function" ? gc : undefined') as (() => void) | undefined;
/** Full collection when node runs with --expose-gc; nothing otherwise. */
export const gc = (): void => gcFunction?.();
/** Heap in MB; typed arrays live outside the JS heap (arrayBuffers), so both count. */
export const heapMB = (): number => {
  const usage = process.memoryUsage();
  return (usage.heapUsed + usage.arrayBuffers) / 1048576;
};
/** Process CPU time in ms: the machine is shared, so wall time mostly measures the neighbours. */
export const cpuNow = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
export const percentile = (values: readonly number[], share: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))];

export interface TimedBuild {
  readonly index: VaultIndex;
  readonly buildCpuMs: number;
  readonly buildWallMs: number;
  /** CPU time between two yields of the index: the longest slice it held the thread for. */
  readonly longestSliceMs: number;
}

/** Builds the index time-sliced as the plugin does; `onYield` runs at every yield (heap sampling). */
export async function timedBuild(source: VaultSource, onYield: () => void = () => undefined): Promise<TimedBuild> {
  let sliceStart = cpuNow();
  let longestSlice = 0;
  const yieldToHost = (): Promise<void> => {
    longestSlice = Math.max(longestSlice, cpuNow() - sliceStart);
    onYield();
    return new Promise((resolve) =>
      setImmediate(() => {
        sliceStart = cpuNow();
        resolve();
      }),
    );
  };
  const wallStarted = performance.now();
  const started = cpuNow();
  const index = await VaultIndex.build(source, { yieldToHost });
  const buildCpuMs = cpuNow() - started;
  const buildWallMs = performance.now() - wallStarted;
  longestSlice = Math.max(longestSlice, cpuNow() - sliceStart);
  return { index, buildCpuMs, buildWallMs, longestSliceMs: longestSlice };
}
