import { throwIfAborted } from '../scheduler';
import type { VaultIndex } from '../vault-index';
import type { EmbeddingClient } from './embedding-error';
import { embeddingPassages, type EmbeddingPassage } from './embedding-passages';
import type { EmbeddingStore } from './embedding-store';
import type { EmbeddingPlan, EmbeddingProgress } from './embedding-plan';

export { describePlan, type EmbeddingPlan, type EmbeddingProgress } from './embedding-plan';

/** Passages sent in one request. */
export const EMBEDDING_BATCH = 64;

/** US dollars per million input tokens of the embedding models whose price is public. */
const PRICE_PER_MILLION_TOKENS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 0.02,
  'text-embedding-3-large': 0.13,
  'text-embedding-ada-002': 0.1,
};

/**
 * Keeps an {@link EmbeddingStore} in line with the lexical index: embeds the heading passages of
 * notes that are new or changed since their vectors were made, in batches, and drops notes that
 * left the vault. {@link plan} says beforehand what that will take.
 */
export class EmbeddingIndexer {
  constructor(private readonly options: { index: VaultIndex; client: EmbeddingClient; store: EmbeddingStore; batchSize?: number }) {}

  /** What {@link run} would embed now. */
  async plan(): Promise<EmbeddingPlan> {
    const pending = await this.pending();
    const characters = pending.reduce((sum, note) => sum + note.passages.reduce((inner, passage) => inner + passage.text.length, 0), 0);
    const passages = pending.reduce((sum, note) => sum + note.passages.length, 0);
    const tokens = Math.ceil(characters / 4);
    const price = PRICE_PER_MILLION_TOKENS[this.options.client.model];
    return { notes: pending.length, passages, tokens, ...(price !== undefined ? { costUsd: (tokens / 1_000_000) * price } : {}) };
  }

  /** Embeds every new or changed note in batches; rejects with the client's error when the endpoint fails. */
  async run(options: { signal?: AbortSignal; onProgress?: (progress: EmbeddingProgress) => void } = {}): Promise<{ embedded: number; removed: number }> {
    const { index, client, store } = this.options;
    const live = new Set(index.allNotes().map((note) => note.path));
    let removed = 0;
    for (const path of store.paths()) if (!live.has(path) && store.delete(path)) removed += 1;
    const pending = await this.pending();
    const total = pending.reduce((sum, note) => sum + note.passages.length, 0);
    const batchSize = this.options.batchSize ?? EMBEDDING_BATCH;
    let done = 0;
    let batch: { note: (typeof pending)[number]; passage: EmbeddingPassage }[] = [];
    const vectorsOf = new Map<string, Float32Array[]>();
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      throwIfAborted(options.signal);
      const vectors = await client.embed(batch.map((entry) => entry.passage.text), options.signal);
      batch.forEach((entry, position) => {
        const list = vectorsOf.get(entry.note.path) ?? [];
        list.push(vectors[position]);
        vectorsOf.set(entry.note.path, list);
        if (list.length === entry.note.passages.length) {
          store.set(entry.note.path, entry.note, entry.note.passages.map((passage) => passage.offset), list);
          vectorsOf.delete(entry.note.path);
        }
      });
      done += batch.length;
      batch = [];
      options.onProgress?.({ done, total });
    };
    for (const note of pending) {
      if (note.passages.length === 0) store.set(note.path, note, [], []);
      for (const passage of note.passages) {
        batch.push({ note, passage });
        if (batch.length >= batchSize) await flush();
      }
    }
    await flush();
    return { embedded: pending.length, removed };
  }

  /** Re-embeds one note after it changed (or drops it when it is gone). */
  async update(path: string, signal?: AbortSignal): Promise<void> {
    const { index, client, store } = this.options;
    const note = index.note(path);
    if (!note) {
      store.delete(path);
      return;
    }
    const text = await index.source.read(path);
    const passages = embeddingPassages(note.title, text);
    const vectors = await client.embed(passages.map((passage) => passage.text), signal);
    store.set(path, note, passages.map((passage) => passage.offset), vectors);
  }

  private async pending(): Promise<{ path: string; mtime: number; size: number; passages: EmbeddingPassage[] }[]> {
    const { index, store } = this.options;
    const pending: { path: string; mtime: number; size: number; passages: EmbeddingPassage[] }[] = [];
    for (const note of index.allNotes()) {
      if (store.isCurrent(note.path, note)) continue;
      const text = await index.source.read(note.path).catch(() => undefined);
      if (text !== undefined) pending.push({ path: note.path, mtime: note.mtime, size: note.size, passages: embeddingPassages(note.title, text) });
    }
    return pending;
  }
}
