import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { createOpenAiChatModel, type LlmMessage } from '../../../src/llm';
import { scenario, startModelServer, type ModelServer } from '../../../tools/model-server';
import { collectStream } from '../../support/collect-llm-stream';
import { gate } from '../../support/gate';

const STREAMS = join(__dirname, '../../fixtures/streams');

const scenarios = {
  twoTurns: scenario()
    .turn((t) => t.toolCall('localSearch', { query: 'tea' }, { id: 'call_1' }))
    .turn((t) => t.text('Green tea.')),
  perRequest: scenario()
    .selectTurnsBy('request')
    .turn((t) => t.text('first'))
    .turn((t) => t.text('second')),
  wholeConversation: scenario()
    .selectTurnsBy('conversation')
    .turn((t) => t.text('turn 0'))
    .turn((t) => t.text('turn 1')),
  flaky: scenario().turn((t) => t.text('finally').httpError(502, 'Bad gateway', { times: 2 })),
  limited: scenario().turn((t) => t.text('x').httpError(429, 'Too many requests', { retryAfterSeconds: 7 })),
  slow: scenario().turn((t) => t.text('slow but complete', { chunkChars: 3 }).delay(5)),
  paused: scenario().turn((t) => t.text('before').pause(10).text(' after')),
  cut: scenario().turn((t) => t.text('abc').cut()),
  malformed: scenario().turn((t) => t.malformedChunk('{not json')),
  rich: scenario().turn((t) => t.reasoning('why').think('inline').text('answer').toolCall('x', 'not json', { id: 'c9', fragments: 1 }).usage(11, 22).finish('length')),
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({ scenarios, fixturesDir: STREAMS });
});
afterAll(async () => {
  await server.close();
});

const model = () => createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 });
const user = (content: string): LlmMessage => ({ role: 'user', content });

