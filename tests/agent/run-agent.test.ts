import { runAgent } from '../../src/agent/run-agent';
import type { LiveRun } from '../../src/agent';
import { composeAssistantContent, parseAssistantContent } from '../../src/markers';
import { FakeClock } from '../support/fake-clock';
import { runWithDefaults } from '../support/agent-run-harness';
import { ScriptedChatModel, say } from '../support/scripted-chat-model';

const T = 1_000_000;
/** The three model calls of the full run, as the script times and counts them. */
const TURNS = [
  { at: T, durationMs: 1500, model: 'test-model', usage: { promptTokens: 100, completionTokens: 20 } },
  { at: T + 1700, durationMs: 400, model: 'test-model', usage: { promptTokens: 150, completionTokens: 10 } },
  { at: T + 2400, durationMs: 1300, model: 'test-model', usage: { promptTokens: 200, completionTokens: 30 } },
];
const ANSWER_1 = 'Refunds are paid within 14 days of the return, as [[Refund policy]] says. Refunds over 500 EUR go to finance first, so those can take a few days longer ([[Escalation]]). ';
const ANSWER_2 = 'That is all the notes say.';
const SEARCH_OUTPUT = 'Refund policy.md: Refunds are paid within 14 days of the return.\nSupport/Escalation.md: Escalate refunds over 500 EUR to finance.';
const base = { runId: 'r1' };

function fullRunScript(clock: FakeClock): ScriptedChatModel {
  return new ScriptedChatModel(
    [
      [
        say.advance(500),
        say.reasoning('I should search the notes'),
        say.reasoning(' for refunds.\nThen read the policy.'),
        say.advance(1000),
        say.toolCall({ id: 'c1', name: 'report_thinking', args: { step: 'Search for refund notes' }, index: 0 }),
        say.toolCall({ id: 'c2', name: 'localSearch', args: { query: 'refunds' }, index: 1 }),
        say.usage(100, 20),
        say.finish('tool_calls'),
      ],
      [say.advance(400), say.toolCall({ id: 'c3', name: 'readNote', args: { path: 'Refund policy.md' } }), say.usage(150, 10), say.finish('tool_calls')],
      [say.advance(1000), say.text(ANSWER_1), say.advance(300), say.text(ANSWER_2), say.usage(200, 30), say.finish()],
    ],
    clock,
  );
}

