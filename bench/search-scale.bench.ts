// Search at scale (issue 17 item 5, DESIGN.md 10 second wave): Glassbox's VaultIndex over a
// generated 100,000-note vault beside the same generator's 20,000-note vault (the first-wave
// budget size) in the same run, each in its own child process so heap figures do not mix.
// Build, restart from the saved index, query p50/p95, peak heap against the text, one-note update.
//   node --expose-gc --import tsx bench/search-scale.bench.ts [--sizes 20000,100000]
// The build runs time-sliced on the thread that asks, as in the CLI, so the longest slice is
// reported too. `--worker` builds the same vaults through the plugin's worker protocol in a Node
// worker thread (bench/search-scale-worker.ts): the calling thread's longest stall, the worker's
// peak heap, restart and searches as round trips (the plugin's Web Worker in Chromium:
// bench/search-worker.bench.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { VaultIndex, type IndexStore, type VaultSource } from '../src/search';
import type { IndexPort } from '../src/search/worker/index-protocol';
import { WorkerIndexClient } from '../src/search/worker/worker-index-client';
import { cpuNow, gc, heapMB, percentile, timedBuild } from './search-build-timing';
import { generateVault } from './search-vault-generator';

interface ScaleMeasurement {
  readonly notes: number;
  readonly textMB: number;
  readonly buildCpuMs: number;
  readonly buildWallMs: number;
  readonly longestSliceMs: number;
  readonly peakHeapMB: number;
  readonly restartMs: number;
  readonly indexMB: number;
  readonly queryP50: number;
  readonly queryP95: number;
  readonly searchP95: number;
  readonly updateMs: number;
  readonly hitAt10: number;
}

/** A generated vault of `count` notes as a VaultSource, with its planted-fact queries. */
function generatedSource(count: number) {
  const { notes, queries } = generateVault(count, { queries: 300 });
  const files = new Map(notes.map((note) => [note.path, note]));
  const textMB = notes.reduce((sum, note) => sum + note.text.length, 0) / 1048576;
  const source: VaultSource = {
    listNotes: () => Promise.resolve(notes.map((note) => ({ path: note.path, mtime: note.mtime, size: note.text.length }))),
    read: (path) => Promise.resolve(files.get(path)!.text),
  };
  return { notes, queries, files, textMB, source };
}

async function measure(count: number): Promise<ScaleMeasurement> {
  const { notes, queries, files, textMB, source } = generatedSource(count);
  gc();
  const heapBefore = heapMB();
  let peak = heapBefore;
  // The heap is sampled at every yield of the build, where it is highest between two slices.
  const { index, buildCpuMs, buildWallMs, longestSliceMs } = await timedBuild(source, () => {
    peak = Math.max(peak, heapMB());
  });
  peak = Math.max(peak, heapMB());
  const data = await index.serialize();
  const run = (query: string): string[] => index.rank(query, { limit: 10 }).map((hit) => hit.note.path);
  for (const { query } of queries.slice(0, 50)) run(query); // warm-up
  const times: number[] = [];
  let hits = 0;
  for (let round = 0; round < 3; round += 1) {
    for (const { query, expected } of queries) {
      const begun = cpuNow();
      const ranked = run(query);
      times.push(cpuNow() - begun);
      if (round === 0 && ranked.includes(expected)) hits += 1;
    }
  }
  const searchTimes: number[] = [];
  for (const { query } of queries) {
    const begun = cpuNow();
    await index.search(query, { limit: 10 });
    searchTimes.push(cpuNow() - begun);
  }
  const updates: number[] = [];
  for (let round = 0; round < 50; round += 1) {
    const note = notes[(round * 397) % notes.length];
    files.set(note.path, { ...note, text: `${note.text}\nEdited ${round} marmalade.` });
    const begun = cpuNow();
    await index.applyChange({ type: 'modify', note: { path: note.path, mtime: note.mtime + round + 1, size: note.text.length + 20 } });
    updates.push(cpuNow() - begun);
  }
  // Restart: a fresh index from the saved bytes, caught up with the vault (which the updates changed).
  const restarts: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const begun = cpuNow();
    const loaded = VaultIndex.load(data.slice(), source);
    await loaded!.refresh();
    restarts.push(cpuNow() - begun);
  }
  return {
    notes: notes.length,
    textMB,
    buildCpuMs,
    buildWallMs,
    longestSliceMs,
    peakHeapMB: peak - heapBefore,
    restartMs: percentile(restarts, 0.5),
    indexMB: data.byteLength / 1048576,
    queryP50: percentile(times, 0.5),
    queryP95: percentile(times, 0.95),
    searchP95: percentile(searchTimes, 0.95),
    updateMs: percentile(updates, 0.5),
    hitAt10: hits / queries.length,
  };
}

