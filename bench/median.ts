// What the benches report of several runs: the median (BENCHMARKS.md: several runs, medians).

import { performance } from 'node:perf_hooks';

/** The median of `values` (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median wall time in ms of `runs` runs of `task`, after `warmup` runs that are not counted. */
export async function medianTimeMs(task: () => unknown, options: { readonly runs: number; readonly warmup: number }): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < options.warmup + options.runs; run++) {
    const started = performance.now();
    await task();
    if (run >= options.warmup) times.push(performance.now() - started);
  }
  return median(times);
}
