import type { SearchOptions, SearchResult } from '../index-types';
import { noteFilter } from '../note-filter';
import type { VaultIndex } from '../vault-index';
import { EmbeddingError, type EmbeddingClient } from './embedding-error';
import type { EmbeddingStore } from './embedding-store';

/** The usual reciprocal-rank-fusion constant: ranks beyond the first few count nearly alike. */
export const RRF_K = 60;
/** Candidates taken from each ranking before fusing. */
const FUSION_POOL = 30;

/**
 * Reciprocal rank fusion: each list gives an item 1 / (k + rank); items are ordered by the sum.
 * Needs no score calibration between BM25 and cosine similarity, which is why it is used here.
 */
export function fuseRankings(lists: readonly (readonly string[])[], k = RRF_K): { key: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const list of lists) list.forEach((key, rank) => scores.set(key, (scores.get(key) ?? 0) + 1 / (k + rank + 1)));
  return [...scores].map(([key, score]) => ({ key, score })).sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));
}

/** Search results, and why meaning could not be used for them. */
export interface HybridResults {
  readonly results: SearchResult[];
  /** The embeddings endpoint's failure (one sentence), when these are word-search results only. */
  readonly failure?: string;
}

/** What localSearch asks when search by meaning is on: here, or in the indexing worker. */
export interface MeaningSearch {
  search(query: string, options?: SearchOptions): Promise<HybridResults>;
}

/**
 * Lexical search fused with embedding similarity (DESIGN.md 7, issue 13): BM25 ranks and
 * nearest passages are fused by reciprocal rank. When the embeddings endpoint fails, the search
 * is the lexical one with the failure beside it, never an error.
 */
export class HybridSearch implements MeaningSearch {
  constructor(private readonly options: { index: VaultIndex; store: EmbeddingStore; client: EmbeddingClient }) {}

  async search(query: string, options: SearchOptions = {}): Promise<HybridResults> {
    const { index, store, client } = this.options;
    const limit = Math.max(1, options.limit ?? 10);
    if (store.size === 0 || query.trim() === '') return { results: await index.search(query, options) };
    let vector: Float32Array;
    try {
      [vector] = await client.embed([query], options.signal);
    } catch (error) {
      if (!(error instanceof EmbeddingError)) throw error;
      return { results: await index.search(query, options), failure: error.message };
    }
    const lexical = index.rank(query, { ...options, limit: FUSION_POOL });
    const accepts = noteFilter({ timeRange: options.timeRange, folders: options.folders, tags: options.tags, within: options.within });
    const semantic = store.nearest(vector, FUSION_POOL, (path) => {
      const note = index.note(path);
      return note !== undefined && accepts(note);
    });
    const fused = fuseRankings([lexical.map((hit) => hit.note.path), semantic.map((hit) => hit.path)]);
    const results: SearchResult[] = [];
    for (const { key: path, score } of fused) {
      if (results.length >= limit) break;
      const hit = lexical.find((candidate) => candidate.note.path === path);
      const near = semantic.find((candidate) => candidate.path === path);
      const result = await index.resultFor(path, query, hit && hit.passage >= 0 ? { passage: hit.passage } : near ? { offset: near.offset } : {});
      if (result) results.push({ ...result, score });
    }
    return { results };
  }
}
