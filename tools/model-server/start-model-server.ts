import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatRequestBody } from './chat-request';
import { currentRun } from './chat-request';
import { extractiveTurn, type ExtractiveOptions } from './extractive-policy';
import { readReplay } from './replay-frames';
import type { Scenario, ScenarioTurn } from './scenario';
import { turnToCompletion } from './turn-completion';
import { turnToFrames, type SseFrame } from './turn-frames';
import { answerSmallWindow } from './small-window';
import { MISSING_EMBEDDING_MODEL, SCRIPTED_EMBEDDING_DIMS, scriptedEmbedding } from './scripted-embeddings';

/** One request the server received, for assertions. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body, or null when there was none or it was not JSON. */
  readonly body: ChatRequestBody | null;
}

/** Options of {@link startModelServer}. */
export interface ModelServerOptions {
  /** Port to listen on (loopback only); default 0 = any free port. */
  readonly port?: number;
  /** Where `replay:<file>` models read recorded streams from. */
  readonly fixturesDir?: string;
  /** Scripted scenarios, selected by the request's `model` name. */
  readonly scenarios?: Readonly<Record<string, Scenario>>;
  /**
   * The route for a model name that matches nothing (`'extractive'`, `'replay:<file>'` or a
   * scenario name). Without it an unknown model gets a 404 `model_not_found`.
   */
  readonly defaultModel?: string;
  /** Milliseconds between SSE chunks for every stream (slow mode; a turn's own delay wins). Default 0. */
  readonly chunkDelayMs?: number;
  /** Options of the extractive policy. */
  readonly extractive?: ExtractiveOptions;
  /**
   * Whether browsers' CORS checks pass (default true: any origin, method and header, the key
   * included). False imitates a server that allows no page origin (LM Studio with CORS off).
   */
  readonly cors?: boolean;
  /** A "small window" server (`small-window.ts`): reports this many tokens at `/props` and refuses longer chat requests as llama.cpp does. */
  readonly contextWindow?: number;
}

