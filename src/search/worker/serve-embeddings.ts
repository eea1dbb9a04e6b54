import { EmbeddingError, type EmbeddingClient } from '../embeddings/embedding-error';
import { EmbeddingIndexer } from '../embeddings/embedding-indexer';
import { EmbeddingStore } from '../embeddings/embedding-store';
import { HybridSearch } from '../embeddings/hybrid-search';
import type { SearchOptions } from '../index-types';
import type { VaultIndex } from '../vault-index';
import type { EmbeddingCallMethod, FromWorker } from './index-protocol';

/** How long after the last vault change the changed notes are embedded again. */
export const REEMBED_DELAY_MS = 5_000;

/** The worker's end of the embeddings endpoint: each request goes to the main thread. */
export type RemoteEmbed = (texts: readonly string[]) => Promise<Float32Array[]>;

interface Meaning {
  readonly store: EmbeddingStore;
  readonly indexer: EmbeddingIndexer;
  readonly hybrid: HybridSearch;
}

/**
 * Search by meaning in the indexing worker: the vectors, their scan and the fusion with word
 * search live beside the index, so a query's 62,000 dot products never run on the UI thread;
 * only the embeddings requests go to the main thread. While on, changed notes are embedded again
 * a few seconds after the vault settles, once the user has embedded the vault at least once.
 */
export class WorkerEmbeddings {
  private meaning: Meaning | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly index: () => VaultIndex | null,
    private readonly embed: RemoteEmbed,
    private readonly post: (message: FromWorker) => void,
  ) {}

  /** Turns search by meaning on with `model` (keeping `saved` vectors made by it), or off. */
  configure(model: string | null, saved: Uint8Array | null): void {
    this.cancelTimer();
    const index = this.index();
    if (model === null || index === null) {
      this.meaning = null;
      return;
    }
    const loaded = saved ? EmbeddingStore.decode(saved) : null;
    const store = loaded?.model === model ? loaded : new EmbeddingStore(model, 0);
    const client: EmbeddingClient = { model, embed: (texts) => this.embed(texts).catch((error: unknown) => Promise.reject(asEmbeddingError(error))) };
    this.meaning = { store, indexer: new EmbeddingIndexer({ index, client, store }), hybrid: new HybridSearch({ index, store, client }) };
  }

  /** After a vault change: embeds the changed notes again once the vault is quiet for a while. */
  vaultChanged(): void {
    if (this.meaning === null || this.meaning.store.size === 0) return;
    this.cancelTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      const meaning = this.meaning;
      if (meaning === null) return;
      // A failure leaves the older vectors; the next change or "Embed notes" tries again.
      void meaning.indexer.run().then(
        ({ embedded, removed }) => {
          if (embedded + removed > 0) this.post({ kind: 'embeddings-changed' });
        },
        () => undefined,
      );
    }, REEMBED_DELAY_MS);
  }

  call(id: number, method: EmbeddingCallMethod, args: readonly unknown[], signal: AbortSignal): Promise<unknown> {
    const meaning = this.meaning;
    if (meaning === null) return Promise.reject(new Error('Search by meaning is off.'));
    switch (method) {
      case 'embeddingPlan':
        return meaning.indexer.plan();
      case 'embedNotes':
        return meaning.indexer.run({ signal, onProgress: ({ done, total }) => this.post({ kind: 'progress', id, done, total }) });
      case 'encodeEmbeddings':
        return Promise.resolve(meaning.store.encode());
      case 'hybridSearch':
        // Before any note is embedded this is word search (HybridSearch checks the store).
        return meaning.hybrid.search(args[0] as string, { ...(args[1] as SearchOptions | undefined), signal });
      default:
        return Promise.reject(new Error(`Unknown embeddings method ${method satisfies never as string}`));
    }
  }

  close(): void {
    this.cancelTimer();
    this.meaning = null;
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** An error from the main thread's embeddings request, as the EmbeddingError it was there. */
function asEmbeddingError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  return error.name === 'EmbeddingError' ? new EmbeddingError(error.message) : error;
}
