import { join } from 'node:path';
import { createOpenAiChatModel } from '../../src/llm';
import { defaultHoldStartChars } from '../../src/llm/openai-chat-model';
import { startModelServer, type ModelServer } from '../../tools/model-server';
import { collectStream } from '../support/collect-llm-stream';

// Handwritten streams with provider quirks (tests/fixtures/streams), replayed over HTTP
// through the real SDK. The recorded third-party streams have their own suite (tests/recorded).
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({ fixturesDir: join(__dirname, '../fixtures/streams') });
});
afterAll(async () => {
  await server.close();
});

const replay = (file: string, options: { holdStartChars?: number } = {}) => collectStream(createOpenAiChatModel({ baseUrl: server.url, ...options }), { model: `replay:${file}` });

describe('quirky streams', () => {
  it('Mistral content-part arrays: thinking parts are reasoning, text parts are text', async () => {
    const result = await replay('mistral-thinking-parts.chunks.txt');
    expect(result.error).toBeUndefined();
    expect(result.reasoning).toBe('The user greets me. I greet back.');
    expect(result.text).toBe('Hello there!');
    expect(result.usage).toEqual({ promptTokens: 10, completionTokens: 12 });
    expect(result.finish).toBe('stop');
  });

  it('index-less parallel calls are matched by position', async () => {
    const result = await replay('indexless-parallel-calls.chunks.txt');
    expect(result.toolCalls).toEqual([
      { id: 's_0', name: 'localSearch', arguments: '{"query":"refunds"}' },
      { id: 't_1', name: 'listTags', arguments: '{"prefix":"#fin"}' },
    ]);
    expect(result.usage).toEqual({ promptTokens: 30, completionTokens: 9 });
    expect(result.finish).toBe('tool_calls');
  });

  it('placeholder first chunk, a choice without delta and non-ASCII text', async () => {
    const result = await replay('placeholder-azure-shape.chunks.txt');
    expect(result.error).toBeUndefined();
    expect(result.text).toBe('Café crème ✓');
    expect(result.usage).toEqual({ promptTokens: 5, completionTokens: 4 });
  });

  it('missing opening <think> tag, closing tag split across chunks, within the window', async () => {
    const result = await replay('qwen-missing-open-think.chunks.txt', { holdStartChars: 2000 });
    expect(result.reasoning).toBe('Okay, the user asks about refunds.\n');
    expect(result.text).toBe('\n\nRefunds take 14 days.');
  });

  it('missing opening tag without a window: nothing is hidden and the stray tag is dropped', async () => {
    const result = await replay('qwen-missing-open-think.chunks.txt', { holdStartChars: 0 });
    expect(result.reasoning).toBe('');
    expect(result.text).toBe('Okay, the user asks about refunds.\n\n\nRefunds take 14 days.');
  });

  it('the default window is on only for model names known to omit the opening tag', () => {
    expect(defaultHoldStartChars('qwen3:8b')).toBeGreaterThan(0);
    expect(defaultHoldStartChars('deepseek-r1:14b')).toBeGreaterThan(0);
    expect(defaultHoldStartChars('gpt-4o-mini')).toBe(0);
    expect(defaultHoldStartChars('llama3.1:8b')).toBe(0);
  });

  it('finish "stop" with tool calls is reported as tool_calls', async () => {
    const result = await replay('stop-with-tool-calls.chunks.txt');
    expect(result.toolCalls).toEqual([{ id: 'call_ol', name: 'readNote', arguments: '{"path":"Inbox/Ideas.md"}' }]);
    expect(result.finish).toBe('tool_calls');
  });

  it('two responses back to back: both calls, both reasonings, the last usage', async () => {
    const result = await replay('two-responses-back-to-back.chunks.txt');
    expect(result.reasoning).toBe('First plan. Second plan.');
    expect(result.toolCalls).toEqual([
      { id: 'c1', name: 'a', arguments: '{"x":1}' },
      { id: 'c2', name: 'b', arguments: '{"y":2}' },
    ]);
    expect(result.usage).toEqual({ promptTokens: 4, completionTokens: 3 });
    expect(result.deltas.filter((delta) => delta.type === 'finish')).toHaveLength(1);
  });

  it('a raw .sse body with tool-call indexes starting at 1', async () => {
    const result = await replay('index-from-one.sse');
    expect(result.text).toBe('Looking.');
    expect(result.toolCalls).toEqual([{ id: 'toolu_1', name: 'readNote', arguments: '{"path": "B.md"}' }]);
    const callDelta = result.deltas.find((delta) => delta.type === 'tool_call');
    expect(callDelta).toMatchObject({ index: 0 });
  });
});
