// The main thread's side of the indexing worker: light (no index, stemmer or stopword code), so
// the plugin may import it; the worker's own half is reached only through its bundled script.
export { WorkerIndexClient } from './worker-index-client';
export { IN_PAGE_INDEX_SERVER } from './in-page-index-server';
export type { IndexPort } from './index-protocol';
