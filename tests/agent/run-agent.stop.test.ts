import { z } from 'zod';
import type { AgentTool } from '../../src/agent/agent-tool';
import { parseAssistantContent } from '../../src/markers';
import { runWithDefaults } from '../support/agent-run-harness';
import { FakeClock } from '../support/fake-clock';
import { sampleSearchTool } from '../support/sample-agent-tools';
import { ScriptedChatModel, say } from '../support/scripted-chat-model';

const T = 2_000_000;

/** A tool that presses stop while it runs and then never finishes (it ignores its signal). */
function stuckTool(controller: AbortController, clock: FakeClock): AgentTool {
  return {
    name: 'readNote',
    description: 'Read a note.',
    schema: z.object({ path: z.string() }),
    describeStart: () => 'Reading a huge note',
    execute: () => {
      clock.advance(700);
      controller.abort();
      return new Promise(() => undefined);
    },
  };
}

describe('runAgent: stop', () => {
  it('during reasoning keeps the reasoning step and ends stopped with the marker', async () => {
    const clock = new FakeClock(T);
    const controller = new AbortController();
    const model = new ScriptedChatModel([[say.advance(900), say.reasoning('Looking for refund rules\nin the policy'), say.advance(500), say.call(() => controller.abort()), say.hang()]], clock);
    const { result, types } = await runWithDefaults({ model, clock, controller });
    expect(types).toEqual(['run_start', 'reasoning_delta', 'step', 'step', 'run_end']);
    expect(result.status).toBe('stopped');
    expect(result.payload).toMatchObject({ status: 'stopped', elapsedMs: 1400, endedAt: T + 1400 });
    expect(result.payload.steps).toEqual([{ id: 's1', kind: 'reasoning', summary: 'Looking for refund rules', detail: 'Looking for refund rules\nin the policy', at: T + 900 }]);
    expect(parseAssistantContent(result.content).reasoning?.status).toBe('stopped');
    expect(result.transcript).toEqual([{ role: 'assistant', content: '', reasoning: 'Looking for refund rules\nin the policy' }]);
  });

  it('during a tool cancels it at once and answers every open call with "cancelled by user"', async () => {
    const clock = new FakeClock(T);
    const controller = new AbortController();
    const model = new ScriptedChatModel(
      [
        [
          say.toolCall({ id: 'c1', name: 'localSearch', args: { query: 'refunds' }, index: 0 }),
          say.toolCall({ id: 'c2', name: 'readNote', args: { path: 'Huge.md' }, index: 1 }),
          say.toolCall({ id: 'c3', name: 'localSearch', args: { query: 'returns' }, index: 2 }),
          say.finish('tool_calls'),
        ],
      ],
      clock,
    );
    const { result, events } = await runWithDefaults({ model, clock, controller, tools: [sampleSearchTool({ clock, searchMs: 100 }), stuckTool(controller, clock)] });
    expect(result.status).toBe('stopped');
    const toolEnds = events.filter((event) => event.type === 'tool_end');
    expect(toolEnds.map((event) => [event.callId, event.status, event.output.slice(0, 17)])).toEqual([
      ['c1', 'ok', 'Refund policy.md:'],
      ['c2', 'cancelled', 'cancelled by user'],
    ]);
    expect(result.payload.steps.map((step) => [step.summary, step.tool?.status])).toEqual([
      ['Found 2 notes: Refund policy, Escalation', 'ok'],
      ['Reading a huge note', 'cancelled'],
    ]);
    expect(result.transcript.slice(1)).toEqual([
      { role: 'tool', toolCallId: 'c1', content: expect.stringContaining('Refund policy.md') },
      { role: 'tool', toolCallId: 'c2', content: 'cancelled by user' },
      { role: 'tool', toolCallId: 'c3', content: 'cancelled by user' },
    ]);
    expect(model.remaining).toBe(0);
  });

  it('during the answer keeps the partial answer', async () => {
    const clock = new FakeClock(T);
    const controller = new AbortController();
    const long = `Refunds take 14 days ([[Refund policy]]). ${'More detail follows. '.repeat(8)}`;
    const model = new ScriptedChatModel([[say.advance(1000), say.text(long), say.advance(2000), say.text('And then'), say.call(() => controller.abort()), say.hang()]], clock);
    const { result, types } = await runWithDefaults({ model, clock, controller });
    expect(types).toEqual(['run_start', 'answer_start', 'text_delta', 'text_delta', 'run_end']);
    expect(result).toMatchObject({ status: 'stopped', answer: `${long}And then` });
    expect(result.payload).toMatchObject({ status: 'stopped', elapsedMs: 1000, answerStartedAt: T + 1000, endedAt: T + 3000 });
    const parsed = parseAssistantContent(result.content);
    expect(parsed.text).toBe(`${long}And then`);
    expect(result.transcript).toEqual([{ role: 'assistant', content: `${long}And then` }]);
  });

  it('before anything streamed ends stopped with an empty answer', async () => {
    const controller = new AbortController();
    controller.abort();
    const model = new ScriptedChatModel([[say.text('never')]]);
    const { result, types } = await runWithDefaults({ model, controller });
    expect(types).toEqual(['run_start', 'run_end']);
    expect(result).toMatchObject({ status: 'stopped', answer: '', transcript: [] });
  });
});
