import type { EmbeddingClient } from '../embeddings/embedding-client';
import type { EmbeddingPlan, EmbeddingProgress } from '../embeddings/embedding-indexer';
import type { HybridResults } from '../embeddings/hybrid-search';
import type { IndexStore } from '../index-store';
import type { VaultIndexReader } from '../index-reader';
import type { IndexedNote, SearchOptions, SearchResult } from '../index-types';
import type { NoteScope } from '../note-filter';
import type { VaultSource } from '../vault-source';
import { defaultYieldToHost } from '../scheduler';
import { fromWireError, LIST_PART_SIZE, toWireError, type FromWorker, type IndexCallMethod, type IndexPort, type NoteReply, type ToWorker } from './index-protocol';

/**
 * The main-thread half of an index in a worker (`serveVaultIndex` on the other side): it
 * answers the worker's list and read requests from `source`, forwards the vault's changes, and
 * turns each reader call into a message. Nothing here tokenises, ranks or encodes.
 */
export class WorkerIndexClient implements VaultIndexReader {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private opened: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private isReady = false;
  private readonly yieldToHost = defaultYieldToHost();
  /** Answers the worker's embeddings requests while search by meaning is on. */
  private embedder: EmbeddingClient | null = null;
  private readonly progress = new Map<number, (progress: EmbeddingProgress) => void>();
  /** Called when the worker embedded changed notes again (their vectors want saving). */
  onEmbeddingsChanged: (() => void) | null = null;

  constructor(
    private readonly port: IndexPort,
    private readonly source: VaultSource,
  ) {
    port.onmessage = (event: MessageEvent) => this.receive(event.data as FromWorker);
  }

  get ready(): boolean {
    return this.isReady;
  }

  /**
   * Loads the index saved in `store` in the worker (or builds it) and catches up with the vault;
   * saves it back when that changed anything. Resolves once the index is current.
   */
  async open(store?: IndexStore): Promise<void> {
    const saved = store ? await store.load().catch(() => null) : null;
    const bytes = saved === null ? null : saved instanceof Uint8Array ? saved : new Uint8Array(saved);
    const save = await new Promise<Uint8Array | null>((resolve, reject) => {
      this.opened = { resolve: () => resolve(this.toSave), reject };
      this.send({ kind: 'open', saved: bytes }, bytes ? [bytes.buffer as ArrayBuffer] : []);
    });
    this.isReady = true;
    if (store && save) await store.save(save);
  }

  /** Forwards the vault's changes to the worker until the returned function is called. */
  watch(): () => void {
    if (!this.source.onChange) return () => undefined;
    return this.source.onChange((change) => this.send({ kind: 'change', change }));
  }

  /** The index's bytes for the store, encoded in the worker. */
  serialize(): Promise<Uint8Array> {
    return this.call('serialize', []) as Promise<Uint8Array>;
  }

  search(query: string, options: SearchOptions = {}): Promise<SearchResult[]> {
    const { signal, ...rest } = options;
    return this.call('search', [query, rest], signal) as Promise<SearchResult[]>;
  }

  note(path: string): Promise<IndexedNote | undefined> {
    return this.call('note', [path]) as Promise<IndexedNote | undefined>;
  }

  resolveLink(linktext: string, sourcePath?: string): Promise<string | undefined> {
    return this.call('resolveLink', [linktext, sourcePath]) as Promise<string | undefined>;
  }

  backlinks(path: string): Promise<{ path: string; count: number }[]> {
    return this.call('backlinks', [path]) as Promise<{ path: string; count: number }[]>;
  }

  notesWithTag(tag: string): Promise<IndexedNote[]> {
    return this.call('notesWithTag', [tag]) as Promise<IndexedNote[]>;
  }

  tagCounts(scope?: NoteScope): Promise<{ tag: string; count: number }[]> {
    return this.call('tagCounts', scope === undefined ? [] : [scope]) as Promise<{ tag: string; count: number }[]>;
  }

  countInScope(scope: NoteScope): Promise<number> {
    return this.call('countInScope', [scope]) as Promise<number>;
  }

