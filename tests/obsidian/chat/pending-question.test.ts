import { act, fireEvent } from '@testing-library/react/pure';
import { type Conversation, parseConversationNote } from '../../../src/conversation';
import { parseAssistantContent } from '../../../src/markers';
import type { ReasoningPayload } from '../../../src/markers/reasoning-payload';
import { type ChatView, VIEW_TYPE_GLASSBOX_CHAT } from '../../../src/obsidian/chat/chat-view';
import { ConversationStore } from '../../../src/obsidian/notes/conversation-store';
import { openConversationNote } from '../../../src/obsidian/notes/open-conversation-note';
import type { App, TFile } from '../../../tools/fake-obsidian';
import { scenario } from '../../../tools/model-server';
import { chatViewPerTest, sendMessage, until } from '../../support/chat-view-harness';

const views = chatViewPerTest();

const FOLDER = 'Glassbox/Conversations';
const QUESTION = 'Which trip do you mean?';
const OPTIONS = ['Lisbon 2024', 'Kyoto 2025'];

// Turns are picked by the number of assistant messages in the request, so a continuation whose
// history carries the asking turn's two tool calls gets the answer turn, not the question again.
const trips = scenario()
  .selectTurnsBy('conversation')
  .turn((t) => t.toolCall('localSearch', { query: 'trip' }))
  .turn((t) => t.toolCall('request_input', { question: QUESTION, options: OPTIONS }))
  .turn((t) => t.text('Your Kyoto trip was in April 2025, see [[Kyoto]].'));

