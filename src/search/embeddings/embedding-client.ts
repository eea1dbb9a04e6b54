import OpenAI from 'openai';
import { EmbeddingError, type EmbeddingClient } from './embedding-error';
import { t } from '../../i18n';

export { EmbeddingError, type EmbeddingClient } from './embedding-error';

interface EmbeddingResponse {
  readonly data?: readonly { readonly index?: number; readonly embedding?: readonly number[] }[];
}

/**
 * An {@link EmbeddingClient} over the `openai` SDK (OpenAI, Ollama, LM Studio and other
 * OpenAI-compatible servers). It posts to `/embeddings` through the client's own request path
 * rather than `client.embeddings`, which the plugin bundle leaves out (only chat and models are
 * bundled; docs/decisions/openai-chat-only-bundle.md).
 */
export function createEmbeddingClient(options: { baseUrl: string; apiKey?: string | null; model: string; fetch?: typeof fetch }): EmbeddingClient {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ? options.apiKey : 'no-key',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    dangerouslyAllowBrowser: true,
    maxRetries: 1,
    logLevel: 'off',
  });
  const where = options.baseUrl.replace(/\/\/[^/@]*@/, '//');
  return {
    model: options.model,
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      let response: EmbeddingResponse;
      try {
        response = await client.post<EmbeddingResponse>('/embeddings', { body: { model: options.model, input: [...texts], encoding_format: 'float' }, ...(signal ? { signal } : {}) });
      } catch (error) {
        if (signal?.aborted) throw error;
        const status = (error as { status?: number }).status;
        const at = { url: where, model: options.model };
        throw new EmbeddingError(status === 404 ? t('embeddings.noModel', at) : status !== undefined ? t('embeddings.status', { ...at, status: String(status) }) : t('embeddings.unreachable', at));
      }
      const vectors: Float32Array[] = new Array<Float32Array>(texts.length);
      for (const [position, item] of (response.data ?? []).entries()) {
        const at = item.index ?? position;
        if (Array.isArray(item.embedding) && at < texts.length) vectors[at] = Float32Array.from(item.embedding);
      }
      if (vectors.some((vector) => vector === undefined) || vectors.length !== texts.length) throw new EmbeddingError(t('embeddings.vectorCount', { url: where, got: String(response.data?.length ?? 0), count: String(texts.length) }));
      return vectors;
    },
  };
}
