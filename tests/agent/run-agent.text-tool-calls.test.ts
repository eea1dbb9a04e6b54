import { runAgent } from '../../src/agent/run-agent';
import type { AgentEvent } from '../../src/agent/events';
import { createOpenAiChatModel } from '../../src/llm';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { sampleReadTool, sampleSearchTool } from '../support/sample-agent-tools';

// Models that print their tool call as text instead of `tool_calls` (DESIGN.md 12.1): the real
// openai SDK over HTTP to the scripted server, which streams each reply 5 characters at a time.
const ANSWER = 'Refunds are paid within 14 days [[Refund policy]].';
const PROSE = 'I will look through your notes for the refund rules first, since the answer depends on what the policy says, and then read the note that matches best before answering you in full. ';

const FORMATS: Record<string, string> = {
  hermes: '<tool_call>\n{"name": "localSearch", "arguments": {"query": "refunds"}}\n</tool_call>',
  'qwen3-coder': '<tool_call>\n<function=localSearch>\n<parameter=query>\nrefunds\n</parameter>\n<parameter=limit>\n5\n</parameter>\n</function>\n</tool_call>',
  'mistral list': '[TOOL_CALLS][{"name": "localSearch", "arguments": {"query": "refunds"}}]',
  'mistral args': '[TOOL_CALLS]localSearch[ARGS]{"query": "refunds"}',
  'llama 3': '{"name": "localSearch", "parameters": {"query": "refunds"}}; {"name": "readNote", "parameters": {"path": "Refund policy.md"}}',
  'lm studio': '[TOOL_REQUEST]{"name": "localSearch", "arguments": {"query": "refunds"}}[END_TOOL_REQUEST]',
  'repaired json': "<tool_call>{'name': 'localSearch', 'arguments': {'query': 'refunds',}}</tool_call>",
};

let server: ModelServer;
beforeAll(async () => {
  const scenarios = Object.fromEntries(
    Object.entries(FORMATS).map(([name, call]) => [name, scenario().turn((t) => t.text(`Let me search. ${call}`, { chunkChars: 5 })).turn((t) => t.text(ANSWER))]),
  );
  server = await startModelServer({
    scenarios: {
      ...scenarios,
      'after prose': scenario()
        .turn((t) => t.text(`${PROSE}<tool_call>{"name": "localSearch", "arguments": {"query": "refunds"}}</tool_call>`, { chunkChars: 5 }))
        .turn((t) => t.text(ANSWER)),
      'cut off call': scenario()
        .turn((t) => t.text('<tool_call>{"name": "localSe', { chunkChars: 5 }))
        .turn((t) => t.text(ANSWER)),
      'unknown tool': scenario().turn((t) => t.text('<tool_call>{"name": "deleteEverything", "arguments": {}}</tool_call>', { chunkChars: 5 })),
    },
  });
});
afterAll(() => server.close());

async function run(model: string) {
  const events: AgentEvent[] = [];
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }),
    modelName: model,
    tools: [sampleSearchTool(), sampleReadTool()],
    question: 'How long do refunds take?',
    history: [],
    signal: new AbortController().signal,
    onEvent: (event) => events.push(event),
  });
  const streamed = events.flatMap((event) => (event.type === 'text_delta' ? [event.text] : [])).join('');
  const started = events.flatMap((event) => (event.type === 'tool_start' ? [{ name: event.name, args: event.args }] : []));
  return { result, events, streamed, started };
}

describe('tool calls written as text', () => {
  it.each(Object.keys(FORMATS))('%s: runs the call, and its text is never shown', async (format) => {
    const { result, streamed, started } = await run(format);
    expect(started[0]).toEqual({ name: 'localSearch', args: format === 'qwen3-coder' ? { query: 'refunds', limit: 5 } : { query: 'refunds' } });
    if (format === 'llama 3') expect(started[1]).toEqual({ name: 'readNote', args: { path: 'Refund policy.md' } });
    expect(result.status).toBe('complete');
    expect(result.answer).toBe(ANSWER);
    expect(streamed).toBe(ANSWER);
    // The text before the call is the model's narration, shown as a thought.
    expect(result.payload.steps.some((step) => step.kind === 'thought' && step.summary === 'Let me search.')).toBe(true);
    // The next request carries it as a native call and its result.
    const second = server.requests.filter((request) => request.body?.model === format)[1]?.body;
    const messages = (second?.messages ?? []) as { role: string; content?: string | null; tool_calls?: { function: { name: string } }[] }[];
    const assistant = messages.find((message) => message.role === 'assistant');
    expect(assistant?.tool_calls?.[0]?.function.name).toBe('localSearch');
    expect(assistant?.content ?? '').not.toMatch(/tool_call|TOOL_|"name"/);
    expect(messages.some((message) => message.role === 'tool' && (message.content ?? '').includes('Refund policy.md'))).toBe(true);
  });

  it('streams prose longer than the hold-back as the answer, and holds back the call after it', async () => {
    const { result, streamed, started } = await run('after prose');
    expect(started.map((call) => call.name)).toEqual(['localSearch']);
    expect(streamed).toBe(`${PROSE}\n\n${ANSWER}`);
    expect(streamed).not.toContain('tool_call');
    expect(result.answer).toContain(ANSWER);
  });

  it('tells the model a call that was cut off could not be read, and shows none of it', async () => {
    const { result, streamed } = await run('cut off call');
    expect(streamed).toBe(ANSWER);
    const second = server.requests.filter((request) => request.body?.model === 'cut off call')[1]?.body;
    const tool = ((second?.messages ?? []) as { role: string; content?: string }[]).find((message) => message.role === 'tool');
    expect(tool?.content).toMatch(/^Error: your tool call could not be read/);
    expect(result.status).toBe('complete');
  });

  it('leaves a call to a tool it was not offered as text', async () => {
    const { result, started } = await run('unknown tool');
    expect(started).toEqual([]);
    expect(result.answer).toBe('<tool_call>{"name": "deleteEverything", "arguments": {}}</tool_call>');
  });
});
