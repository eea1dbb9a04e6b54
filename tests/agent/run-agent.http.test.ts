import { runAgent } from '../../src/agent/run-agent';
import type { AgentEvent } from '../../src/agent/events';
import { setUiLanguage } from '../../src/i18n';
import { createOpenAiChatModel } from '../../src/llm';
import { parseAssistantContent } from '../../src/markers';
import { scenario, startModelServer, type ModelServer } from '../../tools/model-server';
import { FakeClock } from '../support/fake-clock';
import { gate } from '../support/gate';
import { sampleReadTool, sampleSearchTool } from '../support/sample-agent-tools';

// The real openai SDK over real HTTP to the scripted server on loopback; nothing is mocked.
// The run clock is a fake one that only the tools move, so durations are exact.

const T = 5_000_000;
// Longer than the runner's hold-back (text before tool calls is held until 160 characters), so it streams in pieces.
const ANSWER = 'Refunds are paid within 14 days of the return ([[Refund policy]]). Refunds over 500 EUR need finance to approve them first, which can add a few days ([[Escalation]]).';
let server: ModelServer;
/** Holds the slow reasoning's stream after its first line, so the stop lands mid-stream. */
const weighing = gate();

beforeAll(async () => {
  server = await startModelServer({
    scenarios: {
      'full-run': scenario()
        .turn((t) =>
          t
            .reasoning('The user asks about refunds.\nI will search the notes.')
            .toolCall('report_thinking', { step: 'Search for refund notes' }, { id: 'call_1' })
            .toolCall('localSearch', { query: 'refunds' }, { id: 'call_2' })
            .usage(120, 30),
        )
        .turn((t) => t.toolCall('readNote', { path: 'Refund policy.md' }, { id: 'call_3' }).usage(180, 12))
        .turn((t) => t.text(ANSWER, { chunkChars: 5 }).usage(230, 25)),
      'bad-key': scenario().turn((t) => t.httpError(401, 'Incorrect API key provided')),
      'limited-then-answers': scenario().turn((t) => t.text('Fourteen days.').httpError(429, 'Slow down', { times: 1, retryAfterSeconds: 1 })),
      'limited-ja': scenario().turn((t) => t.text('14日です。').httpError(429, 'Slow down', { times: 1, retryAfterSeconds: 1 })),
      'rate-limited': scenario().turn((t) => t.httpError(429, 'Slow down', { retryAfterSeconds: 30 })),
      'server-error': scenario().turn((t) => t.httpError(503, 'Overloaded')),
      'cut-answer': scenario().turn((t) => t.reasoning('Thinking about it\n').text('Refunds are paid within', { chunkChars: 6 }).cut()),
      'cut-after-tool': scenario()
        .turn((t) => t.toolCall('localSearch', { query: 'refunds' }, { id: 'call_1' }))
        .turn((t) => t.text('Refunds are', { chunkChars: 4 }).cut()),
      malformed: scenario().turn((t) => t.text('Refunds ').malformedChunk()),
      'slow-reasoning': scenario().turn((t) => t.reasoning('Weighing the refund rules\n').hold(weighing.opened).text('Too late.')),
    },
  });
});

afterAll(() => {
  weighing.open();
  return server.close();
});

async function run(model: string, options: { baseUrl?: string; controller?: AbortController; onEvent?: (event: AgentEvent) => void; maxRetries?: number } = {}) {
  const clock = new FakeClock(T);
  const events: AgentEvent[] = [];
  const result = await runAgent({
    model: createOpenAiChatModel({ baseUrl: options.baseUrl ?? server.url, maxRetries: options.maxRetries ?? 0 }),
    modelName: model,
    tools: [sampleSearchTool({ clock, searchMs: 250 }), sampleReadTool({ clock, readMs: 150 })],
    question: 'How long do refunds take?',
    history: [],
    signal: (options.controller ?? new AbortController()).signal,
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
    now: clock.now,
    runId: 'r1',
  });
  return { result, events, host: new URL(server.url).host };
}

