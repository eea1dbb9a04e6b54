import { buildStandingRequest, isSmallWindow, standingRequestTokens, smallestWindowFor, windowFitsStandingRequest } from '../agent/standing-request';
import { type AgentTool, toolsRefusal } from '../agent';
import {
  type ContextWindow,
  createOpenAiChatModel,
  createSecretRedactor,
  describeServer,
  discoverContextWindow,
  endpointUrl,
  LlmAuthError,
  LlmError,
  LlmModelNotFoundError,
  type ModelServerKind,
  sameOllamaModel,
  type ServerDescription,
  ServerAnswers,
  shownBaseUrl,
  windowSourceLabel,
} from '../llm';
import { createEmbeddingClient } from '../search/embeddings/embedding-client';
import { closestNames } from './closest-names';
import { type ConnectionCheck, type ConnectionFixWords, type ConnectionReport, connectionReport } from './connection-report';
import { t } from '../i18n';

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
  /** Whether runs can ask the user (`request_input`): the plugin's can, the CLI's cannot. Default true. */
  readonly canAskUser?: boolean;
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
  const notChecked = (id: ConnectionCheck['id'], what: string, why: string): void => void checks.push({ id, status: 'skip', text: t('doctor.notChecked', { what, why }) });
  const skipRest = (why: string, from: readonly ConnectionCheck['id'][]): ConnectionReport => {
    const names: Record<string, string> = { key: t('doctor.apiKey'), model: t('doctor.model'), window: t('doctor.window'), tools: t('doctor.tools'), reasoning: t('doctor.reasoning'), embeddings: t('doctor.embeddings') };
    for (const id of from) if (id !== 'embeddings' || options.embeddings !== undefined) notChecked(id, names[id] ?? id, why);
    return connectionReport(checks);
  };

  if (!/^https?:\/\/[^\s/]+/i.test(options.baseUrl.trim())) {
    checks.push({ id: 'reachable', status: 'fail', text: options.baseUrl.trim() === '' ? t('doctor.noBaseUrl') : t('doctor.notHttp', { url: shown }), fix: t('doctor.fixSetBaseUrl', { setting: words.baseUrl }) });
    return skipRest(t('doctor.noServerToAsk'), ['key', 'model', 'window', 'tools', 'reasoning', 'embeddings']);
  }
  // One set of answers per check: the listing, the server's description and the window discovery
  // ask each endpoint once, and a check asked again sees the server as it is now.
  const answers = new ServerAnswers();
  const [listed, description] = await Promise.all([answers.ask(endpointUrl(options.baseUrl, '/models'), ask), describeServer({ baseUrl: options.baseUrl, ...ask, answers })]);
  if (listed === undefined) {
    checks.push({ id: 'reachable', status: 'fail', text: t('doctor.nothingAnswers', { url: shown }), fix: t('doctor.fixStartServer', { setting: words.baseUrl }) });
    return skipRest(t('doctor.didNotAnswer'), ['key', 'model', 'window', 'tools', 'reasoning', 'embeddings']);
  }
  const serverName = description?.kind ?? t('doctor.theServer');
  if (listed.status === 404 || (listed.status < 400 && listed.body === undefined)) {
    checks.push({ id: 'reachable', status: 'fail', text: t('doctor.notOpenAi', { url: shown, why: listed.status === 404 ? t('doctor.noModelsThere') : t('doctor.modelsNotJson') }), fix: t('doctor.fixCorrectBaseUrl', { setting: words.baseUrl }) });
    return skipRest(t('doctor.noOpenAiApi'), ['key', 'model', 'window', 'tools', 'reasoning', 'embeddings']);
  }
  checks.push({ id: 'reachable', status: 'pass', text: t('doctor.answersAt', { server: serverName, url: shown }) });

  if (listed.status === 401 || listed.status === 403) {
    checks.push(keyRefused(listed.status, options.apiKey, words));
    return skipRest(t('doctor.wantsKeyFirst'), ['model', 'window', 'tools', 'reasoning', 'embeddings']);
  }
  checks.push({ id: 'key', status: 'pass', text: options.apiKey ? t('doctor.keyAccepted') : t('doctor.noKeyNeeded') });

  const models = modelNames(listed.body, description);
  const model = options.model.trim();
  const modelCheck = checkModel(model, models, description?.kind, words);
  checks.push(modelCheck);

  const window = await windowCheck({ ...options, model, kind: description?.kind, ask, answers });
  checks.push(window);

  if (!options.modelCall) {
    notChecked('tools', t('doctor.tools'), t('doctor.noModelCall'));
    notChecked('reasoning', t('doctor.reasoning'), t('doctor.noModelCall'));
  } else if (modelCheck.status === 'fail') {
    notChecked('tools', t('doctor.tools'), t('doctor.modelNotOnServer'));
    notChecked('reasoning', t('doctor.reasoning'), t('doctor.modelNotOnServer'));
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
    text: apiKey ? t('doctor.keyRefused', { status: String(status) }) : t('doctor.wantsKey', { status: String(status) }),
    fix: t('doctor.fixKey', { setting: words.apiKey }),
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
  if (model === '') return { id: 'model', status: 'fail', text: t('doctor.noModel'), fix: some !== '' ? t('doctor.fixSetModelFrom', { setting: words.model, models: some }) : t('doctor.fixSetModel', { setting: words.model }) };
  if (names.length === 0) return { id: 'model', status: 'skip', text: t('doctor.modelNotChecked', { model }) };
  if (names.some((name) => sameOllamaModel(name, model))) return { id: 'model', status: 'pass', text: t('doctor.modelOnServer', { model }) };
  const closest = closestNames(model, names);
  const pull = kind === 'Ollama' ? t('doctor.pull', { model }) : '';
  return {
    id: 'model',
    status: 'fail',
    text: closest.length > 0 ? t('doctor.noSuchModelClosest', { model, closest: closest.join(', ') }) : t('doctor.noSuchModel', { model }),
    fix: closest[0] !== undefined ? t('doctor.fixClosestModel', { setting: words.model, closest: closest[0], pull }) : t('doctor.fixPickModel', { setting: words.model, models: some, pull }),
  };
}

