import type { AgentInputOutcome } from '../../src/agent/agent-run-options';
import { runWithDefaults } from '../support/agent-run-harness';
import { FakeClock } from '../support/fake-clock';
import { ScriptedChatModel, say } from '../support/scripted-chat-model';

const T = 3_000_000;
const ask = (options?: string[]) => [
  say.advance(1000),
  say.toolCall({ id: 'q1', name: 'request_input', args: { question: 'Which year do you mean?', ...(options ? { options } : {}) } }),
  say.finish('tool_calls'),
];
const answer = [say.advance(500), say.text('In 2024 refunds took 14 days.'), say.finish()];

describe('runAgent: request_input', () => {
  it('pauses with the timer frozen, resumes with the answer and leaves the wait out of the reasoning time', async () => {
    const clock = new FakeClock(T);
    const model = new ScriptedChatModel([ask(['2023', '2024']), answer], clock);
    const asked: unknown[] = [];
    const { result, events } = await runWithDefaults({
      model,
      clock,
      askUser: (request) => {
        asked.push(request);
        clock.advance(60_000);
        return Promise.resolve<AgentInputOutcome>({ outcome: 'answered', answer: '2024' });
      },
    });
    expect(asked).toEqual([{ question: 'Which year do you mean?', options: ['2023', '2024'] }]);
    const flow = events.filter((event) => event.type === 'input_request' || event.type === 'input_response' || event.type === 'step');
    expect(flow).toEqual([
      expect.objectContaining({ type: 'step', at: T + 1000, step: { id: 's1', kind: 'input', summary: 'Asked: Which year do you mean?', detail: 'Options: 2023 · 2024', at: T + 1000 } }),
      expect.objectContaining({ type: 'input_request', at: T + 1000, stepId: 's1', requestId: 'q1', question: 'Which year do you mean?', options: ['2023', '2024'] }),
      expect.objectContaining({ type: 'input_response', at: T + 61_000, stepId: 's1', requestId: 'q1', outcome: 'answered', answer: '2024' }),
      expect.objectContaining({ type: 'step', step: { id: 's1', kind: 'input', summary: 'Asked: Which year do you mean?', detail: 'Answer: 2024', at: T + 1000 } }),
    ]);
    expect(result.payload).toMatchObject({ status: 'complete', pausedMs: 60_000, elapsedMs: 1500, answerStartedAt: T + 61_500 });
    expect(model.requests[1].messages.at(-1)).toEqual({ role: 'tool', toolCallId: 'q1', content: 'The user answered: 2024' });
    expect(events.some((event) => event.type === 'tool_start')).toBe(false);
  });

  it('tells the model when the user dismissed the question', async () => {
    const model = new ScriptedChatModel([ask(), answer]);
    const { result } = await runWithDefaults({ model, askUser: () => Promise.resolve({ outcome: 'dismissed' }) });
    expect(result.payload.steps[0]).toMatchObject({ kind: 'input', detail: 'Dismissed' });
    expect(model.requests[1].messages.at(-1)).toMatchObject({ content: 'The user dismissed the question without answering. Continue with your best judgement.' });
  });

  it('times out after the configured wait, aborting the question', async () => {
    let questionSignal: AbortSignal | undefined;
    const model = new ScriptedChatModel([ask(), answer]);
    const { result, events } = await runWithDefaults({
      model,
      inputTimeoutMs: 20,
      askUser: (_request, signal) => {
        questionSignal = signal;
        return new Promise(() => undefined);
      },
    });
    expect(events.find((event) => event.type === 'input_response')).toMatchObject({ outcome: 'timed_out' });
    expect(questionSignal?.aborted).toBe(true);
    expect(result.payload.steps[0]).toMatchObject({ detail: 'No answer in time' });
    expect(model.requests[1].messages.at(-1)).toMatchObject({ content: 'The user did not answer within 20 ms. Continue with your best judgement.' });
    expect(result.status).toBe('complete');
  });

  it('stops while waiting: the question is withdrawn and the call answered "cancelled by user"', async () => {
    const controller = new AbortController();
    const model = new ScriptedChatModel([ask(), answer]);
    const { result } = await runWithDefaults({
      model,
      controller,
      askUser: () => {
        controller.abort();
        return new Promise(() => undefined);
      },
    });
    expect(result.status).toBe('stopped');
    expect(result.payload).toMatchObject({ status: 'stopped' });
    expect(result.payload).not.toHaveProperty('pauseStartedAt');
    expect(result.transcript.at(-1)).toEqual({ role: 'tool', toolCallId: 'q1', content: 'cancelled by user' });
  });

  it('is not offered without askUser', async () => {
    const model = new ScriptedChatModel([answer]);
    await runWithDefaults({ model });
    expect(model.requests[0].tools!.map((tool) => tool.name)).not.toContain('request_input');
    expect(model.requests[0].messages[0].content).not.toContain('request_input');
  });
});
