import { act, fireEvent, screen } from '@testing-library/react/pure';
import type { AgentEvent } from '../../../src/agent/events';
import { cleanupChat, mountChat } from '../../support/chat-harness';
import { T0 } from '../../support/ui-payloads';

afterEach(cleanupChat);

type EventDraft = AgentEvent extends infer E ? (E extends AgentEvent ? Omit<E, 'runId' | 'at'> : never) : never;
const e = (event: EventDraft): AgentEvent => ({ runId: 'r1', at: T0, ...event });

async function startAnswer() {
  const chat = mountChat();
  fireEvent.input(screen.getByTestId('composer-input'), { target: { value: 'What changed?' } });
  await act(async () => {
    fireEvent.keyDown(screen.getByTestId('composer-input'), { key: 'Enter' });
  });
  const run = chat.scripted.runs[0];
  run.emit(e({ type: 'run_start', model: 'm', question: 'What changed?' }));
  run.emit(e({ type: 'step', step: { id: 's1', kind: 'tool', summary: 'Searching the vault', at: T0, tool: { name: 'localSearch', args: {}, status: 'ok', durationMs: 5 } } }));
  run.emit(e({ type: 'answer_start' }));
  chat.frames.flush();
  chat.frames.flush();
  return { chat, run };
}

const body = () => screen.getByTestId('assistant-message-body');

describe('AssistantMessageBody', () => {
  it("shows a streaming answer frame by frame without rendering the panel's React tree again", async () => {
    const { chat, run } = await startAnswer();
    const commitsBefore = chat.commits();
    const seen: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      run.emit(e({ type: 'text_delta', text: `word${index} ` }));
      chat.frames.flush();
      seen.push(body().textContent ?? '');
    }
    chat.frames.flush();
    // The text reached the DOM as it streamed (every other frame at most: answer text skips a frame)...
    expect(new Set(seen).size).toBeGreaterThanOrEqual(15);
    expect(body().textContent).toContain('word29');
    // ...and the panel's root never committed for it.
    expect(chat.commits()).toBe(commitsBefore);
    await run.end('complete');
  });

  it('renders a finished answer whole, as Markdown, and folds its reasoning to "Thought for"', async () => {
    // The reasoning block folds on a timer a second after the answer starts.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate', 'requestAnimationFrame'] });
    const { chat, run } = await startAnswer();
    const answer = '## Decision\n\nWe keep **monthly** pricing.\n\n- first reason\n- second reason\n\nThe last paragraph ends here.';
    for (const token of answer.match(/\S+\s*/g) ?? []) {
      run.emit(e({ type: 'text_delta', text: token }));
      chat.frames.flush();
    }
    const answerBlocks = body().querySelector('.glassbox-message-markdown')!;
    // While it streams, the open last block is plain text, not yet Markdown.
    expect(answerBlocks.querySelector('.glassbox-piece-streaming')?.textContent).toContain('The last paragraph');
    await run.end('complete');
    chat.frames.flush();
    expect(answerBlocks.querySelector('h2')?.textContent).toBe('Decision');
    expect(answerBlocks.querySelector('strong')?.textContent).toBe('monthly');
    expect([...answerBlocks.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['first reason', 'second reason']);
    expect([...answerBlocks.querySelectorAll('.glassbox-piece > p')].map((p) => p.textContent)).toEqual(['We keep monthly pricing.', 'The last paragraph ends here.']);
    expect(answerBlocks.querySelector('.glassbox-streaming-tail, .glassbox-piece-streaming')).toBeNull();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('reasoning-label').textContent).toMatch(/^Thought for /);
    expect(screen.getByTestId('reasoning-content').hidden).toBe(true);
    jest.useRealTimers();
  });

  it("leaves an earlier answer's rendered blocks alone while the next answer streams", async () => {
    const { chat, run } = await startAnswer();
    run.emit(e({ type: 'text_delta', text: 'First answer.\n\nIts second block.' }));
    chat.frames.flush();
    await run.end('complete');
    chat.frames.flush();
    const firstBlocks = [...body().querySelectorAll('p')];
    expect(firstBlocks.map((p) => p.textContent)).toEqual(['First answer.', 'Its second block.']);

    fireEvent.input(screen.getByTestId('composer-input'), { target: { value: 'And then?' } });
    await act(async () => {
      fireEvent.keyDown(screen.getByTestId('composer-input'), { key: 'Enter' });
    });
    const next = chat.scripted.runs[1];
    next.emit(e({ type: 'run_start', model: 'm', question: 'And then?' }));
    next.emit(e({ type: 'answer_start' }));
    for (let index = 0; index < 10; index += 1) {
      next.emit(e({ type: 'text_delta', text: `more${index} ` }));
      chat.frames.flush();
    }
    chat.frames.flush();
    const [first, second] = screen.getAllByTestId('assistant-message-body');
    expect(second.textContent).toContain('more9');
    // The same elements, not rendered again.
    expect([...first.querySelectorAll('p')]).toEqual(firstBlocks);
    firstBlocks.forEach((block) => expect(block.isConnected).toBe(true));
    await next.end('complete');
  });
});