async function windowCheck(options: CheckConnectionOptions & { model: string; kind: ModelServerKind | undefined; ask: { timeoutMs: number; fetch?: typeof fetch; apiKey?: string }; answers: ServerAnswers }): Promise<ConnectionCheck> {
  const window: ContextWindow =
    options.contextWindow !== undefined ? { tokens: options.contextWindow, source: 'setting' } : await discoverContextWindow({ baseUrl: options.baseUrl, model: options.model, ...options.ask, answers: options.answers });
  // The standing part as a run on this window would send it: compact on a small window (DESIGN.md 13.6).
  const standingAt = (windowTokens: number) => standingRequestTokens(buildStandingRequest({ tools: options.tools, windowTokens, canAskUser: options.canAskUser ?? true, today: '2026-01-01' }));
  const tokens = window.tokens;
  const needs = standingAt(tokens);
  if (windowFitsStandingRequest(window.tokens, needs)) {
    return { id: 'window', status: 'pass', text: t(isSmallWindow(tokens) ? 'doctor.windowFitsCompact' : 'doctor.windowFits', { tokens, source: windowSourceLabel(window.source), needs }) };
  }
  const least = smallestWindowFor(standingAt);
  return {
    id: 'window',
    status: 'fail',
    text: t('doctor.windowTooSmall', { tokens, source: windowSourceLabel(window.source), needs }),
    fix: window.source === 'setting' ? t('doctor.fixRaiseWindow', { setting: options.words.contextWindow, least }) : largerWindowFix(options.kind, least, options.words),
  };
}

/** How to give the model a larger window, in the server's own terms. */
function largerWindowFix(kind: ModelServerKind | undefined, least: number, words: ConnectionFixWords): string {
  switch (kind) {
    case 'Ollama':
      return t('doctor.fixOllamaWindow', { least: String(least) });
    case 'llama.cpp':
      return t('doctor.fixLlamaCppWindow', { least: String(least) });
    case 'LM Studio':
      return t('doctor.fixLmStudioWindow', { least: String(least) });
    case 'vLLM':
      return t('doctor.fixVllmWindow', { least: String(least) });
    default:
      return t('doctor.fixAnyWindow', { least: String(least), setting: words.contextWindow });
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
    const notChecked = { id: 'reasoning', status: 'skip', text: t('doctor.notChecked', { what: t('doctor.reasoning'), why: t('doctor.requestFailed') }) } as const;
    if (refusal !== undefined) {
      return [{ id: 'tools', status: 'fail', text: t('doctor.refusesTools', { refusal }), fix: t('doctor.fixToolsModel', { setting: words.model }) }, notChecked];
    }
    if (error instanceof LlmAuthError) return [keyRefused(error.status, options.apiKey, words), notChecked];
    if (error instanceof LlmModelNotFoundError) return [{ id: 'model', status: 'fail', text: t('doctor.noSuchModel', { model: options.model }), fix: t('doctor.fixAnyModel', { setting: words.model }) }, notChecked];
    const problem = error instanceof LlmError ? ((error as { problem?: string }).problem ?? error.userMessage) : String(error);
    return [{ id: 'tools', status: 'fail', text: t('doctor.toolRequestFailed', { problem }), fix: t('doctor.fixChatModel', { setting: words.model }) }, notChecked];
  }
  return [
    { id: 'tools', status: 'pass', text: t('doctor.toolsAccepted') },
    reasoning
      ? { id: 'reasoning', status: 'pass', text: t('doctor.reasoningSeen') }
      : { id: 'reasoning', status: 'skip', text: t('doctor.reasoningNone') },
  ];
}

async function embeddingsCheck(embeddings: { baseUrl: string; model: string }, options: CheckConnectionOptions, words: ConnectionFixWords): Promise<ConnectionCheck> {
  const client = createEmbeddingClient({ baseUrl: embeddings.baseUrl.trim(), apiKey: options.apiKey ?? null, model: embeddings.model, ...(options.fetch !== undefined ? { fetch: options.fetch } : {}) });
  try {
    const [vector] = await client.embed(['Glassbox connection check']);
    return { id: 'embeddings', status: 'pass', text: t('doctor.embeddingsOk', { model: embeddings.model, url: shownBaseUrl(embeddings.baseUrl.trim()), dimensions: String(vector?.length ?? 0) }) };
  } catch (error) {
    return { id: 'embeddings', status: 'fail', text: t('doctor.embeddingsFailed', { error: error instanceof Error ? error.message : String(error) }), fix: t('doctor.fixEmbeddings', { setting: words.embeddings }) };
  }
}
