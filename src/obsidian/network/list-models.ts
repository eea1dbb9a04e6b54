import { describeServer, type ServerAnswers, type ServerModel } from '../../llm';
import { isCompleteHttpUrl } from './complete-http-url';

/** How long the model list may take: it only fills suggestions. */
const LIST_TIMEOUT_MS = 3000;

/**
 * The chat models the endpoint offers, for the model pickers' suggestions, each with what its
 * server says about it (window, tools, images: Ollama, LM Studio, llama.cpp, vLLM each from its
 * own endpoint, others from `/models`); embedding models are left out. Any failure gives an
 * empty list: the pickers then suggest the configured model and any name can still be typed.
 * Nothing is sent (the key included) unless the base URL is a complete http(s) address. With
 * `answers` (the plugin's `pluginServerAnswers`) the window discovery reads what the list asked.
 */
export async function listModels(options: { readonly baseUrl: string; readonly apiKey?: string | null; readonly fetch: typeof fetch; readonly answers?: ServerAnswers }): Promise<ServerModel[]> {
  const baseUrl = options.baseUrl.trim().replace(/\/+$/, '');
  if (!isCompleteHttpUrl(baseUrl)) return [];
  const server = await describeServer({ baseUrl, fetch: options.fetch, timeoutMs: LIST_TIMEOUT_MS, ...(options.apiKey ? { apiKey: options.apiKey } : {}), ...(options.answers !== undefined ? { answers: options.answers } : {}) });
  const models = (server?.models ?? []).filter((model) => model.embeddings !== true);
  const seen = new Set<string>();
  return models.filter((model) => !seen.has(model.id) && seen.add(model.id)).sort((a, b) => a.id.localeCompare(b.id));
}
