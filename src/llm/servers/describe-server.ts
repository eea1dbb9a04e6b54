import type { ModelServerKind } from './context-window-probes';
import { type FetchJsonOptions, okBody, serverRootOf } from './fetch-json';
import { askIdentifyingEndpoints } from './identifying-answers';
import { ServerAnswers } from './server-answers';
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
  /** Answers shared with the window discovery (each endpoint asked once while fresh); default this call's own. */
  readonly answers?: ServerAnswers;
}

/** Ollama's `/api/show` is asked per model: a server with more is listed without the rest's details. */
const MAX_DETAILED_OLLAMA_MODELS = 24;

/**
 * Recognises the server at `baseUrl` by its own endpoint and lists its models with what it says
 * about each (window, tools, images): Ollama `/api/tags` (then `/api/show` per model and
 * `/api/ps`), LM Studio `/api/v0/models`, llama.cpp `/props`, vLLM's `/v1/models`
 * (`owned_by: "vllm"`), else any OpenAI-compatible `/models`; asked through `answers`, so the
 * window discovery that follows reads the same answers. Undefined when nothing there answers as a
 * model server. Never throws.
 *
 * @example await describeServer({ baseUrl: 'http://127.0.0.1:11434/v1', timeoutMs: 1500 }) // { kind: 'Ollama', models: [{ id: 'qwen3:8b', tools: true, ... }], needsKey: false }
 */
export async function describeServer(options: DescribeServerOptions): Promise<ServerDescription | undefined> {
  const root = serverRootOf(options.baseUrl);
  const answers = options.answers ?? new ServerAnswers();
  const ask = { ...(options.fetch !== undefined ? { fetch: options.fetch } : {}), timeoutMs: options.timeoutMs, ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}) };
  const identified = await askIdentifyingEndpoints({ baseUrl: options.baseUrl, answers, ask, ...(options.only !== undefined ? { only: options.only } : {}) });
  const names = ollamaTagNames(okBody(identified.ollamaTags));
  if (names !== undefined) return { kind: 'Ollama', models: await ollamaModels({ root, names, answers, ask }), needsKey: false };
  const studio = lmStudioModels(okBody(identified.lmStudioModels));
  if (studio !== undefined) return { kind: 'LM Studio', models: studio, needsKey: false };
  const list = identified.modelsList;
  const listed = okBody(list);
  const llamaCpp = llamaCppModels(okBody(identified.llamaCppProps), listed);
  if (llamaCpp !== undefined) return { kind: 'llama.cpp', models: llamaCpp, needsKey: false };
  // A probe of a port takes only a 401 as a server wanting its key: a 403 is as likely anything else refusing.
  const needsKey = list?.status === 401 || (list?.status === 403 && options.only === undefined);
  const models = openAiListModels(listed);
  if (models === undefined && !needsKey) return undefined;
  const kind = listed !== undefined && isVllmList(listed) ? 'vLLM' : options.only === 'Jan' ? 'Jan' : undefined;
  if (options.only === 'vLLM' && kind !== 'vLLM') return undefined;
  return { kind, models: models ?? [], needsKey };
}

async function ollamaModels(options: { readonly root: string; readonly names: readonly string[]; readonly answers: ServerAnswers; readonly ask: FetchJsonOptions }): Promise<ServerModel[]> {
  const { root, names, answers, ask } = options;
  const detailed = names.slice(0, MAX_DETAILED_OLLAMA_MODELS);
  const [ps, ...shows] = await Promise.all([answers.json(`${root}/api/ps`, ask), ...detailed.map((name) => answers.json(`${root}/api/show`, { ...ask, body: { model: name } }))]);
  const loaded = new Map<string, number>();
  const running = (ps as { models?: unknown } | undefined)?.models;
  if (Array.isArray(running)) {
    for (const entry of running as { name?: unknown; context_length?: unknown }[]) {
      if (typeof entry.name === 'string' && typeof entry.context_length === 'number') loaded.set(entry.name, entry.context_length);
    }
  }
  return names.map((name, index) => ollamaModel(name, shows[index], loaded.get(name)));
}
