import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';

/** The local servers imitated, each with its own discovery endpoints and its own way of failing on a request too long. */
export type ImitatedServerKind = 'llama.cpp' | 'Ollama' | 'LM Studio' | 'vLLM';

/** Any other OpenAI-compatible server, as the demo's scripted one: `/v1/models` lists the model without a window, every other endpoint is a 404. */
export const PLAIN_OPENAI_COMPATIBLE = 'OpenAI-compatible';

/** One request as the server answered it, discovery and chat alike. */
export interface ServedRequest {
  readonly method: string;
  readonly path: string;
  /** The request body as sent ('' without one). */
  readonly body: string;
  readonly status: number;
}

/** One chat request as the server counted it. */
export interface CountedRequest {
  /** Prompt tokens by cl100k_base: every message's text and tool calls, the tools' JSON, 4 per message. */
  readonly tokens: number;
  readonly messages: readonly WireMessage[];
  readonly overflowed: boolean;
}

interface WireMessage {
  readonly role: string;
  readonly content?: string | null;
  readonly tool_call_id?: string;
  readonly tool_calls?: readonly { id: string; function: { name: string; arguments: string } }[];
}

/** How the imitation is set up: its model's window and name, and the ways a doctor check can find it wrong. */
export interface ImitatedServerOptions {
  readonly window: number;
  readonly model: string;
  /** More models it lists (a chat with one of them is answered as with `model`). */
  readonly otherModels?: readonly string[];
  /** Every request without `Authorization: Bearer <apiKey>` gets a 401, as OpenAI words it. */
  readonly apiKey?: string;
  /** A chat request with tools gets Ollama's 400 "… does not support tools"; `/api/show` lists no `tools` capability. */
  readonly refusesTools?: boolean;
}

/** A running imitation. */
export interface ImitatedServer {
  readonly url: string;
  readonly kind: ImitatedServerKind | typeof PLAIN_OPENAI_COMPATIBLE;
  readonly window: number;
  readonly chats: CountedRequest[];
  /** Every request, with the status it got, in the order they were answered. */
  readonly requests: ServedRequest[];
  close(): Promise<void>;
}

const tokenizer = new Tiktoken(cl100k);

/** Tokens of a chat request as a server would count them (cl100k_base, the harder of the two the estimate was calibrated on). */
export function promptTokensOf(body: { messages?: readonly WireMessage[]; tools?: unknown }): number {
  let tokens = body.tools === undefined ? 0 : tokenizer.encode(JSON.stringify(body.tools)).length;
  for (const message of body.messages ?? []) {
    tokens += 4 + tokenizer.encode(message.content ?? '').length;
    for (const call of message.tool_calls ?? []) tokens += 4 + tokenizer.encode(call.function.name + call.function.arguments).length;
  }
  return tokens;
}

/**
 * A loopback server that behaves like a local model server with a `window`-token context
 * (shared/fixtures/model-servers): its discovery endpoints (llama.cpp `/props`; Ollama `/api/ps`
 * with nothing loaded and `/api/show` without `num_ctx`, so Ollama's default applies; LM Studio
 * `/api/v0/models`; vLLM `/v1/models`), its answer to a request that does not fit (llama.cpp's
 * 400 `exceed_context_size_error`, vLLM's 400 top-level error, LM Studio's empty 200 stream,
 * Ollama's 200 over a prompt it cut, `usage.prompt_tokens` = the window), and a simple reader
 * model: a question gets a `readNote` call for "Long N" (N: the number of questions so far),
 * a tool result gets a short answer, and a request without tools (its system prompt and tools
 * cut away) gets "I cannot see any tools.".
 */
