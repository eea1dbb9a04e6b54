import { type ContextWindow, defaultContextWindow } from './context-window';
import { fromLlamaCppProps, fromLmStudioV0, fromLmStudioV1, fromModelsList, fromOllamaPs, fromOllamaShow, type ModelServerKind } from './context-window-probes';
import { endpointUrl, fetchJson, serverRootOf } from './fetch-json';
import { isLocalHost } from './is-local-host';

/** Options of {@link discoverContextWindow}. */
export interface DiscoverContextWindowOptions {
  /** The OpenAI-compatible base URL, e.g. `http://localhost:11434/v1`. */
  readonly baseUrl: string;
  readonly model: string;
  /** Default the global fetch; the plugin passes its chat fetch (which handles CORS). */
  readonly fetch?: typeof fetch;
  readonly apiKey?: string;
  /** How long each endpoint may take. Default {@link DISCOVERY_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
}

/** A discovered window, with the server that reported it when one was recognised. */
export interface DiscoveredContextWindow extends ContextWindow {
  readonly server?: ModelServerKind;
}

/** Each endpoint's answer is awaited this long at most: discovery must not hold up a question. */
export const DISCOVERY_TIMEOUT_MS = 1500;

/**
 * Asks the server how large the model's context window is (DESIGN.md 12.1), in this order:
 * llama.cpp `/props`; Ollama `/api/ps` (the loaded model), then `/api/show` (`num_ctx`, else
 * Ollama's default 4,096); LM Studio `/api/v0/models` `loaded_context_length` (or `/api/v1`'s
 * loaded instance); the `/models` list (vLLM `max_model_len`, OpenRouter
 * `top_provider.context_length`). The endpoints are asked at once, each with a short timeout.
 * A server that says nothing gets {@link defaultContextWindow}. Never throws.
 *
 * @example await discoverContextWindow({ baseUrl: 'http://localhost:8080/v1', model: 'qwen3' }) // { tokens: 4096, source: 'llama.cpp /props', server: 'llama.cpp' }
 */
export async function discoverContextWindow(options: DiscoverContextWindowOptions): Promise<DiscoveredContextWindow> {
  const root = serverRootOf(options.baseUrl);
  const ask = { ...(options.fetch !== undefined ? { fetch: options.fetch } : {}), timeoutMs: options.timeoutMs ?? DISCOVERY_TIMEOUT_MS, ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}) };
  const [props, ps, show, lmStudioV0, lmStudioV1, models] = await Promise.all([
    fetchJson(`${root}/props`, ask),
    fetchJson(`${root}/api/ps`, ask),
    fetchJson(`${root}/api/show`, { ...ask, body: { model: options.model } }),
    fetchJson(`${root}/api/v0/models`, ask),
    fetchJson(`${root}/api/v1/models`, ask),
    fetchJson(endpointUrl(options.baseUrl, '/models'), ask),
  ]);
  const { model } = options;
  const found = fromLlamaCppProps(props) ?? fromOllamaPs(ps, model) ?? fromOllamaShow(show) ?? fromLmStudioV0(lmStudioV0, model) ?? fromLmStudioV1(lmStudioV1, model) ?? fromModelsList(models, model);
  if (found === undefined) return defaultContextWindow(isLocalHost(options.baseUrl));
  const { server, ...window } = found;
  return server === undefined ? window : { ...window, server };
}
