import { act, fireEvent, screen } from '@testing-library/react/pure';
import type { AgentEvent } from '../../../src/agent/events';
import { cleanupChat, mountChat } from '../../support/chat-harness';
import { ConversationBuilder } from '../../support/conversation-builder';
import { T0 } from '../../support/ui-payloads';

// jsdom lays nothing out, so the message list gets a small box model of its own: 300 px high, each
// message 120 px plus a pixel per character, a scrollTop clamped like a browser's, and a
// ResizeObserver that reports the messages' and the list's changed sizes when the page lays out
// (after the DOM changed, as a browser does before it paints). The real scrolling in Chromium is
// in tests/e2e/chat-follow.e2e.ts.
const VIEW_HEIGHT = 300;
const tops = new WeakMap<HTMLElement, number>();
const isList = (element: HTMLElement) => element.dataset.testid === 'message-list';
const contentHeight = (element: HTMLElement) => element.querySelectorAll('[data-message-id]').length * 120 + (element.textContent ?? '').length;
const maxTop = (element: HTMLElement) => Math.max(0, contentHeight(element) - VIEW_HEIGHT);
/** The height the fake ResizeObserver reports: the list's box, or one message's (other children have none). */
const boxHeight = (element: HTMLElement): number => {
  if (isList(element)) return VIEW_HEIGHT;
  return element.dataset.messageId === undefined ? 0 : 120 + (element.textContent ?? '').length;
};

const resizeObservers = new Set<FakeResizeObserver>();

class FakeResizeObserver {
  private readonly reported = new Map<HTMLElement, number>();
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: HTMLElement): void {
    // A browser reports a newly observed element with its first size (from zero).
    this.reported.set(target, 0);
    resizeObservers.add(this);
  }
  unobserve(target: HTMLElement): void {
    this.reported.delete(target);
  }
  disconnect(): void {
    this.reported.clear();
    resizeObservers.delete(this);
  }
  deliver(): void {
    const entries: ResizeObserverEntry[] = [];
    for (const [target, last] of this.reported) {
      const height = boxHeight(target);
      if (height === last) continue;
      this.reported.set(target, height);
      // The hook reads no field of an entry: that a size changed is all it needs.
      entries.push({ target } as unknown as ResizeObserverEntry);
    }
    if (entries.length > 0) this.callback(entries, this);
  }
}

/** A browser's layout after the DOM changed: observers hear of every size that changed. */
function layOut(): void {
  for (const observer of [...resizeObservers]) observer.deliver();
}
const layoutOnChange = new MutationObserver(layOut);

const originals = {
  scrollTop: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')!,
  scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')!,
  clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!,
};

beforeAll(() => {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = FakeResizeObserver;
  layoutOnChange.observe(document.body, { childList: true, subtree: true, characterData: true });
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? Math.min(tops.get(this) ?? 0, maxTop(this)) : 0;
    },
    set(this: HTMLElement, value: number) {
      if (isList(this)) tops.set(this, Math.max(0, Math.min(value, maxTop(this))));
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? Math.max(VIEW_HEIGHT, contentHeight(this)) : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? VIEW_HEIGHT : 0;
    },
  });
});

afterAll(() => {
  layoutOnChange.disconnect();
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  for (const name of ['scrollTop', 'scrollHeight', 'clientHeight'] as const) {
    delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    Object.defineProperty(Element.prototype, name, originals[name]);
  }
});

afterEach(async () => {
  await cleanupChat();
});

const list = () => screen.getByTestId('message-list');
const atEnd = () => list().scrollTop === maxTop(list()) && maxTop(list()) > 0;
const jumpButton = () => screen.queryByRole('button', { name: 'Jump to latest' });

async function send(text: string) {
  fireEvent.input(screen.getByTestId('composer-input'), { target: { value: text } });
  await act(async () => {
    fireEvent.keyDown(screen.getByTestId('composer-input'), { key: 'Enter' });
  });
}

/** What a user's wheel does: the intent first, then the browser moves the list and says so. */
function userScrollsTo(top: number) {
  fireEvent.wheel(list(), { deltaY: top - list().scrollTop });
  list().scrollTop = top;
  fireEvent.scroll(list());
}

/**
 * Streamed text reaching the list: the chat publishes answer text at most every other animation
 * frame, so two frames, each laid out as a browser does after its callbacks. Returns how much
 * taller the list's content became.
 */
function streamFrames(chat: ReturnType<typeof mountChat>): number {
  const before = maxTop(list());
  for (let frame = 0; frame < 2; frame += 1) {
    chat.frames.flush();
    layOut();
  }
  return maxTop(list()) - before;
}