interface WorkerMeasurement {
  readonly notes: number;
  readonly textMB: number;
  readonly buildWallMs: number;
  /** The calling thread's longest stall while the worker built (event-loop delay, wall). */
  readonly longestStallMs: number;
  readonly workerPeakHeapMB: number;
  readonly restartWallMs: number;
  readonly searchP50: number;
  readonly searchP95: number;
  readonly hitAt10: number;
}

/** The plugin's worker protocol in a Node worker thread: the server there, the client here. */
function startWorker(source: VaultSource): { client: WorkerIndexClient; peakHeapMB: () => Promise<number>; stop: () => Promise<number> } {
  // tsx registered inside the thread: a worker's execArgv does not load the TypeScript entry.
  const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(join(__dirname, 'search-scale-worker.ts'))});`, { eval: true });
  const port: IndexPort = { postMessage: (message, transfer) => worker.postMessage(message, transfer as never), onmessage: null };
  let onPeak: ((bytes: number) => void) | null = null;
  worker.on('message', (data: { kind?: string; bytes?: number }) => {
    if (data.kind === 'bench-peak-heap') onPeak?.(data.bytes ?? 0);
    else port.onmessage?.({ data } as MessageEvent);
  });
  const client = new WorkerIndexClient(port, source);
  const peakHeapMB = (): Promise<number> =>
    new Promise((resolve) => {
      onPeak = (bytes) => resolve(bytes / 1048576);
      worker.postMessage({ kind: 'bench-peak-heap' });
    });
  return { client, peakHeapMB, stop: () => worker.terminate() };
}

async function measureInWorker(count: number): Promise<WorkerMeasurement> {
  const { notes, queries, textMB, source } = generatedSource(count);
  // Kept as handed over (no copy on this thread); the restart transfers it back to a worker.
  let saved: Uint8Array | null = null;
  const store: IndexStore = {
    load: () => Promise.resolve(saved),
    save: (data) => {
      saved = data;
      return Promise.resolve();
    },
  };
  const first = startWorker(source);
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  let begun = performance.now();
  await first.client.open(store);
  const buildWallMs = performance.now() - begun;
  stalls.disable();
  const workerPeakHeapMB = await first.peakHeapMB();
  for (const { query } of queries.slice(0, 50)) await first.client.search(query, { limit: 10 }); // warm-up
  const times: number[] = [];
  let hits = 0;
  for (let round = 0; round < 3; round += 1) {
    for (const { query, expected } of queries) {
      begun = performance.now();
      const results = await first.client.search(query, { limit: 10 });
      times.push(performance.now() - begun);
      if (round === 0 && results.some((result) => result.path === expected)) hits += 1;
    }
  }
  await first.stop();
  // Restart: a new worker loads the saved index and catches up with the vault.
  const second = startWorker(source);
  begun = performance.now();
  await second.client.open(store);
  const restartWallMs = performance.now() - begun;
  await second.stop();
  return { notes: notes.length, textMB, buildWallMs, longestStallMs: stalls.max / 1e6, workerPeakHeapMB, restartWallMs, searchP50: percentile(times, 0.5), searchP95: percentile(times, 0.95), hitAt10: hits / queries.length };
}

function reportWorker(rows: readonly WorkerMeasurement[]): string {
  const f = (value: number, digits = 0): string => value.toFixed(digits);
  const line = (label: string, cell: (row: WorkerMeasurement) => string, budget: string): string => `| ${label} | ${rows.map(cell).join(' | ')} | ${budget} |`;
  return [
    `| measure, built in a worker thread (wall ms unless said) | ${rows.map((row) => `${row.notes.toLocaleString('en')} notes (${f(row.textMB, 1)} MB)`).join(' | ')} | budget (100k) |`,
    `| --- | ${rows.map(() => '---:').join(' | ')} | --- |`,
    line('build in the worker, wall', (row) => f(row.buildWallMs), ''),
    line('longest stall of the calling thread during the build', (row) => f(row.longestStallMs, 1), ''),
    line("worker's peak heap during the build (MB, × text)", (row) => `${f(row.workerPeakHeapMB)} (${f(row.workerPeakHeapMB / row.textMB, 2)}×)`, '≤ 4× text'),
    line('restart in a new worker: load saved index + refresh', (row) => f(row.restartWallMs), ''),
    line('search through the worker (round trip, with passages) p50 / p95', (row) => `${f(row.searchP50, 2)} / ${f(row.searchP95, 2)}`, ''),
    line('hit@10 (300 planted facts)', (row) => `${f(row.hitAt10 * 100, 1)} %`, ''),
  ].join('\n');
}

function report(rows: readonly ScaleMeasurement[]): string {
  const f = (value: number, digits = 0): string => value.toFixed(digits);
  const line = (label: string, cell: (row: ScaleMeasurement) => string, budget: string): string => `| ${label} | ${rows.map(cell).join(' | ')} | ${budget} |`;
  return [
    `| measure (process CPU ms unless said) | ${rows.map((row) => `${row.notes.toLocaleString('en')} notes (${f(row.textMB, 1)} MB)`).join(' | ')} | budget (100k) |`,
    `| --- | ${rows.map(() => '---:').join(' | ')} | --- |`,
    line('build, CPU (wall) ms', (row) => `${f(row.buildCpuMs)} (${f(row.buildWallMs)})`, ''),
    line('longest slice of the build (ms CPU)', (row) => f(row.longestSliceMs, 1), ''),
    line('peak heap during build (MB, × text)', (row) => `${f(row.peakHeapMB)} (${f(row.peakHeapMB / row.textMB, 2)}×)`, '≤ 4× text'),
    line('restart: load saved index + refresh (ms)', (row) => f(row.restartMs), ''),
    line('saved index (MB)', (row) => f(row.indexMB, 1), ''),
    line('query p50 / p95, ranking only (ms)', (row) => `${f(row.queryP50, 2)} / ${f(row.queryP95, 2)}`, 'p95 ≤ 2'),
    line('query p95 with passages (ms)', (row) => f(row.searchP95, 2), ''),
    line('one-note update (ms, median)', (row) => f(row.updateMs, 2), '≤ 1'),
    line('hit@10 (300 planted facts)', (row) => `${f(row.hitAt10 * 100, 1)} %`, ''),
  ].join('\n');
}

async function main(): Promise<void> {
  const inWorker = process.argv.includes('--worker');
  const childAt = process.argv.indexOf('--child');
  if (childAt >= 0) {
    const size = Number(process.argv[childAt + 1]);
    process.stdout.write(JSON.stringify(inWorker ? await measureInWorker(size) : await measure(size)));
    return;
  }
  const sizesAt = process.argv.indexOf('--sizes');
  const sizes = sizesAt >= 0 ? process.argv[sizesAt + 1].split(',').map(Number) : [20_000, 100_000];
  const rows: unknown[] = [];
  for (const size of sizes) {
    const child = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', __filename, '--child', String(size), ...(inWorker ? ['--worker'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 });
    if (child.status !== 0) throw new Error(`the ${size}-note child failed (exit ${String(child.status)})`);
    rows.push(JSON.parse(child.stdout));
    process.stderr.write(`${size} notes measured\n`);
  }
  process.stdout.write(`${inWorker ? reportWorker(rows as WorkerMeasurement[]) : report(rows as ScaleMeasurement[])}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