describe('startModelServer', () => {
  it('listens on loopback and lists its models', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const client = new OpenAI({ baseURL: server.url, apiKey: 'x', maxRetries: 0 });
    const models = await client.models.list();
    expect(models.data.map((entry) => entry.id)).toEqual([...Object.keys(scenarios), 'extractive', 'extractive-slow']);
  });

  it('picks the turn by the assistant messages of the current run', async () => {
    const first = await collectStream(model(), { model: 'twoTurns', messages: [user('Tea?')] });
    expect(first.toolCalls).toEqual([{ id: 'call_1', name: 'localSearch', arguments: '{"query":"tea"}' }]);
    const second = await collectStream(model(), {
      model: 'twoTurns',
      messages: [user('Tea?'), { role: 'assistant', content: '', toolCalls: first.toolCalls }, { role: 'tool', toolCallId: 'call_1', content: 'Tea.md' }],
    });
    expect(second.text).toBe('Green tea.');
    // A new question starts a new run: turn 0 again, even with earlier turns in the history.
    const again = await collectStream(model(), { model: 'twoTurns', messages: [user('Tea?'), { role: 'assistant', content: 'Green tea.' }, user('And coffee?')] });
    expect(again.toolCalls).toHaveLength(1);
  });

  it('past the last turn, the last turn repeats', async () => {
    const messages: LlmMessage[] = [user('q'), { role: 'assistant', content: 'a' }, { role: 'assistant', content: 'b' }, { role: 'assistant', content: 'c' }];
    expect((await collectStream(model(), { model: 'twoTurns', messages })).text).toBe('Green tea.');
  });

  it('can advance per request or count the whole conversation', async () => {
    expect((await collectStream(model(), { model: 'perRequest' })).text).toBe('first');
    expect((await collectStream(model(), { model: 'perRequest' })).text).toBe('second');
    expect((await collectStream(model(), { model: 'perRequest' })).text).toBe('second');
    const history: LlmMessage[] = [user('a'), { role: 'assistant', content: 'b' }, user('c')];
    expect((await collectStream(model(), { model: 'wholeConversation', messages: history })).text).toBe('turn 1');
  });

  it('answers an unknown model with an OpenAI-style 404', async () => {
    const response = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'nope', messages: [] }) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { message: 'The model `nope` does not exist.', type: 'invalid_request_error', param: null, code: 'model_not_found' } });
  });

  it('routes unknown models to defaultModel when set', async () => {
    const other = await startModelServer({ scenarios, defaultModel: 'slow' });
    try {
      expect((await collectStream(createOpenAiChatModel({ baseUrl: other.url }), { model: 'anything' })).text).toBe('slow but complete');
    } finally {
      await other.close();
    }
  });

  it('an HTTP error fault hits the first `times` requests, then the turn streams', async () => {
    const first = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'flaky', stream: true, messages: [] }) });
    expect(first.status).toBe(502);
    expect(await first.json()).toMatchObject({ error: { message: 'Bad gateway', type: 'server_error' } });
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, retryBaseDelayMs: 1 }), { model: 'flaky' });
    expect(result.text).toBe('finally');
  });

  it('sends retry-after with a 429', async () => {
    const response = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'limited', stream: true, messages: [] }) });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
  });

  it('delays and pauses do not change what is streamed', async () => {
    expect((await collectStream(model(), { model: 'slow' })).text).toBe('slow but complete');
    expect((await collectStream(model(), { model: 'paused' })).text).toBe('before after');
  });

  it('a hold streams what comes before it, then waits for its gate, not for a time', async () => {
    const held = gate();
    // A thenable that notes when the server starts waiting on it.
    let holding!: () => void;
    const serverHolds = new Promise<void>((resolve) => (holding = resolve));
    const until: PromiseLike<void> = { then: (onOpen, onFail) => (holding(), held.opened.then(onOpen, onFail)) };
    const server = await startModelServer({ scenarios: { held: scenario().turn((t) => t.text('before', { chunkChars: 100 }).hold(until).text(' after')) } });
    try {
      const texts: string[] = [];
      const stream = createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }).stream({ model: 'held', messages: [user('Hi')] }, new AbortController().signal);
      for await (const delta of stream) {
        if (delta.type !== 'text') continue;
        texts.push(delta.text);
        if (delta.text !== 'before') continue;
        await serverHolds;
        held.open();
      }
      expect(texts).toEqual(['before', ' after']);
    } finally {
      await server.close();
    }
  });

  it('a cut destroys the socket after the chunks before it', async () => {
    const response = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'cut', stream: true, messages: [] }) });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('writes the malformed chunk raw and still ends with [DONE]', async () => {
    const response = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'malformed', stream: true, messages: [] }) });
    const body = await response.text();
    expect(body).toContain('data: {not json\n\n');
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('streams every emit kind in OpenAI chunk shape', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url, holdStartChars: 0 }), { model: 'rich' });
    expect(result.reasoning).toBe('whyinline');
    expect(result.text).toBe('answer');
    expect(result.toolCalls).toEqual([{ id: 'c9', name: 'x', arguments: 'not json' }]);
    expect(result.usage).toEqual({ promptTokens: 11, completionTokens: 22 });
    expect(result.finish).toBe('length');
  });

  it('answers stream:false with one chat.completion', async () => {
    const client = new OpenAI({ baseURL: server.url, apiKey: 'x', maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: 'rich', messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]?.message.content).toBe('<think>inline</think>answer');
    expect(completion.choices[0]?.message.tool_calls).toEqual([{ id: 'c9', type: 'function', function: { name: 'x', arguments: 'not json' } }]);
    expect(completion.choices[0]?.finish_reason).toBe('length');
    expect(completion.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 22 });
  });

  it('estimates usage when the client asks for it and the turn gives none', async () => {
    const result = await collectStream(model(), { model: 'slow' });
    expect(result.usage?.completionTokens).toBe(Math.ceil('slow but complete'.length / 4));
    expect(result.usage?.promptTokens).toBeGreaterThan(0);
  });

  it('records method, path, headers and body of every request', async () => {
    const count = server.requests.length;
    await collectStream(createOpenAiChatModel({ baseUrl: server.url, apiKey: 'sk-rec' }), { model: 'slow', messages: [user('record me')] });
    const recorded = server.requests.slice(count);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ method: 'POST', path: '/v1/chat/completions', headers: { authorization: 'Bearer sk-rec' } });
    expect(recorded[0]?.body?.messages).toEqual([{ role: 'user', content: 'record me' }]);
  });

  describe('replay', () => {
    it('sends a .chunks.txt file as data lines and [DONE]', async () => {
      const response = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'replay:stop-with-tool-calls.chunks.txt', stream: true }) });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const lines = readFileSync(join(STREAMS, 'stop-with-tool-calls.chunks.txt'), 'utf8').split('\n').filter((line) => line.trim() !== '');
      expect(await response.text()).toBe(`${lines.map((line) => `data: ${line}\n\n`).join('')}data: [DONE]\n\n`);
    });

    it('sends a .sse file byte for byte', async () => {
      const response = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'replay:index-from-one.sse', stream: true }) });
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(STREAMS, 'index-from-one.sse')))).toBe(true);
    });

    it('never reads outside the fixtures folder', async () => {
      const response = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'replay:../../../package.json', stream: true }) });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { message: 'No recorded stream named `../../../package.json`.' } });
    });
  });
});

describe('browser access', () => {
  it('answers a CORS preflight and allows any origin', async () => {
    const preflight = await fetch(`${server.url}/chat/completions`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, *');
    const response = await fetch(`${server.url}/models`);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });
});
