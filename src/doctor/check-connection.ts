import { standingRequestTokens, smallestWindowFor, windowFitsStandingRequest } from '../agent/standing-request';
import { type AgentTool, toolsRefusal } from '../agent';
import {
  type ContextWindow,
  createOpenAiChatModel,
  createSecretRedactor,
  describeServer,
  discoverContextWindow,
  endpointUrl,
  fetchAnswer,
  LlmAuthError,
  LlmError,
  LlmModelNotFoundError,
  type ModelServerKind,
  sameOllamaModel,
  type ServerDescription,
  shownBaseUrl,
} from '../llm';
import { createEmbeddingClient } from '../search/embeddings/embedding-client';
import { closestNames } from './closest-names';
import { type ConnectionCheck, type ConnectionFixWords, type ConnectionReport, connectionReport } from './connection-report';

/** What {@link checkConnection} checks: the endpoint and model as the host's settings or flags name them. */
export interface CheckConnectionOptions {
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string;
  /** The host's fetch (the plugin's goes around CORS); default the global one. */
  readonly fetch?: typeof fetch;
  /** The "Context window" setting or `--context-window`, when given: it wins over the server's. */
  readonly contextWindow?: number;
  /** Search by meaning's endpoint and model, when set. */
  readonly embeddings?: { readonly baseUrl: string; readonly model: string };
  /** False: no request to the model (`--no-model-call`); tools and reasoning are not checked. */
  readonly modelCall: boolean;
  /** The host's vault tools: with the agent's own they are what every request carries. */
  readonly tools: readonly AgentTool[];
  readonly words: ConnectionFixWords;
  /** Longest wait for the server's listing endpoints. Default 5 s. */
  readonly timeoutMs?: number;
  /** Longest wait for the one-token model call (a model may load first). Default 60 s. */
  readonly modelCallTimeoutMs?: number;
}

/** The one tiny tool of the test request. */
const PING_TOOL = { name: 'ping', description: 'Answers pong.', parameters: { type: 'object', properties: {}, additionalProperties: false } };

/**
 * Says what works between Glassbox and its model server, one check per line (DESIGN.md 12.5):
 * the server answers; the key is accepted (never shown); the model is there (else the closest
 * names it lists); the context window and where it came from, against what the instructions and
 * tools take; a one-token request with one tiny tool is accepted; whether reasoning arrives in
 * its own field; the embeddings endpoint, when set. Each failure names its fix in one sentence,
 * in the host's words. Never throws.
 */
export async function checkConnection(options: CheckConnectionOptions): Promise<ConnectionReport> {
  const report = await runChecks(options);
  // A server's own words may quote the key ("Incorrect API key provided: sk-…"): it is never shown.
  const redact = createSecretRedactor(options.apiKey ? [{ value: options.apiKey, suffix: true }] : []);
  return { ok: report.ok, checks: report.checks.map((check) => ({ ...check, text: redact(check.text), ...(check.fix !== undefined ? { fix: redact(check.fix) } : {}) })) };
}

