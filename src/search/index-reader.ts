import type { IndexedNote, SearchOptions, SearchResult } from './index-types';
import type { NoteScope } from './note-filter';

/** A value now or later: a VaultIndex answers at once, the client of one in a worker later. */
export type Awaitable<T> = T | Promise<T>;

/**
 * What the vault tools read from an index. {@link VaultIndex} answers on the calling thread;
 * `WorkerIndexClient` (src/search/worker) asks the index in the plugin's indexing worker.
 */
export interface VaultIndexReader {
  /** False until the first build or load finished. */
  readonly ready: boolean;
  search(query: string, options?: SearchOptions): Promise<SearchResult[]>;
  note(path: string): Awaitable<IndexedNote | undefined>;
  resolveLink(linktext: string, sourcePath?: string): Awaitable<string | undefined>;
  backlinks(path: string): Awaitable<{ path: string; count: number }[]>;
  notesWithTag(tag: string): Awaitable<IndexedNote[]>;
  /** Every tag with its note count, most used first; with a scope, counted over the notes in it. */
  tagCounts(scope?: NoteScope): Awaitable<{ tag: string; count: number }[]>;
  /** How many notes a scope lets the vault tools see. */
  countInScope(scope: NoteScope): Awaitable<number>;
}
