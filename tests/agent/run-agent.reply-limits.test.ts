import { z } from 'zod';
import { runAgent } from '../../src/agent/run-agent';
import type { AgentTool } from '../../src/agent/agent-tool';
import { createOpenAiChatModel, type ContextWindow } from '../../src/llm';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';

// Issue 25 item 6: 10,000 tool calls in one reply all ran (41 s, 840 MB), a 9 MB result went to
// the model whole (ten parallel calls: tests/cli/ask-parallel-calls.test.ts). The real runner
// and the openai SDK over HTTP to the scripted server on loopback.

const schema = z.object({ n: z.number() });
let server: ModelServer;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      'many-calls': scenario()
        .turn((t) => {
          for (let n = 0; n < 40; n += 1) t.toolCall('lookup', { n }, { id: `call_${n}` });
          return t;
        })
        .turn((t) => t.text('Done.')),
      'four-hundred-calls': scenario()
        .turn((t) => {
          for (let n = 0; n < 400; n += 1) t.toolCall('lookup', { n }, { id: `call_${n}` });
          return t;
        })
        .turn((t) => t.text('Done.')),
      runaway: scenario().turn((t) => t.text('All work and no play. '.repeat(2_000))),
      'ten-megabyte-delta': scenario().turn((t) => t.text('y'.repeat(10_000_000), { chunkChars: 10_000_000 })),
      'one-big-delta': scenario().turn((t) => t.text('z'.repeat(5_000), { chunkChars: 5_000 })),
      'big-result': scenario()
        .turn((t) => t.toolCall('huge', { n: 1 }, { id: 'call_big' }))
        .turn((t) => t.text('Done.')),
    },
  });
});

afterAll(() => server.close());

function lookup(ran: number[]): AgentTool<typeof schema> {
  return {
    name: 'lookup',
    readOnly: true,
    description: 'Looks a number up.',
    schema,
    describeStart: (args) => `Looking up ${args.n}`,
    execute: async (args) => {
      ran.push(args.n);
      await new Promise((resolve) => setImmediate(resolve));
      return { output: `value ${args.n}` };
    },
  };
}

const huge: AgentTool<typeof schema> = {
  name: 'huge',
  readOnly: true,
  description: 'Returns a lot.',
  schema,
  describeStart: () => 'Reading a lot',
  execute: () => Promise.resolve({ output: 'x'.repeat(9_000_000) }),
};

const run = (model: string, tools: AgentTool[], extra: { toolCallsPerReply?: number; answerChars?: number; contextWindow?: ContextWindow } = {}) =>
  runAgent({ model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }), modelName: model, tools, question: 'Go.', history: [], signal: new AbortController().signal, onEvent: () => undefined, ...extra });

const toolContents = (transcript: readonly { role: string; content?: unknown }[]) => transcript.filter((message) => message.role === 'tool').map((message) => String(message.content));

it('runs at most 32 tool calls of one reply; the rest leave the history, and the last result says so', async () => {
  const ran: number[] = [];
  const result = await run('many-calls', [lookup(ran)]);
  expect(result.status).toBe('complete');
  expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, n) => n));
  const contents = toolContents(result.transcript);
  expect(contents).toHaveLength(32);
  expect(contents[31]).toBe('value 31\n\n[Not run: 8 more calls of this reply; at most 32 calls of one reply run. Call again what is still needed.]');
  const reply = result.transcript.find((message) => message.role === 'assistant');
  expect(reply?.role === 'assistant' && reply.toolCalls?.map((call) => call.id)).toEqual(Array.from({ length: 32 }, (_, n) => `call_${n}`));
  expect(result.payload.steps.map((step) => step.summary)).toContain('8 tool calls of this reply were not run: at most 32 calls of one reply run');
});

it('answers after a reply of 400 tool calls on an 8,192-token window: the calls not run do not fill it (issue 38 item 17)', async () => {
  const ran: number[] = [];
  const result = await run('four-hundred-calls', [lookup(ran)], { contextWindow: { tokens: 8192, source: 'setting' } });
  expect(result.error).toBeUndefined();
  expect(result.status).toBe('complete');
  expect(result.answer).toBe('Done.');
  expect(ran).toHaveLength(32);
  const sent = server.requests.at(-1)?.body as { messages: { role: string }[] };
  expect(sent.messages.filter((message) => message.role === 'tool')).toHaveLength(32);
});

it('takes another limit from the run options', async () => {
  const ran: number[] = [];
  await run('many-calls', [lookup(ran)], { toolCallsPerReply: 5 });
  expect(ran).toHaveLength(5);
});

it('sends the model at most 20,000 characters of a tool result, with a pointer to the rest', async () => {
  const result = await run('big-result', [huge]);
  const [content] = toolContents(result.transcript);
  expect(content.startsWith('x'.repeat(20_000))).toBe(true);
  expect(content).not.toContain('x'.repeat(20_001));
  expect(content).toContain('[Cut: 8,980,000 more characters of this result are not shown');
  expect(content.length).toBeLessThan(20_400);
  const sent = JSON.stringify(server.requests[server.requests.length - 1]?.body);
  expect(sent.length).toBeLessThan(40_000);
});

it('closes a runaway stream at the answer cap and ends the answer as cut at the limit', async () => {
  const result = await run('runaway', [], { answerChars: 1_000 });
  expect(result.answer.length).toBeGreaterThanOrEqual(1_000);
  expect(result.answer.length).toBeLessThan(1_200);
  expect(result.payload.steps.map((step) => step.summary)).toContain('The answer was cut off at the model’s length limit');
});

it('cuts one delta larger than what the answer cap leaves to the cap, and ends the answer as cut (issue 36)', async () => {
  const result = await run('one-big-delta', [], { answerChars: 1_000 });
  expect(result.answer).toBe('z'.repeat(1_000));
  expect(result.payload.steps.map((step) => step.summary)).toContain('The answer was cut off at the model’s length limit');
});

it('ends a run whose one delta passes the byte cap as cut at the limit, saying so although no text was kept (issue 36)', async () => {
  const result = await run('ten-megabyte-delta', []);
  expect(result.answer).toBe('');
  expect(result.payload.steps.map((step) => step.summary)).toContain('The answer was cut off at the model’s length limit');
}, 30_000);