/** Adjacent repeats collapsed: the streamed pieces of one kind count once. */
function shape(events: readonly AgentEvent[]): string[] {
  return events.map((event) => (event.type === 'step' ? `step:${event.step.kind}:${event.step.tool?.status ?? ''}` : event.type)).filter((type, index, all) => type !== all[index - 1]);
}

describe('runAgent over HTTP (real SDK, scripted server)', () => {
  it('runs reasoning, a report_thinking call, two tool calls and the answer into the exact payload', async () => {
    const { result, events } = await run('full-run');
    expect(shape(events)).toEqual([
      'run_start',
      'reasoning_delta',
      'step:reasoning:',
      'reasoning_delta',
      'step:reasoning:',
      'step:thought:',
      'step:tool:running',
      'tool_start',
      'tool_end',
      'step:tool:ok',
      'step:tool:running',
      'tool_start',
      'tool_end',
      'answer_start',
      'text_delta',
      'run_end',
    ]);
    const deltas = events.filter((event) => event.type === 'text_delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((event) => event.text).join('')).toBe(ANSWER);
    expect(result.status).toBe('complete');
    expect(result.answer).toBe(ANSWER);
    const searchOutput = 'Refund policy.md: Refunds are paid within 14 days of the return.\nSupport/Escalation.md: Escalate refunds over 500 EUR to finance.';
    expect(result.payload).toEqual({
      v: 1,
      status: 'complete',
      startedAt: T,
      answerStartedAt: T + 400,
      endedAt: T + 400,
      elapsedMs: 400,
      usage: { promptTokens: 530, completionTokens: 67 },
      // The three model calls, with the usage each reported (the fake clock moves only with the tools).
      turns: [
        { at: T, durationMs: 0, model: 'full-run', usage: { promptTokens: 120, completionTokens: 30 } },
        { at: T + 250, durationMs: 0, model: 'full-run', usage: { promptTokens: 180, completionTokens: 12 } },
        { at: T + 400, durationMs: 0, model: 'full-run', usage: { promptTokens: 230, completionTokens: 25 } },
      ],
      steps: [
        { id: 's1', kind: 'reasoning', summary: 'The user asks about refunds.', detail: 'The user asks about refunds.\nI will search the notes.', at: T },
        { id: 's2', kind: 'thought', summary: 'Search for refund notes', at: T },
        {
          id: 's3',
          kind: 'tool',
          summary: 'Found 2 notes: Refund policy, Escalation',
          at: T,
          tool: { name: 'localSearch', args: { query: 'refunds' }, status: 'ok', durationMs: 250, output: searchOutput, outputChars: searchOutput.length },
        },
        {
          id: 's4',
          kind: 'tool',
          summary: 'Reading Refund policy.md',
          at: T + 250,
          tool: { name: 'readNote', args: { path: 'Refund policy.md' }, status: 'ok', durationMs: 150, output: 'Refunds are paid within 14 days of the return.', outputChars: 46 },
        },
      ],
    });
    expect(parseAssistantContent(result.content)).toMatchObject({ reasoning: result.payload, text: ANSWER });
    // The second and third requests carried the tool calls and their results back, as OpenAI messages.
    const third = server.requests.filter((request) => request.body?.model === 'full-run')[2].body!;
    expect(third.messages!.slice(-3)).toEqual([
      expect.objectContaining({ role: 'tool', tool_call_id: 'call_2' }),
      expect.objectContaining({ role: 'assistant', tool_calls: [expect.objectContaining({ id: 'call_3', function: { name: 'readNote', arguments: '{"path":"Refund policy.md"}' } })] }),
      { role: 'tool', tool_call_id: 'call_3', content: 'Refunds are paid within 14 days of the return.' },
    ]);
  });

  it('shows each rate-limit wait as a step while it waits, then its outcome (issue 26)', async () => {
    const { result, events, host } = await run('limited-then-answers', { maxRetries: 2 });
    const notices = events.flatMap((event) => (event.type === 'step' && event.step.kind === 'notice' ? [event.step.summary] : []));
    expect(notices).toEqual([`Rate limited by ${host} — retrying in 1 s`, `Rate limited by ${host} — waited 1 s, then it answered`]);
    expect(result.status).toBe('complete');
    expect(result.answer).toBe('Fourteen days.');
    expect(result.payload.steps.map((step) => step.summary)).toEqual([`Rate limited by ${host} — waited 1 s, then it answered`]);
  });

  it('says the rate-limit wait in the UI’s language (issue 29: a Japanese trace has no English notice)', async () => {
    setUiLanguage('ja');
    try {
      const { result, host } = await run('limited-ja', { maxRetries: 2 });
      expect(result.status).toBe('complete');
      expect(result.payload.steps.map((step) => step.summary)).toEqual([`${host} がリクエストを制限しています — 1秒待機、その後回答がありました`]);
    } finally {
      setUiLanguage('en');
    }
  });

  it.each([
    ['bad-key', (host: string) => `The API key was rejected by ${host}. Check the API key.`],
    ['no-such-model', (host: string) => `The model "no-such-model" was not found at ${host}. Check the model name.`],
    ['rate-limited', (host: string) => `${host} is rate limiting requests. Try again in 30 s.`],
    ['server-error', (host: string) => `${host} had a server error (HTTP 503). Try again later.`],
    ['malformed', (host: string) => `The response from ${host} could not be read (malformed stream).`],
  ])('ends a run that meets %s with the error sentence in the event, the payload and the result', async (model, sentence) => {
    const { result, events, host } = await run(model);
    const expected = sentence(host);
    expect(events.at(-1)).toMatchObject({ type: 'run_end', status: 'error', error: expected });
    expect(result).toMatchObject({ status: 'error', error: expected });
    expect(result.payload).toMatchObject({ status: 'error', error: expected });
    expect(result.payload.steps.at(-1)).toMatchObject({ kind: 'notice', summary: expected });
  });

  it('says it could not reach the server when nothing listens', async () => {
    const closed = await startModelServer();
    await closed.close();
    const { result } = await run('any', { baseUrl: closed.url });
    expect(result.error).toBe(`Could not reach ${closed.url}. Check the base URL and that the server is running.`);
  });

  it('keeps the partial answer and reasoning of a stream cut mid-way', async () => {
    const { result, host } = await run('cut-answer');
    expect(result.status).toBe('error');
    expect(result.error).toBe(`The response from ${host} stopped before it was complete.`);
    expect(result.answer).toBe('Refunds are paid within');
    expect(result.payload.steps[0]).toMatchObject({ kind: 'reasoning', summary: 'Thinking about it' });
    const parsed = parseAssistantContent(result.content);
    expect(parsed.text).toBe('Refunds are paid within');
    expect(parsed.reasoning?.status).toBe('error');
  });

  it('keeps the tool work done before a stream was cut', async () => {
    const { result } = await run('cut-after-tool');
    expect(result.status).toBe('error');
    expect(result.payload.steps[0]).toMatchObject({ kind: 'tool', tool: { status: 'ok' } });
    expect(result.transcript.map((message) => message.role)).toEqual(['assistant', 'tool', 'assistant']);
    expect(result.answer).toBe('Refunds are');
  });

  it('stops a streaming request through the SDK: stopped, not an error, reasoning kept', async () => {
    const controller = new AbortController();
    const { result } = await run('slow-reasoning', { controller, onEvent: (event) => event.type === 'step' && controller.abort() });
    expect(result.status).toBe('stopped');
    expect(result.error).toBeUndefined();
    expect(result.payload).toMatchObject({ status: 'stopped' });
    expect(result.payload.steps).toEqual([expect.objectContaining({ kind: 'reasoning', summary: 'Weighing the refund rules' })]);
    expect(result.answer).toBe('');
  });
});
