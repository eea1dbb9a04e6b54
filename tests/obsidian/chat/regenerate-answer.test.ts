import { act, fireEvent, within } from '@testing-library/react/pure';
import { parseConversationNote, shownMessages } from '../../../src/conversation';
import { ConversationStore } from '../../../src/obsidian/notes/conversation-store';
import { openConversationNote } from '../../../src/obsidian/notes/open-conversation-note';
import { scenario } from '../../../tools/model-server';
import { chatViewPerTest, sendMessage, until } from '../../support/chat-view-harness';
import { chatRequests, messagesSent } from '../../support/wire-messages';

const views = chatViewPerTest();

const FOLDER = 'Glassbox/Conversations';
const QUESTION = 'How long do refunds take?';
const FIRST = 'Refunds take 14 days.';
const SECOND = 'Refunds are paid within two weeks of the return.';

// Regenerate (DESIGN.md 12.3, issue 28 item 6) in the real chat view on the fake host, saved by the
// real ConversationStore, the model the scripted server over HTTP through the openai SDK: each
// request gets the next scripted answer, so a regenerated answer differs from the first.
describe('Regenerate in the chat view', () => {
  async function regeneratedChat() {
    const answers = scenario()
      .turn((t) => t.text(FIRST))
      .turn((t) => t.text(SECOND))
      .turn((t) => t.text('Gift cards are not refunded.'))
      .selectTurnsBy('request');
    let store: ConversationStore | null = null;
    const opened = await views.open({ scenarios: { answers }, model: 'answers', tools: [], extra: { saver: { save: (conversation) => store!.save(conversation) } } });
    const { app } = opened;
    store = new ConversationStore({ vault: app.vault as never, metadataCache: app.metadataCache as never, folder: () => FOLDER });
    const root = opened.view.contentEl;
    const idle = () => !opened.view.controller.store.getState().running;
    const path = `${FOLDER}/How long do refunds take.md`;
    await sendMessage(root, QUESTION);
    await until(() => idle() && app.vault.readNow(path) !== null);
    await act(async () => fireEvent.click(within(root).getByTestId('answer-regenerate')));
    await until(() => idle() && (app.vault.readNow(path) ?? '').includes(SECOND));
    return { ...opened, root, path, idle };
  }

  const answerTexts = (root: HTMLElement) => Array.from(root.querySelectorAll('[data-testid="message-assistant"]')).map((element) => element.textContent ?? '');

  it('shows the new answer as "2 / 2" in place of the old, switches back with the arrow, and the note keeps both', async () => {
    const { root, app, path } = await regeneratedChat();
    // One answer on screen at a time, the new one, with its switcher.
    expect(answerTexts(root)).toHaveLength(1);
    expect(answerTexts(root)[0]).toContain(SECOND);
    expect(within(root).getByTestId('answer-version').textContent).toBe('2 / 2');
    expect(within(root).getByTestId('answer-version').getAttribute('aria-label')).toBe('Answer 2 of 2');
    expect(within(root).getByTestId('answer-next')).toHaveProperty('disabled', true);
    expect(within(root).getByTestId('message-list').querySelectorAll('[data-testid="message-user"]')).toHaveLength(1);

    await act(async () => fireEvent.click(within(root).getByTestId('answer-previous')));
    expect(answerTexts(root)[0]).toContain(FIRST);
    expect(answerTexts(root)[0]).not.toContain(SECOND);
    expect(within(root).getByTestId('answer-version').textContent).toBe('1 / 2');
    // The arrow keys work while the switcher has focus.
    await act(async () => fireEvent.keyDown(within(root).getByTestId('answer-next'), { key: 'ArrowRight' }));
    expect(within(root).getByTestId('answer-version').textContent).toBe('2 / 2');
    await act(async () => fireEvent.keyDown(within(root).getByTestId('answer-previous'), { key: 'ArrowLeft' }));
    expect(within(root).getByTestId('answer-version').textContent).toBe('1 / 2');
    await until(() => {
      const parsed = parseConversationNote(app.vault.readNow(path) ?? '');
      return parsed.ok && shownMessages(parsed.value.messages).at(-1)!.content.includes(FIRST);
    });

    // The note: the question once, then both answers, the second headed as regenerated.
    const text = app.vault.readNow(path) ?? '';
    expect(text.match(/^### 🧑 You/gm)).toHaveLength(1);
    expect(text).toMatch(/^### 🤖 Glassbox · /m);
    expect(text).toMatch(/^### 🤖 Glassbox \(regenerated\) · /m);
    expect(text.indexOf(FIRST)).toBeLessThan(text.indexOf(SECOND));
    const parsed = parseConversationNote(text);
    if (!parsed.ok) throw parsed.error;
    expect(parsed.value.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(parsed.value.messages[2].alternateOf).toBe(parsed.value.messages[1].id);
  });

  it('reopens the note with both answers and the arrows, showing the one chosen last', async () => {
    const { root, app, path, view } = await regeneratedChat();
    await act(async () => fireEvent.click(within(root).getByTestId('answer-previous')));
    await until(() => (app.vault.readNow(path) ?? '').includes('"shownAt"'));

    await act(async () => {
      view.controller.newChat();
      await Promise.resolve();
    });
    const restarted = new ConversationStore({ vault: app.vault as never, metadataCache: app.metadataCache as never, folder: () => FOLDER });
    await act(async () => {
      await openConversationNote({ store: restarted, target: view.controller, file: app.vault.getFileByPath(path) as never });
    });
    await until(() => within(root).queryByTestId('answer-version') !== null);
    expect(within(root).getByTestId('answer-version').textContent).toBe('1 / 2');
    expect(answerTexts(root)).toHaveLength(1);
    expect(answerTexts(root)[0]).toContain(FIRST);
    await act(async () => fireEvent.click(within(root).getByTestId('answer-next')));
    expect(answerTexts(root)[0]).toContain(SECOND);
    expect(within(root).getByTestId('answer-version').textContent).toBe('2 / 2');
  });

  it('continues from the answer shown: the next question\'s request holds that answer and not the other', async () => {
    const { root, server, idle } = await regeneratedChat();
    await act(async () => fireEvent.click(within(root).getByTestId('answer-previous')));
    const before = chatRequests(server).length;
    await sendMessage(root, 'And for gift cards?');
    await until(() => idle() && root.textContent.includes('Gift cards are not refunded.'));
    const sent = messagesSent(chatRequests(server)[before]);
    const contents = sent.map((message) => message.content ?? '');
    expect(contents.filter((content) => content === QUESTION)).toHaveLength(1);
    expect(contents).toContain(FIRST);
    expect(contents.some((content) => content.includes(SECOND))).toBe(false);
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'And for gift cards?' });
    // The regenerated turn's switcher stays under its answer; the new answer has none.
    expect(within(root).getAllByTestId('answer-versions')).toHaveLength(1);
  });

  it('asks the same question again with the conversation before it, and offers Regenerate only on the last answer', async () => {
    const { root, server } = await regeneratedChat();
    const requests = chatRequests(server).map(messagesSent);
    // The first run and the regenerated one sent the same messages.
    expect(requests[1]).toEqual(requests[0]);
    expect(within(root).getAllByTestId('answer-regenerate')).toHaveLength(1);
  });
});
