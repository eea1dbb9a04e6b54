import { generateVault } from '../search-vault-generator';
import { VaultIndex, type VaultSource } from '../../src/search';
import { startIndexWorker } from '../../src/obsidian/search/open-plugin-index';

// The page side of the indexing benchmark: a generated vault in memory, indexed either in the
// plugin's worker or on the main thread (the fallback, time-sliced), while a query is sent
// every 50 ms; the Node side traces the main thread between the bench-start and bench-end marks.

/** What one run measured in the page. */
export interface IndexingRun {
  readonly mode: 'worker' | 'main thread';
  readonly notes: number;
  readonly textMB: number;
  readonly buildWallMs: number;
  /** Queries sent while the build ran, and how long each took to be answered. */
  readonly duringBuild: readonly number[];
  /** Queries sent while the build ran that failed (none expected). */
  readonly failedDuringBuild: number;
  /** Ranked searches (with passages) after the build. */
  readonly afterBuild: readonly number[];
  readonly hitsAfterBuild: number;
}

const QUERY_INTERVAL_MS = 50;

async function run(mode: IndexingRun['mode'], count: number): Promise<IndexingRun> {
  const { notes, queries } = generateVault(count, { queries: 100 });
  const files = new Map(notes.map((note) => [note.path, note]));
  const source: VaultSource = {
    listNotes: () => Promise.resolve(notes.map((note) => ({ path: note.path, mtime: note.mtime, size: note.text.length }))),
    read: (path) => Promise.resolve(files.get(path)!.text),
  };
  const textMB = notes.reduce((sum, note) => sum + note.text.length, 0) / 1048576;
  const duringBuild: number[] = [];
  let failedDuringBuild = 0;
  let search: (query: string) => Promise<{ path: string }[]> = () => Promise.resolve([]);
  let building = true;
  let next = 0;
  const tick = (): void => {
    if (!building) return;
    const query = queries[next++ % queries.length].query;
    const sent = performance.now();
    search(query).then(
      () => {
        if (building) duringBuild.push(performance.now() - sent);
      },
      () => (failedDuringBuild += 1),
    );
    window.setTimeout(tick, QUERY_INTERVAL_MS);
  };
  performance.mark('bench-start');
  const started = performance.now();
  let finish: Promise<unknown>;
  if (mode === 'worker') {
    const worker = await startIndexWorker({ source });
    if (!worker) throw new Error('The worker could not start in this browser.');
    search = (query) => worker.client.search(query, { limit: 10 });
    finish = Promise.race([worker.opened, worker.failedToStart.then(() => Promise.reject(new Error('The worker failed to start.')))]);
  } else {
    // The baseline: the index as the plugin ran it before, time-sliced on this thread.
    const index = new VaultIndex(source);
    search = (query) => index.search(query, { limit: 10 });
    finish = index.refresh();
  }
  window.setTimeout(tick, QUERY_INTERVAL_MS);
  await finish;
  building = false;
  const buildWallMs = performance.now() - started;
  performance.mark('bench-end');
  const afterBuild: number[] = [];
  let hitsAfterBuild = 0;
  for (const { query, expected } of queries) {
    const sent = performance.now();
    const results = await search(query);
    afterBuild.push(performance.now() - sent);
    if (results.some((result) => result.path === expected)) hitsAfterBuild += 1;
  }
  return { mode, notes: notes.length, textMB, buildWallMs, duringBuild, failedDuringBuild, afterBuild, hitsAfterBuild };
}

declare global {
  interface Window {
    indexingBench?: { run: typeof run };
  }
}

window.indexingBench = { run };