async function runChecks(options: CheckConnectionOptions): Promise<ConnectionReport> {
  const { words } = options;
  const shown = shownBaseUrl(options.baseUrl.trim());
  const ask = { timeoutMs: options.timeoutMs ?? 5000, ...(options.fetch !== undefined ? { fetch: options.fetch } : {}), ...(options.apiKey ? { apiKey: options.apiKey } : {}) };
  const checks: ConnectionCheck[] = [];
  const notChecked = (id: ConnectionCheck['id'], what: string, why: string): void => void checks.push({ id, status: 'skip', text: `${what}: not checked (${why}).` });
  const skipRest = (why: string, from: readonly ConnectionCheck['id'][]): ConnectionReport => {
    const names: Record<string, string> = { key: 'API key', model: 'Model', window: 'Context window', tools: 'Tools', reasoning: 'Reasoning', embeddings: 'Embeddings' };
    for (const id of from) if (id !== 'embeddings' || options.embeddings !== undefined) notChecked(id, names[id] ?? id, why);
    return connectionReport(checks);
  };

  if (!/^https?:\/\/[^\s/]+/i.test(options.baseUrl.trim())) {
    checks.push({ id: 'reachable', status: 'fail', text: options.baseUrl.trim() === '' ? 'No base URL is set.' : `"${shown}" is not an http:// or https:// address.`, fix: `Set ${words.baseUrl}, e.g. http://127.0.0.1:11434/v1 for Ollama.` });
    return skipRest('no server to ask', ['key', 'model', 'window', 'tools', 'reasoning', 'embeddings']);
  }
  const [listed, description] = await Promise.all([fetchAnswer(endpointUrl(options.baseUrl, '/models'), ask), describeServer({ baseUrl: options.baseUrl, ...ask })]);
  if (listed === undefined) {
    checks.push({ id: 'reachable', status: 'fail', text: `Nothing answers at ${shown}.`, fix: `Start the model server (for Ollama: ollama serve; in LM Studio: start its server) or correct ${words.baseUrl}.` });
    return skipRest('the server did not answer', ['key', 'model', 'window', 'tools', 'reasoning', 'embeddings']);
  }
  const serverName = description?.kind ?? 'The server';
  if (listed.status === 404 || (listed.status < 400 && listed.body === undefined)) {
    checks.push({ id: 'reachable', status: 'fail', text: `Something answers at ${shown}, but not as an OpenAI-compatible API (${listed.status === 404 ? 'no /models there' : 'its /models is not JSON'}).`, fix: `Correct ${words.baseUrl}; OpenAI-compatible servers usually end in /v1.` });
    return skipRest('no OpenAI-compatible API found', ['key', 'model', 'window', 'tools', 'reasoning', 'embeddings']);
  }
  checks.push({ id: 'reachable', status: 'pass', text: `${serverName} answers at ${shown}.` });

  if (listed.status === 401 || listed.status === 403) {
    checks.push(keyRefused(listed.status, options.apiKey, words));
    return skipRest('the server wants a key first', ['model', 'window', 'tools', 'reasoning', 'embeddings']);
  }
  checks.push({ id: 'key', status: 'pass', text: options.apiKey ? 'API key accepted.' : 'No API key needed.' });

  const models = modelNames(listed.body, description);
  const model = options.model.trim();
  const modelCheck = checkModel(model, models, description?.kind, words);
  checks.push(modelCheck);

  const window = await windowCheck({ ...options, model, kind: description?.kind, ask });
  checks.push(window);

  if (!options.modelCall) {
    notChecked('tools', 'Tools', 'no model call was made');
    notChecked('reasoning', 'Reasoning', 'no model call was made');
  } else if (modelCheck.status === 'fail') {
    notChecked('tools', 'Tools', 'the model is not on the server');
    notChecked('reasoning', 'Reasoning', 'the model is not on the server');
  } else {
    const call = await callWithTool({ ...options, model });
    for (const check of call) {
      // The chat request can refuse what the listing allowed (a key only the chat route checks).
      const earlier = checks.findIndex((existing) => existing.id === check.id);
      if (earlier >= 0) checks[earlier] = check;
      else checks.push(check);
    }
  }

  if (options.embeddings !== undefined) checks.push(await embeddingsCheck(options.embeddings, options, words));
  return connectionReport(checks);
}

function keyRefused(status: number, apiKey: string | undefined, words: ConnectionFixWords): ConnectionCheck {
  return {
    id: 'key',
    status: 'fail',
    text: apiKey ? `The server refused the API key (${status}).` : `The server wants an API key (${status}).`,
    fix: `Set ${words.apiKey} to a key this server accepts.`,
  };
}