  /**
   * Turns search by meaning on in the worker with `embedder` (its vectors `saved` before, used
   * when they are for the same model), or off with null.
   */
  useEmbeddings(embedder: EmbeddingClient | null, saved: Uint8Array | null = null): void {
    this.embedder = embedder;
    this.send({ kind: 'embeddings', model: embedder?.model ?? null, saved: embedder ? saved : null }, embedder && saved ? [saved.buffer as ArrayBuffer] : []);
  }

  /** What embedding the vault's new and changed notes would take. */
  embeddingPlan(): Promise<EmbeddingPlan> {
    return this.call('embeddingPlan', []) as Promise<EmbeddingPlan>;
  }

  /** Embeds the vault's new and changed notes in batches, reporting progress in passages. */
  async embedNotes(options: { signal?: AbortSignal; onProgress?: (progress: EmbeddingProgress) => void } = {}): Promise<{ embedded: number; removed: number }> {
    return (await this.call('embedNotes', [], options.signal, options.onProgress)) as { embedded: number; removed: number };
  }

  /** The vectors' bytes for the store, encoded in the worker. */
  encodeEmbeddings(): Promise<Uint8Array> {
    return this.call('encodeEmbeddings', []) as Promise<Uint8Array>;
  }

  /** Word search fused with meaning (word search alone, with a notice, when the endpoint fails). */
  hybridSearch(query: string, options: SearchOptions = {}): Promise<HybridResults> {
    const { signal, ...rest } = options;
    return this.call('hybridSearch', [query, rest], signal) as Promise<HybridResults>;
  }

  private toSave: Uint8Array | null = null;

  private call(method: IndexCallMethod, args: readonly unknown[], signal?: AbortSignal, onProgress?: (progress: EmbeddingProgress) => void): Promise<unknown> {
    if (signal?.aborted) return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    const id = this.nextId++;
    if (onProgress) this.progress.set(id, onProgress);
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.pending.delete(id);
        this.progress.delete(id);
        this.send({ kind: 'abort', id });
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        resolve: (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      });
      this.send({ kind: 'call', id, method, args });
    });
  }

  private receive(message: FromWorker): void {
    switch (message.kind) {
      case 'source':
        void this.answer(message);
        break;
      case 'opened':
        this.toSave = message.save;
        this.opened?.resolve();
        this.opened = null;
        break;
      case 'open-failed':
        this.opened?.reject(fromWireError(message.error));
        this.opened = null;
        break;
      case 'progress':
        this.progress.get(message.id)?.({ done: message.done, total: message.total });
        break;
      case 'embeddings-changed':
        this.onEmbeddingsChanged?.();
        break;
      case 'result': {
        const waiting = this.pending.get(message.id);
        this.progress.delete(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        if (message.error) waiting.reject(fromWireError(message.error));
        else waiting.resolve(message.value);
        break;
      }
      default: {
        const unknown: never = message;
        throw new Error(`Unknown message ${JSON.stringify(unknown)}`);
      }
    }
  }

  private async answer(request: Extract<FromWorker, { kind: 'source' }>): Promise<void> {
    try {
      if (request.op === 'list') {
        const notes = await this.source.listNotes();
        let at = 0;
        for (; notes.length - at > LIST_PART_SIZE; at += LIST_PART_SIZE) {
          this.send({ kind: 'reply-part', id: request.id, value: notes.slice(at, at + LIST_PART_SIZE) });
          await this.yieldToHost();
        }
        this.send({ kind: 'reply', id: request.id, value: notes.slice(at) });
      } else if (request.op === 'embed') {
        if (this.embedder === null) throw new Error('Search by meaning is off.');
        const vectors = await this.embedder.embed(request.texts);
        this.send({ kind: 'reply', id: request.id, value: vectors }, vectors.map((vector) => vector.buffer as ArrayBuffer));
      } else {
        const text = await this.source.read(request.path);
        const metadata = this.source.metadata?.(request.path);
        const value: NoteReply = metadata ? { text, metadata } : { text };
        this.send({ kind: 'reply', id: request.id, value });
      }
    } catch (error) {
      this.send({ kind: 'reply', id: request.id, error: toWireError(error) });
    }
  }

  private send(message: ToWorker, transfer: Transferable[] = []): void {
    this.port.postMessage(message, transfer);
  }
}
