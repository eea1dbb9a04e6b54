import { createEmbeddingClient, EmbeddingError, EmbeddingIndexer, EmbeddingStore, HybridSearch, type VaultIndex } from '../search';
import { CliUsageError } from './cli-io';

/** Where the CLI embeds for search by meaning: its own endpoint and model (they may differ from the chat's). */
export interface EmbeddingsEndpoint {
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
}

/** The flags both `ask` and `search` take for it. */
export const EMBEDDINGS_FLAGS = {
  'embeddings-base-url': { value: 'URL', description: 'The endpoint of the embedding model, when it is not the chat\'s.', defaultValue: 'GLASSBOX_EMBEDDINGS_BASE_URL, else the base URL' },
  'embeddings-model': { value: 'NAME', description: 'The embedding model for search by meaning.', defaultValue: 'GLASSBOX_EMBEDDINGS_MODEL, else none (words only)' },
} as const;

/**
 * The embeddings endpoint from `--embeddings-base-url` / `--embeddings-model`, else
 * `GLASSBOX_EMBEDDINGS_BASE_URL` / `GLASSBOX_EMBEDDINGS_MODEL` (flags win); the base URL falls
 * back to the chat's. Undefined when no embedding model is named: search by meaning is off.
 */
export function readEmbeddingsEndpoint(options: {
  flags: { readonly 'embeddings-base-url'?: string; readonly 'embeddings-model'?: string };
  env: Readonly<Record<string, string | undefined>>;
  chatBaseUrl?: string;
  apiKey?: string;
}): EmbeddingsEndpoint | undefined {
  const nonEmpty = (value: string | undefined): string | undefined => (value !== undefined && value.trim() !== '' ? value.trim() : undefined);
  const model = nonEmpty(options.flags['embeddings-model']) ?? nonEmpty(options.env.GLASSBOX_EMBEDDINGS_MODEL);
  const baseUrl = nonEmpty(options.flags['embeddings-base-url']) ?? nonEmpty(options.env.GLASSBOX_EMBEDDINGS_BASE_URL) ?? options.chatBaseUrl;
  if (model === undefined) return undefined;
  if (baseUrl === undefined) throw new CliUsageError('Say where to embed with --embeddings-base-url URL (or GLASSBOX_EMBEDDINGS_BASE_URL), e.g. http://localhost:11434/v1.');
  if (!/^https?:\/\/[^\s/@]+(\/|$)/i.test(baseUrl)) throw new CliUsageError(`The embeddings base URL must start with http:// or https:// and hold no user name or password, not "${baseUrl.replace(/\/\/[^/@]*@/, '//')}".`);
  return { baseUrl, model, ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}) };
}

/**
 * Search by meaning over a freshly built index (DESIGN.md 12.1, item 8): embeds every note's
 * passages at the endpoint (kept in memory for this command only), then fuses with word search.
 * An endpoint that fails gives word search with the reason as `notice`, never an error.
 */
export async function buildCliMeaningSearch(options: { index: VaultIndex; endpoint: EmbeddingsEndpoint; signal?: AbortSignal }): Promise<{ readonly search?: HybridSearch; readonly notice?: string; readonly embedded: number }> {
  const client = createEmbeddingClient({ baseUrl: options.endpoint.baseUrl, apiKey: options.endpoint.apiKey ?? null, model: options.endpoint.model });
  const store = new EmbeddingStore(options.endpoint.model, 0);
  try {
    const { embedded } = await new EmbeddingIndexer({ index: options.index, client, store }).run(options.signal !== undefined ? { signal: options.signal } : {});
    return { search: new HybridSearch({ index: options.index, store, client }), embedded };
  } catch (error) {
    if (!(error instanceof EmbeddingError)) throw error;
    return { notice: `${error.message} Searching by words only.`, embedded: 0 };
  }
}
