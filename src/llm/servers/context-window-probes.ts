import { OLLAMA_DEFAULT_CONTEXT_WINDOW } from './context-window';
import type { ContextWindow } from './context-window';

/** The servers Glassbox recognises by their own endpoints. */
export type ModelServerKind = 'llama.cpp' | 'Ollama' | 'LM Studio' | 'vLLM' | 'Jan' | 'OpenRouter';

/** A window a server reported, and which server said so. */
export interface ReportedContextWindow extends ContextWindow {
  readonly server: ModelServerKind | undefined;
}

// Each reader takes one endpoint's parsed JSON (or undefined when it did not answer) and finds
// the window in it; shapes follow shared/fixtures/model-servers/context-window/.

/** llama.cpp `GET /props`: `default_generation_settings.n_ctx` (the slot's window), or a top-level `n_ctx`. */
export function fromLlamaCppProps(body: unknown): ReportedContextWindow | undefined {
  const settings = field(body, 'default_generation_settings');
  const tokens = positive(field(settings, 'n_ctx')) ?? positive(field(body, 'n_ctx'));
  return tokens === undefined ? undefined : { tokens, source: 'llama.cpp /props', server: 'llama.cpp' };
}

/** Ollama `GET /api/ps`: the loaded model's `context_length`. */
export function fromOllamaPs(body: unknown, model: string): ReportedContextWindow | undefined {
  const models = field(body, 'models');
  if (!Array.isArray(models)) return undefined;
  const entry: unknown = models.find((candidate) => sameOllamaModel(field(candidate, 'name'), model) || sameOllamaModel(field(candidate, 'model'), model));
  const tokens = positive(field(entry, 'context_length'));
  return tokens === undefined ? undefined : { tokens, source: 'Ollama /api/ps', server: 'Ollama' };
}

/**
 * Ollama `POST /api/show`: `num_ctx` in the model's `parameters`, else Ollama's default; never
 * the trained `<arch>.context_length` in `model_info`, which Ollama does not load by default.
 */
export function fromOllamaShow(body: unknown): ReportedContextWindow | undefined {
  if (field(body, 'model_info') === undefined && field(body, 'parameters') === undefined && field(body, 'details') === undefined) return undefined;
  const parameters = field(body, 'parameters');
  const match = typeof parameters === 'string' ? /(?:^|\n)\s*num_ctx\s+(\d+)/.exec(parameters) : null;
  const tokens = positive(Number(match?.[1]));
  return tokens === undefined ? { tokens: OLLAMA_DEFAULT_CONTEXT_WINDOW, source: 'Ollama default', server: 'Ollama' } : { tokens, source: 'Ollama num_ctx', server: 'Ollama' };
}

/** LM Studio `GET /api/v0/models`: the model's `loaded_context_length` (its `max_context_length` is what it could load, not what it did). */
export function fromLmStudioV0(body: unknown, model: string): ReportedContextWindow | undefined {
  const tokens = positive(field(entryFor(body, model, 'id'), 'loaded_context_length'));
  return tokens === undefined ? undefined : { tokens, source: 'LM Studio /api/v0/models', server: 'LM Studio' };
}

/** LM Studio `GET /api/v1/models`: the loaded instance's `config.context_length`. */
export function fromLmStudioV1(body: unknown, model: string): ReportedContextWindow | undefined {
  const models = field(body, 'models');
  if (!Array.isArray(models)) return undefined;
  for (const entry of models) {
    const instances = field(entry, 'loaded_instances');
    if (!Array.isArray(instances)) continue;
    const instance: unknown = instances.find((candidate) => field(candidate, 'id') === model) ?? (field(entry, 'key') === model ? instances[0] : undefined);
    const tokens = positive(field(field(instance, 'config'), 'context_length'));
    if (tokens !== undefined) return { tokens, source: 'LM Studio /api/v1/models', server: 'LM Studio' };
  }
  return undefined;
}

/**
 * The OpenAI-style `GET /models` list: vLLM's `max_model_len`; OpenRouter's
 * `top_provider.context_length` (the provider that serves it), else its model-level
 * `context_length`. llama.cpp's `meta.n_ctx_train` is the trained length and is not read.
 */
export function fromModelsList(body: unknown, model: string): ReportedContextWindow | undefined {
  const entry = entryFor(body, model, 'id');
  if (entry === undefined) return undefined;
  const maxModelLength = positive(field(entry, 'max_model_len'));
  if (maxModelLength !== undefined) return { tokens: maxModelLength, source: 'vLLM /v1/models', server: 'vLLM' };
  const provider = positive(field(field(entry, 'top_provider'), 'context_length'));
  if (provider !== undefined) return { tokens: provider, source: 'OpenRouter /models top_provider', server: 'OpenRouter' };
  const tokens = positive(field(entry, 'context_length'));
  return tokens === undefined ? undefined : { tokens, source: '/models context_length', server: undefined };
}

function entryFor(body: unknown, model: string, key: string): unknown {
  const data = field(body, 'data');
  return Array.isArray(data) ? data.find((candidate) => field(candidate, key) === model) : undefined;
}

/** `qwen3` names the same model as `qwen3:latest` in Ollama. */
export function sameOllamaModel(name: unknown, model: string): boolean {
  if (typeof name !== 'string') return false;
  const withTag = (value: string) => (value.includes(':') ? value : `${value}:latest`);
  return withTag(name) === withTag(model);
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}