/** The model names the server lists: its own endpoint's list when recognised, else `/models`. */
function modelNames(body: unknown, description: ServerDescription | undefined): string[] {
  const own = (description?.models ?? []).filter((model) => model.embeddings !== true).map((model) => model.id);
  if (own.length > 0) return own;
  const data = (body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? data.map((entry) => (entry as { id?: unknown }).id).filter((id): id is string => typeof id === 'string') : [];
}

function checkModel(model: string, names: readonly string[], kind: ModelServerKind | undefined, words: ConnectionFixWords): ConnectionCheck {
  const some = names.slice(0, 3).join(', ');
  if (model === '') return { id: 'model', status: 'fail', text: 'No model is set.', fix: `Set ${words.model}${some !== '' ? ` to one of the server's models (${some})` : ''}.` };
  if (names.length === 0) return { id: 'model', status: 'skip', text: `Model "${model}": not checked (the server lists no models).` };
  if (names.some((name) => sameOllamaModel(name, model))) return { id: 'model', status: 'pass', text: `Model "${model}" is on the server.` };
  const closest = closestNames(model, names);
  const pull = kind === 'Ollama' ? `, or download it with: ollama pull ${model}` : '';
  return {
    id: 'model',
    status: 'fail',
    text: `The server has no model "${model}"${closest.length > 0 ? `; closest: ${closest.join(', ')}` : ''}.`,
    fix: `Set ${words.model} to one of the server's models${closest.length > 0 ? ` (${closest[0]}?)` : ` (${some})`}${pull}.`,
  };
}

async function windowCheck(options: CheckConnectionOptions & { model: string; kind: ModelServerKind | undefined; ask: { timeoutMs: number; fetch?: typeof fetch; apiKey?: string } }): Promise<ConnectionCheck> {
  const window: ContextWindow =
    options.contextWindow !== undefined ? { tokens: options.contextWindow, source: 'setting' } : await discoverContextWindow({ baseUrl: options.baseUrl, model: options.model, ...options.ask });
  const standing = standingRequestTokens(options.tools);
  const tokens = window.tokens.toLocaleString('en-US');
  const needs = standing.toLocaleString('en-US');
  if (windowFitsStandingRequest(window.tokens, standing)) {
    return { id: 'window', status: 'pass', text: `Context window: ${tokens} tokens (${window.source}); the instructions and tools take about ${needs}.` };
  }
  const least = smallestWindowFor(standing);
  return {
    id: 'window',
    status: 'fail',
    text: `Context window: ${tokens} tokens (${window.source}), too small for the instructions and tools (about ${needs} tokens) with a question and its answer.`,
    fix: window.source === 'setting' ? `Raise ${options.words.contextWindow} to at least ${least.toLocaleString('en-US')} (and load the model with that window).` : largerWindowFix(options.kind, least, options.words),
  };
}

/** How to give the model a larger window, in the server's own terms. */
function largerWindowFix(kind: ModelServerKind | undefined, least: number, words: ConnectionFixWords): string {
  switch (kind) {
    case 'Ollama':
      return `Give the model a larger window, e.g. start Ollama with OLLAMA_CONTEXT_LENGTH=${least} ollama serve.`;
    case 'llama.cpp':
      return `Start llama-server with a larger window, e.g. -c ${least}.`;
    case 'LM Studio':
      return `Load the model in LM Studio with a context length of at least ${least}.`;
    case 'vLLM':
      return `Start vLLM with --max-model-len ${least} or more.`;
    default:
      return `Use a model with a window of at least ${least} tokens and set ${words.contextWindow} to it.`;
  }
}

/** The one-token request with one tiny tool: tools accepted, reasoning seen, and the key and model as the chat route sees them. */
async function callWithTool(options: CheckConnectionOptions & { model: string }): Promise<ConnectionCheck[]> {
  const { words } = options;
  const model = createOpenAiChatModel({
    baseUrl: options.baseUrl.trim(),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
    maxRetries: 0,
    maxOutputTokens: 1,
    idleTimeoutMs: options.modelCallTimeoutMs ?? 60_000,
  });
  const controller = new AbortController();
  let reasoning = false;
  try {
    for await (const delta of model.stream({ model: options.model, messages: [{ role: 'user', content: 'Reply with OK.' }], tools: [PING_TOOL] }, controller.signal)) {
      if (delta.type === 'reasoning' && delta.text !== '') reasoning = true;
    }
  } catch (error) {
    const refusal = toolsRefusal(error);
    const notChecked = { id: 'reasoning', status: 'skip', text: 'Reasoning: not checked (the test request failed).' } as const;
    if (refusal !== undefined) {
      return [{ id: 'tools', status: 'fail', text: `The model refuses tools: "${refusal}".`, fix: `Set ${words.model} to a model that supports tools; until then Glassbox answers it from a search of your notes, without tools.` }, notChecked];
    }
    if (error instanceof LlmAuthError) return [keyRefused(error.status, options.apiKey, words), notChecked];
    if (error instanceof LlmModelNotFoundError) return [{ id: 'model', status: 'fail', text: `The server has no model "${options.model}".`, fix: `Set ${words.model} to one of the server's models.` }, notChecked];
    const problem = error instanceof LlmError ? ((error as { problem?: string }).problem ?? error.userMessage) : String(error);
    return [{ id: 'tools', status: 'fail', text: `The test request with one tool failed: ${problem}`, fix: `Check that ${words.model} names a chat model this server runs, then try again.` }, notChecked];
  }
  return [
    { id: 'tools', status: 'pass', text: 'Tools accepted (a one-token request with one tool).' },
    reasoning
      ? { id: 'reasoning', status: 'pass', text: "Reasoning: the model's thinking arrives in its own field, and the trace shows it." }
      : { id: 'reasoning', status: 'skip', text: 'Reasoning: none in the first token (the trace shows the steps; fine for models that do not think aloud).' },
  ];
}

async function embeddingsCheck(embeddings: { baseUrl: string; model: string }, options: CheckConnectionOptions, words: ConnectionFixWords): Promise<ConnectionCheck> {
  const client = createEmbeddingClient({ baseUrl: embeddings.baseUrl.trim(), apiKey: options.apiKey ?? null, model: embeddings.model, ...(options.fetch !== undefined ? { fetch: options.fetch } : {}) });
  try {
    const [vector] = await client.embed(['Glassbox connection check']);
    return { id: 'embeddings', status: 'pass', text: `Embeddings: "${embeddings.model}" at ${shownBaseUrl(embeddings.baseUrl.trim())} (${vector?.length ?? 0} dimensions).` };
  } catch (error) {
    return { id: 'embeddings', status: 'fail', text: `Embeddings: ${error instanceof Error ? error.message : String(error)}`, fix: `Check ${words.embeddings}.` };
  }
}
