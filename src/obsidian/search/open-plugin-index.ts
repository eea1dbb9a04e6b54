import type { IndexStore, VaultSource } from '../../search';
import { unpackPackedText } from '../../packed-text';
import { IN_PAGE_INDEX_SERVER, WorkerIndexClient, type IndexPort } from '../../search/worker';
import type { OpenedVaultIndex } from './vault-tools-provider';

type ServeVaultIndex = (port: IndexPort) => void;
type IndexOptions = { readonly source: VaultSource; readonly store?: IndexStore };

/** An index being opened behind the worker protocol; `client` answers queries meanwhile. */
export interface StartedIndex {
  readonly client: WorkerIndexClient;
  /** Resolves once the index is current (loaded or built, caught up, saved when changed). */
  readonly opened: Promise<void>;
  /** Resolves if the worker failed to start (its script refused by a content policy, say). */
  readonly failedToStart: Promise<void>;
  close(): void;
}

/**
 * Opens the vault index in a Web Worker: the main thread only answers the worker's reads,
 * forwards vault events and queries. The indexing script is the only copy of the search code
 * in main.js (tools/build/inline-worker.mjs); where no worker can start it runs in the page
 * instead, time-sliced, behind the same protocol. Resolves once the index is current.
 */
export async function openPluginIndex(options: IndexOptions): Promise<OpenedVaultIndex> {
  const script = await indexingScript();
  const inWorker = startInWorker(script, options);
  if (inWorker) {
    const outcome = await Promise.race([inWorker.opened.then(() => 'opened' as const), inWorker.failedToStart.then(() => 'failed' as const)]).catch((error: unknown) => {
      inWorker.close();
      throw error;
    });
    if (outcome === 'opened') return { ...options, index: inWorker.client, close: () => inWorker.close() };
    inWorker.close();
  }
  const inPage = startInPage(script, options);
  await inPage.opened;
  return { ...options, index: inPage.client, close: () => inPage.close() };
}

/** Starts opening the index in a worker; null where no Worker can be constructed. */
export async function startIndexWorker(options: IndexOptions): Promise<StartedIndex | null> {
  return startInWorker(await indexingScript(), options);
}

async function indexingScript(): Promise<string> {
  const { default: packed } = await import('inline-worker:../../search/worker/index-worker');
  return unpackPackedText(packed);
}

function startInWorker(script: string, options: IndexOptions): StartedIndex | null {
  if (typeof Worker !== 'function' || typeof URL.createObjectURL !== 'function') return null;
  const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  let worker: Worker;
  try {
    worker = new Worker(url, { name: 'glassbox-index' });
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
  const failedToStart = new Promise<void>((resolve) => worker.addEventListener('error', () => resolve(), { once: true }));
  const client = new WorkerIndexClient(worker, options.source);
  return {
    client,
    opened: client.open(options.store),
    failedToStart,
    close: () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    },
  };
}

/** The same script and protocol on this thread, over a MessageChannel. */
function startInPage(script: string, options: IndexOptions): StartedIndex {
  const channel = new MessageChannel();
  serverInPage(script)(channel.port2);
  const client = new WorkerIndexClient(channel.port1, options.source);
  return {
    client,
    opened: client.open(options.store),
    failedToStart: new Promise<void>(() => undefined),
    close: () => {
      channel.port1.close();
      channel.port2.close();
    },
  };
}

/** Runs the indexing script in this page once and returns its server. */
function serverInPage(script: string): ServeVaultIndex {
  const slot = window as unknown as Record<string, unknown>;
  if (typeof slot[IN_PAGE_INDEX_SERVER] !== 'function') {
    // Made detached, with its text, then inserted: a script runs once, when it enters the page.
    const element = createEl('script', { text: script });
    document.head.appendChild(element);
    element.remove();
  }
  const serve = slot[IN_PAGE_INDEX_SERVER];
  if (typeof serve !== 'function') throw new Error('the indexing script did not start in this window');
  return serve as ServeVaultIndex;
}
