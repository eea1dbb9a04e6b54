import { countTokens } from '../../src/agent';
import { runAgent } from '../../src/agent/run-agent';
import { createOpenAiChatModel } from '../../src/llm';
import { modelTurnsOf } from '../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { sampleReadTool, sampleSearchTool } from '../support/sample-agent-tools';

// DESIGN.md 12.1: each model call's usage is kept in the trace; estimated and marked when the
// server sends none. The real SDK over HTTP to the scripted server.
const DETAILED_USAGE = JSON.stringify({
  id: 'x',
  object: 'chat.completion.chunk',
  choices: [],
  usage: { prompt_tokens: 900, completion_tokens: 120, prompt_tokens_details: { cached_tokens: 512 }, completion_tokens_details: { reasoning_tokens: 80 } },
});

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      // A search call with usage, then an answer from a server that reports none (it ends at [DONE]).
      mixed: scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }).usage(300, 20))
        .turn((t) => t.text('Refunds are paid within 14 days of the return ([[Refund policy]]).').raw('[DONE]')),
      detailed: scenario().turn((t) => t.text('Fourteen days.').raw(JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })).raw(DETAILED_USAGE).raw('[DONE]')),
    },
  });
});
afterAll(() => server.close());

const run = (model: string) =>
  runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }),
    modelName: model,
    tools: [sampleSearchTool(), sampleReadTool()],
    question: 'How long do refunds take?',
    history: [],
    signal: new AbortController().signal,
    onEvent: () => undefined,
  });

describe('tokens per model call', () => {
  it('keeps each call with its own usage, estimates and marks the one the server did not count, and marks the total', async () => {
    const result = await run('mixed');
    const turns = modelTurnsOf(result.payload);
    expect(turns).toHaveLength(2);
    expect(turns[0]?.usage).toEqual({ promptTokens: 300, completionTokens: 20 });
    const estimated = turns[1]?.usage;
    expect(estimated?.estimated).toBe(true);
    // The second request holds the system prompt, the question, the call and its result: hundreds of tokens, not zero.
    expect(estimated?.promptTokens).toBeGreaterThan(300);
    // Counted by the context fit's estimate, the one the spending limits check (issue 40).
    expect(estimated?.completionTokens).toBe(countTokens('Refunds are paid within 14 days of the return ([[Refund policy]]).'));
    expect(turns[1]?.at).toBeGreaterThanOrEqual(turns[0]?.at ?? Infinity);
    expect(result.payload.usage).toEqual({ promptTokens: 300 + (estimated?.promptTokens ?? 0), completionTokens: 20 + (estimated?.completionTokens ?? 0), estimated: true });
  });

  it('keeps cached and reasoning tokens when the server reports them', async () => {
    const result = await run('detailed');
    expect(result.payload.usage).toEqual({ promptTokens: 900, completionTokens: 120, cachedTokens: 512, reasoningTokens: 80 });
    expect(modelTurnsOf(result.payload)[0]?.usage).toEqual({ promptTokens: 900, completionTokens: 120, cachedTokens: 512, reasoningTokens: 80 });
  });

  it('reads notes written before turns were kept, and skips a turn of another shape', () => {
    expect(modelTurnsOf({ v: 1, status: 'complete', startedAt: 1, elapsedMs: 1, steps: [] })).toEqual([]);
    expect(modelTurnsOf({ v: 1, status: 'complete', startedAt: 1, elapsedMs: 1, steps: [], turns: [{ at: 5, durationMs: 2 }, { at: 'soon' }, 7] as never })).toEqual([{ at: 5, durationMs: 2 }]);
  });
});