const text = (value: string): AgentEvent => ({ type: 'text_delta', runId: 'r1', at: T0, text: value });
const answerStart: AgentEvent = { type: 'answer_start', runId: 'r1', at: T0 };

async function answer(chat: ReturnType<typeof mountChat>, index: number, words: string) {
  const run = chat.scripted.runs[index];
  run.emit(answerStart);
  run.emit(text(words));
  chat.frames.flush();
  await run.end();
}

describe('the message list follows the newest message', () => {
  it('is at its end after three questions and answers', async () => {
    const chat = mountChat();
    for (let index = 0; index < 3; index += 1) {
      await send(`Question ${index + 1}?`);
      await answer(chat, index, `Answer ${index + 1}. `.repeat(40));
    }
    expect(screen.getAllByTestId('message-assistant')).toHaveLength(3);
    expect(maxTop(list())).toBeGreaterThan(VIEW_HEIGHT);
    expect(atEnd()).toBe(true);
    expect(jumpButton()).toBeNull();
  });

  it('stops following when the user scrolls up while an answer streams, and "Jump to latest" brings the end back', async () => {
    const chat = mountChat();
    await send('First question?');
    await answer(chat, 0, 'A long first answer. '.repeat(40));
    await send('Second question?');
    const run = chat.scripted.runs[1];
    run.emit(answerStart);
    run.emit(text('The second answer begins. '.repeat(10)));
    expect(streamFrames(chat)).toBeGreaterThan(200);
    expect(atEnd()).toBe(true);

    userScrollsTo(100);
    run.emit(text('More of the answer arrives. '.repeat(10)));
    expect(streamFrames(chat)).toBeGreaterThan(200);
    expect(list().scrollTop).toBe(100);
    const button = jumpButton();
    expect(button).not.toBeNull();
    expect(button!.tagName).toBe('BUTTON');

    // The button sits outside the log, so screen readers do not announce it as conversation.
    expect(list().contains(button)).toBe(false);
    button!.focus();
    expect(document.activeElement).toBe(button);
    act(() => {
      fireEvent.click(button!);
    });
    expect(atEnd()).toBe(true);
    expect(jumpButton()).toBeNull();
    expect(document.activeElement).toBe(list());

    run.emit(text('And the end of it. '.repeat(10)));
    expect(streamFrames(chat)).toBeGreaterThan(150);
    expect(atEnd()).toBe(true);
    await run.end();
  });

  it('follows again once the user scrolls back to the end by hand', async () => {
    const chat = mountChat();
    await send('First question?');
    await answer(chat, 0, 'A long first answer. '.repeat(40));
    await send('Second question?');
    const run = chat.scripted.runs[1];
    run.emit(answerStart);
    userScrollsTo(0);
    expect(jumpButton()).not.toBeNull();
    act(() => userScrollsTo(maxTop(list())));
    expect(jumpButton()).toBeNull();
    run.emit(text('Streaming on. '.repeat(20)));
    expect(streamFrames(chat)).toBeGreaterThan(200);
    expect(atEnd()).toBe(true);
    await run.end();
  });

  it('shows a question the user sends at the end, even when they had scrolled up', async () => {
    const chat = mountChat();
    await send('First question?');
    await answer(chat, 0, 'A long first answer. '.repeat(40));
    act(() => userScrollsTo(0));
    expect(jumpButton()).not.toBeNull();
    await send('Second question?');
    expect(atEnd()).toBe(true);
    expect(jumpButton()).toBeNull();
    await chat.scripted.runs[1].end();
  });

  it('opens a reopened long conversation at its end', async () => {
    const chat = mountChat();
    const builder = new ConversationBuilder();
    for (let turn = 1; turn <= 12; turn += 1) builder.user(`Question ${turn}?`).assistant(`Answer ${turn}. `.repeat(30));
    act(() => chat.controller.openConversation(builder.build()));
    // The newest 20 messages are rendered; the end of the last one is in view.
    expect(screen.getByTestId('show-earlier').textContent).toBe('Show earlier messages (4)');
    expect(atEnd()).toBe(true);
    expect(jumpButton()).toBeNull();

    // Another conversation opened from the history starts at its end too.
    act(() => userScrollsTo(0));
    const other = new ConversationBuilder().with({ id: 'gb-test-2' });
    for (let turn = 1; turn <= 8; turn += 1) other.user(`Other ${turn}?`, { id: `o${turn}q` }).assistant(`Other answer ${turn}. `.repeat(30), { id: `o${turn}a` });
    act(() => chat.controller.openConversation(other.build()));
    expect(screen.getAllByTestId('message-user')[0].textContent).toBe('Other 1?');
    expect(atEnd()).toBe(true);
    expect(jumpButton()).toBeNull();
  });
});
