import type { ModelServerKind } from './context-window-probes';
import { endpointUrl, fetchAnswer, fetchJson, serverRootOf, type ServerAnswer } from './fetch-json';
import { isVllmList, lmStudioModels, llamaCppModels, ollamaModel, ollamaTagNames, openAiListModels, type ServerModel } from './server-models';

/** What a server at a base URL is and offers. */
export interface ServerDescription {
  /** The server recognised by its own endpoint; undefined for another OpenAI-compatible one. */
  readonly kind: ModelServerKind | undefined;
  readonly models: readonly ServerModel[];
  /** It answered 401 or 403: it is there, and wants a (different) key before it lists anything. */
  readonly needsKey: boolean;
}

/** Options of {@link describeServer}. */
export interface DescribeServerOptions {
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
  readonly apiKey?: string;
  /** Each request's limit. */
  readonly timeoutMs: number;
  /** Ask only this server's identifying endpoint (the first run knows which server each port is for). */
  readonly only?: ModelServerKind;
}

/** Ollama's `/api/show` is asked per model: a server with more is listed without the rest's details. */
const MAX_DETAILED_OLLAMA_MODELS = 24;

/**
 * Recognises the server at `baseUrl` by its own endpoint and lists its models with what it says
 * about each (window, tools, images): Ollama `/api/tags` (then `/api/show` per model and
 * `/api/ps`), LM Studio `/api/v0/models`, llama.cpp `/props`, vLLM's `/v1/models`
 * (`owned_by: "vllm"`), else any OpenAI-compatible `/models`. Undefined when nothing there
 * answers as a model server. Never throws.
 *
 * @example await describeServer({ baseUrl: 'http://127.0.0.1:11434/v1', timeoutMs: 1500 }) // { kind: 'Ollama', models: [{ id: 'qwen3:8b', tools: true, ... }], needsKey: false }
 */
export async function describeServer(options: DescribeServerOptions): Promise<ServerDescription | undefined> {
  const root = serverRootOf(options.baseUrl);
  const ask = { ...(options.fetch !== undefined ? { fetch: options.fetch } : {}), timeoutMs: options.timeoutMs, ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}) };
  const wants = (kind: ModelServerKind): boolean => options.only === undefined || options.only === kind;
  const none = Promise.resolve(undefined);
  const [tags, lmStudio, props, list] = await Promise.all([
    wants('Ollama') ? fetchJson(`${root}/api/tags`, ask) : none,
    wants('LM Studio') ? fetchJson(`${root}/api/v0/models`, ask) : none,
    wants('llama.cpp') ? fetchJson(`${root}/props`, ask) : none,
    wants('llama.cpp') || wants('vLLM') || wants('Jan') ? fetchAnswer(endpointUrl(options.baseUrl, '/models'), ask) : none,
  ]);
  const names = ollamaTagNames(tags);
  if (names !== undefined) return { kind: 'Ollama', models: await ollamaModels(root, names, ask), needsKey: false };
  const studio = lmStudioModels(lmStudio);
  if (studio !== undefined) return { kind: 'LM Studio', models: studio, needsKey: false };
  const listed = okBody(list);
  const llamaCpp = llamaCppModels(props, listed);
  if (llamaCpp !== undefined) return { kind: 'llama.cpp', models: llamaCpp, needsKey: false };
  // A probe of a port takes only a 401 as a server wanting its key: a 403 is as likely anything else refusing.
  const needsKey = list?.status === 401 || (list?.status === 403 && options.only === undefined);
  const models = openAiListModels(listed);
  if (models === undefined && !needsKey) return undefined;
  const kind = listed !== undefined && isVllmList(listed) ? 'vLLM' : options.only === 'Jan' ? 'Jan' : undefined;
  if (options.only === 'vLLM' && kind !== 'vLLM') return undefined;
  return { kind, models: models ?? [], needsKey };
}

async function ollamaModels(root: string, names: readonly string[], ask: { fetch?: typeof fetch; timeoutMs: number; apiKey?: string }): Promise<ServerModel[]> {
  const detailed = names.slice(0, MAX_DETAILED_OLLAMA_MODELS);
  const [ps, ...shows] = await Promise.all([fetchJson(`${root}/api/ps`, ask), ...detailed.map((name) => fetchJson(`${root}/api/show`, { ...ask, body: { model: name } }))]);
  const loaded = new Map<string, number>();
  const running = (ps as { models?: unknown } | undefined)?.models;
  if (Array.isArray(running)) {
    for (const entry of running as { name?: unknown; context_length?: unknown }[]) {
      if (typeof entry.name === 'string' && typeof entry.context_length === 'number') loaded.set(entry.name, entry.context_length);
    }
  }
  return names.map((name, index) => ollamaModel(name, shows[index], loaded.get(name)));
}

function okBody(answer: ServerAnswer | undefined): unknown {
  return answer !== undefined && answer.status >= 200 && answer.status < 300 ? answer.body : undefined;
}
