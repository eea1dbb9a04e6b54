import { act, fireEvent, screen, within } from '@testing-library/react/pure';
import type { AgentEvent } from '../../../src/agent/events';
import { cleanupChat, mountChat } from '../../support/chat-harness';
import { T0 } from '../../support/ui-payloads';

afterEach(cleanupChat);

type EventDraft = AgentEvent extends infer E ? (E extends AgentEvent ? Omit<E, 'runId' | 'at'> : never) : never;
const e = (event: EventDraft): AgentEvent => ({ runId: 'r1', at: T0, ...event });

async function send(text: string) {
  fireEvent.input(screen.getByTestId('composer-input'), { target: { value: text } });
  await act(async () => {
    fireEvent.keyDown(screen.getByTestId('composer-input'), { key: 'Enter' });
  });
}

/** Runs one complete turn whose answer is `chunks` text deltas, releasing a frame every `perFrame` chunks. */
async function streamTurn(chat: ReturnType<typeof mountChat>, options: { chunks: number; perFrame: number }) {
  await send('question');
  const run = chat.scripted.runs[chat.scripted.runs.length - 1];
  run.emit(e({ type: 'run_start', model: 'm', question: 'question' }));
  run.emit(e({ type: 'step', step: { id: 's1', kind: 'tool', summary: 'Searching', at: T0, tool: { name: 'localSearch', args: {}, status: 'ok', durationMs: 5 } } }));
  run.emit(e({ type: 'answer_start' }));
  chat.frames.flush();
  const commitsBefore = chat.commits();
  let frames = 0;
  for (let index = 0; index < options.chunks; index += 1) {
    // Every 40th chunk starts a new paragraph, so the answer has many finished blocks.
    run.emit(e({ type: 'text_delta', text: index % 40 === 39 ? `w${index}\n\n` : `w${index} ` }));
    if (index % options.perFrame === options.perFrame - 1) frames += chat.frames.flush();
  }
  frames += chat.frames.flush();
  const streamingCommits = chat.commits() - commitsBefore;
  await run.end('complete');
  return { frames, streamingCommits };
}

describe('render budget (DESIGN.md 10)', () => {
  it('a 2,000-chunk answer commits at most once per frame, leaves earlier messages alone and never remounts a root', async () => {
    const chat = mountChat();
    await streamTurn(chat, { chunks: 20, perFrame: 5 });
    const firstIds = [...chat.messageRenders.keys()];
    const rendersBefore = new Map(chat.messageRenders);
    const rootsCreatedBefore = chat.roots.created;
    const markdownBefore = chat.host.rendered.length;

    const { frames, streamingCommits } = await streamTurn(chat, { chunks: 2000, perFrame: 20 });

    // 100 frames with new text, plus the one after the last publish that closes its frame.
    expect(frames).toBeGreaterThanOrEqual(100);
    expect(streamingCommits).toBeLessThanOrEqual(100);
    for (const id of firstIds) expect(chat.messageRenders.get(id)).toBe(rendersBefore.get(id));
    // One new reasoning root for the new answer; none remounted.
    expect(chat.roots.created).toBe(rootsCreatedBefore + 1);
    // Tail-only Markdown: about one block render per frame, not one per chunk nor per block.
    const markdownRenders = chat.host.rendered.length - markdownBefore;
    expect(markdownRenders).toBeLessThanOrEqual(frames + 2000 / 40 + 2);
    expect(screen.getAllByTestId('message-assistant')[1].textContent).toContain('w1999');
  });

  it('a new chat saved to its note keeps its rendered answers, and their links open from the note', async () => {
    const chat = mountChat({ sourcePath: '' });
    await send('question');
    const run = chat.scripted.runs[0];
    run.emit(e({ type: 'run_start', model: 'm', question: 'question' }));
    run.emit(e({ type: 'answer_start' }));
    run.emit(e({ type: 'text_delta', text: 'Refunds take 14 days.\n\nSee [[Refund policy]].' }));
    chat.frames.flush();
    await run.end('complete');
    chat.frames.flush();
    const body = screen.getByTestId('assistant-message-body');
    const firstBlock = body.querySelector('.glassbox-piece');
    const rendered = [...chat.host.rendered];

    chat.setSourcePath('Glassbox/Conversations/Refunds.md');

    // The same elements: no block's Markdown rendered again (the browser keeps their remembered heights).
    expect(screen.getByTestId('assistant-message-body')).toBe(body);
    expect(body.querySelector('.glassbox-piece')).toBe(firstBlock);
    expect(chat.host.rendered).toEqual(rendered);
    fireEvent.click(within(body).getByText('Refund policy'));
    expect(chat.host.openedLinks).toEqual([{ linktext: 'Refund policy', sourcePath: 'Glassbox/Conversations/Refunds.md' }]);
  });

  it("a new chat's note path arriving (its first save) re-renders no message, only hands the path to the answers", async () => {
    const chat = mountChat({ sourcePath: '' });
    await streamTurn(chat, { chunks: 10, perFrame: 5 });
    const before = new Map(chat.messageRenders);
    chat.setSourcePath('Glassbox/Conversations/Refunds.md');
    expect(new Map(chat.messageRenders)).toEqual(before);
  });

  it('typing in the composer re-renders no message', async () => {
    const chat = mountChat();
    await streamTurn(chat, { chunks: 10, perFrame: 5 });
    const before = new Map(chat.messageRenders);
    const input = screen.getByTestId('composer-input');
    for (const text of ['h', 'he', 'hel', 'hell', 'hello']) fireEvent.input(input, { target: { value: text } });
    expect(new Map(chat.messageRenders)).toEqual(before);
  });

  it('unmounting the panel releases every root', async () => {
    const chat = mountChat();
    await streamTurn(chat, { chunks: 10, perFrame: 5 });
    await streamTurn(chat, { chunks: 10, perFrame: 5 });
    expect(chat.roots.live).toBe(2);
    await act(async () => chat.view.unmount());
    expect(chat.roots.live).toBe(0);
    expect(chat.host.liveComponents()).toBe(0);
  });
});

