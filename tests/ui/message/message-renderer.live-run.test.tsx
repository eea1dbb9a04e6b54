import { act, screen } from '@testing-library/react/pure';
import type { AgentEvent } from '../../../src/agent/events';
import { orderedMessages } from '../../../src/chat';
import { parseAssistantContent } from '../../../src/markers';
import { readLeadingMarker } from '../../../src/markers/read-leading-marker';
import { composeAssistantContent, serializeReasoningBlock } from '../../../src/markers/serialize-reasoning-block';
import { cleanupChat, mountChat } from '../../support/chat-harness';
import { T0 } from '../../support/ui-payloads';

// The real marker codec, counted: every read of a message's leading marker and every write of one.
jest.mock('../../../src/markers/read-leading-marker', () => {
  const actual = jest.requireActual<typeof import('../../../src/markers/read-leading-marker')>('../../../src/markers/read-leading-marker');
  return { ...actual, readLeadingMarker: jest.fn(actual.readLeadingMarker) };
});
jest.mock('../../../src/markers/serialize-reasoning-block', () => {
  const actual = jest.requireActual<typeof import('../../../src/markers/serialize-reasoning-block')>('../../../src/markers/serialize-reasoning-block');
  return { ...actual, serializeReasoningBlock: jest.fn(actual.serializeReasoningBlock), composeAssistantContent: jest.fn(actual.composeAssistantContent) };
});

const reads = readLeadingMarker as jest.MockedFunction<typeof readLeadingMarker>;
const writes = [serializeReasoningBlock, composeAssistantContent] as jest.Mock[];
const writeCount = () => writes.reduce((sum, mock) => sum + mock.mock.calls.length, 0);

afterEach(cleanupChat);

type EventDraft = AgentEvent extends infer E ? (E extends AgentEvent ? Omit<E, 'runId' | 'at'> : never) : never;
const e = (event: EventDraft): AgentEvent => ({ runId: 'r1', at: T0, ...event });

describe('a live run reaches the renderer as data (DESIGN.md 12.2)', () => {
  it('streams steps and answer frame by frame without reading or writing a marker, and saves the same message', async () => {
    const chat = mountChat();
    await act(async () => {
      void chat.controller.send('What did we decide about pricing?');
    });
    const run = chat.scripted.runs[0];
    reads.mockClear();
    writes.forEach((mock) => mock.mockClear());

    run.emit(e({ type: 'run_start', model: 'm', question: 'What did we decide about pricing?' }));
    chat.frames.flush();
    for (let index = 1; index <= 6; index += 1) {
      run.emit(e({ type: 'step', step: { id: `s${index}`, kind: 'tool', summary: `Searched for pricing ${index}`, at: T0 + index, tool: { name: 'localSearch', args: {}, status: 'ok', durationMs: 5 } } }));
      chat.frames.flush();
      // Each step is on screen with its frame.
      expect(screen.getAllByTestId('message-assistant')[0].textContent).toContain(`Searched for pricing ${index}`);
    }
    run.emit(e({ type: 'answer_start' }));
    let frames = 0;
    for (let index = 0; index < 200; index += 1) {
      run.emit(e({ type: 'text_delta', text: index % 25 === 24 ? `w${index}.\n\n` : `w${index} ` }));
      if (index % 10 === 9) frames += chat.frames.flush();
    }
    frames += chat.frames.flush();

    // What the user sees streamed: the answer so far (the block has folded its steps).
    const message = screen.getAllByTestId('message-assistant')[0];
    expect(message.textContent).toContain('w199');
    expect(frames).toBeGreaterThanOrEqual(20);
    // ... and no marker was parsed or serialised for it, in any of those frames.
    expect(reads).not.toHaveBeenCalled();
    expect(writeCount()).toBe(0);

    await run.end('complete');
    // The finished message's marker is read once by each reader of a finished answer: the
    // renderer, the answer actions (its text, its cited notes) and the Continue check. Not per frame.
    const readsAtEnd = reads.mock.calls.length;
    expect(readsAtEnd).toBeLessThanOrEqual(4);
    chat.frames.flush();
    expect(reads.mock.calls.length).toBe(readsAtEnd);
    // The finished message is the one the runner composed, marker and answer, saved as before.
    const saved = orderedMessages(chat.controller.store.current()).at(-1)!;
    expect(saved.run).toBeUndefined();
    const parsed = parseAssistantContent(saved.content);
    expect(parsed.reasoning?.steps.map((step) => step.summary)).toEqual([1, 2, 3, 4, 5, 6].map((index) => `Searched for pricing ${index}`));
    expect(parsed.text.trim().endsWith('w199.')).toBe(true);
    expect(message.textContent).toContain('w199');
  });

  it('saves a run that waits for the user with its steps and answer so far, composed for the save', async () => {
    const saves: string[] = [];
    const chat = mountChat({ saver: { save: (conversation) => { saves.push(conversation.messages.at(-1)!.content); return Promise.resolve(); } } });
    await act(async () => {
      void chat.controller.send('Which pass?');
    });
    const run = chat.scripted.runs[0];
    run.emit(e({ type: 'run_start', model: 'm', question: 'Which pass?' }));
    run.emit(e({ type: 'step', step: { id: 's1', kind: 'tool', summary: 'Read Pricing.md', at: T0 + 1, tool: { name: 'readNote', args: {}, status: 'ok', durationMs: 5 } } }));
    run.emit(e({ type: 'text_delta', text: 'Two options.' }));
    run.emit(e({ type: 'step', step: { id: 's2', kind: 'input', summary: 'Asked: weekly or monthly?', at: T0 + 2 } }));
    run.emit(e({ type: 'input_request', stepId: 's2', requestId: 'q1', question: 'Weekly or monthly?', options: ['Weekly', 'Monthly'] }));
    chat.frames.flush();
    expect(saves).toHaveLength(1);
    const parsed = parseAssistantContent(saves[0]);
    expect(parsed.reasoning?.steps.map((step) => step.summary)).toEqual(['Read Pricing.md', 'Asked: weekly or monthly?']);
    expect(parsed.text).toBe('Two options.');
  });
});