describe('runAgent: a full run', () => {
  it('emits reasoning, a thought, two tool calls and the answer in exactly this order, with durations', async () => {
    const clock = new FakeClock(T);
    const { events, result } = await runWithDefaults({ model: fullRunScript(clock), clock });
    const reasoningStep = { id: 's1', kind: 'reasoning', summary: 'I should search the notes for refunds.', at: T + 500 };
    const searchArgs = { query: 'refunds' };
    expect(events).toEqual([
      { ...base, type: 'run_start', at: T, model: 'test-model', question: 'How long do refunds take?' },
      { ...base, type: 'reasoning_delta', at: T + 500, stepId: 's1', text: 'I should search the notes' },
      { ...base, type: 'reasoning_delta', at: T + 500, stepId: 's1', text: ' for refunds.\nThen read the policy.' },
      { ...base, type: 'step', at: T + 500, step: { ...reasoningStep, detail: 'I should search the notes for refunds.' } },
      { ...base, type: 'step', at: T + 1500, step: { ...reasoningStep, detail: 'I should search the notes for refunds.\nThen read the policy.' } },
      { ...base, type: 'step', at: T + 1500, step: { id: 's2', kind: 'thought', summary: 'Search for refund notes', at: T + 1500 } },
      { ...base, type: 'step', at: T + 1500, step: { id: 's3', kind: 'tool', summary: 'Searching notes for "refunds"', at: T + 1500, tool: { name: 'localSearch', args: searchArgs, status: 'running' } } },
      { ...base, type: 'tool_start', at: T + 1500, stepId: 's3', callId: 'c2', name: 'localSearch', args: searchArgs },
      { ...base, type: 'tool_end', at: T + 1700, stepId: 's3', callId: 'c2', name: 'localSearch', status: 'ok', durationMs: 200, output: SEARCH_OUTPUT },
      {
        ...base,
        type: 'step',
        at: T + 1700,
        step: { id: 's3', kind: 'tool', summary: 'Found 2 notes: Refund policy, Escalation', at: T + 1500, tool: { name: 'localSearch', args: searchArgs, status: 'ok', durationMs: 200, output: SEARCH_OUTPUT, outputChars: SEARCH_OUTPUT.length } },
      },
      { ...base, type: 'step', at: T + 2100, step: { id: 's4', kind: 'tool', summary: 'Reading Refund policy.md', at: T + 2100, tool: { name: 'readNote', args: { path: 'Refund policy.md' }, status: 'running' } } },
      { ...base, type: 'tool_start', at: T + 2100, stepId: 's4', callId: 'c3', name: 'readNote', args: { path: 'Refund policy.md' } },
      { ...base, type: 'tool_end', at: T + 2400, stepId: 's4', callId: 'c3', name: 'readNote', status: 'ok', durationMs: 300, output: 'Refunds are paid within 14 days of the return.' },
      { ...base, type: 'answer_start', at: T + 3400 },
      { ...base, type: 'text_delta', at: T + 3400, text: ANSWER_1 },
      { ...base, type: 'text_delta', at: T + 3700, text: ANSWER_2 },
      { ...base, type: 'run_end', at: T + 3700, status: 'complete', elapsedMs: 3400, usage: { promptTokens: 450, completionTokens: 60 }, turns: TURNS },
    ]);
    expect(result.status).toBe('complete');
    expect(result.answer).toBe(ANSWER_1 + ANSWER_2);
  });

  it('returns the final payload and the content with its marker', async () => {
    const clock = new FakeClock(T);
    const { result } = await runWithDefaults({ model: fullRunScript(clock), clock });
    expect(result.payload).toEqual({
      v: 1,
      status: 'complete',
      startedAt: T,
      answerStartedAt: T + 3400,
      endedAt: T + 3700,
      elapsedMs: 3400,
      usage: { promptTokens: 450, completionTokens: 60 },
      // Each model call: when it was sent, how long it streamed, what the script reported.
      turns: TURNS,
      steps: [
        { id: 's1', kind: 'reasoning', summary: 'I should search the notes for refunds.', detail: 'I should search the notes for refunds.\nThen read the policy.', at: T + 500 },
        { id: 's2', kind: 'thought', summary: 'Search for refund notes', at: T + 1500 },
        {
          id: 's3',
          kind: 'tool',
          summary: 'Found 2 notes: Refund policy, Escalation',
          at: T + 1500,
          tool: { name: 'localSearch', args: { query: 'refunds' }, status: 'ok', durationMs: 200, output: SEARCH_OUTPUT, outputChars: SEARCH_OUTPUT.length },
        },
        {
          id: 's4',
          kind: 'tool',
          summary: 'Reading Refund policy.md',
          at: T + 2100,
          tool: { name: 'readNote', args: { path: 'Refund policy.md' }, status: 'ok', durationMs: 300, output: 'Refunds are paid within 14 days of the return.', outputChars: 46 },
        },
      ],
    });
    expect(result.content).toBe(composeAssistantContent(result.payload, result.answer));
    const parsed = parseAssistantContent(result.content);
    expect(parsed.reasoning).toEqual(result.payload);
    expect(parsed.text).toBe(ANSWER_1 + ANSWER_2);
  });

  it('keeps the provider transcript of the turn: tool calls, results, raw reasoning, the answer', async () => {
    const clock = new FakeClock(T);
    const { result } = await runWithDefaults({ model: fullRunScript(clock), clock });
    expect(result.transcript).toEqual([
      {
        role: 'assistant',
        content: '',
        reasoning: 'I should search the notes for refunds.\nThen read the policy.',
        toolCalls: [
          { id: 'c1', name: 'report_thinking', arguments: '{"step":"Search for refund notes"}' },
          { id: 'c2', name: 'localSearch', arguments: '{"query":"refunds"}' },
        ],
      },
      { role: 'tool', toolCallId: 'c1', content: 'Noted. Continue.' },
      { role: 'tool', toolCallId: 'c2', content: SEARCH_OUTPUT },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c3', name: 'readNote', arguments: '{"path":"Refund policy.md"}' }] },
      { role: 'tool', toolCallId: 'c3', content: 'Refunds are paid within 14 days of the return.' },
      { role: 'assistant', content: ANSWER_1 + ANSWER_2 },
    ]);
  });

  it('sends the system prompt, the stripped history, the question and the tool schemas', async () => {
    const clock = new FakeClock(T);
    const model = fullRunScript(clock);
    const marker = '<!--REASONING_BLOCK:{"v":1,"status":"complete","startedAt":1,"elapsedMs":5,"steps":[]}-->';
    await runWithDefaults({
      model,
      clock,
      history: [
        { role: 'user', content: 'Earlier question' },
        { role: 'assistant', content: `${marker}\n\nEarlier answer citing [[Returns]].` },
      ],
    });
    const [first, second] = model.requests;
    expect(first.model).toBe('test-model');
    const [system, ...rest] = first.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain('report_thinking');
    expect(system.content).toContain('[[');
    expect(system.content).toContain('Never quote');
    expect(rest).toEqual([
      { role: 'user', content: 'Earlier question' },
      { role: 'assistant', content: 'Earlier answer citing [[Returns]].' },
      { role: 'user', content: 'How long do refunds take?' },
    ]);
    expect(first.tools!.map((tool) => tool.name)).toEqual(['localSearch', 'readNote', 'report_thinking', 'think_aloud']);
    expect(first.tools![0].parameters).toEqual({
      type: 'object',
      properties: { query: { type: 'string', minLength: 1 }, limit: { type: 'integer', minimum: 1, maximum: 20 } },
      required: ['query'],
      additionalProperties: false,
    });
    // The second call carries the first turn's tool calls and results.
    expect(second.messages.slice(4).map((message) => message.role)).toEqual(['assistant', 'tool', 'tool']);
  });

  it('hands over the run as values, one new object per change', async () => {
    const clock = new FakeClock(T);
    const runs: LiveRun[] = [];
    const { result, events } = await runWithDefaults({ model: fullRunScript(clock), clock, onRun: (run) => runs.push(run) });
    // The last values are the saved content, composed once.
    expect(composeAssistantContent(runs.at(-1)!.reasoning, runs.at(-1)!.answer)).toBe(result.content);
    expect(runs.at(-1)!.answer).toBe(result.answer);
    expect(new Set(runs).size).toBe(runs.length);
    // One hand-over per text delta: the answer as values, never re-read from a marker.
    expect(runs.filter((run, index) => run.answer !== (runs[index - 1]?.answer ?? '')).length).toBe(events.filter((event) => event.type === 'text_delta' && event.text !== '').length);
    // While only the answer grows, the reasoning state is the same object.
    const answering = runs.filter((run) => run.answer !== '');
    expect(new Set(answering.map((run) => run.reasoning)).size).toBeLessThan(answering.length);
  });
});

describe('runAgent: consumers', () => {
  it('finishes the run when an event listener throws', async () => {
    const model = new ScriptedChatModel([[say.text('Refunds take 14 days.'), say.finish()]]);
    const result = await runAgent({
      model,
      modelName: 'm',
      tools: [],
      question: 'q',
      history: [],
      signal: new AbortController().signal,
      onEvent: () => {
        throw new Error('render bug');
      },
    });
    expect(result).toMatchObject({ status: 'complete', answer: 'Refunds take 14 days.' });
  });
});
