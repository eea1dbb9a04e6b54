import { createOpenAiChatModel } from '../../src/llm';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { collectStream } from '../support/collect-llm-stream';

const scenarios = {
  text: scenario().turn((t) => t.text('Hello from the notes.', { chunkChars: 4 })),
  reasoning: scenario().turn((t) => t.reasoning('First I think.').text('Then I answer.')),
  reasoningField: scenario().turn((t) => t.reasoning('Groq style.', { field: 'reasoning' }).text('ok')),
  thinkingField: scenario().turn((t) => t.reasoning('Thinking field.', { field: 'thinking' }).text('ok')),
  thinkTags: scenario().turn((t) => t.think('inline reasoning', { chunkChars: 3 }).text('The answer.')),
  tools: scenario()
    .turn((t) => t.reasoning('Search first.').toolCall('localSearch', { query: 'refunds' }, { id: 'call_a', fragments: 5 }).toolCall('readNote', { path: 'A.md' }, { id: 'call_b', fragments: 1 }))
    .turn((t) => t.text('Refunds take 14 days.')),
  usage: scenario().turn((t) => t.text('Counted.').usage(42, 7)),
};

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({ scenarios });
});
afterAll(async () => {
  await server.close();
});

describe('createOpenAiChatModel over the real SDK', () => {
  it('streams text in order and ends with finish stop', async () => {
    const model = createOpenAiChatModel({ baseUrl: server.url });
    const result = await collectStream(model, { model: 'text' });
    expect(result.error).toBeUndefined();
    expect(result.text).toBe('Hello from the notes.');
    expect(result.deltas.filter((delta) => delta.type === 'text').length).toBeGreaterThan(1);
    expect(result.finish).toBe('stop');
    expect(result.deltas.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
  });

  it.each([
    ['reasoning', 'First I think.', 'Then I answer.'],
    ['reasoningField', 'Groq style.', 'ok'],
    ['thinkingField', 'Thinking field.', 'ok'],
    ['thinkTags', 'inline reasoning', 'The answer.'],
  ])('separates reasoning from text (%s)', async (name, reasoning, text) => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url }), { model: name });
    expect(result.reasoning).toBe(reasoning);
    expect(result.text).toBe(text);
    const firstText = result.deltas.findIndex((delta) => delta.type === 'text');
    const lastReasoning = result.deltas.map((delta) => delta.type).lastIndexOf('reasoning');
    expect(lastReasoning).toBeLessThan(firstText);
  });

  it('assembles fragmented and whole tool calls, emitted after the reasoning, then the next turn answers', async () => {
    const model = createOpenAiChatModel({ baseUrl: server.url });
    const first = await collectStream(model, { model: 'tools' });
    expect(first.reasoning).toBe('Search first.');
    expect(first.toolCalls).toEqual([
      { id: 'call_a', name: 'localSearch', arguments: '{"query":"refunds"}' },
      { id: 'call_b', name: 'readNote', arguments: '{"path":"A.md"}' },
    ]);
    expect(first.deltas.filter((delta) => delta.type === 'tool_call').map((delta) => delta.type === 'tool_call' && delta.index)).toEqual([0, 1]);
    expect(first.finish).toBe('tool_calls');
    const second = await collectStream(model, {
      model: 'tools',
      messages: [
        { role: 'user', content: 'How long do refunds take?' },
        { role: 'assistant', content: '', toolCalls: first.toolCalls },
        { role: 'tool', toolCallId: 'call_a', content: 'Found: A.md' },
        { role: 'tool', toolCallId: 'call_b', content: 'Refunds take 14 days.' },
      ],
      tools: [{ name: 'localSearch', description: 'Search', parameters: { type: 'object', properties: { query: { type: 'string' } } } }],
    });
    expect(second.text).toBe('Refunds take 14 days.');
    const sent = server.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent.messages).toEqual([
      { role: 'user', content: 'How long do refunds take?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'localSearch', arguments: '{"query":"refunds"}' } },
          { id: 'call_b', type: 'function', function: { name: 'readNote', arguments: '{"path":"A.md"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: 'Found: A.md' },
      { role: 'tool', tool_call_id: 'call_b', content: 'Refunds take 14 days.' },
    ]);
    expect(sent.tools).toEqual([{ type: 'function', function: { name: 'localSearch', description: 'Search', parameters: { type: 'object', properties: { query: { type: 'string' } } } } }]);
    expect(sent.stream).toBe(true);
    expect(sent.stream_options).toEqual({ include_usage: true });
  });

  it('reports usage from the usage-only chunk before the finish delta', async () => {
    const result = await collectStream(createOpenAiChatModel({ baseUrl: server.url }), { model: 'usage' });
    expect(result.usage).toEqual({ promptTokens: 42, completionTokens: 7 });
    expect(result.deltas.slice(-2).map((delta) => delta.type)).toEqual(['usage', 'finish']);
  });

  it('sends the API key as a bearer token and the temperature', async () => {
    await collectStream(createOpenAiChatModel({ baseUrl: server.url, apiKey: 'sk-test-123' }), { model: 'text', temperature: 0.2 });
    const last = server.requests.at(-1)!;
    expect(last.headers.authorization).toBe('Bearer sk-test-123');
    expect((last.body as Record<string, unknown>).temperature).toBe(0.2);
  });

  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    const model = createOpenAiChatModel({
      baseUrl: server.url,
      fetch: (input, init) => {
        seen.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
    });
    const result = await collectStream(model, { model: 'text' });
    expect(result.text).toBe('Hello from the notes.');
    expect(seen).toEqual([`${server.url}/chat/completions`]);
  });
});