function readNote(app: App, path: string): Conversation {
  const parsed = parseConversationNote(app.vault.readNow(path) ?? '');
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

function payloadOf(content: string): ReasoningPayload {
  const reasoning = parseAssistantContent(content).reasoning;
  if (reasoning === null) throw new Error('no REASONING_BLOCK');
  return reasoning;
}

/** A chat view on the fake host whose turns go to a ConversationStore on its vault; `restart` swaps the store as a reload would. */
async function openSavingChat() {
  let store: ConversationStore | null = null;
  const opened = await views.open({ scenarios: { trips }, model: 'trips', extra: { saver: { save: (conversation) => store!.save(conversation) } } });
  const { app } = opened;
  const newStore = () => new ConversationStore({ vault: app.vault as never, metadataCache: app.metadataCache as never, folder: () => FOLDER });
  store = newStore();
  const writes: string[] = [];
  app.vault.on('create', (file: TFile) => file.path.endsWith('.md') && writes.push(`create ${file.path}`));
  app.vault.on('modify', (file: TFile) => file.path.endsWith('.md') && writes.push(`modify ${file.path}`));
  return {
    app,
    view: opened.view,
    writes,
    restart: () => (store = newStore()),
  };
}

/** Closes the chat view and quits (the plugin's sessions stop their runs), and waits for the save of the stopped turn. */
async function closeView(app: App, view: ChatView, path: string): Promise<void> {
  await act(async () => {
    view.leaf.detach();
    views.current.sessions.dispose();
    await Promise.resolve();
  });
  await until(() => readNote(app, path).messages[1].transcript !== undefined);
}

/** Opens a fresh chat view in a new leaf and shows the note in it, read by a new store (a restart). */
async function reopenInFreshView(app: App, store: ConversationStore, path: string): Promise<ChatView> {
  const leaf = app.workspace.getRightLeaf(false)!;
  await act(async () => {
    await leaf.setViewState({ type: VIEW_TYPE_GLASSBOX_CHAT, active: true });
  });
  const fresh = leaf.view as unknown as ChatView;
  await act(async () => {
    await openConversationNote({ store, target: fresh.controller, file: app.vault.getFileByPath(path) as never });
  });
  return fresh;
}

const card = (root: HTMLElement) => root.querySelector<HTMLElement>('[data-testid="input-request-card"]');

describe('a question the run asked, saved in the note (issue 7)', () => {
  it('is saved when the run pauses, survives closing the view, and is answered after reopening: the answer is the next turn, the run continues', async () => {
    const chat = await openSavingChat();
    const root = chat.view.contentEl;
    await sendMessage(root, 'When was my trip?');
    await until(() => card(root) !== null && chat.writes.length === 1 && chat.view.notePath !== '');
    const path = chat.view.notePath;
    expect(chat.writes).toEqual([`create ${path}`]);

    // Saved at the pause: the question and the awaiting block are in the note.
    let note = readNote(chat.app, path);
    expect(note.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(note.messages[1].pendingInput).toMatchObject({ question: QUESTION, options: OPTIONS });
    expect(typeof note.messages[1].pendingInput?.requestId).toBe('string');
    expect(typeof note.messages[1].pendingInput?.askedAt).toBe('number');
    expect(payloadOf(note.messages[1].content).status).toBe('awaiting_input');

    // Closing the view stops the run; the note keeps the question and gains the turn's transcript.
    await closeView(chat.app, chat.view, path);
    note = readNote(chat.app, path);
    expect(note.messages[1].pendingInput?.question).toBe(QUESTION);
    expect(payloadOf(note.messages[1].content).status).toBe('awaiting_input');
    expect(note.messages[1].transcript?.some((message) => message.role === 'assistant' && message.toolCalls?.some((call) => call.name === 'request_input'))).toBe(true);

    // The fresh view shows the question card again, with its options.
    const fresh = await reopenInFreshView(chat.app, chat.restart(), path);
    expect(fresh).not.toBe(chat.view);
    const freshRoot = fresh.contentEl;
    await until(() => card(freshRoot) !== null);
    expect(freshRoot.querySelector('[data-testid="input-request-question"]')?.textContent).toBe(QUESTION);
    const buttons = Array.from(card(freshRoot)!.querySelectorAll('.glassbox-input-options button')).map((button) => button.textContent);
    expect(buttons).toEqual(OPTIONS);

    const requestsBefore = views.current.server.requests.length;
    chat.writes.length = 0;
    await act(async () => {
      Array.from(card(freshRoot)!.querySelectorAll<HTMLButtonElement>('.glassbox-input-options button')).find((button) => button.textContent === 'Kyoto 2025')!.click();
      await Promise.resolve();
    });
    await until(() => !fresh.controller.store.getState().running && freshRoot.textContent.includes('April 2025') && chat.writes.length === 1);
    expect(card(freshRoot)).toBeNull();
    expect(chat.writes).toEqual([`modify ${path}`]);

    // The model got a valid transcript: every tool call answered, the question's with the user's answer.
    const continued = views.current.server.requests.slice(requestsBefore).find((request) => request.path.endsWith('/chat/completions'));
    const wire = (continued?.body as { messages: { role: string; content?: string; tool_call_id?: string; tool_calls?: { id: string; function: { name: string } }[] }[] }).messages;
    const callIds = wire.flatMap((message) => message.tool_calls?.map((call) => call.id) ?? []);
    const resultIds = wire.filter((message) => message.role === 'tool').map((message) => message.tool_call_id);
    expect(callIds.length).toBe(2);
    expect(resultIds.sort()).toEqual([...callIds].sort());
    const askCall = wire.flatMap((message) => message.tool_calls ?? []).find((call) => call.function.name === 'request_input')!;
    expect(wire.find((message) => message.tool_call_id === askCall.id)?.content).toBe('The user answered: Kyoto 2025');
    expect(wire[wire.length - 1]).toMatchObject({ role: 'user', content: 'Kyoto 2025' });

    // Saved once at the end of the new turn: the question closed, the input step showing the answer.
    note = readNote(chat.app, path);
    expect(note.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(note.messages[1].pendingInput).toBeUndefined();
    const asked = payloadOf(note.messages[1].content);
    expect(asked.status).toBe('complete');
    expect(asked.steps.find((step) => step.kind === 'input')).toMatchObject({ summary: `Asked: ${QUESTION}`, detail: 'Answer: Kyoto 2025' });
    expect(asked).not.toHaveProperty('pauseStartedAt');
    expect(note.messages[2].content).toBe('Kyoto 2025');
    expect(note.messages[3].content).toContain('Your Kyoto trip was in April 2025');
    expect(payloadOf(note.messages[3].content).status).toBe('complete');
    expect(note.messages[3].pendingInput).toBeUndefined();

    await act(async () => {
      fresh.leaf.detach();
      await Promise.resolve();
    });
  });

  it('dismissing a reopened question closes it and saves, without a new run', async () => {
    const chat = await openSavingChat();
    const root = chat.view.contentEl;
    await sendMessage(root, 'When was my trip?');
    await until(() => card(root) !== null && chat.view.notePath !== '');
    const path = chat.view.notePath;
    await closeView(chat.app, chat.view, path);
    const fresh = await reopenInFreshView(chat.app, chat.restart(), path);
    await until(() => card(fresh.contentEl) !== null);
    const requestsBefore = views.current.server.requests.length;
    chat.writes.length = 0;

    await act(async () => {
      fresh.contentEl.querySelector<HTMLElement>('[data-testid="input-request-dismiss"]')!.click();
      await Promise.resolve();
    });
    await until(() => chat.writes.length === 1);
    expect(card(fresh.contentEl)).toBeNull();
    const note = readNote(chat.app, path);
    expect(note.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(note.messages[1].pendingInput).toBeUndefined();
    expect(payloadOf(note.messages[1].content).steps.find((step) => step.kind === 'input')?.detail).toBe('Dismissed');
    expect(views.current.server.requests.length).toBe(requestsBefore);
    expect(fresh.controller.store.getState().running).toBe(false);
    await act(async () => {
      fresh.leaf.detach();
      await Promise.resolve();
    });
  });

  it('answered live, the question is cleared by the end-of-turn save (two writes in all)', async () => {
    const chat = await openSavingChat();
    const root = chat.view.contentEl;
    await sendMessage(root, 'When was my trip?');
    await until(() => card(root) !== null && chat.writes.length === 1);
    await act(async () => {
      fireEvent.click(Array.from(card(root)!.querySelectorAll<HTMLButtonElement>('.glassbox-input-options button'))[1]);
      await Promise.resolve();
    });
    await until(() => !chat.view.controller.store.getState().running && chat.writes.length === 2);
    const path = chat.view.notePath;
    expect(chat.writes).toEqual([`create ${path}`, `modify ${path}`]);
    const note = readNote(chat.app, path);
    expect(note.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(note.messages[1].pendingInput).toBeUndefined();
    expect(note.messages[1].content).toContain('April 2025');
    const payload = payloadOf(note.messages[1].content);
    expect(payload.status).toBe('complete');
    expect(payload.steps.find((step) => step.kind === 'input')?.detail).toBe('Answer: Kyoto 2025');
  });
});