describe('one commit per frame over a whole run (DESIGN.md 10)', () => {
  it('steps, status changes, the answer and the end of the run never commit twice between two frames', async () => {
    const chat = mountChat();
    await send('question');
    const run = chat.scripted.runs[0];
    // Commits between two frame callbacks, the frame's own publish included.
    const perInterval: number[] = [];
    let mark = chat.commits();
    const frame = () => {
      chat.frames.flush();
      perInterval.push(chat.commits() - mark);
      mark = chat.commits();
    };
    run.emit(e({ type: 'run_start', model: 'm', question: 'question' }));
    frame();
    for (let index = 1; index <= 6; index += 1) {
      // Several events per frame: a step starts and finishes, the status moves on.
      run.emit(e({ type: 'step', step: { id: `s${index}`, kind: 'tool', summary: `Step ${index}`, at: T0, tool: { name: 'localSearch', args: {}, status: 'running' } } }));
      run.emit(e({ type: 'step', step: { id: `s${index}`, kind: 'tool', summary: `Step ${index}`, at: T0, tool: { name: 'localSearch', args: {}, status: 'ok', durationMs: 5 } } }));
      frame();
    }
    run.emit(e({ type: 'answer_start' }));
    for (let index = 0; index < 60; index += 1) {
      run.emit(e({ type: 'text_delta', text: index % 10 === 9 ? `w${index}\n\n` : `w${index} ` }));
      if (index % 7 === 6) frame();
    }
    // The last text and the end of the run arrive in the same frame as a publish.
    frame();
    run.emit(e({ type: 'text_delta', text: 'last words' }));
    frame();
    await run.end('complete');
    perInterval.push(chat.commits() - mark);
    mark = chat.commits();
    for (let index = 0; index < 3; index += 1) frame();

    expect(Math.max(...perInterval)).toBe(1);
    expect(screen.queryByTestId('stop-button')).toBeNull();
    const answer = screen.getAllByTestId('message-assistant')[0];
    expect(answer.textContent).toContain('last words');
    expect(within(answer).getByTestId('reasoning-label').textContent).not.toMatch(/^Reasoning/);
  });
});
