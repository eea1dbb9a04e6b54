import type { App } from 'obsidian';
import type { EmbeddingClient } from '../../search/embeddings/embedding-client';
import type { GlassboxSettingsHost } from '../../settings';
import { createChatFetch } from './chat-fetch';
import { createDesktopFetch } from './desktop-fetch';
import { createMobileFetch } from './mobile-fetch';

/** The model endpoint as the settings name it: where, with which key, over which fetch. */
export interface Endpoint {
  /** The base URL, trimmed ('' when not set). */
  readonly baseUrl: string;
  /** The name of the API key's secret in SecretStorage ('' for none). */
  readonly secretName: string;
  /** The API key, read from SecretStorage now (it is per device and may be set at any time). */
  apiKey(): string | null;
  /** How requests travel (see {@link createEndpointFetch}). */
  readonly fetch: typeof fetch;
  /** The embeddings client for `model`, at the embeddings base URL when one is set (the openai SDK is loaded on first use, not at startup). */
  embeddings(model: string): Promise<EmbeddingClient>;
}

/**
 * The plugin's one endpoint: the chat runs, search by meaning and the model list use it. It is
 * built again when the base URL or the key's name changes; its fetch lives as long as the
 * plugin, so the desktop fetch remembers which origins needed Node (docs/decisions/desktop-fetch.md).
 */
export class PluginEndpoint {
  private readonly fetch: typeof fetch;
  private built: Endpoint | null = null;
  private embeddingsBaseUrl = '';

  /** `fetch` stands in for the app's in tests (default {@link createEndpointFetch}). */
  constructor(private readonly options: { readonly app: App; readonly settings: GlassboxSettingsHost; readonly fetch?: typeof fetch }) {
    this.fetch = options.fetch ?? createEndpointFetch();
  }

  /** The endpoint the settings name now. */
  current(): Endpoint {
    const { settings } = this.options.settings;
    const baseUrl = settings.baseUrl.trim();
    const secretName = settings.apiKeySecretName.trim();
    // Search by meaning may have its own endpoint (the key goes there too); empty = the chat's.
    const embeddingsBaseUrl = settings.embeddingsBaseUrl.trim() !== '' ? settings.embeddingsBaseUrl.trim() : baseUrl;
    const built = this.built;
    if (built !== null && built.baseUrl === baseUrl && built.secretName === secretName && this.embeddingsBaseUrl === embeddingsBaseUrl) return built;
    this.embeddingsBaseUrl = embeddingsBaseUrl;
    const { app } = this.options;
    const endpointFetch = this.fetch;
    const apiKey = () => (secretName === '' ? null : app.secretStorage.getSecret(secretName));
    this.built = {
      baseUrl,
      secretName,
      apiKey,
      fetch: endpointFetch,
      embeddings: (model) => import('../../search/embeddings/embedding-client').then(({ createEmbeddingClient }) => createEmbeddingClient({ baseUrl: embeddingsBaseUrl, apiKey: apiKey(), model, fetch: endpointFetch })),
    };
    return this.built;
  }
}

/**
 * On desktop the renderer's fetch with Node's as the fallback when CORS refuses
 * ({@link createChatFetch}); on mobile (no Node) the page's fetch, which names a CORS refusal.
 */
export function createEndpointFetch(): typeof fetch {
  const nodeFetch = createDesktopFetch();
  return nodeFetch === null ? createMobileFetch() : createChatFetch({ nodeFetch });
}
