import { t } from '../../i18n';

/** One model a server offers, with what the server says about it (nothing it did not say). */
export interface ServerModel {
  /** The name to send as `model`. */
  readonly id: string;
  /** The context window it runs with, when the server says (a loaded LM Studio model, llama.cpp's slot, vLLM's max_model_len, Ollama's num_ctx). */
  readonly window?: number;
  /** Whether it takes tools, when the server says (Ollama `capabilities`, LM Studio `tool_use`). */
  readonly tools?: boolean;
  /** Whether it takes images, when the server says (Ollama `vision`, LM Studio `vlm`, llama.cpp `modalities.vision`). */
  readonly images?: boolean;
  /** An embedding model: search by meaning can use it, the chat cannot. */
  readonly embeddings?: boolean;
}

// Each reader takes one endpoint's parsed JSON (undefined when it did not answer); shapes follow
// shared/fixtures/model-servers/context-window/ and the servers' API docs.

/** Ollama `GET /api/tags`: the pulled models' names (`{ models: [{ name, model, details }] }`). */
export function ollamaTagNames(body: unknown): string[] | undefined {
  const models = field(body, 'models');
  if (!Array.isArray(models)) return undefined;
  return models.map((entry) => field(entry, 'name') ?? field(entry, 'model')).filter((name): name is string => typeof name === 'string' && name !== '');
}

/** One Ollama model from its `POST /api/show` (`capabilities`, `num_ctx` in `parameters`) and `/api/ps` (the loaded window). */
export function ollamaModel(name: string, show: unknown, loadedWindow: number | undefined): ServerModel {
  const capabilities = field(show, 'capabilities');
  const listed = Array.isArray(capabilities) ? capabilities.filter((item): item is string => typeof item === 'string') : undefined;
  const parameters = field(show, 'parameters');
  const numCtx = typeof parameters === 'string' ? Number(/(?:^|\n)\s*num_ctx\s+(\d+)/.exec(parameters)?.[1]) : Number.NaN;
  const window = loadedWindow ?? (Number.isInteger(numCtx) && numCtx > 0 ? numCtx : undefined);
  return {
    id: name,
    ...(window !== undefined ? { window } : {}),
    ...(listed !== undefined ? { tools: listed.includes('tools'), images: listed.includes('vision'), ...(listed.includes('embedding') ? { embeddings: true } : {}) } : {}),
  };
}

/** LM Studio `GET /api/v0/models`: type (`llm`, `vlm`, `embeddings`), `capabilities` (`tool_use`), the window of a loaded model. */
export function lmStudioModels(body: unknown): ServerModel[] | undefined {
  const data = field(body, 'data');
  if (!Array.isArray(data) || !data.every((entry) => typeof field(entry, 'type') === 'string')) return undefined;
  return data.flatMap((entry): ServerModel[] => {
    const id = field(entry, 'id');
    if (typeof id !== 'string' || id === '') return [];
    const type = field(entry, 'type');
    const capabilities = field(entry, 'capabilities');
    // Only a loaded model's window is the one it runs with; max_context_length is what it could load.
    const window = positive(field(entry, 'loaded_context_length'));
    return [{ id, ...(window !== undefined ? { window } : {}), ...(Array.isArray(capabilities) ? { tools: capabilities.includes('tool_use') } : {}), images: type === 'vlm', ...(type === 'embeddings' ? { embeddings: true } : {}) }];
  });
}

/** llama.cpp: the model of `/v1/models` with the slot's window and `modalities.vision` from `GET /props`. */
export function llamaCppModels(props: unknown, list: unknown): ServerModel[] | undefined {
  const window = positive(field(field(props, 'default_generation_settings'), 'n_ctx')) ?? positive(field(props, 'n_ctx'));
  if (window === undefined) return undefined;
  const vision = field(field(props, 'modalities'), 'vision');
  const ids = openAiModelIds(list);
  const path = field(props, 'model_path');
  const names = ids.length > 0 ? ids : typeof path === 'string' ? [path.split(/[\\/]/).pop() ?? path] : [];
  return names.map((id) => ({ id, window, ...(typeof vision === 'boolean' ? { images: vision } : {}) }));
}

/** The OpenAI-style `GET /v1/models` list: ids, with vLLM's `max_model_len` as the window. */
export function openAiListModels(list: unknown): ServerModel[] | undefined {
  const data = field(list, 'data');
  if (!Array.isArray(data)) return undefined;
  return data.flatMap((entry): ServerModel[] => {
    const id = field(entry, 'id');
    if (typeof id !== 'string' || id === '') return [];
    const window = positive(field(entry, 'max_model_len'));
    return [{ id, ...(window !== undefined ? { window } : {}) }];
  });
}

/** Whether `/v1/models` is vLLM's (its entries are `owned_by: "vllm"` and carry `max_model_len`). */
export function isVllmList(list: unknown): boolean {
  const data = field(list, 'data');
  return Array.isArray(data) && data.some((entry) => field(entry, 'owned_by') === 'vllm' || positive(field(entry, 'max_model_len')) !== undefined);
}

function openAiModelIds(list: unknown): string[] {
  return (openAiListModels(list) ?? []).map((model) => model.id);
}

/** What the model picker shows beside a name: "32,768 tokens · tools · images", or '' when the server said nothing. */
export function describeServerModel(model: ServerModel): string {
  const parts: string[] = [];
  if (model.window !== undefined) parts.push(t('model.window', { tokens: model.window }));
  if (model.embeddings === true) parts.push(t('model.embeddings'));
  else if (model.tools === true) parts.push(t('model.tools'));
  else if (model.tools === false) parts.push(t('model.noTools'));
  if (model.images === true) parts.push(t('model.images'));
  return parts.join(' · ');
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}
