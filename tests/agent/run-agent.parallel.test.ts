import { z } from 'zod';
import { runAgent } from '../../src/agent/run-agent';
import type { AgentTool } from '../../src/agent/agent-tool';
import type { AgentEvent } from '../../src/agent/events';
import { createOpenAiChatModel } from '../../src/llm';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';

// The real runner and the real openai SDK over HTTP to the scripted server on loopback. The
// tools wait on gates the test opens, so "at the same time" is shown by order, not by timing.

const schema = z.object({ name: z.string() });
let server: ModelServer;

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      'two-reads': scenario()
        .turn((t) => t.toolCall('slowRead', { name: 'first' }, { id: 'call_a' }).toolCall('slowRead', { name: 'second' }, { id: 'call_b' }))
        .turn((t) => t.text('Done.')),
      'read-then-other': scenario()
        .turn((t) => t.toolCall('slowRead', { name: 'first' }, { id: 'call_a' }).toolCall('sideEffect', { name: 'other' }, { id: 'call_b' }))
        .turn((t) => t.text('Done.')),
    },
  });
});

afterAll(() => server.close());

function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** A read-only tool whose call `name` starts, logs, and ends when its gate opens. */
function slowRead(log: string[], gates: Record<string, ReturnType<typeof gate>>, started: (name: string) => void): AgentTool<typeof schema> {
  return {
    name: 'slowRead',
    readOnly: true,
    description: 'Reads something slowly.',
    schema,
    describeStart: (args) => `Reading ${args.name}`,
    execute: async (args) => {
      log.push(`${args.name} start`);
      started(args.name);
      await gates[args.name]?.promise;
      log.push(`${args.name} end`);
      return { output: `read ${args.name}` };
    },
  };
}

function sideEffect(log: string[]): AgentTool<typeof schema> {
  return {
    name: 'sideEffect',
    description: 'Does something that is not a read.',
    schema,
    describeStart: (args) => `Doing ${args.name}`,
    execute: (args) => {
      log.push(`${args.name} start`);
      return Promise.resolve({ output: `did ${args.name}` });
    },
  };
}

async function run(model: string, tools: AgentTool[]) {
  const events: AgentEvent[] = [];
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: server.url, maxRetries: 0 }),
    modelName: model,
    tools,
    question: 'Read both.',
    history: [],
    signal: new AbortController().signal,
    onEvent: (event) => events.push(event),
    // A sequential runner would leave the first read waiting for a gate only the second opens:
    // it then fails by this timeout instead of hanging the test.
    toolTimeoutMs: 2_000,
  });
  return { result, events };
}

describe('read-only tool calls of one reply', () => {
  it('run at the same time, and their results keep the model call order', async () => {
    const log: string[] = [];
    const gates = { first: gate(), second: gate() };
    const started = new Set<string>();
    const both = gate();
    // Each read ends only after both have started; the second ends first.
    const tool = slowRead(log, gates, (name) => {
      started.add(name);
      if (started.size === 2) both.open();
    });
    const running = run('two-reads', [tool]);
    await both.promise;
    gates.second.open();
    gates.first.open();
    const { result, events } = await running;

    expect(result.status).toBe('complete');
    expect(log).toEqual(['first start', 'second start', 'second end', 'first end']);
    const toolMessages = result.transcript.filter((message) => message.role === 'tool');
    expect(toolMessages.map((message) => (message.role === 'tool' ? [message.toolCallId, message.content] : []))).toEqual([
      ['call_a', 'read first'],
      ['call_b', 'read second'],
    ]);
    // The model's second request carried the results in its own call order.
    const second = server.requests.filter((request) => request.body?.model === 'two-reads')[1].body as { messages: { role: string; tool_call_id?: string }[] };
    expect(second.messages.filter((message) => message.role === 'tool').map((message) => message.tool_call_id)).toEqual(['call_a', 'call_b']);
    // Trace steps are in call order too.
    const toolSteps = result.payload.steps.filter((step) => step.kind === 'tool');
    expect(toolSteps.map((step) => [step.summary, step.tool?.status])).toEqual([
      ['Reading first', 'ok'],
      ['Reading second', 'ok'],
    ]);
    expect(events.filter((event) => event.type === 'tool_end').map((event) => (event.type === 'tool_end' ? event.callId : ''))).toEqual(['call_b', 'call_a']);
  });

  it('finish before a call that is not read-only starts', async () => {
    const log: string[] = [];
    const gates = { first: gate() };
    const tool = slowRead(log, gates, () => gates.first.open());
    const { result } = await run('read-then-other', [tool, sideEffect(log)]);

    expect(result.status).toBe('complete');
    expect(log).toEqual(['first start', 'first end', 'other start']);
    expect(result.transcript.filter((message) => message.role === 'tool').map((message) => (message.role === 'tool' ? message.content : ''))).toEqual(['read first', 'did other']);
  });
});
