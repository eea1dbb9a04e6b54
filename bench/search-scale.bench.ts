// Search at scale (issue 17 item 5, DESIGN.md 10 second wave): Glassbox's VaultIndex over a
// generated 100,000-note vault beside the same generator's 20,000-note vault (the first-wave
// budget size) in the same run, each in its own child process so heap figures do not mix.
// Build, restart from the saved index, query p50/p95, peak heap against the text, one-note update.
//   node --expose-gc --import tsx bench/search-scale.bench.ts [--sizes 20000,100000]
// The build runs time-sliced on the thread that asks, as in the CLI, so the longest slice is
// reported too; the plugin builds in its Web Worker (bench/search-worker.bench.ts measures that).
import { spawnSync } from 'node:child_process';
import { VaultIndex, type VaultSource } from '../src/search';
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

async function measure(count: number): Promise<ScaleMeasurement> {
  const { notes, queries } = generateVault(count, { queries: 300 });
  const files = new Map(notes.map((note) => [note.path, note]));
  const textMB = notes.reduce((sum, note) => sum + note.text.length, 0) / 1048576;
  const source: VaultSource = {
    listNotes: () => Promise.resolve(notes.map((note) => ({ path: note.path, mtime: note.mtime, size: note.text.length }))),
    read: (path) => Promise.resolve(files.get(path)!.text),
  };
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
  const childAt = process.argv.indexOf('--child');
  if (childAt >= 0) {
    process.stdout.write(JSON.stringify(await measure(Number(process.argv[childAt + 1]))));
    return;
  }
  const sizesAt = process.argv.indexOf('--sizes');
  const sizes = sizesAt >= 0 ? process.argv[sizesAt + 1].split(',').map(Number) : [20_000, 100_000];
  const rows: ScaleMeasurement[] = [];
  for (const size of sizes) {
    const child = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', __filename, '--child', String(size)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 });
    if (child.status !== 0) throw new Error(`the ${size}-note child failed (exit ${String(child.status)})`);
    rows.push(JSON.parse(child.stdout) as ScaleMeasurement);
    process.stderr.write(`${size} notes measured\n`);
  }
  process.stdout.write(`${report(rows)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