export async function startImitatedServer(kind: ImitatedServerKind | typeof PLAIN_OPENAI_COMPATIBLE, options: ImitatedServerOptions): Promise<ImitatedServer> {
  const { window, model } = options;
  const models = [model, ...(options.otherModels ?? [])];
  const chats: CountedRequest[] = [];
  const requests: ServedRequest[] = [];
  const server = createServer((request, response) => {
    void handle(request, response).catch(() => response.destroy());
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    const path = (request.url ?? '/').split('?')[0];
    response.on('finish', () => requests.push({ method: request.method ?? 'GET', path: path ?? '/', body: raw, status: response.statusCode }));
    if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendJson(response, 401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
    }
    const discovery = discoveryAnswer(kind, request.method ?? 'GET', path ?? '/', { window, models, tools: options.refusesTools !== true });
    if (discovery !== undefined) return sendJson(response, 200, discovery);
    if (request.method !== 'POST' || path !== '/v1/chat/completions') return sendJson(response, 404, { error: { message: `No route for ${path ?? ''}`, type: 'not_found' } });
    const body = JSON.parse(raw) as { model?: string; messages?: WireMessage[]; tools?: unknown; stream?: boolean; stream_options?: { include_usage?: boolean } };
    if (!models.includes(body.model ?? '')) return sendJson(response, 404, { error: { message: `model "${body.model ?? ''}" not found, try pulling it first`, type: 'api_error', param: null, code: null } });
    if (options.refusesTools === true && body.tools !== undefined) return sendJson(response, 400, { error: { message: `registry.ollama.ai/library/${model} does not support tools`, type: 'api_error', param: null, code: null } });
    const tokens = promptTokensOf(body);
    const overflowed = tokens > window;
    chats.push({ tokens, messages: body.messages ?? [], overflowed });
    if (overflowed && kind === 'llama.cpp') {
      return sendJson(response, 400, { error: { code: 400, message: `request (${tokens} tokens) exceeds the available context size (${window} tokens), try increasing it`, type: 'exceed_context_size_error', n_prompt_tokens: tokens, n_ctx: window } });
    }
    if (overflowed && kind === 'vLLM') {
      return sendJson(response, 400, { object: 'error', message: `This model's maximum context length is ${window} tokens. However, you requested ${tokens} tokens (${tokens} in the messages, 0 in the completion). Please reduce the length of the messages or completion. None`, type: 'BadRequestError', param: null, code: 400 });
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    if (overflowed && kind === 'LM Studio') {
      response.end('data: [DONE]\n\n');
      return;
    }
    // Ollama keeps the end of a prompt too long: the system prompt and the tools go first.
    const seen = overflowed ? { messages: (body.messages ?? []).filter((message) => message.role !== 'system'), tools: undefined } : body;
    const chunks = replyOf(seen, model);
    const usage = body.stream_options?.include_usage === true ? [{ id: 'c', object: 'chat.completion.chunk', created: 0, model, choices: [], usage: { prompt_tokens: Math.min(tokens, window), completion_tokens: 5, total_tokens: Math.min(tokens, window) + 5 } }] : [];
    response.end([...chunks, ...usage].map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + 'data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    kind,
    window,
    chats,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function discoveryAnswer(kind: ImitatedServerKind | typeof PLAIN_OPENAI_COMPATIBLE, method: string, path: string, options: { window: number; models: readonly string[]; tools: boolean }): unknown {
  const { window, models } = options;
  const [model = ''] = models;
  const list = (entry: (id: string) => Record<string, unknown>) => ({ object: 'list', data: models.map((id) => ({ id, object: 'model', ...entry(id) })) });
  if (kind === 'llama.cpp' && method === 'GET' && path === '/props') return { default_generation_settings: { n_ctx: window, params: { n_predict: -1 } }, total_slots: 1, model_path: `/models/${model}.gguf`, modalities: { vision: false } };
  if (kind === 'llama.cpp' && method === 'GET' && path === '/v1/models') return list(() => ({ owned_by: 'llamacpp', meta: { n_ctx_train: 131072 } }));
  if (kind === 'Ollama' && method === 'GET' && path === '/api/ps') return { models: [] };
  if (kind === 'Ollama' && method === 'GET' && path === '/api/tags') return { models: models.map((name) => ({ name, model: name, size: 1, details: { family: 'qwen3' } })) };
  if (kind === 'Ollama' && method === 'POST' && path === '/api/show') return { parameters: 'temperature 0.7', model_info: { 'qwen3.context_length': 40960 }, capabilities: options.tools ? ['completion', 'tools'] : ['completion', 'vision'] };
  if (kind === 'Ollama' && method === 'GET' && path === '/v1/models') return list(() => ({ owned_by: 'library' }));
  if (kind === 'LM Studio' && method === 'GET' && path === '/api/v0/models') return list(() => ({ type: 'llm', state: 'loaded', max_context_length: 131072, loaded_context_length: window, capabilities: options.tools ? ['tool_use'] : [] }));
  if (kind === 'LM Studio' && method === 'GET' && path === '/v1/models') return list(() => ({ owned_by: 'organization_owner' }));
  if (kind === 'vLLM' && method === 'GET' && path === '/v1/models') return list(() => ({ owned_by: 'vllm', max_model_len: window }));
  if (kind === PLAIN_OPENAI_COMPATIBLE && method === 'GET' && path === '/v1/models') return list(() => ({ created: 0, owned_by: 'glassbox' }));
  return undefined;
}

/** The reader model's reply, as stream chunks. */
function replyOf(body: { messages?: readonly WireMessage[]; tools?: unknown }, model: string): unknown[] {
  const messages = body.messages ?? [];
  const chunk = (delta: unknown, finish: string | null = null) => ({ id: 'c', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] });
  const last = messages.at(-1);
  if (body.tools === undefined) return [chunk({ role: 'assistant', content: 'I cannot see any tools.' }), chunk({}, 'stop')];
  if (last?.role === 'user') {
    const question = messages.filter((message) => message.role === 'user').length;
    const call = { index: 0, id: `call_${question}`, type: 'function', function: { name: 'readNote', arguments: JSON.stringify({ path: `Long ${question}.md` }) } };
    return [chunk({ role: 'assistant', content: null, tool_calls: [call] }), chunk({}, 'tool_calls')];
  }
  return [chunk({ role: 'assistant', content: `Read it: ${last?.content?.slice(0, 40) ?? ''}` }), chunk({}, 'stop')];
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** English-like prose of about `tokens` cl100k tokens, the same every time. */
export function proseOf(tokens: number, seed = 1): string {
  const words = ['the', 'studio', 'refund', 'policy', 'meeting', 'notes', 'project', 'alpha', 'budget', 'decided', 'review', 'customer', 'release', 'schedule', 'design', 'handbook', 'weekly', 'report', 'travel', 'approval', 'finance', 'quarter', 'launch', 'recipe'];
  let state = seed;
  const lines: string[] = [];
  // Counted every 20 lines: encoding the whole text per line would take seconds.
  while (lines.length % 20 !== 0 || tokenizer.encode(lines.join('\n')).length < tokens) {
    const line: string[] = [];
    for (let index = 0; index < 12; index++) {
      state = (state * 1103515245 + 12345) % 2147483648;
      line.push(words[state % words.length] ?? 'note');
    }
    lines.push(`${line.join(' ')}.`);
  }
  return lines.join('\n');
}
