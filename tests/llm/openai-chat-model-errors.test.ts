import { createServer } from 'node:net';
import {
  createOpenAiChatModel,
  LlmAuthError,
  LlmEndpointNotFoundError,
  LlmModelNotFoundError,
  LlmNetworkError,
  LlmRateLimitError,
  LlmRequestError,
  LlmServerError,
  LlmStreamError,
  type LlmDelta,
} from '../../src/llm';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { collectStream } from '../support/collect-llm-stream';

const scenarios = {
  unauthorized: scenario().turn((t) => t.text('never').httpError(401, 'Incorrect API key provided.')),
  forbidden: scenario().turn((t) => t.text('never').httpError(403, 'Country, region, or territory not supported')),
  forbiddenKey: scenario().turn((t) => t.text('never').httpError(403, 'Invalid API key. Please check your key.')),
  badRequest: scenario().turn((t) => t.text('never').httpError(400, 'tools are not supported by this model')),
  rateLimitedOnce: scenario().turn((t) => t.text('After the wait.').httpError(429, 'Slow down.', { times: 1, retryAfterSeconds: 0 })),
  rateLimitedLong: scenario().turn((t) => t.text('never').httpError(429, 'Slow down.', { retryAfterSeconds: 60 })),
  failingOnce: scenario().turn((t) => t.text('Recovered.').httpError(500, 'Upstream exploded.', { times: 1 })),
  failingAlways: scenario().turn((t) => t.text('never').httpError(503, 'Overloaded.')),
  cutAfterText: scenario().turn((t) => t.text('Partial answ', { chunkChars: 4 }).cut().text('never')),
  streamErrorAfterText: scenario().turn((t) => t.text('Some text').streamError('The upstream model crashed.')),
  malformed: scenario().turn((t) => t.text('Before').malformedChunk().text('never')),
  noFinish: scenario().turn((t) => t.text('Ends early').end()),
  doneWithoutFinish: scenario().turn((t) => t.text('All there').raw('[DONE]')),
  slow: scenario().turn((t) => t.reasoning('Thinking slowly.', { chunkChars: 2 }).text('A slow answer that takes a while.', { chunkChars: 2 }).delay(40)),
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({ scenarios });
});
afterAll(async () => {
  await server.close();
});

const fastRetries = { retryBaseDelayMs: 1 };
const requestsFor = (model: string): number => server.requests.filter((request) => request.body?.model === model).length;

