import { reduceReasoning, reasoningElapsedMs } from '../../src/agent/reasoning-state';
import type { AgentEvent } from '../../src/agent/events';
import { LIMITS, type ReasoningPayload } from '../../src/markers/reasoning-payload';
import { AgentEventsBuilder } from '../support/agent-events-builder';

const T0 = 1_763_768_491_000;

function fold(events: readonly AgentEvent[]): ReasoningPayload | null {
  return events.reduce<ReasoningPayload | null>(reduceReasoning, null);
}

describe('reduceReasoning', () => {
  it('folds a whole run into the version-1 payload with frozen reasoning time', () => {
    const log = new AgentEventsBuilder(T0)
      .runStart()
      .after(1200)
      .step({ id: 's1', kind: 'thought', summary: 'Search for refund notes' })
      .step({ id: 's2', kind: 'tool', summary: 'Searching notes for "refunds"', tool: { name: 'localSearch', args: { query: 'refunds' }, status: 'running' } })
      .toolStart('s2')
      .after(300)
      .toolEnd('s2', { durationMs: 300, output: 'Refund policy.md: 14 days' })
      .step({ id: 's2', kind: 'tool', summary: 'Found 1 note: Refund policy', at: T0 + 1200, tool: { name: 'localSearch', args: { query: 'refunds' }, status: 'ok', durationMs: 300, output: 'Refund policy.md: 14 days', outputChars: 25 } })
      .after(500)
      .answerStart()
      .text('Fourteen days ([[Refund policy]]).')
      .after(2000)
      .runEnd('complete', { usage: { promptTokens: 300, completionTokens: 40 } });

    expect(fold(log.events)).toEqual({
      v: 1,
      status: 'complete',
      startedAt: T0,
      answerStartedAt: T0 + 2000,
      endedAt: T0 + 4000,
      elapsedMs: 2000,
      usage: { promptTokens: 300, completionTokens: 40 },
      steps: [
        { id: 's1', kind: 'thought', summary: 'Search for refund notes', at: T0 + 1200 },
        {
          id: 's2',
          kind: 'tool',
          summary: 'Found 1 note: Refund policy',
          at: T0 + 1200,
          tool: { name: 'localSearch', args: { query: 'refunds' }, status: 'ok', durationMs: 300, output: 'Refund policy.md: 14 days', outputChars: 25 },
        },
      ],
    });
  });

  it('returns the same object when nothing visible changes', () => {
    const log = new AgentEventsBuilder(T0).runStart().after(100).step({ id: 's1', kind: 'thought', summary: 'Plan' });
    const state = fold(log.events);
    const more = new AgentEventsBuilder(T0 + 500);
    more.add({ type: 'reasoning_delta', stepId: 's9', text: 'hmm' }).step({ id: 's1', kind: 'thought', summary: 'Plan', at: T0 + 100 }).answerStart().text('Hello');
    const [reasoningDelta, sameStep, answerStart, text] = more.events;
    expect(reduceReasoning(state, reasoningDelta)).toBe(state);
    expect(reduceReasoning(state, sameStep)).toBe(state);
    const collapsed = reduceReasoning(state, answerStart);
    expect(collapsed).not.toBe(state);
    expect(collapsed?.status).toBe('collapsed');
    expect(reduceReasoning(collapsed, text)).toBe(collapsed);
    expect(reduceReasoning(collapsed, answerStart)).toBe(collapsed);
  });

  it('leaves null alone until run_start and ignores events after run_end', () => {
    const early = new AgentEventsBuilder(T0).step({ id: 's1', kind: 'thought', summary: 'Too early' }).events[0];
    expect(reduceReasoning(null, early)).toBeNull();
    const ended = fold(new AgentEventsBuilder(T0).runStart().after(10).runEnd('stopped').events);
    const late = new AgentEventsBuilder(T0 + 50).step({ id: 's1', kind: 'thought', summary: 'Too late' }).events[0];
    expect(reduceReasoning(ended, late)).toBe(ended);
    expect(ended).toMatchObject({ status: 'stopped', elapsedMs: 10, endedAt: T0 + 10 });
  });

  it('freezes the timer while awaiting input and leaves the wait out of elapsedMs', () => {
    const log = new AgentEventsBuilder(T0).runStart().after(2000).step({ id: 's1', kind: 'input', summary: 'Asked: Which year?' }).inputRequest('s1');
    const waiting = fold(log.events)!;
    expect(waiting).toMatchObject({ status: 'awaiting_input', elapsedMs: 2000 });
    expect(reasoningElapsedMs(waiting, T0 + 60_000)).toBe(2000);
    log.after(30_000).inputResponse('s1', 'answered', '2024').after(1000).runEnd('complete');
    const ended = fold(log.events)!;
    expect(ended).toMatchObject({ status: 'complete', pausedMs: 30_000, elapsedMs: 3000 });
    expect(ended).not.toHaveProperty('pauseStartedAt');
  });

  it('counts a wait cut short by run_end as paused', () => {
    const log = new AgentEventsBuilder(T0).runStart().after(1000).inputRequest('s1').after(5000).runEnd('stopped');
    expect(fold(log.events)).toMatchObject({ status: 'stopped', pausedMs: 5000, elapsedMs: 1000 });
  });

  it('clamps summaries to one line of 120, details to 2,000 and tool output to 4,000 characters with outputChars', () => {
    const log = new AgentEventsBuilder(T0)
      .runStart()
      .step({ id: 's1', kind: 'reasoning', summary: `first line\n${'x'.repeat(300)}`, detail: 'd'.repeat(5000) })
      .step({ id: 's2', kind: 'tool', summary: 'Reading a long note', tool: { name: 'readNote', args: {}, status: 'running' } })
      .toolEnd('s2', { name: 'readNote', durationMs: 5, output: 'o'.repeat(10_000) });
    const state = fold(log.events)!;
    const [reasoning, tool] = state.steps;
    expect(reasoning.summary.length).toBe(LIMITS.summaryChars);
    expect(reasoning.summary.startsWith('first line x')).toBe(true);
    expect(reasoning.detail!.length).toBe(LIMITS.detailChars);
    expect(tool.tool).toMatchObject({ status: 'ok', durationMs: 5, outputChars: 10_000 });
    expect(tool.tool!.output!.length).toBe(LIMITS.toolOutputChars);
  });

  it.each([
    ['error', { error: 'The API key was rejected by api.openai.com.' }],
    ['max_iterations', {}],
    ['budget', { error: "Stopped at the run's token limit of 5,000 tokens: 4,210 tokens spent, and the next request (~1,300 tokens) would cross it." }],
    ['stopped', {}],
  ] as const)('ends with status %s, keeping the error sentence', (status, extra) => {
    const state = fold(new AgentEventsBuilder(T0).runStart().after(3000).runEnd(status, extra).events);
    expect(state).toMatchObject({ status, elapsedMs: 3000, endedAt: T0 + 3000, ...extra });
  });

  it('gives a tool event without its step a bullet named after the tool', () => {
    const state = fold(new AgentEventsBuilder(T0).runStart().toolStart('s7', 'readNote', { path: 'A.md' }).events)!;
    expect(state.steps).toEqual([{ id: 's7', kind: 'tool', summary: 'readNote', at: T0, tool: { name: 'readNote', args: { path: 'A.md' }, status: 'running' } }]);
  });

  it('keeps reasoning time frozen when a step arrives after the answer started', () => {
    const log = new AgentEventsBuilder(T0).runStart().after(2000).answerStart().after(5000).step({ id: 's1', kind: 'tool', summary: 'Reading a late note' });
    expect(fold(log.events)).toMatchObject({ status: 'collapsed', elapsedMs: 2000, answerStartedAt: T0 + 2000 });
  });
});
