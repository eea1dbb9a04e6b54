import type { IndexPort } from './index-protocol';
import { IN_PAGE_INDEX_SERVER } from './in-page-index-server';
import { serveVaultIndex } from './serve-vault-index';

// The entry of the indexing script: the only copy of the search code in main.js, bundled into
// a string by tools/build/inline-worker.mjs. In a Web Worker it serves the index over the worker's
// own port; loaded into a page (where no worker can start) it leaves `serveVaultIndex` for the
// page to call with one end of a MessageChannel (src/obsidian/start-index-worker.ts).
declare const WorkerGlobalScope: unknown;

if (typeof WorkerGlobalScope !== 'undefined') serveVaultIndex(globalThis as unknown as IndexPort);
else (globalThis as Record<string, unknown>)[IN_PAGE_INDEX_SERVER] = serveVaultIndex;
