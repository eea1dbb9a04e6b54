import { type ContextWindow, defaultContextWindow } from './context-window';
import { fromLlamaCppProps, fromLmStudioV0, fromLmStudioV1, fromModelsList, fromOllamaPs, fromOllamaShow, type ModelServerKind } from './context-window-probes';
import { okBody, serverRootOf } from './fetch-json';
import { answeredUnrecognised, askIdentifyingEndpoints } from './identifying-answers';
import { isLocalHost } from './is-local-host';
import { ServerAnswers } from './server-answers';

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
  /** Answers shared with the model list (each endpoint asked once while fresh); default this call's own. */
  readonly answers?: ServerAnswers;
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
 * `top_provider.context_length`). The server is recognised first by the endpoints the model list
 * asks too (`/api/tags`, `/api/v0/models`, `/props`, `/models`; shared through `answers`), then
 * only its own window endpoints are asked: Ollama's two, LM Studio's `/api/v1/models` when
 * `/api/v0` had no window. Every endpoint has a short timeout. A server that says nothing gets
 * {@link defaultContextWindow}. Never throws.
 *
 * @example await discoverContextWindow({ baseUrl: 'http://localhost:8080/v1', model: 'qwen3' }) // { tokens: 4096, source: 'llama.cpp /props', server: 'llama.cpp' }
 */
export async function discoverContextWindow(options: DiscoverContextWindowOptions): Promise<DiscoveredContextWindow> {
  const root = serverRootOf(options.baseUrl);
  const answers = options.answers ?? new ServerAnswers();
  const ask = { ...(options.fetch !== undefined ? { fetch: options.fetch } : {}), timeoutMs: options.timeoutMs ?? DISCOVERY_TIMEOUT_MS, ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}) };
  const { model } = options;
  const identified = await askIdentifyingEndpoints({ baseUrl: options.baseUrl, answers, ask });
  const [tags, lmStudioV0, props, models] = [identified.ollamaTags, identified.lmStudioModels, identified.llamaCppProps, identified.modelsList].map(okBody);
  // A server that answered but was recognised by none of them may be any: it is asked every other endpoint.
  const unrecognised = answeredUnrecognised(identified);
  const llamaCpp = fromLlamaCppProps(props);
  const ollama = llamaCpp === undefined && (tags !== undefined || unrecognised);
  const lmStudio = llamaCpp === undefined && ((lmStudioV0 !== undefined && fromLmStudioV0(lmStudioV0, model) === undefined) || unrecognised);
  const none = Promise.resolve(undefined);
  const [ps, show, lmStudioV1] = await Promise.all([
    ollama ? answers.json(`${root}/api/ps`, ask) : none,
    ollama ? answers.json(`${root}/api/show`, { ...ask, body: { model } }) : none,
    lmStudio ? answers.json(`${root}/api/v1/models`, ask) : none,
  ]);
  const found = llamaCpp ?? fromOllamaPs(ps, model) ?? fromOllamaShow(show) ?? fromLmStudioV0(lmStudioV0, model) ?? fromLmStudioV1(lmStudioV1, model) ?? fromModelsList(models, model);
  if (found === undefined) return defaultContextWindow(isLocalHost(options.baseUrl));
  const { server, ...window } = found;
  return server === undefined ? window : { ...window, server };
}
