import { runAgent } from '../../src/agent/run-agent';
import { createOpenAiChatModel } from '../../src/llm';
import { scenario, startModelServer, type ModelServer, type TurnBuilder } from '../../tools/model-server';
import { sampleSearchTool } from '../support/sample-agent-tools';

// Round in circles (DESIGN.md 12.3) through the real openai SDK over HTTP to the scripted server:
// the third same call is a notice step, not a third run, and the next request tells the model so.

let server: ModelServer;

beforeAll(async () => {
  const search = (id: string) => (t: TurnBuilder) => t.toolCall('localSearch', { query: 'refunds' }, { id });
  server = await startModelServer({
    scenarios: {
      circles: scenario()
        .turn(search('call_1'))
        .turn(search('call_2'))
        .turn(search('call_3'))
        .turn((t) => t.text('Refunds take 14 days.')),
    },
  });
});

afterAll(() => server.close());

it('the third localSearch with the same arguments adds "Repeated localSearch with the same arguments" and the model reads it has the result', async () => {
  const tool = sampleSearchTool();
  let runs = 0;
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }),
    modelName: 'circles',
    tools: [{ ...tool, execute: (input, context) => ((runs += 1), tool.execute(input as { query: string }, context)) }],
    question: 'How long do refunds take?',
    history: [],
    signal: new AbortController().signal,
    onEvent: () => undefined,
  });
  expect(result.status).toBe('complete');
  expect(runs).toBe(2);
  expect(result.payload.steps.map((step) => [step.kind, step.summary]).filter(([kind]) => kind !== 'tool')).toEqual([['notice', 'Repeated localSearch with the same arguments']]);
  const last = server.requests.filter((entry) => (entry.body as { model?: string }).model === 'circles').at(-1)!;
  expect((last.body as { messages: { role: string; content: string }[] }).messages.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('Not run: you already have this result.') });
  expect(result.answer).toBe('Refunds take 14 days.');
});
