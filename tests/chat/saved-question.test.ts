import type { LlmMessage } from '../../src/llm/chat-types';
import { composeAssistantContent, parseAssistantContent } from '../../src/markers';
import type { ReasoningPayload } from '../../src/markers/reasoning-payload';
import { type ChatMessage, closeSavedQuestion, continuationOf } from '../../src/chat';

const ASKED_AT = Date.UTC(2026, 10, 22, 10, 15, 3);

const awaiting: ReasoningPayload = {
  v: 1,
  status: 'awaiting_input',
  startedAt: ASKED_AT - 3000,
  elapsedMs: 3000,
  steps: [
    { id: 's1', kind: 'tool', summary: 'Searched notes for "trip"', at: ASKED_AT - 2000, tool: { name: 'localSearch', args: { query: 'trip' }, status: 'ok', durationMs: 5 } },
    { id: 's2', kind: 'input', summary: 'Asked: Which trip?', detail: 'Options: Lisbon · Kyoto', at: ASKED_AT },
  ],
  pauseStartedAt: ASKED_AT,
};

function pendingMessage(transcript?: readonly LlmMessage[]): ChatMessage {
  return {
    id: 'a1',
    role: 'assistant',
    at: ASKED_AT - 3000,
    content: composeAssistantContent(awaiting, ''),
    pendingInput: { question: 'Which trip?', options: ['Lisbon', 'Kyoto'], requestId: 'call_ask', askedAt: ASKED_AT },
    ...(transcript ? { transcript } : {}),
  };
}

/** Every tool call of `messages` has exactly one result, after it. */
function everyCallAnswered(messages: readonly LlmMessage[]): boolean {
  return messages.every((message, index) => {
    if (message.role !== 'assistant') return true;
    return (message.toolCalls ?? []).every((call) => messages.slice(index + 1).filter((later) => later.role === 'tool' && later.toolCallId === call.id).length === 1);
  });
}

describe('continuationOf', () => {
  it('keeps the saved transcript up to the asking call and gives that call the answer instead of the stop result', () => {
    const transcript: LlmMessage[] = [
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_search', name: 'localSearch', arguments: '{"query":"trip"}' }] },
      { role: 'tool', toolCallId: 'call_search', content: 'Lisbon.md, Kyoto.md' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_ask', name: 'request_input', arguments: '{"question":"Which trip?"}' }, { id: 'call_read', name: 'readNote', arguments: '{"path":"Kyoto.md"}' }] },
      { role: 'tool', toolCallId: 'call_ask', content: 'Cancelled: the run was stopped.' },
      { role: 'tool', toolCallId: 'call_read', content: 'Kyoto in April.' },
      { role: 'assistant', content: 'partial' },
    ];
    const continued = continuationOf(pendingMessage(transcript), { outcome: 'answered', answer: 'Kyoto' });
    expect(continued).toEqual([
      ...transcript.slice(0, 3),
      { role: 'tool', toolCallId: 'call_ask', content: 'The user answered: Kyoto' },
      { role: 'tool', toolCallId: 'call_read', content: 'Kyoto in April.' },
    ]);
    expect(everyCallAnswered(continued)).toBe(true);
  });

  it('rebuilds the call and its result from the question when the note has no transcript', () => {
    const continued = continuationOf(pendingMessage(), { outcome: 'answered', answer: 'Lisbon' });
    expect(continued).toHaveLength(2);
    const [call, result] = continued;
    expect(call).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'call_ask', name: 'request_input' }] });
    expect(call.role === 'assistant' && JSON.parse(call.toolCalls![0].arguments)).toEqual({ question: 'Which trip?', options: ['Lisbon', 'Kyoto'] });
    expect(result).toEqual({ role: 'tool', toolCallId: 'call_ask', content: 'The user answered: Lisbon' });
  });

  it('answers calls the run never finished so the transcript stays valid', () => {
    const transcript: LlmMessage[] = [{ role: 'assistant', content: '', toolCalls: [{ id: 'call_ask', name: 'request_input', arguments: '{}' }, { id: 'call_slow', name: 'localSearch', arguments: '{}' }] }];
    const continued = continuationOf(pendingMessage(transcript), { outcome: 'dismissed' });
    expect(everyCallAnswered(continued)).toBe(true);
    expect(continued[1]).toMatchObject({ toolCallId: 'call_ask', content: expect.stringContaining('dismissed') });
  });
});

describe('closeSavedQuestion', () => {
  it('drops pendingInput and ends the block at the question, the input step showing the answer', () => {
    const closed = closeSavedQuestion(pendingMessage(), { outcome: 'answered', answer: 'Kyoto' });
    expect(closed.pendingInput).toBeUndefined();
    const payload = parseAssistantContent(closed.content).reasoning!;
    expect(payload.status).toBe('complete');
    expect(payload.endedAt).toBe(ASKED_AT);
    expect(payload).not.toHaveProperty('pauseStartedAt');
    expect(payload.steps[1]).toMatchObject({ kind: 'input', summary: 'Asked: Which trip?', detail: 'Answer: Kyoto' });
    expect(payload.steps[0]).toEqual(awaiting.steps[0]);
  });

  it('marks a dismissed question', () => {
    const closed = closeSavedQuestion(pendingMessage(), { outcome: 'dismissed' });
    expect(parseAssistantContent(closed.content).reasoning!.steps[1].detail).toBe('Dismissed');
  });
});
