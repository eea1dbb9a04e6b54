// The embeddings client's contract and its error, without the openai SDK: the indexing worker
// uses them with a client whose requests go to the main thread.

/** Turns texts into vectors through an endpoint's `/v1/embeddings`. */
export interface EmbeddingClient {
  readonly model: string;
  /** One vector per text, in order. Rejects with an {@link EmbeddingError} when the endpoint fails. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** The embeddings endpoint failed or is missing; the message is one sentence for the user. */
export class EmbeddingError extends Error {
  override readonly name = 'EmbeddingError';
}
