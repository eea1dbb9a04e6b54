/**
 * Glassbox's settings: their shape, defaults, and how saved data is merged into them.
 * Pure TypeScript (no `obsidian`), so the CLI and tests can use it as is.
 */

/** Provider presets offered in the settings tab. Every one speaks the OpenAI chat API. */
export const PROVIDER_PRESETS = Object.freeze({
  openai: { label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' },
  ollama: { label: 'Ollama', baseUrl: 'http://localhost:11434/v1', model: '' },
  lmstudio: { label: 'LM Studio', baseUrl: 'http://localhost:1234/v1', model: '' },
  openrouter: { label: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', model: 'openai/gpt-4o-mini' },
  custom: { label: 'Custom', baseUrl: '', model: '' },
} as const);

/** A provider preset id. */
export type ProviderPreset = keyof typeof PROVIDER_PRESETS;

import { AGENT_LOOP_STYLES, type AgentLoopStyle } from './agent';
import { isModelPrice, type ModelPrice } from './markers';

/**
 * How much of the agent's work the reasoning block shows (DESIGN.md 5):
 * - `minimal`: the header only; expanding it shows step titles.
 * - `normal`: steps with the tool name, short arguments, status and duration; outputs folded.
 * - `verbose`: full arguments, full outputs and the raw reasoning text.
 */
export type DisplayMode = 'minimal' | 'normal' | 'verbose';

/** Every display mode, in the order the settings list them. */
export const DISPLAY_MODES: readonly DisplayMode[] = Object.freeze(['minimal', 'normal', 'verbose']);

/** What a provider remembers: its base URL and model. */
export interface ProviderEndpoint {
  readonly baseUrl: string;
  readonly model: string;
}

/** The plugin's settings, as kept in `data.json` (the API key is not: it lives in SecretStorage). */
export interface GlassboxSettings {
  /** Which preset the endpoint came from. */
  provider: ProviderPreset;
  /** The OpenAI-compatible endpoint, e.g. `http://localhost:11434/v1`. */
  baseUrl: string;
  /** The base URL and model last used with each provider, restored when it is chosen again. */
  providerEndpoints: Record<string, ProviderEndpoint>;
  /** Id of the secret in Obsidian's SecretStorage that holds the API key; empty for none. */
  apiKeySecretName: string;
  /** Model name sent to the endpoint. */
  model: string;
  /** Most model calls in one run. */
  maxIterations: number;
  /** Agent loop style. */
  loopStyle: AgentLoopStyle;
  /** Reasoning block display mode. */
  displayMode: DisplayMode;
  /** Show the model's raw reasoning text in the block. */
  showReasoningText: boolean;
  /** Show tool outputs in the block. */
  showToolOutput: boolean;
  /** Keep the block expanded while the agent works. */
  expandWhileWorking: boolean;
  /** Vault folder for conversation notes. */
  conversationsFolder: string;
  /** Minutes a `request_input` question waits before the run goes on without an answer. */
  requestInputTimeoutMinutes: number;
  /**
   * MCP servers (desktop only), as the `mcpServers` JSON other MCP clients use. Values of
   * `env` and `headers` are secrets: they stay in this data file, never in notes or logs.
   */
  mcpServers: string;
  /** "Always" / "never" approvals by scope (e.g. `mcp:weather`), revocable in the settings tab. */
  rememberedApprovals: Record<string, 'allow' | 'deny'>;
  /** Longest wait, in seconds, for the next byte from the endpoint before the run stops with an error. */
  responseTimeoutSeconds: number;
  /** Estimated tokens of attached notes and selection sent with one question; more is cut with a notice. */
  contextBudgetTokens: number;
  /** The "Context window" of each model, in tokens, by model name; a model not listed is asked of the server (DESIGN.md 12.1). */
  contextWindows: Record<string, number>;
  /** What each model costs per million tokens, by model name, as the user entered it: the block's footer shows a run's cost (DESIGN.md 12.3). None built in. */
  modelPrices: Record<string, ModelPrice>;
  /** Each model's token limit per answer (DESIGN.md 13.4), by model name: a model call that would cross it is not sent. */
  runTokenLimits: Record<string, number>;
  /** Each model's cost limit per answer in US dollars, by model name; applies with the model's prices. */
  runCostLimits: Record<string, number>;
  /** What all answers on this device may cost in a day, in US dollars; 0: no budget. */
  dailyBudget: number;
  /** A single request estimated above this cost (US dollars, models with prices) asks before it is sent; 0: never asks. */
  askAboveCost: number;
  /** A single request estimated above this many tokens (models without prices) asks before it is sent; 0: never asks. */
  askAboveTokens: number;
  /** The most tokens one model call may write (`max_tokens`): bounds an answer that would not end. */
  maxTokens: number;
  /** Whether a new question starts with the open note attached (a chip the user can remove). */
  attachOpenNote: boolean;
  /** Models that accept images, one per line or comma-separated: only they are sent the question's images. */
  imageModels: string;
  /** Longest side, in pixels, images are downscaled to before they are sent. */
  imageMaxSide: number;
  /** Notes here are custom prompts (the `/` menu, `ask --prompt`); Copilot's folder is read too. */
  promptsFolder: string;
  /** Desktop: a system notification when a chat ends or waits while Obsidian is in the background. */
  systemNotifications: boolean;
  /** Search by meaning: localSearch fuses word search with the notes' embeddings (off until chosen: it sends passages to the endpoint). */
  semanticSearch: boolean;
  /** The embedding model asked at the endpoint's `/embeddings`, e.g. `text-embedding-3-small` or `nomic-embed-text`. */
  embeddingModel: string;
  /** Where notes are embedded, when not at the chat's base URL (e.g. Ollama's embedding models while chatting elsewhere); empty = the chat's. */
  embeddingsBaseUrl: string;
  /**
   * Models the server refused tools for ("… does not support tools"), with the server's words:
   * their questions are answered from a search of the vault without tools. Forgotten in the settings tab.
   */
  modelsWithoutTools: Record<string, string>;
  /** An OpenTelemetry collector's base URL: each finished run's traces are POSTed to it as OTLP/JSON at `/v1/traces` (DESIGN.md 13.5); empty = off. */
  otlpEndpoint: string;
  /** Whether those traces carry what was said (questions, answers, tool inputs and outputs); off: names, times, counts, statuses and costs only. */
  otlpIncludeContent: boolean;
  /** Conversations folders Glassbox has put its `Conversations.base` in (not a setting shown: it writes one once per folder). */
  conversationsBases: string[];
}

/** The defaults, used for every field missing from (or invalid in) the saved data. */
export const DEFAULT_SETTINGS: Readonly<GlassboxSettings> = Object.freeze({
  provider: 'openai',
  baseUrl: PROVIDER_PRESETS.openai.baseUrl,
  providerEndpoints: {},
  apiKeySecretName: 'glassbox-api-key',
  model: 'gpt-4o-mini',
  maxIterations: 10,
  loopStyle: 'tools',
  displayMode: 'normal',
  showReasoningText: true,
  showToolOutput: true,
  expandWhileWorking: true,
  conversationsFolder: 'Glassbox/Conversations',
  requestInputTimeoutMinutes: 10,
  mcpServers: '',
  rememberedApprovals: {},
  responseTimeoutSeconds: 120,
  contextBudgetTokens: 12_000,
  contextWindows: {},
  modelPrices: {},
  runTokenLimits: {},
  runCostLimits: {},
  dailyBudget: 0,
  askAboveCost: 0.5,
  askAboveTokens: 50_000,
  // The model client's own default (DEFAULT_MAX_OUTPUT_TOKENS in src/llm), not imported: the settings load before the client.
  maxTokens: 8192,
  attachOpenNote: true,
  promptsFolder: 'Glassbox/Prompts',
  imageModels: '',
  // What Anthropic recommends and near OpenAI's high-detail tile grid: smaller images lose text.
  imageMaxSide: 1568,
  systemNotifications: true,
  semanticSearch: false,
  embeddingModel: 'text-embedding-3-small',
  embeddingsBaseUrl: '',
  modelsWithoutTools: {},
  otlpEndpoint: '',
  otlpIncludeContent: false,
  conversationsBases: [],
});

/** Settings as loaded: the known fields, plus any unknown keys from the saved data, kept for the next save. */
export type LoadedSettings<T> = T & Record<string, unknown>;

/**
 * Merges saved data over defaults. A known key takes the saved value only when it has the
 * default's type (a string where a number belongs falls back to the default); unknown keys are
 * kept as they are, so a newer or older plugin version's settings survive a save. Anything that
 * is not a plain object counts as "nothing saved". Never throws; never mutates its inputs.
 *
 * @example mergeSettings({ a: 1 }, { a: 2, later: true }) // → { a: 2, later: true }
 */
export function mergeSettings<T extends object>(defaults: T, saved: unknown): LoadedSettings<T> {
  const merged: Record<string, unknown> = {};
  const source = isPlainObject(saved) ? saved : {};
  for (const [key, value] of Object.entries(source)) merged[key] = value;
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = source[key];
    merged[key] = value !== undefined && sameKind(value, fallback) ? value : fallback;
  }
  return merged as LoadedSettings<T>;
}

/**
 * `mergeSettings` for Glassbox, plus the checks types alone cannot make: enum fields must be
 * one of their values and counts must be positive whole numbers; anything else takes the default.
 */
export function loadGlassboxSettings(saved: unknown): LoadedSettings<GlassboxSettings> {
  const settings = mergeSettings<GlassboxSettings>({ ...DEFAULT_SETTINGS }, saved);
  if (!(settings.provider in PROVIDER_PRESETS)) settings.provider = DEFAULT_SETTINGS.provider;
  if (!AGENT_LOOP_STYLES.includes(settings.loopStyle)) settings.loopStyle = DEFAULT_SETTINGS.loopStyle;
  if (!DISPLAY_MODES.includes(settings.displayMode)) settings.displayMode = DEFAULT_SETTINGS.displayMode;
  if (!isPositiveInteger(settings.maxIterations)) settings.maxIterations = DEFAULT_SETTINGS.maxIterations;
  if (!(settings.requestInputTimeoutMinutes > 0)) settings.requestInputTimeoutMinutes = DEFAULT_SETTINGS.requestInputTimeoutMinutes;
  // A fresh object (never the defaults' own), keeping only decisions this version understands.
  settings.rememberedApprovals = Object.fromEntries(Object.entries(settings.rememberedApprovals).filter(([, decision]) => decision === 'allow' || decision === 'deny'));
  settings.modelsWithoutTools = Object.fromEntries(Object.entries(settings.modelsWithoutTools).filter(([, reason]) => typeof reason === 'string'));
  if (!(settings.responseTimeoutSeconds > 0)) settings.responseTimeoutSeconds = DEFAULT_SETTINGS.responseTimeoutSeconds;
  if (!isPositiveInteger(settings.contextBudgetTokens)) settings.contextBudgetTokens = DEFAULT_SETTINGS.contextBudgetTokens;
  settings.contextWindows = Object.fromEntries(Object.entries(settings.contextWindows).filter(([, tokens]) => typeof tokens === 'number' && isPositiveInteger(tokens)));
  settings.modelPrices = Object.fromEntries(Object.entries(settings.modelPrices).filter(([, price]) => isModelPrice(price)));
  settings.runTokenLimits = Object.fromEntries(Object.entries(settings.runTokenLimits).filter(([, tokens]) => typeof tokens === 'number' && isPositiveInteger(tokens)));
  settings.runCostLimits = Object.fromEntries(Object.entries(settings.runCostLimits).filter(([, amount]) => typeof amount === 'number' && Number.isFinite(amount) && amount > 0));
  for (const key of ['dailyBudget', 'askAboveCost', 'askAboveTokens'] as const) if (!(Number.isFinite(settings[key]) && settings[key] >= 0)) settings[key] = DEFAULT_SETTINGS[key];
  if (!isPositiveInteger(settings.maxTokens)) settings.maxTokens = DEFAULT_SETTINGS.maxTokens;
  settings.providerEndpoints = Object.fromEntries(
    Object.entries(settings.providerEndpoints).filter(([provider, endpoint]) => provider in PROVIDER_PRESETS && isPlainObject(endpoint) && typeof endpoint.baseUrl === 'string' && typeof endpoint.model === 'string'),
  );
  settings.conversationsBases = settings.conversationsBases.filter((folder): folder is string => typeof folder === 'string');
  if (!isPositiveInteger(settings.imageMaxSide)) settings.imageMaxSide = DEFAULT_SETTINGS.imageMaxSide;
  return settings;
}

/**
 * Switches `settings` to `provider` (issue 26): the old provider keeps its base URL and model,
 * the new one gets back what it had, or its preset's address (and model, when the preset names
 * one); Custom with nothing remembered keeps the current ones.
 */
export function switchProvider(settings: GlassboxSettings, provider: ProviderPreset): void {
  const previous = settings.provider;
  settings.providerEndpoints = { ...settings.providerEndpoints, [previous]: { baseUrl: settings.baseUrl, model: settings.model } };
  settings.provider = provider;
  const remembered = Object.hasOwn(settings.providerEndpoints, provider) ? settings.providerEndpoints[provider] : undefined;
  const preset = PROVIDER_PRESETS[provider];
  settings.baseUrl = remembered?.baseUrl ?? (preset.baseUrl === '' ? settings.baseUrl : preset.baseUrl);
  settings.model = remembered?.model ?? (preset.model === '' ? settings.model : preset.model);
}

/** What the chat view needs from the plugin: the live settings and a way to save them. */
export interface GlassboxSettingsHost {
  /** Current settings (the same object the settings tab edits). */
  readonly settings: LoadedSettings<GlassboxSettings>;
  /** Persists `settings`. */
  saveSettings(): Promise<void>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameKind(value: unknown, fallback: unknown): boolean {
  if (Array.isArray(fallback)) return Array.isArray(value);
  if (isPlainObject(fallback)) return isPlainObject(value);
  if (typeof fallback === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === typeof fallback;
}

function isPositiveInteger(value: number): boolean {
  return Number.isInteger(value) && value >= 1;
}
