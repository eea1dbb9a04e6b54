import type { App } from 'obsidian';
import { createEmbeddingClient, type EmbeddingClient } from '../../search/embeddings/embedding-client';
import type { GlassboxSettings } from '../../settings';
import { createChatFetch } from './chat-fetch';
import { createDesktopFetch } from './desktop-fetch';
import { createMobileFetch } from './mobile-fetch';

/**
 * The embeddings client of search by meaning: the configured endpoint and API key (read from
 * SecretStorage now), over the same fetch as the chat (the renderer's, falling back to Node's
 * on desktop when CORS refuses). Loaded through import(): the openai SDK stays out of startup.
 */
export function createEmbeddingEndpoint(options: { app: App; settings: GlassboxSettings; model: string }): EmbeddingClient {
  const { app, settings, model } = options;
  const secretName = settings.apiKeySecretName.trim();
  const apiKey = secretName === '' ? null : app.secretStorage.getSecret(secretName);
  const nodeFetch = createDesktopFetch();
  const fetch = nodeFetch === null ? createMobileFetch() : createChatFetch({ nodeFetch });
  return createEmbeddingClient({ baseUrl: settings.baseUrl.trim(), apiKey, model, fetch });
}
