// The indexing worker as bench/search-scale.bench.ts runs it in a Node worker thread: the
// plugin's own server (serveVaultIndex) on the thread's port, plus the worker's peak heap,
// sampled between the index's slices, for the bench to ask.
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { IndexPort } from '../src/search/worker/index-protocol';
import { serveVaultIndex } from '../src/search/worker/serve-vault-index';

const port = parentPort!;
const used = (): number => {
  const heap = getHeapStatistics();
  return heap.used_heap_size + heap.external_memory;
};
const baseline = used();
let peak = baseline;
// Runs between the index's slices (it yields to the event loop), when the heap is highest.
const sampler = setInterval(() => (peak = Math.max(peak, used())), 2);
sampler.unref();

const adapter: IndexPort = { postMessage: (message, transfer) => port.postMessage(message, transfer as never), onmessage: null };
port.on('message', (data: { kind?: string }) => {
  if (data.kind === 'bench-peak-heap') {
    peak = Math.max(peak, used());
    port.postMessage({ kind: 'bench-peak-heap', bytes: peak - baseline });
    return;
  }
  adapter.onmessage?.({ data } as MessageEvent);
});
serveVaultIndex(adapter);