describe('HTTP errors become typed LlmErrors', () => {
  it('401: LlmAuthError naming the host, not retried', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, ...fastRetries }), { model: 'unauthorized' });
    expect(result.error).toBeInstanceOf(LlmAuthError);
    const error = result.error as LlmAuthError;
    expect(error.status).toBe(401);
    expect(error.providerMessage).toBe('Incorrect API key provided.');
    expect(error.userMessage).toBe(`The API key was rejected by ${new URL(server.url).host}. Check the API key.`);
    expect(requestsFor('unauthorized')).toBe(1);
    expect(result.deltas).toEqual([]);
  });

  it('403 with a reason: the server\'s own message, not "key rejected" (issue 26)', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url }), { model: 'forbidden' });
    expect(result.error).toBeInstanceOf(LlmRequestError);
    expect((result.error as LlmRequestError).userMessage).toBe(`${new URL(server.url).host} refused the request (HTTP 403): Country, region, or territory not supported`);
  });

  it('403 whose body says the key is wrong: LlmAuthError', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url }), { model: 'forbiddenKey' });
    expect(result.error).toBeInstanceOf(LlmAuthError);
    expect((result.error as LlmAuthError).status).toBe(403);
  });

  it('404: LlmModelNotFoundError naming the model', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, ...fastRetries }), { model: 'gpt-nonexistent' });
    expect(result.error).toBeInstanceOf(LlmModelNotFoundError);
    const error = result.error as LlmModelNotFoundError;
    expect(error.model).toBe('gpt-nonexistent');
    expect(error.userMessage).toContain('"gpt-nonexistent"');
    expect(requestsFor('gpt-nonexistent')).toBe(1);
  });

  it('404 that names no model (a base URL without /v1): LlmEndpointNotFoundError pointing at the base URL', async () => {
    const withoutV1 = server.url.replace(/\/v1$/, '');
    const result = await collectStream(createOpenAiChatModel({ baseUrl: withoutV1, ...fastRetries }), { model: 'unauthorized' });
    expect(result.error).toBeInstanceOf(LlmEndpointNotFoundError);
    expect((result.error as LlmEndpointNotFoundError).userMessage).toContain('Check the base URL');
    expect((result.error as LlmEndpointNotFoundError).userMessage).toContain('/v1');
  });

  it('400: LlmRequestError with the provider message, not retried', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, ...fastRetries }), { model: 'badRequest' });
    expect(result.error).toBeInstanceOf(LlmRequestError);
    expect((result.error as LlmRequestError).userMessage).toContain('tools are not supported by this model');
    expect(requestsFor('badRequest')).toBe(1);
  });

  it('429 once, then success: retried and the answer streams once', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, ...fastRetries }), { model: 'rateLimitedOnce' });
    expect(result.error).toBeUndefined();
    expect(result.text).toBe('After the wait.');
    expect(requestsFor('rateLimitedOnce')).toBe(2);
  });

  it('429 with a retry-after beyond the cap: fails at once with the wait', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, ...fastRetries }), { model: 'rateLimitedLong' });
    expect(result.error).toBeInstanceOf(LlmRateLimitError);
    const error = result.error as LlmRateLimitError;
    expect(error.retryAfterMs).toBe(60000);
    expect(error.userMessage).toContain('60 s');
    expect(requestsFor('rateLimitedLong')).toBe(1);
  });

  it('500 before the first token, then success: retried', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, ...fastRetries }), { model: 'failingOnce' });
    expect(result.error).toBeUndefined();
    expect(result.text).toBe('Recovered.');
    expect(requestsFor('failingOnce')).toBe(2);
  });

  it('5xx every time: LlmServerError after maxRetries + 1 attempts', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, maxRetries: 2, ...fastRetries }), { model: 'failingAlways' });
    expect(result.error).toBeInstanceOf(LlmServerError);
    expect((result.error as LlmServerError).status).toBe(503);
    expect(requestsFor('failingAlways')).toBe(3);
  });

  it('maxRetries 0 turns retries off', async () => {
    const before = requestsFor('failingAlways');
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }), { model: 'failingAlways' });
    expect(result.error).toBeInstanceOf(LlmServerError);
    expect(requestsFor('failingAlways') - before).toBe(1);
  });
});

describe('broken streams', () => {
  it('a stream cut after the first tokens: LlmStreamError (cut), the text kept, never retried', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, ...fastRetries }), { model: 'cutAfterText' });
    expect(result.error).toBeInstanceOf(LlmStreamError);
    expect((result.error as LlmStreamError).reason).toBe('cut');
    expect(result.text).toBe('Partial answ');
    expect(result.finish).toBeUndefined();
    expect(requestsFor('cutAfterText')).toBe(1);
  });

  it('an error object inside the stream after a token: LlmStreamError (provider_error), not retried', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, ...fastRetries }), { model: 'streamErrorAfterText' });
    expect(result.error).toBeInstanceOf(LlmStreamError);
    const error = result.error as LlmStreamError;
    expect(error.reason).toBe('provider_error');
    expect(error.userMessage).toContain('The upstream model crashed.');
    expect(result.text).toBe('Some text');
    expect(requestsFor('streamErrorAfterText')).toBe(1);
  });

  it('a chunk that is not JSON: LlmStreamError (malformed_chunk)', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, ...fastRetries }), { model: 'malformed' });
    expect(result.error).toBeInstanceOf(LlmStreamError);
    expect((result.error as LlmStreamError).reason).toBe('malformed_chunk');
    expect(result.text).toBe('Before');
  });

  it('a stream that ends with [DONE] but no finish reason is whole (LocalAI sends none)', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, ...fastRetries }), { model: 'doneWithoutFinish' });
    expect(result.error).toBeUndefined();
    expect(result.text).toBe('All there');
    expect(result.finish).toBe('other');
  });

  it('a stream that ends without a finish reason or [DONE] counts as cut', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, ...fastRetries }), { model: 'noFinish' });
    expect(result.error).toBeInstanceOf(LlmStreamError);
    expect((result.error as LlmStreamError).reason).toBe('cut');
    expect(result.text).toBe('Ends early');
  });
});