/** A running model server. */
export interface ModelServer {
  /** The base URL to give the client, e.g. `http://127.0.0.1:54321/v1`. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Model names the server always knows. */
const EXTRACTIVE_MODEL = 'extractive';
const EXTRACTIVE_SLOW_MODEL = 'extractive-slow';
const SLOW_CHUNK_DELAY_MS = 60;

/**
 * Starts an OpenAI-compatible chat-completions server on 127.0.0.1 for tests and the demo.
 * `POST /v1/chat/completions` answers by the request's `model`:
 * - a key of `options.scenarios`: that scripted scenario (turn picked per its `turnSelection`);
 * - `replay:<file>`: the recorded stream `<file>` from `options.fixturesDir`;
 * - `extractive` / `extractive-slow`: the extractive policy (slow: 60 ms between chunks);
 * - anything else: `options.defaultModel`'s route, or 404.
 * `GET /v1/models` lists the scenario names and the extractive models.
 */
export async function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  const requestCounters = new Map<string, number>();
  const turnAttempts = new Map<string, number>();
  const sockets = new Set<import('node:net').Socket>();
  let responses = 0;

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, { status: 500, message: error instanceof Error ? error.message : String(error), type: 'server_error' });
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readBody(request);
    const body = parseJson(rawBody);
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    requests.push({ method: request.method ?? 'GET', path, headers: { ...request.headers }, body });
    const cors = options.cors ?? true;
    // A browser page (the playground) may call the server directly: allow any origin.
    if (cors) response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      // The wildcard does not cover Authorization, so it is named (as Ollama does).
      response.writeHead(204, cors ? { 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': 'authorization, *', 'access-control-max-age': '600' } : {});
      response.end();
      return;
    }
    if (answerSmallWindow({ request, response, path, rawBody, window: options.contextWindow })) return;
    if (request.method === 'GET' && path === '/v1/models') {
      const ids = [...Object.keys(options.scenarios ?? {}), EXTRACTIVE_MODEL, EXTRACTIVE_SLOW_MODEL];
      sendJson(response, 200, { object: 'list', data: ids.map((id) => ({ id, object: 'model', created: 0, owned_by: 'glassbox' })) });
      return;
    }
    if (request.method === 'POST' && path === '/v1/embeddings') {
      sendEmbeddings(response, body);
      return;
    }
    if (request.method !== 'POST' || path !== '/v1/chat/completions') {
      sendError(response, { status: 404, message: `No route for ${request.method ?? ''} ${path}`, type: 'invalid_request_error' });
      return;
    }
    if (!body) {
      sendError(response, { status: 400, message: 'The request body is not JSON.', type: 'invalid_request_error' });
      return;
    }
    const model = typeof body.model === 'string' ? body.model : '';
    const responseId = `chatcmpl-glassbox-${++responses}`;
    const promptTokens = Math.ceil(rawBody.length / 4);
    const route = resolveRoute(model);
    if (route === undefined) {
      sendError(response, { status: 404, message: `The model \`${model}\` does not exist.`, type: 'invalid_request_error', code: 'model_not_found' });
      return;
    }
    if (route.kind === 'replay') {
      if (!options.fixturesDir) throw new Error('replay needs options.fixturesDir');
      const replay = await readReplay(options.fixturesDir, route.file).catch(() => undefined);
      if (!replay) {
        sendError(response, { status: 404, message: `No recorded stream named \`${route.file}\`.`, type: 'invalid_request_error', code: 'model_not_found' });
        return;
      }
      startSse(response, 'rawBody' in replay ? replay.contentType : undefined);
      if ('rawBody' in replay) response.end(replay.rawBody);
      else await writeFrames(response, replay.frames, options.chunkDelayMs ?? 0);
      return;
    }
    const selected = route.kind === 'scenario' ? pickTurn(route.name, route.scenario, body) : { key: model, turn: extractiveTurn(body, options.extractive) };
    const scriptedTurn = selected.turn;
    const httpError = scriptedTurn.httpError;
    if (httpError && (httpError.onlyWithTools !== true || (Array.isArray(body.tools) && body.tools.length > 0))) {
      const attempts = (turnAttempts.get(selected.key) ?? 0) + 1;
      turnAttempts.set(selected.key, attempts);
      if (attempts <= httpError.times) {
        sendError(response, { status: httpError.status, message: httpError.message, type: errorType(httpError.status), retryAfterSeconds: httpError.retryAfterSeconds });
        return;
      }
    }
    if (body.stream !== true) {
      sendJson(response, 200, turnToCompletion(scriptedTurn, { model, responseId, promptTokens }));
      return;
    }
    const frames = turnToFrames(scriptedTurn, { model, responseId, includeUsage: body.stream_options?.include_usage === true, promptTokens });
    const delay = scriptedTurn.chunkDelayMs ?? (model === EXTRACTIVE_SLOW_MODEL ? SLOW_CHUNK_DELAY_MS : (options.chunkDelayMs ?? 0));
    startSse(response);
    await writeFrames(response, frames, delay);
  }

  type Route = { kind: 'scenario'; name: string; scenario: Scenario } | { kind: 'replay'; file: string } | { kind: 'extractive' };
  function resolveRoute(model: string, fallback = true): Route | undefined {
    const scenarios = options.scenarios ?? {};
    if (Object.hasOwn(scenarios, model)) return { kind: 'scenario', name: model, scenario: scenarios[model] };
    if (model.startsWith('replay:')) return { kind: 'replay', file: model.slice('replay:'.length) };
    if (model === EXTRACTIVE_MODEL || model === EXTRACTIVE_SLOW_MODEL) return { kind: 'extractive' };
    return fallback && options.defaultModel !== undefined ? resolveRoute(options.defaultModel, false) : undefined;
  }

  function pickTurn(name: string, chosen: Scenario, body: ChatRequestBody): { key: string; turn: ScenarioTurn } {
    const messages = body.messages ?? [];
    let index: number;
    switch (chosen.turnSelection) {
      case 'run':
        index = currentRun(messages).run.filter((message) => message.role === 'assistant').length;
        break;
      case 'conversation':
        index = messages.filter((message) => message.role === 'assistant').length;
        break;
      case 'request':
        index = requestCounters.get(name) ?? 0;
        requestCounters.set(name, index + 1);
        break;
      default: {
        const unknownSelection: never = chosen.turnSelection;
        throw new Error(`Unknown turn selection ${String(unknownSelection)}`);
      }
    }
    if (chosen.turns.length === 0) throw new Error(`Scenario "${name}" has no turns`);
    const turnIndex = Math.min(index, chosen.turns.length - 1);
    return { key: `${name}#${turnIndex}`, turn: chosen.turns[turnIndex] };
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(text: string): ChatRequestBody | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

function startSse(response: ServerResponse, contentType = 'text/event-stream; charset=utf-8'): void {
  response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-cache', connection: 'keep-alive' });
  response.flushHeaders();
}

async function writeFrames(response: ServerResponse, frames: readonly SseFrame[], delayMs: number): Promise<void> {
  let closed = false;
  const closing = new Promise<void>((resolve) =>
    response.on('close', () => {
      closed = true;
      resolve();
    }),
  );
  for (const [position, frame] of frames.entries()) {
    if (closed) return;
    if (frame.kind === 'cut') {
      // Let what was written reach the client before the socket dies.
      await sleep(Math.max(delayMs, 20));
      response.socket?.destroy();
      return;
    }
    if (frame.kind === 'pause') {
      await sleep(frame.ms);
      continue;
    }
    if (frame.kind === 'hold') {
      await Promise.race([frame.until, closing]);
      continue;
    }
    if (delayMs > 0 && position > 0) await sleep(delayMs);
    if (closed) return;
    response.write(`data: ${frame.data}\n\n`);
  }
  response.end();
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

function sendJson(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(value));
}

function sendError(response: ServerResponse, error: { status: number; message: string; type: string; code?: string; retryAfterSeconds?: number }): void {
  const headers: Record<string, string> = error.retryAfterSeconds !== undefined ? { 'retry-after': String(error.retryAfterSeconds) } : {};
  sendJson(response, error.status, { error: { message: error.message, type: error.type, param: null, code: error.code ?? null } }, headers);
}

function errorType(status: number): string {
  if (status === 401 || status === 403) return 'authentication_error';
  if (status === 429) return 'rate_limit_exceeded';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** `POST /v1/embeddings`: deterministic scripted vectors (see `scriptedEmbedding`), as OpenAI shapes them. */
function sendEmbeddings(response: ServerResponse, parsed: ChatRequestBody | null): void {
  const body = parsed as Record<string, unknown> | null;
  const model = typeof body?.model === 'string' ? body.model : '';
  const input = typeof body?.input === 'string' ? [body.input] : Array.isArray(body?.input) ? body.input.filter((item): item is string => typeof item === 'string') : [];
  if (model === '' || model === MISSING_EMBEDDING_MODEL) {
    sendError(response, { status: 404, message: `The model \`${model}\` does not exist.`, type: 'invalid_request_error', code: 'model_not_found' });
    return;
  }
  const dims = typeof body?.dimensions === 'number' ? body.dimensions : SCRIPTED_EMBEDDING_DIMS;
  const tokens = input.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
  sendJson(response, 200, { object: 'list', model, data: input.map((text, index) => ({ object: 'embedding', index, embedding: scriptedEmbedding(text, dims) })), usage: { prompt_tokens: tokens, total_tokens: tokens } });
}