describe('network errors', () => {
  async function closedPortUrl(): Promise<string> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    if (address === null || typeof address === 'string') throw new Error('no port');
    return `http://127.0.0.1:${address.port}/v1`;
  }

  it('connection refused: LlmNetworkError naming the base URL, retried before giving up', async () => {
    const baseUrl = await closedPortUrl();
    let attempts = 0;
    const model = createOpenAiChatModel({
      baseUrl,
      ...fastRetries,
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    const result = await collectStream(model, { model: 'any' });
    expect(result.error).toBeInstanceOf(LlmNetworkError);
    const error = result.error as LlmNetworkError;
    expect(error.baseUrl).toBe(baseUrl);
    expect(error.userMessage).toBe(`Could not reach ${baseUrl}. Check the base URL and that the server is running.`);
    expect(attempts).toBe(3);
  });
});

describe('abort', () => {
  it('aborting mid-stream throws an AbortError and keeps what was streamed', async () => {
    const controller = new AbortController();
    const model = createOpenAiChatModel({ baseUrl: server.url });
    const deltas: LlmDelta[] = [];
    let caught: unknown;
    try {
      for await (const delta of model.stream({ model: 'slow', messages: [{ role: 'user', content: 'Hi' }] }, controller.signal)) {
        deltas.push(delta);
        if (delta.type === 'text') controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).name).toBe('AbortError');
    expect(deltas.map((delta) => delta.type)).toContain('reasoning');
    expect(deltas.filter((delta) => delta.type === 'text')).toHaveLength(1);
    expect(deltas.some((delta) => delta.type === 'finish')).toBe(false);
  });

  it('an already aborted signal makes no request', async () => {
    const before = requestsFor('slow');
    const controller = new AbortController();
    controller.abort();
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url }), { model: 'slow' }, controller.signal);
    expect((result.error as Error).name).toBe('AbortError');
    expect(requestsFor('slow')).toBe(before);
  });

  it('aborting during the retry wait stops retrying', async () => {
    const controller = new AbortController();
    const model = createOpenAiChatModel({ baseUrl: server.url, retryBaseDelayMs: 60000 });
    // The abort comes right after the backoff's 60 s timer is set: during the wait, not before it.
    const realSetTimeout = globalThis.setTimeout;
    const timers = jest.spyOn(globalThis, 'setTimeout').mockImplementation((callback: () => void, ms?: number) => {
      if (ms === 60000) queueMicrotask(() => controller.abort());
      return realSetTimeout(callback, ms);
    });
    try {
      const before = requestsFor('failingAlways');
      const result = await collectStream(model, { model: 'failingAlways' }, controller.signal);
      expect((result.error as Error).name).toBe('AbortError');
      expect(requestsFor('failingAlways') - before).toBe(1);
      expect(timers).toHaveBeenCalledWith(expect.any(Function), 60000);
    } finally {
      timers.mockRestore();
    }
  });
});

describe('servers that refuse stream_options', () => {
  it('asks again without stream_options once, and streams the answer', async () => {
    const bodies: Record<string, unknown>[] = [];
    const model = createOpenAiChatModel({
      baseUrl: server.url,
      maxRetries: 0,
      fetch: async (input, init) => {
        const body = JSON.parse(init?.body as string) as Record<string, unknown>;
        bodies.push(body);
        if ('stream_options' in body) {
          return new Response(JSON.stringify({ error: { message: 'Unrecognized request argument supplied: stream_options', type: 'invalid_request_error' } }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          });
        }
        return fetch(input, init);
      },
    });
    const result = await collectStream(model, { model: 'slow' });
    expect(result.error).toBeUndefined();
    expect(result.text).toBe('A slow answer that takes a while.');
    expect(bodies.map((body) => 'stream_options' in body)).toEqual([true, false]);
  });
});
